//! Queries on `membership_invites`: one-time links with which an existing account confirms
//! joining a client it asked to join through the public self-registration.

use super::Platform;
use crate::error::Result;
use crate::now;
use crate::secrets::{new_token, token_hash};
use domain::ids::{ClientId, UserId};

/// How long a confirmation link works.
pub const LIFETIME_SECS: i64 = 7 * 24 * 3600;

/// An open invitation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub user: UserId,
    pub client: ClientId,
}

/// Creates a one-time link for the user to join the client and returns its token (only
/// the hash is stored).
pub async fn issue(db: &Platform, user: &UserId, client: &ClientId) -> Result<String> {
    let token = new_token();
    let at = now();
    sqlx::query(
        "INSERT INTO membership_invites (token_hash, user_id, client_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )
    .bind(token_hash(&token))
    .bind(user.as_str())
    .bind(client.as_str())
    .bind(at)
    .bind(at + LIFETIME_SECS)
    .execute(db.pool())
    .await?;
    Ok(token)
}

/// How many links for this user and client were made since `since` (epoch seconds).
pub async fn issued_since(
    db: &Platform,
    user: &UserId,
    client: &ClientId,
    since: i64,
) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM membership_invites WHERE user_id = ?1 AND client_id = ?2 AND created_at > ?3",
    )
    .bind(user.as_str())
    .bind(client.as_str())
    .bind(since)
    .fetch_one(db.pool())
    .await?)
}

/// The open invitation behind a token: None when unknown, used or expired.
pub async fn find(db: &Platform, token: &str) -> Result<Option<Invite>> {
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT user_id, client_id FROM membership_invites WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2",
    )
    .bind(token_hash(token))
    .bind(now())
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(|(user, client)| Invite {
        user: UserId::from_trusted(user),
        client: ClientId::from_trusted(client),
    }))
}

/// Confirms an invitation: marks it (and the user's other links for the client) used and
/// makes the user a member without roles ('Formulier invuller'), in one transaction. A
/// membership that exists already keeps its roles. None when the token is not open.
pub async fn redeem(db: &Platform, token: &str) -> Result<Option<Invite>> {
    let at = now();
    let mut tx = db.pool().begin().await?;
    let row: Option<(String, String)> = sqlx::query_as(
        "UPDATE membership_invites SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING user_id, client_id",
    )
    .bind(token_hash(token))
    .bind(at)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user, client)) = row else {
        return Ok(None);
    };
    sqlx::query("UPDATE membership_invites SET used_at = ?3 WHERE user_id = ?1 AND client_id = ?2 AND used_at IS NULL")
        .bind(&user)
        .bind(&client)
        .bind(at)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO memberships (user_id, client_id, roles, created_at) VALUES (?1, ?2, '[]', ?3)
         ON CONFLICT (user_id, client_id) DO NOTHING",
    )
    .bind(&user)
    .bind(&client)
    .bind(at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(Invite {
        user: UserId::from_trusted(user),
        client: ClientId::from_trusted(client),
    }))
}
