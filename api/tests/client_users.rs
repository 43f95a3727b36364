//! The users of a client (document 002 section 7, 'Users and permissions'): the list, adding
//! by e-mail with only the roles the caller may assign, and removing from the client.

mod common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResult};
use serde_json::{Value, json};
use tenancy::platform::{terms, users};

fn usernames(list: &Value) -> Vec<String> {
    list.as_array()
        .map(|users| {
            users
                .iter()
                .filter_map(|user| user["username"].as_str())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn user_managers_add_and_remove_users_with_the_roles_they_may_assign() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let gebruikers = app.login("gebruikers").await?;
    let list_uri = format!("/api/clients/{demo}/users");
    let listed = app.get(&list_uri, Some(&gebruikers)).await?;
    assert_eq!(listed.status, StatusCode::OK, "{:?}", listed.json);
    let names = usernames(&listed.json);
    assert!(names.contains(&"beheerder".to_owned()));
    assert!(!names.contains(&"anders".to_owned()), "{names:?}");
    let beheerder = listed
        .json
        .as_array()
        .and_then(|users| users.iter().find(|user| user["username"] == "beheerder"))
        .ok_or("beheerder")?;
    assert_eq!(beheerder["roles"], json!(["client_manager"]));

    let add_uri = format!("/api/clients/{demo}/add-user");
    let add = |body: Value, key: String| {
        let app = &app;
        let uri = add_uri.clone();
        async move { app.post_json(&uri, Some(&key), &body).await }
    };
    // A user manager may not hand out the client manager's role, nor the terms requirement.
    let too_much = add(
        json!({ "email": "nieuw@demo.eform.nl", "roles": ["client_manager"] }),
        gebruikers.clone(),
    )
    .await?;
    assert_eq!(too_much.status, StatusCode::FORBIDDEN);
    let terms_asked = add(
        json!({ "email": "nieuw@demo.eform.nl", "roles": [], "require_terms": true }),
        gebruikers.clone(),
    )
    .await?;
    assert_eq!(terms_asked.status, StatusCode::FORBIDDEN);
    for bad in [
        json!({ "email": "geen-adres", "roles": [] }),
        json!({ "email": "nieuw@demo.eform.nl", "roles": ["admin"] }),
        json!({ "email": "nieuw@demo.eform.nl", "roles": ["koning"] }),
    ] {
        assert_eq!(
            add(bad.clone(), gebruikers.clone()).await?.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}"
        );
    }
    // A new address gets an account with the role; it has no password until the welcome
    // link is used.
    let added = add(
        json!({ "email": " Nieuw@Demo.eform.nl ", "roles": ["user_manager"] }),
        gebruikers.clone(),
    )
    .await?;
    assert_eq!(added.status, StatusCode::CREATED, "{:?}", added.json);
    assert_eq!(
        added.json["message"],
        json!("Gebruiker \"nieuw@demo.eform.nl\" is toegevoegd aan deze klant.")
    );
    let nieuw = users::find_by_email(&app.state.platform, "nieuw@demo.eform.nl")
        .await?
        .ok_or("nieuw")?;
    assert!(nieuw.password_hash.is_none());
    let again = add(
        json!({ "email": "nieuw@demo.eform.nl" }),
        gebruikers.clone(),
    )
    .await?;
    assert_eq!(again.status, StatusCode::CONFLICT);
    // An existing account of another client joins this one; an admin may ask for the terms.
    let admin = app.login("admin").await?;
    let anders = add(
        json!({ "email": "anders@demo.eform.nl", "roles": ["financial"], "require_terms": true }),
        admin.clone(),
    )
    .await?;
    assert_eq!(anders.status, StatusCode::CREATED, "{:?}", anders.json);
    let anders_id = anders.json["id"].as_str().ok_or("id")?.to_owned();
    let client = domain::ids::ClientId::parse(&demo).ok_or("client")?;
    let anders_user = domain::ids::UserId::parse(&anders_id).ok_or("user")?;
    assert!(terms::pending(&app.state.platform, &client, &anders_user).await?);
    let names = usernames(&app.get(&list_uri, Some(&gebruikers)).await?.json);
    assert!(names.contains(&"anders".to_owned()));

    // Removed from this client, it keeps the other one.
    let remove_uri = format!("/api/clients/{demo}/remove-user/{anders_id}");
    let removed = app
        .send(
            Method::PATCH,
            &remove_uri,
            Some(&gebruikers),
            None,
            Vec::new(),
        )
        .await?;
    assert_eq!(removed.status, StatusCode::OK, "{:?}", removed.json);
    assert_eq!(
        removed.json["message"],
        json!("Gebruiker \"anders\" is verwijderd van deze klant.")
    );
    assert!(!terms::pending(&app.state.platform, &client, &anders_user).await?);
    let anders_key = app.login("anders").await?;
    let info = app.get("/api/user/info", Some(&anders_key)).await?;
    assert_eq!(info.json["clients"][0]["name"], json!("Tweede Gemeente"));
    assert_eq!(info.json["clients"].as_array().map(Vec::len), Some(1));
    // Nobody removes themselves; another client's users are not reachable.
    let me = app.get("/api/user/info", Some(&gebruikers)).await?;
    let my_id = me.json["id"].as_str().ok_or("id")?;
    let self_removal = app
        .send(
            Method::PATCH,
            &format!("/api/clients/{demo}/remove-user/{my_id}"),
            Some(&gebruikers),
            None,
            Vec::new(),
        )
        .await?;
    assert_eq!(self_removal.status, StatusCode::CONFLICT);
    let tweede = app.client_id("Tweede Gemeente").await?;
    assert_eq!(
        app.get(&format!("/api/clients/{tweede}/users"), Some(&gebruikers))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

#[tokio::test]
async fn roles_change_only_as_far_as_the_editor_may_assign_them() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let gebruikers = app.login("gebruikers").await?;
    let list = app
        .get(
            &format!("/jsonapi/user_permission/user_permission?filter%5Bclient.id%5D={demo}"),
            Some(&gebruikers),
        )
        .await?;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.json);
    let lezer_id = users::find_by_email(&app.state.platform, "lezer@demo.eform.nl")
        .await?
        .ok_or("lezer")?
        .id
        .to_string();
    let lezer = list.json["data"]
        .as_array()
        .and_then(|data| {
            data.iter()
                .find(|p| p["relationships"]["user"]["data"]["id"] == json!(lezer_id))
        })
        .ok_or("lezer's permission")?;
    assert_eq!(
        lezer["attributes"]["roles"],
        json!(["form_view_registrations"])
    );
    let id = lezer["id"].as_str().ok_or("id")?.to_owned();
    assert_eq!(id, format!("{demo}.{lezer_id}"));
    let uri = format!("/jsonapi/user_permission/user_permission/{id}");
    let patch = |roles: Value| {
        json!({ "data": { "type": "user_permission--user_permission", "id": id, "attributes": { "roles": roles } } })
            .to_string()
            .into_bytes()
    };
    let send = |key: &str, roles: Value| {
        let (app, uri, key) = (&app, uri.clone(), key.to_owned());
        let body = patch(roles);
        async move {
            app.send(
                Method::PATCH,
                &uri,
                Some(&key),
                Some("application/vnd.api+json"),
                body,
            )
            .await
        }
    };
    // A user manager hands out user_manager, not client_manager.
    let given = send(
        &gebruikers,
        json!(["form_view_registrations", "user_manager"]),
    )
    .await?;
    assert_eq!(given.status, StatusCode::OK, "{:?}", given.json);
    assert_eq!(
        given.json["data"]["attributes"]["roles"],
        json!(["form_view_registrations", "user_manager"])
    );
    assert_eq!(
        send(&gebruikers, json!(["client_manager"])).await?.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        send(&gebruikers, json!(["admin"])).await?.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    // A document whose data is an array is not one: serde would read it as a change with
    // every field left out, and take the user's roles away.
    let array = app
        .send(
            Method::PATCH,
            &uri,
            Some(&gebruikers),
            Some("application/vnd.api+json"),
            br#"{"data": []}"#.to_vec(),
        )
        .await?;
    assert_eq!(array.status, StatusCode::BAD_REQUEST, "{:?}", array.json);
    // The new role works at once: the reader now sees the client's users.
    let lezer_key = app.login("lezer").await?;
    assert_eq!(
        app.get(&format!("/api/clients/{demo}/users"), Some(&lezer_key))
            .await?
            .status,
        StatusCode::OK
    );
    Ok(())
}

/// `jsonapi/user/user`: a client's users by name with their roles and groups there, and one
/// user as far as the caller reads users in that user's clients.
#[tokio::test]
async fn users_as_json_api_resources_show_only_what_the_caller_reads() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    let gebruikers = app.login("gebruikers").await?;
    let list = app
        .get(
            &format!(
                "/jsonapi/user/user?filter%5Bfield_client.id%5D={demo}&sort=name&page%5Blimit%5D=3"
            ),
            Some(&gebruikers),
        )
        .await?;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.json);
    let names: Vec<&str> = list.json["data"]
        .as_array()
        .ok_or("data")?
        .iter()
        .filter_map(|user| user["attributes"]["name"].as_str())
        .collect();
    assert_eq!(names, ["admin", "beheerder", "financieel"]);
    assert_eq!(list.json["data"][0]["type"], "user--user");
    assert!(
        list.json["links"]["next"]["href"]
            .as_str()
            .is_some_and(|href| href.contains("page%5Boffset%5D=3")),
        "{:?}",
        list.json["links"]
    );
    assert!(list.json["links"].get("prev").is_none());
    let beheerder = &list.json["data"][1];
    assert_eq!(
        beheerder["relationships"]["roles"]["data"],
        json!([{ "type": "user_role--user_role", "id": "client_manager" }])
    );

    // A filler reads no users; another client's users stay out of reach.
    let invuller = app.login("invuller").await?;
    let refused = app
        .get(
            &format!("/jsonapi/user/user?filter%5Bfield_client.id%5D={demo}"),
            Some(&invuller),
        )
        .await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let other = app
        .get(
            &format!("/jsonapi/user/user?filter%5Bfield_client.id%5D={tweede}"),
            Some(&gebruikers),
        )
        .await?;
    assert_eq!(other.status, StatusCode::FORBIDDEN);
    let bad = app
        .get("/jsonapi/user/user?filter%5Bmail%5D=x", Some(&gebruikers))
        .await?;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);

    // One user with their groups and roles: 'twee' is in Demo Gemeente and Tweede Gemeente,
    // but a user manager of Demo Gemeente sees the first only.
    let twee = users::find_by_email(&app.state.platform, "twee@demo.eform.nl")
        .await?
        .ok_or("twee")?;
    let invuller_user = users::find_by_email(&app.state.platform, "invuller@demo.eform.nl")
        .await?
        .ok_or("invuller")?;
    let uri = |id: &str| format!("/jsonapi/user/user/{id}?include=field_user_groups.client,roles");
    let seen = app.get(&uri(twee.id.as_str()), Some(&gebruikers)).await?;
    assert_eq!(seen.status, StatusCode::OK, "{:?}", seen.json);
    assert_eq!(
        seen.json["data"]["relationships"]["field_client"]["data"],
        json!([{ "type": "client--client", "id": demo }])
    );
    // invuller is in the demo group 'Buitendienst'; the group and its client are included.
    let seen = app
        .get(&uri(invuller_user.id.as_str()), Some(&gebruikers))
        .await?;
    let included = seen.json["included"].as_array().ok_or("included")?;
    let group = included
        .iter()
        .find(|item| item["type"] == "user_group--user_group")
        .ok_or("group")?;
    assert_eq!(group["attributes"]["label"], "Buitendienst");
    assert_eq!(group["relationships"]["client"]["data"]["id"], json!(demo));
    assert!(
        included.iter().any(|item| item["type"] == "client--client"
            && item["attributes"]["name"] == "Demo Gemeente")
    );
    // An admin sees both of twee's clients; a filler sees no one, not even whether they exist.
    let admin = app.login("admin").await?;
    let all = app.get(&uri(twee.id.as_str()), Some(&admin)).await?;
    assert_eq!(
        all.json["data"]["relationships"]["field_client"]["data"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    let hidden = app.get(&uri(twee.id.as_str()), Some(&invuller)).await?;
    assert_eq!(hidden.status, StatusCode::NOT_FOUND);
    let bad_include = app
        .get(
            &format!("/jsonapi/user/user/{}?include=password", twee.id),
            Some(&admin),
        )
        .await?;
    assert_eq!(bad_include.status, StatusCode::UNPROCESSABLE_ENTITY);
    Ok(())
}
