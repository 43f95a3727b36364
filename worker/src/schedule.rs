//! What every worker process looks after on a timer: periodic jobs that are due (claimed per
//! period in the platform database, so exactly one process queues each run), runs whose job
//! was lost (claimed but never finished: queued again), and batches whose job was lost
//! (`crate::batch::sweep`). What is queued is on the queue, which keeps it across restarts;
//! every job is harmless when run twice.

use crate::Queue;
use crate::jobs::{JobContext, WorkJob};
use crate::periodic::PERIODIC_MAILS;
use std::time::Duration;
use tenancy::platform::batches;
use tokio::sync::watch;

/// The daily purge's name in `scheduled_runs`.
pub const DAILY_PURGE: &str = "daily_purge";
/// The daily dashboard report's name in `scheduled_runs`.
pub const DASHBOARD_REPORT: &str = "dashboard_report";
/// A claimed run not finished after this long is queued again.
const RUN_GRACE_SECS: i64 = 3600;

/// Why a look at the schedule failed (it is tried again at the next look).
#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    #[error("claim: {0}")]
    Claim(#[from] tenancy::TenancyError),
    #[error("queue: {0}")]
    Queue(#[from] crate::queue::QueueError),
    #[error("batches: {0}")]
    Batch(#[from] crate::batch::BatchError),
}

/// The job of a periodic run.
fn job_of(job: &str, period: &str) -> Option<WorkJob> {
    let day = period.to_owned();
    match job {
        DAILY_PURGE => Some(WorkJob::DailyPurge { day }),
        PERIODIC_MAILS => Some(WorkJob::PeriodicMails { day }),
        DASHBOARD_REPORT => Some(WorkJob::DashboardReport { day }),
        _ => None,
    }
}

/// The periodic jobs, each run once a day.
const DAILY: [&str; 3] = [DAILY_PURGE, PERIODIC_MAILS, DASHBOARD_REPORT];

/// Queues what is due at `now` (unix time) and not claimed yet, and what was lost; answers
/// what it queued.
pub async fn due(ctx: &JobContext, queue: &Queue, now: i64) -> Result<Vec<WorkJob>, ScheduleError> {
    let day = domain::dates::local_datetime(now)
        .get(..10)
        .unwrap_or_default()
        .to_owned();
    let mut runs = Vec::new();
    for job in DAILY {
        // A day's claim is never taken over here: a lost run is queued again below.
        if batches::claim_run(&ctx.platform, job, &day, i64::MAX).await? {
            runs.push((job.to_owned(), day.clone()));
        }
    }
    runs.extend(batches::lost_runs(&ctx.platform, &DAILY, now, RUN_GRACE_SECS).await?);
    let mut queued = Vec::new();
    for job in runs.iter().filter_map(|(job, period)| job_of(job, period)) {
        queue.push_work(job.clone()).await?;
        queued.push(job);
    }
    crate::batch::sweep(ctx, queue, now).await?;
    // Grants a crash cut short are completed, and their clients' held registrations released.
    for client_uuid in crate::purchases::sweep(ctx, now).await? {
        let job = WorkJob::Credits { client_uuid };
        queue.push_work(job.clone()).await?;
        queued.push(job);
    }
    Ok(queued)
}

/// How often a worker process looks: often enough that a lost batch is taken up again
/// soon after its lease ran out.
pub fn every(ctx: &JobContext) -> Duration {
    Duration::from_secs(
        u64::try_from(ctx.settings.lease_secs / 2)
            .unwrap_or(1)
            .clamp(1, 60),
    )
}

/// Looks at once and then every [`every`] until `stop` says so.
pub async fn run(ctx: JobContext, queue: Queue, mut stop: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(every(&ctx));
    // A look slower than the period is followed by a pause, not by the missed ticks at once.
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stop.wait_for(|stopped| *stopped) => return,
        }
        match due(&ctx, &queue, tenancy::now()).await {
            Ok(queued) if !queued.is_empty() => tracing::info!(?queued, "periodic jobs queued"),
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "looking at the schedule failed"),
        }
    }
}
