//! Operations endpoints: liveness, readiness and Prometheus metrics.

use crate::AppState;
use crate::error::{AppError, Result};
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
}

/// Alive: the process answers.
async fn healthz() -> &'static str {
    "ok"
}

/// Ready: the platform database answers.
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

/// Prometheus text format.
async fn metrics(State(state): State<AppState>) -> Result<impl IntoResponse> {
    let open = i64::try_from(state.tenants.open_count()).unwrap_or(i64::MAX);
    state.metrics.tenant_pools_open.set(open);
    let body = state.metrics.render().map_err(AppError::internal)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], body))
}
