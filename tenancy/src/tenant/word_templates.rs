//! Queries on `word_templates`: the processing state of the Word templates of a form's
//! e-mail settings, and the prepared template a merge reads.

use crate::TenantDb;
use crate::error::Result;
use crate::now;
use std::collections::HashMap;

/// Notes a template to process for `form` (again, when it was processed before: a new
/// request means a new look).
pub async fn register(db: &TenantDb, file_id: &str, form_id: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO word_templates (file_id, form_id, processed, updated_at) VALUES (?1, ?2, 0, ?3)
         ON CONFLICT (file_id) DO UPDATE SET form_id = excluded.form_id, updated_at = excluded.updated_at",
    )
    .bind(file_id)
    .bind(form_id)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The template is ready: its tokens and prepared bytes.
pub async fn prepared(db: &TenantDb, file_id: &str, tokens: &[String], docx: &[u8]) -> Result<()> {
    sqlx::query(
        "UPDATE word_templates SET processed = 1, tokens = ?2, prepared = ?3, error = NULL, updated_at = ?4 WHERE file_id = ?1",
    )
    .bind(file_id)
    .bind(serde_json::to_string(tokens)?)
    .bind(docx)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Processing failed for good: done (so the form is not blocked), with the reason.
pub async fn failed(db: &TenantDb, file_id: &str, reason: &str) -> Result<()> {
    sqlx::query(
        "UPDATE word_templates SET processed = 1, error = ?2, updated_at = ?3 WHERE file_id = ?1",
    )
    .bind(file_id)
    .bind(reason)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Whether each of `file_ids` is processed (false for one never registered).
pub async fn processed(db: &TenantDb, file_ids: &[String]) -> Result<HashMap<String, bool>> {
    let rows: Vec<(String, bool)> = sqlx::query_as(
        "SELECT file_id, processed FROM word_templates WHERE file_id IN (SELECT value FROM json_each(?1))",
    )
    .bind(serde_json::to_string(file_ids)?)
    .fetch_all(db.pool())
    .await?;
    let known: HashMap<String, bool> = rows.into_iter().collect();
    Ok(file_ids
        .iter()
        .map(|id| (id.clone(), known.get(id).copied().unwrap_or(false)))
        .collect())
}

/// The prepared template, once processing succeeded.
pub async fn prepared_docx(db: &TenantDb, file_id: &str) -> Result<Option<Vec<u8>>> {
    Ok(sqlx::query_scalar(
        "SELECT prepared FROM word_templates WHERE file_id = ?1 AND prepared IS NOT NULL",
    )
    .bind(file_id)
    .fetch_optional(db.pool())
    .await?)
}
