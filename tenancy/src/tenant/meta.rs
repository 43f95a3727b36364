//! Queries on `tenant_meta`: the file's owner, checked on every open.

use crate::error::{Result, TenancyError};
use domain::ids::ClientId;
use sqlx::SqliteConnection;

/// Stamps a new tenant database with its client id.
pub(crate) async fn claim(conn: &mut SqliteConnection, client: &ClientId) -> Result<()> {
    sqlx::query("INSERT OR IGNORE INTO tenant_meta (key, value) VALUES ('client_id', ?1)")
        .bind(client.as_str())
        .execute(&mut *conn)
        .await?;
    let owner: Option<String> =
        sqlx::query_scalar("SELECT value FROM tenant_meta WHERE key = 'client_id'")
            .fetch_optional(conn)
            .await?;
    check(owner.as_deref(), client)
}

/// Refuses a database that belongs to another client (`owner`, the claim found in the file)
/// than the folder it was found in.
pub(crate) fn check(owner: Option<&str>, client: &ClientId) -> Result<()> {
    match owner {
        Some(owner) if owner == client.as_str() => Ok(()),
        other => Err(TenancyError::MisplacedTenant {
            expected: client.to_string(),
            found: other.unwrap_or_default().to_owned(),
        }),
    }
}

/// The client's secret for signing webhook deliveries (made on first use, kept in the
/// client's own file so it goes wherever the client's data goes).
pub async fn webhook_secret(db: &crate::TenantDb) -> Result<String> {
    sqlx::query("INSERT OR IGNORE INTO tenant_meta (key, value) VALUES ('webhook_secret', ?1)")
        .bind(crate::secrets::new_token())
        .execute(db.pool())
        .await?;
    Ok(
        sqlx::query_scalar("SELECT value FROM tenant_meta WHERE key = 'webhook_secret'")
            .fetch_one(db.pool())
            .await?,
    )
}
