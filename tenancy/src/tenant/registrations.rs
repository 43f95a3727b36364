//! Queries on `registrations`. Inserts go only through the group-commit writer
//! ([`crate::writer::Writer`]), which calls [`apply_submit`] inside its transaction.

use crate::error::{Result, TenancyError};
use crate::tenant::credits;
use crate::{TenantDb, new_id, now};
use serde_json::Value;
use sqlx::SqliteConnection;

/// Registration status (spec: completed, hold, draft).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Completed,
    /// Stored but hidden because the client had no credits left.
    Hold,
    /// Incomplete; workflow forms only.
    Draft,
}

impl Status {
    /// Stored and answered name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Completed => "completed",
            Status::Hold => "hold",
            Status::Draft => "draft",
        }
    }
}

/// What the serial number and date are, once the writer has assigned them.
#[derive(Debug, Clone)]
pub struct Numbered {
    pub id: String,
    pub serial_number: i64,
    pub created_at: i64,
}

/// The parts of a registration that depend on its number: rendered by the caller's domain
/// logic inside the writer's transaction.
#[derive(Debug, Clone)]
pub struct Finished {
    pub values: Value,
    pub summary: String,
    pub registration_name: Option<String>,
}

/// Renders the number-dependent parts of a registration.
pub type Finish = Box<dyn FnOnce(&Numbered) -> Finished + Send>;

/// A registration to store.
pub struct NewRegistration {
    pub form_id: String,
    pub fill_token: Option<String>,
    /// Hash of what was sent; an identical resend with the same fill_token is a replay.
    pub payload_hash: String,
    pub user_id: Option<String>,
    pub username: Option<String>,
    pub wanted: Status,
    pub phase: Option<String>,
    pub schema: Value,
    /// Admins may use expired credits (spec document 3: expiry counts only for non-admins).
    pub allow_expired_credits: bool,
    pub finish: Finish,
}

impl std::fmt::Debug for NewRegistration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewRegistration").field("form_id", &self.form_id).field("fill_token", &self.fill_token).finish()
    }
}

/// A stored registration.
#[derive(Debug, Clone, PartialEq)]
pub struct Registration {
    pub id: String,
    pub form_id: String,
    pub serial_number: i64,
    pub fill_token: Option<String>,
    pub user_id: Option<String>,
    pub username: Option<String>,
    pub registration_name: Option<String>,
    pub summary: String,
    pub status: String,
    pub phase: Option<String>,
    pub values: Value,
    pub schema: Value,
    pub created_at: i64,
    pub updated_at: i64,
}

/// What became of a send.
#[derive(Debug, Clone, PartialEq)]
pub enum SubmitOutcome {
    Created(Registration),
    /// The same fill_token and payload were stored before: the original.
    Replayed(Registration),
    /// The fill_token was used for a different payload.
    Conflict,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    form_id: String,
    serial_number: i64,
    fill_token: Option<String>,
    user_id: Option<String>,
    username: Option<String>,
    registration_name: Option<String>,
    summary: String,
    status: String,
    phase: Option<String>,
    reg_values: String,
    schema: String,
    created_at: i64,
    updated_at: i64,
}

impl From<Row> for Registration {
    fn from(row: Row) -> Registration {
        Registration {
            id: row.id,
            form_id: row.form_id,
            serial_number: row.serial_number,
            fill_token: row.fill_token,
            user_id: row.user_id,
            username: row.username,
            registration_name: row.registration_name,
            summary: row.summary,
            status: row.status,
            phase: row.phase,
            values: serde_json::from_str(&row.reg_values).unwrap_or(Value::Null),
            schema: serde_json::from_str(&row.schema).unwrap_or(Value::Null),
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

macro_rules! select {
    ($tail:literal) => {
        concat!(
            "SELECT id, form_id, serial_number, fill_token, user_id, username, registration_name, summary, status, phase, reg_values, schema, created_at, updated_at FROM registrations ",
            $tail
        )
    };
}

/// Applies one send inside the writer's transaction: replay or conflict by fill_token,
/// next serial number of the form, one credit (or status hold), insert.
pub(crate) async fn apply_submit(conn: &mut SqliteConnection, new: NewRegistration) -> Result<SubmitOutcome> {
    if let Some(token) = &new.fill_token {
        let existing: Option<(String, String)> =
            sqlx::query_as("SELECT id, payload_hash FROM registrations WHERE fill_token = ?1")
                .bind(token)
                .fetch_optional(&mut *conn)
                .await?;
        if let Some((id, hash)) = existing {
            if hash != new.payload_hash {
                return Ok(SubmitOutcome::Conflict);
            }
            let row: Row = sqlx::query_as(select!("WHERE id = ?1")).bind(&id).fetch_one(&mut *conn).await?;
            return Ok(SubmitOutcome::Replayed(row.into()));
        }
    }
    let serial: Option<i64> =
        sqlx::query_scalar("UPDATE forms SET next_serial = next_serial + 1 WHERE id = ?1 RETURNING next_serial - 1")
            .bind(&new.form_id)
            .fetch_optional(&mut *conn)
            .await?;
    let serial_number = serial.ok_or_else(|| TenancyError::NotFound(format!("form {}", new.form_id)))?;
    let status = match new.wanted {
        Status::Draft => Status::Draft,
        _ if credits::consume_one(conn, new.allow_expired_credits).await? => Status::Completed,
        _ => Status::Hold,
    };
    let numbered = Numbered { id: new_id(), serial_number, created_at: now() };
    let finished = (new.finish)(&numbered);
    sqlx::query(
        "INSERT INTO registrations (id, form_id, serial_number, fill_token, payload_hash, user_id, username, registration_name, summary, status, phase, reg_values, schema, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14)",
    )
    .bind(&numbered.id)
    .bind(&new.form_id)
    .bind(serial_number)
    .bind(&new.fill_token)
    .bind(&new.payload_hash)
    .bind(&new.user_id)
    .bind(&new.username)
    .bind(&finished.registration_name)
    .bind(&finished.summary)
    .bind(status.as_str())
    .bind(&new.phase)
    .bind(finished.values.to_string())
    .bind(new.schema.to_string())
    .bind(numbered.created_at)
    .execute(&mut *conn)
    .await?;
    let row: Row = sqlx::query_as(select!("WHERE id = ?1")).bind(&numbered.id).fetch_one(&mut *conn).await?;
    Ok(SubmitOutcome::Created(row.into()))
}

/// One registration of a form.
pub async fn find(db: &TenantDb, form_id: &str, id: &str) -> Result<Option<Registration>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE form_id = ?1 AND id = ?2 AND deleted_at IS NULL"))
        .bind(form_id)
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Registration::from))
}

/// A page of the registrations a user sent (newest first), hold ones excluded because they
/// cannot be opened; plus the total count.
pub async fn page_for_user(db: &TenantDb, user_id: &str, page: i64, per_page: i64) -> Result<(Vec<Registration>, i64)> {
    let rows: Vec<Row> = sqlx::query_as(select!(
        "WHERE user_id = ?1 AND deleted_at IS NULL AND status <> 'hold' ORDER BY created_at DESC, serial_number DESC LIMIT ?2 OFFSET ?3"
    ))
    .bind(user_id)
    .bind(per_page)
    .bind(page.max(0) * per_page)
    .fetch_all(db.pool())
    .await?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM registrations WHERE user_id = ?1 AND deleted_at IS NULL AND status <> 'hold'",
    )
    .bind(user_id)
    .fetch_one(db.pool())
    .await?;
    Ok((rows.into_iter().map(Registration::from).collect(), total))
}

/// Completed registrations of a form whose value at each path contains the term
/// (case-insensitive), newest first. Paths are element names joined by '.', checked by the
/// caller against the form's searchable fields (so they are always `[a-z0-9_.]`).
pub async fn search(db: &TenantDb, form_id: &str, filters: &[(String, String)], limit: i64) -> Result<Vec<Registration>> {
    let filters: Vec<Value> = filters
        .iter()
        .map(|(path, term)| serde_json::json!({ "path": format!("$.{path}"), "term": term.to_lowercase() }))
        .collect();
    // The filters travel as one bound JSON array, so the SQL stays static; a missing value
    // reads as '' and matches only an empty term. Arrays and objects match on their JSON text.
    let rows: Vec<Row> = sqlx::query_as(select!(
        "WHERE form_id = ?1 AND deleted_at IS NULL AND status = 'completed'
           AND NOT EXISTS (
             SELECT 1 FROM json_each(?2) f
             WHERE lower(COALESCE(CAST(json_extract(reg_values, json_extract(f.value, '$.path')) AS TEXT), ''))
                   NOT LIKE '%' || json_extract(f.value, '$.term') || '%'
           )
         ORDER BY created_at DESC, serial_number DESC LIMIT ?3"
    ))
    .bind(form_id)
    .bind(Value::Array(filters).to_string())
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Registration::from).collect())
}
