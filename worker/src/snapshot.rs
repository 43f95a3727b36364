//! Whole clients taken out of and put into the platform by its admins (issue 13, decision
//! 021): a snapshot of one client to download, and a restore from an uploaded snapshot, each
//! a batch on the queue with progress and lines in the audit log.
//!
//! Both are safe to run again. A snapshot is written under this runner's name and renamed
//! only when whole; a restore unpacks beside the client's folder and swaps folders only once
//! the new database opened (`tenancy::snapshot::import`), so a `kill -9` at any point leaves
//! either the old client or the new one, and the next run does it all again.

use crate::batch::{BatchError, Lease};
use crate::jobs::JobContext;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tenancy::TenancyError;
use tenancy::platform::audit;

/// Batch kind of a snapshot download.
pub const CLIENT_SNAPSHOT: &str = "client.snapshot";
/// Batch kind of a restore from an uploaded snapshot.
pub const CLIENT_RESTORE: &str = "client.restore";
/// How long a finished snapshot can be downloaded.
pub const KEPT_SECS: i64 = 24 * 3600;
/// How often a running snapshot tells its batch how far it is.
const REPORT_EVERY: Duration = Duration::from_millis(500);

/// What a restore batch is asked to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestoreParams {
    /// The uploaded snapshot's file name in the registry's uploads folder.
    pub upload: String,
    /// Replace the client when it exists.
    pub replace: bool,
}

/// Makes the snapshot of the batch's client.
pub async fn snapshot(ctx: &JobContext, lease: &Lease<'_>) -> Result<(), BatchError> {
    let batch = &lease.batch;
    let client = &batch.client_id;
    let exports = ctx.tenants.tenant_dir(client).join("exports");
    std::fs::create_dir_all(&exports)?;
    let partial = exports.join(format!(".{}.{}.tar.partial", batch.id, lease.runner));
    let counts = Arc::new((AtomicU64::new(0), AtomicU64::new(0)));
    let progress = {
        let counts = counts.clone();
        Arc::new(move |done: u64, total: u64| {
            counts.0.store(done, Ordering::Relaxed);
            counts.1.store(total, Ordering::Relaxed);
        })
    };
    let work = tenancy::snapshot::export_with_progress(
        &ctx.platform,
        &ctx.tenants,
        client,
        &partial,
        progress,
    );
    tokio::pin!(work);
    let mut ticker = tokio::time::interval(REPORT_EVERY);
    let mut total_known = false;
    let outcome = loop {
        tokio::select! {
            outcome = &mut work => break outcome,
            _ = ticker.tick() => {
                let total = counts.1.load(Ordering::Relaxed);
                if total > 0 && !total_known {
                    total_known = lease.set_total(i64::try_from(total).unwrap_or(i64::MAX)).await?;
                }
                let done = i64::try_from(counts.0.load(Ordering::Relaxed)).unwrap_or(0);
                if !lease.progress(done).await? {
                    // Cancelled or taken over: stop here and leave no file.
                    let _ = std::fs::remove_file(&partial);
                    return Ok(());
                }
            }
        }
    };
    match outcome {
        Ok(()) => {}
        Err(TenancyError::UnknownClient(_)) => {
            return Err(BatchError::Permanent("the client is gone".into()));
        }
        Err(err) => {
            let _ = std::fs::remove_file(&partial);
            return Err(err.into());
        }
    }
    let total = i64::try_from(counts.1.load(Ordering::Relaxed)).unwrap_or(0);
    if !total_known {
        lease.set_total(total).await?;
    }
    let name = format!("{}.{}.tar", batch.id, lease.runner);
    std::fs::rename(&partial, exports.join(&name))?;
    if !lease.progress(total).await?
        || !lease
            .finish(&format!("exports/{name}"), tenancy::now() + KEPT_SECS)
            .await?
    {
        let _ = std::fs::remove_file(exports.join(&name));
        return Ok(());
    }
    audit::record(
        &ctx.platform,
        batch.created_by.as_deref(),
        "client.snapshot.made",
        client,
        Some(&batch.id),
    )
    .await?;
    Ok(())
}

/// Restores the batch's client from its uploaded snapshot; the upload is removed afterwards.
pub async fn restore(ctx: &JobContext, lease: &Lease<'_>) -> Result<(), BatchError> {
    let batch = &lease.batch;
    let params: RestoreParams = serde_json::from_str(&batch.params)
        .map_err(|err| BatchError::Permanent(format!("batch params: {err}")))?;
    let plain = !params.upload.is_empty()
        && !params.upload.contains(['/', '\\'])
        && !params.upload.starts_with('.');
    if !plain {
        return Err(BatchError::Permanent("not an upload of ours".into()));
    }
    let upload = ctx.tenants.uploads_dir().join(&params.upload);
    if !upload.is_file() {
        return Err(BatchError::Permanent(
            "the uploaded snapshot is gone".into(),
        ));
    }
    // Steps: unpack and swap in, then the platform rows and directory (one call), done.
    if !lease.set_total(2).await? {
        return Ok(());
    }
    let restored =
        tenancy::snapshot::import(&ctx.platform, &ctx.tenants, &upload, params.replace).await;
    match restored {
        Ok(client) if client == batch.client_id => {}
        Ok(_) => {
            return Err(BatchError::Permanent(
                "the snapshot names another client".into(),
            ));
        }
        Err(err @ (TenancyError::InvalidSnapshot(_) | TenancyError::ClientExists(_))) => {
            let _ = std::fs::remove_file(&upload);
            return Err(BatchError::Permanent(err.to_string()));
        }
        Err(err) => return Err(err.into()),
    }
    if !lease.progress(2).await? {
        return Ok(());
    }
    let _ = std::fs::remove_file(&upload);
    lease.finish("", tenancy::now()).await?;
    audit::record(
        &ctx.platform,
        batch.created_by.as_deref(),
        "client.restored",
        &batch.client_id,
        Some(&batch.id),
    )
    .await?;
    tracing::info!(client = %batch.client_id, "client restored from a snapshot");
    Ok(())
}
