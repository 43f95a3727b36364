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

/// The users on a client's terms list, accepted or not.
pub async fn users(db: &Platform, client: &ClientId) -> Result<Vec<UserId>> {
    let ids: Vec<String> =
        sqlx::query_scalar("SELECT user_id FROM terms_users WHERE client_id = ?1 ORDER BY user_id")
            .bind(client.as_str())
            .fetch_all(db.pool())
            .await?;
    Ok(ids.into_iter().map(UserId::from_trusted).collect())
}

/// Makes `users` the client's terms list: those not on it are added (to accept), those
/// no longer named are taken off; an acceptance given stays.
pub async fn set_users(db: &Platform, client: &ClientId, users: &[UserId]) -> Result<()> {
    let ids: Vec<&str> = users.iter().map(UserId::as_str).collect();
    let ids = serde_json::to_string(&ids)?;
    let mut tx = db.pool().begin().await?;
    sqlx::query(
        "DELETE FROM terms_users WHERE client_id = ?1 AND user_id NOT IN (SELECT value FROM json_each(?2))",
    )
    .bind(client.as_str())
    .bind(&ids)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO terms_users (client_id, user_id, accepted_at) SELECT ?1, value, NULL FROM json_each(?2)
         WHERE true ON CONFLICT (client_id, user_id) DO NOTHING",
    )
    .bind(client.as_str())
    .bind(&ids)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}
