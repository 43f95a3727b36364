//! Queries on `api_tokens`: issue, resolve, revoke.

use super::Platform;
use crate::error::Result;
use crate::now;
use crate::secrets::{new_token, token_hash};
use domain::ids::UserId;

/// An api key lives this long after its last use; field users who are offline for weeks
/// must still be able to sync when they come back.
pub const LIFETIME_SECS: i64 = 60 * 24 * 3600;
/// Sliding expiry is written at most this often, so reads do not turn into writes.
const TOUCH_EVERY_SECS: i64 = 3600;

/// Issues a new api key for the user; only its hash is stored.
pub async fn issue(db: &Platform, user: &UserId) -> Result<String> {
    let token = new_token();
    let at = now();
    sqlx::query(
        "INSERT INTO api_tokens (token_hash, user_id, created_at, last_used_at, expires_at) VALUES (?1, ?2, ?3, ?3, ?4)",
    )
    .bind(token_hash(&token))
    .bind(user.as_str())
    .bind(at)
    .bind(at + LIFETIME_SECS)
    .execute(db.pool())
    .await?;
    Ok(token)
}

/// The user behind a live (unrevoked, unexpired) api key; extends its life when due.
pub async fn resolve(db: &Platform, token: &str) -> Result<Option<UserId>> {
    let hash = token_hash(token);
    let at = now();
    let row: Option<(String, i64)> = sqlx::query_as(
        "SELECT t.user_id, t.last_used_at FROM api_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = ?1 AND t.revoked_at IS NULL AND t.expires_at > ?2 AND u.blocked = 0",
    )
    .bind(&hash)
    .bind(at)
    .fetch_optional(db.pool())
    .await?;
    let Some((user_id, last_used_at)) = row else {
        return Ok(None);
    };
    if at - last_used_at >= TOUCH_EVERY_SECS {
        sqlx::query(
            "UPDATE api_tokens SET last_used_at = ?2, expires_at = ?3 WHERE token_hash = ?1",
        )
        .bind(&hash)
        .bind(at)
        .bind(at + LIFETIME_SECS)
        .execute(db.pool())
        .await?;
    }
    Ok(Some(UserId::from_trusted(user_id)))
}

/// Revokes one api key (logout).
pub async fn revoke(db: &Platform, token: &str) -> Result<()> {
    sqlx::query(
        "UPDATE api_tokens SET revoked_at = ?2 WHERE token_hash = ?1 AND revoked_at IS NULL",
    )
    .bind(token_hash(token))
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}
