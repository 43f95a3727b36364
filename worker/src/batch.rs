//! Batches: long work a user follows (exports, client removal, client snapshots and
//! restores, datasource imports and exports). A batch is a row in the platform's `batches`
//! (what to do, progress, result); the job on the queue only names it. This module is the one
//! way a job works a batch:
//!
//! - it takes the batch under a lease ([`batches::take`]) that every bit of progress renews,
//!   so a second delivery of the same job (apalis' retry, or the sweep below after a crash)
//!   never works a batch another runner still holds, and does take it over once that runner
//!   has gone (a `kill -9`, a lost machine);
//! - it starts over from the beginning each time it takes the batch, and its kind writes
//!   under a name of its own runner, keeping only a finished result: run twice, done once;
//! - a failure a retry may get past gives the lease up at once; one that will not get better
//!   (bad parameters, a form that is gone), or a batch taken too often, fails the batch, which
//!   the user sees;
//! - [`sweep`] (run by every worker process's schedule) queues again the batches whose job
//!   was lost: running with a lease that ran out, or queued and not picked up.

use crate::Queue;
use crate::jobs::{JobContext, WorkJob};
use tenancy::platform::batches::{self, Batch};

/// A batch taken more often than this has failed for good.
pub const MAX_ATTEMPTS: i64 = 8;

/// Why a batch's work stopped.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// Will not get better by trying again: the batch fails.
    #[error("{0}")]
    Permanent(String),
    /// May get better: the job is retried.
    #[error("{0}")]
    Retry(String),
}

impl From<tenancy::TenancyError> for BatchError {
    fn from(err: tenancy::TenancyError) -> BatchError {
        BatchError::Retry(err.to_string())
    }
}

impl From<std::io::Error> for BatchError {
    fn from(err: std::io::Error) -> BatchError {
        BatchError::Retry(err.to_string())
    }
}

/// The hold of one runner on one batch.
#[derive(Debug)]
pub struct Lease<'a> {
    ctx: &'a JobContext,
    pub batch: Batch,
    /// This runner's token: also in the names of what it writes, so two runners never
    /// write one file.
    pub runner: String,
}

impl Lease<'_> {
    /// Records how much there is to do; false when the batch is no longer this runner's.
    pub async fn set_total(&self, total: i64) -> Result<bool, BatchError> {
        Ok(batches::set_total(&self.ctx.platform, &self.batch.id, &self.runner, total).await?)
    }

    /// Records progress and renews the lease; false when the batch was cancelled or taken
    /// over (the runner stops and cleans up).
    pub async fn progress(&self, processed: i64) -> Result<bool, BatchError> {
        Ok(batches::progress(
            &self.ctx.platform,
            &self.batch.id,
            &self.runner,
            processed,
            self.ctx.settings.lease_secs,
        )
        .await?)
    }

    /// The batch is done: `result` (relative to the client's folder) can be fetched until
    /// `expires_at`. False when the runner lost the batch before it finished.
    pub async fn finish(&self, result: &str, expires_at: i64) -> Result<bool, BatchError> {
        Ok(batches::finish(
            &self.ctx.platform,
            &self.batch.id,
            &self.runner,
            result,
            expires_at,
        )
        .await?)
    }
}

/// Works the batch `batch_id` with the handler of its kind, if it is there to be taken.
pub async fn run(ctx: &JobContext, batch_id: &str) -> Result<(), BatchError> {
    let runner = format!("{}-{}", std::process::id(), tenancy::new_id());
    let Some(batch) =
        batches::take(&ctx.platform, batch_id, &runner, ctx.settings.lease_secs).await?
    else {
        return Ok(()); // final already, or another runner has it
    };
    if batch.attempts > MAX_ATTEMPTS {
        tracing::warn!(
            batch = batch_id,
            attempts = batch.attempts,
            "batch taken too often; failed"
        );
        batches::fail(&ctx.platform, batch_id, "taken too often").await?;
        return Ok(());
    }
    let lease = Lease { ctx, batch, runner };
    let outcome = match lease.batch.kind.as_str() {
        crate::export::CSV | crate::export::CSV_WITH_ATTACHMENTS => {
            crate::export::run(ctx, &lease).await
        }
        crate::removal::CLIENT_REMOVE => crate::removal::run(ctx, &lease).await,
        crate::snapshot::CLIENT_SNAPSHOT => crate::snapshot::snapshot(ctx, &lease).await,
        crate::snapshot::CLIENT_RESTORE => crate::snapshot::restore(ctx, &lease).await,
        crate::datasource_import::DATASOURCE_IMPORT => {
            crate::datasource_import::run(ctx, &lease).await
        }
        crate::datasource_export::DATASOURCE_EXPORT => {
            crate::datasource_export::run(ctx, &lease).await
        }
        other => Err(BatchError::Permanent(format!(
            "no handler for batch kind {other}"
        ))),
    };
    match outcome {
        Ok(()) => Ok(()),
        Err(BatchError::Permanent(reason)) => {
            tracing::warn!(batch = batch_id, %reason, "batch failed");
            batches::fail(&ctx.platform, batch_id, &reason).await?;
            Ok(())
        }
        Err(err) => {
            batches::release(&ctx.platform, batch_id, &lease.runner).await?;
            Err(err)
        }
    }
}

/// Queues again every batch whose job seems lost; answers how many.
pub async fn sweep(ctx: &JobContext, queue: &Queue, now: i64) -> Result<usize, BatchError> {
    let lost = batches::lost(&ctx.platform, now, ctx.settings.lease_secs).await?;
    for batch in &lost {
        tracing::info!(batch = %batch.id, kind = %batch.kind, "queueing a lost batch again");
        queue
            .push_work(WorkJob::Batch {
                client_uuid: batch.client_id.as_str().to_owned(),
                batch_id: batch.id.clone(),
            })
            .await
            .map_err(|err| BatchError::Retry(err.to_string()))?;
    }
    Ok(lost.len())
}
