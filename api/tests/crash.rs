//! A job survives `kill -9`: the real `eform serve` (HTTP server and workers in one process)
//! is killed in the middle of an export and started again; the export is finished once,
//! complete, without a duplicate row.

mod common;

use common::process::{eform, free_port, wait_healthy};
use serde_json::Value;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

const ROWS: i64 = 150_000;

/// `eform serve` on `port`, with a short job lease so a dead runner's batch is taken over
/// within seconds.
fn serve(dir: &Path, port: u16) -> TestResult<Child> {
    Ok(eform()
        .args(["serve", "--data-dir"])
        .arg(dir)
        .args(["--bind", &format!("127.0.0.1:{port}"), "--web-dir"])
        .arg(dir.join("web"))
        .env("EFORM_JOB_LEASE_SECONDS", "2")
        .env("EFORM_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?)
}

/// Copies the one registration of 'Demo melding' until the form has `ROWS`, straight into
/// the client's SQLite file (as a big client would have them).
async fn many_registrations(dir: &Path, client: &str, form: &str) -> TestResult {
    let file = dir.join("tenants").join(client).join("tenant.db");
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(file);
    let pool = sqlx::SqlitePool::connect_with(options).await?;
    sqlx::query(
        "INSERT INTO registrations (id, form_id, serial_number, fill_token, payload_hash, user_id, username, registration_name, summary, status, phase, reg_values, schema_hash, created_at, updated_at)
         WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         SELECT lower(hex(randomblob(16))), r.form_id, n.i, NULL, r.payload_hash, r.user_id, r.username,
                r.registration_name, r.summary, r.status, r.phase, json_set(r.reg_values, '$.aantal', n.i), r.schema_hash, r.created_at, r.updated_at
         FROM n, (SELECT * FROM registrations WHERE form_id = ?1 LIMIT 1) AS r",
    )
    .bind(form)
    .bind(ROWS)
    .execute(&pool)
    .await?;
    sqlx::query("UPDATE forms SET next_serial = ?2 + 1 WHERE id = ?1")
        .bind(form)
        .bind(ROWS)
        .execute(&pool)
        .await?;
    pool.close().await;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_killed_midway_is_finished_once_after_a_restart() -> TestResult {
    let dir = tempfile::tempdir()?;
    let seeded = eform()
        .args(["seed", "demo", "--data-dir"])
        .arg(dir.path())
        .output()?;
    assert!(
        seeded.status.success(),
        "{}",
        String::from_utf8_lossy(&seeded.stderr)
    );
    let port = free_port()?;
    let base = format!("http://127.0.0.1:{port}");
    let mut server = serve(dir.path(), port)?;
    wait_healthy(&base).await?;
    let http = reqwest::Client::new();
    let login: Value = http
        .post(format!("{base}/api/user/login"))
        .form(&[
            ("username", "formulieren@demo.eform.nl"),
            ("password", "eform-demo"),
        ])
        .send()
        .await?
        .json()
        .await?;
    let key = login["api_key"].as_str().ok_or("api_key")?.to_owned();
    let client = login["clients"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["name"] == "Demo Gemeente")
        .and_then(|c| c["id"].as_str())
        .ok_or("client")?
        .to_owned();
    let folders: Value = http
        .get(format!("{base}/api/client/{client}/folder"))
        .header("api-key", &key)
        .send()
        .await?
        .json()
        .await?;
    let form = find_form(&folders, "Demo melding").ok_or("form")?;
    let first = http
        .post(format!("{base}/api/registration/"))
        .header("api-key", &key)
        .json(&serde_json::json!({ "form_id": form, "values": { "omschrijving": "Lamp", "aantal": 1 } }))
        .send()
        .await?;
    assert_eq!(first.status(), 201);
    many_registrations(dir.path(), &client, &form).await?;

    let started: Value = http
        .get(format!(
            "{base}/api/form/{form}/registrations/queue/download/csv"
        ))
        .header("api-key", &key)
        .send()
        .await?
        .json()
        .await?;
    assert_eq!(started["total"], ROWS);
    let queue = started["queue_id"].as_str().ok_or("queue_id")?.to_owned();
    let progress = |http: reqwest::Client, key: String| {
        let url = format!("{base}/api/form/{form}/registrations/queue/progress/{queue}");
        async move {
            http.get(url)
                .header("api-key", key)
                .send()
                .await?
                .json::<Value>()
                .await
        }
    };
    // Killed while it works: some rows written, not all.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let state = progress(http.clone(), key.clone()).await?;
        let processed = state["processed"].as_i64().unwrap_or(0);
        if processed > 0 && processed < ROWS && state["status"] == "running" {
            break;
        }
        assert!(
            state["status"] != "done",
            "the export finished before it could be killed"
        );
        assert!(
            Instant::now() < deadline,
            "the export never started: {state}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.kill()?; // SIGKILL
    server.wait()?;

    let mut server = serve(dir.path(), port)?;
    wait_healthy(&base).await?;
    let deadline = Instant::now() + Duration::from_secs(90);
    let done = loop {
        let state = progress(http.clone(), key.clone()).await?;
        if state["status"] == "done" {
            break state;
        }
        assert!(state["status"] != "failed", "{state}");
        assert!(
            Instant::now() < deadline,
            "not finished after the restart: {state}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let link = done["download_url"].as_str().ok_or("download_url")?;
    let csv = http
        .get(format!("{base}{link}"))
        .send()
        .await?
        .text()
        .await?;
    let _ = server.kill();
    let _ = server.wait();
    let serials: Vec<i64> = csv
        .split("\r\n")
        .skip(1)
        .filter(|line| !line.is_empty())
        .map(|line| line.split(';').next().unwrap_or_default().parse::<i64>())
        .collect::<Result<_, _>>()?;
    assert_eq!(serials.len() as i64, ROWS, "every row once");
    assert!(
        serials.windows(2).all(|pair| pair[0] + 1 == pair[1]),
        "in order, no duplicate"
    );
    // Only the finished file is left: the dead runner's partial file was removed or is never
    // served, and no second copy was made.
    let exports = dir.path().join("tenants").join(&client).join("exports");
    let finished: Vec<_> = std::fs::read_dir(exports)?
        .filter_map(Result::ok)
        .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert_eq!(finished.len(), 1);
    Ok(())
}

fn find_form(folders: &Value, name: &str) -> Option<String> {
    folders.as_array()?.iter().find_map(|folder| {
        folder["forms"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|form| form["form_name"] == name)
            .and_then(|form| form["form_id"].as_str().map(str::to_owned))
            .or_else(|| find_form(&folder["children"], name))
    })
}
