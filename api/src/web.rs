//! Serves the built web app: static files, the SPA's index.html for every other path (so
//! deep links work), cache headers that let a new version reach users quickly, and the
//! brotli and gzip copies `npm run build` makes of each text file (a field user on one bar
//! gets a third of the bytes, and the server spends no CPU compressing them).

use axum::Router;
use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::{CACHE_CONTROL, VARY};
use axum::middleware::{self, Next};
use axum::response::Response;
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

/// The web app under `/`, from `web_dir` (the output of `npm run build`).
pub fn router(web_dir: &Path) -> Router {
    if !web_dir.join("index.html").is_file() {
        tracing::warn!(dir = %web_dir.display(), "web app not built; run `npm run build` in web/");
    }
    let index = ServeFile::new(web_dir.join("index.html"))
        .precompressed_br()
        .precompressed_gzip();
    let files = ServeDir::new(web_dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(index);
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
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(value));
    // Caches between us and the browser must keep the brotli, gzip and plain copies apart.
    headers.insert(VARY, HeaderValue::from_static("accept-encoding"));
    response
}
