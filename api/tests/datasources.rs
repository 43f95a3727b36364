//! Datasources (issue 15, decision 023): upload, create and import through the queue, RD New
//! and GPS files, Excel, refused rows by number, files that are neither CSV nor Excel, the
//! viewport and search reads, re-imports that readers never see half done, the module wall,
//! other clients kept out, exports that import again, and a sent choice's item action.

mod common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResult};
use serde_json::{Value, json};

fn testdata(name: &str) -> TestResult<Vec<u8>> {
    Ok(std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../worker/testdata")
            .join(name),
    )?)
}

/// Uploads a datasource file; answers the file's id.
async fn upload(
    app: &TestApp,
    key: &str,
    client: &str,
    name: &str,
    bytes: &[u8],
) -> TestResult<common::Answer> {
    app.upload(
        &format!("/api/file-upload/datasource_source?client_id={client}"),
        Some(key),
        name,
        bytes,
        &[],
    )
    .await
}

async fn json_api(
    app: &TestApp,
    method: Method,
    uri: &str,
    key: &str,
    body: &Value,
) -> TestResult<common::Answer> {
    app.send(
        method,
        uri,
        Some(key),
        Some("application/vnd.api+json"),
        serde_json::to_vec(body)?,
    )
    .await
}

/// Uploads `bytes` as the file `name`, makes a datasource of `kind` from it and runs its
/// import; answers its id.
async fn made(
    app: &TestApp,
    key: &str,
    client: &str,
    kind: &str,
    crs: Option<&str>,
    (name, bytes): (&str, &[u8]),
) -> TestResult<String> {
    let uploaded = upload(app, key, client, name, bytes).await?;
    assert_eq!(
        uploaded.status,
        StatusCode::OK,
        "{name}: {:?}",
        uploaded.json
    );
    let file = uploaded.json["fid"].as_str().ok_or("fid")?;
    let body = json!({ "data": { "type": format!("eform_datasource--{kind}"),
        "attributes": { "name": format!("Bron {kind}"), "field_crs": crs },
        "relationships": { "client_id": { "data": { "type": "client--client", "id": client } },
                           "file": { "data": { "type": "file--file", "id": file } } } } });
    let created = json_api(
        app,
        Method::POST,
        &format!("/jsonapi/eform_datasource/{kind}"),
        key,
        &body,
    )
    .await?;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.json);
    let batch = created.json["meta"]["batch"]["batch_name"]
        .as_str()
        .ok_or("batch")?;
    worker::batch::run(&app.state.job_context()?, batch).await?;
    Ok(created.json["data"]["id"].as_str().ok_or("id")?.to_owned())
}

async fn feature_names(app: &TestApp, key: &str, id: &str, query: &str) -> TestResult<Vec<String>> {
    let read = app
        .get(&format!("/api/datasource/{id}?{query}"), Some(key))
        .await?;
    assert_eq!(read.status, StatusCode::OK, "{:?}", read.json);
    let mut names: Vec<String> = read.json["features"]
        .as_array()
        .ok_or("features")?
        .iter()
        .filter_map(|feature| feature["properties"]["name"].as_str().map(str::to_owned))
        .collect();
    names.sort();
    Ok(names)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rd_new_gps_and_excel_files_import_as_the_same_features() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let mut sources = Vec::new();
    for (name, crs) in [
        ("lantaarnpalen-rd.csv", "EPSG:28992"),
        ("lantaarnpalen-wgs84.csv", "EPSG:4326"),
        ("lantaarnpalen-rd.xlsx", "EPSG:28992"),
    ] {
        let file = (name, testdata(name)?);
        let id = made(
            &app,
            &key,
            &demo,
            "map_features",
            Some(crs),
            (file.0, &file.1),
        )
        .await?;
        sources.push(id);
    }
    // Amersfoort's tower, from RD 155000 463000: within a centimetre of PROJ's answer.
    for id in &sources {
        let all = app
            .get(&format!("/api/datasource/{id}"), Some(&key))
            .await?;
        assert_eq!(all.json["total"], json!(40), "{:?}", all.json);
        let tower = all.json["features"]
            .as_array()
            .ok_or("features")?
            .iter()
            .find(|f| f["properties"]["name"] == json!("Onze Lieve Vrouwetoren Amersfoort"))
            .ok_or("tower")?;
        let [lon, lat] = [
            &tower["geometry"]["coordinates"][0],
            &tower["geometry"]["coordinates"][1],
        ]
        .map(|v| v.as_f64().unwrap_or_default());
        assert!(
            (lat - 52.155_172_30).abs() < 1e-6 && (lon - 5.387_203_51).abs() < 1e-6,
            "{lat} {lon}"
        );
    }
    // A 1 km viewport round Amersfoort's tower holds it and nothing of Amsterdam.
    let inside = feature_names(
        &app,
        &key,
        &sources[0],
        "left=5.38&bottom=52.15&right=5.395&top=52.16",
    )
    .await?;
    assert!(
        inside.contains(&"Onze Lieve Vrouwetoren Amersfoort".to_owned()),
        "{inside:?}"
    );
    assert!(
        !inside.iter().any(|name| name.contains("Dam Amsterdam")),
        "{inside:?}"
    );
    for other in &sources[1..] {
        assert_eq!(
            feature_names(
                &app,
                &key,
                other,
                "left=5.38&bottom=52.15&right=5.395&top=52.16"
            )
            .await?,
            inside
        );
    }
    let bad_box = app
        .get(
            &format!(
                "/api/datasource/{}?left=6&bottom=52&right=5&top=53",
                sources[0]
            ),
            Some(&key),
        )
        .await?;
    assert_eq!(bad_box.status, StatusCode::UNPROCESSABLE_ENTITY);
    let properties = app
        .get(
            &format!("/api/datasource/{}/data-properties", sources[0]),
            Some(&key),
        )
        .await?;
    assert_eq!(
        properties.json["data_properties"],
        json!(["paalnummer", "omschrijving"])
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_rows_are_reported_and_bad_files_refused() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let bad = testdata("lantaarnpalen-rd-bad.csv")?;
    let rd = Some("EPSG:28992");
    let id = made(&app, &key, &demo, "map_features", rd, ("bad.csv", &bad)).await?;
    let shown = app
        .get(
            &format!("/jsonapi/eform_datasource/map_features/{id}"),
            Some(&key),
        )
        .await?;
    let attributes = &shown.json["data"]["attributes"];
    assert_eq!(attributes["feature_count"], json!(2));
    let rows: Vec<i64> = attributes["import_errors"]
        .as_array()
        .ok_or("errors")?
        .iter()
        .filter_map(|error| error["row"].as_i64())
        .collect();
    assert_eq!(rows.len(), 4, "{attributes:?}");
    // Neither CSV nor Excel: the spec's text.
    let pdf = upload(&app, &key, &demo, "palen.pdf", b"%PDF-1.7 geen csv").await?;
    assert_eq!(pdf.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        pdf.json["message"],
        json!(domain::messages::DATASOURCE_FILE_TYPE)
    );
    // Wrong separator: the columns are missing, the import says which and keeps nothing.
    let commas = upload(
        &app,
        &key,
        &demo,
        "komma.csv",
        b"object.name,postcode\nDorpsstraat,3800 AB\n",
    )
    .await?;
    let body = json!({ "data": { "type": "eform_datasource--search", "attributes": { "name": "Komma" },
        "relationships": { "client_id": { "data": { "type": "client--client", "id": demo } },
                           "file": { "data": { "type": "file--file", "id": commas.json["fid"] } } } } });
    let created = json_api(
        &app,
        Method::POST,
        "/jsonapi/eform_datasource/search",
        &key,
        &body,
    )
    .await?;
    let batch = created.json["meta"]["batch"]["batch_name"]
        .as_str()
        .ok_or("batch")?;
    worker::batch::run(&app.state.job_context()?, batch).await?;
    let failed = app
        .get(&format!("/api/batch/process/{batch}"), Some(&key))
        .await?;
    assert_eq!(failed.json["status"], json!("failed"));
    let search_id = created.json["data"]["id"].as_str().ok_or("id")?;
    let shown = app
        .get(
            &format!("/jsonapi/eform_datasource/search/{search_id}"),
            Some(&key),
        )
        .await?;
    let reason = shown.json["data"]["attributes"]["import_errors"][0]["reason"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(reason.contains("object.name"), "{reason}");
    Ok(())
}

/// The calls take what their contract says and no more: an edit names the datasource it
/// changes, as a create names its kind; a list's page size out of range is refused as every
/// list's is, rather than quietly changed; the read call knows one format besides features.
#[tokio::test]
async fn datasource_calls_take_only_what_their_contract_says() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let csv = b"object.name;postcode\nDorpsstraat;3800 AB\nKerkstraat;3801 AB\n";
    let id = made(&app, &key, &demo, "search", None, ("straten.csv", csv)).await?;
    let other = made(&app, &key, &demo, "search", None, ("wegen.csv", csv)).await?;
    let uri = format!("/jsonapi/eform_datasource/search/{id}");
    let named = |kind: &str, id: &str| json!({ "data": { "type": kind, "id": id, "attributes": { "name": "Hernoemd" } } });
    for (kind, named_id) in [
        ("eform_datasource--map_features", id.as_str()),
        ("", id.as_str()),
        ("eform_datasource--search", other.as_str()),
    ] {
        let refused = json_api(&app, Method::PATCH, &uri, &key, &named(kind, named_id)).await?;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{kind} {named_id}"
        );
        assert_eq!(
            refused.json["errors"][0]["detail"],
            json!(domain::messages::JSON_API_WRONG_TYPE)
        );
    }
    let kept = app.get(&uri, Some(&key)).await?;
    assert_eq!(
        kept.json["data"]["attributes"]["name"],
        json!("Bron search")
    );
    let renamed = json_api(
        &app,
        Method::PATCH,
        &uri,
        &key,
        &named("eform_datasource--search", &id),
    )
    .await?;
    assert_eq!(renamed.status, StatusCode::OK, "{:?}", renamed.json);
    assert_eq!(
        renamed.json["data"]["attributes"]["name"],
        json!("Hernoemd")
    );

    let list = format!("/jsonapi/eform_datasource/search?filter[client_id.id]={demo}");
    for limit in ["0", "301"] {
        let refused = app
            .get(&format!("{list}&page[limit]={limit}"), Some(&key))
            .await?;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{limit}");
    }
    let one = app
        .get(&format!("{list}&page[limit]=1"), Some(&key))
        .await?;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.json["data"].as_array().map(Vec::len), Some(1));

    let read = format!("/api/datasource/{id}");
    let search = app
        .get(&format!("{read}?format=search"), Some(&key))
        .await?;
    assert_eq!(search.json.as_array().map(Vec::len), Some(2));
    for format in ["null", "geojson", ""] {
        let refused = app
            .get(&format!("{read}?format={format}"), Some(&key))
            .await?;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{format}");
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_re_import_is_seen_whole_or_not_at_all() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let csv = |prefix: &str, rows: usize| {
        let mut text = "object.name;wijk\n".to_owned();
        for n in 0..rows {
            text.push_str(&format!("{prefix} {n};Centrum\n"));
        }
        text.into_bytes()
    };
    let id = made(
        &app,
        &key,
        &demo,
        "search",
        None,
        ("oud.csv", &csv("Oud", 30_000)),
    )
    .await?;
    let second = upload(&app, &key, &demo, "nieuw.csv", &csv("Nieuw", 45_000)).await?;
    let patch = json!({ "data": { "type": "eform_datasource--search", "id": id,
        "relationships": { "file": { "data": { "type": "file--file", "id": second.json["fid"] } } } } });
    let changed = json_api(
        &app,
        Method::PATCH,
        &format!("/jsonapi/eform_datasource/search/{id}"),
        &key,
        &patch,
    )
    .await?;
    assert_eq!(changed.status, StatusCode::OK, "{:?}", changed.json);
    let batch = changed.json["meta"]["batch"]["batch_name"]
        .as_str()
        .ok_or("batch")?
        .to_owned();
    // Another new file while that import waits is refused, and nothing of it is saved.
    let third = upload(&app, &key, &demo, "derde.csv", &csv("Derde", 10)).await?;
    let again = json!({ "data": { "type": "eform_datasource--search", "id": id,
        "attributes": { "name": "Derde naam" },
        "relationships": { "file": { "data": { "type": "file--file", "id": third.json["fid"] } } } } });
    let refused = json_api(
        &app,
        Method::PATCH,
        &format!("/jsonapi/eform_datasource/search/{id}"),
        &key,
        &again,
    )
    .await?;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{:?}", refused.json);
    let kept = app
        .get(
            &format!("/jsonapi/eform_datasource/search/{id}"),
            Some(&key),
        )
        .await?;
    assert_eq!(
        kept.json["data"]["attributes"]["name"],
        json!("Bron search")
    );
    // A reader during the import: every answer is all old or all new.
    let ctx = app.state.job_context()?;
    let import = tokio::spawn(async move { worker::batch::run(&ctx, &batch).await });
    let mut seen = std::collections::BTreeSet::new();
    loop {
        let list = app
            .get(&format!("/api/datasource/{id}?format=search"), Some(&key))
            .await?;
        let items = list.json.as_array().ok_or("items")?;
        let old = items
            .iter()
            .filter(|item| item["name"].as_str().is_some_and(|n| n.starts_with("Oud")))
            .count();
        let new = items.len() - old;
        // The search list answers at most 10,000 items: all of one set.
        assert!(
            (old, new) == (10_000, 0) || (old, new) == (0, 10_000),
            "a mix: {old} old, {new} new"
        );
        seen.insert(old > 0);
        if import.is_finished() {
            break;
        }
    }
    import.await??;
    // The reader did read while the new set was being written.
    assert!(seen.contains(&true), "{seen:?}");
    let after = app
        .get(&format!("/api/datasource/{id}?format=search"), Some(&key))
        .await?;
    assert!(
        after.json[0]["name"]
            .as_str()
            .is_some_and(|n| n.starts_with("Nieuw"))
    );
    let shown = app
        .get(
            &format!("/jsonapi/eform_datasource/search/{id}"),
            Some(&key),
        )
        .await?;
    assert_eq!(
        shown.json["data"]["attributes"]["feature_count"],
        json!(45_000)
    );
    Ok(())
}

#[tokio::test]
async fn map_features_need_the_module_and_other_clients_stay_out() -> TestResult {
    let app = TestApp::new().await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    let admin = app.login("admin").await?;
    let file = upload(
        &app,
        &admin,
        &tweede,
        "palen.csv",
        &testdata("lantaarnpalen-rd.csv")?,
    )
    .await?;
    let body = json!({ "data": { "type": "eform_datasource--map_features",
        "attributes": { "name": "Palen", "field_crs": "EPSG:28992" },
        "relationships": { "client_id": { "data": { "type": "client--client", "id": tweede } },
                           "file": { "data": { "type": "file--file", "id": file.json["fid"] } } } } });
    let walled = json_api(
        &app,
        Method::POST,
        "/jsonapi/eform_datasource/map_features",
        &admin,
        &body,
    )
    .await?;
    assert_eq!(walled.status, StatusCode::CONFLICT);
    assert_eq!(
        walled.json["message"],
        json!(domain::messages::MODULE_REQUIRED_MAP)
    );
    // A search datasource of Demo Gemeente: not for a user of Tweede Gemeente only.
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let streets = testdata("straten-zoeken.csv")?;
    let id = made(&app, &key, &demo, "search", None, ("straten.csv", &streets)).await?;
    let anders = app.login("anders").await?;
    let refused = app
        .get(
            &format!("/api/datasource/{id}?format=search"),
            Some(&anders),
        )
        .await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    // The demo seed made two of Demo Gemeente's own, imported.
    let seeded = app
        .get(
            &format!("/api/datasource/list/map_features/{demo}"),
            Some(&key),
        )
        .await?;
    assert_eq!(seeded.json[0]["name"], json!("Demo lantaarnpalen"));
    let palen = seeded.json[0]["id"].as_str().ok_or("id")?;
    let all = app
        .get(&format!("/api/datasource/{palen}"), Some(&key))
        .await?;
    assert_eq!(all.json["total"], json!(40));
    // Its members read it: the list with the Dutch names as written.
    let invuller = app.login("invuller").await?;
    let list = app
        .get(
            &format!("/api/datasource/{id}?format=search"),
            Some(&invuller),
        )
        .await?;
    let names: Vec<&str> = list
        .json
        .as_array()
        .ok_or("list")?
        .iter()
        .filter_map(|item| item["name"].as_str())
        .collect();
    assert_eq!(names.len(), 12);
    assert!(
        names.contains(&"'s-Gravenweg") && names.contains(&"Café de Zwaan"),
        "{names:?}"
    );
    Ok(())
}

/// Each feature's name with its place to the millimetre (about 1e-8 degrees).
async fn places(app: &TestApp, key: &str, id: &str) -> TestResult<Vec<(String, i64, i64)>> {
    let read = app.get(&format!("/api/datasource/{id}"), Some(key)).await?;
    let mut places: Vec<(String, i64, i64)> = read.json["features"]
        .as_array()
        .ok_or("features")?
        .iter()
        .map(|feature| {
            let at = |n: usize| {
                (feature["geometry"]["coordinates"][n]
                    .as_f64()
                    .unwrap_or_default()
                    * 1e8)
                    .round() as i64
            };
            let name = feature["properties"]["name"].as_str().unwrap_or_default();
            (name.to_owned(), at(1), at(0))
        })
        .collect();
    places.sort();
    Ok(places)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_imports_again_to_the_same_places_and_is_its_starters_only() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let rd = testdata("lantaarnpalen-rd.csv")?;
    let crs = Some("EPSG:28992");
    let source = made(&app, &key, &demo, "map_features", crs, ("palen.csv", &rd)).await?;

    let started = app
        .get(&format!("/api/datasource/{source}/export"), Some(&key))
        .await?;
    assert_eq!(started.status, StatusCode::OK, "{:?}", started.json);
    assert_eq!(started.json["total_items"], json!(40));
    let batch = started.json["batch_name"]
        .as_str()
        .ok_or("batch")?
        .to_owned();
    let link = started.json["created_data"]["download_url"]
        .as_str()
        .ok_or("download_url")?
        .to_owned();
    // A second click while it waits answers the same export.
    let again = app
        .get(&format!("/api/datasource/{source}/export"), Some(&key))
        .await?;
    assert_eq!(again.json["batch_name"], json!(batch));
    let early = app.get(&link, None).await?;
    assert_eq!(early.status, StatusCode::CONFLICT);

    worker::batch::run(&app.state.job_context()?, &batch).await?;
    let progress = app
        .get(&format!("/api/batch/process/{batch}"), Some(&key))
        .await?;
    assert_eq!(
        progress.json["items_in_queue"],
        json!(0),
        "{:?}",
        progress.json
    );
    assert_eq!(progress.json["status"], json!("done"));

    // The link works without an api-key; the CSV has the import's columns, in RD New.
    let csv = app.get(&link, None).await?;
    assert_eq!(csv.status, StatusCode::OK);
    let text = String::from_utf8(csv.body.clone())?;
    let header = text.lines().next().ok_or("header")?;
    assert!(
        header.starts_with("\u{feff}object.name;object.status;object.x;object.y"),
        "{header}"
    );
    assert_eq!(text.lines().count(), 41);

    // Another manager of the client may export too, but not fetch this user's file.
    let other = app.login("beheerder").await?;
    let foreign = app
        .get(
            &format!("/api/datasource/{source}/export/{batch}"),
            Some(&other),
        )
        .await?;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);

    // Uploaded again, the export gives the same features at the same places.
    let copy = made(
        &app,
        &key,
        &demo,
        "map_features",
        crs,
        ("export.csv", &csv.body),
    )
    .await?;
    let (first, second) = (
        places(&app, &key, &source).await?,
        places(&app, &key, &copy).await?,
    );
    assert_eq!(first.len(), 40);
    assert_eq!(first, second);

    // Stopping a finished export keeps it.
    let stop = app
        .send(
            Method::DELETE,
            &format!("/api/datasource/{source}/export/{batch}"),
            Some(&key),
            None,
            Vec::new(),
        )
        .await?;
    assert_eq!(stop.status, StatusCode::OK);
    assert_eq!(app.get(&link, None).await?.status, StatusCode::OK);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sent_search_choice_is_hidden_by_its_item_action_and_shows_on_the_registration()
-> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let csv = "object.name;postcode\nDorpsstraat;1234 AB\nKerkstraat;1234 AC\n";
    let source = made(
        &app,
        &key,
        &demo,
        "search",
        None,
        ("straten.csv", csv.as_bytes()),
    )
    .await?;

    let folders = app
        .get(&format!("/api/client/{demo}/folder/admin"), Some(&key))
        .await?;
    let folder = folders.json[0]["folder_id"].as_str().ok_or("folder")?;
    let created = app
        .post_json(
            "/api/form",
            Some(&key),
            &json!({ "form_name": "Straat melden", "folder_id": folder, "client_id": demo, "schema": [
                { "name": "straat", "label": "Straat", "elementType": "search",
                  "searchSettings": { "datasourceId": source, "itemAction": "setHidden",
                                      "itemStyles": [] } }
            ] }),
        )
        .await?;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.json);
    let form_id = created.json["form_id"].as_str().ok_or("form")?.to_owned();
    app.post_json(
        &format!("/api/form/{form_id}/publish"),
        Some(&key),
        &json!([form_id]),
    )
    .await?;

    let stop = common::mail::start_workers(&app).await?;
    let list = format!("/api/datasource/{source}?format=search");
    let items = app.get(&list, Some(&key)).await?.json;
    let chosen = items
        .as_array()
        .ok_or("items")?
        .iter()
        .find(|item| item["name"] == json!("Dorpsstraat"))
        .ok_or("Dorpsstraat")?
        .clone();
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&key),
            &json!({ "form_id": form_id, "fill_token": uuid::Uuid::new_v4().to_string(),
                     "values": { "straat": chosen } }),
        )
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    let id = sent.json["_id"].as_str().ok_or("_id")?;

    // The worker applies it; the registration shows the hook by the element's name.
    let uri = format!("/api/form/{form_id}/registrations/{id}");
    let mut detail = Value::Null;
    for _ in 0..200 {
        detail = app.get(&uri, Some(&key)).await?.json;
        if detail["datasource_hooks"]["straat"]["hook_status"] == json!("success") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        detail["datasource_hooks"]["straat"]["hook_status"],
        json!("success"),
        "{detail}"
    );
    let names: Vec<Value> = app
        .get(&list, Some(&key))
        .await?
        .json
        .as_array()
        .ok_or("items")?
        .iter()
        .map(|item| item["name"].clone())
        .collect();
    assert_eq!(names, vec![json!("Kerkstraat")]);
    let _ = stop.send(());
    Ok(())
}
