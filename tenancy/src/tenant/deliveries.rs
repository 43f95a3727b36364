//! Queries on `deliveries`, the outbox: what e-mails and webhooks a registration must cause,
//! recorded with the registration, then queued, taken under a lease and finished.

use crate::TenantDb;
use crate::error::Result;
use crate::param::{self, Param};
use crate::{new_id, now};
use sqlx::SqliteConnection;

/// One e-mail or webhook to record with a registration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    /// `email` or `webhook`.
    pub channel: &'static str,
    pub index: usize,
    pub name: String,
    pub hook_type: &'static str,
    /// The phase the registration reaches (workflow forms).
    pub phase: Option<String>,
    /// The setting as JSON, kept as it is now.
    pub setting: String,
}

/// A delivery as the job and the registration detail read it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Delivery {
    pub id: String,
    pub idempotency_key: String,
    pub registration_id: String,
    pub form_id: String,
    pub channel: String,
    pub hook_index: i64,
    pub hook_name: String,
    pub hook_type: String,
    pub phase: Option<String>,
    pub setting: String,
    pub status: String,
    pub attempts: i64,
    pub next_attempt_at: Option<i64>,
    pub last_answer: Option<String>,
    pub attachments: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub delivered_at: Option<i64>,
}

/// The columns of [`Delivery`], as a literal so the statements stay static text.
macro_rules! columns {
    () => {
        "id, idempotency_key, registration_id, form_id, channel, hook_index, hook_name, hook_type, phase, setting, status, attempts, next_attempt_at, last_answer, attachments, created_at, updated_at, delivered_at"
    };
}

/// The deliveries due when a registration reaches `phase` (workflow forms) or is completed,
/// of a form whose e-mail settings and integrations are `hooks`
/// (`domain::notifications::hooks`), each setting kept as it is now.
pub fn planned(
    hooks: &[domain::notifications::Due],
    phase: Option<&str>,
    completed: bool,
) -> Vec<Planned> {
    let moment = domain::notifications::Moment { phase, completed };
    hooks
        .iter()
        .filter(|hook| hook.is_due(moment))
        .map(|hook| Planned {
            channel: hook.channel.as_str(),
            index: hook.index,
            name: hook.name.clone(),
            hook_type: hook.hook_type,
            phase: phase.map(str::to_owned),
            setting: hook.setting.clone(),
        })
        .collect()
}

/// Records one delivery of an event; the same event's delivery recorded again adds nothing.
const RECORD: &str = "INSERT OR IGNORE INTO deliveries (id, idempotency_key, registration_id, form_id, channel, hook_index, hook_name, hook_type, phase, setting, next_attempt_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?11)";

/// [`RECORD`]'s parameters for each planned delivery of one event of a registration.
fn records<'a>(
    registration: &'a str,
    form: &'a str,
    event: &'a str,
    planned: &'a [Planned],
    at: i64,
) -> impl Iterator<Item = Vec<Param>> + 'a {
    planned.iter().map(move |plan| {
        vec![
            new_id().into(),
            format!("{registration}:{event}:{}:{}", plan.channel, plan.index).into(),
            registration.into(),
            form.into(),
            plan.channel.into(),
            i64::try_from(plan.index).unwrap_or(i64::MAX).into(),
            plan.name.as_str().into(),
            plan.hook_type.into(),
            plan.phase.as_ref().into(),
            plan.setting.as_str().into(),
            at.into(),
        ]
    })
}

/// Records the deliveries of one event of a registration inside the caller's transaction.
/// `event` tells the events apart (`new`, a workflow move's id, `resend-<id>`); recording
/// the same event twice adds nothing.
pub(crate) async fn record(
    conn: &mut SqliteConnection,
    registration: &str,
    form: &str,
    event: &str,
    planned: &[Planned],
    at: i64,
) -> Result<()> {
    for params in records(registration, form, event, planned, at) {
        param::bind(sqlx::query(RECORD), params)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// [`record`] on the group-commit writer's own connection.
pub(crate) fn record_direct(
    conn: &rusqlite::Connection,
    registration: &str,
    form: &str,
    event: &str,
    planned: &[Planned],
    at: i64,
) -> Result<()> {
    let mut insert = conn.prepare_cached(RECORD)?;
    for params in records(registration, form, event, planned, at) {
        insert.execute(rusqlite::params_from_iter(params))?;
    }
    Ok(())
}

/// A manager's resend: the deliveries again, as a new event. Answers how many were recorded.
pub async fn resend(
    db: &TenantDb,
    registration: &str,
    form: &str,
    planned: &[Planned],
) -> Result<usize> {
    let mut conn = db.pool().acquire().await?;
    let event = format!("resend-{}", new_id());
    record(&mut conn, registration, form, &event, planned, now()).await?;
    Ok(planned.len())
}

/// Claims up to `limit` deliveries due now and not on the queue (or queued longer than
/// `requeue_after` seconds ago without being taken: the job was lost), oldest first, marking
/// them queued in the same statement, so two dispatchers never both queue a row. A crash
/// before the caller queues them leaves them to be claimed again after `requeue_after`.
pub async fn claim_due(db: &TenantDb, requeue_after: i64, limit: i64) -> Result<Vec<String>> {
    let at = now();
    Ok(sqlx::query_scalar(
        "UPDATE deliveries SET queued_at = ?1
         WHERE id IN (
           SELECT id FROM deliveries
           WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ?1
             AND (queued_at IS NULL OR queued_at <= ?2) AND (lease_until IS NULL OR lease_until <= ?1)
           ORDER BY next_attempt_at LIMIT ?3)
         RETURNING id",
    )
    .bind(at)
    .bind(at - requeue_after)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

/// Takes a due delivery for `lease_secs` and counts the attempt; None when it is not due
/// (finished already, or another job holds it): a duplicate job then does nothing.
pub async fn take(db: &TenantDb, id: &str, lease_secs: i64) -> Result<Option<Delivery>> {
    let at = now();
    Ok(sqlx::query_as(concat!(
        "UPDATE deliveries SET lease_until = ?2, attempts = attempts + 1, updated_at = ?3
         WHERE id = ?1 AND next_attempt_at IS NOT NULL AND next_attempt_at <= ?3
           AND (lease_until IS NULL OR lease_until <= ?3)
         RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(at + lease_secs)
    .bind(at)
    .fetch_optional(db.pool())
    .await?)
}

/// A delivery went through.
pub async fn succeed(
    db: &TenantDb,
    id: &str,
    answer: &str,
    attachments: Option<&str>,
) -> Result<()> {
    let at = now();
    sqlx::query(
        "UPDATE deliveries SET status = 'success', next_attempt_at = NULL, queued_at = NULL, lease_until = NULL,
                last_answer = ?2, attachments = COALESCE(?3, attachments), updated_at = ?4, delivered_at = ?4
         WHERE id = ?1",
    )
    .bind(id)
    .bind(answer)
    .bind(attachments)
    .bind(at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// A delivery failed: tried again at `retry_at`, or never again (None).
pub async fn fail(db: &TenantDb, id: &str, answer: &str, retry_at: Option<i64>) -> Result<()> {
    sqlx::query(
        "UPDATE deliveries SET status = 'error', next_attempt_at = ?3, queued_at = NULL, lease_until = NULL,
                last_answer = ?2, updated_at = ?4
         WHERE id = ?1",
    )
    .bind(id)
    .bind(answer)
    .bind(retry_at)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Every delivery of a registration, oldest first.
pub async fn for_registration(db: &TenantDb, registration: &str) -> Result<Vec<Delivery>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM deliveries WHERE registration_id = ?1 ORDER BY created_at, channel, hook_index"
    ))
    .bind(registration)
    .fetch_all(db.pool())
    .await?)
}
