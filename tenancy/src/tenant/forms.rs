//! Queries on `forms` and `form_access`.

use crate::error::Result;
use crate::{TenantDb, now};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A form as stored. JSON columns are decoded; a damaged column reads as its empty value.
/// Serialisable because a revision keeps the whole form as it was.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    ($tail:expr) => {
        concat!(
            "SELECT id, folder_id, name, form_type, schema, rules, form_values, email_settings, webhook_integrations, settings, form_settings, form_summary, registration_name_token, guest_id, published_at, updated_at, updated_by FROM forms ",
            $tail
        )
    };
}

/// `select!` of the forms that were not deleted; `$tail` goes on with AND or ORDER BY.
macro_rules! select_live {
    ($tail:literal) => {
        select!(concat!(
            "WHERE NOT EXISTS (SELECT 1 FROM form_deletions d WHERE d.form_id = forms.id) ",
            $tail
        ))
    };
}

/// The form with this id, unless it was deleted.
pub async fn find(db: &TenantDb, id: &str) -> Result<Option<Form>> {
    let row: Option<Row> = sqlx::query_as(select_live!("AND id = ?1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Form::from))
}

/// What a send is checked against: the form with this id unless it was deleted, and who may
/// fill it in (users, groups). Read on the tenant's writer connection, so a tenant opened for
/// sends needs no other connection (`Writer::read`).
pub async fn find_for_send(
    db: &TenantDb,
    id: &str,
) -> Result<Option<(Form, Vec<String>, Vec<String>)>> {
    let id = id.to_owned();
    db.writer()
        .read(move |conn| {
            use rusqlite::OptionalExtension;
            let Some(row) = conn
                .prepare_cached(select_live!("AND id = ?1"))?
                .query_row([&id], direct_row)
                .optional()?
            else {
                return Ok(None);
            };
            let (mut users, mut groups) = (Vec::new(), Vec::new());
            let mut access = conn.prepare_cached(ACCESS_LISTS)?;
            let mut rows = access.query([&id])?;
            while let Some(row) = rows.next()? {
                users.extend(row.get::<_, Option<String>>(0)?);
                groups.extend(row.get::<_, Option<String>>(1)?);
            }
            Ok(Some((Form::from(row), users, groups)))
        })
        .await
}

/// A form's next serial number, on the writer's connection; None when there is no such form.
pub(crate) fn next_serial(db: &rusqlite::Connection, form: &str) -> Result<Option<i64>> {
    use rusqlite::OptionalExtension;
    Ok(db
        .prepare_cached("SELECT next_serial FROM forms WHERE id = ?1")?
        .query_row([form], |row| row.get(0))
        .optional()?)
}

/// Records a form's next serial number, on the writer's connection.
pub(crate) fn set_next_serial(db: &rusqlite::Connection, form: &str, next: i64) -> Result<()> {
    db.prepare_cached("UPDATE forms SET next_serial = ?2 WHERE id = ?1")?
        .execute(rusqlite::params![form, next])?;
    Ok(())
}

/// The columns [`select!`] reads, as [`Row`], from the writer's connection.
fn direct_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    Ok(Row {
        id: row.get(0)?,
        folder_id: row.get(1)?,
        name: row.get(2)?,
        form_type: row.get(3)?,
        schema: row.get(4)?,
        rules: row.get(5)?,
        form_values: row.get(6)?,
        email_settings: row.get(7)?,
        webhook_integrations: row.get(8)?,
        settings: row.get(9)?,
        form_settings: row.get(10)?,
        form_summary: row.get(11)?,
        registration_name_token: row.get(12)?,
        guest_id: row.get(13)?,
        published_at: row.get(14)?,
        updated_at: row.get(15)?,
        updated_by: row.get(16)?,
    })
}

/// The form with this id, also when it was deleted: registrations outlive their form and
/// still show its name.
pub async fn find_with_deleted(db: &TenantDb, id: &str) -> Result<Option<Form>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE id = ?1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Form::from))
}

/// The form reachable through this guest id (guest access must also be switched on).
pub async fn find_by_guest_id(db: &TenantDb, guest_id: &str) -> Result<Option<Form>> {
    let row: Option<Row> = sqlx::query_as(select_live!("AND guest_id = ?1"))
        .bind(guest_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Form::from))
}

/// Live forms whose schema text holds `text`: a narrowing step for look-ups by an element's
/// uuid (the caller checks where it stands).
pub async fn mentioning(db: &TenantDb, text: &str) -> Result<Vec<Form>> {
    let rows: Vec<Row> = sqlx::query_as(select_live!("AND instr(schema, ?1) > 0"))
        .bind(text)
        .fetch_all(db.pool())
        .await?;
    Ok(rows.into_iter().map(Form::from).collect())
}

/// Every form of the client that was not deleted, published or not (the form admin list).
pub async fn list(db: &TenantDb) -> Result<Vec<Form>> {
    let rows: Vec<Row> = sqlx::query_as(select_live!("ORDER BY name COLLATE NOCASE, id"))
        .fetch_all(db.pool())
        .await?;
    Ok(rows.into_iter().map(Form::from).collect())
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
    let rows: Vec<Row> = sqlx::query_as(select_live!(
        "AND published_at IS NOT NULL AND (
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
    pub values: Value,
    pub email_settings: Value,
    pub webhook_integrations: Value,
    pub settings: Value,
    pub form_settings: Value,
    pub form_summary: Option<String>,
    pub registration_name_token: Option<String>,
    pub guest_id: Option<String>,
    pub published: bool,
    pub updated_by: Option<String>,
}

impl NewForm {
    /// A new form of the default type, not published, with nothing in it yet: an empty
    /// schema, no rules, values, e-mails, hooks or settings. Callers fill in what they have
    /// with struct update syntax.
    pub fn new(id: String, name: String) -> NewForm {
        NewForm {
            id,
            folder_id: None,
            name,
            form_type: "default".into(),
            schema: serde_json::json!([]),
            rules: serde_json::json!([]),
            values: serde_json::json!({}),
            email_settings: serde_json::json!([]),
            webhook_integrations: serde_json::json!([]),
            settings: serde_json::json!({}),
            form_settings: serde_json::json!({}),
            form_summary: None,
            registration_name_token: None,
            guest_id: None,
            published: false,
            updated_by: None,
        }
    }

    /// The form as it will be stored at `at`.
    fn into_form(self, at: i64) -> Form {
        Form {
            id: self.id,
            folder_id: self.folder_id,
            name: self.name,
            form_type: self.form_type,
            schema: self.schema,
            rules: self.rules,
            values: self.values,
            email_settings: self.email_settings,
            webhook_integrations: self.webhook_integrations,
            settings: self.settings,
            form_settings: self.form_settings,
            form_summary: self.form_summary,
            registration_name_token: self.registration_name_token,
            guest_id: self.guest_id,
            published_at: self.published.then_some(at),
            updated_at: at,
            updated_by: self.updated_by,
        }
    }
}

/// Stores a new form: its row, then its parts exactly as a change writes them. The caller
/// registers its id (and guest id) in the platform directory.
pub async fn insert(db: &TenantDb, new: &NewForm) -> Result<()> {
    let at = now();
    let form = new.clone().into_form(at);
    let mut tx = db.pool().begin().await?;
    sqlx::query(
        "INSERT INTO forms (id, name, form_type, published_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
    )
    .bind(&form.id)
    .bind(&form.name)
    .bind(&form.form_type)
    .bind(form.published_at)
    .bind(at)
    .execute(&mut *tx)
    .await?;
    write_parts(&mut *tx, &form, form.updated_by.as_deref()).await?;
    tx.commit().await?;
    Ok(())
}

/// Who may fill a form in: a user or a group each row.
const ACCESS_LISTS: &str = "SELECT user_id, group_id FROM form_access WHERE form_id = ?1";

/// Who may fill in a form: (user ids, group ids); both empty means every user of the client.
pub async fn access_lists(db: &TenantDb, form_id: &str) -> Result<(Vec<String>, Vec<String>)> {
    let rows: Vec<(Option<String>, Option<String>)> = sqlx::query_as(ACCESS_LISTS)
        .bind(form_id)
        .fetch_all(db.pool())
        .await?;
    let users = rows.iter().filter_map(|(user, _)| user.clone()).collect();
    let groups = rows.into_iter().filter_map(|(_, group)| group).collect();
    Ok((users, groups))
}

/// Stores every editable part of `form` (everything but publication and access, which have
/// calls of their own) and records who changed it now.
pub async fn update(db: &TenantDb, form: &Form, user_id: Option<&str>) -> Result<()> {
    write_parts(db.pool(), form, user_id).await
}

async fn write_parts<'e>(
    exec: impl sqlx::SqliteExecutor<'e>,
    form: &Form,
    user_id: Option<&str>,
) -> Result<()> {
    sqlx::query(
        "UPDATE forms SET folder_id = ?2, name = ?3, schema = ?4, rules = ?5, form_values = ?6, email_settings = ?7,
             webhook_integrations = ?8, settings = ?9, form_settings = ?10, form_summary = ?11,
             registration_name_token = ?12, guest_id = ?13, updated_at = ?14, updated_by = ?15
         WHERE id = ?1",
    )
    .bind(&form.id)
    .bind(&form.folder_id)
    .bind(&form.name)
    .bind(form.schema.to_string())
    .bind(form.rules.to_string())
    .bind(form.values.to_string())
    .bind(form.email_settings.to_string())
    .bind(form.webhook_integrations.to_string())
    .bind(form.settings.to_string())
    .bind(form.form_settings.to_string())
    .bind(&form.form_summary)
    .bind(&form.registration_name_token)
    .bind(&form.guest_id)
    .bind(now())
    .bind(user_id)
    .execute(exec)
    .await?;
    Ok(())
}

/// Publishes (now) or unpublishes a form.
pub async fn set_published(db: &TenantDb, id: &str, published: bool) -> Result<()> {
    sqlx::query("UPDATE forms SET published_at = ?2 WHERE id = ?1")
        .bind(id)
        .bind(published.then(now))
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Marks a form deleted: it disappears from every list and lookup, its registrations stay.
/// The guest id is dropped so the old link can never come back.
pub async fn mark_deleted(db: &TenantDb, id: &str) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    sqlx::query("INSERT OR IGNORE INTO form_deletions (form_id, deleted_at) VALUES (?1, ?2)")
        .bind(id)
        .bind(now())
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE forms SET guest_id = NULL, published_at = NULL WHERE id = ?1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// How many live forms are in these folders.
pub async fn count_in_folders(db: &TenantDb, folder_ids: &[String]) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM forms WHERE NOT EXISTS (SELECT 1 FROM form_deletions d WHERE d.form_id = forms.id) AND folder_id IN (SELECT value FROM json_each(?1))",
    )
    .bind(serde_json::to_string(folder_ids)?)
    .fetch_one(db.pool())
    .await?)
}

/// Who a `form_access` row lets in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grantee<'a> {
    User(&'a str),
    Group(&'a str),
}

impl Grantee<'_> {
    fn columns(self) -> (Option<String>, Option<String>) {
        match self {
            Grantee::User(id) => (Some(id.to_owned()), None),
            Grantee::Group(id) => (None, Some(id.to_owned())),
        }
    }
}

/// Lets a user or group fill in the form (once; granting twice changes nothing).
pub async fn grant(db: &TenantDb, form_id: &str, grantee: Grantee<'_>) -> Result<()> {
    let (user, group) = grantee.columns();
    sqlx::query(
        "INSERT OR IGNORE INTO form_access (form_id, user_id, group_id) VALUES (?1, ?2, ?3)",
    )
    .bind(form_id)
    .bind(user)
    .bind(group)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Takes a grant away again.
pub async fn revoke(db: &TenantDb, form_id: &str, grantee: Grantee<'_>) -> Result<()> {
    let (user, group) = grantee.columns();
    sqlx::query("DELETE FROM form_access WHERE form_id = ?1 AND user_id IS ?2 AND group_id IS ?3")
        .bind(form_id)
        .bind(user)
        .bind(group)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The forms a group opens (form access by group), by name, without removed ones.
pub async fn of_group(db: &TenantDb, group_id: &str) -> Result<Vec<(String, String)>> {
    Ok(sqlx::query_as(
        "SELECT f.id, f.name FROM form_access a JOIN forms f ON f.id = a.form_id
         WHERE a.group_id = ?1 AND f.id NOT IN (SELECT form_id FROM form_deletions)
         ORDER BY f.name COLLATE NOCASE, f.id",
    )
    .bind(group_id)
    .fetch_all(db.pool())
    .await?)
}
