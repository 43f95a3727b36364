//! Serves the built web app: static files, the SPA's index.html for every other path (so
//! deep links work), and cache headers that let a new version reach users quickly.

use axum::Router;
use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::CACHE_CONTROL;
use axum::middleware::{self, Next};
use axum::response::Response;
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

/// The web app under `/`, from `web_dir` (the output of `npm run build`).
pub fn router(web_dir: &Path) -> Router {
    if !web_dir.join("index.html").is_file() {
        tracing::warn!(dir = %web_dir.display(), "web app not built; run `npm run build` in web/");
    }
    let files = ServeDir::new(web_dir).fallback(ServeFile::new(web_dir.join("index.html")));
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(cache_headers))
}

/// Hashed assets never change; the service worker, manifest and index.html must be
/// revalidated on every load so an update is noticed.
async fn cache_headers(req: Request, next: Next) -> Response {
    let immutable = req.uri().path().starts_with("/assets/");
    let mut response = next.run(req).await;
    let value = if immutable {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
