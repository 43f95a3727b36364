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
