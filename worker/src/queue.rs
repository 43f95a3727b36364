//! The job queue: apalis' SQLite storage in `data/jobs.db` by default, its Redis storage
//! when a Redis URL is configured so workers on many machines share one queue.

use crate::connect_jobs_db;
use crate::jobs::{DeliverJob, MailJob, WorkJob};
use apalis::prelude::TaskSink;
use apalis_redis::RedisStorage;
use apalis_sqlite::SqliteStorage;
use std::path::Path;

/// Why the queue could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("job database: {0}")]
    Sqlite(String),
    #[error("redis: {0}")]
    Redis(String),
    #[error("pushing a job: {0}")]
    Push(String),
}

/// One storage per queue (mail, the work jobs, deliveries of the outbox), all on the same
/// backend.
#[derive(Clone)]
pub enum Queue {
    Sqlite {
        /// The job database, for the queue's depth.
        pool: sqlx::SqlitePool,
        prefix: String,
        mail: SqliteStorage<MailJob>,
        work: SqliteStorage<WorkJob>,
        deliver: SqliteStorage<DeliverJob>,
    },
    Redis {
        /// The connection, for the queue's depth.
        conn: redis::aio::ConnectionManager,
        prefix: String,
        mail: RedisStorage<MailJob>,
        work: RedisStorage<WorkJob>,
        deliver: RedisStorage<DeliverJob>,
    },
}

/// The queues of one backend, by the name their metric carries.
const QUEUES: [&str; 3] = ["mail", "work", "deliver"];

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Queue::Sqlite { .. } => "Queue::Sqlite",
            Queue::Redis { .. } => "Queue::Redis",
        })
    }
}

/// Deliveries fetched per poll: they run eight at a time and mostly wait on other servers,
/// so apalis' default of 10 per poll (every 250 ms) would cap a process at ~40 a second.
const DELIVER_BATCH: usize = 64;

/// Queue name of a job type under a prefix (tests use their own prefix to share one Redis).
fn queue_name(prefix: &str, job: &str) -> String {
    format!("{prefix}.{job}")
}

impl Queue {
    /// Connects to Redis when `redis_url` is given, otherwise opens `data_dir/jobs.db`.
    pub async fn connect(
        data_dir: &Path,
        redis_url: Option<&str>,
        prefix: &str,
    ) -> Result<Queue, QueueError> {
        match redis_url {
            Some(url) => {
                let conn = apalis_redis::connect(url)
                    .await
                    .map_err(|err| QueueError::Redis(err.to_string()))?;
                let config = |job| apalis_redis::Config::default().queue(queue_name(prefix, job));
                Ok(Queue::Redis {
                    conn: conn.clone(),
                    prefix: prefix.to_owned(),
                    mail: RedisStorage::new(conn.clone()).with_config(config("mail")),
                    work: RedisStorage::new(conn.clone()).with_config(config("work")),
                    deliver: RedisStorage::new(conn)
                        .with_config(config("deliver").batch_size(DELIVER_BATCH)),
                })
            }
            None => {
                let pool = connect_jobs_db(data_dir).await?;
                let config = |job| apalis_sqlite::Config::default().queue(queue_name(prefix, job));
                Ok(Queue::Sqlite {
                    pool: pool.clone(),
                    prefix: prefix.to_owned(),
                    mail: SqliteStorage::new(&pool).with_config(config("mail")),
                    work: SqliteStorage::new(&pool).with_config(config("work")),
                    deliver: SqliteStorage::new(&pool)
                        .with_config(config("deliver").batch_size(DELIVER_BATCH)),
                })
            }
        }
    }

    /// Jobs waiting in each queue (not yet taken by a worker), by queue.
    pub async fn depth(&self) -> Result<Vec<(&'static str, i64)>, QueueError> {
        let mut depths = Vec::new();
        for job in QUEUES {
            let waiting = match self {
                Queue::Sqlite { pool, prefix, .. } => sqlx::query_scalar(
                    "SELECT COUNT(*) FROM Jobs WHERE job_type = ?1 AND status = 'Pending'",
                )
                .bind(queue_name(prefix, job))
                .fetch_one(pool)
                .await
                .map_err(|err| QueueError::Sqlite(err.to_string()))?,
                Queue::Redis { conn, prefix, .. } => redis::cmd("LLEN")
                    .arg(format!("{}:active", queue_name(prefix, job)))
                    .query_async(&mut conn.clone())
                    .await
                    .map_err(|err| QueueError::Redis(err.to_string()))?,
            };
            depths.push((job, waiting));
        }
        Ok(depths)
    }

    /// Queues a mail.
    pub async fn push_mail(&self, job: MailJob) -> Result<(), QueueError> {
        let pushed = match self {
            Queue::Sqlite { mail, .. } => mail.clone().push(job).await.map_err(|e| e.to_string()),
            Queue::Redis { mail, .. } => mail.clone().push(job).await.map_err(|e| e.to_string()),
        };
        pushed.map_err(QueueError::Push)
    }

    /// Queues a work job.
    pub async fn push_work(&self, job: WorkJob) -> Result<(), QueueError> {
        let pushed = match self {
            Queue::Sqlite { work, .. } => work.clone().push(job).await.map_err(|e| e.to_string()),
            Queue::Redis { work, .. } => work.clone().push(job).await.map_err(|e| e.to_string()),
        };
        pushed.map_err(QueueError::Push)
    }

    /// Queues the delivery of one outbox row.
    pub async fn push_deliver(&self, job: DeliverJob) -> Result<(), QueueError> {
        let pushed = match self {
            Queue::Sqlite { deliver, .. } => {
                deliver.clone().push(job).await.map_err(|e| e.to_string())
            }
            Queue::Redis { deliver, .. } => {
                deliver.clone().push(job).await.map_err(|e| e.to_string())
            }
        };
        pushed.map_err(QueueError::Push)
    }
}
