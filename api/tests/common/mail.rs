//! Real mail for tests: workers that send through the SMTP server `ops/test` starts
//! (maildev; `EFORM_TEST_SMTP_URL` and `EFORM_TEST_MAILDEV_URL` override where), and a reader
//! of what arrived. Use a fresh address per test: maildev is shared by parallel tests.

use super::{TestApp, TestResult};
use serde_json::Value;
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
pub async fn receive(to: &str) -> TestResult<String> {
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

/// The token of the first link to `path` (e.g. "/user/reset-password/") in a mail.
pub fn token_after(text: &str, path: &str) -> TestResult<String> {
    let start = text.find(path).ok_or("no link in the mail")? + path.len();
    Ok(text[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect())
}

pub async fn start_workers(app: &TestApp) -> TestResult<tokio::sync::oneshot::Sender<()>> {
    let ctx = JobContext {
        mailer: Mailer::new(Some(&smtp_url()), app.dir.path().join("mail"))?,
        ..app.state.job_context()?
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

/// The set-password token of a reset or welcome mail.
pub fn token_from(text: &str) -> TestResult<String> {
    token_after(text, "/user/reset-password/")
}
