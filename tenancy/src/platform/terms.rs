//! Queries on `terms_users`: who must accept a client's terms and conditions.

use super::Platform;
use crate::error::Result;
use crate::now;
use domain::ids::{ClientId, UserId};

/// Records acceptance. A user who was not asked to accept is left alone.
pub async fn accept(db: &Platform, client: &ClientId, user: &UserId) -> Result<()> {
    sqlx::query("UPDATE terms_users SET accepted_at = ?3 WHERE client_id = ?1 AND user_id = ?2 AND accepted_at IS NULL")
        .bind(client.as_str())
        .bind(user.as_str())
        .bind(now())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Puts a user on the client's list of users who must accept its terms; an acceptance
/// already given stays (so seeding twice changes nothing).
pub async fn require(db: &Platform, client: &ClientId, user: &UserId) -> Result<()> {
    sqlx::query(
        "INSERT INTO terms_users (client_id, user_id, accepted_at) VALUES (?1, ?2, NULL)
         ON CONFLICT (client_id, user_id) DO NOTHING",
    )
    .bind(client.as_str())
    .bind(user.as_str())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// True while the user is on the client's list and has not accepted its terms yet.
pub async fn pending(db: &Platform, client: &ClientId, user: &UserId) -> Result<bool> {
    let pending: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM terms_users WHERE client_id = ?1 AND user_id = ?2 AND accepted_at IS NULL",
    )
    .bind(client.as_str())
    .bind(user.as_str())
    .fetch_optional(db.pool())
    .await?;
    Ok(pending.is_some())
}
