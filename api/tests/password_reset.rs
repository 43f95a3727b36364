//! 'Wachtwoord vergeten?' end to end: the mail goes through a real SMTP server (maildev,
//! started by `ops/test`; `EFORM_TEST_SMTP_URL` and `EFORM_TEST_MAILDEV_URL` override
//! where), its one-time link sets a new password, and the link works only once.

mod common;

use axum::http::StatusCode;
use common::{PASSWORD, TestApp, TestResult};
use serde_json::{Value, json};
use std::time::Duration;
use worker::jobs::JobContext;
use worker::mail::Mailer;

fn smtp_url() -> String {
    std::env::var("EFORM_TEST_SMTP_URL").unwrap_or_else(|_| "smtp://127.0.0.1:1025".into())
}

fn maildev_url() -> String {
    std::env::var("EFORM_TEST_MAILDEV_URL").unwrap_or_else(|_| "http://127.0.0.1:1080".into())
}

/// Waits for the mail to `to` in maildev and returns its text body.
async fn receive(to: &str) -> TestResult<String> {
    let client = reqwest::Client::new();
    for _ in 0..100 {
        let mails: Value = client
            .get(format!("{}/email", maildev_url()))
            .send()
            .await
            .map_err(|err| {
                format!(
                    "maildev is not reachable at {} (run ops/test): {err}",
                    maildev_url()
                )
            })?
            .json()
            .await?;
        let found = mails.as_array().into_iter().flatten().find(|mail| {
            mail["to"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|addr| addr["address"].as_str() == Some(to))
        });
        if let Some(mail) = found {
            return Ok(mail["text"].as_str().unwrap_or_default().to_owned());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("no mail to {to} arrived within 10 s").into())
}

/// The set-password token from the link in a mail.
fn token_from(text: &str) -> TestResult<String> {
    let start = text
        .find("/user/reset-password/")
        .ok_or("no link in the mail")?
        + "/user/reset-password/".len();
    Ok(text[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect())
}

async fn start_workers(app: &TestApp) -> TestResult<tokio::sync::oneshot::Sender<()>> {
    let ctx = JobContext {
        mailer: Mailer::new(Some(&smtp_url()), app.dir.path().join("mail"))?,
        metrics: app.state.metrics.clone(),
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(worker::runner::run(
        app.state.queue.clone(),
        ctx,
        async move {
            let _ = stopped.await;
        },
    ));
    Ok(stop)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reset_mail_arrives_over_smtp_and_its_link_sets_a_new_password_once() -> TestResult {
    let app = TestApp::new().await?;
    let stop = start_workers(&app).await?;
    // A fresh address per run, so parallel runs against one maildev never read each other's mail.
    let email = format!("reset-{}@demo.eform.nl", uuid::Uuid::new_v4().simple());
    let hash = tenancy::secrets::hash_password(PASSWORD)?;
    tenancy::platform::users::insert(
        &app.state.platform,
        tenancy::platform::users::NewUser {
            username: &email,
            email: &email,
            password_hash: Some(hash),
            global_roles: vec![],
        },
    )
    .await?;
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
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
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
    let email = format!("welkom-{}@demo.eform.nl", uuid::Uuid::new_v4().simple());
    let user = tenancy::platform::users::insert(
        &app.state.platform,
        tenancy::platform::users::NewUser {
            username: &email,
            email: &email,
            password_hash: None,
            global_roles: vec![],
        },
    )
    .await?;
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
