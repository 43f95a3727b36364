//! User groups of a client (document 002 section 7, 'User groups'): make, rename, list, open
//! with members, the forms a group opens, members in and out, delete.

mod common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResult};
use serde_json::{Value, json};
use tenancy::platform::users;

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
        body.to_string().into_bytes(),
    )
    .await
}

#[tokio::test]
async fn a_group_is_made_filled_renamed_and_deleted() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let gebruikers = app.login("gebruikers").await?;
    let new = |label: &str| {
        json!({ "data": { "type": "user_group--user_group", "attributes": { "label": label },
            "relationships": { "client": { "data": { "type": "client--client", "id": demo } } } } })
    };
    let nameless = json_api(
        &app,
        Method::POST,
        "/jsonapi/user_group/user_group",
        &gebruikers,
        &new(" "),
    )
    .await?;
    assert_eq!(nameless.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        nameless.json["errors"][0]["detail"],
        json!(domain::messages::GROUP_NAME_REQUIRED)
    );
    let lezer = app.login("lezer").await?;
    let refused = json_api(
        &app,
        Method::POST,
        "/jsonapi/user_group/user_group",
        &lezer,
        &new("Ploeg"),
    )
    .await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let made = json_api(
        &app,
        Method::POST,
        "/jsonapi/user_group/user_group",
        &gebruikers,
        &new("Ploeg Noord"),
    )
    .await?;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.json);
    let id = made.json["data"]["id"].as_str().ok_or("id")?.to_owned();

    let list = app
        .get(
            &format!("/jsonapi/user_group/user_group?filter%5Bclient.id%5D={demo}"),
            Some(&gebruikers),
        )
        .await?;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.json);
    let labels: Vec<&str> = list.json["data"]
        .as_array()
        .ok_or("data")?
        .iter()
        .filter_map(|group| group["attributes"]["label"].as_str())
        .collect();
    assert!(labels.contains(&"Ploeg Noord"), "{labels:?}");

    // Members: users of the client only.
    let invuller = users::find_by_email(&app.state.platform, "invuller@demo.eform.nl")
        .await?
        .ok_or("invuller")?
        .id
        .to_string();
    let anders = users::find_by_email(&app.state.platform, "anders@demo.eform.nl")
        .await?
        .ok_or("anders")?
        .id
        .to_string();
    let add = |user: &str| format!("/api/user-groups/{id}/add-user/{user}");
    let added = app
        .post_json(&add(&invuller), Some(&gebruikers), &json!([invuller]))
        .await?;
    assert_eq!(added.status, StatusCode::OK, "{:?}", added.json);
    assert_eq!(
        added.json["message"],
        json!("Gebruiker is toegevoegd aan groep.")
    );
    assert_eq!(
        app.post_json(&add(&anders), Some(&gebruikers), &json!([anders]))
            .await?
            .status,
        StatusCode::NOT_FOUND
    );
    let one = app
        .get(
            &format!("/jsonapi/user_group/user_group/{id}?include=users"),
            Some(&gebruikers),
        )
        .await?;
    assert_eq!(
        one.json["data"]["relationships"]["users"]["data"][0]["id"],
        json!(invuller)
    );
    assert_eq!(
        one.json["included"][0]["attributes"]["display_name"],
        json!("invuller")
    );

    // The forms the group opens: none yet, then one through the form's access list.
    let forms_uri = format!("/api/user-groups/{id}/forms");
    let none = app.get(&forms_uri, Some(&gebruikers)).await?;
    assert_eq!(none.json, json!([]));
    let manager = app.login("formulieren").await?;
    let form_id = app.form_id("Demo melding").await?;
    let opened = app
        .post_json(
            &format!("/api/form/{form_id}/add_user_group/{id}"),
            Some(&manager),
            &json!({}),
        )
        .await?;
    assert!(opened.status.is_success(), "{:?}", opened.json);
    let forms = app.get(&forms_uri, Some(&gebruikers)).await?;
    assert_eq!(forms.json[0]["form_id"], json!(form_id));

    // Renamed; a member out; deleted, with what it opened.
    let renamed = json_api(
        &app,
        Method::PATCH,
        &format!("/jsonapi/user_group/user_group/{id}"),
        &gebruikers,
        &json!({ "data": { "type": "user_group--user_group", "id": id, "attributes": { "label": "Ploeg Zuid" } } }),
    )
    .await?;
    assert_eq!(
        renamed.json["data"]["attributes"]["label"],
        json!("Ploeg Zuid")
    );
    let out = app
        .send(
            Method::DELETE,
            &format!("/api/user-groups/{id}/remove-user/{invuller}"),
            Some(&gebruikers),
            None,
            Vec::new(),
        )
        .await?;
    assert_eq!(
        out.json["message"],
        json!("Gebruiker is verwijderd van groep.")
    );
    let deleted = app
        .send(
            Method::DELETE,
            &format!("/jsonapi/user_group/user_group/{id}"),
            Some(&gebruikers),
            None,
            Vec::new(),
        )
        .await?;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get(&forms_uri, Some(&gebruikers)).await?.status,
        StatusCode::NOT_FOUND
    );
    Ok(())
}
