//! Sending registrations: durable, idempotent by fill token, validated on the server.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::{Value, json};

fn melding(form_id: &str, token: &str, omschrijving: &str) -> Value {
    json!({ "form_id": form_id, "fill_token": token, "values": { "omschrijving": omschrijving, "aantal": 3 } })
}

#[tokio::test]
async fn a_send_is_stored_once_and_a_resend_replays_it() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let key = app.login("invuller").await?;
    let first = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &melding(&form_id, "tok-1", "Losliggende stoeptegel"),
        )
        .await?;
    assert_eq!(first.status, StatusCode::CREATED, "{:?}", first.json);
    assert_eq!(first.json["registration_serial_number"], json!(1));
    assert_eq!(first.json["registration_status"], json!("completed"));
    assert_eq!(
        first.json["registration_user_id"]["username"],
        json!("invuller")
    );
    assert_eq!(
        first.json["values"],
        json!({ "omschrijving": "Losliggende stoeptegel", "aantal": 3 })
    );
    assert_eq!(
        first.json["form_summary"],
        json!("<p><strong>Losliggende stoeptegel</strong> (3 stuks)</p>")
    );
    assert_eq!(
        first.json["registration_name"],
        json!("Losliggende stoeptegel")
    );

    let again = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &melding(&form_id, "tok-1", "Losliggende stoeptegel"),
        )
        .await?;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.json["_id"], first.json["_id"]);

    let changed = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &melding(&form_id, "tok-1", "Iets anders"),
        )
        .await?;
    assert_eq!(changed.status, StatusCode::CONFLICT);
    assert_eq!(
        changed.json["message"],
        json!(domain::messages::DUPLICATE_SEND)
    );

    let second = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &melding(&form_id, "tok-2", "Kapotte lamp"),
        )
        .await?;
    assert_eq!(second.json["registration_serial_number"], json!(2));

    // Both are in 'Mijn registraties', newest first, and each can be opened.
    let mine = app.get("/api/my-registrations?page=0", Some(&key)).await?;
    assert_eq!(mine.json["registrations_count"], json!(2));
    assert_eq!(mine.json["pages_count"], json!(1));
    assert_eq!(mine.json["registrations"][0]["_id"], second.json["_id"]);
    let id = first.json["_id"].as_str().ok_or("id")?;
    let detail = app
        .get(
            &format!("/api/form/{form_id}/registrations/{id}"),
            Some(&key),
        )
        .await?;
    assert_eq!(
        detail.json["values"]["omschrijving"],
        json!("Losliggende stoeptegel")
    );
    // Another field user of the same client cannot open it.
    let twee = app.login("twee").await?;
    assert_eq!(
        app.get(
            &format!("/api/form/{form_id}/registrations/{id}"),
            Some(&twee)
        )
        .await?
        .status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

#[tokio::test]
async fn the_server_validates_never_trusting_the_client() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let key = app.login("invuller").await?;
    let missing = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &json!({ "form_id": form_id, "fill_token": "v1", "values": { "aantal": "twaalf" } }),
        )
        .await?;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        missing.json["message"],
        json!(domain::messages::FORM_INVALID)
    );
    let pointers: Vec<&str> = missing.json["errors"]
        .as_array()
        .ok_or("errors")?
        .iter()
        .filter_map(|e| e["source"]["pointer"].as_str())
        .collect();
    assert!(pointers.contains(&"/values/omschrijving"), "{pointers:?}");
    assert!(pointers.contains(&"/values/aantal"), "{pointers:?}");
    // Nothing was stored and no credit used: the next valid send is number 1.
    let ok = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &melding(&form_id, "v2", "Goed"),
        )
        .await?;
    assert_eq!(ok.json["registration_serial_number"], json!(1));
    let not_object = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &json!({ "form_id": form_id, "values": [1, 2] }),
        )
        .await?;
    assert_eq!(not_object.status, StatusCode::UNPROCESSABLE_ENTITY);
    Ok(())
}

/// A complete, valid set of values for the 'Alle elementen' demo form.
fn all_elements(toelichting: Option<&str>) -> Value {
    let mut values = json!({
        "onderwerp": "Boom omgewaaid",
        "geen_toelichting": toelichting.is_none(),
        "aantal": 2,
        "prijs": "12,50",
        "totaal": 9999,
        "categorie": "groen",
        "kenmerken": ["first"],
        "posten": [
            { "post": "Zagen", "bedrag": 100.25 },
            { "post": "Afvoer", "bedrag": "50,5" }
        ]
    });
    if let Some(text) = toelichting {
        values["toelichting"] = json!(text);
    }
    values
}

#[tokio::test]
async fn rules_and_calculations_are_applied_by_the_server() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Alle elementen").await?;
    let key = app.login("invuller").await?;
    // 'toelichting' is required but hidden by the rule when 'geen_toelichting' is ticked.
    let hidden = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &json!({ "form_id": form_id, "fill_token": "a1", "values": all_elements(None) }),
        )
        .await?;
    assert_eq!(hidden.status, StatusCode::CREATED, "{:?}", hidden.json);
    let values = &hidden.json["values"];
    // The client's 9999 is replaced by the server's own calculation; decimals are normalised.
    assert_eq!(values["totaal"], json!(25));
    assert_eq!(values["prijs"], json!(12.5));
    assert_eq!(values["kosten_totaal"], json!(150.75));
    // The 'set' rule made urgency high because 'kenmerken' contains 'first'.
    assert_eq!(values["urgentie"], json!("hoog"));
    assert_eq!(values["posten"][1]["subform_index"], json!(2));
    assert_eq!(values["volgnummer"], json!(1));
    // With the box unticked the field is visible and required again.
    let mut shown = all_elements(None);
    shown["geen_toelichting"] = json!(false);
    let refused = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &json!({ "form_id": form_id, "fill_token": "a2", "values": shown }),
        )
        .await?;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.json["errors"]
            .to_string()
            .contains("/values/toelichting")
    );
    let ok = app.post_json("/api/registration/", Some(&key), &json!({ "form_id": form_id, "fill_token": "a3", "values": all_elements(Some("Ligt op de weg")) })).await?;
    assert_eq!(ok.status, StatusCode::CREATED, "{:?}", ok.json);
    Ok(())
}

#[tokio::test]
async fn script_in_a_summary_token_is_neutralised() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let key = app.login("invuller").await?;
    let attack = "<script>alert('x')</script><img src=x onerror=alert(1)>";
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &melding(&form_id, "xss", attack),
        )
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED);
    let summary = sent.json["form_summary"].as_str().ok_or("summary")?;
    assert!(!summary.contains("<script"), "{summary}");
    assert!(!summary.contains("<img"), "{summary}");
    assert!(summary.contains("&lt;script&gt;"), "{summary}");
    Ok(())
}

#[tokio::test]
async fn without_credits_a_send_is_kept_on_hold_and_hidden() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let client = domain::ids::ClientId::parse(&demo).ok_or("id")?;
    let db = app.state.tenants.for_operations().open(&client).await?;
    // Use up the demo credits.
    let left = tenancy::tenant::credits::left(&db, true).await?;
    let key = app.login("invuller").await?;
    for i in 0..left {
        let sent = app
            .post_json(
                "/api/registration/",
                Some(&key),
                &melding(&form_id, &format!("c{i}"), "vol"),
            )
            .await?;
        assert_eq!(sent.json["registration_status"], json!("completed"));
    }
    let held = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &melding(&form_id, "over", "geen credits"),
        )
        .await?;
    assert_eq!(held.status, StatusCode::CREATED);
    assert_eq!(held.json["registration_status"], json!("hold"));
    let id = held.json["_id"].as_str().ok_or("id")?;
    assert_eq!(
        app.get(
            &format!("/api/form/{form_id}/registrations/{id}"),
            Some(&key)
        )
        .await?
        .status,
        StatusCode::NOT_FOUND
    );
    let mine = app.get("/api/my-registrations", Some(&key)).await?;
    assert_eq!(mine.json["registrations_count"], json!(left));
    assert_eq!(
        app.get(&format!("/api/client/{demo}"), Some(&key))
            .await?
            .json["credits"],
        json!(0)
    );
    Ok(())
}

#[tokio::test]
async fn users_of_another_client_cannot_send_or_search() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let anders = app.login("anders").await?;
    let refused = app
        .post_json(
            "/api/registration/",
            Some(&anders),
            &melding(&form_id, "t", "x"),
        )
        .await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let search = app
        .get(
            &format!("/api/form/{form_id}/registrations/search?omschrijving=x"),
            Some(&anders),
        )
        .await?;
    assert_eq!(search.status, StatusCode::FORBIDDEN);
    let unknown = app
        .post_json(
            "/api/registration/",
            Some(&anders),
            &melding("0191e5b2-7c1a-7d3e-9a4b-0123456789ab", "t", "x"),
        )
        .await?;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.post_json("/api/registration/", None, &melding(&form_id, "t", "x"))
            .await?
            .status,
        StatusCode::UNAUTHORIZED
    );
    Ok(())
}

#[tokio::test]
async fn record_search_finds_by_searchable_fields_only() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let key = app.login("invuller").await?;
    for (token, text) in [
        ("s1", "Kapotte lantaarnpaal"),
        ("s2", "Zwerfvuil bij de school"),
        ("s3", "Lantaarn knippert"),
    ] {
        app.post_json(
            "/api/registration/",
            Some(&key),
            &melding(&form_id, token, text),
        )
        .await?;
    }
    let hits = app
        .get(
            &format!("/api/form/{form_id}/registrations/search?omschrijving=LANTAARN"),
            Some(&key),
        )
        .await?;
    assert_eq!(hits.status, StatusCode::OK);
    let found: Vec<&str> = hits.json["registrations"]
        .as_array()
        .ok_or("list")?
        .iter()
        .filter_map(|r| r["fields"]["omschrijving"].as_str())
        .collect();
    assert_eq!(found, ["Lantaarn knippert", "Kapotte lantaarnpaal"]);
    let none = app
        .get(
            &format!("/api/form/{form_id}/registrations/search?omschrijving=brug"),
            Some(&key),
        )
        .await?;
    assert_eq!(none.json["registrations"], json!([]));
    let all = app
        .get(
            &format!("/api/form/{form_id}/registrations/search"),
            Some(&key),
        )
        .await?;
    assert_eq!(all.json["registrations"].as_array().map(Vec::len), Some(3));
    // A field that is not searchable narrows nothing (and shows nothing).
    let not_searchable = app
        .get(
            &format!("/api/form/{form_id}/registrations/search?aantal=3"),
            Some(&key),
        )
        .await?;
    assert_eq!(not_searchable.status, StatusCode::OK);
    assert_eq!(
        not_searchable.json["registrations"]
            .as_array()
            .map(Vec::len),
        Some(3)
    );
    assert!(!not_searchable.json.to_string().contains("\"aantal\""));
    Ok(())
}

/// Findings of issue 9: a search without a term gave any filler every field, the schema and
/// the fill tokens of everyone's registrations; a 49,999-character term answered 500.
#[tokio::test]
async fn record_search_answers_only_what_the_search_table_shows() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let invuller = app.login("invuller").await?;
    let twee = app.login("twee").await?;
    let mut body = melding(&form_id, "geheim-token", "Lantaarn 100% kapot");
    body["values"]["aantal"] = json!(7);
    let sent = app
        .post_json("/api/registration/", Some(&invuller), &body)
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    let uri = format!("/api/form/{form_id}/registrations/search");
    let all = app.get(&uri, Some(&twee)).await?;
    assert_eq!(all.status, StatusCode::OK);
    let hit = &all.json["registrations"][0];
    let mut keys: Vec<&str> = hit
        .as_object()
        .ok_or("hit")?
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "_id",
            "fields",
            "form_summary",
            "registration_date",
            "registration_serial_number"
        ]
    );
    assert_eq!(
        hit["fields"],
        json!({ "omschrijving": "Lantaarn 100% kapot" })
    );
    assert!(!all.json.to_string().contains("geheim-token"));
    // A term is text: '%' and '_' are no wildcards; a term over 200 characters is a 422,
    // whatever its length, never a server error.
    let percent = app
        .get(&format!("{uri}?omschrijving=0%25"), Some(&twee))
        .await?;
    assert_eq!(
        percent.json["registrations"].as_array().map(Vec::len),
        Some(1)
    );
    let underscore = app
        .get(&format!("{uri}?omschrijving=0_"), Some(&twee))
        .await?;
    assert_eq!(underscore.json["registrations"], json!([]));
    for length in [201, 49_999] {
        let long = app
            .get(
                &format!("{uri}?omschrijving={}", "a".repeat(length)),
                Some(&twee),
            )
            .await?;
        assert_eq!(long.status, StatusCode::UNPROCESSABLE_ENTITY, "{length}");
        assert_eq!(
            long.json["errors"][0]["detail"],
            json!(domain::messages::SEARCH_TERM_TOO_LONG)
        );
    }
    let exactly = app
        .get(
            &format!("{uri}?omschrijving={}", "a".repeat(200)),
            Some(&twee),
        )
        .await?;
    assert_eq!(exactly.status, StatusCode::OK);
    Ok(())
}

/// Spec 000 screens 11 and 17: guests search the registrations of a guest form whose
/// search is on, with the same limited answer; a guest link without search answers 404.
#[tokio::test]
async fn guests_search_a_guest_form() -> TestResult {
    let app = TestApp::new().await?;
    let client =
        domain::ids::ClientId::parse(&app.client_id("Demo Gemeente").await?).ok_or("id")?;
    let db = app.state.tenants.for_operations().open(&client).await?;
    let form = tenancy::tenant::forms::find_by_name(&db, "Gastmelding")
        .await?
        .ok_or("form")?;
    let guest_id = form.guest_id.clone().ok_or("guest")?;
    let search = format!("/api/guest/form/{guest_id}/registrations/search?straat=dorp");
    let body = json!({ "fill_token": "gz1", "values": { "straat": "Dorpsstraat", "melding": "Gat in de weg" } });
    let sent = app
        .post_json(&format!("/api/guest/form/{guest_id}"), None, &body)
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    let found = app.get(&search, None).await?;
    assert_eq!(found.status, StatusCode::OK, "{:?}", found.json);
    assert_eq!(
        found.json["registrations"][0]["fields"],
        json!({ "straat": "Dorpsstraat" })
    );
    assert!(found.json["registrations"][0].get("values").is_none());
    assert!(!found.json.to_string().contains("gz1"));
    // A field that is not searchable narrows nothing and shows nothing.
    let other_field = app
        .get(
            &format!("/api/guest/form/{guest_id}/registrations/search?melding=niets"),
            None,
        )
        .await?;
    assert_eq!(other_field.status, StatusCode::OK);
    assert_eq!(
        other_field.json["registrations"].as_array().map(Vec::len),
        Some(1)
    );
    assert!(!other_field.json.to_string().contains("Gat in de weg"));
    // With the search switched off, the guest link has no search.
    let manager = app.login("formulieren").await?;
    let off = json!({ "settings": { "search_enabled": false } });
    let patched = app
        .patch_json(&format!("/api/form/{}", form.id), Some(&manager), &off)
        .await?;
    assert_eq!(patched.status, StatusCode::OK, "{:?}", patched.json);
    assert_eq!(app.get(&search, None).await?.status, StatusCode::NOT_FOUND);
    Ok(())
}

#[tokio::test]
async fn a_guest_sends_without_signing_in() -> TestResult {
    let app = TestApp::new().await?;
    let client =
        domain::ids::ClientId::parse(&app.client_id("Demo Gemeente").await?).ok_or("id")?;
    let db = app.state.tenants.for_operations().open(&client).await?;
    let guest_id = tenancy::tenant::forms::find_by_name(&db, "Gastmelding")
        .await?
        .ok_or("form")?
        .guest_id
        .ok_or("guest")?;
    let body = json!({ "fill_token": "g1", "values": { "straat": "Dorpsstraat", "melding": "Gat in de weg" } });
    let sent = app
        .post_json(&format!("/api/guest/form/{guest_id}"), None, &body)
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    assert_eq!(sent.json["registration_user_id"]["username"], json!(null));
    let invalid = app
        .post_json(
            &format!("/api/guest/form/{guest_id}"),
            None,
            &json!({ "values": { "straat": "" } }),
        )
        .await?;
    assert_eq!(invalid.status, StatusCode::UNPROCESSABLE_ENTITY);
    Ok(())
}

#[tokio::test]
async fn a_send_body_is_read_field_by_field() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let key = app.login("invuller").await?;
    // Fields that are the server's to decide are ignored, not refused.
    let mut body = melding(&form_id, "tok-fields", "Scheve paal");
    body["registration_serial_number"] = json!(99);
    body["registration_status"] = json!("draft");
    let sent = app
        .post_json("/api/registration/", Some(&key), &body)
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    assert_eq!(sent.json["registration_serial_number"], json!(1));
    assert_eq!(sent.json["registration_status"], json!("completed"));
    assert_eq!(sent.json["values"]["omschrijving"], json!("Scheve paal"));

    // Without a form, or with a form that is no text, the body is refused as bad JSON.
    let no_form = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &json!({ "fill_token": "tok-none", "values": {} }),
        )
        .await?;
    assert_eq!(no_form.status, StatusCode::BAD_REQUEST);
    assert_eq!(no_form.json["message"], json!(domain::messages::BAD_JSON));
    let not_text = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &json!({ "form_id": 7, "values": {} }),
        )
        .await?;
    assert_eq!(not_text.status, StatusCode::BAD_REQUEST);
    Ok(())
}
