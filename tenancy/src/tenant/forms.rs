//! Queries on `forms` and `form_access`.

use crate::error::Result;
use crate::{TenantDb, now};
use serde_json::Value;

/// A form as stored. JSON columns are decoded; a damaged column reads as its empty value.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    pub id: String,
    pub folder_id: Option<String>,
    pub name: String,
    pub form_type: String,
    pub schema: Value,
    pub rules: Value,
    pub values: Value,
    pub email_settings: Value,
    pub webhook_integrations: Value,
    pub settings: Value,
    pub form_settings: Value,
    pub form_summary: Option<String>,
    pub registration_name_token: Option<String>,
    pub guest_id: Option<String>,
    pub published_at: Option<i64>,
    pub updated_at: i64,
    pub updated_by: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    folder_id: Option<String>,
    name: String,
    form_type: String,
    schema: String,
    rules: String,
    form_values: String,
    email_settings: String,
    webhook_integrations: String,
    settings: String,
    form_settings: String,
    form_summary: Option<String>,
    registration_name_token: Option<String>,
    guest_id: Option<String>,
    published_at: Option<i64>,
    updated_at: i64,
    updated_by: Option<String>,
}

fn json(raw: &str, empty: Value) -> Value {
    serde_json::from_str(raw).unwrap_or(empty)
}

impl From<Row> for Form {
    fn from(row: Row) -> Form {
        Form {
            id: row.id,
            folder_id: row.folder_id,
            name: row.name,
            form_type: row.form_type,
            schema: json(&row.schema, Value::Array(Vec::new())),
            rules: json(&row.rules, Value::Array(Vec::new())),
            values: json(&row.form_values, Value::Object(Default::default())),
            email_settings: json(&row.email_settings, Value::Array(Vec::new())),
            webhook_integrations: json(&row.webhook_integrations, Value::Array(Vec::new())),
            settings: json(&row.settings, Value::Object(Default::default())),
            form_settings: json(&row.form_settings, Value::Object(Default::default())),
            form_summary: row.form_summary,
            registration_name_token: row.registration_name_token,
            guest_id: row.guest_id,
            published_at: row.published_at,
            updated_at: row.updated_at,
            updated_by: row.updated_by,
        }
    }
}

macro_rules! select {
    ($tail:literal) => {
        concat!(
            "SELECT id, folder_id, name, form_type, schema, rules, form_values, email_settings, webhook_integrations, settings, form_settings, form_summary, registration_name_token, guest_id, published_at, updated_at, updated_by FROM forms ",
            $tail
        )
    };
}

/// The form with this id.
pub async fn find(db: &TenantDb, id: &str) -> Result<Option<Form>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE id = ?1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Form::from))
}

/// The form reachable through this guest id (guest access must also be switched on).
pub async fn find_by_guest_id(db: &TenantDb, guest_id: &str) -> Result<Option<Form>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE guest_id = ?1"))
        .bind(guest_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Form::from))
}

/// The form with this name (seeding is idempotent by name).
pub async fn find_by_name(db: &TenantDb, name: &str) -> Result<Option<Form>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE name = ?1 ORDER BY created_at LIMIT 1"))
        .bind(name)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Form::from))
}

/// Published forms a user may fill in: no access rows, or a row for the user or one of
/// the user's groups.
pub async fn published_for_user(
    db: &TenantDb,
    user_id: &str,
    group_ids: &[String],
) -> Result<Vec<Form>> {
    let groups = serde_json::to_string(group_ids)?;
    let rows: Vec<Row> = sqlx::query_as(select!(
        "WHERE published_at IS NOT NULL AND (
            NOT EXISTS (SELECT 1 FROM form_access a WHERE a.form_id = forms.id)
            OR EXISTS (SELECT 1 FROM form_access a WHERE a.form_id = forms.id
                       AND (a.user_id = ?1 OR a.group_id IN (SELECT value FROM json_each(?2)))))
         ORDER BY name COLLATE NOCASE, id"
    ))
    .bind(user_id)
    .bind(groups)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Form::from).collect())
}

/// What a new form is made of.
#[derive(Debug, Clone)]
pub struct NewForm {
    pub id: String,
    pub folder_id: Option<String>,
    pub name: String,
    pub form_type: String,
    pub schema: Value,
    pub rules: Value,
    pub settings: Value,
    pub form_settings: Value,
    pub form_summary: Option<String>,
    pub guest_id: Option<String>,
    pub published: bool,
    pub updated_by: Option<String>,
}

/// Stores a new form. The caller registers its id (and guest id) in the platform directory.
pub async fn insert(db: &TenantDb, form: &NewForm) -> Result<()> {
    let at = now();
    sqlx::query(
        "INSERT INTO forms (id, folder_id, name, form_type, schema, rules, settings, form_settings, form_summary, guest_id, published_at, created_at, updated_at, updated_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12, ?13)",
    )
    .bind(&form.id)
    .bind(&form.folder_id)
    .bind(&form.name)
    .bind(&form.form_type)
    .bind(form.schema.to_string())
    .bind(form.rules.to_string())
    .bind(form.settings.to_string())
    .bind(form.form_settings.to_string())
    .bind(&form.form_summary)
    .bind(&form.guest_id)
    .bind(form.published.then_some(at))
    .bind(at)
    .bind(&form.updated_by)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Who may fill in a form: (user ids, group ids); both empty means every user of the client.
pub async fn access_lists(db: &TenantDb, form_id: &str) -> Result<(Vec<String>, Vec<String>)> {
    let rows: Vec<(Option<String>, Option<String>)> =
        sqlx::query_as("SELECT user_id, group_id FROM form_access WHERE form_id = ?1")
            .bind(form_id)
            .fetch_all(db.pool())
            .await?;
    let users = rows.iter().filter_map(|(user, _)| user.clone()).collect();
    let groups = rows.into_iter().filter_map(|(_, group)| group).collect();
    Ok((users, groups))
}
