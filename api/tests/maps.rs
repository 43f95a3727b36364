//! Maps and location (issue 16): guest maps by element and by uuid only while their switch is
//! on, status filters and viewports on them, the QR png of a location, premium elements kept
//! to clients with their module, and a sent computed element worked out by the server.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::{Value, json};

/// The seeded 'Demo kaartmelding' map element's uuid (seeds/demo-forms.json).
const MAP_UUID: &str = "b3000000-0000-4000-8000-000000000001";

fn names(answer: &Value) -> Vec<String> {
    let mut names: Vec<String> = answer["features"]["features"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["properties"]["name"].as_str().map(str::to_owned))
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn a_guest_map_shows_its_features_while_its_switch_is_on() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo kaartmelding").await?;
    let by_element = format!("/api/guest/map/{form_id}/lantaarnpaal");
    let all = app.get(&format!("{by_element}/all"), None).await?;
    assert_eq!(all.status, StatusCode::OK, "{:?}", all.json);
    assert_eq!(all.json["form_name"], json!("Demo kaartmelding"));
    assert_eq!(all.json["datasource_name"], json!("Demo lantaarnpalen"));
    assert_eq!(all.json["features"]["total"], json!(40));
    assert_eq!(
        all.json["status_values"],
        json!(["actief", "defect", "in onderhoud"])
    );
    assert_eq!(all.json["mapSettings"]["featuresMaxSelect"], json!(1));
    // Nothing else of the form leaves through a guest map.
    assert!(all.json.get("schema").is_none() && all.json.get("values").is_none());

    // The same map by its uuid.
    let by_uuid = app
        .get(&format!("/api/guest/datasource/{MAP_UUID}/all"), None)
        .await?;
    assert_eq!(by_uuid.status, StatusCode::OK, "{:?}", by_uuid.json);
    assert_eq!(names(&by_uuid.json), names(&all.json));

    // Status filters, joined by '||'.
    let defect = app.get(&format!("{by_element}/defect"), None).await?;
    let defect_count = defect.json["features"]["total"].as_i64().ok_or("total")?;
    assert!(defect_count > 0 && defect_count < 40, "{defect_count}");
    assert!(
        defect.json["features"]["features"]
            .as_array()
            .ok_or("features")?
            .iter()
            .all(|f| f["properties"]["status"] == json!("defect"))
    );
    let both = app
        .get(
            &format!(
                "{by_element}/{}",
                common::encode("actief||defect||in onderhoud")
            ),
            None,
        )
        .await?;
    assert_eq!(both.json["features"]["total"], json!(40));
    let none = app.get(&format!("{by_element}/_none"), None).await?;
    assert_eq!(none.json["features"]["total"], json!(0));

    // A 1 km viewport round Amersfoort's tower holds only the tower.
    let tower = app
        .get(
            &format!("{by_element}/all?left=5.38&bottom=52.15&right=5.394&top=52.16"),
            None,
        )
        .await?;
    assert_eq!(
        names(&tower.json),
        vec!["Onze Lieve Vrouwetoren Amersfoort".to_owned()]
    );
    let crooked = app
        .get(
            &format!("{by_element}/all?left=6&bottom=52&right=5&top=53"),
            None,
        )
        .await?;
    assert_eq!(crooked.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Other elements, other forms and unknown uuids are no maps.
    for uri in [
        format!("/api/guest/map/{form_id}/locatie/all"),
        format!("/api/guest/map/{form_id}/bestaat_niet/all"),
        format!(
            "/api/guest/map/{}/lantaarnpaal/all",
            app.form_id("Demo melding").await?
        ),
        "/api/guest/datasource/00000000-0000-4000-8000-000000000000/all".to_owned(),
    ] {
        let answer = app.get(&uri, None).await?;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
    }

    // Switched off in the editor: both links answer 404, and again 200 when switched on.
    let manager = app.login("formulieren").await?;
    let form = app
        .get(&format!("/api/form/{form_id}"), Some(&manager))
        .await?;
    let mut schema = form.json["schema"].clone();
    schema[0]["mapSettings"]["guest_map_enabled"] = json!(false);
    let off = app
        .patch_json(
            &format!("/api/form/{form_id}"),
            Some(&manager),
            &json!({ "schema": schema }),
        )
        .await?;
    assert_eq!(off.status, StatusCode::OK, "{:?}", off.json);
    for uri in [
        format!("{by_element}/all"),
        format!("/api/guest/datasource/{MAP_UUID}/all"),
    ] {
        assert_eq!(
            app.get(&uri, None).await?.status,
            StatusCode::NOT_FOUND,
            "{uri}"
        );
    }
    schema[0]["mapSettings"]["guest_map_enabled"] = json!(true);
    app.patch_json(
        &format!("/api/form/{form_id}"),
        Some(&manager),
        &json!({ "schema": schema }),
    )
    .await?;
    let again = app
        .get(&format!("/api/guest/datasource/{MAP_UUID}/all"), None)
        .await?;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.json);

    // An unpublished form shows no guest map.
    let unpublished = app
        .post_json(
            &format!("/api/form/{form_id}/unpublish"),
            Some(&manager),
            &json!([form_id]),
        )
        .await?;
    assert_eq!(unpublished.status, StatusCode::OK, "{:?}", unpublished.json);
    let closed = app.get(&format!("{by_element}/all"), None).await?;
    assert_eq!(closed.status, StatusCode::NOT_FOUND);
    Ok(())
}

#[tokio::test]
async fn the_qr_png_of_a_location_decodes_to_its_google_maps_link() -> TestResult {
    let app = TestApp::new().await?;
    let answer = app
        .dispatch(
            axum::http::Request::get("/api/qr/location-to-google-maps/52.15517/5.3872/qr-code.png")
                .body(axum::body::Body::empty())?,
        )
        .await?;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.headers["content-type"], "image/png");
    let image = image::load_from_memory(&answer.body)?.to_luma8();
    let mut prepared = rqrr::PreparedImage::prepare(image);
    let grids = prepared.detect_grids();
    assert_eq!(grids.len(), 1);
    let (_, content) = grids[0].decode()?;
    assert_eq!(
        content,
        "https://www.google.com/maps/search/?api=1&query=52.15517,5.3872"
    );
    for bad in ["91/5", "52/181", "noord/5", "NaN/5"] {
        let refused = app
            .get(
                &format!("/api/qr/location-to-google-maps/{bad}/qr-code.png"),
                None,
            )
            .await?;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }
    Ok(())
}

#[tokio::test]
async fn premium_elements_are_added_only_for_clients_with_their_module() -> TestResult {
    let app = TestApp::new().await?;
    let admin = app.login("admin").await?;
    let create = |client: String, schema: Value| {
        let app = &app;
        let admin = admin.clone();
        async move {
            let folder = app
                .post_json(
                    &format!("/api/client/{client}/folder"),
                    Some(&admin),
                    &json!({ "folder_name": "Kaarten" }),
                )
                .await?;
            app.post_json(
                "/api/form",
                Some(&admin),
                &json!({ "form_name": "Kaart", "client_id": client,
                         "folder_id": folder.json["folder_id"], "schema": schema }),
            )
            .await
        }
    };
    let tweede = app.client_id("Tweede Gemeente").await?;
    for (kind, module) in [
        ("map", "map_element"),
        ("gps", "location"),
        ("tracking", "tracking"),
        ("qrCodeScanner", "qr_code"),
    ] {
        let schema =
            json!([{ "uuid": "u1", "name": "premium", "label": "P", "elementType": kind }]);
        let refused = create(tweede.clone(), schema).await?;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{kind}: {:?}",
            refused.json
        );
        assert_eq!(
            refused.json["message"],
            json!(format!(
                "Het element 'premium' hoort bij de module '{module}', die deze klant niet heeft."
            ))
        );
    }
    let plain = json!([{ "uuid": "u1", "name": "tekst", "label": "T", "elementType": "text" }]);
    assert_eq!(
        create(tweede.clone(), plain).await?.status,
        StatusCode::CREATED
    );
    let demo = app.client_id("Demo Gemeente").await?;
    let gps = json!([{ "uuid": "u1", "name": "plek", "label": "Plek", "elementType": "gps" }]);
    assert_eq!(create(demo, gps).await?.status, StatusCode::CREATED);
    Ok(())
}

#[tokio::test]
async fn a_sent_computed_element_holds_what_the_scanned_text_gives() -> TestResult {
    let app = TestApp::new().await?;
    let admin = app.login("admin").await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let folder = app
        .post_json(
            &format!("/api/client/{demo}/folder"),
            Some(&admin),
            &json!({ "folder_name": "Lampen" }),
        )
        .await?;
    let form = app
        .post_json(
            "/api/form",
            Some(&admin),
            &json!({ "form_name": "Lampen", "client_id": demo, "folder_id": folder.json["folder_id"],
                "schema": [
                    { "uuid": "a", "name": "label", "label": "QR", "elementType": "qrCodeScanner",
                      "validation": [{ "name": "required" }] },
                    { "uuid": "b", "name": "lampen", "label": "Lampen", "elementType": "computed",
                      "parserType": "lamp_amount" }
                ] }),
        )
        .await?;
    assert_eq!(form.status, StatusCode::CREATED, "{:?}", form.json);
    let form_id = form.json["form_id"].as_str().ok_or("form")?;
    app.post_json(
        &format!("/api/form/{form_id}/publish"),
        Some(&admin),
        &json!([form_id]),
    )
    .await?;
    let label: Vec<String> = (0..18).map(|i| format!("regel{i}: {}", i * 10)).collect();
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&admin),
            &json!({ "form_id": form_id, "fill_token": "computed-1",
                     "values": { "label": label.join("\n"), "lampen": "999" } }),
        )
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    // No element to watch named: the first QR scanner is read.
    assert_eq!(sent.json["values"]["lampen"], json!("140"));
    // A required QR element left empty is refused, as the fill-in refuses it.
    let empty = app
        .post_json(
            "/api/registration/",
            Some(&admin),
            &json!({ "form_id": form_id, "fill_token": "computed-2", "values": {} }),
        )
        .await?;
    assert_eq!(
        empty.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        empty.json
    );
    Ok(())
}
