//! Queries on `dashboard_reports`: the daily report of disk use and each client's credits
//! and registrations (document 002 section 3, 'Dashboard report').

use super::Platform;
use crate::error::Result;
use crate::now;

/// One day's report.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Report {
    /// `YYYY-MM-DD`.
    pub report_date: String,
    pub disk_free: i64,
    pub disk_total: i64,
    /// Percent of the disk free.
    pub disk_available: f64,
    /// JSON: `[{client_id, client_name, credit_count}]`.
    pub credit_usage_per_client: String,
    /// JSON: `[{client_id, client_name, registration_count, disk_bytes}]`.
    pub registration_count_per_client: String,
}

/// Records (or replaces) the report of its day: running the day's job twice writes it once.
pub async fn upsert(db: &Platform, report: &Report) -> Result<()> {
    sqlx::query(
        "INSERT INTO dashboard_reports (report_date, disk_free, disk_total, disk_available, credit_usage_per_client, registration_count_per_client, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (report_date) DO UPDATE SET disk_free = excluded.disk_free, disk_total = excluded.disk_total,
           disk_available = excluded.disk_available, credit_usage_per_client = excluded.credit_usage_per_client,
           registration_count_per_client = excluded.registration_count_per_client, created_at = excluded.created_at",
    )
    .bind(&report.report_date)
    .bind(report.disk_free)
    .bind(report.disk_total)
    .bind(report.disk_available)
    .bind(&report.credit_usage_per_client)
    .bind(&report.registration_count_per_client)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The reports whose date starts with `prefix` (a year, a month, a day, or empty for all),
/// newest first, at most `limit`.
pub async fn list(db: &Platform, prefix: &str, limit: i64) -> Result<Vec<Report>> {
    Ok(sqlx::query_as(
        "SELECT report_date, disk_free, disk_total, disk_available, credit_usage_per_client, registration_count_per_client
         FROM dashboard_reports WHERE report_date LIKE ?1 || '%' ORDER BY report_date DESC LIMIT ?2",
    )
    .bind(prefix)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}
