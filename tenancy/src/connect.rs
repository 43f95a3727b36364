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
    let connect = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(options.create)
        .busy_timeout(Duration::from_secs(10))
        .journal_mode(SqliteJournalMode::Wal)
        .foreign_keys(true)
        .synchronous(SqliteSynchronous::Full)
        .pragma(
            "secure_delete",
            if options.secure_delete { "ON" } else { "OFF" },
        );
    let pool = SqlitePoolOptions::new()
        .max_connections(options.max_connections)
        .min_connections(0)
        .idle_timeout(Duration::from_secs(300))
        .connect_with(connect)
        .await?;
    Ok(pool)
}
