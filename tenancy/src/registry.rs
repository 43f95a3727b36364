//! The registry of open tenant databases: at most `cap` pools stay open (least recently
//! used are dropped), a closed tenant is reopened on demand, and pending migrations run
//! before a tenant is handed out.

use crate::connect::{ConnectOptions, connect};
use crate::error::{Result, TenancyError};
use crate::tenant::meta;
use crate::writer::Writer;
use domain::ids::ClientId;
use lru::LruCache;
use sqlx::pool::PoolConnection;
use sqlx::{Sqlite, SqlitePool};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
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
}

impl TenantRegistry {
    /// A registry over `data_dir/tenants` keeping at most `cap` pools open.
    pub fn new(data_dir: &Path, cap: usize) -> TenantRegistry {
        let cap = NonZeroUsize::new(cap).unwrap_or(NonZeroUsize::MIN);
        TenantRegistry {
            root: data_dir.join("tenants"),
            open: Mutex::new(LruCache::new(cap)),
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
    /// Concurrent callers for the same closed tenant share one open.
    pub async fn open(&self, client: &ClientId) -> Result<TenantDb> {
        let slot = self.slot(client);
        let dir = self.tenant_dir(client);
        let opened = slot
            .get_or_try_init(|| async {
                if !dir.join("tenant.db").is_file() {
                    return Err(TenancyError::UnknownClient(client.to_string()));
                }
                let (pool, mut conn, owner) = open_migrated(&dir, false).await?;
                meta::check(owner.as_deref(), client)?;
                // Back in the pool before the caller's first query. Dropped, a connection
                // goes back in a task of its own after a round trip to its thread, and a
                // query in the meantime finds none idle and opens a second one: another
                // thread and another parse of the schema, which doubled the cost of an open.
                // This awaits sqlx's own way back (the one its drop spawns; hidden from its
                // docs, so a test below notices when it stops doing this).
                conn.return_to_pool().await;
                let writer = Writer::start(pool.clone());
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

    /// Drops a tenant's pool from the registry (before its files are replaced or removed).
    /// Handles already given out keep working until they are dropped.
    pub fn forget(&self, client: &ClientId) {
        if let Ok(mut cache) = self.open.lock() {
            cache.pop(client);
        }
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

/// Opens a tenant database with the tenant settings and brings its schema up to date, on one
/// connection that the caller goes on with, and answers whose file it is (`None` for one
/// being created). The applied migration count is kept in `user_version`, so an up-to-date
/// tenant opens without reading the migration table.
async fn open_migrated(
    dir: &Path,
    create: bool,
) -> Result<(SqlitePool, PoolConnection<Sqlite>, Option<String>)> {
    let pool = connect(
        &dir.join("tenant.db"),
        ConnectOptions {
            create,
            max_connections: 4,
            secure_delete: false,
        },
    )
    .await?;
    let mut conn = pool.acquire().await?;
    let expected = i64::try_from(MIGRATOR.iter().count()).unwrap_or(i64::MAX);
    // Every file eform made has its claim table from the first migration on, so an open reads
    // the migration count and the owner in one statement: each statement is a round trip to
    // the connection's thread, and an open is on the way of every send to a closed tenant.
    // Only a file being created has no tables yet.
    let (version, owner): (i64, Option<String>) = if create {
        (
            sqlx::query_scalar("PRAGMA user_version")
                .fetch_one(&mut *conn)
                .await?,
            None,
        )
    } else {
        sqlx::query_as(
            "SELECT user_version, (SELECT value FROM tenant_meta WHERE key = 'client_id') FROM pragma_user_version",
        )
        .fetch_one(&mut *conn)
        .await?
    };
    if version != expected {
        MIGRATOR.run(&pool).await?;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "PRAGMA user_version = {expected}"
        )))
        .execute(&mut *conn)
        .await?;
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

    /// A closed tenant's open and the query right after it share one connection: each
    /// connection costs a thread of its own and a parse of the whole schema.
    #[tokio::test]
    async fn an_open_and_the_first_query_after_it_share_one_connection() -> Result<()> {
        let dir = tempfile::tempdir()?;
        let client = ClientId::from_trusted(crate::new_id());
        let registry = TenantRegistry::new(dir.path(), 1);
        registry.create(&client).await?;
        registry.forget(&client);
        let db = registry.open(&client).await?;
        crate::tenant::credits::left(&db, false).await?;
        assert_eq!(db.pool().size(), 1);
        Ok(())
    }
}
