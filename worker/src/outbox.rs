//! The outbox dispatcher: moves deliveries recorded with registrations (the tenant's
//! `deliveries` table) onto the job queue. A send wakes it for its client at once; a sweep
//! over every client picks up what a crash left behind, retries that became due and jobs
//! the queue lost. Queueing twice is harmless: the delivery job takes its row under a lease.

use crate::Queue;
use crate::jobs::{DeliverJob, JobContext};
use domain::ids::ClientId;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tenancy::tenant::deliveries;
use tokio::sync::{Notify, watch};

/// Rows queued per look at one client; a client with more is looked at again at once.
const CHUNK: i64 = 200;
/// A queued row not taken after this many job leases is taken for lost and queued again.
/// Not one lease: with a backlog a row waits its turn longer than that, and queueing it
/// again then only fills the queue with copies that find their row taken (seen in the
/// kill -9 test: half the jobs were such copies).
const REQUEUE_AFTER_LEASES: i64 = 5;
/// How often every client is swept. Retries and recoveries wait at most this long.
const SWEEP_EVERY: Duration = Duration::from_secs(2);

/// Handle to wake the dispatcher of this process; cloning shares it.
#[derive(Debug, Clone, Default)]
pub struct Outbox {
    inner: Arc<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    notify: Notify,
    woken: Mutex<HashSet<ClientId>>,
}

/// Why a look at a client's outbox failed (tried again at the next sweep).
#[derive(Debug, thiserror::Error)]
pub enum OutboxError {
    #[error("tenant: {0}")]
    Tenant(#[from] tenancy::TenancyError),
    #[error("queue: {0}")]
    Queue(#[from] crate::queue::QueueError),
}

impl Outbox {
    /// A registration of `client` was committed with deliveries: dispatch them now.
    pub fn wake(&self, client: &ClientId) {
        if let Ok(mut woken) = self.inner.woken.lock() {
            woken.insert(client.clone());
        }
        self.inner.notify.notify_one();
    }

    fn take_woken(&self) -> Vec<ClientId> {
        self.inner
            .woken
            .lock()
            .map(|mut woken| woken.drain().collect())
            .unwrap_or_default()
    }

    /// Dispatches woken clients at once and sweeps every client every [`SWEEP_EVERY`], until
    /// `stop` says so.
    pub async fn run(self, ctx: JobContext, queue: Queue, mut stop: watch::Receiver<bool>) {
        let mut sweep = tokio::time::interval(SWEEP_EVERY);
        // A sweep slower than the period (many clients) is followed by a pause, not by the
        // missed ticks fired back to back.
        sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            // Which event came first is decided here; the awaits happen after the select, so
            // no borrowed guard of `stop` is held across them.
            let swept = tokio::select! {
                _ = sweep.tick() => true,
                () = self.inner.notify.notified() => false,
                _ = stop.wait_for(|stopped| *stopped) => return,
            };
            let clients = if swept {
                match tenancy::platform::clients::list(&ctx.platform).await {
                    Ok(clients) => clients.into_iter().map(|c| c.id).collect(),
                    Err(err) => {
                        tracing::warn!(error = %err, "outbox sweep: listing clients failed");
                        Vec::new()
                    }
                }
            } else {
                self.take_woken()
            };
            for client in clients {
                if let Err(err) = dispatch(&ctx, &queue, &client).await {
                    tracing::warn!(client = %client, error = %err, "outbox dispatch failed");
                }
            }
        }
    }
}

/// Queues every due delivery of one client; answers how many.
pub async fn dispatch(
    ctx: &JobContext,
    queue: &Queue,
    client: &ClientId,
) -> Result<usize, OutboxError> {
    let db = ctx.tenants.open(client).await?;
    let mut queued = 0;
    loop {
        let requeue_after = ctx.settings.lease_secs * REQUEUE_AFTER_LEASES;
        let due = deliveries::claim_due(&db, requeue_after, CHUNK).await?;
        for id in &due {
            queue
                .push_deliver(DeliverJob {
                    client_uuid: client.to_string(),
                    delivery_id: id.clone(),
                })
                .await?;
        }
        queued += due.len();
        if due.len() < usize::try_from(CHUNK).unwrap_or(usize::MAX) {
            return Ok(queued);
        }
    }
}
