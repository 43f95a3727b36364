//! Queries on `audit_log`: irreversible acts on a client, by whom and when.

use super::Platform;
use crate::error::Result;
use crate::now;
use domain::ids::ClientId;

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Entry {
    pub at: i64,
    pub actor: Option<String>,
    pub action: String,
    pub client_id: Option<String>,
    pub batch_id: Option<String>,
}

/// Records an act: `action` (e.g. 'client.remove.requested') by user `actor` on `client`.
pub async fn record(
    db: &Platform,
    actor: Option<&str>,
    action: &str,
    client: &ClientId,
    batch_id: Option<&str>,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO audit_log (at, actor, action, client_id, batch_id) VALUES (?1, ?2, ?3, ?4, ?5)",
    )
    .bind(now())
    .bind(actor)
    .bind(action)
    .bind(client.as_str())
    .bind(batch_id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The entries about a client, oldest first.
pub async fn of_client(db: &Platform, client: &ClientId) -> Result<Vec<Entry>> {
    Ok(sqlx::query_as(
        "SELECT at, actor, action, client_id, batch_id FROM audit_log WHERE client_id = ?1 ORDER BY id",
    )
    .bind(client.as_str())
    .fetch_all(db.pool())
    .await?)
}
