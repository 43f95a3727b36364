//! The platform database: users, tokens, clients, memberships and the id directory.
//! One query module per table.

pub mod audit;
pub mod batches;
pub mod clients;
pub mod directory;
pub mod invites;
pub mod login_failures;
pub mod memberships;
pub mod notifications;
pub mod offers;
pub mod password_tokens;
pub mod purchases;
pub mod reports;
pub mod terms;
pub mod tokens;
pub mod users;

use crate::connect::{ConnectOptions, connect};
use crate::error::Result;
use sqlx::SqlitePool;
use std::path::Path;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/platform");

/// Handle to `data/platform.db`.
#[derive(Debug, Clone)]
pub struct Platform {
    pool: SqlitePool,
}

impl Platform {
    /// Opens (creating if needed) and migrates the platform database.
    pub async fn open(data_dir: &Path) -> Result<Platform> {
        std::fs::create_dir_all(data_dir)?;
        let pool = connect(
            &data_dir.join("platform.db"),
            ConnectOptions {
                create: true,
                max_connections: 8,
                secure_delete: true,
            },
        )
        .await?;
        MIGRATOR.run(&pool).await?;
        Ok(Platform { pool })
    }

    /// The pool, for the query modules of this crate.
    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// True when the database answers (readiness probe).
    pub async fn ping(&self) -> bool {
        sqlx::query_scalar::<_, i64>("SELECT 1")
            .fetch_one(&self.pool)
            .await
            .is_ok()
    }
}

/// Decodes a JSON list column (roles, modules) leniently: a damaged value reads as empty
/// rather than locking a user out of every call.
pub(crate) fn json_list(raw: &str) -> Vec<String> {
    serde_json::from_str(raw).unwrap_or_default()
}
