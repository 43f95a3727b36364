//! Queries on `users`.

use super::{Platform, json_list};
use crate::error::Result;
use crate::{new_id, now};
use domain::access::Role;
use domain::ids::UserId;

/// A platform user as the server needs it.
#[derive(Debug, Clone)]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub email: String,
    pub password_hash: Option<String>,
    pub global_roles: Vec<Role>,
    pub blocked: bool,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    username: String,
    email: String,
    password_hash: Option<String>,
    global_roles: String,
    blocked: bool,
}

impl From<Row> for User {
    fn from(row: Row) -> User {
        User {
            id: UserId::from_trusted(row.id),
            username: row.username,
            email: row.email,
            password_hash: row.password_hash,
            global_roles: json_list(&row.global_roles)
                .iter()
                .filter_map(|name| Role::parse(name))
                .filter(|role| role.is_global())
                .collect(),
            blocked: row.blocked,
        }
    }
}

/// `SELECT <every column> FROM users <tail>` as a static string (sqlx refuses dynamic SQL).
macro_rules! select {
    ($tail:literal) => {
        concat!(
            "SELECT id, username, email, password_hash, global_roles, blocked FROM users ",
            $tail
        )
    };
}

/// The user signing in with `login`, which may be the e-mail address or the username.
pub async fn find_by_login(db: &Platform, login: &str) -> Result<Option<User>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE email = ?1 OR username = ?1 LIMIT 1"))
        .bind(login.trim())
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(User::from))
}

/// The user with this e-mail address.
pub async fn find_by_email(db: &Platform, email: &str) -> Result<Option<User>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE email = ?1"))
        .bind(email.trim())
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(User::from))
}

/// The user with this id.
pub async fn find_by_id(db: &Platform, id: &UserId) -> Result<Option<User>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE id = ?1"))
        .bind(id.as_str())
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(User::from))
}

/// What a new user is created with.
#[derive(Debug, Clone)]
pub struct NewUser<'a> {
    pub username: &'a str,
    pub email: &'a str,
    /// An argon2 hash, or None for a user who sets a password through the welcome link.
    pub password_hash: Option<String>,
    pub global_roles: Vec<Role>,
}

/// Creates a user and returns its id.
pub async fn insert(db: &Platform, user: NewUser<'_>) -> Result<UserId> {
    let id = new_id();
    let roles: Vec<&str> = user.global_roles.iter().map(|r| r.as_str()).collect();
    sqlx::query(
        "INSERT INTO users (id, username, email, password_hash, global_roles, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .bind(&id)
    .bind(user.username)
    .bind(user.email.trim())
    .bind(user.password_hash)
    .bind(serde_json::to_string(&roles)?)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(UserId::from_trusted(id))
}

/// Records a successful sign-in.
pub async fn touch_last_access(db: &Platform, id: &UserId) -> Result<()> {
    sqlx::query("UPDATE users SET last_access_at = ?2 WHERE id = ?1")
        .bind(id.as_str())
        .bind(now())
        .execute(db.pool())
        .await?;
    Ok(())
}
