//! Runs the workers of this process until shutdown.

use crate::Queue;
use crate::jobs::{JobContext, deliver, run_work, send_mail};
use apalis::layers::WorkerBuilderExt;
use apalis::layers::retry::HasherRng;
use apalis::layers::retry::backoff::ExponentialBackoff;
use apalis::layers::retry::backoff::{ExponentialBackoffMaker, MakeBackoff};
use apalis::layers::retry::{BackoffRetryPolicy, RetryPolicy};
use apalis::prelude::{BackendExt, WorkerBuilder};
use std::future::Future;
use std::time::Duration;
use tokio::sync::watch;

/// Attempts per job before it is given up (and left in the queue's dead set).
const RETRIES: usize = 5;
/// Deliveries run at once per process: they mostly wait on other servers (SMTP, webhooks).
const DELIVERY_CONCURRENCY: usize = 8;
/// How often an idle worker looks for new jobs. Without it apalis only wakes on its 30 s
/// heartbeat, and a password-reset mail would wait that long.
const POLL_INTERVAL: Duration = Duration::from_millis(250);

/// The pause before workers that ended on their own are started again; it doubles while
/// they keep ending, up to [`RESTART_MAX`], and starts over after a run that lasted that long.
const RESTART_FIRST: Duration = Duration::from_secs(1);
const RESTART_MAX: Duration = Duration::from_secs(60);

/// Runs the workers of this process until `stopped` turns true, and starts them again
/// whenever they end before that. A worker that stops on a backend error ends the other two
/// with it, and the HTTP side would go on taking exports, mails and imports that nobody runs;
/// jobs are leased and idempotent, so starting again picks up where they were.
pub async fn supervise(
    queue: Queue,
    ctx: JobContext,
    stopped: watch::Receiver<bool>,
) -> Result<(), String> {
    let restarts = ctx.metrics.worker_restarts.clone();
    keep_running(stopped, &restarts, |mut stop| {
        run(queue.clone(), ctx.clone(), async move {
            let _ = stop.wait_for(|stopped| *stopped).await;
        })
    })
    .await
}

/// Runs what `start` gives until `stopped` turns true, starting it again (after a pause)
/// each time it ends before that; answers how the last run ended.
async fn keep_running<Run>(
    mut stopped: watch::Receiver<bool>,
    restarts: &prometheus::IntCounter,
    mut start: impl FnMut(watch::Receiver<bool>) -> Run,
) -> Result<(), String>
where
    Run: Future<Output = Result<(), String>>,
{
    let mut pause = RESTART_FIRST;
    loop {
        let started = tokio::time::Instant::now();
        let ended = start(stopped.clone()).await;
        if *stopped.borrow() {
            return ended;
        }
        if started.elapsed() >= RESTART_MAX {
            pause = RESTART_FIRST;
        }
        restarts.inc();
        tracing::error!(outcome = ?ended, ?pause, "the queue workers ended; starting them again");
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            _ = stopped.wait_for(|stopped| *stopped) => return ended,
        }
        pause = (pause * 2).min(RESTART_MAX);
    }
}

/// A worker name unique to this process: a restarted worker that reused its name would be
/// refused by the backend for a while.
pub fn worker_name(job: &str) -> String {
    let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
    format!(
        "{job}-{}-{}-{}",
        host.trim(),
        std::process::id(),
        &uuid::Uuid::new_v4().simple().to_string()[..8]
    )
}

/// Runs every worker of this process (mail, work) and the schedule until `shutdown`
/// completes; jobs in progress finish first.
pub async fn run(
    queue: Queue,
    ctx: JobContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let (stop, stopped) = watch::channel(false);
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop.send(true);
    });
    let signal = |mut stopped: watch::Receiver<bool>| async move {
        let _ = stopped.wait_for(|stopped| *stopped).await;
        Ok::<(), std::io::Error>(())
    };
    let schedule = tokio::spawn(crate::schedule::run(
        ctx.clone(),
        queue.clone(),
        stopped.clone(),
    ));
    let outbox = tokio::spawn(
        ctx.outbox
            .clone()
            .run(ctx.clone(), queue.clone(), stopped.clone()),
    );
    let (mail_name, work_name) = (worker_name("mail"), worker_name("work"));
    let deliver_name = worker_name("deliver");
    tracing::info!(mail = %mail_name, work = %work_name, deliver = %deliver_name, backend = ?queue, "starting workers");
    let result = match queue {
        Queue::Sqlite {
            mail,
            work,
            deliver: deliveries,
            ..
        } => {
            let mail = WorkerBuilder::new(mail_name)
                .backend(mail.poll_with_interval(POLL_INTERVAL))
                .data(ctx.clone())
                .retry(policy()?)
                .build(send_mail)
                .run_until(signal(stopped.clone()));
            let work = WorkerBuilder::new(work_name)
                .backend(work.poll_with_interval(POLL_INTERVAL))
                .data(ctx.clone())
                .retry(policy()?)
                .build(run_work)
                .run_until(signal(stopped.clone()));
            // No apalis retry: a failed delivery is rescheduled in its outbox row, with the
            // backoff managers see.
            let deliveries = WorkerBuilder::new(deliver_name.clone())
                .backend(deliveries.poll_with_interval(POLL_INTERVAL))
                .data(ctx)
                .concurrency(DELIVERY_CONCURRENCY)
                .build(deliver)
                .run_until(signal(stopped.clone()));
            tokio::try_join!(mail, work, deliveries).map(|_| ())
        }
        Queue::Redis {
            mail,
            work,
            deliver: deliveries,
            ..
        } => {
            let mail = WorkerBuilder::new(mail_name)
                .backend(mail.poll_with_interval(POLL_INTERVAL))
                .data(ctx.clone())
                .retry(policy()?)
                .build(send_mail)
                .run_until(signal(stopped.clone()));
            let work = WorkerBuilder::new(work_name)
                .backend(work.poll_with_interval(POLL_INTERVAL))
                .data(ctx.clone())
                .retry(policy()?)
                .build(run_work)
                .run_until(signal(stopped.clone()));
            // No apalis retry: a failed delivery is rescheduled in its outbox row, with the
            // backoff managers see.
            let deliveries = WorkerBuilder::new(deliver_name.clone())
                .backend(deliveries.poll_with_interval(POLL_INTERVAL))
                .data(ctx)
                .concurrency(DELIVERY_CONCURRENCY)
                .build(deliver)
                .run_until(signal(stopped.clone()));
            tokio::try_join!(mail, work, deliveries).map(|_| ())
        }
    };
    let _ = schedule.await;
    let _ = outbox.await;
    result.map_err(|err| err.to_string())
}

/// Retries with exponential backoff from 1 s to 2 minutes.
fn policy() -> Result<BackoffRetryPolicy<ExponentialBackoff>, String> {
    let backoff = ExponentialBackoffMaker::new(
        Duration::from_secs(1),
        Duration::from_secs(120),
        0.5,
        HasherRng::default(),
    )
    .map_err(|err| err.to_string())?
    .make_backoff();
    Ok(RetryPolicy::retries(RETRIES).with_backoff(backoff))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// Workers that end twice on their own are started a third time, after pauses of 1 s and
    /// 2 s, each counted; a stop ends the third run and the supervision with it.
    #[tokio::test(start_paused = true)]
    async fn workers_that_end_are_started_again_until_the_stop() -> Result<(), String> {
        let (stop, stopped) = watch::channel(false);
        let restarts = prometheus::IntCounter::new("r", "r").map_err(|err| err.to_string())?;
        let runs = AtomicU32::new(0);
        let began = tokio::time::Instant::now();
        let starts = std::sync::Mutex::new(Vec::new());
        let supervised = keep_running(stopped, &restarts, |mut stopped| {
            let run = runs.fetch_add(1, Ordering::SeqCst);
            if let Ok(mut starts) = starts.lock() {
                starts.push(began.elapsed());
            }
            async move {
                if run < 2 {
                    return Err(format!("backend lost ({run})"));
                }
                let _ = stopped.wait_for(|stopped| *stopped).await;
                Ok(())
            }
        });
        let stopper = async {
            tokio::time::sleep(Duration::from_secs(10)).await;
            let _ = stop.send(true);
        };
        let (ended, ()) = tokio::join!(supervised, stopper);
        ended?;
        assert_eq!(runs.load(Ordering::SeqCst), 3);
        assert_eq!(restarts.get(), 2);
        let starts = starts.lock().map_err(|err| err.to_string())?.clone();
        assert_eq!(
            starts,
            [
                Duration::ZERO,
                Duration::from_secs(1),
                Duration::from_secs(3)
            ]
        );
        Ok(())
    }

    /// A stop during the pause ends the supervision without another start.
    #[tokio::test(start_paused = true)]
    async fn a_stop_during_the_pause_starts_nothing_more() -> Result<(), String> {
        let (stop, stopped) = watch::channel(false);
        let restarts = prometheus::IntCounter::new("r", "r").map_err(|err| err.to_string())?;
        let runs = AtomicU32::new(0);
        let supervised = keep_running(stopped, &restarts, |_| {
            runs.fetch_add(1, Ordering::SeqCst);
            async { Err::<(), String>("backend lost".into()) }
        });
        let stopper = async {
            tokio::time::sleep(Duration::from_millis(500)).await;
            let _ = stop.send(true);
        };
        let (ended, ()) = tokio::join!(supervised, stopper);
        assert_eq!(ended, Err("backend lost".into()));
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        Ok(())
    }
}
