//! The daily dashboard report (document 002 section 3, 'Dashboard report'; issue 14): the
//! disk the data folder is on (free, total, percent available), and per client the credits
//! used that day, its registrations and the bytes of its folder. Written once per day (a run
//! again replaces it); the admin dashboard and the per-client metrics read it.

use crate::jobs::JobContext;
use serde::Serialize;
use tenancy::TenancyError;
use tenancy::platform::clients;
use tenancy::platform::reports::{self, Report};
use tenancy::tenant::{credits, registrations};

/// One client's line of a report.
#[derive(Debug, Clone, Serialize)]
struct Usage {
    client_id: String,
    client_name: String,
    credit_count: i64,
}

#[derive(Debug, Clone, Serialize)]
struct Counts {
    client_id: String,
    client_name: String,
    registration_count: i64,
    disk_bytes: u64,
    credits_left: i64,
}

/// Makes (or makes again) the report of `day` (`YYYY-MM-DD`).
pub async fn run_day(ctx: &JobContext, day: &str) -> Result<Report, TenancyError> {
    let (disk_free, disk_total) = disk(ctx.tenants.root());
    let mut usage = Vec::new();
    let mut counts = Vec::new();
    for client in clients::list(&ctx.platform).await? {
        let db = match ctx.tenants.open(&client.id).await {
            Ok(db) => db,
            // Removed while the report ran.
            Err(TenancyError::UnknownClient(_)) => continue,
            Err(err) => return Err(err),
        };
        let used = credits::used_per_period(&db, &[day.to_owned()]).await?;
        usage.push(Usage {
            client_id: client.id.to_string(),
            client_name: client.name.clone(),
            credit_count: used.first().copied().unwrap_or(0),
        });
        counts.push(Counts {
            client_id: client.id.to_string(),
            client_name: client.name.clone(),
            registration_count: registrations::completed_count(&db).await?,
            disk_bytes: folder_bytes(&ctx.tenants.tenant_dir(&client.id)),
            credits_left: credits::left(&db, true).await?,
        });
    }
    let report = Report {
        report_date: day.to_owned(),
        disk_free: i64::try_from(disk_free).unwrap_or(i64::MAX),
        disk_total: i64::try_from(disk_total).unwrap_or(i64::MAX),
        disk_available: if disk_total == 0 {
            0.0
        } else {
            (disk_free as f64 / disk_total as f64 * 10_000.0).round() / 100.0
        },
        credit_usage_per_client: serde_json::to_string(&usage)?,
        registration_count_per_client: serde_json::to_string(&counts)?,
    };
    reports::upsert(&ctx.platform, &report).await?;
    Ok(report)
}

/// Free and total bytes of the file system holding `path` (0, 0 when it cannot be read).
fn disk(path: &std::path::Path) -> (u64, u64) {
    match nix::sys::statvfs::statvfs(path) {
        Ok(stats) => {
            let unit = stats.fragment_size();
            (
                stats.blocks_available().saturating_mul(unit),
                stats.blocks().saturating_mul(unit),
            )
        }
        Err(_) => (0, 0),
    }
}

/// Bytes of every file under `dir`.
fn folder_bytes(dir: &std::path::Path) -> u64 {
    let mut total = 0;
    let mut todo = vec![dir.to_path_buf()];
    while let Some(at) = todo.pop() {
        for entry in std::fs::read_dir(&at).into_iter().flatten().flatten() {
            match entry.metadata() {
                Ok(meta) if meta.is_dir() => todo.push(entry.path()),
                Ok(meta) => total += meta.len(),
                Err(_) => {}
            }
        }
    }
    total
}
