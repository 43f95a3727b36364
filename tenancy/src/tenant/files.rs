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

/// Records an uploaded file whose bytes were already written to `files/<id>`.
pub async fn insert(db: &TenantDb, file: &StoredFile, created_by: Option<&str>) -> Result<()> {
    sqlx::query("INSERT INTO files (id, filename, mime, size, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(&file.id)
        .bind(&file.filename)
        .bind(&file.mime)
        .bind(file.size)
        .bind(created_by)
        .bind(now())
        .execute(db.pool())
        .await?;
    Ok(())
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
