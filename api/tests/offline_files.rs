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
    let both = app.get(&format!("{lookup}&guest_id=abc"), Some(&key)).await?;
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
