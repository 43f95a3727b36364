//! Client removal (document 002 section 4): a batch that erases a client. First its
//! platform rows (the client, memberships, invites, terms users, directory entries, its
//! other batches), so no request or sweep reaches it any more; then its folder (database,
//! WAL, uploads, e-mail copies, exports). Each step is safe to repeat, so a retry or a
//! crash (`kill -9`) in between finishes the same removal. The users themselves and their
//! other memberships stay.

use crate::batch::{BatchError, Lease};
use crate::jobs::JobContext;
use tenancy::platform::{audit, batches, clients};

/// Batch kind of a client removal.
pub const CLIENT_REMOVE: &str = "client.remove";
/// Steps a removal reports: platform rows, then files.
const STEPS: i64 = 2;

/// Removes the client of a batch this runner holds.
pub async fn run(ctx: &JobContext, lease: &Lease<'_>) -> Result<(), BatchError> {
    let client = &lease.batch.client_id;
    if !lease.set_total(STEPS).await? {
        return Ok(());
    }
    // Work it may be doing is stopped and forgotten with the client.
    for open in batches::open_of_client(&ctx.platform, client, &lease.batch.id).await? {
        batches::cancel(&ctx.platform, &open.id).await?;
    }
    batches::remove_of_client(&ctx.platform, client, &lease.batch.id).await?;
    clients::remove(&ctx.platform, client).await?;
    if !lease.progress(1).await? {
        return Ok(());
    }
    ctx.tenants.remove(client).await?;
    if !lease.progress(STEPS).await? {
        return Ok(());
    }
    audit::record(
        &ctx.platform,
        lease.batch.created_by.as_deref(),
        "client.removed",
        client,
        Some(&lease.batch.id),
    )
    .await?;
    // Nothing to download: the result is empty and expires at once.
    lease.finish("", tenancy::now()).await?;
    tracing::info!(client = %client, "client removed");
    Ok(())
}
