//! Background work of eform: the job queue (apalis over SQLite or Redis), the jobs
//! themselves (mail; exports and the daily purge as work jobs, with progress in the
//! platform's batches), the schedule of periodic jobs, outgoing mail, and the process
//! metrics shared with the HTTP server.

pub mod batch;
pub mod convert;
pub mod credits;
pub mod datasource_export;
pub mod datasource_import;
pub mod deliver;
pub mod export;
pub mod feature_actions;
pub mod jobs;
pub mod mail;
pub mod metrics;
pub mod notice;
pub mod outbox;
pub mod pdf;
pub mod periodic;
pub mod purchases;
pub mod purge;
pub mod queue;
pub mod removal;
pub mod report;
pub mod runner;
pub mod schedule;
pub mod snapshot;
pub mod templates;
pub mod value_index;
pub mod webhook;
pub mod word;
pub mod word_values;

pub use metrics::Metrics;
pub use outbox::Outbox;
pub use queue::Queue;

use std::path::Path;

/// Opens `data_dir/jobs.db`, the embedded queue. Kept apart from the platform database
/// because apalis runs its own migrations and relaxes `synchronous` on its pool.
pub async fn connect_jobs_db(
    data_dir: &Path,
) -> Result<apalis_sqlite::SqlitePool, queue::QueueError> {
    let options = tenancy::connect::ConnectOptions {
        create: true,
        max_connections: 4,
        secure_delete: false,
    };
    std::fs::create_dir_all(data_dir).map_err(|err| queue::QueueError::Sqlite(err.to_string()))?;
    let pool = tenancy::connect::connect(&data_dir.join("jobs.db"), options)
        .await
        .map_err(|err| queue::QueueError::Sqlite(err.to_string()))?;
    apalis_sqlite::SqliteStorage::setup(&pool)
        .await
        .map_err(|err| queue::QueueError::Sqlite(err.to_string()))?;
    Ok(pool)
}
