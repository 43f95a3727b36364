//! Queries on `favorite_elements`: form elements a user saved to add again, per user.

use crate::error::Result;
use crate::{TenantDb, new_id, now};
use serde_json::Value;

/// A saved element.
#[derive(Debug, Clone, PartialEq)]
pub struct Favorite {
    pub id: String,
    pub name: String,
    pub element: Value,
}

/// The user's favourites, newest first (ids are time-ordered, so they break ties in a second).
pub async fn list(db: &TenantDb, user_id: &str) -> Result<Vec<Favorite>> {
    let rows: Vec<(String, String, String)> =
        sqlx::query_as("SELECT id, name, element FROM favorite_elements WHERE user_id = ?1 ORDER BY created_at DESC, id DESC")
            .bind(user_id)
            .fetch_all(db.pool())
            .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, element)| Favorite {
            id,
            name,
            element: serde_json::from_str(&element).unwrap_or(Value::Null),
        })
        .collect())
}

/// Saves an element for a user.
pub async fn insert(db: &TenantDb, user_id: &str, name: &str, element: &Value) -> Result<Favorite> {
    let id = new_id();
    sqlx::query("INSERT INTO favorite_elements (id, user_id, name, element, created_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        .bind(&id)
        .bind(user_id)
        .bind(name)
        .bind(element.to_string())
        .bind(now())
        .execute(db.pool())
        .await?;
    Ok(Favorite {
        id,
        name: name.to_owned(),
        element: element.clone(),
    })
}

/// Deletes one of the user's own favourites; false when the user has none with this id.
pub async fn delete(db: &TenantDb, user_id: &str, id: &str) -> Result<bool> {
    let done = sqlx::query("DELETE FROM favorite_elements WHERE id = ?1 AND user_id = ?2")
        .bind(id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}
