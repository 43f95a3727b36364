//! `POST api/saved-registrations-sync`: new, update, conflicts both ways, deletion,
//! idempotent resends, 1,000 at once, and other users' copies out of reach.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::{Value, json};

struct Device<'a> {
    app: &'a TestApp,
    key: String,
}

impl Device<'_> {
    async fn sync(&self, entries: Value) -> TestResult<common::Answer> {
        self.app
            .post_json("/api/saved-registrations-sync", Some(&self.key), &entries)
            .await
    }
}

fn entry(client: &str, form: &str, token: &str, text: &str, version: Option<i64>) -> Value {
    let mut e = json!({
        "fill_token": token, "form_id": form, "client_id": client, "form_name": "Demo melding",
        "values": { "omschrijving": text }, "registration_updated_at": "2026-11-21T10:00:00Z", "unsynced": true
    });
    if let Some(v) = version {
        e["version"] = json!(v);
    }
    e
}

fn tokens(answer: &Value) -> Vec<String> {
    let mut list: Vec<String> = answer["registrations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["fill_token"].as_str().map(str::to_owned))
        .collect();
    list.sort();
    list
}

#[tokio::test]
async fn new_update_resend_and_delete() -> TestResult {
    let app = TestApp::new().await?;
    let (client, form) = (
        app.client_id("Demo Gemeente").await?,
        app.form_id("Demo melding").await?,
    );
    let phone = Device {
        app: &app,
        key: app.login("invuller").await?,
    };

    let first = phone
        .sync(json!([entry(&client, &form, "s1", "eerste", None)]))
        .await?;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(first.json["conflicts"], json!([]));
    assert_eq!(first.json["registrations"][0]["version"], json!(1));
    assert_eq!(first.json["registrations"][0]["unsynced"], json!(false));
    // The same batch again (an answer that never arrived) changes nothing.
    let again = phone
        .sync(json!([entry(&client, &form, "s1", "eerste", None)]))
        .await?;
    assert_eq!(again.json["registrations"][0]["version"], json!(1));
    assert_eq!(again.json["conflicts"], json!([]));
    // An edit based on version 1 is stored as version 2.
    let edited = phone
        .sync(json!([entry(&client, &form, "s1", "aangepast", Some(1))]))
        .await?;
    assert_eq!(edited.json["registrations"][0]["version"], json!(2));
    assert_eq!(
        edited.json["registrations"][0]["values"]["omschrijving"],
        json!("aangepast")
    );
    // An empty list refreshes.
    let refresh = phone.sync(json!([])).await?;
    assert_eq!(tokens(&refresh.json), ["s1"]);
    // Deleting: the copy disappears from the list (for this and other devices).
    let mut deleted = entry(&client, &form, "s1", "aangepast", Some(2));
    deleted["registration_saved_deleted_at"] = json!("2026-11-21T11:00:00Z");
    let after = phone.sync(json!([deleted])).await?;
    assert_eq!(after.json["registrations"], json!([]));
    Ok(())
}

#[tokio::test]
async fn a_newer_server_copy_is_a_conflict_and_either_version_can_win() -> TestResult {
    let app = TestApp::new().await?;
    let (client, form) = (
        app.client_id("Demo Gemeente").await?,
        app.form_id("Demo melding").await?,
    );
    let phone = Device {
        app: &app,
        key: app.login("invuller").await?,
    };
    let tablet = Device {
        app: &app,
        key: app.login("invuller").await?,
    };
    phone
        .sync(json!([entry(&client, &form, "c1", "basis", None)]))
        .await?;
    // The tablet edits version 1 first; the phone's edit of version 1 is then stale.
    tablet
        .sync(json!([entry(&client, &form, "c1", "tablet", Some(1))]))
        .await?;
    let stale = phone
        .sync(json!([entry(&client, &form, "c1", "telefoon", Some(1))]))
        .await?;
    let conflict = &stale.json["conflicts"][0];
    assert_eq!(conflict["fill_token"], json!("c1"));
    assert_eq!(
        conflict["client_version"]["values"]["omschrijving"],
        json!("telefoon")
    );
    assert_eq!(
        conflict["server_version"]["values"]["omschrijving"],
        json!("tablet")
    );
    assert_eq!(conflict["server_version"]["version"], json!(2));
    // Nothing was overwritten.
    assert_eq!(
        stale.json["registrations"][0]["values"]["omschrijving"],
        json!("tablet")
    );

    // Keep the local version: resend it based on the server version it saw.
    let keep_local = phone
        .sync(json!([entry(&client, &form, "c1", "telefoon", Some(2))]))
        .await?;
    assert_eq!(keep_local.json["conflicts"], json!([]));
    assert_eq!(
        keep_local.json["registrations"][0]["values"]["omschrijving"],
        json!("telefoon")
    );
    assert_eq!(keep_local.json["registrations"][0]["version"], json!(3));
    // Now the tablet is stale; it keeps the server version by taking the list as it is.
    let stale_tablet = tablet
        .sync(json!([entry(&client, &form, "c1", "tablet", Some(2))]))
        .await?;
    assert_eq!(
        stale_tablet.json["conflicts"][0]["server_version"]["values"]["omschrijving"],
        json!("telefoon")
    );
    let keep_server = tablet.sync(json!([])).await?;
    assert_eq!(
        keep_server.json["registrations"][0]["values"]["omschrijving"],
        json!("telefoon")
    );
    Ok(())
}

#[tokio::test]
async fn other_users_and_other_clients_stay_out_of_reach() -> TestResult {
    let app = TestApp::new().await?;
    let (demo, form) = (
        app.client_id("Demo Gemeente").await?,
        app.form_id("Demo melding").await?,
    );
    let tweede = app.client_id("Tweede Gemeente").await?;
    let invuller = Device {
        app: &app,
        key: app.login("invuller").await?,
    };
    let twee = Device {
        app: &app,
        key: app.login("twee").await?,
    };
    let anders = Device {
        app: &app,
        key: app.login("anders").await?,
    };
    invuller
        .sync(json!([entry(&demo, &form, "mine", "van invuller", None)]))
        .await?;

    // Another user of the same client guessing the token can neither overwrite nor read it.
    let attempt = twee
        .sync(json!([entry(
            &demo,
            &form,
            "mine",
            "overschreven",
            Some(1)
        )]))
        .await?;
    assert_eq!(attempt.json["rejected"], json!(["mine"]));
    assert_eq!(attempt.json["conflicts"], json!([]));
    assert_eq!(attempt.json["registrations"], json!([]));
    // A user of another client cannot sync into Demo Gemeente, nor claim its form for Tweede Gemeente.
    let foreign = anders
        .sync(json!([
            entry(&demo, &form, "x1", "x", None),
            entry(&tweede, &form, "x2", "x", None)
        ]))
        .await?;
    assert_eq!(foreign.json["rejected"], json!(["x1", "x2"]));
    assert_eq!(foreign.json["registrations"], json!([]));
    let owner = invuller.sync(json!([])).await?;
    assert_eq!(
        owner.json["registrations"][0]["values"]["omschrijving"],
        json!("van invuller")
    );
    Ok(())
}

#[tokio::test]
async fn a_thousand_saved_registrations_in_one_request() -> TestResult {
    let app = TestApp::new().await?;
    let (client, form) = (
        app.client_id("Demo Gemeente").await?,
        app.form_id("Demo melding").await?,
    );
    let phone = Device {
        app: &app,
        key: app.login("invuller").await?,
    };
    let batch: Vec<Value> = (0..1000)
        .map(|i| {
            entry(
                &client,
                &form,
                &format!("t{i:04}"),
                &format!("melding {i}"),
                None,
            )
        })
        .collect();
    let answer = phone.sync(Value::Array(batch.clone())).await?;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(
        answer.json["registrations"].as_array().map(Vec::len),
        Some(1000)
    );
    let again = phone.sync(Value::Array(batch)).await?;
    assert_eq!(
        again.json["registrations"].as_array().map(Vec::len),
        Some(1000)
    );
    assert_eq!(again.json["conflicts"], json!([]));
    Ok(())
}

#[tokio::test]
async fn malformed_entries_refuse_the_request_and_store_nothing() -> TestResult {
    let app = TestApp::new().await?;
    let (client, form) = (
        app.client_id("Demo Gemeente").await?,
        app.form_id("Demo melding").await?,
    );
    let phone = Device {
        app: &app,
        key: app.login("invuller").await?,
    };
    let bad = phone
        .sync(json!([entry(&client, &form, "ok", "goed", None), { "form_id": form }]))
        .await?;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json["errors"][0]["source"]["pointer"], json!("/1"));
    assert_eq!(
        phone.sync(json!([])).await?.json["registrations"],
        json!([])
    );
    Ok(())
}

#[tokio::test]
async fn sending_a_saved_registration_removes_the_saved_copy() -> TestResult {
    let app = TestApp::new().await?;
    let (client, form) = (
        app.client_id("Demo Gemeente").await?,
        app.form_id("Demo melding").await?,
    );
    let phone = Device {
        app: &app,
        key: app.login("invuller").await?,
    };
    phone
        .sync(json!([
            entry(&client, &form, "send-me", "klaar", None),
            entry(&client, &form, "keep", "later", None)
        ]))
        .await?;
    let body =
        json!({ "form_id": form, "fill_token": "send-me", "values": { "omschrijving": "klaar" } });
    assert_eq!(
        app.post_json("/api/registration/", Some(&phone.key), &body)
            .await?
            .status,
        StatusCode::CREATED
    );
    assert_eq!(tokens(&phone.sync(json!([])).await?.json), ["keep"]);
    Ok(())
}

#[tokio::test]
async fn saved_registrations_older_than_a_year_are_purged() -> TestResult {
    let app = TestApp::new().await?;
    let (client, form) = (
        app.client_id("Demo Gemeente").await?,
        app.form_id("Demo melding").await?,
    );
    let phone = Device {
        app: &app,
        key: app.login("invuller").await?,
    };
    phone
        .sync(json!([
            entry(&client, &form, "old", "oud", None),
            entry(&client, &form, "new", "nieuw", None)
        ]))
        .await?;
    let file = app
        .dir
        .path()
        .join("tenants")
        .join(&client)
        .join("tenant.db");
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", file.display())).await?;
    sqlx::query("UPDATE saved_registrations SET server_updated_at = server_updated_at - 366 * 86400 WHERE fill_token = 'old'")
        .execute(&pool)
        .await?;
    let ctx = app.state.job_context()?;
    let purged = worker::purge::daily(&ctx, "vandaag", tenancy::now()).await?;
    assert_eq!(purged.saved, 1);
    assert_eq!(tokens(&phone.sync(json!([])).await?.json), ["new"]);
    Ok(())
}
