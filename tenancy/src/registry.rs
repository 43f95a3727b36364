//! The registry of open tenant databases: at most `cap` pools stay open (least recently
//! used are dropped), a closed tenant is reopened on demand, and pending migrations run
//! before a tenant is handed out.

use crate::connect::{ConnectOptions, connect, connect_lazy, open_direct};
use crate::error::{Result, TenancyError};
use crate::tenant::meta;
use crate::writer::{self, Writer};
use domain::ids::ClientId;
use lru::LruCache;
use sqlx::pool::PoolConnection;
use sqlx::{Sqlite, SqlitePool};
use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;
use tokio::sync::OnceCell;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/tenant");

/// Default number of tenant pools kept open.
pub const DEFAULT_CAP: usize = 256;

/// Name of a client's folder of finished exports.
pub const EXPORTS: &str = "exports";

/// Handle to one client's database and files. The only road to tenant data: the query
/// modules under `tenant` take it, and the HTTP layer hands it out only after checking
/// membership and permission.
#[derive(Debug, Clone)]
pub struct TenantDb {
    client: ClientId,
    pool: SqlitePool,
    writer: Writer,
    dir: PathBuf,
}

impl TenantDb {
    /// The client this handle belongs to.
    pub fn client_id(&self) -> &ClientId {
        &self.client
    }

    /// The client's files folder (`data/tenants/<uuid>/files`).
    pub fn files_dir(&self) -> PathBuf {
        self.dir.join("files")
    }

    /// The client's folder of what notification e-mails carried, one folder per delivery
    /// (`data/tenants/<uuid>/mails/<delivery id>`), kept for download-emails.
    pub fn mails_dir(&self) -> PathBuf {
        self.dir.join("mails")
    }

    /// The client's folder of finished exports (`data/tenants/<uuid>/exports`); a batch's
    /// result names a file relative to the client's folder (`exports/<name>`).
    pub fn exports_dir(&self) -> PathBuf {
        self.dir.join(EXPORTS)
    }

    /// A batch result (relative to the client's folder) as a path; None for a result that
    /// would lead outside the exports folder.
    pub fn result_path(&self, result: &str) -> Option<PathBuf> {
        let name = result.strip_prefix(EXPORTS)?.strip_prefix('/')?;
        let plain = !name.is_empty() && !name.contains(['/', '\\']) && !name.starts_with('.');
        plain.then(|| self.exports_dir().join(name))
    }

    /// The group-commit writer for durable sends.
    pub fn writer(&self) -> &Writer {
        &self.writer
    }

    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

/// An open tenant: its pool and the writer task that shares it.
#[derive(Debug)]
struct Open {
    pool: SqlitePool,
    writer: Writer,
}

type Slot = Arc<OnceCell<Open>>;

/// Opens tenant databases and keeps the most recently used ones open.
#[derive(Debug)]
pub struct TenantRegistry {
    root: PathBuf,
    open: Mutex<LruCache<ClientId, Slot>>,
    /// The file each client's last open checked (migrations and owner). A tenant that fell
    /// out of the cache and opens again with the same file needs no check: its migrations
    /// ran here and its claim was read here. The check was a statement of its own before
    /// the caller's first, two hand-offs to the connection's thread out of the five a
    /// read-first open made (`ops/bench` `tenant_open`).
    checked: Mutex<HashMap<ClientId, FileId>>,
}

impl TenantRegistry {
    /// A registry over `data_dir/tenants` keeping at most `cap` pools open.
    pub fn new(data_dir: &Path, cap: usize) -> TenantRegistry {
        let cap = NonZeroUsize::new(cap).unwrap_or(NonZeroUsize::MIN);
        TenantRegistry {
            root: data_dir.join("tenants"),
            open: Mutex::new(LruCache::new(cap)),
            checked: Mutex::new(HashMap::new()),
        }
    }

    /// The folder holding every client's folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Where uploaded snapshots wait for their restore (`data/tenants/.uploads`); a dot
    /// folder, so it can never be taken for a client's.
    pub fn uploads_dir(&self) -> PathBuf {
        self.root.join(".uploads")
    }

    /// The folder of a client.
    pub fn tenant_dir(&self, client: &ClientId) -> PathBuf {
        self.root.join(client.as_str())
    }

    /// Number of pools open now (exported as a metric).
    pub fn open_count(&self) -> usize {
        self.open.lock().map(|cache| cache.len()).unwrap_or(0)
    }

    /// Creates the folder and database of a new client and migrates it.
    pub async fn create(&self, client: &ClientId) -> Result<TenantDb> {
        let dir = self.tenant_dir(client);
        std::fs::create_dir_all(dir.join("files"))?;
        let (pool, mut conn, _) = open_migrated(&dir, true).await?;
        meta::claim(&mut conn, client).await?;
        drop(conn);
        pool.close().await;
        self.open(client).await
    }

    /// The tenant's handle, opening and migrating its database when it is not open.
    /// Concurrent callers for the same closed tenant share one open. A closed tenant is
    /// opened and checked on a pooled connection, which the caller's reads go on with; the
    /// writer opens its own at its first job. A tenant whose file this registry checked
    /// before is not checked again: its first connection opens at the caller's first job.
    pub async fn open(&self, client: &ClientId) -> Result<TenantDb> {
        self.open_first(client, First::Pool).await
    }

    /// [`TenantRegistry::open`] for a caller on one form: a closed tenant is opened and
    /// checked on the writer's connection, where the form a send is checked against is read
    /// ([`crate::tenant::forms::find_for_send`]) and the send is written, so a tenant that
    /// only receives sends needs no pooled connection. Each connection costs a parse of the
    /// whole schema when it opens; this way an open makes one, whichever comes first. A file
    /// checked before opens as in [`TenantRegistry::open`], with no connection: the writer's
    /// first job (the form's read) opens its own.
    pub async fn open_for_form(&self, client: &ClientId) -> Result<TenantDb> {
        self.open_first(client, First::Writer).await
    }

    async fn open_first(&self, client: &ClientId, first: First) -> Result<TenantDb> {
        let slot = self.slot(client);
        let dir = self.tenant_dir(client);
        let opened = slot
            .get_or_try_init(|| async {
                let file = dir.join("tenant.db");
                let found = match std::fs::metadata(&file) {
                    Ok(meta) if meta.is_file() => FileId::of(&meta),
                    _ => return Err(TenancyError::UnknownClient(client.to_string())),
                };
                let pool = connect_lazy(&file, TENANT_POOL);
                if found.is_some() && self.checked_file(client) == found {
                    // Whichever connection comes first opens at the caller's first job.
                    let writer = Writer::new(&file, None);
                    return Ok(Open { pool, writer });
                }
                let (conn, version, owner) = match first {
                    First::Pool => {
                        let mut conn = pool.acquire().await?;
                        let (version, owner): (i64, Option<String>) =
                            sqlx::query_as(CHECK_SQL).fetch_one(&mut *conn).await?;
                        // Idle again before the caller's first query. Dropped, the connection
                        // would go back by a task of its own (sqlx asks its thread first
                        // whether it is alive), and a query meanwhile finds none idle and
                        // opens a second one, with its own parse of the schema: the first
                        // read of a closed tenant took two opens. sqlx keeps this method out
                        // of its documentation; if it goes, the build says so.
                        conn.return_to_pool().await;
                        (None, version, owner)
                    }
                    // On a blocking thread, as the writer's batches run.
                    First::Writer => {
                        let path = file.clone();
                        let (conn, version, owner) =
                            tokio::task::spawn_blocking(move || check(&path))
                                .await
                                .map_err(|err| TenancyError::Io(std::io::Error::other(err)))??;
                        (Some(writer::Conn::new(conn)), version, owner)
                    }
                };
                meta::check(owner.as_deref(), client)?;
                if version != migration_count() {
                    migrate(&pool).await?;
                }
                if let Some(found) = found {
                    self.lock_checked().insert(client.clone(), found);
                }
                let writer = Writer::new(&file, conn);
                Ok(Open { pool, writer })
            })
            .await;
        match opened {
            Ok(open) => Ok(TenantDb {
                client: client.clone(),
                pool: open.pool.clone(),
                writer: open.writer.clone(),
                dir,
            }),
            Err(err) => {
                self.forget(client);
                Err(err)
            }
        }
    }

    /// Drops a tenant's pool from the registry (before its files are replaced or removed),
    /// and its check: the next open checks the file again. Handles already given out keep
    /// working until they are dropped.
    pub fn forget(&self, client: &ClientId) {
        if let Ok(mut cache) = self.open.lock() {
            cache.pop(client);
        }
        self.lock_checked().remove(client);
    }

    /// The file the client's last open checked, if any.
    fn checked_file(&self, client: &ClientId) -> Option<FileId> {
        self.lock_checked().get(client).copied()
    }

    fn lock_checked(&self) -> std::sync::MutexGuard<'_, HashMap<ClientId, FileId>> {
        // Poisoned only by a panic elsewhere while holding it; a map of plain values stays
        // consistent.
        self.checked
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Erases a client's folder: its database with WAL, uploads, e-mail copies and exports.
    /// Idempotent. Handles still in use keep their open file until they are dropped; the
    /// pool is forgotten before and after, so no new one is opened on the old file.
    pub async fn remove(&self, client: &ClientId) -> Result<()> {
        self.forget(client);
        let dir = self.tenant_dir(client);
        match tokio::fs::remove_dir_all(&dir).await {
            Ok(()) => {}
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(err.into()),
        }
        self.forget(client);
        Ok(())
    }

    fn slot(&self, client: &ClientId) -> Slot {
        // A poisoned lock only means another thread panicked while holding it; the cache
        // itself is still consistent, so keep serving.
        let mut cache = self
            .open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // The evicted pool is dropped here; its connections close when the last
        // in-flight handle using it is dropped.
        cache
            .get_or_insert(client.clone(), || Arc::new(OnceCell::new()))
            .clone()
    }
}

/// Which file a path named when it was checked: device, inode and the time the file was
/// made. A file put in its place (a snapshot's restore, a copy by hand) is another file,
/// even when it gets a freed inode's number; writes and checkpoints leave these as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileId {
    device: u64,
    inode: u64,
    made: SystemTime,
}

impl FileId {
    /// None where the file system does not keep when a file was made: such a file is
    /// checked at every open.
    fn of(meta: &std::fs::Metadata) -> Option<FileId> {
        Some(FileId {
            device: meta.dev(),
            inode: meta.ino(),
            made: meta.created().ok()?,
        })
    }
}

/// Which connection a closed tenant is opened and checked on.
#[derive(Debug, Clone, Copy)]
enum First {
    Pool,
    Writer,
}

/// How a tenant's pool is opened: few connections, as hundreds of tenants may be open.
const TENANT_POOL: ConnectOptions = ConnectOptions {
    create: false,
    max_connections: 4,
    secure_delete: false,
};

/// The migrations a tenant file has applied, kept in `user_version` so an up-to-date tenant
/// opens without reading the migration table, and whose file it is. Every file eform made
/// has its claim table from the first migration on, so one statement reads both.
const CHECK_SQL: &str = "SELECT user_version, (SELECT value FROM tenant_meta WHERE key = 'client_id') FROM pragma_user_version";

/// The number of tenant migrations this build has.
fn migration_count() -> i64 {
    i64::try_from(MIGRATOR.iter().count()).unwrap_or(i64::MAX)
}

/// Opens a tenant file for its writer and answers its migration count and owner.
fn check(path: &Path) -> Result<(rusqlite::Connection, i64, Option<String>)> {
    let db = open_direct(path)?;
    let (version, owner) = db.query_row(CHECK_SQL, [], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok((db, version, owner))
}

/// Brings a tenant's schema up to date and records the count in `user_version`.
async fn migrate(pool: &SqlitePool) -> Result<()> {
    MIGRATOR.run(pool).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "PRAGMA user_version = {}",
        migration_count()
    )))
    .execute(pool)
    .await?;
    Ok(())
}

/// Opens a tenant database with the tenant settings and brings its schema up to date, on one
/// connection that the caller goes on with, and answers whose file it is (`None` for one
/// being created).
async fn open_migrated(
    dir: &Path,
    create: bool,
) -> Result<(SqlitePool, PoolConnection<Sqlite>, Option<String>)> {
    let pool = connect(
        &dir.join("tenant.db"),
        ConnectOptions {
            create,
            ..TENANT_POOL
        },
    )
    .await?;
    let mut conn = pool.acquire().await?;
    // Only a file being created has no tables yet.
    let (version, owner): (i64, Option<String>) = if create {
        (
            sqlx::query_scalar("PRAGMA user_version")
                .fetch_one(&mut *conn)
                .await?,
            None,
        )
    } else {
        sqlx::query_as(CHECK_SQL).fetch_one(&mut *conn).await?
    };
    if version != migration_count() {
        migrate(&pool).await?;
    }
    Ok((pool, conn, owner))
}

/// Migrates one tenant without keeping it open (`eform migrate`).
pub async fn migrate_dir(dir: &Path) -> Result<()> {
    let (pool, conn, _) = open_migrated(dir, false).await?;
    drop(conn);
    pool.close().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Opened for a form, a closed tenant is opened and checked on its writer's connection,
    /// which is all a send needs: the pool opens none until a read comes.
    #[tokio::test]
    async fn an_open_for_a_form_makes_no_pooled_connection() -> Result<()> {
        let (_dir, registry, client) = closed_tenant().await?;
        let db = registry.open_for_form(&client).await?;
        assert!(db.writer().is_connected());
        assert_eq!(db.pool().size(), 0);
        crate::tenant::credits::left(&db, false).await?;
        assert_eq!(db.pool().size(), 1);
        Ok(())
    }

    /// Opened for reads, a closed tenant is opened and checked on a pooled connection, and
    /// its writer opens its own only when a job comes.
    #[tokio::test]
    async fn an_open_for_reads_makes_no_writer_connection() -> Result<()> {
        let (_dir, registry, client) = closed_tenant().await?;
        let db = registry.open(&client).await?;
        assert_eq!(db.pool().size(), 1);
        assert!(!db.writer().is_connected());
        // The caller's first read goes on the connection the open checked on.
        crate::tenant::credits::left(&db, false).await?;
        assert_eq!(db.pool().size(), 1);
        // The writer's first job opens its connection.
        assert!(
            crate::tenant::forms::find_for_send(&db, "nergens")
                .await?
                .is_none()
        );
        Ok(())
    }

    /// A tenant that fell out of the cache opens again without a check while its file is the
    /// one checked; a file put in its place is checked, and another client's is refused.
    #[tokio::test]
    async fn a_reopened_tenant_is_checked_again_only_for_another_file() -> Result<()> {
        let dir = tempfile::tempdir()?;
        let registry = TenantRegistry::new(dir.path(), 1);
        let (first, second) = (
            ClientId::from_trusted(crate::new_id()),
            ClientId::from_trusted(crate::new_id()),
        );
        registry.create(&first).await?;
        registry.create(&second).await?;

        // Evicted by the second client's open, the first opens with no connection at all.
        let db = registry.open(&first).await?;
        assert_eq!(db.pool().size(), 0);
        assert!(!db.writer().is_connected());
        assert_eq!(crate::tenant::credits::left(&db, false).await?, 0);
        drop(db);

        // The second client's file in the first one's place: a new file, checked, refused.
        registry.open(&second).await?;
        let file = |client: &ClientId| registry.tenant_dir(client).join("tenant.db");
        let copy = registry.tenant_dir(&first).join("copy.db");
        std::fs::copy(file(&second), &copy)?;
        std::fs::rename(&copy, file(&first))?;
        let refused = registry.open_for_form(&first).await;
        assert!(
            matches!(refused, Err(TenancyError::MisplacedTenant { .. })),
            "{refused:?}"
        );
        Ok(())
    }

    async fn closed_tenant() -> Result<(tempfile::TempDir, TenantRegistry, ClientId)> {
        let dir = tempfile::tempdir()?;
        let client = ClientId::from_trusted(crate::new_id());
        let registry = TenantRegistry::new(dir.path(), 1);
        registry.create(&client).await?;
        registry.forget(&client);
        Ok((dir, registry, client))
    }
}
