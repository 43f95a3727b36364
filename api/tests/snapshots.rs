//! Client snapshots for platform admins (issue 13, decision 021): a snapshot downloaded
//! through the web app's calls restores the client exactly, after its removal and in place
//! of itself; only admins may do either; both are in the audit log.

mod common;

use axum::http::StatusCode;
use common::inspection::world;
use common::{TestApp, TestResult};
use serde_json::json;
use std::collections::BTreeMap;
use tenancy::platform::audit;

/// Every file under `dir` by its path below it, with its checksum.
fn checksums(dir: &std::path::Path) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(at) = todo.pop() {
        for entry in std::fs::read_dir(&at).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
            } else if let (Ok(bytes), Ok(name)) = (std::fs::read(&path), path.strip_prefix(dir)) {
                found.insert(
                    name.to_string_lossy().into_owned(),
                    tenancy::secrets::sha256_hex(&bytes),
                );
            }
        }
    }
    found
}

/// The registrations of the client, each with its values, by serial number.
async fn registrations(app: &TestApp) -> TestResult<Vec<(i64, String, String)>> {
    let demo = app.client_id("Demo Gemeente").await?;
    let file = app.dir.path().join("tenants").join(demo).join("tenant.db");
    let pool = sqlx::SqlitePool::connect_with(
        sqlx::sqlite::SqliteConnectOptions::new()
            .filename(file)
            .read_only(true),
    )
    .await?;
    let rows = sqlx::query_as(
        "SELECT serial_number, status, reg_values FROM registrations ORDER BY form_id, serial_number",
    )
    .fetch_all(&pool)
    .await?;
    pool.close().await;
    Ok(rows)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snapshot_restores_the_client_exactly_after_removal_and_in_its_own_place() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let invuller = app.login("invuller").await?;
    let upload = app
        .upload(
            &format!("/api/file-upload/form?client_id={demo}"),
            Some(&invuller),
            "notitie.txt",
            b"een notitie bij de melding",
            &[],
        )
        .await?;
    assert_eq!(upload.status, StatusCode::OK, "{:?}", upload.json);
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&invuller),
            &json!({ "form_id": form_id, "values": { "naam": "Lantaarn ë", "aantal": 2 } }),
        )
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    let before = registrations(&app).await?;
    let files_dir = app.dir.path().join("tenants").join(&demo).join("files");
    let files_before = checksums(&files_dir);
    assert!(!files_before.is_empty());

    // Admins only: an eform employee and a client manager are refused, body unread.
    let admin = app.login("admin").await?;
    for other in ["medewerker", "beheerder"] {
        let key = app.login(other).await?;
        let refused = app
            .post_json(
                &format!("/api/client/{demo}/snapshot"),
                Some(&key),
                &json!({}),
            )
            .await?;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{other}");
        let refused = app
            .upload("/api/clients/snapshot", Some(&key), "x.tar", b"x", &[])
            .await?;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{other}");
    }

    let started = app
        .post_json(
            &format!("/api/client/{demo}/snapshot"),
            Some(&admin),
            &json!({}),
        )
        .await?;
    assert_eq!(started.status, StatusCode::OK, "{:?}", started.json);
    let batch = started.json["batch_name"]
        .as_str()
        .ok_or("batch")?
        .to_owned();
    let link = started.json["download_url"]
        .as_str()
        .ok_or("link")?
        .to_owned();
    // Not before it is made.
    assert_eq!(app.get(&link, None).await?.status, StatusCode::CONFLICT);
    let ctx = app.state.job_context()?;
    worker::batch::run(&ctx, &batch).await?;
    let done = app
        .get(&format!("/api/batch/process/{batch}"), Some(&admin))
        .await?;
    assert_eq!(done.json["status"], json!("done"), "{:?}", done.json);
    assert!(
        done.json["total_items"].as_i64() >= Some(2),
        "{:?}",
        done.json
    );
    assert_eq!(done.json["items_in_queue"], json!(0));
    // The link works without a key (a browser download), and only for an admin's batch.
    let snapshot = app.get(&link, None).await?;
    assert_eq!(snapshot.status, StatusCode::OK);
    let tar = snapshot.body.clone();
    assert!(tar.len() > 1024);
    let wrong = link.replace("token=", "token=0");
    assert_ne!(app.get(&wrong, None).await?.status, StatusCode::OK);

    // Removed, then restored from the download: the same registrations and files, and its
    // ids lead to it again.
    let removal = app
        .post_json(
            &format!("/api/client/{demo}/delete"),
            Some(&admin),
            &json!({}),
        )
        .await?;
    let removal = removal.json["batch_name"]
        .as_str()
        .ok_or("removal")?
        .to_owned();
    worker::batch::run(&ctx, &removal).await?;
    assert!(!files_dir.exists());
    let garbage = app
        .upload(
            "/api/clients/snapshot",
            Some(&admin),
            "x.tar",
            b"geen tar",
            &[],
        )
        .await?;
    assert_eq!(garbage.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        garbage.json["message"],
        json!(domain::messages::SNAPSHOT_INVALID)
    );
    let restore = app
        .upload("/api/clients/snapshot", Some(&admin), "demo.tar", &tar, &[])
        .await?;
    assert_eq!(restore.status, StatusCode::OK, "{:?}", restore.json);
    assert_eq!(restore.json["client_id"], json!(demo));
    assert_eq!(restore.json["client_name"], json!("Demo Gemeente"));
    let restore_batch = restore.json["batch_name"]
        .as_str()
        .ok_or("batch")?
        .to_owned();
    worker::batch::run(&ctx, &restore_batch).await?;
    let restored = app
        .get(&format!("/api/batch/process/{restore_batch}"), Some(&admin))
        .await?;
    assert_eq!(
        restored.json["status"],
        json!("done"),
        "{:?}",
        restored.json
    );
    assert_eq!(registrations(&app).await?, before);
    assert_eq!(checksums(&files_dir), files_before);
    let form = app
        .get(&format!("/api/form/{form_id}"), Some(&admin))
        .await?;
    assert_eq!(form.status, StatusCode::OK, "{:?}", form.json);
    // No upload stays behind.
    let uploads = app.dir.path().join("tenants").join(".uploads");
    assert_eq!(std::fs::read_dir(&uploads)?.count(), 0);

    // Once it is back, a second restore needs 'replace'.
    let exists = app
        .upload("/api/clients/snapshot", Some(&admin), "demo.tar", &tar, &[])
        .await?;
    assert_eq!(exists.status, StatusCode::CONFLICT);
    assert_eq!(
        exists.json["message"],
        json!(domain::messages::snapshot_client_exists("Demo Gemeente"))
    );
    // A registration made since is gone again after the replace: the snapshot is the truth.
    let later = app
        .post_json(
            "/api/registration/",
            Some(&admin),
            &json!({ "form_id": form_id, "values": { "naam": "later", "aantal": 1 } }),
        )
        .await?;
    assert_eq!(later.status, StatusCode::CREATED, "{:?}", later.json);
    assert_ne!(registrations(&app).await?, before);
    let replace = app
        .upload(
            "/api/clients/snapshot",
            Some(&admin),
            "demo.tar",
            &tar,
            &[("replace", "true")],
        )
        .await?;
    assert_eq!(replace.status, StatusCode::OK, "{:?}", replace.json);
    let replace_batch = replace.json["batch_name"]
        .as_str()
        .ok_or("batch")?
        .to_owned();
    worker::batch::run(&ctx, &replace_batch).await?;
    // A second delivery of the job finds it done.
    worker::batch::run(&ctx, &replace_batch).await?;
    assert_eq!(registrations(&app).await?, before);
    assert_eq!(checksums(&files_dir), files_before);
    assert_eq!(std::fs::read_dir(&uploads)?.count(), 0);

    let client = domain::ids::ClientId::parse(&demo).ok_or("id")?;
    let actions: Vec<String> = audit::of_client(&app.state.platform, &client)
        .await?
        .into_iter()
        .map(|entry| entry.action)
        .collect();
    assert_eq!(
        actions,
        [
            "client.snapshot.requested",
            "client.snapshot.made",
            "client.remove.requested",
            "client.removed",
            "client.restore.requested",
            "client.restored",
            "client.restore.requested",
            "client.restored",
        ]
    );
    Ok(())
}
