//! The daily purge (document 001 section 4, document 000 section 9): registrations trashed
//! more than 30 days ago are deleted for good with their files, saved registrations not
//! changed for a year are deleted, and export files past their time are removed. Every step
//! deletes only what is due, so running a day twice (a retry, a second worker) changes
//! nothing the second time.

use crate::jobs::JobContext;
use tenancy::platform::{batches, clients};
use tenancy::tenant::{files, registrations, saved};

/// Trashed registrations are deleted for good after this long.
pub const TRASH_KEPT_SECS: i64 = 30 * 24 * 3600;
/// Saved registrations not changed for this long are deleted.
pub const SAVED_KEPT_SECS: i64 = 365 * 24 * 3600;
/// Trashed registrations deleted per transaction.
const CHUNK: i64 = 500;

/// What a purge removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Purged {
    pub registrations: u64,
    pub files: u64,
    pub saved: u64,
    pub exports: u64,
}

/// Purges everything due at `now` (unix time) in every client.
pub async fn daily(ctx: &JobContext, day: &str, now: i64) -> Result<Purged, tenancy::TenancyError> {
    let mut purged = Purged::default();
    for client in clients::list(&ctx.platform).await? {
        let db = ctx.tenants.open(&client.id).await?;
        while let Some(chunk) =
            registrations::purge_trashed(&db, now - TRASH_KEPT_SECS, CHUNK).await?
        {
            purged.registrations += chunk.registrations;
            for id in files::delete_unreferenced(&db, &chunk.file_ids).await? {
                // The row is gone; bytes that stay behind are never served.
                if std::fs::remove_file(db.files_dir().join(&id)).is_ok() {
                    purged.files += 1;
                }
            }
        }
        purged.saved += saved::purge_unchanged_since(&db, now - SAVED_KEPT_SECS).await?;
    }
    for batch in batches::expired(&ctx.platform, now).await? {
        if let Some(result) = &batch.result {
            let path = ctx.tenants.tenant_dir(&batch.client_id).join(result);
            let _ = std::fs::remove_file(path);
            batches::forget_result(&ctx.platform, &batch.id).await?;
            purged.exports += 1;
        }
    }
    tracing::debug!(%day, "purge of the day finished");
    Ok(purged)
}
