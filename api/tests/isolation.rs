//! Tenancy through the API: one client's users never reach another client, each client
//! lives in its own file, and a small pool cache still serves every client.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::json;

#[tokio::test]
async fn a_user_of_one_client_is_refused_on_every_call_of_the_other() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    let anders = app.login("anders").await?; // only in Tweede Gemeente
    let beheerder = app.login("beheerder").await?; // client manager of Demo Gemeente only
    let user_in_demo =
        tenancy::platform::users::find_by_email(&app.state.platform, "invuller@demo.eform.nl")
            .await?
            .ok_or("user")?
            .id;
    let user_in_tweede =
        tenancy::platform::users::find_by_email(&app.state.platform, "anders@demo.eform.nl")
            .await?
            .ok_or("user")?
            .id;

    let calls = |client: &str, user: &str| {
        vec![
            format!("/api/client/{client}"),
            format!("/api/client/{client}/info"),
            format!("/api/clients/{client}/user/{user}/resend-welcome-mail"),
        ]
    };
    for uri in calls(&demo, user_in_demo.as_str()) {
        let answer = app.get(&uri, Some(&anders)).await?;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{uri}");
        assert_eq!(answer.json["message"], json!(domain::messages::FORBIDDEN));
    }
    for uri in calls(&tweede, user_in_tweede.as_str()) {
        assert_eq!(
            app.get(&uri, Some(&beheerder)).await?.status,
            StatusCode::FORBIDDEN,
            "{uri}"
        );
    }
    // A manager of Demo Gemeente cannot mail a user of Tweede Gemeente through Demo Gemeente.
    let uri = format!("/api/clients/{demo}/user/{user_in_tweede}/resend-welcome-mail");
    assert_eq!(
        app.get(&uri, Some(&beheerder)).await?.status,
        StatusCode::NOT_FOUND
    );
    // Global roles reach every client.
    let admin = app.login("admin").await?;
    assert_eq!(
        app.get(&format!("/api/client/{tweede}"), Some(&admin))
            .await?
            .status,
        StatusCode::OK
    );
    Ok(())
}

#[tokio::test]
async fn unknown_and_malformed_client_ids_get_404() -> TestResult {
    let app = TestApp::new().await?;
    let key = app.login("admin").await?;
    for id in [
        "0191e5b2-7c1a-7d3e-9a4b-0123456789ab",
        "not-a-uuid",
        "..%2F..%2Fplatform",
    ] {
        let answer = app.get(&format!("/api/client/{id}"), Some(&key)).await?;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{id}");
        assert_eq!(answer.json["status"], json!(false));
    }
    Ok(())
}

#[tokio::test]
async fn each_client_has_its_own_database_file() -> TestResult {
    let app = TestApp::new().await?;
    for name in ["Demo Gemeente", "Tweede Gemeente"] {
        let id = app.client_id(name).await?;
        let file = app.dir.path().join("tenants").join(&id).join("tenant.db");
        assert!(file.is_file(), "{name}: {}", file.display());
        let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", file.display())).await?;
        let owner: String =
            sqlx::query_scalar("SELECT value FROM tenant_meta WHERE key = 'client_id'")
                .fetch_one(&pool)
                .await?;
        assert_eq!(owner, id);
    }
    Ok(())
}

#[tokio::test]
async fn a_cache_of_two_serves_five_clients() -> TestResult {
    let app = TestApp::with(|config| config.tenant_cache = 2).await?;
    let admin = app.login("admin").await?;
    let mut ids = Vec::new();
    for i in 0..3i64 {
        let client = tenancy::platform::clients::new_client(&format!("Extra {i}"));
        tenancy::platform::clients::upsert(&app.state.platform, &client).await?;
        let db = app
            .state
            .tenants
            .for_operations()
            .create(&client.id)
            .await?;
        tenancy::tenant::credits::add(&db, "start", 10 + i, None).await?;
        ids.push((client.id.to_string(), 10 + i));
    }
    ids.push((app.client_id("Demo Gemeente").await?, 1000));
    ids.push((app.client_id("Tweede Gemeente").await?, 100));
    for _ in 0..2 {
        for (id, credits) in &ids {
            let answer = app.get(&format!("/api/client/{id}"), Some(&admin)).await?;
            assert_eq!(answer.status, StatusCode::OK);
            assert_eq!(answer.json["credits"], json!(credits));
            assert!(app.state.tenants.open_count() <= 2);
        }
    }
    Ok(())
}
