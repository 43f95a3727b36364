//! Queries on `login_failures`: the counts behind login rate limiting.

use super::Platform;
use crate::error::Result;
use crate::now;

/// Failures are counted over this window.
pub const WINDOW_SECS: i64 = 15 * 60;
/// Failures allowed per account within the window before logins are refused.
pub const MAX_PER_ACCOUNT: i64 = 5;
/// Failures allowed per network address within the window (several users may share one).
pub const MAX_PER_ADDRESS: i64 = 20;

/// True when the account or the address has failed too often recently.
pub async fn is_limited(db: &Platform, account: &str, address: &str) -> Result<bool> {
    let since = now() - WINDOW_SECS;
    let (per_account, per_address): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM login_failures WHERE account = ?1 AND at > ?3),
                (SELECT COUNT(*) FROM login_failures WHERE address = ?2 AND at > ?3)",
    )
    .bind(account.trim())
    .bind(address)
    .bind(since)
    .fetch_one(db.pool())
    .await?;
    Ok(per_account >= MAX_PER_ACCOUNT || per_address >= MAX_PER_ADDRESS)
}

/// Records a failed login and drops records older than the window.
pub async fn record(db: &Platform, account: &str, address: &str) -> Result<()> {
    let at = now();
    sqlx::query("INSERT INTO login_failures (account, address, at) VALUES (?1, ?2, ?3)")
        .bind(account.trim())
        .bind(address)
        .bind(at)
        .execute(db.pool())
        .await?;
    sqlx::query("DELETE FROM login_failures WHERE at <= ?1")
        .bind(at - WINDOW_SECS)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Forgets an account's failures after it signed in successfully.
pub async fn clear_account(db: &Platform, account: &str) -> Result<()> {
    sqlx::query("DELETE FROM login_failures WHERE account = ?1")
        .bind(account.trim())
        .execute(db.pool())
        .await?;
    Ok(())
}
