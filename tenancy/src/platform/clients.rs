//! Queries on `clients`.

use super::{Platform, json_list};
use crate::error::Result;
use crate::now;
use domain::ids::ClientId;
use serde::{Deserialize, Serialize};

/// A client organisation as stored on the platform. Also the header of a tenant snapshot,
/// so an import can recreate the platform row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Client {
    pub id: ClientId,
    pub name: String,
    pub modules: Vec<String>,
    pub low_credit_email_limit: i64,
    pub user_register_intro_text: Option<String>,
    /// Whether the public registration link joins new users to this client (decision 020).
    /// Off in snapshots made before the switch existed.
    #[serde(default)]
    pub user_register_enabled: bool,
    pub terms_and_conditions_required: bool,
    pub contact: serde_json::Value,
    pub created_at: i64,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    name: String,
    modules: String,
    low_credit_email_limit: i64,
    user_register_intro_text: Option<String>,
    user_register_enabled: bool,
    terms_and_conditions_required: bool,
    contact: String,
    created_at: i64,
}

impl From<Row> for Client {
    fn from(row: Row) -> Client {
        Client {
            id: ClientId::from_trusted(row.id),
            name: row.name,
            modules: json_list(&row.modules),
            low_credit_email_limit: row.low_credit_email_limit,
            user_register_intro_text: row.user_register_intro_text,
            user_register_enabled: row.user_register_enabled,
            terms_and_conditions_required: row.terms_and_conditions_required,
            contact: serde_json::from_str(&row.contact).unwrap_or_default(),
            created_at: row.created_at,
        }
    }
}

/// `SELECT <every column> FROM clients <tail>` as a static string (sqlx refuses dynamic SQL).
macro_rules! select {
    ($tail:literal) => {
        concat!("SELECT id, name, modules, low_credit_email_limit, user_register_intro_text, user_register_enabled, terms_and_conditions_required, contact, created_at FROM clients ", $tail)
    };
}

/// The client with this id.
pub async fn find(db: &Platform, id: &ClientId) -> Result<Option<Client>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE id = ?1"))
        .bind(id.as_str())
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Client::from))
}

/// The client with this exact name (seeding is idempotent by name).
pub async fn find_by_name(db: &Platform, name: &str) -> Result<Option<Client>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE name = ?1"))
        .bind(name)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Client::from))
}

/// Every client, by name.
pub async fn list(db: &Platform) -> Result<Vec<Client>> {
    let rows: Vec<Row> = sqlx::query_as(select!("ORDER BY name, id"))
        .fetch_all(db.pool())
        .await?;
    Ok(rows.into_iter().map(Client::from).collect())
}

/// Inserts or replaces the platform row of a client (creation and snapshot import), and
/// registers its id in the directory.
pub async fn upsert(db: &Platform, client: &Client) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    sqlx::query(
        "INSERT INTO clients (id, name, modules, low_credit_email_limit, user_register_intro_text, terms_and_conditions_required, contact, created_at, user_register_enabled)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, modules = excluded.modules,
           low_credit_email_limit = excluded.low_credit_email_limit,
           user_register_intro_text = excluded.user_register_intro_text,
           user_register_enabled = excluded.user_register_enabled,
           terms_and_conditions_required = excluded.terms_and_conditions_required,
           contact = excluded.contact",
    )
    .bind(client.id.as_str())
    .bind(&client.name)
    .bind(serde_json::to_string(&client.modules)?)
    .bind(client.low_credit_email_limit)
    .bind(&client.user_register_intro_text)
    .bind(client.terms_and_conditions_required)
    .bind(client.contact.to_string())
    .bind(client.created_at)
    .bind(client.user_register_enabled)
    .execute(&mut *tx)
    .await?;
    sqlx::query("INSERT OR IGNORE INTO directory (id, kind, client_id) VALUES (?1, 'client', ?1)")
        .bind(client.id.as_str())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Removes a client's platform row, and with it (foreign keys) its memberships, invites,
/// terms users and directory entries; answers whether it was there. The platform database
/// overwrites what it deletes, and its log is emptied, so nothing of the rows stays on disk.
pub async fn remove(db: &Platform, id: &ClientId) -> Result<bool> {
    let removed = sqlx::query("DELETE FROM clients WHERE id = ?1")
        .bind(id.as_str())
        .execute(db.pool())
        .await?
        .rows_affected();
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(db.pool())
        .await?;
    Ok(removed == 1)
}

/// A new client value with defaults, not yet stored.
pub fn new_client(name: &str) -> Client {
    Client {
        id: ClientId::from_trusted(crate::new_id()),
        name: name.to_owned(),
        modules: Vec::new(),
        low_credit_email_limit: 0,
        user_register_intro_text: None,
        user_register_enabled: false,
        terms_and_conditions_required: false,
        contact: serde_json::json!({}),
        created_at: now(),
    }
}

/// Claims the low-credit mail of a client that is below its limit: true for the one caller
/// that should send it, once per crossing.
pub async fn claim_low_credit_mail(db: &Platform, id: &ClientId) -> Result<bool> {
    let claimed = sqlx::query(
        "UPDATE clients SET low_credit_warned = 1 WHERE id = ?1 AND low_credit_warned = 0",
    )
    .bind(id.as_str())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(claimed == 1)
}

/// The client's credits are at or above its limit again: the next crossing mails again.
pub async fn clear_low_credit_mail(db: &Platform, id: &ClientId) -> Result<()> {
    sqlx::query("UPDATE clients SET low_credit_warned = 0 WHERE id = ?1 AND low_credit_warned = 1")
        .bind(id.as_str())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Gives the client a module (a purchase's grant); giving it again changes nothing.
pub async fn add_module(db: &Platform, id: &ClientId, module: &str) -> Result<()> {
    sqlx::query(
        "UPDATE clients SET modules = (
             SELECT json_group_array(value) FROM (
                 SELECT value FROM json_each(clients.modules) UNION SELECT ?2 ORDER BY 1))
         WHERE id = ?1",
    )
    .bind(id.as_str())
    .bind(module)
    .execute(db.pool())
    .await?;
    Ok(())
}
