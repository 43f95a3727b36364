//! The per-tenant group-commit writer. Sends that must be durable before they are
//! acknowledged queue here; the writer takes everything waiting, applies it in one
//! transaction (a savepoint each, so one failing send never fails its neighbours) and
//! commits once — one fsync for the whole batch under synchronous=FULL.

use crate::error::{Result, TenancyError};
use crate::tenant::registrations::{self, NewRegistration, SubmitOutcome};
use sqlx::{Acquire, SqliteConnection, SqlitePool};
use std::collections::HashSet;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// Most sends in one transaction; bounds the latency of the first one in a batch.
const MAX_BATCH: usize = 512;
/// Sends waiting for the writer at most; beyond this callers wait for room (back-pressure).
const QUEUE_DEPTH: usize = 4096;

type Reply = oneshot::Sender<Result<SubmitOutcome>>;

/// Handle to a tenant's writer task; cloning shares the task.
#[derive(Debug, Clone)]
pub struct Writer {
    tx: mpsc::Sender<(NewRegistration, Reply)>,
}

impl Writer {
    /// Starts the writer task for a tenant pool. The task ends when every handle is dropped.
    pub fn start(pool: SqlitePool) -> Writer {
        let (tx, rx) = mpsc::channel(QUEUE_DEPTH);
        tokio::spawn(run(pool, rx));
        Writer { tx }
    }

    /// Stores a registration; answers only after its transaction is committed to disk.
    pub async fn submit(&self, new: NewRegistration) -> Result<SubmitOutcome> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send((new, reply))
            .await
            .map_err(|_| writer_gone())?;
        answer.await.map_err(|_| writer_gone())?
    }
}

fn writer_gone() -> TenancyError {
    TenancyError::Io(std::io::Error::other("the tenant writer stopped"))
}

async fn run(pool: SqlitePool, mut rx: mpsc::Receiver<(NewRegistration, Reply)>) {
    let mut conn = Connection { pool, open: None };
    let mut batch = Vec::with_capacity(MAX_BATCH);
    // Schema hashes known to be stored in this tenant (see registrations::apply_batch).
    let mut known_schemas = HashSet::new();
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let jobs = std::mem::take(&mut batch);
        let (outcomes, replies) = commit_batch(&mut conn, jobs, &mut known_schemas).await;
        for (outcome, reply) in outcomes.into_iter().zip(replies) {
            // A caller that gave up (client disconnected) no longer needs the answer; the
            // registration is stored all the same and a resend finds it by fill_token.
            let _ = reply.send(outcome);
        }
    }
}

/// The writer's own connection, taken out of the tenant pool: a batch never waits for a
/// connection that readers hold, and its statements stay prepared from batch to batch. After
/// a failed batch it is dropped and a fresh one is taken, so a connection left in an unknown
/// state is never used again.
struct Connection {
    pool: SqlitePool,
    open: Option<SqliteConnection>,
}

impl Connection {
    async fn get(&mut self) -> Result<&mut SqliteConnection> {
        if self.open.is_none() {
            self.open = Some(self.pool.acquire().await?.detach());
        }
        self.open.as_mut().ok_or_else(writer_gone)
    }

    /// Drops the connection after a failed batch. The batch's transaction is not sqlx's, so
    /// it is rolled back here first: closing would roll it back too, but on the connection's
    /// own thread and later, while the sends applied again wait for its write lock.
    async fn discard(&mut self) {
        if let Some(mut open) = self.open.take() {
            // Fails only when no transaction is open, which is what it is for.
            let _ = sqlx::query("ROLLBACK").execute(&mut open).await;
        }
    }
}

/// Applies a batch in one transaction with the batched statements; if one of those fails,
/// everything is rolled back and applied again send by send (a savepoint each), so one bad
/// send never fails its neighbours. When a commit fails, every send in it gets the error —
/// none was stored.
async fn commit_batch(
    conn: &mut Connection,
    jobs: Vec<(NewRegistration, Reply)>,
    known_schemas: &mut HashSet<Arc<str>>,
) -> (Vec<Result<SubmitOutcome>>, Vec<Reply>) {
    let (news, replies): (Vec<_>, Vec<_>) = jobs.into_iter().unzip();
    let outcomes = match apply(conn, &news, Some(&mut *known_schemas)).await {
        Ok(outcomes) => Ok(outcomes),
        Err(err) => {
            // What the rolled-back batch stored is gone again, schemas included.
            known_schemas.clear();
            conn.discard().await;
            tracing::warn!(error = %err, "batched send failed; applying the sends one by one");
            let outcomes = apply(conn, &news, None).await;
            if outcomes.is_err() {
                conn.open = None;
            }
            outcomes
        }
    };
    let outcomes = outcomes.unwrap_or_else(|err| {
        tracing::error!(error = %err, "group commit failed");
        news.iter()
            .map(|_| Err(TenancyError::Io(std::io::Error::other(err.to_string()))))
            .collect()
    });
    (outcomes, replies)
}

/// Batched when given the writer's known schemas (the batch runs its own transaction, see
/// [`registrations::apply_batch`]), otherwise send by send.
async fn apply(
    conn: &mut Connection,
    news: &[NewRegistration],
    batched: Option<&mut HashSet<Arc<str>>>,
) -> Result<Vec<Result<SubmitOutcome>>> {
    if let Some(known_schemas) = batched {
        return registrations::apply_batch(conn.get().await?, news, known_schemas).await;
    }
    let mut tx = conn.get().await?.begin().await?;
    let mut outcomes = Vec::with_capacity(news.len());
    for new in news {
        let mut savepoint = tx.begin().await?;
        match registrations::apply_submit(&mut savepoint, new).await {
            Ok(outcome) => {
                savepoint.commit().await?;
                outcomes.push(Ok(outcome));
            }
            Err(err) => {
                savepoint.rollback().await?;
                outcomes.push(Err(err));
            }
        }
    }
    tx.commit().await?;
    Ok(outcomes)
}
