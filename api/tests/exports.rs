//! Downloads of a form's registrations through the job queue (document 001 section 4
//! 'Download'): the CSV exactly, the zip with attachments, progress, cancel, the link, who
//! may, and a batch taken over after its runner died.

mod common;

use axum::http::StatusCode;
use common::inspection::world;
use common::{TestApp, TestResult, mail};
use domain::ids::ClientId;
use serde_json::{Value, json};
use std::time::Duration;
use tenancy::platform::{batches, memberships, users};

/// Polls the progress call until the export is final; answers its last state.
async fn finished(app: &TestApp, key: &str, form_id: &str, queue_id: &str) -> TestResult<Value> {
    let uri = format!("/api/form/{form_id}/registrations/queue/progress/{queue_id}");
    for _ in 0..300 {
        let answer = app.get(&uri, Some(key)).await?;
        assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.json);
        if matches!(
            answer.json["status"].as_str(),
            Some("done" | "failed" | "cancelled")
        ) {
            return Ok(answer.json);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err("the export did not finish within 30 s".into())
}

/// Starts an export of `kind` with `query`; answers the queue entity.
async fn start(
    app: &TestApp,
    key: &str,
    form_id: &str,
    kind: &str,
    query: &str,
) -> TestResult<common::Answer> {
    app.get(
        &format!("/api/form/{form_id}/registrations/queue/download/{kind}?{query}"),
        Some(key),
    )
    .await
}

/// The CSV's lines after the BOM, cells split on ';' (the test data has no ';' or quotes
/// inside cells except where a test says so).
fn csv_text(bytes: &[u8]) -> TestResult<String> {
    let text = std::str::from_utf8(bytes)?;
    Ok(text.strip_prefix('\u{feff}').ok_or("no BOM")?.to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_csv_export_is_exact_and_fetched_through_its_link() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let invuller = app.login("invuller").await?;
    let injected = app
        .post_json(
            "/api/registration/",
            Some(&invuller),
            &json!({ "form_id": form_id, "fill_token": "formule", "values": {
                "naam": "=HYPERLINK(\"http://kwaad.example\";\"klik\")", "aantal": -4, "datum": "2026-05-01",
                "posten": [{ "post": "+31 6 12345678", "bedrag": 1.5 }, { "post": "@SOM", "bedrag": 2 }] } }),
        )
        .await?;
    assert_eq!(injected.status, StatusCode::CREATED, "{:?}", injected.json);
    let manager = app.login("formulieren").await?;
    let stop = mail::start_workers(&app).await?;

    let started = start(&app, &manager, &form_id, "csv", "").await?;
    assert_eq!(started.status, StatusCode::OK, "{:?}", started.json);
    assert_eq!(started.json["total"], json!(6));
    let queue_id = started.json["queue_id"]
        .as_str()
        .ok_or("queue_id")?
        .to_owned();
    let done = finished(&app, &manager, &form_id, &queue_id).await?;
    assert_eq!(done["status"], json!("done"), "{done}");
    assert_eq!(
        (done["processed"].as_i64(), done["total"].as_i64()),
        (Some(6), Some(6))
    );
    let _ = stop.send(());

    // The link works without an api-key: a browser saves the file straight to disk.
    let link = done["download_url"].as_str().ok_or("download_url")?;
    let file = app.get(link, None).await?;
    assert_eq!(file.status, StatusCode::OK);
    assert_eq!(file.headers["content-type"], "text/csv; charset=utf-8");
    assert!(
        file.headers["content-disposition"]
            .to_str()?
            .starts_with("attachment; filename=\"Inspectie registraties.csv\"")
    );
    let text = csv_text(&file.body)?;
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "Serienummer;Datum;Invuller;Naam;Aantal;Datum;Posten: Post;Posten: Bedrag"
    );
    // Registration dates as the spec shows them ('DD MMM YYYY HH:mm', Amsterdam time); date
    // fields as they are stored (YYYY-MM-DD, which every spreadsheet reads as a date).
    let date = lines[1].split(';').nth(1).ok_or("date")?;
    assert!(
        date.len() == 17 && date.as_bytes()[2] == b' ' && date.as_bytes()[14] == b':',
        "{date}"
    );
    let without_dates: Vec<String> = text
        .split("\r\n")
        .skip(1)
        .map(|line| line.replacen(date, "D", 1))
        .collect();
    assert_eq!(
        without_dates.join("\r\n"),
        [
            "1;D;invuller;Lantaarnpaal Dorpsstraat;3;2026-01-05;kap;12,5",
            "2;D;twee;Bankje park;1;2026-02-10;;",
            "3;D;invuller;Lantaarnpaal Kerkplein;7;2026-03-15;\"lamp\nkap\";\"80\n5\"",
            "4;D;twee;Café 'de Zwaan' stoep;12;2026-03-16;;",
            "5;D;invuller;;0;2026-04-01;;",
            // Formula cells neutralised; a negative number stays a number.
            "6;D;invuller;\"'=HYPERLINK(\"\"http://kwaad.example\"\";\"\"klik\"\")\";-4;2026-05-01;\"'+31 6 12345678\n@SOM\";\"1,5\n2\"",
            "",
        ]
        .join("\r\n")
    );

    // A filtered export takes the list's filters.
    let stop = mail::start_workers(&app).await?;
    let filtered = start(
        &app,
        &manager,
        &form_id,
        "csv",
        "f[0][path]=naam&f[0][operator]=contains&f[0][value]=lantaarn",
    )
    .await?;
    assert_eq!(filtered.json["total"], json!(2));
    let queue = filtered.json["queue_id"].as_str().ok_or("queue_id")?;
    finished(&app, &manager, &form_id, queue).await?;
    let _ = stop.send(());
    let file = app
        .get(filtered.json["download_url"].as_str().ok_or("url")?, None)
        .await?;
    let text = csv_text(&file.body)?;
    let serials: Vec<&str> = text
        .split("\r\n")
        .skip(1)
        .filter_map(|l| l.split(';').next())
        .filter(|s| !s.is_empty())
        .collect();
    assert_eq!(serials, ["1", "3"]);

    // A wrong token is no link, and a malformed one a bad request.
    let (path, token) = link.split_once("?token=").ok_or("token")?;
    let other = if token.starts_with('0') { "1" } else { "0" };
    let forged = format!("{path}?token={other}{}", &token[1..]);
    assert_eq!(
        app.get(&forged, None).await?.status,
        StatusCode::UNAUTHORIZED
    );
    let malformed = format!("{path}?token=0{token}");
    assert_eq!(
        app.get(&malformed, None).await?.status,
        StatusCode::BAD_REQUEST
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_zip_holds_the_csv_and_every_file_of_the_selection() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let form = app.form_id("Demo melding").await?;
    let invuller = app.login("invuller").await?;
    let png = b"\x89PNG\r\n\x1a\n lantaarnpaal";
    for (token, name) in [("met-foto-1", "paal.png"), ("met-foto-2", "paal.png")] {
        let uploaded = app
            .upload(
                &format!("/api/file-upload/form?client_id={demo}&kind=image"),
                Some(&invuller),
                name,
                png,
                &[],
            )
            .await?;
        assert_eq!(uploaded.status, StatusCode::OK, "{:?}", uploaded.json);
        let sent = app
            .post_json(
                "/api/registration/",
                Some(&invuller),
                &json!({ "form_id": form, "fill_token": token,
                         "values": { "omschrijving": "Met foto", "aantal": 1, "foto": [uploaded.json] } }),
            )
            .await?;
        assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    }
    let manager = app.login("beheerder").await?;
    let stop = mail::start_workers(&app).await?;
    let started = start(&app, &manager, &form, "csv-with-attachments", "").await?;
    assert_eq!(started.status, StatusCode::OK, "{:?}", started.json);
    let queue_id = started.json["queue_id"]
        .as_str()
        .ok_or("queue_id")?
        .to_owned();
    assert_eq!(
        finished(&app, &manager, &form, &queue_id).await?["status"],
        json!("done")
    );
    let _ = stop.send(());
    let file = app
        .get(started.json["download_url"].as_str().ok_or("url")?, None)
        .await?;
    assert_eq!(file.status, StatusCode::OK);
    assert_eq!(file.headers["content-type"], "application/zip");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(file.body))?;
    let mut names: Vec<String> = zip
        .file_names()
        .map(|name| name.map(|name| name.into_owned()))
        .collect::<Result<_, _>>()?;
    names.sort();
    assert_eq!(
        names,
        [
            "bestanden/1-paal.png",
            "bestanden/2-paal.png",
            "registraties.csv"
        ]
        .map(String::from)
    );
    let mut photo = Vec::new();
    std::io::Read::read_to_end(&mut zip.by_name("bestanden/2-paal.png")?, &mut photo)?;
    assert_eq!(photo, png);
    Ok(())
}

#[tokio::test]
async fn only_users_with_the_download_permission_export_and_fetch() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let manager = app.login("formulieren").await?;
    let lezer = app.login("lezer").await?;
    let anders = app.login("anders").await?;
    // 'form view registrations' sees the list but may not download it.
    assert_eq!(
        start(&app, &lezer, &form_id, "csv", "").await?.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        start(&app, &anders, &form_id, "csv", "").await?.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        start(&app, &manager, &form_id, "xlsx", "").await?.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        start(&app, &manager, &form_id, "csv", "tab=archief")
            .await?
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let started = start(&app, &manager, &form_id, "csv", "").await?;
    let queue_id = started.json["queue_id"]
        .as_str()
        .ok_or("queue_id")?
        .to_owned();
    let link = started.json["download_url"]
        .as_str()
        .ok_or("url")?
        .to_owned();
    let progress = format!("/api/form/{form_id}/registrations/queue/progress/{queue_id}");
    assert_eq!(
        app.get(&progress, Some(&lezer)).await?.status,
        StatusCode::FORBIDDEN
    );
    // Not done yet: nothing to fetch.
    assert_eq!(app.get(&link, None).await?.status, StatusCode::CONFLICT);
    let stop = mail::start_workers(&app).await?;
    finished(&app, &manager, &form_id, &queue_id).await?;
    let _ = stop.send(());
    assert_eq!(app.get(&link, None).await?.status, StatusCode::OK);
    // The api-key of someone without the permission does not fetch it.
    let without_token = link.split('?').next().ok_or("path")?;
    assert_eq!(
        app.get(without_token, Some(&lezer)).await?.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get(without_token, None).await?.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get(without_token, Some(&manager)).await?.status,
        StatusCode::OK
    );
    // The link acts for the manager who started it: once the role is gone, so is the link.
    let user = users::find_by_email(&app.state.platform, "formulieren@demo.eform.nl")
        .await?
        .ok_or("user")?;
    let client = ClientId::parse(&app.client_id("Demo Gemeente").await?).ok_or("client")?;
    memberships::set_roles(
        &app.state.platform,
        &user.id,
        &client,
        &[domain::access::Role::FormViewRegistrations],
    )
    .await?;
    app.state.caches.forget_membership(&user.id, &client);
    assert_eq!(app.get(&link, None).await?.status, StatusCode::FORBIDDEN);
    // Nothing of another client: this queue id under a form of Tweede Gemeente.
    let admin = app.login("admin").await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    let folder = app
        .post_json(
            &format!("/api/client/{tweede}/folder"),
            Some(&admin),
            &json!({ "folder_name": "Elders" }),
        )
        .await?;
    let folder = folder.json["folder_id"].as_str().ok_or("folder")?;
    let other = app
        .post_json(
            "/api/form",
            Some(&admin),
            &json!({ "form_name": "Elders", "folder_id": folder, "client_id": tweede }),
        )
        .await?;
    let other = other.json["form_id"].as_str().ok_or("form")?;
    let crossed = format!("/api/form/{other}/registrations/queue/progress/{queue_id}");
    assert_eq!(
        app.get(&crossed, Some(&admin)).await?.status,
        StatusCode::NOT_FOUND
    );
    // The link under that form acts for its creator, who has nothing there.
    let crossed_link = link.replace(&form_id, other);
    assert_eq!(
        app.get(&crossed_link, None).await?.status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_export_makes_nothing() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let manager = app.login("formulieren").await?;
    let started = start(&app, &manager, &form_id, "csv", "").await?;
    let queue_id = started.json["queue_id"]
        .as_str()
        .ok_or("queue_id")?
        .to_owned();
    let cancel = app
        .delete(
            &format!("/api/form/{form_id}/registrations/queue/{queue_id}"),
            Some(&manager),
        )
        .await?;
    assert_eq!(cancel.status, StatusCode::OK);
    let stop = mail::start_workers(&app).await?;
    let state = finished(&app, &manager, &form_id, &queue_id).await?;
    assert_eq!(state["status"], json!("cancelled"));
    // The job ran and found nothing to do.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let _ = stop.send(());
    let link = started.json["download_url"].as_str().ok_or("url")?;
    assert_eq!(app.get(link, None).await?.status, StatusCode::CONFLICT);
    let exports = app.tenant("Demo Gemeente").await?.exports_dir();
    let left = std::fs::read_dir(&exports)
        .map(|dir| dir.count())
        .unwrap_or(0);
    assert_eq!(left, 0, "files left in {}", exports.display());
    Ok(())
}

/// A runner that died (kill -9, a lost machine) holds its batch only until its lease runs
/// out: the schedule's sweep queues the batch again and another runner makes it, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_whose_runner_died_is_taken_over() -> TestResult {
    let app = TestApp::with(|config| config.job_lease_seconds = 2).await?;
    let form_id = world(&app).await?;
    let manager = app.login("formulieren").await?;
    let started = start(&app, &manager, &form_id, "csv", "").await?;
    let queue_id = started.json["queue_id"]
        .as_str()
        .ok_or("queue_id")?
        .to_owned();
    // A runner took it and died: its lease runs out, nothing else happens.
    let dead = batches::take(&app.state.platform, &queue_id, "dood", 2).await?;
    assert!(dead.is_some());
    let ctx = app.state.job_context()?;
    // While the lease holds, the batch is not lost and no second runner can take it.
    assert_eq!(
        worker::batch::sweep(&ctx, &app.state.queue, tenancy::now()).await?,
        0
    );
    assert!(
        batches::take(&app.state.platform, &queue_id, "ander", 2)
            .await?
            .is_none()
    );
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        worker::batch::sweep(&ctx, &app.state.queue, tenancy::now()).await?,
        1
    );
    // Swept once: the next sweep within the grace leaves it alone.
    assert_eq!(
        worker::batch::sweep(&ctx, &app.state.queue, tenancy::now()).await?,
        0
    );
    let stop = mail::start_workers(&app).await?;
    let done = finished(&app, &manager, &form_id, &queue_id).await?;
    let _ = stop.send(());
    assert_eq!(done["status"], json!("done"), "{done}");
    let batch = batches::find(&app.state.platform, &queue_id)
        .await?
        .ok_or("batch")?;
    // The queue delivered the job twice (the original push and the sweep): taken by the dead
    // runner, then made once.
    assert!(batch.attempts >= 2, "{batch:?}");
    let file = app
        .get(started.json["download_url"].as_str().ok_or("url")?, None)
        .await?;
    assert_eq!(
        csv_text(&file.body)?
            .split("\r\n")
            .filter(|l| !l.is_empty())
            .count(),
        6
    );
    Ok(())
}
