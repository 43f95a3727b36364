//! Queries on `form_revisions`: the whole form after every accepted change.

use crate::error::Result;
use crate::tenant::forms::Form;
use crate::{TenantDb, new_id, now};

/// One entry of a form's history.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Revision {
    pub id: String,
    pub username: Option<String>,
    pub created_at: i64,
}

/// Records the form as it is now, changed by this user.
pub async fn insert(
    db: &TenantDb,
    form: &Form,
    user_id: Option<&str>,
    username: Option<&str>,
) -> Result<()> {
    sqlx::query("INSERT INTO form_revisions (id, form_id, form, user_id, username, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(new_id())
        .bind(&form.id)
        .bind(serde_json::to_string(form)?)
        .bind(user_id)
        .bind(username)
        .bind(now())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// A form's revisions, newest first (ids are time-ordered, so they break ties in a second).
pub async fn list(db: &TenantDb, form_id: &str) -> Result<Vec<Revision>> {
    Ok(sqlx::query_as("SELECT id, username, created_at FROM form_revisions WHERE form_id = ?1 ORDER BY created_at DESC, id DESC")
        .bind(form_id)
        .fetch_all(db.pool())
        .await?)
}

/// The form as stored in one of its own revisions.
pub async fn find(db: &TenantDb, form_id: &str, revision_id: &str) -> Result<Option<Form>> {
    let raw: Option<String> =
        sqlx::query_scalar("SELECT form FROM form_revisions WHERE id = ?1 AND form_id = ?2")
            .bind(revision_id)
            .bind(form_id)
            .fetch_optional(db.pool())
            .await?;
    Ok(raw.map(|raw| serde_json::from_str(&raw)).transpose()?)
}
