//! Clients as JSON:API resources (document 002 section 7): the lists, one client in full or
//! its public face, creation by platform users, and the edit with its limits.

mod common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResult};
use serde_json::{Value, json};

fn names(list: &Value) -> Vec<String> {
    list["data"]
        .as_array()
        .map(|data| {
            data.iter()
                .filter_map(|client| client["attributes"]["name"].as_str())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

async fn json_api(
    app: &TestApp,
    method: Method,
    uri: &str,
    key: Option<&str>,
    body: &Value,
) -> TestResult<common::Answer> {
    app.send(
        method,
        uri,
        key,
        Some("application/vnd.api+json"),
        body.to_string().into_bytes(),
    )
    .await
}

#[tokio::test]
async fn platform_users_make_clients_that_work_and_others_cannot() -> TestResult {
    let app = TestApp::new().await?;
    let admin = app.login("admin").await?;
    let new = json!({ "data": { "type": "client--client", "attributes": { "name": "  Waterschap Oost " } } });
    let beheerder = app.login("beheerder").await?;
    let refused = json_api(
        &app,
        Method::POST,
        "/jsonapi/client/client",
        Some(&beheerder),
        &new,
    )
    .await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let nameless = json!({ "data": { "type": "client--client", "attributes": { "name": " " } } });
    let bad = json_api(
        &app,
        Method::POST,
        "/jsonapi/client/client",
        Some(&admin),
        &nameless,
    )
    .await?;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad.json["errors"][0]["detail"],
        json!(domain::messages::CLIENT_NAME_REQUIRED)
    );

    let made = json_api(
        &app,
        Method::POST,
        "/jsonapi/client/client",
        Some(&admin),
        &new,
    )
    .await?;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.json);
    assert_eq!(made.json["data"]["type"], json!("client--client"));
    // Its maker works in it next: it is among the admin's own clients.
    let info = app.get("/api/user/info", Some(&admin)).await?;
    assert!(
        info.json["clients"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|client| client["name"] == json!("Waterschap Oost")),
        "{:?}",
        info.json
    );
    assert_eq!(
        made.json["data"]["attributes"]["name"],
        json!("Waterschap Oost")
    );
    assert_eq!(made.json["data"]["attributes"]["field_credits"], json!(0));
    let id = made.json["data"]["id"].as_str().ok_or("id")?.to_owned();
    // Its own database, working: the admin opens it and makes a folder in it.
    assert!(
        app.dir
            .path()
            .join("tenants")
            .join(&id)
            .join("tenant.db")
            .is_file()
    );
    let shown = app.get(&format!("/api/client/{id}"), Some(&admin)).await?;
    assert_eq!(shown.status, StatusCode::OK, "{:?}", shown.json);
    let folder = app
        .post_json(
            &format!("/api/client/{id}/folder"),
            Some(&admin),
            &json!({ "folder_name": "Inspecties" }),
        )
        .await?;
    assert!(folder.status.is_success(), "{:?}", folder.json);
    Ok(())
}

#[tokio::test]
async fn lists_are_by_name_paged_and_show_only_what_the_user_may_see() -> TestResult {
    let app = TestApp::new().await?;
    let admin = app.login("admin").await?;
    let all = app
        .get("/jsonapi/client/client?sort=name", Some(&admin))
        .await?;
    assert_eq!(all.status, StatusCode::OK, "{:?}", all.json);
    assert_eq!(names(&all.json), ["Demo Gemeente", "Tweede Gemeente"]);
    assert!(all.json["links"].get("next").is_none());
    // One a page: next, then prev.
    let first = app
        .get(
            "/jsonapi/client/client?sort=name&page%5Blimit%5D=1",
            Some(&admin),
        )
        .await?;
    assert_eq!(names(&first.json), ["Demo Gemeente"]);
    let next = first.json["links"]["next"]["href"].as_str().ok_or("next")?;
    assert!(first.json["links"].get("prev").is_none());
    let second = app.get(next, Some(&admin)).await?;
    assert_eq!(names(&second.json), ["Tweede Gemeente"]);
    assert!(second.json["links"]["prev"]["href"].is_string());
    assert!(second.json["links"].get("next").is_none());
    // A set of uuids.
    let tweede = app.client_id("Tweede Gemeente").await?;
    let set = app
        .get(
            &format!("/jsonapi/client/client?filter%5Bid%5D%5Bcondition%5D%5Bpath%5D=id&filter%5Bid%5D%5Bcondition%5D%5Boperator%5D=IN&filter%5Bid%5D%5Bcondition%5D%5Bvalue%5D%5B0%5D={tweede}"),
            Some(&admin),
        )
        .await?;
    assert_eq!(names(&set.json), ["Tweede Gemeente"]);
    // Members see their own clients only.
    let invuller = app.login("invuller").await?;
    let own = app
        .get("/jsonapi/client/client?sort=name", Some(&invuller))
        .await?;
    assert_eq!(names(&own.json), ["Demo Gemeente"]);
    assert_eq!(
        app.get("/jsonapi/client/client?sort=-name", Some(&admin))
            .await?
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    Ok(())
}

#[tokio::test]
async fn one_client_is_whole_for_who_may_view_it_and_its_public_face_for_anyone_else() -> TestResult
{
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let uri = format!("/jsonapi/client/client/{demo}");
    let public = app.get(&uri, None).await?;
    assert_eq!(public.status, StatusCode::OK);
    assert_eq!(
        public.json["data"]["attributes"]["name"],
        json!("Demo Gemeente")
    );
    assert!(
        public.json["data"]["attributes"]
            .get("field_credits")
            .is_none()
    );
    let invuller = app.login("invuller").await?;
    let member = app.get(&uri, Some(&invuller)).await?;
    assert!(
        member.json["data"]["attributes"]
            .get("field_credits")
            .is_none()
    );
    let financieel = app.login("financieel").await?;
    let whole = app.get(&uri, Some(&financieel)).await?;
    assert!(
        whole.json["data"]["attributes"]["field_credits"].is_number(),
        "{:?}",
        whole.json
    );
    assert!(whole.json["data"]["relationships"]["terms_and_conditions_users"]["data"].is_array());
    Ok(())
}

#[tokio::test]
async fn an_edit_keeps_to_its_limits() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let uri = format!("/jsonapi/client/client/{demo}");
    let beheerder = app.login("beheerder").await?;
    let patch = |attributes: Value| json!({ "data": { "type": "client--client", "id": demo, "attributes": attributes } });
    let saved = json_api(
        &app,
        Method::PATCH,
        &uri,
        Some(&beheerder),
        &patch(json!({
            "name": "Demo Gemeente Oost",
            "field_low_credit_email_limit": "25",
            "user_register_intro_text": { "value": "<p>Welkom</p><script>alert(1)</script>", "format": "filtered_html" }
        })),
    )
    .await?;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.json);
    let attributes = &saved.json["data"]["attributes"];
    assert_eq!(attributes["name"], json!("Demo Gemeente Oost"));
    assert_eq!(attributes["field_low_credit_email_limit"], json!(25));
    assert_eq!(
        attributes["user_register_intro_text"]["value"],
        json!("<p>Welkom</p>")
    );
    for (attributes, detail) in [
        (
            json!({ "field_low_credit_email_limit": -1 }),
            domain::messages::CLIENT_LOW_CREDIT_LIMIT,
        ),
        (
            json!({ "name": "" }),
            domain::messages::CLIENT_NAME_REQUIRED,
        ),
    ] {
        let refused = json_api(
            &app,
            Method::PATCH,
            &uri,
            Some(&beheerder),
            &patch(attributes),
        )
        .await?;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(refused.json["errors"][0]["detail"], json!(detail));
    }
    // Modules and the terms list are for platform users.
    let modules = patch(json!({ "modules": ["word"] }));
    assert_eq!(
        json_api(&app, Method::PATCH, &uri, Some(&beheerder), &modules)
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    let admin = app.login("admin").await?;
    let with_word = json_api(&app, Method::PATCH, &uri, Some(&admin), &modules).await?;
    assert_eq!(
        with_word.json["data"]["attributes"]["modules"],
        json!(["word"])
    );
    let unknown = json_api(
        &app,
        Method::PATCH,
        &uri,
        Some(&admin),
        &patch(json!({ "modules": ["vliegen"] })),
    )
    .await?;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    // A user put on the terms list must accept before working in the client.
    let invuller = app.login("invuller").await?;
    let info = app.get("/api/user/info", Some(&invuller)).await?;
    let invuller_id = info.json["id"].as_str().ok_or("id")?.to_owned();
    let terms = json!({ "data": { "type": "client--client", "id": demo,
        "relationships": { "terms_and_conditions_users": { "data": [{ "type": "user--user", "id": invuller_id }] } } } });
    let listed = json_api(&app, Method::PATCH, &uri, Some(&admin), &terms).await?;
    assert_eq!(listed.status, StatusCode::OK, "{:?}", listed.json);
    assert_eq!(
        listed.json["data"]["relationships"]["terms_and_conditions_users"]["data"][0]["id"],
        json!(invuller_id)
    );
    assert_eq!(
        listed.json["data"]["attributes"]["terms_and_conditions_required"],
        json!(true)
    );
    let folders = app
        .get(&format!("/api/client/{demo}/folder"), Some(&invuller))
        .await?;
    assert_eq!(folders.status, StatusCode::FORBIDDEN);
    assert_eq!(folders.json["code"], json!("terms_required"));
    Ok(())
}

/// Decision 020: the public registration link joins users only to a client that switched
/// it on; a new client starts with it off, and an edit by 'eform edit client' switches it.
#[tokio::test]
async fn self_registration_joins_only_a_client_that_switched_it_on() -> TestResult {
    let app = TestApp::new().await?;
    let admin = app.login("admin").await?;
    let made = json_api(
        &app,
        Method::POST,
        "/jsonapi/client/client",
        Some(&admin),
        &json!({ "data": { "type": "client--client", "attributes": { "name": "Gesloten Gemeente" } } }),
    )
    .await?;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.json);
    let id = made.json["data"]["id"].as_str().ok_or("id")?.to_owned();
    assert_eq!(
        made.json["data"]["attributes"]["user_register_enabled"],
        json!(false)
    );
    let register = |email: &'static str| {
        let app = &app;
        let id = id.clone();
        async move {
            app.post_json(
                "/api/user/register/",
                None,
                &json!({ "email": email, "client_uuid": id }),
            )
            .await
        }
    };
    let closed = register("dicht@voorbeeld.nl").await?;
    assert_eq!(closed.status, StatusCode::NOT_FOUND);
    assert_eq!(
        closed.json["message"],
        json!(domain::messages::REGISTER_CLIENT_CLOSED)
    );
    assert!(
        tenancy::platform::users::find_by_email(&app.state.platform, "dicht@voorbeeld.nl")
            .await?
            .is_none()
    );
    let opened = json_api(
        &app,
        Method::PATCH,
        &format!("/jsonapi/client/client/{id}"),
        Some(&admin),
        &json!({ "data": { "type": "client--client", "id": id, "attributes": { "user_register_enabled": true } } }),
    )
    .await?;
    assert_eq!(
        opened.json["data"]["attributes"]["user_register_enabled"],
        json!(true)
    );
    let open = register("open@voorbeeld.nl").await?;
    assert_eq!(open.status, StatusCode::OK, "{:?}", open.json);
    assert!(
        tenancy::platform::users::find_by_email(&app.state.platform, "open@voorbeeld.nl")
            .await?
            .is_some()
    );
    Ok(())
}
