//! A form to review: 'Inspectie' of Demo Gemeente (a text, a number, a date and a subform)
//! with five registrations by two users, for the registrations list, its exports and its
//! trash.

use super::{TestApp, TestResult};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// A published form of Demo Gemeente with a text, a number, a date and a subform, and five
/// registrations by two users; answers the form id.
pub async fn world(app: &TestApp) -> TestResult<String> {
    let demo = app.client_id("Demo Gemeente").await?;
    let manager = app.login("formulieren").await?;
    let folders = app
        .get(&format!("/api/client/{demo}/folder/admin"), Some(&manager))
        .await?;
    let folder = folders.json[0]["folder_id"].as_str().ok_or("folder")?;
    let created = app
        .post_json(
            "/api/form",
            Some(&manager),
            &json!({ "form_name": "Inspectie", "folder_id": folder, "client_id": demo, "schema": [
                { "name": "naam", "label": "Naam", "elementType": "text" },
                { "name": "aantal", "label": "Aantal", "elementType": "number" },
                { "name": "datum", "label": "Datum", "elementType": "date" },
                { "name": "posten", "label": "Posten", "elementType": "subform", "subform": { "schema": [
                    { "name": "post", "label": "Post", "elementType": "text" },
                    { "name": "bedrag", "label": "Bedrag", "elementType": "decimal" }
                ] } }
            ] }),
        )
        .await?;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.json);
    let form_id = created.json["form_id"].as_str().ok_or("form")?.to_owned();
    app.post_json(
        &format!("/api/form/{form_id}/publish"),
        Some(&manager),
        &json!([form_id]),
    )
    .await?;
    let invuller = app.login("invuller").await?;
    let twee = app.login("twee").await?;
    let rows = [
        (
            &invuller,
            "Lantaarnpaal Dorpsstraat",
            3,
            "2026-01-05",
            json!([{ "post": "kap", "bedrag": 12.5 }]),
        ),
        (&twee, "Bankje park", 1, "2026-02-10", json!([])),
        (
            &invuller,
            "Lantaarnpaal Kerkplein",
            7,
            "2026-03-15",
            json!([{ "post": "lamp", "bedrag": 80 }, { "post": "kap", "bedrag": 5 }]),
        ),
        (&twee, "Café 'de Zwaan' stoep", 12, "2026-03-16", json!([])),
        (&invuller, "", 0, "2026-04-01", json!([])),
    ];
    for (index, (key, naam, aantal, datum, posten)) in rows.into_iter().enumerate() {
        let mut values = json!({ "aantal": aantal, "datum": datum, "posten": posten });
        if !naam.is_empty() {
            values["naam"] = json!(naam);
        }
        let sent = app
            .post_json(
                "/api/registration/",
                Some(key),
                &json!({ "form_id": form_id, "fill_token": format!("review-{index}"), "values": values }),
            )
            .await?;
        assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    }
    Ok(form_id)
}

/// The serial numbers of a page, in order.
pub fn serials(page: &Value) -> Vec<i64> {
    page["registrations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["registration_serial_number"].as_i64())
        .collect()
}
