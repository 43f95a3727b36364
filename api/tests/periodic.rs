//! The weekly and monthly registration mail (document 001 sections 2, 3, 5 and 9): the
//! setting is checked when saved, and the job mails the period's registrations as a CSV
//! attachment over real SMTP, once.

mod common;

use axum::http::StatusCode;
use common::inspection::world;
use common::{TestApp, TestResult, mail};
use serde_json::json;

/// Today in Amsterdam, and the weekday (1-7) of tomorrow.
fn today_and_tomorrow() -> (String, String, u8) {
    let today = domain::dates::local_datetime(tenancy::now())[..10].to_owned();
    let tomorrow = domain::dates::add_days(&today, 1).unwrap_or_default();
    let weekday = domain::dates::weekday(&tomorrow).unwrap_or(1);
    (today, tomorrow, weekday)
}

#[tokio::test]
async fn the_setting_is_checked_and_needs_its_permission() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let manager = app.login("formulieren").await?;
    let lezer = app.login("lezer").await?;
    let uri = format!("/api/form/{form_id}");
    let setting = |recipients: serde_json::Value| json!({ "settings": { "weeklyRegistrationMail": { "enabled": true, "period": "weekly", "day": 6, "recipients": recipients } } });
    let refused = app
        .patch_json(
            &uri,
            Some(&lezer),
            &setting(json!([{ "email": "a@gemeente.nl" }])),
        )
        .await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let bad = app
        .patch_json(
            &uri,
            Some(&manager),
            &setting(json!([{ "email": "a@gemeente.nl" }, { "email": "geen adres" }])),
        )
        .await?;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad.json["errors"][0]["source"]["pointer"],
        "/settings/weeklyRegistrationMail/recipients/1/email"
    );
    assert_eq!(
        bad.json["errors"][0]["detail"],
        json!(domain::messages::EMAIL_INVALID)
    );
    let day = app
        .patch_json(&uri, Some(&manager), &json!({ "settings": { "weeklyRegistrationMail": { "enabled": true, "day": 9, "recipients": [{ "email": "a@gemeente.nl" }] } } }))
        .await?;
    assert_eq!(
        day.json["errors"][0]["detail"],
        json!(domain::messages::PERIODIC_MAIL_DAY)
    );
    let saved = app
        .patch_json(
            &uri,
            Some(&manager),
            &setting(json!([{ "email": "a@gemeente.nl" }])),
        )
        .await?;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.json);
    assert_eq!(saved.json["settings"]["weeklyRegistrationMail"]["day"], 6);
    Ok(())
}

#[tokio::test]
async fn the_weekly_mail_brings_the_weeks_registrations_once() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let manager = app.login("formulieren").await?;
    let (today, tomorrow, weekday) = today_and_tomorrow();
    let to = format!("week-{}@gemeente.test", uuid::Uuid::new_v4().simple());
    let saved = app
        .patch_json(
            &format!("/api/form/{form_id}"),
            Some(&manager),
            &json!({ "settings": { "weeklyRegistrationMail": { "enabled": true, "period": "weekly", "day": weekday,
                "recipients": [{ "email": to }] } } }),
        )
        .await?;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.json);
    let ctx = mail::smtp_context(&app)?;
    // Not its day: nothing.
    assert_eq!(worker::periodic::run_day(&ctx, &today).await?, 0);
    // Its day: the five registrations of the past week, as a CSV attachment.
    assert_eq!(worker::periodic::run_day(&ctx, &tomorrow).await?, 1);
    let received = mail::receive_mail(&to).await?;
    assert_eq!(
        received["subject"],
        "Registraties van de afgelopen week: Inspectie"
    );
    assert!(
        received["text"]
            .as_str()
            .unwrap_or_default()
            .contains("5 registraties"),
        "{received}"
    );
    let name = received["attachments"][0]["generatedFileName"]
        .as_str()
        .or_else(|| received["attachments"][0]["fileName"].as_str())
        .ok_or("no attachment")?
        .to_owned();
    assert!(name.ends_with(".csv"), "{name}");
    let csv = mail::attachment(&received, &name).await?;
    let text = String::from_utf8(csv)?;
    assert!(text.starts_with("\u{feff}Serienummer;"), "{text}");
    assert_eq!(
        text.split("\r\n").filter(|line| !line.is_empty()).count(),
        6
    );
    // The day's mail is sent once, however often the job runs.
    assert_eq!(worker::periodic::run_day(&ctx, &tomorrow).await?, 0);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(mail::mails_to(&to).await?.len(), 1);
    Ok(())
}

#[tokio::test]
async fn the_monthly_mail_comes_on_the_first() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let manager = app.login("formulieren").await?;
    let (today, _, _) = today_and_tomorrow();
    let to = format!("maand-{}@gemeente.test", uuid::Uuid::new_v4().simple());
    app.patch_json(
        &format!("/api/form/{form_id}"),
        Some(&manager),
        &json!({ "settings": { "weeklyRegistrationMail": { "enabled": true, "period": "monthly",
            "recipients": [{ "email": to }] } } }),
    )
    .await?;
    let first_of_next_month = {
        let first = format!("{}-01", &today[..7]);
        // The 1st of this month plus 32 days is in the next month.
        let later = domain::dates::add_days(&first, 32).ok_or("date")?;
        format!("{}-01", &later[..7])
    };
    let ctx = mail::smtp_context(&app)?;
    assert_eq!(
        worker::periodic::run_day(&ctx, &first_of_next_month).await?,
        1
    );
    let received = mail::receive_mail(&to).await?;
    assert_eq!(
        received["subject"],
        "Registraties van de afgelopen maand: Inspectie"
    );
    Ok(())
}
