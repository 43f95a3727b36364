//! The daily purge (document 001 section 4, document 000 section 9): registrations trashed
//! more than 30 days ago are deleted for good with their files, saved registrations not
//! changed for a year are deleted, export files past their time are removed, and what a
//! crash left behind (bytes without a row, work files of uploads and exports) goes. Every step
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

/// The purge of `day`, at the present moment; the day's run is then finished.
pub async fn run_day(ctx: &JobContext, day: &str) -> Result<Purged, tenancy::TenancyError> {
    let purged = daily(ctx, day, tenancy::now()).await?;
    batches::finish_run(&ctx.platform, crate::schedule::DAILY_PURGE, day).await?;
    tracing::info!(%day, ?purged, "daily purge done");
    Ok(purged)
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
            for id in &chunk.file_ids {
                if std::fs::remove_file(db.files_dir().join(id)).is_ok() {
                    purged.files += 1;
                }
            }
        }
        purged.saved += saved::purge_unchanged_since(&db, now - SAVED_KEPT_SECS).await?;
        purged.files += stray_files(&db, now).await?;
        remove_stale_partials(&db.exports_dir(), now);
    }
    remove_stale_uploads(&ctx.tenants.uploads_dir(), now);
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

/// Files and work files older than this are looked at by the sweeps below: nothing that
/// is still being written is that old.
const STALE_SECS: i64 = 24 * 3600;

/// Seconds since a file was last written, at `now`; None when unknown.
fn age(entry: &std::fs::DirEntry, now: i64) -> Option<i64> {
    let modified = entry.metadata().ok()?.modified().ok()?;
    let at = modified
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs();
    Some(now - i64::try_from(at).ok()?)
}

/// Removes bytes in the files folder that have no row (left by a crash after a row was
/// deleted), and upload work files (`.<id>.partial`) of uploads that never finished.
async fn stray_files(db: &tenancy::TenantDb, now: i64) -> Result<u64, tenancy::TenancyError> {
    let dir = db.files_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(0);
    };
    let old: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|entry| age(entry, now).is_some_and(|age| age > STALE_SECS))
        .filter_map(|entry| entry.file_name().into_string().ok())
        .collect();
    let (partials, named): (Vec<String>, Vec<String>) =
        old.into_iter().partition(|name| name.starts_with('.'));
    let mut removed = 0;
    for name in partials
        .iter()
        .chain(&files::without_row(db, &named).await?)
    {
        if std::fs::remove_file(dir.join(name)).is_ok() {
            removed += 1;
        }
    }
    Ok(removed)
}

/// Removes work files and folders of exports and snapshots (`.<batch>.<runner>.*.partial`,
/// a snapshot's `.tmp*` folder) whose runner stopped without cleaning up (a `kill -9`).
fn remove_stale_partials(dir: &std::path::Path, now: i64) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let work_file = entry.file_name().to_string_lossy().starts_with('.');
        if work_file && age(&entry, now).is_some_and(|age| age > STALE_SECS) {
            if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                let _ = std::fs::remove_dir_all(entry.path());
            } else {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// Removes uploaded snapshots no restore took up within a day (the upload's request
/// failed after the file was written, or its batch failed before it could clean up).
fn remove_stale_uploads(dir: &std::path::Path, now: i64) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        if age(&entry, now).is_some_and(|age| age > STALE_SECS) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
