//! Client removal (document 002 section 4, issue 13): a batch that erases a client so that
//! nothing of it can be read from disk afterwards, while its users keep their accounts and
//! their other clients.

mod common;

use axum::http::StatusCode;
use common::inspection::world;
use common::{TestApp, TestResult};
use serde_json::json;
use tenancy::platform::audit;

/// What no byte of the data folder may hold once the client is gone.
const MARKER: &str = "Geheim-7f3a9c-lantaarn";

/// Every file under `dir` that holds `needle`.
fn files_holding(dir: &std::path::Path, needle: &[u8]) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
            } else if std::fs::read(&path)
                .map(|bytes| bytes.windows(needle.len()).any(|w| w == needle))
                .unwrap_or(false)
            {
                found.push(path);
            }
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_removed_client_leaves_nothing_on_disk_and_its_users_keep_their_other_clients()
-> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let invuller = app.login("invuller").await?;
    // The marker in a registration, in an uploaded file and in an export's filter.
    let upload = app
        .upload(
            &format!("/api/file-upload/form?client_id={demo}"),
            Some(&invuller),
            "notitie.txt",
            format!("notitie {MARKER}").as_bytes(),
            &[],
        )
        .await?;
    assert_eq!(upload.status, StatusCode::OK, "{:?}", upload.json);
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&invuller),
            &json!({ "form_id": form_id, "values": { "naam": MARKER, "aantal": 1 } }),
        )
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    let manager = app.login("formulieren").await?;
    let export = app
        .get(
            &format!(
                "/api/form/{form_id}/registrations/queue/download/csv?f[0][path]=naam&f[0][operator]=contains&f[0][value]={MARKER}"
            ),
            Some(&manager),
        )
        .await?;
    let export_id = export.json["queue_id"].as_str().ok_or("export")?.to_owned();
    assert!(!files_holding(app.dir.path(), MARKER.as_bytes()).is_empty());

    // Not while the export runs; and not by a form manager.
    let admin = app.login("admin").await?;
    let uri = format!("/api/client/{demo}/delete");
    let busy = app.post_json(&uri, Some(&admin), &json!({})).await?;
    assert_eq!(busy.status, StatusCode::CONFLICT, "{:?}", busy.json);
    assert_eq!(
        busy.json["message"],
        json!(domain::messages::CLIENT_REMOVE_BUSY)
    );
    let ctx = app.state.job_context()?;
    worker::batch::run(&ctx, &export_id).await?;
    assert_eq!(
        app.post_json(&uri, Some(&manager), &json!({}))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );

    let started = app.post_json(&uri, Some(&admin), &json!({})).await?;
    assert_eq!(started.status, StatusCode::OK, "{:?}", started.json);
    let batch = started.json["batch_name"]
        .as_str()
        .ok_or("batch")?
        .to_owned();
    assert_eq!(started.json["status"], json!("queued"));
    assert!(started.json["items_in_queue"].as_i64() > Some(0));
    // Only its starter follows it.
    let progress = format!("/api/batch/process/{batch}");
    assert_eq!(
        app.get(&progress, Some(&manager)).await?.status,
        StatusCode::NOT_FOUND
    );
    worker::batch::run(&ctx, &batch).await?;
    // A second delivery of the job finds it done.
    worker::batch::run(&ctx, &batch).await?;
    let done = app.get(&progress, Some(&admin)).await?;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.json);
    assert_eq!(done.json["status"], json!("done"));
    assert_eq!(done.json["items_in_queue"], json!(0));
    assert_eq!(done.json["total_items"], json!(2));

    // Gone from disk, every byte of it.
    assert!(!app.dir.path().join("tenants").join(&demo).exists());
    assert_eq!(
        files_holding(app.dir.path(), MARKER.as_bytes()),
        Vec::<std::path::PathBuf>::new()
    );
    // Gone for everyone: its form, its client calls.
    assert_eq!(
        app.get(&format!("/api/client/{demo}"), Some(&admin))
            .await?
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&format!("/api/form/{form_id}"), Some(&invuller))
            .await?
            .status,
        StatusCode::NOT_FOUND
    );
    // 'twee' was in both clients: the other one stays.
    let twee = app.login("twee").await?;
    let info = app.get("/api/user/info", Some(&twee)).await?;
    let clients: Vec<&str> = info.json["clients"]
        .as_array()
        .ok_or("clients")?
        .iter()
        .filter_map(|client| client["name"].as_str())
        .collect();
    assert_eq!(clients, ["Tweede Gemeente"]);
    // Recorded: asked for by the admin, and done.
    let client = domain::ids::ClientId::parse(&demo).ok_or("id")?;
    let log = audit::of_client(&app.state.platform, &client).await?;
    let actions: Vec<&str> = log.iter().map(|entry| entry.action.as_str()).collect();
    assert_eq!(actions, ["client.remove.requested", "client.removed"]);
    assert!(
        log.iter()
            .all(|entry| entry.batch_id.as_deref() == Some(&batch))
    );
    Ok(())
}
