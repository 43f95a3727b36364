//! The registrations list of a form's managers (document 001 screen 12): tabs, filters of
//! each kind, sorting and pages; the trash; resend.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::{Value, json};

/// A published form of Demo Gemeente with a text, a number, a date and a subform, and five
/// registrations by two users; answers the form id.
async fn world(app: &TestApp) -> TestResult<String> {
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
fn serials(page: &Value) -> Vec<i64> {
    page["registrations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["registration_serial_number"].as_i64())
        .collect()
}

#[tokio::test]
async fn filters_of_each_kind_sorting_and_pages() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let lezer = app.login("lezer").await?;
    let list = |query: &str| {
        let uri = format!("/api/form/{form_id}/registrations?{query}");
        let app = &app;
        let lezer = lezer.clone();
        async move { app.get(&uri, Some(&lezer)).await }
    };
    let all = list("").await?;
    assert_eq!(all.status, StatusCode::OK, "{:?}", all.json);
    assert_eq!(
        serials(&all.json),
        [5, 4, 3, 2, 1],
        "newest first by default"
    );
    assert_eq!(all.json["registrations_count"], json!(5));
    assert_eq!(all.json["pages_count"], json!(1));
    assert!(all.json["registrations"][0].get("schema").is_none());

    for (query, expected) in [
        // Text: contains, case-insensitive, Dutch characters; equals; empty.
        (
            "f[0][path]=naam&f[0][operator]=contains&f[0][value]=LANTAARN",
            vec![3, 1],
        ),
        (
            "f[0][path]=values.naam&f[0][operator]=contains&f[0][value]=caf%C3%A9",
            vec![4],
        ),
        (
            "f[0][path]=naam&f[0][operator]=%3D&f[0][value]=bankje%20park",
            vec![2],
        ),
        ("f[0][path]=naam&f[0][operator]=empty", vec![5]),
        ("f[0][path]=naam&f[0][operator]=!empty", vec![4, 3, 2, 1]),
        // Numbers (integer): ranges, and no text comparison of '12' < '3'.
        (
            "f[0][path]=aantal&f[0][operator]=%3E&f[0][value]=3&f[0][integer]=1",
            vec![4, 3],
        ),
        (
            "f[0][path]=aantal&f[0][operator]=%3C%3D&f[0][value]=3&f[0][integer]=1",
            vec![5, 2, 1],
        ),
        // Dates of a value, and of the registration itself (all today).
        (
            "f[0][path]=datum&f[0][operator]=%3E%3D&f[0][value]=2026-03-15&f[0][date]=1",
            vec![5, 4, 3],
        ),
        (
            "f[0][path]=datum&f[0][operator]=%3D&f[0][value]=2026-02-10&f[0][date]=1",
            vec![2],
        ),
        (
            "f[0][path]=registration_date&f[0][operator]=%3C&f[0][value]=2020-01-01",
            vec![],
        ),
        (
            "f[0][path]=registration_date&f[0][operator]=%3E%3D&f[0][value]=2020-01-01",
            vec![5, 4, 3, 2, 1],
        ),
        // Inside subform entries.
        (
            "f[0][path]=posten.post&f[0][operator]=%3D&f[0][value]=kap",
            vec![3, 1],
        ),
        (
            "f[0][path]=posten.bedrag&f[0][operator]=%3E&f[0][value]=50&f[0][integer]=1",
            vec![3],
        ),
        // Who sent it; and filters combine.
        (
            "f[0][path]=registration_user_id.username&f[0][operator]=contains&f[0][value]=twee",
            vec![4, 2],
        ),
        (
            "f[0][path]=naam&f[0][operator]=contains&f[0][value]=lantaarn&f[1][path]=aantal&f[1][operator]=%3E&f[1][value]=5&f[1][integer]=1",
            vec![3],
        ),
        // Sorting.
        (
            "sort_by=registration_serial_number&sort_direction=1",
            vec![1, 2, 3, 4, 5],
        ),
        ("sort_by=aantal&sort_direction=-1", vec![4, 3, 1, 2, 5]),
        ("sort_by=naam&sort_direction=1", vec![5, 2, 4, 1, 3]),
    ] {
        let page = list(query).await?;
        assert_eq!(page.status, StatusCode::OK, "{query}: {:?}", page.json);
        assert_eq!(serials(&page.json), expected, "{query}");
        assert_eq!(
            page.json["registrations_count"],
            json!(expected.len()),
            "{query}"
        );
    }
    // Pages: 10 a page at least; the second page of a smaller list is empty.
    let second = list("page=1&items_per_page=10").await?;
    assert_eq!(serials(&second.json), Vec::<i64>::new());
    assert_eq!(second.json["registrations_count"], json!(5));
    for bad in [
        "items_per_page=25",
        "f[0][path]=registration_date&f[0][operator]=%3D&f[0][value]=gisteren",
        "f[0][path]=aantal&f[0][operator]=%3E&f[0][value]=veel&f[0][integer]=1",
        "f[0][path]=Naam&f[0][operator]=%3D&f[0][value]=x",
        "f[0][path]=naam&f[0][operator]=like&f[0][value]=x",
        "tab=archief",
        "waarom=1",
    ] {
        assert_eq!(
            list(bad).await?.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}"
        );
    }
    Ok(())
}

#[tokio::test]
async fn the_trash_keeps_registrations_out_of_the_list_until_restored() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let manager = app.login("formulieren").await?;
    let lezer = app.login("lezer").await?;
    let uri = format!("/api/form/{form_id}/registrations");
    let page = app.get(&uri, Some(&manager)).await?;
    let newest = page.json["registrations"][0]["_id"]
        .as_str()
        .ok_or("id")?
        .to_owned();
    let one = format!("{uri}/{newest}");
    // Trashing needs 'eform manage form registrations delete'.
    assert_eq!(
        app.get(&format!("{one}/trash"), Some(&lezer)).await?.status,
        StatusCode::FORBIDDEN
    );
    let trashed = app.get(&format!("{one}/trash"), Some(&manager)).await?;
    assert_eq!(trashed.status, StatusCode::OK);
    assert_eq!(trashed.json["status"], json!("success"));
    assert_eq!(
        serials(&app.get(&uri, Some(&manager)).await?.json),
        [4, 3, 2, 1]
    );
    let trash = app.get(&format!("{uri}?tab=trash"), Some(&manager)).await?;
    assert_eq!(serials(&trash.json), [5]);
    assert!(trash.json["registrations"][0]["deleted_at"].is_string());
    // A trashed registration is viewable in the admin shape, and not by its sender.
    let detail = app.get(&one, Some(&lezer)).await?;
    assert_eq!(detail.status, StatusCode::OK);
    assert!(detail.json["deleted_at"].is_string());
    assert_eq!(detail.json["email_hooks"], json!([]));
    let sender = app.login("invuller").await?;
    assert_eq!(
        app.get(&one, Some(&sender)).await?.status,
        StatusCode::NOT_FOUND
    );
    // Resend only for completed registrations outside the trash.
    assert_eq!(
        app.get(&format!("{one}/resend"), Some(&manager))
            .await?
            .status,
        StatusCode::CONFLICT
    );
    let restored = app.get(&format!("{one}/untrash"), Some(&manager)).await?;
    assert_eq!(restored.status, StatusCode::OK);
    assert_eq!(
        serials(&app.get(&uri, Some(&manager)).await?.json),
        [5, 4, 3, 2, 1]
    );
    let again = app.get(&format!("{one}/untrash"), Some(&manager)).await?;
    assert_eq!(again.status, StatusCode::OK, "idempotent");
    let resent = app.get(&format!("{one}/resend"), Some(&lezer)).await?;
    assert_eq!(resent.status, StatusCode::OK);
    assert_eq!(resent.json["status"], json!("success"));
    // The sender's own view stays the fill-in shape.
    let own = app.get(&one, Some(&sender)).await?;
    assert_eq!(own.status, StatusCode::OK);
    assert!(own.json.get("deleted_at").is_none());
    // Nothing of another client's form.
    let anders = app.login("anders").await?;
    assert_eq!(
        app.get(&uri, Some(&anders)).await?.status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}
