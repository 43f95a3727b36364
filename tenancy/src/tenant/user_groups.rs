//! Queries on `user_groups` and `user_group_members`.

use crate::error::Result;
use crate::{TenantDb, new_id, now};

/// A user group of the client.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UserGroup {
    pub id: String,
    pub name: String,
}

/// Every group, by name.
pub async fn list(db: &TenantDb) -> Result<Vec<UserGroup>> {
    Ok(
        sqlx::query_as("SELECT id, name FROM user_groups ORDER BY name COLLATE NOCASE, id")
            .fetch_all(db.pool())
            .await?,
    )
}

/// The group with this id.
pub async fn find(db: &TenantDb, id: &str) -> Result<Option<UserGroup>> {
    Ok(
        sqlx::query_as("SELECT id, name FROM user_groups WHERE id = ?1")
            .bind(id)
            .fetch_optional(db.pool())
            .await?,
    )
}

/// The group with this name (seeding is idempotent by name).
pub async fn find_by_name(db: &TenantDb, name: &str) -> Result<Option<UserGroup>> {
    Ok(sqlx::query_as(
        "SELECT id, name FROM user_groups WHERE name = ?1 ORDER BY created_at LIMIT 1",
    )
    .bind(name)
    .fetch_optional(db.pool())
    .await?)
}

/// Creates a group and returns its id.
pub async fn insert(db: &TenantDb, name: &str) -> Result<String> {
    let id = new_id();
    sqlx::query("INSERT INTO user_groups (id, name, created_at) VALUES (?1, ?2, ?3)")
        .bind(&id)
        .bind(name)
        .bind(now())
        .execute(db.pool())
        .await?;
    Ok(id)
}

/// Renames a group; false when it is gone.
pub async fn rename(db: &TenantDb, id: &str, name: &str) -> Result<bool> {
    let changed = sqlx::query("UPDATE user_groups SET name = ?2 WHERE id = ?1")
        .bind(id)
        .bind(name)
        .execute(db.pool())
        .await?
        .rows_affected();
    Ok(changed == 1)
}

/// Deletes a group with its members and the forms it opened (form access by group).
pub async fn delete(db: &TenantDb, id: &str) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    for statement in [
        "DELETE FROM form_access WHERE group_id = ?1",
        "DELETE FROM user_groups WHERE id = ?1",
    ] {
        sqlx::query(statement).bind(id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Takes a user out of a group.
pub async fn remove_member(db: &TenantDb, group_id: &str, user_id: &str) -> Result<()> {
    sqlx::query("DELETE FROM user_group_members WHERE group_id = ?1 AND user_id = ?2")
        .bind(group_id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The members of one group.
pub async fn members_of(db: &TenantDb, group_id: &str) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT user_id FROM user_group_members WHERE group_id = ?1 ORDER BY user_id",
    )
    .bind(group_id)
    .fetch_all(db.pool())
    .await?)
}

/// Puts a user in a group (once).
pub async fn add_member(db: &TenantDb, group_id: &str, user_id: &str) -> Result<()> {
    sqlx::query("INSERT OR IGNORE INTO user_group_members (group_id, user_id) VALUES (?1, ?2)")
        .bind(group_id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Takes a user out of every group of the client (the user left the client).
pub async fn remove_member_everywhere(db: &TenantDb, user_id: &str) -> Result<()> {
    sqlx::query("DELETE FROM user_group_members WHERE user_id = ?1")
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The groups a user is in.
pub async fn of_user(db: &TenantDb, user_id: &str) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT group_id FROM user_group_members WHERE user_id = ?1 ORDER BY group_id",
    )
    .bind(user_id)
    .fetch_all(db.pool())
    .await?)
}

/// Every member of these groups, each once.
pub async fn members(db: &TenantDb, group_ids: &[String]) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT DISTINCT user_id FROM user_group_members WHERE group_id IN (SELECT value FROM json_each(?1)) ORDER BY user_id",
    )
    .bind(serde_json::to_string(group_ids)?)
    .fetch_all(db.pool())
    .await?)
}
