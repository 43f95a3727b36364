//! Periodic jobs: every worker process looks every few minutes whether a period's run is
//! due, claims it in the platform database (exactly one process wins a period) and queues
//! it. A claimed run is on the queue, which keeps it across restarts; the job itself is
//! harmless when run twice.

use crate::Queue;
use crate::jobs::WorkJob;
use std::time::Duration;
use tenancy::platform::{Platform, batches};
use tokio::sync::watch;

/// How often a worker process looks.
const EVERY: Duration = Duration::from_secs(300);

/// Why a look at the schedule failed (it is tried again at the next look).
#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    #[error("claim: {0}")]
    Claim(#[from] tenancy::TenancyError),
    #[error("queue: {0}")]
    Queue(#[from] crate::queue::QueueError),
}

/// Queues what is due at `now` (unix time) and not claimed yet; answers what it queued.
pub async fn due(
    platform: &Platform,
    queue: &Queue,
    now: i64,
) -> Result<Vec<WorkJob>, ScheduleError> {
    let day = domain::dates::local_datetime(now)
        .get(..10)
        .unwrap_or_default()
        .to_owned();
    let mut queued = Vec::new();
    if batches::claim_run(platform, "daily_purge", &day).await? {
        let job = WorkJob::DailyPurge { day };
        queue.push_work(job.clone()).await?;
        queued.push(job);
    }
    Ok(queued)
}

/// Looks every [`EVERY`] until `stop` says so.
pub async fn run(platform: Platform, queue: Queue, mut stop: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(EVERY);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stop.wait_for(|stopped| *stopped) => return,
        }
        match due(&platform, &queue, tenancy::now()).await {
            Ok(queued) if !queued.is_empty() => tracing::info!(?queued, "periodic jobs queued"),
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "looking at the schedule failed"),
        }
    }
}
