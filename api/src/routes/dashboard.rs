//! The platform admins' dashboard (document 002 sections 3 and 7, screen 21; issue 14): the
//! daily reports (disk, credits used and registrations per client) and the credit usage
//! charts, for all clients or one.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{AuthUser, QueryParams};
use crate::jsonapi::answer;
use crate::policy::{self, table};
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;
use domain::messages;
use serde::{Deserialize, Serialize};
use tenancy::platform::{clients, reports};
use tenancy::tenant::credits;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Reports a page holds by default (the last 30 days) and at most (a year).
const PAGE_DEFAULT: i64 = 30;
const PAGE_MAX: i64 = 366;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(chart))
}

#[derive(Debug, Serialize, ToSchema)]
struct ReportAttributes {
    /// `YYYY-MM-DD`.
    report_date: String,
    /// Bytes.
    disk_free: i64,
    disk_total: i64,
    /// Percent of the disk free.
    disk_available: f64,
    /// `[{client_id, client_name, credit_count}]`: credits used that day.
    #[schema(value_type = Vec<Object>)]
    credit_usage_per_client: serde_json::Value,
    /// `[{client_id, client_name, registration_count, disk_bytes, credits_left}]`.
    #[schema(value_type = Vec<Object>)]
    registration_count_per_client: serde_json::Value,
}

#[derive(Debug, Serialize, ToSchema)]
struct ReportResource {
    /// Always `dashboard_report--dashboard_report`.
    #[serde(rename = "type")]
    kind: String,
    /// The report's date.
    id: String,
    attributes: ReportAttributes,
}

#[derive(Debug, Serialize, ToSchema)]
struct ReportList {
    data: Vec<ReportResource>,
}

/// The list's query (documentation only; the handler reads the raw query).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
struct ListParams {
    /// A year (`YYYY`), a month (`YYYY-MM`) or a day the reports' dates start with.
    #[param(
        rename = "filter[report_date][value]",
        pattern = "^[0-9]{4}(-[0-9]{2}){0,2}$"
    )]
    date: Option<String>,
    /// `STARTS_WITH` (the only operator).
    #[param(rename = "filter[report_date][operator]", pattern = "^STARTS_WITH$")]
    operator: Option<String>,
    /// `-report_date` (the only order: newest first).
    #[param(pattern = "^-report_date$")]
    sort: Option<String>,
    /// Reports at most: 30 by default, up to 366.
    #[param(rename = "page[limit]", minimum = 1, maximum = 366)]
    page_limit: Option<u32>,
}

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` in digits: the documented pattern, exactly.
fn is_date_prefix(value: &str) -> bool {
    let bytes = value.as_bytes();
    matches!(bytes.len(), 4 | 7 | 10)
        && bytes.iter().enumerate().all(|(at, byte)| match at {
            4 | 7 => *byte == b'-',
            _ => byte.is_ascii_digit(),
        })
}

/// The date prefix and the number of reports asked for.
fn read_query(raw: &str) -> std::result::Result<(String, i64), String> {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(raw).map_err(|_| messages::BAD_QUERY.to_owned())?;
    let (mut prefix, mut limit) = (String::new(), PAGE_DEFAULT);
    for (key, value) in pairs {
        match key.as_str() {
            "filter[report_date][value]" | "filter[report_date]" => {
                if !is_date_prefix(&value) {
                    return Err(messages::BAD_QUERY.to_owned());
                }
                prefix = value;
            }
            "filter[report_date][operator]" if value == "STARTS_WITH" => {}
            "filter[report_date][path]" if value == "report_date" => {}
            "sort" if value == "-report_date" => {}
            "page[limit]" => {
                limit = value
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (1..=PAGE_MAX).contains(n))
                    .ok_or_else(|| messages::BAD_QUERY.to_owned())?;
            }
            _ => return Err(messages::BAD_QUERY.to_owned()),
        }
    }
    Ok((prefix, limit))
}

/// `GET jsonapi/dashboard_report/dashboard_report`: the daily reports, newest first (admins).
#[utoipa::path(get, path = "/jsonapi/dashboard_report/dashboard_report", operation_id = table::DASHBOARD_REPORTS.op, tag = "dashboard",
    params(ListParams),
    responses(
        (status = 200, description = "The reports", body = ReportList, content_type = "application/vnd.api+json"),
        (status = 422, description = "A query that cannot be used", body = ErrorBody)
    ))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    RawQuery(raw): RawQuery,
) -> Result<Response> {
    policy::require_admin(&auth)?;
    let (prefix, limit) = read_query(raw.as_deref().unwrap_or_default())
        .map_err(|message| AppError::invalid("query", &message))?;
    let data = reports::list(&state.platform, &prefix, limit)
        .await?
        .into_iter()
        .map(|report| ReportResource {
            kind: "dashboard_report--dashboard_report".to_owned(),
            id: report.report_date.clone(),
            attributes: ReportAttributes {
                report_date: report.report_date,
                disk_free: report.disk_free,
                disk_total: report.disk_total,
                disk_available: report.disk_available,
                credit_usage_per_client: serde_json::from_str(&report.credit_usage_per_client)
                    .unwrap_or_default(),
                registration_count_per_client: serde_json::from_str(
                    &report.registration_count_per_client,
                )
                .unwrap_or_default(),
            },
        })
        .collect();
    answer(StatusCode::OK, &ReportList { data })
}

/// The chart's period.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct ChartQuery {
    /// The year; this year when absent.
    #[param(minimum = 1970, maximum = 9999)]
    year: Option<i64>,
    /// 1-12: the days of that month instead of the months of the year.
    #[param(minimum = 1, maximum = 12)]
    month: Option<i64>,
}

/// One line of the chart.
#[derive(Debug, Serialize, ToSchema)]
struct Series {
    client_id: String,
    name: String,
    /// Credits used per period, in the order of `labels`.
    y: Vec<i64>,
}

/// Credits used per month of a year or per day of a month.
#[derive(Debug, Serialize, ToSchema)]
struct Chart {
    /// `YYYY-MM` per month, or `YYYY-MM-DD` per day.
    labels: Vec<String>,
    /// One line per client (the clients that used credits then, for `all`).
    series: Vec<Series>,
}

/// `GET api/clients/{id|all}/chart-credit-usages?year&month`: credits used per period, for
/// one client ('view credit entities') or for every client (admins).
#[utoipa::path(get, path = "/api/clients/{client_id}/chart-credit-usages", operation_id = table::CREDIT_CHART.op, tag = "dashboard",
    params(("client_id" = String, Path, description = "A client's uuid, or `all`"), ChartQuery),
    responses(
        (status = 200, description = "The chart's points", body = Chart),
        (status = 422, description = "A year or month that does not exist", body = ErrorBody)
    ))]
async fn chart(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
    QueryParams(query): QueryParams<ChartQuery>,
) -> Result<Json<Chart>> {
    let this_year = domain::dates::local_datetime(tenancy::now())
        .get(..4)
        .and_then(|year| year.parse().ok())
        .unwrap_or(1970);
    let labels = domain::purchases::chart_periods(query.year.unwrap_or(this_year), query.month)
        .ok_or_else(|| AppError::invalid("month", messages::CHART_PERIOD_INVALID))?;
    let mut series = Vec::new();
    if client_id == "all" {
        let registry = policy::admin_tenants(&state, &auth)?;
        for client in clients::list(&state.platform).await? {
            let db = registry.open(&client.id).await?;
            let y = credits::used_per_period(&db, &labels).await?;
            if y.iter().any(|used| *used > 0) {
                series.push(Series {
                    client_id: client.id.to_string(),
                    name: client.name,
                    y,
                });
            }
        }
    } else {
        let ctx = policy::client_by_id(&state, auth, &client_id, &table::CREDIT_CHART).await?;
        series.push(Series {
            client_id: ctx.client.id.to_string(),
            name: ctx.client.name.clone(),
            y: credits::used_per_period(ctx.db(), &labels).await?,
        });
    }
    Ok(Json(Chart { labels, series }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_query_takes_a_date_prefix_the_order_and_a_limit() {
        assert_eq!(read_query(""), Ok((String::new(), PAGE_DEFAULT)));
        assert_eq!(
            read_query(
                "filter%5Breport_date%5D%5Bvalue%5D=2026-11&filter%5Breport_date%5D%5Boperator%5D=STARTS_WITH&sort=-report_date&page%5Blimit%5D=366"
            ),
            Ok(("2026-11".to_owned(), 366))
        );
        assert!(read_query("page%5Blimit%5D=367").is_err());
        assert!(read_query("filter%5Breport_date%5D%5Bvalue%5D=2026%25").is_err());
        // Only what the documented pattern allows: no empty, partial or dashed-only prefix.
        for bad in ["", "202", "2026-1", "12-3", "2026-11-", "----"] {
            assert!(read_query(&format!("filter%5Breport_date%5D%5Bvalue%5D={bad}")).is_err());
        }
        assert!(read_query("filter%5Breport_date%5D%5Bvalue%5D=2026-11-05").is_ok());
        assert!(read_query("sort=report_date").is_err());
    }
}
