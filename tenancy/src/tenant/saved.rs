//! Queries on `saved_registrations`: registrations saved on a device, synced per user.

use crate::error::Result;
use crate::{TenantDb, now};
use serde_json::Value;

/// A saved registration as the server keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved {
    pub fill_token: String,
    pub user_id: String,
    pub form_id: String,
    /// The Registration entity as the device sent it (values, schema, names, ...).
    pub entry: Value,
    pub version: i64,
    pub deleted_at: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    fill_token: String,
    user_id: String,
    form_id: String,
    entry: String,
    version: i64,
    deleted_at: Option<String>,
}

impl From<Row> for Saved {
    fn from(row: Row) -> Saved {
        Saved {
            fill_token: row.fill_token,
            user_id: row.user_id,
            form_id: row.form_id,
            entry: serde_json::from_str(&row.entry).unwrap_or(Value::Null),
            version: row.version,
            deleted_at: row.deleted_at,
        }
    }
}

/// The rows of these fill tokens, whoever owns them (the caller checks the owner).
pub async fn find_many(db: &TenantDb, tokens: &[&str]) -> Result<Vec<Saved>> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT fill_token, user_id, form_id, entry, version, deleted_at FROM saved_registrations
         WHERE fill_token IN (SELECT value FROM json_each(?1))",
    )
    .bind(serde_json::to_string(tokens)?)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Saved::from).collect())
}

/// Every saved registration of a user, tombstones included, oldest change first.
pub async fn for_user(db: &TenantDb, user_id: &str) -> Result<Vec<Saved>> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT fill_token, user_id, form_id, entry, version, deleted_at FROM saved_registrations
         WHERE user_id = ?1 ORDER BY server_updated_at, fill_token",
    )
    .bind(user_id)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Saved::from).collect())
}

/// Stores accepted changes in one transaction; each row's version must already be the new one.
pub async fn store_all(db: &TenantDb, rows: &[Saved]) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let at = now();
    let mut tx = db.pool().begin().await?;
    for row in rows {
        sqlx::query(
            "INSERT INTO saved_registrations (fill_token, user_id, form_id, entry, version, client_updated_at, deleted_at, server_updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT (fill_token) DO UPDATE SET form_id = excluded.form_id, entry = excluded.entry,
               version = excluded.version, client_updated_at = excluded.client_updated_at,
               deleted_at = excluded.deleted_at, server_updated_at = excluded.server_updated_at
             WHERE saved_registrations.user_id = excluded.user_id",
        )
        .bind(&row.fill_token)
        .bind(&row.user_id)
        .bind(&row.form_id)
        .bind(row.entry.to_string())
        .bind(row.version)
        .bind(row.entry.get("registration_updated_at").and_then(Value::as_str))
        .bind(&row.deleted_at)
        .bind(at)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Removes a user's saved copies of registrations that have since been sent: once sent, a
/// device's saved copy has served its purpose. Done at sync time rather than on every
/// send, to keep the send's transaction short.
pub async fn drop_sent(db: &TenantDb, user_id: &str) -> Result<()> {
    sqlx::query(
        "DELETE FROM saved_registrations WHERE user_id = ?1
           AND EXISTS (SELECT 1 FROM registrations r WHERE r.fill_token = saved_registrations.fill_token AND r.user_id = ?1)",
    )
    .bind(user_id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Deletes saved registrations (and tombstones) not changed since `before` (unix time; a
/// year ago by the spec); returns how many.
pub async fn purge_unchanged_since(db: &TenantDb, before: i64) -> Result<u64> {
    let done = sqlx::query("DELETE FROM saved_registrations WHERE server_updated_at < ?1")
        .bind(before)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected())
}
