//! Assembles the HTTP application: every resource router, the shared layers and the web app.

use crate::AppState;
use crate::error::AppError;
use crate::routes::{
    client, favorites, files, folder_admin, folders, form_access, form_admin, forms, guest,
    openapi, ops, register, registrations, send, sync, user,
};
use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::HeaderName;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::any;
use std::time::Instant;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

/// Largest body an ordinary call accepts; file uploads set their own limit.
pub const BODY_LIMIT: usize = 1024 * 1024;

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The API routes with their state, without the web app (what most tests drive).
pub fn api(state: AppState) -> Router {
    Router::new()
        .merge(user::router())
        .merge(client::router())
        .merge(folders::router())
        .merge(folder_admin::router())
        .merge(forms::router())
        .merge(form_admin::router())
        .merge(form_access::router())
        .merge(favorites::router())
        .merge(registrations::router())
        .merge(send::router())
        .merge(sync::router())
        .merge(files::router())
        .merge(guest::router())
        .merge(register::router())
        .merge(ops::router())
        .merge(openapi::router())
        // Unknown API paths answer in the API's error shape rather than with the web app.
        .route("/api/{*rest}", any(not_found))
        .route("/jsonapi/{*rest}", any(not_found))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            record_metrics,
        ))
        .with_state(state)
}

/// The whole application: API, web app and the layers around both.
pub fn app(state: AppState) -> Router {
    let web = crate::web::router(&state.config.web_dir);
    api(state)
        .fallback_service(web)
        .layer(CatchPanicLayer::new())
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &Request| {
                let id = req.headers().get(&REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
                tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %id)
            }),
        )
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
}

async fn not_found() -> AppError {
    AppError::NotFound
}

/// Counts requests by matched route (never the raw path, which would explode the label set).
async fn record_metrics(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|path| path.as_str().to_owned())
        .unwrap_or_else(|| "unmatched".to_owned());
    let method = req.method().to_string();
    let started = Instant::now();
    let response = next.run(req).await;
    let status = response.status().as_u16().to_string();
    state
        .metrics
        .http_requests
        .with_label_values(&[route.as_str(), method.as_str(), status.as_str()])
        .inc();
    state
        .metrics
        .http_latency
        .with_label_values(&[route.as_str()])
        .observe(started.elapsed().as_secs_f64());
    response
}
