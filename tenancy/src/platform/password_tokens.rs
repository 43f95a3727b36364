//! Queries on `password_tokens`: one-time links to set a password.

use super::Platform;
use crate::error::Result;
use crate::now;
use crate::secrets::{new_token, token_hash};
use domain::ids::UserId;

/// Why a link was made; welcome links live longer than reset links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Reset,
    Welcome,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Reset => "reset",
            Purpose::Welcome => "welcome",
        }
    }

    fn lifetime_secs(self) -> i64 {
        match self {
            Purpose::Reset => 24 * 3600,
            Purpose::Welcome => 7 * 24 * 3600,
        }
    }
}

/// Creates a one-time token for the user and returns it (only its hash is stored).
pub async fn issue(db: &Platform, user: &UserId, purpose: Purpose) -> Result<String> {
    let token = new_token();
    let at = now();
    sqlx::query(
        "INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )
    .bind(token_hash(&token))
    .bind(user.as_str())
    .bind(purpose.as_str())
    .bind(at)
    .bind(at + purpose.lifetime_secs())
    .execute(db.pool())
    .await?;
    Ok(token)
}

/// The user a token would set the password of: None when it is unknown, used or expired.
/// Lets a caller refuse a bad link before doing expensive work (hashing the new password).
pub async fn holder(db: &Platform, token: &str) -> Result<Option<UserId>> {
    let user: Option<String> = sqlx::query_scalar(
        "SELECT user_id FROM password_tokens WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2",
    )
    .bind(token_hash(token))
    .bind(now())
    .fetch_optional(db.pool())
    .await?;
    Ok(user.map(UserId::from_trusted))
}

/// How many links of this purpose were made for the user since `since` (epoch seconds).
pub async fn issued_since(
    db: &Platform,
    user: &UserId,
    purpose: Purpose,
    since: i64,
) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM password_tokens WHERE user_id = ?1 AND purpose = ?2 AND created_at > ?3",
    )
    .bind(user.as_str())
    .bind(purpose.as_str())
    .bind(since)
    .fetch_one(db.pool())
    .await?)
}

/// Sets a new password through a token: marks it and every other open link of the user
/// used (a link mailed earlier must not work after the password was set), stores the hash
/// and revokes every api key of the user, all in one transaction. None when the token is
/// unknown, used or expired.
pub async fn redeem(db: &Platform, token: &str, password_hash: &str) -> Result<Option<UserId>> {
    let at = now();
    let mut tx = db.pool().begin().await?;
    let user: Option<String> = sqlx::query_scalar(
        "UPDATE password_tokens SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING user_id",
    )
    .bind(token_hash(token))
    .bind(at)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(user) = user else {
        return Ok(None);
    };
    sqlx::query("UPDATE password_tokens SET used_at = ?2 WHERE user_id = ?1 AND used_at IS NULL")
        .bind(&user)
        .bind(at)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE users SET password_hash = ?2 WHERE id = ?1")
        .bind(&user)
        .bind(password_hash)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE api_tokens SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL")
        .bind(&user)
        .bind(at)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(UserId::from_trusted(user)))
}
