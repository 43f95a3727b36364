//! E-mails and webhooks of a registration through the outbox (document 001 sections 3 and 4):
//! a send records what is due, the dispatcher queues it, the workers deliver it to a real
//! SMTP server (maildev) and to a webhook receiver started here, and the registration
//! detail shows how each went.

mod common;

use axum::Router;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use common::{TestApp, TestResult, mail};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A form with an e-mail field and a location, published, in the demo client.
async fn melding_form(app: &TestApp, manager: &str) -> TestResult<String> {
    let demo = app.client_id("Demo Gemeente").await?;
    let folders = app
        .get(&format!("/api/client/{demo}/folder/admin"), Some(manager))
        .await?;
    let folder = folders.json[0]["folder_id"].as_str().ok_or("folder")?;
    let created = app
        .post_json(
            "/api/form",
            Some(manager),
            &json!({ "form_name": "Lantaarnpalen", "folder_id": folder, "client_id": demo, "schema": [
                { "name": "omschrijving", "label": "Omschrijving", "elementType": "textarea" },
                { "name": "melder", "label": "Uw e-mailadres", "elementType": "email" },
                { "name": "plek", "label": "Plek", "elementType": "gps" },
                { "name": "onderdelen", "label": "Onderdelen", "elementType": "subform", "subform": { "schema": [
                    { "name": "onderdeel", "label": "Onderdeel", "elementType": "text" }
                ] } }
            ] }),
        )
        .await?;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.json);
    let form_id = created.json["form_id"].as_str().ok_or("form")?.to_owned();
    app.post_json(
        &format!("/api/form/{form_id}/publish"),
        Some(manager),
        &json!([form_id]),
    )
    .await?;
    Ok(form_id)
}

async fn send(
    app: &TestApp,
    key: &str,
    form_id: &str,
    token: &str,
    melder: &str,
) -> TestResult<String> {
    let sent = app
        .post_json(
            "/api/registration/",
            Some(key),
            &json!({ "form_id": form_id, "fill_token": token, "values": {
                "omschrijving": "Lamp brandt niet & kap hangt scheef",
                "melder": melder,
                "plek": { "lat": 52.15517, "lon": 5.3872, "accuracy": 6 },
                "onderdelen": [{ "onderdeel": "Kap" }, { "onderdeel": "Lamp" }]
            } }),
        )
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    Ok(sent.json["_id"].as_str().ok_or("_id")?.to_owned())
}

/// The registration detail as a manager sees it, once `ready` says it is.
async fn detail_when(
    app: &TestApp,
    key: &str,
    form_id: &str,
    id: &str,
    ready: impl Fn(&Value) -> bool,
) -> TestResult<Value> {
    let uri = format!("/api/form/{form_id}/registrations/{id}");
    let mut last = Value::Null;
    for _ in 0..200 {
        last = app.get(&uri, Some(key)).await?.json;
        if ready(&last) {
            return Ok(last);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("the registration never got there: {last}").into())
}

fn pdf_text(pdf: &[u8]) -> TestResult<String> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("registratie.pdf");
    std::fs::write(&path, pdf)?;
    let output = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .map_err(|err| format!("pdftotext (poppler-utils, installed by ops/test): {err}"))?;
    assert!(output.status.success(), "{output:?}");
    Ok(String::from_utf8(output.stdout)?)
}

#[tokio::test]
async fn a_send_mails_exactly_the_configured_notification_with_its_pdf() -> TestResult {
    let app = TestApp::new().await?;
    let manager = app.login("formulieren").await?;
    let form_id = melding_form(&app, &manager).await?;
    let run = uuid::Uuid::new_v4().simple().to_string();
    let (melder, beheer, kopie) = (
        format!("melder-{run}@gemeente.test"),
        format!("beheer-{run}@gemeente.test"),
        format!("kopie-{run}@gemeente.test"),
    );
    let saved = app
        .patch_json(
            &format!("/api/form/{form_id}"),
            Some(&manager),
            &json!({ "email_settings": [{
                "to_addresses": [beheer, "$melder$"], "cc_addresses": [kopie],
                "from_name": "Gemeente Demo", "email_subject": "Melding $registratie.serienummer$ ontvangen",
                "email_content_mode": "auto", "email_hide_empty_values": true,
                "email_add_attachment_registration_pdf": true,
                "email_add_attachment_registration_pdf_file_name": "Melding"
            }, {
                // Only for phase 2 of a workflow: never due on this form.
                "to_addresses": [beheer], "from_name": "x", "email_subject": "Fase 2",
                "email_content_mode": "auto", "send_on_registration_phase": ["2"]
            }] }),
        )
        .await?;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.json);
    let stop = mail::start_workers(&app).await?;
    let invuller = app.login("invuller").await?;
    let id = send(&app, &invuller, &form_id, &format!("mail-{run}"), &melder).await?;

    let received = mail::receive_mail(&beheer).await?;
    assert_eq!(received["subject"], "Melding 1 ontvangen");
    assert_eq!(received["from"][0]["name"], "Gemeente Demo");
    let to: Vec<&str> = received["to"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["address"].as_str())
        .collect();
    assert_eq!(to, [beheer.as_str(), melder.as_str()]);
    assert_eq!(received["cc"][0]["address"], json!(kopie));
    let html = received["html"].as_str().unwrap_or_default();
    assert!(
        html.contains("Lamp brandt niet &amp; kap hangt scheef"),
        "{html}"
    );
    let text = received["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("Omschrijving: Lamp brandt niet & kap hangt scheef"),
        "{text}"
    );
    let names: Vec<&str> = received["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["fileName"].as_str())
        .collect();
    assert_eq!(names, ["Melding.pdf"]);
    let stored = received["attachments"][0]["generatedFileName"]
        .as_str()
        .ok_or("stored name")?;
    let pdf = mail::attachment(&received, stored).await?;
    assert!(pdf.starts_with(b"%PDF"), "not a PDF");
    let pdf_text = pdf_text(&pdf)?;
    for expected in [
        "Lantaarnpalen",
        "Demo Gemeente",
        "Omschrijving",
        "Lamp brandt niet & kap hangt scheef",
        "Onderdelen",
        "Kap",
        "Lamp",
    ] {
        assert!(
            pdf_text.contains(expected),
            "{expected} not in the PDF:\n{pdf_text}"
        );
    }

    // The detail shows it delivered; the phase-2 setting was never due.
    let detail = detail_when(&app, &manager, &form_id, &id, |d| {
        d["email_hooks"][0]["hook_status"] == "success"
    })
    .await?;
    assert_eq!(detail["email_hooks"].as_array().map(Vec::len), Some(1));
    assert_eq!(detail["email_hooks"][0]["attempts"], 1);
    assert_eq!(mail::mails_to(&beheer).await?.len(), 1, "sent once");

    // A resend sends it again, as a new delivery.
    let resend = app
        .get(
            &format!("/api/form/{form_id}/registrations/{id}/resend"),
            Some(&manager),
        )
        .await?;
    assert_eq!(resend.status, StatusCode::OK, "{:?}", resend.json);
    for _ in 0..100 {
        if mail::mails_to(&beheer).await?.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let both = mail::mails_to(&beheer).await?;
    assert_eq!(both.len(), 2);
    assert_ne!(both[0]["messageId"], both[1]["messageId"]);
    let _ = stop.send(());
    Ok(())
}

/// What a webhook receiver saw: each call's headers and body, and what it answered.
#[derive(Default)]
struct Seen {
    calls: Vec<(HeaderMap, Vec<u8>, u16)>,
}

/// A receiver on loopback that answers 500 to the first call of each idempotency key and
/// 200 after that.
async fn receiver() -> TestResult<(String, Arc<Mutex<Seen>>)> {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let state = seen.clone();
    let app = Router::new().route(
        "/hook",
        post(move |headers: HeaderMap, body: axum::body::Bytes| {
            let state = state.clone();
            async move {
                let mut seen = state.lock().unwrap_or_else(|e| e.into_inner());
                let key = headers.get("idempotency-key").cloned();
                let first = !seen
                    .calls
                    .iter()
                    .any(|(h, _, _)| h.get("idempotency-key") == key.as_ref());
                let status = if first { 500 } else { 200 };
                seen.calls.push((headers, body.to_vec(), status));
                (
                    StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
                    "ontvangen",
                )
            }
        }),
    );
    let url = format!("{}/hook", common::process::serve(app).await?);
    Ok((url, seen))
}

#[tokio::test]
async fn webhooks_are_signed_retried_after_a_500_and_never_repeated_after_success() -> TestResult {
    let app = TestApp::new().await?;
    let manager = app.login("formulieren").await?;
    let form_id = melding_form(&app, &manager).await?;
    let (url, seen) = receiver().await?;
    let saved = app
        .patch_json(
            &format!("/api/form/{form_id}"),
            Some(&manager),
            &json!({ "webhook_integrations": [
                { "hook_name": "Zaaksysteem", "hook_type": "post-to-url", "hook_url": url },
                { "hook_name": "Signalen", "hook_type": "sia-signal-create", "hook_url": url,
                  "sia_category": "https://signalen.test/signals/v1/public/terms/categories/wegen/sub_categories/lantaarnpaal" }
            ] }),
        )
        .await?;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.json);
    let stop = mail::start_workers(&app).await?;
    let invuller = app.login("invuller").await?;
    let id = send(&app, &invuller, &form_id, "hook-1", "melder@gemeente.test").await?;

    let detail = detail_when(&app, &manager, &form_id, &id, |d| {
        let hooks = d["webhook_integrations"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        hooks.len() == 2 && hooks.iter().all(|h| h["hook_status"] == "success")
    })
    .await?;
    for hook in detail["webhook_integrations"]
        .as_array()
        .into_iter()
        .flatten()
    {
        assert_eq!(hook["attempts"], 2, "a 500 first, then success: {hook}");
        assert!(
            hook["last_answer"]
                .as_str()
                .unwrap_or_default()
                .starts_with("HTTP 200")
        );
    }
    assert_eq!(
        detail["webhook_integrations"][0]["hook_name"],
        "Zaaksysteem"
    );

    // Nothing more arrives once both succeeded (the sweep runs every 2 s).
    tokio::time::sleep(Duration::from_secs(3)).await;
    let calls = std::mem::take(&mut seen.lock().unwrap_or_else(|e| e.into_inner()).calls);
    assert_eq!(calls.len(), 4, "two calls per hook");
    let db = app.tenant("Demo Gemeente").await?;
    let secret = tenancy::tenant::meta::webhook_secret(&db).await?;
    for (headers, body, _) in &calls {
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        let timestamp: i64 = header("x-eform-timestamp").parse()?;
        assert_eq!(
            Some(header("x-eform-signature")),
            worker::webhook::signature(&secret, timestamp, body)
        );
        assert!(header("idempotency-key").starts_with(&format!("{id}:new:webhook:")));
    }
    let (first, second) = (&calls[0], &calls[2]);
    let bodies: Vec<Value> = calls
        .iter()
        .map(|(_, b, _)| serde_json::from_slice(b))
        .collect::<Result<_, _>>()?;
    let post = bodies
        .iter()
        .find(|b| b.get("values").is_some())
        .ok_or("no post-to-url body")?;
    assert_eq!(post["id"], json!(id));
    assert_eq!(post["form_name"], "Lantaarnpalen");
    assert_eq!(
        post["values"]["omschrijving"],
        "Lamp brandt niet & kap hangt scheef"
    );
    let signal = bodies
        .iter()
        .find(|b| b.get("source").is_some())
        .ok_or("no signal")?;
    assert_eq!(
        signal["location"]["geometrie"],
        json!({"type": "Point", "coordinates": [5.3872, 52.15517]})
    );
    assert_eq!(signal["reporter"]["email"], "melder@gemeente.test");
    assert!(
        signal["category"]["sub_category"]
            .as_str()
            .unwrap_or_default()
            .ends_with("lantaarnpaal")
    );
    assert!(
        signal["text"]
            .as_str()
            .unwrap_or_default()
            .contains("Lamp brandt niet")
    );
    assert!(
        signal["incident_date_start"]
            .as_str()
            .unwrap_or_default()
            .ends_with('Z')
    );
    assert!(first.2 == 500 || second.2 == 500);
    let _ = stop.send(());
    Ok(())
}

#[tokio::test]
async fn a_webhook_to_a_private_address_is_refused_unless_allowed() -> TestResult {
    let app = TestApp::with(|config| config.webhook_allow_private = false).await?;
    let manager = app.login("formulieren").await?;
    let form_id = melding_form(&app, &manager).await?;
    let (url, seen) = receiver().await?;
    app.patch_json(
        &format!("/api/form/{form_id}"),
        Some(&manager),
        &json!({ "webhook_integrations": [{ "hook_name": "Intern", "hook_type": "post-to-url", "hook_url": url }] }),
    )
    .await?;
    let stop = mail::start_workers(&app).await?;
    let invuller = app.login("invuller").await?;
    let id = send(&app, &invuller, &form_id, "private-1", "m@gemeente.test").await?;
    let detail = detail_when(&app, &manager, &form_id, &id, |d| {
        d["webhook_integrations"][0]["hook_status"] == "error"
    })
    .await?;
    let hook = &detail["webhook_integrations"][0];
    assert_eq!(
        hook["last_answer"],
        json!(domain::messages::HOOK_ADDRESS_REFUSED)
    );
    assert_eq!(hook["next_attempt_at"], Value::Null, "not tried again");
    assert!(
        seen.lock()
            .unwrap_or_else(|e| e.into_inner())
            .calls
            .is_empty()
    );
    let _ = stop.send(());
    Ok(())
}

/// The text of a docx's main document (every `<w:t>`).
fn docx_text(docx: &[u8]) -> TestResult<String> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(docx))?;
    let mut xml = String::new();
    std::io::Read::read_to_string(&mut archive.by_name("word/document.xml")?, &mut xml)?;
    let mut text = String::new();
    let mut rest = xml.as_str();
    while let Some(start) = rest.find("<w:t") {
        rest = &rest[start + 4..];
        // `<w:t>` or `<w:t xml:space=...>`, not `<w:tbl>`, `<w:tc>`, ...
        if !rest.starts_with('>') && !rest.starts_with(' ') {
            continue;
        }
        let Some(open_end) = rest.find('>') else {
            break;
        };
        rest = &rest[open_end + 1..];
        let end = rest.find("</w:t>").unwrap_or(rest.len());
        text.push_str(&rest[..end]);
    }
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    Ok(text)
}

#[tokio::test]
async fn a_word_template_is_processed_merged_and_sent_as_docx_and_pdf() -> TestResult {
    let app = TestApp::new().await?;
    let manager = app.login("formulieren").await?;
    let form_id = melding_form(&app, &manager).await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let template = std::fs::read("../worker/testdata/word-template-split-tokens.docx")?;

    let refused = app
        .upload(
            &format!("/api/file-upload/email-word?client_id={demo}"),
            Some(&manager),
            "brief.txt",
            b"geen word",
            &[],
        )
        .await?;
    assert_ne!(refused.status, StatusCode::OK);
    assert_eq!(
        refused.json["message"],
        json!(domain::messages::WORD_ONLY_DOCX),
        "{:?}",
        refused.json
    );
    let uploaded = app
        .upload(
            &format!("/api/file-upload/email-word?client_id={demo}"),
            Some(&manager),
            "brief.docx",
            &template,
            &[],
        )
        .await?;
    assert_eq!(uploaded.status, StatusCode::OK, "{:?}", uploaded.json);
    let fid = uploaded.json["fid"].as_str().ok_or("fid")?.to_owned();

    let run = uuid::Uuid::new_v4().simple().to_string();
    let to = format!("word-{run}@gemeente.test");
    let word_setting = |filetype: &str, filename: &str| {
        json!({
            "to_addresses": [to], "from_name": "Gemeente", "email_subject": format!("Brief {filetype}"),
            "email_content_mode": "auto", "email_send_word_attachment": true,
            "word_upload": { "fid": fid, "filename": "brief.docx" }, "word_filename": filename,
            "send_as_filetype": filetype, "styling_options": { "word_document_default_font": "Georgia" }
        })
    };
    let saved = app
        .patch_json(
            &format!("/api/form/{form_id}"),
            Some(&manager),
            &json!({ "email_settings": [word_setting("docx", "brief_$omschrijving$"), word_setting("pdf", "brief")] }),
        )
        .await?;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.json);
    let metadata = format!("/api/form/{form_id}/metadata");
    assert_eq!(
        app.get(&metadata, Some(&manager)).await?.json["email_word_files_processed"][&fid],
        false
    );

    let stop = mail::start_workers(&app).await?;
    let processed = app
        .get(
            &format!("/api/process-word-file/{form_id}/{fid}"),
            Some(&manager),
        )
        .await?;
    assert_eq!(processed.json["status"], "success", "{:?}", processed.json);
    let mut done = false;
    for _ in 0..100 {
        if app.get(&metadata, Some(&manager)).await?.json["email_word_files_processed"][&fid]
            == true
        {
            done = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(done, "the template was never processed");

    let invuller = app.login("invuller").await?;
    let id = send(
        &app,
        &invuller,
        &form_id,
        &format!("word-{run}"),
        "melder@gemeente.test",
    )
    .await?;
    let mut mails = Vec::new();
    for _ in 0..300 {
        mails = mail::mails_to(&to).await?;
        if mails.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(mails.len(), 2, "both Word mails");
    for received in &mails {
        let attachment = &received["attachments"][0];
        let stored = attachment["generatedFileName"]
            .as_str()
            .ok_or("stored name")?;
        let bytes = mail::attachment(received, stored).await?;
        let text = if received["subject"] == "Brief docx" {
            assert_eq!(
                attachment["fileName"],
                "brief_Lamp brandt niet _ kap hangt scheef.docx"
            );
            docx_text(&bytes)?
        } else {
            assert_eq!(attachment["fileName"], "brief.pdf");
            pdf_text(&bytes)?
        };
        for expected in [
            "Serienummer: 1",
            "Omschrijving: Lamp brandt niet & kap hangt scheef",
            "Ingevuld door invuller",
        ] {
            assert!(
                text.contains(expected),
                "{expected:?} not in {}:\n{text}",
                received["subject"]
            );
        }
        assert!(
            !text.contains("$omschrijving$") && !text.contains("$bestaat_niet$"),
            "{text}"
        );
    }

    // Download-emails gives what they carried, one folder per mail.
    let link = app
        .get(
            &format!("/api/form/{form_id}/registrations/{id}/download-emails"),
            Some(&manager),
        )
        .await?;
    assert_eq!(link.status, StatusCode::OK, "{:?}", link.json);
    let zip = app
        .get(link.json["url"].as_str().ok_or("url")?, Some(&manager))
        .await?;
    assert_eq!(zip.status, StatusCode::OK);
    let archive = zip::ZipArchive::new(std::io::Cursor::new(zip.body))?;
    let mut names: Vec<String> = archive
        .file_names()
        .map(|name| name.map(|n| n.into_owned()))
        .collect::<Result<_, _>>()?;
    names.sort();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names
            .iter()
            .any(|n| n.ends_with("/1-brief_Lamp brandt niet _ kap hangt scheef.docx")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n.ends_with("/1-brief.pdf")),
        "{names:?}"
    );
    let _ = stop.send(());
    Ok(())
}
