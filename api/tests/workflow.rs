//! Workflow forms (document 000 section 4): a registration moves from phase to phase through
//! the stateTransition element each phase shows, waits for the user it is handed to, and is
//! completed by a phase without one. Illegal moves and senders it does not wait for are
//! refused; a resend of a move is answered, not moved again.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::{Value, json};
use tenancy::platform::users;

async fn user_id(app: &TestApp, name: &str) -> TestResult<String> {
    Ok(
        users::find_by_email(&app.state.platform, &format!("{name}@demo.eform.nl"))
            .await?
            .ok_or("user")?
            .id
            .to_string(),
    )
}

/// Rule: hide `element` unless the registration is in `phase`.
fn only_in(phase: &str, elements: &[&str]) -> Value {
    json!({ "ruleName": format!("fase {phase}"), "ruleForm": "_none",
        "condition_group": { "method": "AND", "conditions": [
            { "conditionType": "dataValue", "dataName": "registration_phase", "operator": "!", "value": phase }] },
        "actions": elements.iter().map(|name| json!({ "method": "hide", "dataName": name })).collect::<Vec<_>>() })
}

/// 'Lantaarnpaal': phase 1 reports and hands to twee (phase 2), twee judges and hands to
/// invuller (phase 3), who closes it (no transition: final).
async fn workflow_form(app: &TestApp) -> TestResult<String> {
    let demo = app.client_id("Demo Gemeente").await?;
    let admin = app.login("admin").await?;
    let folder = app
        .post_json(
            &format!("/api/client/{demo}/folder"),
            Some(&admin),
            &json!({ "folder_name": "Workflow" }),
        )
        .await?;
    let folder = folder.json["folder_id"].as_str().ok_or("folder")?;
    let (twee, invuller) = (user_id(app, "twee").await?, user_id(app, "invuller").await?);
    let created = app
        .post_json(
            "/api/form",
            Some(&admin),
            &json!({ "form_name": "Lantaarnpaal", "form_type": "workflow", "folder_id": folder, "client_id": demo,
                "schema": [
                    { "name": "melding", "label": "Melding", "elementType": "text", "validation": [{ "name": "required" }] },
                    { "name": "naar_inspecteur", "label": "Naar inspecteur", "elementType": "stateTransition", "next_phase": "2", "assign_to_user": twee },
                    { "name": "oordeel", "label": "Oordeel", "elementType": "text", "validation": [{ "name": "required" }] },
                    { "name": "naar_afhandeling", "label": "Afhandelen", "elementType": "stateTransition", "next_phase": "3", "assign_to_user": invuller },
                    { "name": "afgehandeld", "label": "Afgehandeld", "elementType": "checkbox_single" }
                ],
                "rules": [only_in("1", &["naar_inspecteur"]), only_in("2", &["oordeel", "naar_afhandeling"]), only_in("3", &["afgehandeld"])] }),
        )
        .await?;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.json);
    let form_id = created.json["form_id"].as_str().ok_or("form")?.to_owned();
    let published = app
        .post_json(
            &format!("/api/form/{form_id}/publish"),
            Some(&admin),
            &json!([form_id]),
        )
        .await?;
    assert_eq!(published.status, StatusCode::OK);
    Ok(form_id)
}

fn ids(list: &Value) -> Vec<String> {
    list["registrations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|row| row["_id"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn a_registration_moves_through_its_phases_and_is_completed() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = workflow_form(&app).await?;
    let (invuller, twee, lezer) = (
        app.login("invuller").await?,
        app.login("twee").await?,
        app.login("lezer").await?,
    );
    let send = |key: &str, body: Value| {
        let key = key.to_owned();
        let app = &app;
        async move { app.post_json("/api/registration/", Some(&key), &body).await }
    };

    // Phase 1: the report; the phase's transition hands it to twee in phase 2.
    let first = send(
        &invuller,
        json!({ "form_id": form_id, "fill_token": "wf-1",
        "values": { "melding": "Lamp kapot", "registration_phase": "7" } }),
    )
    .await?;
    assert_eq!(first.status, StatusCode::CREATED, "{:?}", first.json);
    assert_eq!(
        (
            first.json["registration_status"].as_str(),
            first.json["registration_phase"].as_str()
        ),
        (Some("draft"), Some("2"))
    );
    let id = first.json["_id"].as_str().ok_or("id")?.to_owned();
    // It is incomplete: not among the completed registrations, in the other tab.
    let list = format!("/api/form/{form_id}/registrations");
    assert!(ids(&app.get(&list, Some(&lezer)).await?.json).is_empty());
    assert_eq!(
        ids(&app
            .get(&format!("{list}?tab=incomplete"), Some(&lezer))
            .await?
            .json),
        std::slice::from_ref(&id)
    );

    // It waits for twee, not for invuller.
    let waiting = app.get("/api/assigned-registrations", Some(&twee)).await?;
    assert_eq!(waiting.status, StatusCode::OK);
    assert_eq!(ids(&waiting.json), std::slice::from_ref(&id));
    assert_eq!(waiting.json["registrations"][0]["registration_phase"], "2");
    assert_eq!(waiting.json["registrations"][0]["assigned_to_me"], true);
    assert!(
        ids(&app
            .get("/api/assigned-registrations", Some(&invuller))
            .await?
            .json)
        .is_empty()
    );
    let one = format!("/api/assigned-registration/{id}");
    assert_eq!(
        app.get(&one, Some(&invuller)).await?.status,
        StatusCode::NOT_FOUND
    );
    let opened = app.get(&one, Some(&twee)).await?;
    assert_eq!(opened.status, StatusCode::OK);
    assert_eq!(opened.json["values"]["melding"], "Lamp kapot");
    assert_eq!(opened.json["workflow_history"][0]["to_phase"], "2");
    assert_eq!(
        opened.json["workflow_history"][0]["assigned_username"],
        "twee"
    );
    let continued = |token: &str, values: Value| json!({ "form_id": form_id, "registration_id": id, "fill_token": token, "values": values });

    // Only the user it waits for sends it on.
    let stolen = send(
        &invuller,
        continued(
            "wf-2x",
            json!({ "melding": "Lamp kapot", "oordeel": "Prima" }),
        ),
    )
    .await?;
    assert_eq!(stolen.status, StatusCode::FORBIDDEN);
    // The move is the form's: another phase, or the element of another phase, is refused.
    let jump = send(&twee, continued("wf-2j", json!({ "melding": "Lamp kapot", "oordeel": "Prima", "naar_afhandeling": { "next_phase": "9" } }))).await?;
    assert_eq!(
        jump.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        jump.json
    );
    assert_eq!(
        jump.json["errors"][0]["detail"],
        json!(domain::messages::WORKFLOW_MOVE_REFUSED)
    );
    // Phase 2's own field is required.
    let empty = send(
        &twee,
        continued("wf-2e", json!({ "melding": "Lamp kapot" })),
    )
    .await?;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        empty.json["errors"][0]["source"]["pointer"],
        "/values/oordeel"
    );

    // Phase 2: twee judges; it moves to phase 3 and waits for invuller.
    let body = continued(
        "wf-2",
        json!({ "melding": "Lamp kapot", "oordeel": "Vervangen",
        "naar_afhandeling": { "next_phase": "3", "assign_to_user": user_id(&app, "invuller").await? } }),
    );
    let second = send(&twee, body.clone()).await?;
    assert_eq!(second.status, StatusCode::OK, "{:?}", second.json);
    assert_eq!(second.json["registration_phase"], "3");
    assert!(
        ids(&app
            .get("/api/assigned-registrations", Some(&twee))
            .await?
            .json)
        .is_empty(),
        "left twee's list"
    );
    assert_eq!(
        ids(&app
            .get("/api/assigned-registrations", Some(&invuller))
            .await?
            .json),
        std::slice::from_ref(&id)
    );
    // A resend of the same move (its answer was lost) is answered, not moved again.
    let again = send(&twee, body).await?;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.json["registration_phase"], "3");
    // A send from a device still in phase 2 (another token) finds it moved on.
    let stale = send(
        &twee,
        continued(
            "wf-2b",
            json!({ "melding": "Lamp kapot", "oordeel": "Anders" }),
        ),
    )
    .await?;
    assert_eq!(
        stale.status,
        StatusCode::FORBIDDEN,
        "it waits for invuller now"
    );

    // Phase 3 has no transition: sending completes it. What phase 3 does not show stays,
    // whatever a device sends for it.
    let third = send(
        &invuller,
        continued(
            "wf-3",
            json!({ "melding": "Lamp kapot", "afgehandeld": true, "oordeel": "Niets aan de hand" }),
        ),
    )
    .await?;
    assert_eq!(third.status, StatusCode::OK, "{:?}", third.json);
    assert_eq!(third.json["registration_status"], "completed");
    assert_eq!(
        third.json["values"],
        json!({ "melding": "Lamp kapot", "oordeel": "Vervangen", "afgehandeld": true })
    );
    assert!(
        ids(&app
            .get("/api/assigned-registrations", Some(&invuller))
            .await?
            .json)
        .is_empty()
    );
    assert_eq!(
        app.get(&one, Some(&invuller)).await?.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        ids(&app.get(&list, Some(&lezer)).await?.json),
        std::slice::from_ref(&id)
    );
    let late = send(&invuller, continued("wf-4", json!({ "afgehandeld": true }))).await?;
    assert_eq!(late.status, StatusCode::CONFLICT);
    assert_eq!(
        late.json["message"],
        json!(domain::messages::WORKFLOW_MOVED_ON)
    );

    // The manager sees every move.
    let detail = app
        .get(
            &format!("/api/form/{form_id}/registrations/{id}"),
            Some(&lezer),
        )
        .await?;
    let moves: Vec<(Value, Value)> = detail.json["workflow_history"]
        .as_array()
        .ok_or("history")?
        .iter()
        .map(|step| (step["from_phase"].clone(), step["to_phase"].clone()))
        .collect();
    assert_eq!(
        moves,
        [
            (json!("1"), json!("2")),
            (json!("2"), json!("3")),
            (json!("3"), Value::Null)
        ]
    );
    // Nothing of it for a user of another client.
    let anders = app.login("anders").await?;
    assert_eq!(
        app.get(&one, Some(&anders)).await?.status,
        StatusCode::NOT_FOUND
    );
    Ok(())
}

#[tokio::test]
async fn a_phase_without_a_transition_completes_at_once_and_nobody_means_anyone() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let admin = app.login("admin").await?;
    let folder = app
        .post_json(
            &format!("/api/client/{demo}/folder"),
            Some(&admin),
            &json!({ "folder_name": "Wf" }),
        )
        .await?;
    let folder = folder.json["folder_id"].as_str().ok_or("folder")?;
    let created = app
        .post_json(
            "/api/form",
            Some(&admin),
            &json!({ "form_name": "Tweestaps", "form_type": "workflow", "folder_id": folder, "client_id": demo,
                "schema": [
                    { "name": "melding", "label": "Melding", "elementType": "text" },
                    { "name": "door", "label": "Door", "elementType": "stateTransition", "next_phase": "2", "assign_to_user": "0" }
                ],
                "rules": [only_in("1", &["door"])] }),
        )
        .await?;
    let form_id = created.json["form_id"].as_str().ok_or("form")?.to_owned();
    app.post_json(
        &format!("/api/form/{form_id}/publish"),
        Some(&admin),
        &json!([form_id]),
    )
    .await?;
    let invuller = app.login("invuller").await?;
    let twee = app.login("twee").await?;
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&invuller),
            &json!({ "form_id": form_id, "fill_token": "t1", "values": { "melding": "x" } }),
        )
        .await?;
    let id = sent.json["_id"].as_str().ok_or("id")?.to_owned();
    // Handed to nobody: everyone who fills in the form can take it up.
    for key in [&invuller, &twee] {
        let list = app.get("/api/assigned-registrations", Some(key)).await?;
        assert_eq!(ids(&list.json), std::slice::from_ref(&id));
        assert_eq!(list.json["registrations"][0]["assigned_to_me"], false);
    }
    let done = app
        .post_json(
            "/api/registration/",
            Some(&twee),
            &json!({ "form_id": form_id, "registration_id": id, "fill_token": "t2", "values": { "melding": "x" } }),
        )
        .await?;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.json);
    assert_eq!(
        (
            done.json["registration_status"].as_str(),
            done.json["registration_phase"].as_str()
        ),
        (Some("completed"), Some("2"))
    );
    // A stateTransition to a phase outside 1-9 cannot be saved.
    let bad = app
        .patch_json(
            &format!("/api/form/{form_id}"),
            Some(&admin),
            &json!({ "schema": [{ "name": "door", "label": "Door", "elementType": "stateTransition", "next_phase": "12" }] }),
        )
        .await?;
    assert_eq!(
        bad.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        bad.json
    );
    Ok(())
}
