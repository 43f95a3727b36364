//! `GET /api/openapi.json`: the API described for outside scripts. Kept by hand next to
//! the routers; a test checks that every route is in it.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

/// The document, embedded at build time.
pub const DOCUMENT: &str = include_str!("../../openapi.json");

/// Routes of this resource.
pub fn router() -> Router<crate::AppState> {
    Router::new().route("/api/openapi.json", get(document))
}

async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT)
}
