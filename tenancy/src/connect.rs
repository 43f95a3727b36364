//! The one way eform opens a SQLite database.

use crate::error::Result;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::path::Path;
use std::time::Duration;

/// How a database is opened.
#[derive(Debug, Clone, Copy)]
pub struct ConnectOptions {
    /// Create the file when it does not exist (platform DB, client creation, import).
    pub create: bool,
    /// Connections kept at most; tenants get few because hundreds may be open at once.
    pub max_connections: u32,
    /// Overwrite what is deleted (the platform: a removed client's rows must not linger in
    /// free pages).
    pub secure_delete: bool,
}

/// Opens a pool with the settings every eform database needs, in this order:
/// busy_timeout first (so no statement fails on a lock while another writer commits),
/// WAL (readers never block the writer), foreign keys on, and synchronous=FULL so an
/// acknowledged write survives a power cut — a lost registration is a lost day of work.
pub async fn connect(path: &Path, options: ConnectOptions) -> Result<SqlitePool> {
    let (pool, connect) = settings(path, options);
    Ok(pool.connect_with(connect).await?)
}

/// [`connect`] without a connection yet: the first query opens one. A tenant is opened and
/// checked on its writer's connection ([`open_direct`]), and a send needs no other.
pub fn connect_lazy(path: &Path, options: ConnectOptions) -> SqlitePool {
    let (pool, connect) = settings(path, options);
    pool.connect_lazy_with(connect)
}

fn settings(path: &Path, options: ConnectOptions) -> (SqlitePoolOptions, SqliteConnectOptions) {
    configure_sqlite();
    let connect = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(options.create)
        .busy_timeout(BUSY_TIMEOUT)
        .journal_mode(SqliteJournalMode::Wal)
        .foreign_keys(true)
        .synchronous(SqliteSynchronous::Full)
        .pragma(
            "secure_delete",
            if options.secure_delete { "ON" } else { "OFF" },
        )
        // Any limit at all makes the last connection to close truncate the WAL file it keeps
        // (`keep_wal_files`) to nothing, so the next open has no old frames to recover; a
        // running database only cuts its WAL back when it grew past this.
        .pragma("journal_size_limit", WAL_SIZE_LIMIT.to_string());
    let pool = SqlitePoolOptions::new()
        .max_connections(options.max_connections)
        .min_connections(0)
        .idle_timeout(Duration::from_secs(300))
        // A ping asks the connection's own thread whether it is alive, which it is as long
        // as the handle is: a local file has no far end to lose. Skipping it saves a round
        // trip to that thread whenever an idle connection is taken.
        .test_before_acquire(false);
    (pool, connect)
}

/// Opens an existing tenant file for its group-commit writer, which talks to SQLite itself
/// (rusqlite, on the library sqlx links) with the settings [`connect`] gives sqlx's
/// connections, in the same order.
pub(crate) fn open_direct(path: &Path) -> Result<rusqlite::Connection> {
    configure_sqlite();
    let db = rusqlite::Connection::open_with_flags(
        path,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    db.busy_timeout(BUSY_TIMEOUT)?;
    // The writer prepares each of its statements once per connection; they are about 20,
    // more than rusqlite keeps by default (16), which would prepare some again every batch.
    db.set_prepared_statement_cache_capacity(32);
    db.execute_batch(&format!(
        "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL; PRAGMA secure_delete = OFF; PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}"
    ))?;
    Ok(db)
}

/// How long a statement waits for another connection's write lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Sets SQLite up once, before the process's first connection: no allocation statistics, and
/// every connection keeping its WAL files ([`keep_wal_files`]).
///
/// SQLite keeps allocation statistics by default behind one process-wide mutex that every
/// allocation and free of every connection takes, with a size look-up each time; nothing in
/// eform reads them. With many tenants open and reopened under load (each open parses the
/// whole schema, thousands of allocations) that mutex and look-up were about a twentieth of
/// the samples, and the connections' threads waited on each other for the mutex.
fn configure_sqlite() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: sqlite3_config may only run before SQLite is initialised and while no other
        // thread uses SQLite; every connection eform makes goes through `connect`, which runs
        // this before its first. Called later, SQLite refuses with SQLITE_MISUSE and changes
        // nothing, which is only slower.
        let code = unsafe {
            libsqlite3_sys::sqlite3_config(
                libsqlite3_sys::SQLITE_CONFIG_MEMSTATUS,
                std::ffi::c_int::from(0u8),
            )
        };
        if code != libsqlite3_sys::SQLITE_OK {
            tracing::warn!(
                code,
                "SQLite was in use before its allocation statistics could be turned off"
            );
        }
        // SAFETY: registers a function with the signature SQLite calls it with; it lives as
        // long as the process.
        let code = unsafe { libsqlite3_sys::sqlite3_auto_extension(Some(keep_wal_files)) };
        if code != libsqlite3_sys::SQLITE_OK {
            tracing::warn!(code, "SQLite did not take the setting that keeps WAL files");
        }
    });
}

/// Bytes a WAL file may keep after a checkpoint reset it.
const WAL_SIZE_LIMIT: i64 = 64 << 20;

/// Keeps the WAL and shared-memory files when the last connection closes (SQLite's
/// `SQLITE_FCNTL_PERSIST_WAL`): by default it deletes both, and the next open creates them
/// again. A tenant that falls out of the pool cache is closed and opened again under load,
/// and creating two files is the largest part of an open (a quarter of it in the profile,
/// ext4 looking for a free inode).
///
/// SQLite runs this inside every open of the process (an automatic extension), on the
/// connection's own thread: sqlx has no option for this file control, and setting it from
/// outside took a round trip to that thread and back for every new connection, which made
/// a reopened tenant's send cost a quarter more (decision 026).
unsafe extern "C" fn keep_wal_files(
    db: *mut libsqlite3_sys::sqlite3,
    _error: *mut *mut std::ffi::c_char,
    _api: *const libsqlite3_sys::sqlite3_api_routines,
) -> std::ffi::c_int {
    let mut on: std::ffi::c_int = 1;
    // SAFETY: SQLite hands over the connection it is opening, with its main file open; it
    // only reads and writes `on`, which outlives the call. A database without a file (in
    // memory) answers SQLITE_NOTFOUND, which leaves it as it is: it has no WAL to keep, so
    // its open goes on.
    unsafe {
        libsqlite3_sys::sqlite3_file_control(
            db,
            c"main".as_ptr(),
            libsqlite3_sys::SQLITE_FCNTL_PERSIST_WAL,
            (&raw mut on).cast(),
        );
    }
    libsqlite3_sys::SQLITE_OK
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SQLite keeps no allocation statistics once eform has connected: its memory counter,
    /// which it only keeps with them, stays at zero while a connection allocates.
    #[tokio::test]
    async fn sqlite_keeps_no_allocation_statistics() -> Result<()> {
        let dir = tempfile::tempdir()?;
        let options = ConnectOptions {
            create: true,
            max_connections: 1,
            secure_delete: false,
        };
        let pool = connect(&dir.path().join("t.db"), options).await?;
        sqlx::query("CREATE TABLE t (v TEXT)")
            .execute(&pool)
            .await?;
        // SAFETY: a plain read of SQLite's counter; it takes no arguments.
        let used = unsafe { libsqlite3_sys::sqlite3_memory_used() };
        assert_eq!(used, 0);
        Ok(())
    }

    /// Closed cleanly, a database leaves its WAL file behind, empty (everything checkpointed
    /// into the database), and opens again with what was written.
    #[tokio::test]
    async fn a_closed_database_keeps_an_empty_wal_file() -> Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("t.db");
        let options = ConnectOptions {
            create: true,
            max_connections: 2,
            secure_delete: false,
        };
        let pool = connect(&path, options).await?;
        sqlx::query("CREATE TABLE t (v TEXT)")
            .execute(&pool)
            .await?;
        sqlx::query("INSERT INTO t VALUES ('bewaard')")
            .execute(&pool)
            .await?;
        pool.close().await;
        let wal = std::fs::metadata(dir.path().join("t.db-wal"))?;
        assert_eq!(wal.len(), 0);
        assert!(dir.path().join("t.db-shm").is_file());
        let pool = connect(&path, options).await?;
        let kept: String = sqlx::query_scalar("SELECT v FROM t")
            .fetch_one(&pool)
            .await?;
        assert_eq!(kept, "bewaard");
        Ok(())
    }
}
