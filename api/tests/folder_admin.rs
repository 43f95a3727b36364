//! Folder management: the admin trees, create, delete, hide, rename (decision 010).

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::{Value, json};

fn folder_names(tree: &Value) -> Vec<String> {
    let mut names = Vec::new();
    for folder in tree.as_array().into_iter().flatten() {
        names.push(
            folder["folder_name"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        );
        names.extend(folder_names(&folder["children"]));
    }
    names.sort();
    names
}

fn form_count(tree: &Value) -> usize {
    tree.as_array()
        .into_iter()
        .flatten()
        .map(|folder| {
            folder["forms"].as_array().map_or(0, Vec::len) + form_count(&folder["children"])
        })
        .sum()
}

/// Creates a folder as `key` and returns its id.
async fn create(app: &TestApp, key: &str, client: &str, body: Value) -> TestResult<String> {
    let answer = app
        .post_json(&format!("/api/client/{client}/folder"), Some(key), &body)
        .await?;
    assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.json);
    Ok(answer.json["folder_id"]
        .as_str()
        .ok_or("folder_id")?
        .to_owned())
}

#[tokio::test]
async fn the_admin_trees_list_every_form_and_hidden_folders_only_with_the_permission() -> TestResult
{
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let beheerder = app.login("beheerder").await?; // may view hidden folders
    let formulieren = app.login("formulieren").await?; // may not
    let lezer = app.login("lezer").await?; // manage form registrations only
    let invuller = app.login("invuller").await?;

    // The admin list holds unpublished forms as well.
    let folder = app
        .get(
            &format!("/api/client/{demo}/folder/admin"),
            Some(&beheerder),
        )
        .await?
        .json[0]["folder_id"]
        .clone();
    let new = json!({ "form_name": "Concept", "form_type": "default", "folder_id": folder, "client_id": demo });
    assert_eq!(
        app.post_json("/api/form", Some(&beheerder), &new)
            .await?
            .status,
        StatusCode::CREATED
    );
    let tree = app
        .get(&format!("/api/client/{demo}/folder"), Some(&lezer))
        .await?;
    assert_eq!(tree.status, StatusCode::OK);
    let fill_tree = app
        .get(&format!("/api/client/{demo}/folder/user"), Some(&invuller))
        .await?;
    assert_eq!(
        form_count(&tree.json),
        form_count(&fill_tree.json) + 1,
        "{}",
        tree.json
    );
    let form = &tree.json[0]["children"][0]["forms"][0];
    for key in [
        "form_id",
        "form_name",
        "form_type",
        "folder_id",
        "published_at",
        "updated_at",
    ] {
        assert!(form.get(key).is_some(), "{key} missing in {form}");
    }
    let admin_tree = app
        .get(
            &format!("/api/client/{demo}/folder/admin"),
            Some(&formulieren),
        )
        .await?;
    assert_eq!(admin_tree.status, StatusCode::OK);
    assert_eq!(form_count(&admin_tree.json), 0);
    assert_eq!(folder_names(&admin_tree.json), folder_names(&tree.json));
    assert_eq!(
        admin_tree.json[0]["children"][0]["form_folder"],
        admin_tree.json[0]["folder_id"]
    );
    for uri in [
        format!("/api/client/{demo}/folder"),
        format!("/api/client/{demo}/folder/admin"),
    ] {
        assert_eq!(
            app.get(&uri, Some(&invuller)).await?.status,
            StatusCode::FORBIDDEN,
            "{uri}"
        );
    }

    let hidden = create(
        &app,
        &beheerder,
        &demo,
        json!({ "folder_name": "Geheim", "hidden": true }),
    )
    .await?;
    create(
        &app,
        &beheerder,
        &demo,
        json!({ "folder_name": "Onder geheim", "form_folder": hidden }),
    )
    .await?;
    let seen_by_manager = app
        .get(
            &format!("/api/client/{demo}/folder/admin"),
            Some(&beheerder),
        )
        .await?;
    assert!(folder_names(&seen_by_manager.json).contains(&"Onder geheim".to_owned()));
    let seen_by_forms = app
        .get(
            &format!("/api/client/{demo}/folder/admin"),
            Some(&formulieren),
        )
        .await?;
    let names = folder_names(&seen_by_forms.json);
    assert!(
        !names.contains(&"Geheim".to_owned()) && !names.contains(&"Onder geheim".to_owned()),
        "{names:?}"
    );
    Ok(())
}

#[tokio::test]
async fn each_folder_call_checks_its_permission() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let beheerder = app.login("beheerder").await?;
    let formulieren = app.login("formulieren").await?;
    let lezer = app.login("lezer").await?;

    // 'eform manage forms': create, rename, delete.
    let uri = format!("/api/client/{demo}/folder");
    assert_eq!(
        app.post_json(&uri, Some(&lezer), &json!({ "folder_name": "X" }))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    let id = create(
        &app,
        &formulieren,
        &demo,
        json!({ "folder_name": "Nieuw", "form_folder": null, "hidden": false }),
    )
    .await?;
    let rename = format!("/api/folder/{id}/rename");
    assert_eq!(
        app.patch_json(&rename, Some(&lezer), &json!({ "folder_name": "Y" }))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    let renamed = app
        .patch_json(
            &rename,
            Some(&formulieren),
            &json!({ "folder_name": "Hernoemd" }),
        )
        .await?;
    assert_eq!(renamed.status, StatusCode::OK);
    assert_eq!(renamed.json["folder_name"], json!("Hernoemd"));

    // 'eform view hidden folders' on top: hiding, and creating hidden folders.
    let hide = format!("/api/folder/{id}/set-hidden");
    assert_eq!(
        app.patch_json(&hide, Some(&formulieren), &json!({ "hidden": true }))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    let hidden = app
        .patch_json(&hide, Some(&beheerder), &json!({ "hidden": true }))
        .await?;
    assert_eq!(hidden.status, StatusCode::OK);
    assert_eq!(hidden.json["folder_hidden"], json!(true));
    let hidden_new = json!({ "folder_name": "Verborgen", "hidden": true });
    assert_eq!(
        app.post_json(&uri, Some(&formulieren), &hidden_new)
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    create(&app, &beheerder, &demo, hidden_new).await?;

    let delete = format!("/api/client/{demo}/folder/{id}");
    assert_eq!(
        app.delete(&delete, Some(&lezer)).await?.status,
        StatusCode::FORBIDDEN
    );
    let deleted = app.delete(&delete, Some(&formulieren)).await?;
    assert_eq!(
        (deleted.status, deleted.json),
        (StatusCode::OK, json!({ "status": true }))
    );
    assert_eq!(
        app.patch_json(&rename, Some(&formulieren), &json!({ "folder_name": "Z" }))
            .await?
            .status,
        StatusCode::NOT_FOUND
    );
    Ok(())
}

#[tokio::test]
async fn folder_input_is_checked_in_dutch() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let uri = format!("/api/client/{demo}/folder");
    let nameless = app
        .post_json(&uri, Some(&key), &json!({ "folder_name": "  " }))
        .await?;
    assert_eq!(nameless.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        nameless.json["errors"][0]["detail"],
        json!("Map naam is verplicht.")
    );
    assert_eq!(
        nameless.json["errors"][0]["source"]["pointer"],
        json!("/folder_name")
    );
    let orphan = app
        .post_json(
            &uri,
            Some(&key),
            &json!({ "folder_name": "A", "form_folder": "0191e5b2-7c1a-7d3e-9a4b-0123456789ab" }),
        )
        .await?;
    // A parent that names no folder: nothing to put it in (decision 011).
    assert_eq!(orphan.status, StatusCode::NOT_FOUND);
    assert_eq!(
        orphan.json["message"],
        json!(domain::messages::FOLDER_PARENT_UNKNOWN)
    );
    let id = create(&app, &key, &demo, json!({ "folder_name": "A" })).await?;
    let rename = app
        .patch_json(
            &format!("/api/folder/{id}/rename"),
            Some(&key),
            &json!({ "folder_name": "" }),
        )
        .await?;
    assert_eq!(rename.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rename.json["message"], json!("Map naam is verplicht."));

    // A folder that still holds forms (here: in a sub-folder) is not deleted.
    let tree = app
        .get(&format!("/api/client/{demo}/folder"), Some(&key))
        .await?;
    let inspecties = tree
        .json
        .as_array()
        .ok_or("tree")?
        .iter()
        .find(|f| f["folder_name"] == "Inspecties")
        .ok_or("Inspecties")?;
    assert!(
        inspecties["forms"].as_array().is_some_and(Vec::is_empty)
            && form_count(&inspecties["children"]) > 0
    );
    let top = inspecties["folder_id"].as_str().ok_or("folder")?;
    let refused = app
        .delete(&format!("/api/client/{demo}/folder/{top}"), Some(&key))
        .await?;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(
        refused.json["message"],
        json!(domain::messages::FOLDER_NOT_EMPTY)
    );
    Ok(())
}

#[tokio::test]
async fn folders_of_another_client_are_out_of_reach() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    let beheerder = app.login("beheerder").await?; // Demo Gemeente only
    let admin = app.login("admin").await?;
    let theirs = create(
        &app,
        &admin,
        &tweede,
        json!({ "folder_name": "Van Tweede" }),
    )
    .await?;
    for answer in [
        app.get(&format!("/api/client/{tweede}/folder"), Some(&beheerder))
            .await?,
        app.get(
            &format!("/api/client/{tweede}/folder/admin"),
            Some(&beheerder),
        )
        .await?,
        app.post_json(
            &format!("/api/client/{tweede}/folder"),
            Some(&beheerder),
            &json!({ "folder_name": "X" }),
        )
        .await?,
        app.patch_json(
            &format!("/api/folder/{theirs}/rename"),
            Some(&beheerder),
            &json!({ "folder_name": "X" }),
        )
        .await?,
        app.patch_json(
            &format!("/api/folder/{theirs}/set-hidden"),
            Some(&beheerder),
            &json!({ "hidden": true }),
        )
        .await?,
        app.delete(
            &format!("/api/client/{tweede}/folder/{theirs}"),
            Some(&beheerder),
        )
        .await?,
    ] {
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{:?}", answer.json);
    }
    // Through its own client path, a folder of another client is simply not there.
    assert_eq!(
        app.delete(
            &format!("/api/client/{demo}/folder/{theirs}"),
            Some(&beheerder)
        )
        .await?
        .status,
        StatusCode::NOT_FOUND
    );
    let mine = app
        .get(
            &format!("/api/client/{demo}/folder/admin"),
            Some(&beheerder),
        )
        .await?;
    assert!(!folder_names(&mine.json).contains(&"Van Tweede".to_owned()));
    Ok(())
}
