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

#[tokio::test]
async fn metrics_count_requests_by_route_and_open_tenant_pools() -> TestResult {
    let app = TestApp::new().await?;
    let key = app.login("invuller").await?;
    let demo = app.client_id("Demo Gemeente").await?;
    app.get(&format!("/api/client/{demo}"), Some(&key)).await?;
    app.get("/api/user/info", None).await?;
    let response = tower::ServiceExt::oneshot(
        app.router.clone(),
        axum::http::Request::get("/metrics").body(axum::body::Body::empty())?,
    )
    .await?;
    let text = String::from_utf8(
        http_body_util::BodyExt::collect(response.into_body())
            .await?
            .to_bytes()
            .to_vec(),
    )?;
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
    Ok(())
}

#[tokio::test]
async fn the_openapi_document_lists_every_route() -> TestResult {
    let app = TestApp::new().await?;
    let answer = app.get("/api/openapi.json", None).await?;
    assert_eq!(answer.status, StatusCode::OK);
    let paths = answer.json["paths"].as_object().ok_or("paths")?;
    for route in [
        "/api/user/login",
        "/api/user/logout",
        "/api/user/info",
        "/api/user/password-forgotten",
        "/api/user/password-reset",
        "/api/client/{client_id}",
        "/api/client/{client_id}/info",
        "/api/clients/{client_id}/user/{user_id}/resend-welcome-mail",
        "/healthz",
        "/readyz",
        "/metrics",
        "/api/openapi.json",
        "/api/client/{client_id}/folder/user",
        "/api/form/{form_id}",
        "/api/form/{form_id}/anonymous",
        "/api/forms/published/{client_id}",
        "/api/registration/",
        "/api/guest/form/{guest_id}",
        "/api/my-registrations",
        "/api/form/{form_id}/registrations/{registration_id}",
        "/api/form/{form_id}/registrations/search",
        "/api/file-upload/form",
        "/api/file-upload/form-hd",
        "/api/client/{client_id}/file/{file_id}",
        "/api/client/{client_id}/accept-terms-and-conditions",
        "/jsonapi/client/client/{client_id}",
        "/api/user/register/",
        "/api/saved-registrations-sync",
        "/api/client/{client_id}/folder",
        "/api/client/{client_id}/folder/admin",
        "/api/client/{client_id}/folder/{folder_id}",
        "/api/folder/{folder_id}/set-hidden",
        "/api/folder/{folder_id}/rename",
        "/api/form",
        "/api/form/{form_id}/publish",
        "/api/form/{form_id}/unpublish",
        "/api/form/{form_id}/revisions",
        "/api/form/{form_id}/revision-restore/{revision_id}",
        "/api/form/{form_id}/copy",
        "/api/form/{form_id}/get_users",
        "/api/form/{form_id}/add_user/{user_id}",
        "/api/form/{form_id}/remove_user/{user_id}",
        "/api/form/{form_id}/get_user_groups",
        "/api/form/{form_id}/add_user_group/{group_id}",
        "/api/form/{form_id}/remove_user_group/{group_id}",
        "/api/form/{form_id}/assigned-users",
        "/api/form/{form_id}/metadata",
        "/api/client/{client_id}/favorite-elements",
        "/api/client/{client_id}/favorite-elements/{uuid}",
        "/api/file-upload/imagetag",
        "/api/file-upload/static-file",
    ] {
        assert!(
            paths.contains_key(route),
            "{route} missing from openapi.json"
        );
    }
    for (route, method) in [
        ("/api/form/{form_id}", "patch"),
        ("/api/form/{form_id}", "delete"),
    ] {
        assert!(
            paths[route].get(method).is_some(),
            "{method} {route} missing from openapi.json"
        );
    }
    Ok(())
}
