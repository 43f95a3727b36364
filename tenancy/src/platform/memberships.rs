//! Queries on `memberships` (a user's roles in one client) and `terms_users`.

use super::{Platform, json_list};
use crate::error::Result;
use crate::now;
use domain::access::Role;
use domain::ids::{ClientId, UserId};

/// A client a user belongs to, as listed in login and user info answers.
#[derive(Debug, Clone)]
pub struct ClientOfUser {
    pub id: ClientId,
    pub name: String,
    /// True when this user must still accept the client's terms and conditions.
    pub terms_pending: bool,
}

/// The clients a user is a member of, by name.
pub async fn clients_of_user(db: &Platform, user: &UserId) -> Result<Vec<ClientOfUser>> {
    let rows: Vec<(String, String, bool)> = sqlx::query_as(
        "SELECT c.id, c.name,
                EXISTS (SELECT 1 FROM terms_users t WHERE t.client_id = c.id AND t.user_id = m.user_id AND t.accepted_at IS NULL)
         FROM memberships m JOIN clients c ON c.id = m.client_id
         WHERE m.user_id = ?1 ORDER BY c.name, c.id",
    )
    .bind(user.as_str())
    .fetch_all(db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, terms_pending)| ClientOfUser {
            id: ClientId::from_trusted(id),
            name,
            terms_pending,
        })
        .collect())
}

/// The user's membership roles in a client, or None when the user is not a member.
pub async fn roles_in_client(
    db: &Platform,
    user: &UserId,
    client: &ClientId,
) -> Result<Option<Vec<Role>>> {
    let raw: Option<String> =
        sqlx::query_scalar("SELECT roles FROM memberships WHERE user_id = ?1 AND client_id = ?2")
            .bind(user.as_str())
            .bind(client.as_str())
            .fetch_optional(db.pool())
            .await?;
    Ok(raw.map(|raw| {
        json_list(&raw)
            .iter()
            .filter_map(|name| Role::parse(name))
            .filter(|role| !role.is_global())
            .collect()
    }))
}

/// Makes the user a member of the client with exactly these roles (global roles are ignored).
pub async fn set_roles(
    db: &Platform,
    user: &UserId,
    client: &ClientId,
    roles: &[Role],
) -> Result<()> {
    let names: Vec<&str> = roles
        .iter()
        .filter(|role| !role.is_global() && **role != Role::FormFiller)
        .map(|role| role.as_str())
        .collect();
    sqlx::query(
        "INSERT INTO memberships (user_id, client_id, roles, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (user_id, client_id) DO UPDATE SET roles = excluded.roles",
    )
    .bind(user.as_str())
    .bind(client.as_str())
    .bind(serde_json::to_string(&names)?)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Ends a user's membership of a client, and takes the user off its terms list.
pub async fn remove(db: &Platform, user: &UserId, client: &ClientId) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    for statement in [
        "DELETE FROM memberships WHERE user_id = ?1 AND client_id = ?2",
        "DELETE FROM terms_users WHERE user_id = ?1 AND client_id = ?2",
    ] {
        sqlx::query(statement)
            .bind(user.as_str())
            .bind(client.as_str())
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A member of a client, as form access lists show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub id: UserId,
    pub username: String,
    pub email: String,
}

/// Every member of a client, by username.
pub async fn members_of_client(db: &Platform, client: &ClientId) -> Result<Vec<Member>> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT u.id, u.username, u.email FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.client_id = ?1 ORDER BY u.username COLLATE NOCASE, u.id",
    )
    .bind(client.as_str())
    .fetch_all(db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, username, email)| Member {
            id: UserId::from_trusted(id),
            username,
            email,
        })
        .collect())
}
