//! Mails about accounts end to end, through a real SMTP server (maildev, started by
//! `ops/test`): 'Wachtwoord vergeten?' and its one-time link, welcome mails, and the
//! confirmation with which an existing account joins a client.

mod common;

use axum::http::StatusCode;
use common::mail::{receive, start_workers, token_from};
use common::{PASSWORD, TestApp, TestResult};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reset_mail_arrives_over_smtp_and_its_link_sets_a_new_password_once() -> TestResult {
    let app = TestApp::new().await?;
    let stop = start_workers(&app).await?;
    // A fresh address per run, so parallel runs against one maildev never read each other's mail.
    let (_, email) = app.new_user("reset", Some(PASSWORD)).await?;
    let old_key = app.login_raw(&email, PASSWORD).await?.json["api_key"]
        .as_str()
        .ok_or("key")?
        .to_owned();

    let asked = app
        .post_json(
            "/api/user/password-forgotten",
            None,
            &json!({ "email": email }),
        )
        .await?;
    assert_eq!(asked.status, StatusCode::OK);
    assert_eq!(
        asked.json["message"],
        json!(domain::messages::PASSWORD_FORGOTTEN_SENT)
    );
    let text = receive(&email).await?;
    assert!(
        text.contains("http://eform.test/user/reset-password/"),
        "{text}"
    );
    let token = token_from(&text)?;
    assert_eq!(token.len(), 64);

    let short = app
        .post_json(
            "/api/user/password-reset",
            None,
            &json!({ "token": token, "password": "kort" }),
        )
        .await?;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        short.json["message"],
        json!(domain::messages::PASSWORD_TOO_SHORT)
    );

    let reset = app
        .post_json(
            "/api/user/password-reset",
            None,
            &json!({ "token": token, "password": "nieuw-wachtwoord" }),
        )
        .await?;
    assert_eq!(reset.status, StatusCode::OK, "{:?}", reset.json);
    assert_eq!(
        app.login_raw(&email, PASSWORD).await?.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login_raw(&email, "nieuw-wachtwoord").await?.status,
        StatusCode::OK
    );
    // Sessions from before the reset are signed out.
    assert_eq!(
        app.get("/api/user/info", Some(&old_key)).await?.status,
        StatusCode::UNAUTHORIZED
    );

    let again = app
        .post_json(
            "/api/user/password-reset",
            None,
            &json!({ "token": token, "password": "nog-een-keer" }),
        )
        .await?;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(
        again.json["message"],
        json!(domain::messages::RESET_LINK_INVALID)
    );
    assert_eq!(
        app.login_raw(&email, "nieuw-wachtwoord").await?.status,
        StatusCode::OK
    );
    let _ = stop.send(());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_addresses_get_the_same_answer_and_no_mail() -> TestResult {
    let app = TestApp::new().await?;
    let answer = app
        .post_json(
            "/api/user/password-forgotten",
            None,
            &json!({ "email": "onbekend@demo.eform.nl" }),
        )
        .await?;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.json["message"],
        json!(domain::messages::PASSWORD_FORGOTTEN_SENT)
    );
    let queued: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM Jobs")
        .fetch_one(&worker::connect_jobs_db(app.dir.path()).await?)
        .await?;
    assert_eq!(queued, 0);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_welcome_mail_is_resent_by_a_user_manager() -> TestResult {
    let app = TestApp::new().await?;
    let stop = start_workers(&app).await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let (user, email) = app.new_user("welkom", None).await?;
    let client = domain::ids::ClientId::parse(&demo).ok_or("id")?;
    tenancy::platform::memberships::set_roles(&app.state.platform, &user, &client, &[]).await?;

    let uri = format!("/api/clients/{demo}/user/{user}/resend-welcome-mail");
    let filler = app.login("invuller").await?;
    assert_eq!(
        app.get(&uri, Some(&filler)).await?.status,
        StatusCode::FORBIDDEN
    );
    let manager = app.login("gebruikers").await?;
    let sent = app.get(&uri, Some(&manager)).await?;
    assert_eq!(sent.status, StatusCode::OK, "{:?}", sent.json);
    let text = receive(&email).await?;
    assert!(text.contains("Demo Gemeente"), "{text}");
    // The welcome link lets a user without a password choose one.
    let token = token_from(&text)?;
    let set = app
        .post_json(
            "/api/user/password-reset",
            None,
            &json!({ "token": token, "password": "mijn-eerste-wachtwoord" }),
        )
        .await?;
    assert_eq!(set.status, StatusCode::OK);
    assert_eq!(
        app.login_raw(&email, "mijn-eerste-wachtwoord")
            .await?
            .status,
        StatusCode::OK
    );
    let _ = stop.send(());
    Ok(())
}

/// Finding of issue 9: a reset link stayed usable after another link of the same user was
/// redeemed. Setting a password ends every open link of the user.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_earlier_link_dies_when_another_is_redeemed() -> TestResult {
    let app = TestApp::new().await?;
    let (user, email) = app.new_user("twee-links", Some(PASSWORD)).await?;
    use tenancy::platform::password_tokens::{Purpose, issue};
    let first = issue(&app.state.platform, &user, Purpose::Reset).await?;
    let second = issue(&app.state.platform, &user, Purpose::Reset).await?;
    let welcome = issue(&app.state.platform, &user, Purpose::Welcome).await?;
    let reset = |token: &str, password: &str| json!({ "token": token, "password": password });
    let used = app
        .post_json(
            "/api/user/password-reset",
            None,
            &reset(&second, "tweede-wachtwoord"),
        )
        .await?;
    assert_eq!(used.status, StatusCode::OK);
    for stale in [&first, &welcome] {
        let again = app
            .post_json(
                "/api/user/password-reset",
                None,
                &reset(stale, "eerste-wachtwoord"),
            )
            .await?;
        assert_eq!(again.status, StatusCode::NOT_FOUND);
    }
    assert_eq!(
        app.login_raw(&email, "tweede-wachtwoord").await?.status,
        StatusCode::OK
    );
    Ok(())
}

/// Finding of issue 9: a user manager could have a set-password link mailed to the platform
/// admin. User management reaches only users whose roles the manager may hand out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_manager_mails_only_users_it_may_manage() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let manager = app.login("gebruikers").await?;
    let id_of = |name: &'static str| {
        let platform = app.state.platform.clone();
        async move {
            tenancy::platform::users::find_by_email(&platform, &format!("{name}@demo.eform.nl"))
                .await
                .map(|user| user.map(|u| u.id))
        }
    };
    for (target, expected) in [
        ("admin", StatusCode::FORBIDDEN),
        ("medewerker", StatusCode::FORBIDDEN),
        ("beheerder", StatusCode::FORBIDDEN),
        ("financieel", StatusCode::FORBIDDEN),
        ("lezer", StatusCode::OK),
        ("invuller", StatusCode::OK),
    ] {
        let user = id_of(target).await?.ok_or(target)?;
        let uri = format!("/api/clients/{demo}/user/{user}/resend-welcome-mail");
        assert_eq!(
            app.get(&uri, Some(&manager)).await?.status,
            expected,
            "{target}"
        );
    }
    // The platform admin may mail anyone of the client.
    let admin = app.login("admin").await?;
    let beheerder = id_of("beheerder").await?.ok_or("beheerder")?;
    let uri = format!("/api/clients/{demo}/user/{beheerder}/resend-welcome-mail");
    assert_eq!(app.get(&uri, Some(&admin)).await?.status, StatusCode::OK);
    Ok(())
}

/// Finding of issue 9: self-registration added an existing account to any client whose uuid
/// was known. Now the account holder confirms through a mailed link first; the answer of the
/// registration call is the same as for a new address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_existing_account_joins_a_client_only_after_confirming() -> TestResult {
    let app = TestApp::new().await?;
    let stop = start_workers(&app).await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let (_, email) = app.new_user("bestaand", Some(PASSWORD)).await?;
    let registered = app
        .post_json(
            "/api/user/register/",
            None,
            &json!({ "email": email, "client_uuid": demo }),
        )
        .await?;
    assert_eq!(registered.status, StatusCode::OK);
    assert_eq!(
        registered.json["message"],
        json!(domain::messages::REGISTERED)
    );
    let clients_of = |key: String| {
        let app = &app;
        async move {
            let info = app.get("/api/user/info", Some(&key)).await?;
            TestResult::Ok(info.json["clients"].as_array().map(Vec::len).unwrap_or(0))
        }
    };
    let key = app.login_raw(&email, PASSWORD).await?.json["api_key"]
        .as_str()
        .ok_or("key")?
        .to_owned();
    assert_eq!(
        clients_of(key.clone()).await?,
        0,
        "not a member before confirming"
    );
    let text = receive(&email).await?;
    assert!(text.contains("Demo Gemeente"), "{text}");
    let token = common::mail::token_after(&text, "/user/join/")?;
    let shown = app.get(&format!("/api/user/join/{token}"), None).await?;
    assert_eq!(shown.status, StatusCode::OK);
    assert_eq!(shown.json["client_name"], json!("Demo Gemeente"));
    let joined = app
        .post_json("/api/user/join", None, &json!({ "token": token }))
        .await?;
    assert_eq!(joined.status, StatusCode::OK, "{:?}", joined.json);
    assert_eq!(
        joined.json["message"],
        json!(domain::messages::joined("Demo Gemeente"))
    );
    assert_eq!(clients_of(key).await?, 1);
    let again = app
        .post_json("/api/user/join", None, &json!({ "token": token }))
        .await?;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    let _ = stop.send(());
    Ok(())
}
