//! Operations endpoints and cross-cutting layers.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};

#[tokio::test]
async fn health_readiness_and_request_ids() -> TestResult {
    let app = TestApp::new().await?;
    let health = app.get("/healthz", None).await?;
    assert_eq!(health.status, StatusCode::OK);
    assert!(
        health
            .headers
            .get("x-request-id")
            .is_some_and(|id| id.len() >= 32)
    );
    assert_eq!(app.get("/readyz", None).await?.status, StatusCode::OK);
    Ok(())
}

/// GET /metrics as Prometheus would, from `peer`, with an optional bearer token.
async fn scrape(
    app: &TestApp,
    peer: &str,
    token: Option<&str>,
    forwarded: bool,
) -> TestResult<(StatusCode, String)> {
    let mut request = axum::http::Request::get("/metrics");
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    if forwarded {
        request = request.header("x-forwarded-for", "203.0.113.7");
    }
    let mut request = request.body(axum::body::Body::empty())?;
    let addr: std::net::SocketAddr = peer.parse()?;
    request
        .extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    let response = tower::ServiceExt::oneshot(app.router.clone(), request).await?;
    let status = response.status();
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await?
        .to_bytes();
    Ok((status, String::from_utf8(bytes.to_vec())?))
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_open_tenant_pools() -> TestResult {
    let app = TestApp::new().await?;
    let key = app.login("invuller").await?;
    let demo = app.client_id("Demo Gemeente").await?;
    app.get(&format!("/api/client/{demo}"), Some(&key)).await?;
    app.get("/api/user/info", None).await?;
    let (status, text) = scrape(&app, "127.0.0.1:9100", None, false).await?;
    assert_eq!(status, StatusCode::OK);
    assert!(text.contains(r#"eform_http_requests_total{method="GET",route="/api/client/{client_id}",status="200"} 1"#), "{text}");
    assert!(
        text.contains(
            r#"eform_http_requests_total{method="GET",route="/api/user/info",status="401"} 1"#
        ),
        "{text}"
    );
    assert!(
        text.contains("eform_http_request_duration_seconds_bucket"),
        "{text}"
    );
    assert!(text.contains("eform_tenant_pools_open"), "{text}");
    assert!(
        text.contains(r#"eform_queue_depth{queue="work"}"#),
        "{text}"
    );
    // Per client, from the latest dashboard report.
    let ctx = app.state.job_context()?;
    worker::report::run_day(&ctx, "2026-11-26").await?;
    // A labelled counter is exported once it has a value.
    app.state
        .metrics
        .jobs_failed
        .with_label_values(&["dashboard_report"])
        .inc_by(0);
    let (_, text) = scrape(&app, "127.0.0.1:9100", None, false).await?;
    let line = format!(r#"eform_client_credits_left{{client="{demo}",name="Demo Gemeente"}} 1000"#);
    assert!(text.contains(&line), "{text}");
    assert!(text.contains("eform_client_disk_bytes{"), "{text}");
    assert!(text.contains("eform_client_registrations{"), "{text}");
    // Every metric the Grafana dashboard in ops/ reads is one this server exports.
    let dashboard = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../ops/grafana/eform-dashboard.json"),
    )?;
    let mut names: Vec<&str> = dashboard
        .match_indices("eform_")
        .map(|(at, _)| {
            let rest = &dashboard[at..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .filter(|name| name.len() > "eform_".len())
        .collect();
    names.sort_unstable();
    names.dedup();
    assert!(names.len() >= 6, "{names:?}");
    for name in names {
        assert!(
            text.contains(name),
            "the dashboard reads {name}, which /metrics lacks"
        );
    }
    Ok(())
}

/// Finding of issue 9: `/metrics` was public. Without a token only this machine may read
/// it (not through a proxy); with EFORM_METRICS_TOKEN only a bearer of that token.
#[tokio::test]
async fn metrics_are_for_operators_only() -> TestResult {
    let app = TestApp::new().await?;
    assert_eq!(
        scrape(&app, "203.0.113.9:5000", None, false).await?.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        scrape(&app, "127.0.0.1:5000", None, true).await?.0,
        StatusCode::FORBIDDEN,
        "a local proxy forwarding an outside request"
    );
    let admin = app.login("admin").await?;
    assert_eq!(
        app.get("/metrics", Some(&admin)).await?.status,
        StatusCode::FORBIDDEN
    );
    let with_token =
        TestApp::with(|config| config.metrics_token = Some("geheim-token".into())).await?;
    assert_eq!(
        scrape(&with_token, "127.0.0.1:5000", None, false).await?.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        scrape(&with_token, "203.0.113.9:5000", Some("fout"), false)
            .await?
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        scrape(&with_token, "203.0.113.9:5000", Some("geheim-token"), false)
            .await?
            .0,
        StatusCode::OK
    );
    Ok(())
}

/// Every answer carries the security headers; API JSON and the web app alike.
#[tokio::test]
async fn security_headers_on_every_answer() -> TestResult {
    let app = TestApp::new().await?;
    for uri in [
        "/healthz",
        "/api/user/info",
        "/api/nergens",
        "/api/openapi.json",
    ] {
        let answer = app.get(uri, None).await?;
        let header = |name: &str| {
            answer
                .headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(header("x-content-type-options"), "nosniff", "{uri}");
        assert_eq!(header("x-frame-options"), "DENY", "{uri}");
        assert_eq!(header("referrer-policy"), "same-origin", "{uri}");
        let csp = header("content-security-policy");
        assert!(csp.contains("default-src 'self'"), "{uri}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{uri}: {csp}");
        assert!(
            !csp.contains("script-src 'self' 'unsafe-inline'"),
            "{uri}: {csp}"
        );
    }
    Ok(())
}

/// The served document is the one the code generates: every route, documented with the
/// policy's security and error answers.
#[tokio::test]
async fn the_openapi_document_is_generated_from_the_routes() -> TestResult {
    let app = TestApp::new().await?;
    let answer = app.get("/api/openapi.json", None).await?;
    assert_eq!(answer.status, StatusCode::OK);
    let generated = api::http::document().map_err(|problems| problems.join("\n"))?;
    assert_eq!(answer.json, generated);
    let operations: Vec<(&String, &String, &serde_json::Value)> = answer.json["paths"]
        .as_object()
        .ok_or("paths")?
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .into_iter()
                .flatten()
                .map(move |(method, op)| (path, method, op))
        })
        .collect();
    assert_eq!(operations.len(), api::policy::table::ALL.len());
    for (path, method, op) in operations {
        let id = op["operationId"].as_str().ok_or("operationId")?;
        let rule = api::policy::table::find(id).ok_or(id.to_owned())?.rule;
        let responses = op["responses"].as_object().ok_or("responses")?;
        let public = matches!(rule, api::policy::Rule::Public);
        assert_eq!(op.get("security").is_none(), public, "{method} {path}");
        if !public && !matches!(rule, api::policy::Rule::Operator) {
            assert!(responses.contains_key("401"), "{method} {path}");
        }
        if path.contains('{') {
            assert!(responses.contains_key("404"), "{method} {path}");
        }
        if op.get("requestBody").is_some() {
            for status in ["400", "413", "415", "422"] {
                assert!(responses.contains_key(status), "{method} {path} {status}");
            }
        }
    }
    Ok(())
}

/// The web app's API types are generated from a committed copy of the document
/// (`web/src/lib/api/openapi.json`, see web/README.md); an API change without a fresh copy
/// fails here, and a stale `schema.d.ts` fails the web's own test.
#[test]
fn the_web_apps_copy_of_the_document_is_current() -> TestResult {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/lib/api/openapi.json");
    let committed: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
    let generated = api::http::document().map_err(|problems| problems.join("\n"))?;
    assert!(
        committed == generated,
        "web/src/lib/api/openapi.json is not what the code generates; run\n  cargo run -p api -- openapi > web/src/lib/api/openapi.json && (cd web && npm run api-types)"
    );
    Ok(())
}
