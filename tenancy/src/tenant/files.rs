//! Queries on `files`; the bytes live in the tenant's `files/` folder under the file id.

use crate::error::Result;
use crate::{TenantDb, now};

/// An uploaded file.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredFile {
    pub id: String,
    pub filename: String,
    pub mime: String,
    pub size: i64,
}

/// Who uploaded a file: a signed-in user, or a guest through a form's guest link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Uploader<'a> {
    User(&'a str),
    /// The id of the form whose guest link was used.
    Guest(&'a str),
}

/// A stored file with its uploader.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OwnedFile {
    #[sqlx(flatten)]
    pub file: StoredFile,
    pub created_by: Option<String>,
    pub guest_form: Option<String>,
}

impl OwnedFile {
    /// True when `uploader` uploaded this file.
    pub fn uploaded_by(&self, uploader: &Uploader<'_>) -> bool {
        match uploader {
            Uploader::User(user) => self.created_by.as_deref() == Some(user),
            Uploader::Guest(form) => {
                self.created_by.is_none() && self.guest_form.as_deref() == Some(form)
            }
        }
    }
}

/// Records an uploaded file whose bytes were already written to `files/<id>`, with the
/// SHA-256 of those bytes (hex).
pub async fn insert(
    db: &TenantDb,
    file: &StoredFile,
    sha256: &str,
    uploader: &Uploader<'_>,
) -> Result<()> {
    let user = match uploader {
        Uploader::User(user) => Some(*user),
        Uploader::Guest(_) => None,
    };
    let mut tx = db.pool().begin().await?;
    sqlx::query("INSERT INTO files (id, filename, mime, size, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(&file.id)
        .bind(&file.filename)
        .bind(&file.mime)
        .bind(file.size)
        .bind(user)
        .bind(now())
        .execute(&mut *tx)
        .await?;
    if let Uploader::Guest(form) = uploader {
        sqlx::query("INSERT INTO guest_uploads (file_id, form_id) VALUES (?1, ?2)")
            .bind(&file.id)
            .bind(*form)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("INSERT INTO file_digests (file_id, sha256) VALUES (?1, ?2)")
        .bind(&file.id)
        .bind(sha256)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// The file with these bytes (by SHA-256, hex) that `uploader` uploaded before, if any: an
/// upload that is repeated (a device retrying, or sending what it kept offline) finds it.
pub async fn find_by_digest(
    db: &TenantDb,
    sha256: &str,
    uploader: &Uploader<'_>,
) -> Result<Option<StoredFile>> {
    let (user, guest_form) = match uploader {
        Uploader::User(user) => (Some(*user), None),
        Uploader::Guest(form) => (None, Some(*form)),
    };
    Ok(sqlx::query_as(
        "SELECT f.id, f.filename, f.mime, f.size FROM file_digests d
           JOIN files f ON f.id = d.file_id
           LEFT JOIN guest_uploads g ON g.file_id = f.id
         WHERE d.sha256 = ?1
           AND ((?2 IS NOT NULL AND f.created_by = ?2)
             OR (?3 IS NOT NULL AND f.created_by IS NULL AND g.form_id = ?3))
         ORDER BY f.created_at, f.id LIMIT 1",
    )
    .bind(sha256)
    .bind(user)
    .bind(guest_form)
    .fetch_optional(db.pool())
    .await?)
}

/// The file with this id.
pub async fn find(db: &TenantDb, id: &str) -> Result<Option<StoredFile>> {
    Ok(
        sqlx::query_as("SELECT id, filename, mime, size FROM files WHERE id = ?1")
            .bind(id)
            .fetch_optional(db.pool())
            .await?,
    )
}

/// The files with these ids that exist, with their uploaders.
pub async fn find_many(db: &TenantDb, ids: &[&str]) -> Result<Vec<OwnedFile>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_as(
        "SELECT id, filename, mime, size, created_by, g.form_id AS guest_form
         FROM files LEFT JOIN guest_uploads g ON g.file_id = files.id
         WHERE id IN (SELECT value FROM json_each(?1))",
    )
    .bind(serde_json::to_string(ids)?)
    .fetch_all(db.pool())
    .await?)
}

/// Bytes of every file of the client.
pub async fn total_bytes(db: &TenantDb) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT COALESCE(SUM(size), 0) FROM files")
            .fetch_one(db.pool())
            .await?,
    )
}

/// Bytes guests uploaded since `since` (epoch seconds).
pub async fn guest_bytes_since(db: &TenantDb, since: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COALESCE(SUM(size), 0) FROM files WHERE created_by IS NULL AND created_at > ?1",
    )
    .bind(since)
    .fetch_one(db.pool())
    .await?)
}

/// Deletes the rows of those of `ids` that no registration or saved registration refers
/// to any more (an upload sent twice by content hash may be shared), inside the caller's
/// transaction; answers their ids, whose bytes the caller removes after the commit.
pub(crate) async fn delete_unreferenced_in(
    conn: &mut sqlx::SqliteConnection,
    ids: &[String],
) -> Result<Vec<String>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let unused: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT c.value FROM json_each(?1) c
         WHERE NOT EXISTS (SELECT 1 FROM registrations r WHERE instr(r.reg_values, '/file/' || c.value) > 0)
           AND NOT EXISTS (SELECT 1 FROM saved_registrations s WHERE instr(s.entry, '/file/' || c.value) > 0)",
    )
    .bind(serde_json::to_string(ids)?)
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM files WHERE id IN (SELECT value FROM json_each(?1))")
        .bind(serde_json::to_string(&unused)?)
        .execute(&mut *conn)
        .await?;
    Ok(unused)
}

/// Of `ids` (names in the files folder), those with no row: bytes a crash left behind
/// between a row's deletion and the removal of its file, never served.
pub async fn without_row(db: &TenantDb, ids: &[String]) -> Result<Vec<String>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_scalar(
        "SELECT c.value FROM json_each(?1) c WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.id = c.value)",
    )
    .bind(serde_json::to_string(ids)?)
    .fetch_all(db.pool())
    .await?)
}

/// The files with these ids that exist (for an export's attachments).
pub async fn find_all(db: &TenantDb, ids: &[String]) -> Result<Vec<StoredFile>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_as(
        "SELECT id, filename, mime, size FROM files WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY created_at, id",
    )
    .bind(serde_json::to_string(ids)?)
    .fetch_all(db.pool())
    .await?)
}
