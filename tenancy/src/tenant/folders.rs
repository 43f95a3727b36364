//! Queries on `folders`.

use crate::error::Result;
use crate::{TenantDb, new_id, now};

/// A folder.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Folder {
    pub id: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub hidden: bool,
}

/// Every folder of the client, by name.
pub async fn list(db: &TenantDb) -> Result<Vec<Folder>> {
    Ok(sqlx::query_as(
        "SELECT id, name, parent_id, hidden FROM folders ORDER BY name COLLATE NOCASE, id",
    )
    .fetch_all(db.pool())
    .await?)
}

/// The folder with this name under this parent (seeding is idempotent by name).
pub async fn find_by_name(
    db: &TenantDb,
    name: &str,
    parent_id: Option<&str>,
) -> Result<Option<Folder>> {
    Ok(sqlx::query_as(
        "SELECT id, name, parent_id, hidden FROM folders WHERE name = ?1 AND parent_id IS ?2",
    )
    .bind(name)
    .bind(parent_id)
    .fetch_optional(db.pool())
    .await?)
}

/// Creates a folder and returns its id.
pub async fn insert(
    db: &TenantDb,
    name: &str,
    parent_id: Option<&str>,
    hidden: bool,
) -> Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO folders (id, name, parent_id, hidden, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )
    .bind(&id)
    .bind(name)
    .bind(parent_id)
    .bind(hidden)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// The folder with this id.
pub async fn find(db: &TenantDb, id: &str) -> Result<Option<Folder>> {
    Ok(
        sqlx::query_as("SELECT id, name, parent_id, hidden FROM folders WHERE id = ?1")
            .bind(id)
            .fetch_optional(db.pool())
            .await?,
    )
}

/// The folder and every folder below it, at any depth.
pub async fn subtree_ids(db: &TenantDb, id: &str) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "WITH RECURSIVE below(id) AS (SELECT ?1 UNION ALL SELECT f.id FROM folders f JOIN below b ON f.parent_id = b.id)
         SELECT id FROM below",
    )
    .bind(id)
    .fetch_all(db.pool())
    .await?)
}

/// Renames a folder.
pub async fn rename(db: &TenantDb, id: &str, name: &str) -> Result<()> {
    sqlx::query("UPDATE folders SET name = ?2 WHERE id = ?1")
        .bind(id)
        .bind(name)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Hides or shows a folder.
pub async fn set_hidden(db: &TenantDb, id: &str, hidden: bool) -> Result<()> {
    sqlx::query("UPDATE folders SET hidden = ?2 WHERE id = ?1")
        .bind(id)
        .bind(hidden)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Deletes a folder; its sub-folders go with it (ON DELETE CASCADE), deleted forms in them
/// keep no folder (ON DELETE SET NULL).
pub async fn delete(db: &TenantDb, id: &str) -> Result<()> {
    sqlx::query("DELETE FROM folders WHERE id = ?1")
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}
