//! Queries on `directory`: which client owns a globally addressable id.

use super::Platform;
use crate::error::Result;
use domain::ids::ClientId;

/// The client that owns `id` of this kind ("form", "guest", "datasource", ...), if any.
pub async fn client_of(db: &Platform, kind: &str, id: &str) -> Result<Option<ClientId>> {
    let client: Option<String> =
        sqlx::query_scalar("SELECT client_id FROM directory WHERE id = ?1 AND kind = ?2")
            .bind(id)
            .bind(kind)
            .fetch_optional(db.pool())
            .await?;
    Ok(client.map(ClientId::from_trusted))
}

/// Records that `id` of this kind belongs to `client`.
pub async fn register(db: &Platform, kind: &str, id: &str, client: &ClientId) -> Result<()> {
    sqlx::query("INSERT INTO directory (id, kind, client_id) VALUES (?1, ?2, ?3) ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, client_id = excluded.client_id")
        .bind(id)
        .bind(kind)
        .bind(client.as_str())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Forgets an id (a guest link that was switched off or replaced, a deleted folder).
pub async fn remove(db: &Platform, kind: &str, id: &str) -> Result<()> {
    sqlx::query("DELETE FROM directory WHERE id = ?1 AND kind = ?2")
        .bind(id)
        .bind(kind)
        .execute(db.pool())
        .await?;
    Ok(())
}
