//! Files kept on a device while offline are uploaded exactly once (issue 10): the device
//! asks by the file's SHA-256 whether the server has it, and an upload that names its
//! SHA-256 is answered with the earlier copy instead of storing a second one.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::{Value, json};

const PHOTO: &[u8] = b"\x89PNG\r\n\x1a\n offline foto van een lantaarnpaal";

fn digest(bytes: &[u8]) -> String {
    tenancy::secrets::sha256_hex(bytes)
}

async fn upload(
    app: &TestApp,
    key: Option<&str>,
    query: &str,
    bytes: &[u8],
) -> TestResult<common::Answer> {
    app.upload(
        &format!("/api/file-upload/form?{query}"),
        key,
        "lantaarnpaal.png",
        bytes,
        &[],
    )
    .await
}

fn files_on_disk(db: &tenancy::TenantDb) -> usize {
    std::fs::read_dir(db.files_dir())
        .map(|dir| dir.filter_map(Result::ok).count())
        .unwrap_or(0)
}

#[tokio::test]
async fn an_upload_by_content_hash_is_stored_once() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("invuller").await?;
    let sha = digest(PHOTO);
    let lookup = format!("/api/file-upload/by-hash/{sha}?client_id={demo}");
    assert_eq!(
        app.get(&lookup, Some(&key)).await?.status,
        StatusCode::NOT_FOUND
    );

    let query = format!("client_id={demo}&kind=image&sha256={sha}");
    let first = upload(&app, Some(&key), &query, PHOTO).await?;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.json);
    let db = app.tenant("Demo Gemeente").await?;
    let stored = files_on_disk(&db);
    // An interrupted send tries again: the same file, not a second copy.
    let again = upload(&app, Some(&key), &query, PHOTO).await?;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.json["fid"], first.json["fid"]);
    assert_eq!(files_on_disk(&db), stored);
    // And a device that asks first does not send it at all.
    let found = app.get(&lookup, Some(&key)).await?;
    assert_eq!(found.status, StatusCode::OK);
    assert_eq!(found.json, first.json);
    // A blank guest_id (a form field left empty) names no guest form.
    let blank = app.get(&format!("{lookup}&guest_id="), Some(&key)).await?;
    assert_eq!(blank.json, first.json);
    // Both a client and a guest form cannot be meant at once.
    let both = app
        .get(&format!("{lookup}&guest_id=abc"), Some(&key))
        .await?;
    assert_eq!(both.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Another user's copy is theirs: not found for someone else.
    let twee = app.login("twee").await?;
    assert_eq!(
        app.get(&lookup, Some(&twee)).await?.status,
        StatusCode::NOT_FOUND
    );
    // Nor for another client's users.
    let anders = app.login("anders").await?;
    assert_eq!(
        app.get(&lookup, Some(&anders)).await?.status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

#[tokio::test]
async fn bytes_that_do_not_match_their_hash_are_refused_and_not_kept() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("invuller").await?;
    let db = app.tenant("Demo Gemeente").await?;
    let before = files_on_disk(&db);
    let wrong = digest(b"iets anders");
    let refused = upload(
        &app,
        Some(&key),
        &format!("client_id={demo}&sha256={wrong}"),
        PHOTO,
    )
    .await?;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json["errors"][0]["detail"],
        json!(domain::messages::FILE_DIGEST_MISMATCH)
    );
    assert_eq!(files_on_disk(&db), before);
    let malformed = upload(
        &app,
        Some(&key),
        &format!("client_id={demo}&sha256=ABC"),
        PHOTO,
    )
    .await?;
    assert_eq!(malformed.status, StatusCode::UNPROCESSABLE_ENTITY);
    Ok(())
}

#[tokio::test]
async fn a_guest_link_finds_its_own_uploads_only() -> TestResult {
    let app = TestApp::new().await?;
    let db = app.tenant("Demo Gemeente").await?;
    let guest_id = tenancy::tenant::forms::find_by_name(&db, "Gastmelding")
        .await?
        .ok_or("form")?
        .guest_id
        .ok_or("guest")?;
    let sha = digest(PHOTO);
    let query = format!("guest_id={guest_id}&sha256={sha}");
    let first = upload(&app, None, &query, PHOTO).await?;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.json);
    let found = app
        .get(
            &format!("/api/file-upload/by-hash/{sha}?guest_id={guest_id}"),
            None,
        )
        .await?;
    assert_eq!(found.json["fid"], first.json["fid"]);
    // A signed-in user of the client never gets a guest's file as theirs.
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("invuller").await?;
    let theirs: Value = app
        .get(
            &format!("/api/file-upload/by-hash/{sha}?client_id={demo}"),
            Some(&key),
        )
        .await?
        .json;
    assert_ne!(theirs["fid"], first.json["fid"]);
    Ok(())
}

/// How many completed registrations the form has.
async fn completed(db: &tenancy::TenantDb, form: &str) -> TestResult<i64> {
    let review = domain::review::Review::parse(&domain::review::RawReview::default())?;
    Ok(tenancy::tenant::registrations::count(db, form, &review).await?)
}

/// A file kept on a device, as the web app writes it into a field's value (decision 014).
fn kept_on_phone() -> Value {
    json!({
        "offline_id": "0b8f6c1e-1111-4222-8333-444455556666",
        "filename": "lantaarnpaal.jpg",
        "filemime": "image/jpeg",
        "filesize": 1234,
        "sha256": digest(PHOTO),
        "device_id": "telefoon-1",
        "device_name": "Chrome op Android"
    })
}

#[tokio::test]
async fn a_synced_registration_keeps_the_note_of_files_only_on_a_device() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let form = app.form_id("Demo melding").await?;
    let key = app.login("invuller").await?;
    let saved = json!([{
        "fill_token": "offline-met-foto",
        "form_id": form,
        "client_id": demo,
        "form_name": "Demo melding",
        "form_summary": null,
        "schema": [],
        "values": { "omschrijving": "Lamp kapot", "foto": [kept_on_phone()] },
        "registration_updated_at": "2026-11-25T08:00:00.000Z",
        "registration_saved_deleted_at": null,
        "unsynced": true
    }]);
    let first = app
        .post_json("/api/saved-registrations-sync", Some(&key), &saved)
        .await?;
    assert_eq!(first.status, StatusCode::CREATED, "{:?}", first.json);
    // Another device of the same user reads the list: the note is there, as written.
    let other = app.login("invuller").await?;
    let list = app
        .post_json("/api/saved-registrations-sync", Some(&other), &json!([]))
        .await?;
    let entry = list.json["registrations"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|entry| entry["fill_token"] == "offline-met-foto")
        .ok_or("the saved registration is not listed")?;
    assert_eq!(entry["values"]["foto"], json!([kept_on_phone()]));
    Ok(())
}

#[tokio::test]
async fn a_send_refering_to_a_file_still_on_a_device_is_refused() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let form = app.form_id("Demo melding").await?;
    let key = app.login("invuller").await?;
    let db = app.tenant("Demo Gemeente").await?;
    let before = completed(&db, &form).await?;
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &json!({
                "form_id": form,
                "client_id": demo,
                "fill_token": "nog-op-de-telefoon",
                "values": { "omschrijving": "Lamp kapot", "aantal": 1, "foto": [kept_on_phone()] }
            }),
        )
        .await?;
    // Refused at the field: the entry names no upload of this client.
    assert_eq!(sent.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(sent.json["errors"][0]["source"]["pointer"], "/values/foto");
    assert_eq!(
        sent.json["errors"][0]["detail"],
        json!(domain::messages::FIELD_FILE_INVALID)
    );
    assert_eq!(completed(&db, &form).await?, before);
    Ok(())
}
