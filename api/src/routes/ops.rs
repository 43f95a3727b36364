//! Operations endpoints: liveness, readiness, Prometheus metrics and the API document.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::ClientAddr;
use crate::http::ApiDocument;
use crate::policy::table;
use axum::Extension;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(healthz))
        .routes(routes!(readyz))
        .routes(routes!(metrics))
        .routes(routes!(document))
}

/// Alive: the process answers.
#[utoipa::path(get, path = "/healthz", operation_id = table::HEALTHZ.op, tag = "ops",
    responses((status = 200, description = "Alive", body = String, content_type = "text/plain")))]
async fn healthz() -> &'static str {
    "ok"
}

/// Ready: the platform database answers.
#[utoipa::path(get, path = "/readyz", operation_id = table::READYZ.op, tag = "ops",
    responses(
        (status = 200, description = "Ready", body = String, content_type = "text/plain"),
        (status = 503, description = "The platform database does not answer", body = String, content_type = "text/plain")
    ))]
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    if state.platform.ping().await {
        (StatusCode::OK, "ready")
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "platform database unavailable",
        )
    }
}

/// True when the caller may read the metrics: with `EFORM_METRICS_TOKEN` set, by sending it
/// as a bearer token; without it, only from this machine and not through a proxy
/// (decision 011).
fn may_read_metrics(state: &AppState, headers: &HeaderMap, addr: &ClientAddr) -> bool {
    match state
        .config
        .metrics_token
        .as_deref()
        .filter(|t| !t.is_empty())
    {
        Some(token) => headers
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .is_some_and(|sent| {
                // Comparing digests keeps the time taken independent of where they differ.
                tenancy::secrets::token_hash(sent) == tenancy::secrets::token_hash(token)
            }),
        None => {
            !addr.forwarded
                && headers.get("x-forwarded-for").is_none()
                && addr.ip.is_some_and(|ip| ip.is_loopback())
        }
    }
}

/// Prometheus text format, for the platform's operators only.
#[utoipa::path(get, path = "/metrics", operation_id = table::METRICS.op, tag = "ops",
    responses((status = 200, description = "Prometheus text format", body = String, content_type = "text/plain")))]
async fn metrics(
    State(state): State<AppState>,
    addr: ClientAddr,
    headers: HeaderMap,
) -> Result<impl IntoResponse> {
    if !may_read_metrics(&state, &headers, &addr) {
        return Err(AppError::Forbidden);
    }
    let open = i64::try_from(state.tenants.open_count()).unwrap_or(i64::MAX);
    state.metrics.tenant_pools_open.set(open);
    client_gauges(&state).await?;
    match state.queue.depth().await {
        Ok(depths) => {
            for (queue, waiting) in depths {
                state
                    .metrics
                    .queue_depth
                    .with_label_values(&[queue])
                    .set(waiting);
            }
        }
        Err(err) => tracing::warn!(error = %err, "reading the queue depth failed"),
    }
    let body = state.metrics.render().map_err(AppError::internal)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], body))
}

/// One client's line of the latest dashboard report, as the gauges read it.
#[derive(Debug, serde::Deserialize)]
struct ClientLine {
    client_id: String,
    client_name: String,
    #[serde(default)]
    registration_count: i64,
    #[serde(default)]
    disk_bytes: i64,
    #[serde(default)]
    credits_left: i64,
}

/// The per-client gauges, from the latest dashboard report (the worker makes it daily):
/// reading every client's file on each scrape would not scale with the clients.
async fn client_gauges(state: &AppState) -> Result<()> {
    let latest = tenancy::platform::reports::list(&state.platform, "", 1).await?;
    let Some(report) = latest.first() else {
        return Ok(());
    };
    let lines: Vec<ClientLine> =
        serde_json::from_str(&report.registration_count_per_client).unwrap_or_default();
    let metrics = &state.metrics;
    // Removed clients go with the report that no longer lists them.
    metrics.client_registrations.reset();
    metrics.client_credits_left.reset();
    metrics.client_disk_bytes.reset();
    for line in lines {
        let labels = [line.client_id.as_str(), line.client_name.as_str()];
        metrics
            .client_registrations
            .with_label_values(&labels)
            .set(line.registration_count);
        metrics
            .client_credits_left
            .with_label_values(&labels)
            .set(line.credits_left);
        metrics
            .client_disk_bytes
            .with_label_values(&labels)
            .set(line.disk_bytes);
    }
    Ok(())
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", operation_id = table::OPENAPI.op, tag = "ops",
    responses((status = 200, description = "The OpenAPI document", body = Object)))]
async fn document(
    Extension(ApiDocument(doc)): Extension<ApiDocument>,
) -> Result<impl IntoResponse> {
    let json = doc.map_err(|problems| AppError::internal(problems.to_string()))?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        json.to_string(),
    ))
}
