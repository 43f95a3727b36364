//! Sign-in and session: login good and bad, info, client info, logout, rate limiting.

mod common;

use axum::http::{Method, StatusCode};
use common::{PASSWORD, TestApp, TestResult};
use serde_json::json;

#[tokio::test]
async fn login_answers_the_specified_fields() -> TestResult {
    let app = TestApp::new().await?;
    let answer = app.login_raw("twee@demo.eform.nl", PASSWORD).await?;
    assert_eq!(answer.status, StatusCode::OK);
    let body = &answer.json;
    assert_eq!(body["status"], json!(true));
    assert_eq!(body["email"], json!("twee@demo.eform.nl"));
    assert_eq!(body["api_key"].as_str().map(str::len), Some(64));
    assert!(body["id"].is_string());
    assert_eq!(body["message"], json!(""));
    let names: Vec<&str> = body["clients"]
        .as_array()
        .ok_or("clients")?
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, ["Demo Gemeente", "Tweede Gemeente"]);
    assert_eq!(body["clients"][0]["id"], body["clients"][0]["uuid"]);
    // The username works as well as the e-mail address, in any case.
    assert_eq!(
        app.login_raw("TWEE", PASSWORD).await?.status,
        StatusCode::OK
    );
    Ok(())
}

#[tokio::test]
async fn login_accepts_multipart_form_data() -> TestResult {
    let app = TestApp::new().await?;
    let boundary = "XyZ123";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"username\"\r\n\r\ninvuller@demo.eform.nl\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n{PASSWORD}\r\n--{boundary}--\r\n"
    );
    let answer = app
        .send(
            Method::POST,
            "/api/user/login",
            None,
            Some(&format!("multipart/form-data; boundary={boundary}")),
            body,
        )
        .await?;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.json);
    Ok(())
}

#[tokio::test]
async fn wrong_password_and_unknown_user_get_the_same_dutch_401() -> TestResult {
    let app = TestApp::new().await?;
    let wrong = app.login_raw("invuller@demo.eform.nl", "verkeerd").await?;
    let unknown = app.login_raw("niemand@demo.eform.nl", PASSWORD).await?;
    for answer in [&wrong, &unknown] {
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
        assert_eq!(answer.json["status"], json!(false));
        assert_eq!(
            answer.json["message"],
            json!(domain::messages::LOGIN_FAILED)
        );
        assert!(answer.json.get("api_key").is_none());
    }
    let empty = app.login_raw("", "").await?;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        empty.json["message"],
        json!(domain::messages::LOGIN_FIELDS_REQUIRED)
    );
    Ok(())
}

#[tokio::test]
async fn user_info_and_client_info_follow_the_roles() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;

    let key = app.login("beheerder").await?;
    let info = app.get("/api/user/info", Some(&key)).await?;
    assert_eq!(info.status, StatusCode::OK);
    assert_eq!(info.json["clients"][0]["name"], json!("Demo Gemeente"));
    assert!(info.json.get("server_notification").is_some());

    let access = app
        .get(&format!("/api/client/{demo}/info"), Some(&key))
        .await?;
    assert_eq!(access.status, StatusCode::OK);
    assert_eq!(
        access.json["roles"],
        json!(["form_filler", "client_manager"])
    );
    let permissions: Vec<&str> = access.json["permissions"]
        .as_array()
        .ok_or("permissions")?
        .iter()
        .filter_map(|p| p.as_str())
        .collect();
    assert!(permissions.contains(&"eform manage forms"));
    assert!(permissions.contains(&"eform view hidden folders"));
    assert!(!permissions.contains(&"delete client entities"));

    let filler = app.login("invuller").await?;
    let access = app
        .get(&format!("/api/client/{demo}/info"), Some(&filler))
        .await?;
    assert_eq!(access.json["roles"], json!(["form_filler"]));
    assert_eq!(access.json["permissions"], json!([]));

    let client = app
        .get(&format!("/api/client/{demo}"), Some(&filler))
        .await?;
    assert_eq!(client.status, StatusCode::OK);
    assert_eq!(client.json["name"], json!("Demo Gemeente"));
    assert_eq!(client.json["credits"], json!(1000));
    assert_eq!(
        client.json["modules"],
        json!(["word", "map_element", "location", "tracking", "qr_code"])
    );
    Ok(())
}

#[tokio::test]
async fn server_notification_reaches_user_info() -> TestResult {
    let app = TestApp::new().await?;
    tenancy::platform::notifications::publish(
        &app.state.platform,
        "warning",
        "Vanavond onderhoud van 22:00 tot 23:00.",
    )
    .await?;
    let key = app.login("invuller").await?;
    let info = app.get("/api/user/info", Some(&key)).await?;
    assert_eq!(
        info.json["server_notification"],
        json!({"type": "warning", "message": "Vanavond onderhoud van 22:00 tot 23:00."})
    );
    tenancy::platform::notifications::clear(&app.state.platform).await?;
    let info = app.get("/api/user/info", Some(&key)).await?;
    assert_eq!(info.json["server_notification"], json!(null));
    Ok(())
}

#[tokio::test]
async fn expired_credits_count_as_zero_except_for_admins() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let id = domain::ids::ClientId::parse(&demo).ok_or("id")?;
    let db = app.state.tenants.for_operations().open(&id).await?;
    tenancy::tenant::credits::add(&db, "verlopen bundel", 50, Some(tenancy::now() - 60)).await?;
    let filler = app.login("invuller").await?;
    let admin = app.login("admin").await?;
    assert_eq!(
        app.get(&format!("/api/client/{demo}"), Some(&filler))
            .await?
            .json["credits"],
        json!(1000)
    );
    assert_eq!(
        app.get(&format!("/api/client/{demo}"), Some(&admin))
            .await?
            .json["credits"],
        json!(1050)
    );
    Ok(())
}

#[tokio::test]
async fn missing_unknown_and_revoked_keys_get_401() -> TestResult {
    let app = TestApp::new().await?;
    assert_eq!(
        app.get("/api/user/info", None).await?.status,
        StatusCode::UNAUTHORIZED
    );
    let unknown = app.get("/api/user/info", Some(&"0".repeat(64))).await?;
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        unknown.json["message"],
        json!(domain::messages::UNAUTHENTICATED)
    );

    let key = app.login("invuller").await?;
    let other = app.login("invuller").await?;
    assert_eq!(
        app.get("/api/user/info", Some(&key)).await?.status,
        StatusCode::OK
    );
    let logout = app
        .send(Method::POST, "/api/user/logout", Some(&key), None, "")
        .await?;
    assert_eq!(logout.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/user/info", Some(&key)).await?.status,
        StatusCode::UNAUTHORIZED
    );
    // Logout revokes only that session, not the user's other devices.
    assert_eq!(
        app.get("/api/user/info", Some(&other)).await?.status,
        StatusCode::OK
    );
    // The token is stored hashed: the database never holds the key itself.
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM api_tokens WHERE token_hash = ?1")
        .bind(&key)
        .fetch_one(
            &sqlx::SqlitePool::connect(&format!(
                "sqlite://{}",
                app.dir.path().join("platform.db").display()
            ))
            .await?,
        )
        .await?;
    assert_eq!(stored, 0);
    Ok(())
}

#[tokio::test]
async fn failed_logins_are_rate_limited_per_account() -> TestResult {
    let app = TestApp::new().await?;
    for _ in 0..5 {
        assert_eq!(
            app.login_raw("lezer@demo.eform.nl", "fout").await?.status,
            StatusCode::UNAUTHORIZED
        );
    }
    // Even the right password is refused now, with the Dutch message.
    let limited = app.login_raw("lezer@demo.eform.nl", PASSWORD).await?;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        limited.json["message"],
        json!(domain::messages::LOGIN_RATE_LIMITED)
    );
    // Another account is not affected.
    assert_eq!(
        app.login_raw("invuller@demo.eform.nl", PASSWORD)
            .await?
            .status,
        StatusCode::OK
    );
    Ok(())
}

#[tokio::test]
async fn failed_logins_are_rate_limited_per_address() -> TestResult {
    let app = TestApp::new().await?;
    // Twenty failures spread over many accounts from one address ...
    for i in 0..20 {
        let answer = app
            .login_raw(&format!("gok{i}@demo.eform.nl"), "fout")
            .await?;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    }
    // ... block that address for everyone.
    let limited = app.login_raw("invuller@demo.eform.nl", PASSWORD).await?;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    Ok(())
}
