//! Queries on `credits`, the client's credit ledger.

use crate::error::Result;
use crate::{TenantDb, new_id, now};

/// Credits left over all bundles; bundles past their expiry count only when `include_expired`
/// (admins see real values, everyone else sees expired credits as 0 — spec document 3).
pub async fn left(db: &TenantDb, include_expired: bool) -> Result<i64> {
    let left: i64 = sqlx::query_scalar(
        "SELECT COALESCE(SUM(credits_left), 0) FROM credits
         WHERE ?1 OR credit_expire_date IS NULL OR credit_expire_date > ?2",
    )
    .bind(include_expired)
    .bind(now())
    .fetch_one(db.pool())
    .await?;
    Ok(left)
}

/// Adds a bundle of credits; `expires_at` is unix seconds.
pub async fn add(db: &TenantDb, name: &str, total: i64, expires_at: Option<i64>) -> Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO credits (id, name, credits_total, credits_left, credit_expire_date, created_at) VALUES (?1, ?2, ?3, ?3, ?4, ?5)",
    )
    .bind(&id)
    .bind(name)
    .bind(total)
    .bind(expires_at)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// Number of bundles (seeding adds the first bundle only once).
pub async fn count(db: &TenantDb) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM credits")
        .fetch_one(db.pool())
        .await?)
}

/// Takes up to `wanted` credits, from the bundles that expire first, inside the caller's
/// transaction; answers how many it got (the rest of the sends are kept on hold).
pub(crate) async fn consume(
    conn: &mut sqlx::SqliteConnection,
    wanted: i64,
    allow_expired: bool,
) -> Result<i64> {
    if wanted <= 0 {
        return Ok(0);
    }
    // Usual case, one statement: the bundle that expires first covers the whole batch.
    let covered = sqlx::query(
        "UPDATE credits SET credits_left = credits_left - ?3
         WHERE credits_left >= ?3 AND id = (
           SELECT id FROM credits
           WHERE credits_left > 0 AND (?1 OR credit_expire_date IS NULL OR credit_expire_date > ?2)
           ORDER BY credit_expire_date IS NULL, credit_expire_date, created_at LIMIT 1)",
    )
    .bind(allow_expired)
    .bind(now())
    .bind(wanted)
    .execute(&mut *conn)
    .await?;
    if covered.rows_affected() == 1 {
        return Ok(wanted);
    }
    // Across bundles (or not enough left): take what each has, first-expiring first.
    let bundles: Vec<(String, i64)> = sqlx::query_as(
        "SELECT id, credits_left FROM credits
         WHERE credits_left > 0 AND (?1 OR credit_expire_date IS NULL OR credit_expire_date > ?2)
         ORDER BY credit_expire_date IS NULL, credit_expire_date, created_at",
    )
    .bind(allow_expired)
    .bind(now())
    .fetch_all(&mut *conn)
    .await?;
    let mut got = 0;
    for (id, left) in bundles {
        if got == wanted {
            break;
        }
        let take = left.min(wanted - got);
        sqlx::query("UPDATE credits SET credits_left = credits_left - ?2 WHERE id = ?1")
            .bind(&id)
            .bind(take)
            .execute(&mut *conn)
            .await?;
        got += take;
    }
    Ok(got)
}
