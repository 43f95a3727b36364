//! Bad input gets a clear Dutch error in the usual shape and changes nothing.

mod common;

use axum::body::Body;
use axum::http::{Method, StatusCode};
use common::{PASSWORD, TestApp, TestResult};
use serde_json::json;

#[tokio::test]
async fn malformed_json_and_form_data_get_400() -> TestResult {
    let app = TestApp::new().await?;
    let broken = app
        .send(
            Method::POST,
            "/api/user/password-forgotten",
            None,
            Some("application/json"),
            "{\"email\": ",
        )
        .await?;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    assert_eq!(broken.json["message"], json!(domain::messages::BAD_JSON));
    let wrong_shape = app
        .send(
            Method::POST,
            "/api/user/login",
            None,
            Some("application/json"),
            "[1, 2]",
        )
        .await?;
    assert_eq!(wrong_shape.status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong_shape.json["status"], json!(false));
    let bad_multipart = app
        .send(
            Method::POST,
            "/api/user/login",
            None,
            Some("multipart/form-data; boundary=zz"),
            "--zz\r\nrubbish",
        )
        .await?;
    assert_eq!(bad_multipart.status, StatusCode::BAD_REQUEST);
    Ok(())
}

#[tokio::test]
async fn wrong_content_type_gets_415() -> TestResult {
    let app = TestApp::new().await?;
    let answer = app
        .send(
            Method::POST,
            "/api/user/login",
            None,
            Some("text/plain"),
            "username=a&password=b",
        )
        .await?;
    assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        answer.json["message"],
        json!(domain::messages::BAD_CONTENT_TYPE)
    );
    Ok(())
}

#[tokio::test]
async fn oversized_bodies_get_413_and_change_nothing() -> TestResult {
    let app = TestApp::new().await?;
    let huge = format!(
        "username=invuller%40demo.eform.nl&password={}",
        "x".repeat(api::http::BODY_LIMIT + 10)
    );
    let answer = app
        .send(
            Method::POST,
            "/api/user/login",
            None,
            Some("application/x-www-form-urlencoded"),
            huge,
        )
        .await?;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer.json["message"], json!(domain::messages::TOO_LARGE));
    let huge_json = json!({ "email": "a".repeat(api::http::BODY_LIMIT) }).to_string();
    let answer = app
        .send(
            Method::POST,
            "/api/user/password-forgotten",
            None,
            Some("application/json"),
            huge_json,
        )
        .await?;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    // The oversized login was not counted as a failed attempt: the account still signs in.
    for _ in 0..5 {
        app.send(
            Method::POST,
            "/api/user/login",
            None,
            Some("application/x-www-form-urlencoded"),
            Body::from(format!(
                "username=invuller%40demo.eform.nl&password={}",
                "x".repeat(api::http::BODY_LIMIT + 10)
            )),
        )
        .await?;
    }
    assert_eq!(
        app.login_raw("invuller@demo.eform.nl", PASSWORD)
            .await?
            .status,
        StatusCode::OK
    );
    Ok(())
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404() -> TestResult {
    let app = TestApp::new().await?;
    for uri in ["/api/does-not-exist", "/jsonapi/client/nothing"] {
        let answer = app.get(uri, None).await?;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(answer.json["message"], json!(domain::messages::NOT_FOUND));
    }
    Ok(())
}

#[tokio::test]
async fn invalid_email_for_password_reset_gets_422_with_field() -> TestResult {
    let app = TestApp::new().await?;
    let answer = app
        .post_json(
            "/api/user/password-forgotten",
            None,
            &json!({"email": "geen-adres"}),
        )
        .await?;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.json["errors"][0]["source"]["pointer"],
        json!("/email")
    );
    assert_eq!(
        answer.json["errors"][0]["detail"],
        json!(domain::messages::EMAIL_INVALID)
    );
    Ok(())
}
