//! Queries on `batches`: work on the job queue whose progress a user follows.

use super::Platform;
use crate::error::Result;
use crate::now;
use domain::ids::ClientId;

/// Where a batch is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Queued,
    Running,
    Done,
    Failed,
    Cancelled,
}

impl Status {
    /// Stored and answered name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Queued => "queued",
            Status::Running => "running",
            Status::Done => "done",
            Status::Failed => "failed",
            Status::Cancelled => "cancelled",
        }
    }

    fn parse(raw: &str) -> Status {
        match raw {
            "running" => Status::Running,
            "done" => Status::Done,
            "failed" => Status::Failed,
            "cancelled" => Status::Cancelled,
            _ => Status::Queued,
        }
    }

    /// True when the batch will not change any more.
    pub fn is_final(self) -> bool {
        matches!(self, Status::Done | Status::Failed | Status::Cancelled)
    }
}

/// A batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub id: String,
    pub client_id: ClientId,
    /// What it does, e.g. `export.csv`.
    pub kind: String,
    /// What it is about, e.g. the form id.
    pub subject: Option<String>,
    pub created_by: Option<String>,
    /// What the job needs, as JSON.
    pub params: String,
    pub status: Status,
    pub total: i64,
    pub processed: i64,
    /// What it made, relative to the client's folder (e.g. `exports/<id>.csv`).
    pub result: Option<String>,
    pub error: Option<String>,
    pub created_at: i64,
    pub expires_at: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    client_id: String,
    kind: String,
    subject: Option<String>,
    created_by: Option<String>,
    params: String,
    status: String,
    total: i64,
    processed: i64,
    result: Option<String>,
    error: Option<String>,
    created_at: i64,
    expires_at: Option<i64>,
}

impl From<Row> for Batch {
    fn from(row: Row) -> Batch {
        Batch {
            id: row.id,
            client_id: ClientId::from_trusted(row.client_id),
            kind: row.kind,
            subject: row.subject,
            created_by: row.created_by,
            params: row.params,
            status: Status::parse(&row.status),
            total: row.total,
            processed: row.processed,
            result: row.result,
            error: row.error,
            created_at: row.created_at,
            expires_at: row.expires_at,
        }
    }
}

/// A batch to queue.
#[derive(Debug, Clone)]
pub struct NewBatch<'a> {
    pub client_id: &'a ClientId,
    pub kind: &'a str,
    pub subject: Option<&'a str>,
    pub created_by: Option<&'a str>,
    pub params: String,
    pub total: i64,
}

/// Records a queued batch and answers its id.
pub async fn insert(db: &Platform, new: &NewBatch<'_>) -> Result<String> {
    let id = crate::new_id();
    let at = now();
    sqlx::query(
        "INSERT INTO batches (id, client_id, kind, subject, created_by, params, status, total, processed, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7, 0, ?8, ?8)",
    )
    .bind(&id)
    .bind(new.client_id.as_str())
    .bind(new.kind)
    .bind(new.subject)
    .bind(new.created_by)
    .bind(&new.params)
    .bind(new.total)
    .bind(at)
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// The batch with this id.
pub async fn find(db: &Platform, id: &str) -> Result<Option<Batch>> {
    let row: Option<Row> = sqlx::query_as(
        "SELECT id, client_id, kind, subject, created_by, params, status, total, processed, result, error, created_at, expires_at FROM batches WHERE id = ?1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(Batch::from))
}

/// Marks a batch running from the start (a job that runs again after a crash starts over);
/// false when it is final already, so the job has nothing to do.
pub async fn start(db: &Platform, id: &str, total: i64) -> Result<bool> {
    let started = sqlx::query(
        "UPDATE batches SET status = 'running', total = ?2, processed = 0, updated_at = ?3
         WHERE id = ?1 AND status IN ('queued', 'running')",
    )
    .bind(id)
    .bind(total)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(started == 1)
}

/// Records progress; false when the batch was cancelled meanwhile (the job stops).
pub async fn progress(db: &Platform, id: &str, processed: i64) -> Result<bool> {
    let running = sqlx::query(
        "UPDATE batches SET processed = ?2, updated_at = ?3 WHERE id = ?1 AND status = 'running'",
    )
    .bind(id)
    .bind(processed)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(running == 1)
}

/// Marks a batch done with what it made, available until `expires_at`.
pub async fn finish(db: &Platform, id: &str, result: &str, expires_at: i64) -> Result<()> {
    sqlx::query(
        "UPDATE batches SET status = 'done', processed = total, result = ?2, expires_at = ?3, updated_at = ?4
         WHERE id = ?1 AND status = 'running'",
    )
    .bind(id)
    .bind(result)
    .bind(expires_at)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Marks a batch failed with the (logged, not shown) reason.
pub async fn fail(db: &Platform, id: &str, error: &str) -> Result<()> {
    sqlx::query(
        "UPDATE batches SET status = 'failed', error = ?2, updated_at = ?3 WHERE id = ?1 AND status IN ('queued', 'running')",
    )
    .bind(id)
    .bind(error)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Cancels a batch that is not final yet; answers whether it was.
pub async fn cancel(db: &Platform, id: &str) -> Result<bool> {
    let cancelled = sqlx::query(
        "UPDATE batches SET status = 'cancelled', updated_at = ?2 WHERE id = ?1 AND status IN ('queued', 'running')",
    )
    .bind(id)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(cancelled == 1)
}

/// Batches whose result expired before `at`, with a result still to remove.
pub async fn expired(db: &Platform, at: i64) -> Result<Vec<Batch>> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, client_id, kind, subject, created_by, params, status, total, processed, result, error, created_at, expires_at
         FROM batches WHERE expires_at IS NOT NULL AND expires_at < ?1 AND result IS NOT NULL",
    )
    .bind(at)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Batch::from).collect())
}

/// Forgets a batch's result after its file was removed.
pub async fn forget_result(db: &Platform, id: &str) -> Result<()> {
    sqlx::query("UPDATE batches SET result = NULL, updated_at = ?2 WHERE id = ?1")
        .bind(id)
        .bind(now())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Claims the run of a periodic job for a period (e.g. the trash purge of 2026-11-24):
/// true for exactly one caller, however many worker processes ask.
pub async fn claim_run(db: &Platform, job: &str, period: &str) -> Result<bool> {
    let claimed = sqlx::query(
        "INSERT INTO scheduled_runs (job, period, claimed_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
    )
    .bind(job)
    .bind(period)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(claimed == 1)
}
