//! Assembles the HTTP application: every resource router (each documents its routes), the
//! OpenAPI document they make, the shared layers and the web app.

use crate::AppState;
use crate::error::AppError;
use crate::openapi;
use crate::routes::{
    assigned, batches, client, client_users, clients, credits, dashboard, datasource_exports,
    datasources, exports, favorites, files, folder_admin, folders, form_access, form_admin, forms,
    guest, guest_maps, mail_attachments, offers, ops, purchases, qr, register, registrations,
    review, send, snapshots, sync, user, user_groups, user_permissions, users, word_templates,
};
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{Extensions, HeaderMap, StatusCode, Version};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::any;
use axum::{Extension, Router};
use std::sync::Arc;
use std::time::Instant;
use tower_http::CompressionLevel;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa_axum::router::OpenApiRouter;

/// Largest body an ordinary call accepts; file uploads and the sync set their own limit.
pub const BODY_LIMIT: usize = 1024 * 1024;

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The web app runs only its own scripts; MUI's emotion injects style elements, images and
/// files are shown from blob: URLs, and nothing may frame the app.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/// The served OpenAPI document, made once when the router is built.
#[derive(Debug, Clone)]
pub struct ApiDocument(pub Result<Arc<str>, Arc<str>>);

/// Every documented route, without state: what the OpenAPI document is made of.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(<openapi::Base as utoipa::OpenApi>::openapi())
        .merge(user::router())
        .merge(register::router())
        .merge(client::router())
        .merge(clients::router())
        .merge(client_users::router())
        .merge(user_permissions::router())
        .merge(users::router())
        .merge(snapshots::router())
        .merge(credits::router())
        .merge(purchases::router())
        .merge(offers::router())
        .merge(dashboard::router())
        .merge(datasources::router())
        .merge(datasource_exports::router())
        .merge(user_groups::router())
        .merge(batches::router())
        .merge(folders::router())
        .merge(folder_admin::router())
        .merge(forms::router())
        .merge(form_admin::router())
        .merge(form_access::router())
        .merge(favorites::router())
        .merge(registrations::router())
        .merge(review::router())
        .merge(mail_attachments::router())
        .merge(exports::router())
        .merge(assigned::router())
        .merge(send::router())
        .merge(sync::router())
        .merge(files::router())
        .merge(word_templates::router())
        .merge(guest::router())
        .merge(guest_maps::router())
        .merge(qr::router())
        .merge(ops::router())
}

/// The finished document as JSON, or every problem with it (see `openapi::finish`).
pub fn document() -> Result<serde_json::Value, Vec<String>> {
    let (_, doc) = routes().split_for_parts();
    openapi::finish(doc)
}

/// The API routes with their state, without the web app (what most tests drive).
pub fn api(state: AppState) -> Router {
    let (router, doc) = routes().split_for_parts();
    let served = match openapi::finish(doc) {
        Ok(json) => Ok(Arc::from(json.to_string())),
        Err(problems) => {
            // A test keeps this from happening; if it does, the API still runs.
            let problems = problems.join("; ");
            tracing::error!(%problems, "the OpenAPI document is incomplete");
            Err(Arc::from(problems))
        }
    };
    router
        // Unknown API paths answer in the API's error shape rather than with the web app.
        .route("/api/{*rest}", any(not_found))
        .route("/jsonapi/{*rest}", any(not_found))
        .layer(Extension(ApiDocument(served)))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            record_metrics,
        ))
        .with_state(state)
}

/// Which answers are compressed on the way out: API answers of 1 KiB and more (form schemas,
/// lists, GeoJSON) — not images, not files sent as attachments (downloads keep their length,
/// so browsers show their progress) and not the web app's files, which carry their own
/// precompressed copies (`web`). Brotli at 4 packs nearly as well as at 11 for a fraction of
/// the CPU.
fn compression() -> CompressionLayer<impl Predicate> {
    let not_a_download = |_: StatusCode, _: Version, headers: &HeaderMap, _: &Extensions| {
        !headers.contains_key(header::CONTENT_DISPOSITION)
            && headers
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|kind| {
                    kind.starts_with("application/json")
                        || kind.starts_with("application/vnd.api+json")
                        || kind.starts_with("text/")
                })
    };
    CompressionLayer::new()
        .quality(CompressionLevel::Precise(4))
        .compress_when(
            SizeAbove::new(1024)
                .and(NotForContentType::SSE)
                .and(not_a_download),
        )
}

/// The whole application: API, web app and the layers around both.
pub fn app(state: AppState) -> Router {
    let web = crate::web::router(&state.config.web_dir);
    api(state)
        .layer(compression())
        .fallback_service(web)
        .layer(CatchPanicLayer::new())
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ))
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
