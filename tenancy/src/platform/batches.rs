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
    /// The token of the result's download link.
    pub link_token: Option<String>,
    pub error: Option<String>,
    /// How many times a runner took it.
    pub attempts: i64,
    pub created_at: i64,
    pub expires_at: Option<i64>,
}

const COLUMNS: &str = "id, client_id, kind, subject, created_by, params, status, total, processed, result, link_token, error, attempts, created_at, expires_at";

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
    link_token: Option<String>,
    error: Option<String>,
    attempts: i64,
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
            link_token: row.link_token,
            error: row.error,
            attempts: row.attempts,
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
    /// The token of the result's download link, if the result has one.
    pub link_token: Option<String>,
}

/// Records a queued batch and answers its id.
pub async fn insert(db: &Platform, new: &NewBatch<'_>) -> Result<String> {
    let id = crate::new_id();
    let at = now();
    sqlx::query(
        "INSERT INTO batches (id, client_id, kind, subject, created_by, params, status, total, processed, link_token, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7, 0, ?8, ?9, ?9)",
    )
    .bind(&id)
    .bind(new.client_id.as_str())
    .bind(new.kind)
    .bind(new.subject)
    .bind(new.created_by)
    .bind(&new.params)
    .bind(new.total)
    .bind(&new.link_token)
    .bind(at)
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// The batch with this id.
pub async fn find(db: &Platform, id: &str) -> Result<Option<Batch>> {
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM batches WHERE id = ?1"
    )))
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(Batch::from))
}

/// Takes a batch for `runner` under a lease of `lease_secs`, starting it over (a job that
/// runs again after a crash starts from the beginning). None when it is final, or another
/// runner holds a lease that has not run out: then this delivery of the job has nothing to do.
pub async fn take(db: &Platform, id: &str, runner: &str, lease_secs: i64) -> Result<Option<Batch>> {
    let at = now();
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE batches SET status = 'running', processed = 0, runner = ?2, lease_until = ?3,
                attempts = attempts + 1, updated_at = ?4
         WHERE id = ?1 AND status IN ('queued', 'running')
           AND (runner IS NULL OR lease_until IS NULL OR lease_until < ?4 OR runner = ?2)
         RETURNING {COLUMNS}"
    )))
    .bind(id)
    .bind(runner)
    .bind(at + lease_secs)
    .bind(at)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(Batch::from))
}

/// Records how much there is to do (after the runner counted it).
pub async fn set_total(db: &Platform, id: &str, runner: &str, total: i64) -> Result<bool> {
    let changed = sqlx::query(
        "UPDATE batches SET total = ?3, updated_at = ?4 WHERE id = ?1 AND runner = ?2 AND status = 'running'",
    )
    .bind(id)
    .bind(runner)
    .bind(total)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(changed == 1)
}

/// Records progress and renews the lease; false when the batch was cancelled or taken over
/// meanwhile (the runner stops).
pub async fn progress(
    db: &Platform,
    id: &str,
    runner: &str,
    processed: i64,
    lease_secs: i64,
) -> Result<bool> {
    let at = now();
    let running = sqlx::query(
        "UPDATE batches SET processed = ?3, lease_until = ?4, updated_at = ?5
         WHERE id = ?1 AND runner = ?2 AND status = 'running'",
    )
    .bind(id)
    .bind(runner)
    .bind(processed)
    .bind(at + lease_secs)
    .bind(at)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(running == 1)
}

/// Marks a batch done with what it made, available until `expires_at`; false when the
/// runner no longer held it (what it made is then not used).
pub async fn finish(
    db: &Platform,
    id: &str,
    runner: &str,
    result: &str,
    expires_at: i64,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE batches SET status = 'done', processed = total, result = ?3, expires_at = ?4,
                lease_until = NULL, updated_at = ?5
         WHERE id = ?1 AND runner = ?2 AND status = 'running'",
    )
    .bind(id)
    .bind(runner)
    .bind(result)
    .bind(expires_at)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(done == 1)
}

/// Gives the lease up after a failure that a retry may get past: the next delivery can take
/// the batch at once.
pub async fn release(db: &Platform, id: &str, runner: &str) -> Result<()> {
    sqlx::query(
        "UPDATE batches SET lease_until = NULL, updated_at = ?3 WHERE id = ?1 AND runner = ?2 AND status = 'running'",
    )
    .bind(id)
    .bind(runner)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Marks a batch failed with the (logged, not shown) reason.
pub async fn fail(db: &Platform, id: &str, error: &str) -> Result<()> {
    sqlx::query(
        "UPDATE batches SET status = 'failed', error = ?2, lease_until = NULL, updated_at = ?3
         WHERE id = ?1 AND status IN ('queued', 'running')",
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
        "UPDATE batches SET status = 'cancelled', lease_until = NULL, updated_at = ?2
         WHERE id = ?1 AND status IN ('queued', 'running')",
    )
    .bind(id)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(cancelled == 1)
}

/// The batches of a client that are queued or running, other than `except`.
pub async fn open_of_client(db: &Platform, client: &ClientId, except: &str) -> Result<Vec<Batch>> {
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM batches WHERE client_id = ?1 AND id <> ?2 AND status IN ('queued', 'running')"
    )))
    .bind(client.as_str())
    .bind(except)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Batch::from).collect())
}

/// Deletes every batch of a client but `except` (a removed client's exports and what
/// their parameters held).
pub async fn remove_of_client(db: &Platform, client: &ClientId, except: &str) -> Result<u64> {
    Ok(
        sqlx::query("DELETE FROM batches WHERE client_id = ?1 AND id <> ?2")
            .bind(client.as_str())
            .bind(except)
            .execute(db.pool())
            .await?
            .rows_affected(),
    )
}

/// Open batches whose job seems lost at `at`: running without a live lease, or queued, and
/// not looked after for `grace_secs`. Each is marked looked after, so the caller queues it
/// again once per grace period however many processes sweep.
pub async fn lost(db: &Platform, at: i64, grace_secs: i64) -> Result<Vec<Batch>> {
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "UPDATE batches SET updated_at = ?1
         WHERE status IN ('queued', 'running') AND updated_at < ?2
           AND (status = 'queued' OR lease_until IS NULL OR lease_until < ?1)
         RETURNING {COLUMNS}"
    )))
    .bind(at)
    .bind(at - grace_secs)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Batch::from).collect())
}

/// Batches whose result expired before `at`, with a result still to remove.
pub async fn expired(db: &Platform, at: i64) -> Result<Vec<Batch>> {
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM batches WHERE expires_at IS NOT NULL AND expires_at < ?1 AND result IS NOT NULL"
    )))
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
/// true for exactly one caller, however many worker processes ask. A claim that was never
/// finished and is older than `stale_secs` can be claimed again (its runner died).
pub async fn claim_run(db: &Platform, job: &str, period: &str, stale_secs: i64) -> Result<bool> {
    let at = now();
    let claimed = sqlx::query(
        "INSERT INTO scheduled_runs (job, period, claimed_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (job, period) DO UPDATE SET claimed_at = excluded.claimed_at
         WHERE scheduled_runs.finished_at IS NULL AND scheduled_runs.claimed_at < ?4",
    )
    .bind(job)
    .bind(period)
    .bind(at)
    .bind(at - stale_secs)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(claimed == 1)
}

/// Records that the run of a period is done.
pub async fn finish_run(db: &Platform, job: &str, period: &str) -> Result<()> {
    sqlx::query("UPDATE scheduled_runs SET finished_at = ?3 WHERE job = ?1 AND period = ?2")
        .bind(job)
        .bind(period)
        .bind(now())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Runs of these jobs claimed more than `grace_secs` before `at` and not finished: their job
/// was lost (a crash between claim and queue, or a job given up). Each is claimed again, so
/// one caller queues it once more.
pub async fn lost_runs(
    db: &Platform,
    jobs: &[&str],
    at: i64,
    grace_secs: i64,
) -> Result<Vec<(String, String)>> {
    Ok(sqlx::query_as(
        "UPDATE scheduled_runs SET claimed_at = ?1
         WHERE finished_at IS NULL AND claimed_at < ?2 AND job IN (SELECT value FROM json_each(?3))
         RETURNING job, period",
    )
    .bind(at)
    .bind(at - grace_secs)
    .bind(serde_json::to_string(jobs)?)
    .fetch_all(db.pool())
    .await?)
}
