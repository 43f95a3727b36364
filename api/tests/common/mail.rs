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
    let mail = receive_mail(to).await?;
    Ok(mail["text"].as_str().unwrap_or_default().to_owned())
}

/// Every mail maildev holds for `to` (maildev's JSON of each).
pub async fn mails_to(to: &str) -> TestResult<Vec<Value>> {
    let mails: Value = reqwest::Client::new()
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
    Ok(mails
        .as_array()
        .into_iter()
        .flatten()
        .filter(|mail| {
            mail["to"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|addr| addr["address"].as_str() == Some(to))
        })
        .cloned()
        .collect())
}

/// Waits for the mail to `to` in maildev and returns it.
pub async fn receive_mail(to: &str) -> TestResult<Value> {
    for _ in 0..100 {
        if let Some(mail) = mails_to(to).await?.into_iter().next() {
            return Ok(mail);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("no mail to {to} arrived within 10 s").into())
}

/// The bytes of a mail's attachment, from maildev.
pub async fn attachment(mail: &Value, filename: &str) -> TestResult<Vec<u8>> {
    let id = mail["id"].as_str().ok_or("mail id")?;
    let url = format!(
        "{}/email/{id}/attachment/{}",
        maildev_url(),
        urlencode(filename)
    );
    Ok(reqwest::get(url).await?.bytes().await?.to_vec())
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A JobContext whose mail goes to the real SMTP server (maildev).
pub fn smtp_context(app: &TestApp) -> TestResult<JobContext> {
    Ok(JobContext {
        mailer: Mailer::new(Some(&smtp_url()), app.dir.path().join("mail"))?,
        ..app.state.job_context()?
    })
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
    let ctx = smtp_context(app)?;
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
