//! Queries on `server_notifications`.

use super::Platform;
use crate::error::Result;
use crate::now;

/// The newest active notification: (type, message).
pub async fn current(db: &Platform) -> Result<Option<(String, String)>> {
    Ok(sqlx::query_as(
        "SELECT type, message FROM server_notifications WHERE active = 1 ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .fetch_optional(db.pool())
    .await?)
}

/// Publishes a notification to every signed-in user; earlier ones are switched off.
pub async fn publish(db: &Platform, kind: &str, message: &str) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    sqlx::query("UPDATE server_notifications SET active = 0")
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO server_notifications (type, message, created_at) VALUES (?1, ?2, ?3)")
        .bind(kind)
        .bind(message)
        .bind(now())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Switches every notification off.
pub async fn clear(db: &Platform) -> Result<()> {
    sqlx::query("UPDATE server_notifications SET active = 0")
        .execute(db.pool())
        .await?;
    Ok(())
}
