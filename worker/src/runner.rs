//! Runs the workers of this process until shutdown.

use crate::Queue;
use crate::jobs::{JobContext, send_mail};
use apalis::layers::WorkerBuilderExt;
use apalis::layers::retry::HasherRng;
use apalis::layers::retry::RetryPolicy;
use apalis::layers::retry::backoff::{ExponentialBackoffMaker, MakeBackoff};
use apalis::prelude::{BackendExt, WorkerBuilder};
use std::future::Future;
use std::time::Duration;

/// Attempts per job before it is given up (and left in the queue's dead set).
const RETRIES: usize = 5;
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

/// Runs every worker until `shutdown` completes; jobs in progress finish first.
pub async fn run(
    queue: Queue,
    ctx: JobContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let backoff = ExponentialBackoffMaker::new(
        Duration::from_secs(1),
        Duration::from_secs(120),
        0.5,
        HasherRng::default(),
    )
    .map_err(|err| err.to_string())?
    .make_backoff();
    let policy = RetryPolicy::retries(RETRIES).with_backoff(backoff);
    let signal = async move {
        shutdown.await;
        Ok::<(), std::io::Error>(())
    };
    let name = worker_name("mail");
    tracing::info!(worker = %name, backend = ?queue, "starting worker");
    let result = match queue {
        Queue::Sqlite { mail } => {
            WorkerBuilder::new(name)
                .backend(mail.poll_with_interval(POLL_INTERVAL))
                .data(ctx)
                .retry(policy)
                .build(send_mail)
                .run_until(signal)
                .await
        }
        Queue::Redis { mail } => {
            WorkerBuilder::new(name)
                .backend(mail.poll_with_interval(POLL_INTERVAL))
                .data(ctx)
                .retry(policy)
                .build(send_mail)
                .run_until(signal)
                .await
        }
    };
    result.map_err(|err| err.to_string())
}
