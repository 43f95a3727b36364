//! Form management (decision 010): create, change per permission, revisions, copy,
//! guest links, delete, and that nothing of another client is reachable.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::{Value, json};

/// The id of the first top-level folder of Demo Gemeente.
async fn a_folder(app: &TestApp, key: &str) -> TestResult<String> {
    let demo = app.client_id("Demo Gemeente").await?;
    let tree = app
        .get(&format!("/api/client/{demo}/folder/admin"), Some(key))
        .await?;
    Ok(tree.json[0]["folder_id"]
        .as_str()
        .ok_or("folder")?
        .to_owned())
}

/// The user id of a demo user.
async fn user_id(app: &TestApp, name: &str) -> TestResult<String> {
    let email = format!("{name}@demo.eform.nl");
    Ok(
        tenancy::platform::users::find_by_email(&app.state.platform, &email)
            .await?
            .ok_or("user")?
            .id
            .to_string(),
    )
}

/// Demo melding's schema with another label on its first element.
fn relabelled(form: &Value, label: &str) -> Value {
    let mut schema = form["schema"].clone();
    schema[0]["label"] = json!(label);
    schema
}

#[tokio::test]
async fn a_new_form_starts_empty_and_bad_input_gets_dutch_details() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let folder = a_folder(&app, &key).await?;
    let body = |name: &str, form_type: &str| json!({ "form_name": name, "form_type": form_type, "folder_id": folder, "client_id": demo });

    let created = app
        .post_json("/api/form", Some(&key), &body("Nieuw formulier", "default"))
        .await?;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.json);
    assert_eq!(created.json["schema"], json!([]));
    assert_eq!(created.json["published_at"], Value::Null);
    assert_eq!(created.json["registration_phase"], Value::Null);
    assert_eq!(created.json["user"], json!("formulieren"));
    assert_eq!(created.json["users"], json!([]));
    assert_eq!(created.json["client_id"], json!(demo));
    let workflow = app
        .post_json("/api/form", Some(&key), &body("Werkstroom", "workflow"))
        .await?;
    assert_eq!(workflow.json["registration_phase"], json!("1"));
    // It is a form like any other from now on.
    let id = created.json["form_id"].as_str().ok_or("form_id")?;
    assert_eq!(
        app.get(&format!("/api/form/{id}"), Some(&key)).await?.json["form_name"],
        json!("Nieuw formulier")
    );

    let cases = [
        (
            json!({ "form_type": "default", "folder_id": folder, "client_id": demo }),
            "/form_name",
            "Formulier naam is verplicht.",
        ),
        (
            json!({ "form_name": "X", "client_id": demo }),
            "/folder_id",
            "Map is verplicht.",
        ),
    ];
    for (body, pointer, detail) in cases {
        let answer = app.post_json("/api/form", Some(&key), &body).await?;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            answer.json["errors"][0]["source"]["pointer"],
            json!(pointer),
            "{body}"
        );
        assert_eq!(answer.json["errors"][0]["detail"], json!(detail), "{body}");
    }
    // A folder id that names no folder of the client: 404 with its own text (decision 011).
    let unknown = json!({ "form_name": "X", "folder_id": "0191e5b2-7c1a-7d3e-9a4b-0123456789ab", "client_id": demo });
    let answer = app.post_json("/api/form", Some(&key), &unknown).await?;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(
        answer.json["message"],
        json!(domain::messages::FOLDER_UNKNOWN)
    );
    let odd_type = app
        .post_json("/api/form", Some(&key), &body("X", "survey"))
        .await?;
    assert_eq!(
        odd_type.json["errors"][0]["source"]["pointer"],
        json!("/form_type")
    );

    let mut bad = body("Kapot", "default");
    bad["schema"] = json!([{ "name": "Met Hoofdletters", "label": "A", "elementType": "text" }, { "name": "b", "elementType": "teleporter" }]);
    let invalid = app.post_json("/api/form", Some(&key), &bad).await?;
    assert_eq!(invalid.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        invalid.json["message"],
        json!(domain::messages::FORM_NOT_SAVED)
    );
    let pointers: Vec<&str> = invalid.json["errors"]
        .as_array()
        .ok_or("errors")?
        .iter()
        .filter_map(|e| e["source"]["pointer"].as_str())
        .collect();
    assert!(
        pointers.iter().any(|p| p.starts_with("/schema/0")),
        "{pointers:?}"
    );
    assert!(
        pointers.iter().any(|p| p.starts_with("/schema/1")),
        "{pointers:?}"
    );

    // 'eform manage forms' is needed, in the client of the body.
    let lezer = app.login("lezer").await?;
    assert_eq!(
        app.post_json("/api/form", Some(&lezer), &body("X", "default"))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    let anders = app.login("anders").await?;
    assert_eq!(
        app.post_json("/api/form", Some(&anders), &body("X", "default"))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

#[tokio::test]
async fn each_changed_part_needs_its_own_permission() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let uri = format!("/api/form/{form_id}");
    let manager = app.login("formulieren").await?; // every form permission
    let lezer = app.login("lezer").await?; // only 'eform manage form registrations'
    let form = app.get(&uri, Some(&manager)).await?.json;
    // The admin shape goes to managers, the fill-in shape to others.
    assert!(form.get("email_settings").is_some() && form.get("users").is_some());
    let invuller = app.login("invuller").await?;
    assert!(
        app.get(&uri, Some(&invuller))
            .await?
            .json
            .get("email_settings")
            .is_none()
    );

    let rule = json!([{
        "ruleName": "Aantal verbergen", "ruleForm": "_none",
        "condition_group": { "method": "AND", "conditions": [{ "conditionType": "dataValue", "dataName": "omschrijving", "operator": "empty", "value": "" }] },
        "actions": [{ "method": "hide", "dataName": "aantal" }]
    }]);
    // (permission, a change that needs it, where the answer shows it)
    let table = [
        (
            "eform manage form name",
            json!({ "form_name": "Andere naam" }),
            "/form_name",
        ),
        (
            "eform manage form edit",
            json!({ "schema": relabelled(&form, "Nieuw label") }),
            "/schema/0/label",
        ),
        (
            "eform manage form edit",
            json!({ "settings": { "bad_internet_mode": true } }),
            "/settings/bad_internet_mode",
        ),
        (
            "eform manage form edit",
            json!({ "form_summary": "<p>$omschrijving$</p>" }),
            "/form_summary",
        ),
        (
            "eform manage form conditions",
            json!({ "rules": rule }),
            "/rules/0/ruleName",
        ),
        (
            "eform manage form emails",
            json!({ "email_settings": [{ "to_addresses": ["beheer@gemeente.nl"],
                "from_name": "Gemeente", "email_subject": "Melding", "email_content_mode": "auto" }] }),
            "/email_settings/0/email_subject",
        ),
        (
            "eform manage form integrations",
            json!({ "webhook_integrations": [{ "hook_name": "Haak", "hook_type": "post-to-url",
                "hook_url": "https://systeem.example/haak" }] }),
            "/webhook_integrations/0/hook_name",
        ),
        (
            "eform manage form search",
            json!({ "settings": { "search_enabled": false } }),
            "/settings/search_enabled",
        ),
        (
            "eform manage form registrations weekly mail",
            json!({ "settings": { "weeklyRegistrationMail": { "enabled": true,
                "recipients": [{ "email": "beheer@gemeente.nl" }] } } }),
            "/settings/weeklyRegistrationMail/enabled",
        ),
    ];
    for (permission, change, shown) in table {
        let refused = app.patch_json(&uri, Some(&lezer), &change).await?;
        assert_eq!(
            refused.status,
            StatusCode::FORBIDDEN,
            "{permission}: {change}"
        );
        let accepted = app.patch_json(&uri, Some(&manager), &change).await?;
        assert_eq!(
            accepted.status,
            StatusCode::OK,
            "{permission}: {:?}",
            accepted.json
        );
        assert!(
            accepted.json.pointer(shown).is_some(),
            "{permission}: {shown} in {}",
            accepted.json
        );
        assert_eq!(accepted.json["user"], json!("formulieren"));
    }
    // A user who may change no part of a form changes nothing, not even with an empty body:
    // neither a filler nor someone who only views registrations (who opens every form).
    for key in [&invuller, &lezer] {
        assert_eq!(
            app.patch_json(&uri, Some(key), &json!({})).await?.status,
            StatusCode::FORBIDDEN
        );
    }
    // Sending a part unchanged needs nothing and stores nothing: no revision, no new
    // 'last changed by'; ignored parts cannot be set this way.
    let revisions_before = app
        .get(&format!("{uri}/revisions"), Some(&manager))
        .await?
        .json;
    let same =
        json!({ "form_name": "Andere naam", "published_at": null, "users": [{ "user_id": "x" }] });
    let unchanged = app.patch_json(&uri, Some(&manager), &same).await?;
    assert_eq!(unchanged.status, StatusCode::OK);
    assert!(unchanged.json["published_at"].is_number());
    assert_eq!(unchanged.json["users"], json!([]));
    let revisions_after = app
        .get(&format!("{uri}/revisions"), Some(&manager))
        .await?
        .json;
    assert_eq!(revisions_before, revisions_after);
    // An invalid schema is refused with details.
    let mut broken = form["schema"].clone();
    broken[1]["name"] = json!("omschrijving");
    let invalid = app
        .patch_json(&uri, Some(&manager), &json!({ "schema": broken }))
        .await?;
    assert_eq!(invalid.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        invalid.json["errors"][0]["detail"],
        json!(domain::messages::DATA_NAME_NOT_UNIQUE)
    );
    assert_eq!(
        app.patch_json(&uri, Some(&manager), &json!({ "form_name": " " }))
            .await?
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );

    // Publish, unpublish, delete and revisions, each with its permission.
    for (call, ok) in [("unpublish", "published_at"), ("publish", "published_at")] {
        let call_uri = format!("{uri}/{call}");
        assert_eq!(
            app.post_json(&call_uri, Some(&lezer), &json!([form_id]))
                .await?
                .status,
            StatusCode::FORBIDDEN
        );
        let answer = app
            .post_json(&call_uri, Some(&manager), &json!([form_id]))
            .await?;
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(answer.json[ok].is_null(), call == "unpublish", "{call}");
    }
    assert_eq!(
        app.get(&format!("{uri}/revisions"), Some(&lezer))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    let revisions = app.get(&format!("{uri}/revisions"), Some(&manager)).await?;
    assert_eq!(revisions.status, StatusCode::OK);
    let first = revisions
        .json
        .as_array()
        .ok_or("list")?
        .last()
        .ok_or("no revisions")?["revision_id"]
        .clone();
    let restore = format!("{uri}/revision-restore/{}", first.as_str().ok_or("id")?);
    assert_eq!(
        app.get(&restore, Some(&lezer)).await?.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get(&restore, Some(&manager)).await?.status,
        StatusCode::OK
    );
    assert_eq!(
        app.delete(&uri, Some(&lezer)).await?.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.delete(&uri, Some(&manager)).await?.status,
        StatusCode::OK
    );
    Ok(())
}

/// How many revisions the form at `uri` has.
async fn revision_count(app: &TestApp, uri: &str, key: &str) -> TestResult<usize> {
    let list = app.get(&format!("{uri}/revisions"), Some(key)).await?.json;
    Ok(list.as_array().map_or(0, Vec::len))
}

/// The pointers and texts of a 422 answer, in order.
fn field_errors(answer: &Value) -> Vec<(String, String)> {
    answer["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|error| {
            (
                error["source"]["pointer"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                error["detail"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn e_mail_settings_and_integrations_are_checked_before_they_are_stored() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let uri = format!("/api/form/{form_id}");
    let key = app.login("formulieren").await?;
    let email = json!({
        "to_addresses": ["beheer@gemeente.nl", "$email$"], "cc_addresses": [], "bcc_addresses": [],
        "from_name": "Gemeente", "email_subject": "Melding $registratie.serienummer$",
        "email_content_mode": "manual",
        "email_content": "<p>Hierbij de registratie van $registratie.formuliernaam$</p>",
        "email_hide_empty_values": true, "email_add_attachment_registration_pdf": true,
        "email_add_attachment_registration_pdf_file_name": "Registratie"
    });
    let hook = json!({ "hook_name": "Systeem", "hook_type": "post-to-url", "hook_url": "https://systeem.example/haak" });
    let before = revision_count(&app, &uri, &key).await?;

    // A bad address in the second e-mail: 422 pointing at it, nothing stored.
    let mut bad_email = email.clone();
    bad_email["to_addresses"][1] = json!("geen adres");
    bad_email["cc_addresses"] = json!(["ook@goed.nl", "$twee$ $tokens$"]);
    let refused = app
        .patch_json(
            &uri,
            Some(&key),
            &json!({ "email_settings": [email, bad_email] }),
        )
        .await?;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json["message"],
        json!("Email instellingen konden niet worden aangepast.")
    );
    let or_token = domain::messages::FIELD_EMAIL_OR_TOKEN.to_owned();
    assert_eq!(
        field_errors(&refused.json),
        [
            (
                "/email_settings/1/to_addresses/1".to_owned(),
                or_token.clone()
            ),
            ("/email_settings/1/cc_addresses/1".to_owned(), or_token),
        ]
    );
    assert_eq!(
        app.get(&uri, Some(&key)).await?.json["email_settings"],
        json!([])
    );
    assert_eq!(revision_count(&app, &uri, &key).await?, before);

    // A null for the integrations was stored as it came, and the builder then had no list
    // to show; the parts no other check reads must have their type too.
    let null_hooks = app
        .patch_json(&uri, Some(&key), &json!({ "webhook_integrations": null }))
        .await?;
    assert_eq!(null_hooks.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        field_errors(&null_hooks.json),
        [(
            "/webhook_integrations".to_owned(),
            domain::messages::HOOKS_INVALID.to_owned()
        )]
    );
    for (part, text) in [
        ("schema", domain::messages::SCHEMA_NOT_A_LIST),
        ("rules", domain::messages::RULES_NOT_A_LIST),
    ] {
        let refused = app
            .patch_json(&uri, Some(&key), &json!({ part: null }))
            .await?;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{part}");
        assert_eq!(
            field_errors(&refused.json),
            [(format!("/{part}"), text.to_owned())]
        );
    }
    for wrong in [
        json!({ "form_settings": [] }),
        json!({ "settings": 5 }),
        json!({ "form_summary": 12 }),
    ] {
        let refused = app.patch_json(&uri, Some(&key), &wrong).await?;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{wrong}");
    }
    let stored = app.get(&uri, Some(&key)).await?.json;
    assert_eq!(
        (&stored["webhook_integrations"], &stored["email_settings"]),
        (&json!([]), &json!([]))
    );
    assert_eq!(revision_count(&app, &uri, &key).await?, before);

    // Integrations: each type its own address; both parts wrong at once answer both.
    let bad_hooks = json!([
        hook,
        { "hook_name": "Signalen", "hook_type": "sia-signal-create", "hook_url": "ftp://signalen.example" },
        { "hook_name": "", "hook_type": "schouten-merge-registrations", "merged_registration_email": "geen" }
    ]);
    let refused = app
        .patch_json(
            &uri,
            Some(&key),
            &json!({ "webhook_integrations": bad_hooks }),
        )
        .await?;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json["message"],
        json!("Integraties konden niet worden aangepast.")
    );
    let pointers = |answer: &Value| -> Vec<String> {
        field_errors(answer)
            .into_iter()
            .map(|(pointer, _)| pointer)
            .collect()
    };
    assert_eq!(
        pointers(&refused.json),
        [
            "/webhook_integrations/1/hook_url",
            "/webhook_integrations/2/hook_name",
            "/webhook_integrations/2/merged_registration_email",
        ]
    );
    let both = app
        .patch_json(
            &uri,
            Some(&key),
            &json!({ "email_settings": [{ "from_name": "x", "email_subject": "y", "email_content_mode": "auto" }],
                     "webhook_integrations": [{ "hook_name": "Zonder type" }] }),
        )
        .await?;
    assert_eq!(
        field_errors(&both.json),
        [
            (
                "/email_settings/0/to_addresses".to_owned(),
                domain::messages::EMAIL_TO_REQUIRED.to_owned()
            ),
            (
                "/webhook_integrations/0/hook_type".to_owned(),
                domain::messages::FIELD_REQUIRED.to_owned()
            ),
        ]
    );
    // Not a list at all: one error about the whole part.
    let not_a_list = app
        .patch_json(
            &uri,
            Some(&key),
            &json!({ "webhook_integrations": "https://x.example" }),
        )
        .await?;
    assert_eq!(pointers(&not_a_list.json), ["/webhook_integrations"]);
    assert_eq!(revision_count(&app, &uri, &key).await?, before);

    // Good lists are stored as sent, in one revision.
    let saved = app
        .patch_json(
            &uri,
            Some(&key),
            &json!({ "email_settings": [email], "webhook_integrations": [hook] }),
        )
        .await?;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.json);
    let now = app.get(&uri, Some(&key)).await?.json;
    for answer in [&saved.json, &now] {
        assert_eq!(answer["email_settings"], json!([email]));
        assert_eq!(answer["webhook_integrations"], json!([hook]));
    }
    assert_eq!(revision_count(&app, &uri, &key).await?, before + 1);

    // A new form is held to the same rule.
    let demo = app.client_id("Demo Gemeente").await?;
    let folder = a_folder(&app, &key).await?;
    let created = app
        .post_json(
            "/api/form",
            Some(&key),
            &json!({ "form_name": "Nieuw", "folder_id": folder, "client_id": demo,
                     "email_settings": [{ "to_addresses": ["x"], "from_name": "a", "email_subject": "b", "email_content_mode": "auto" }] }),
        )
        .await?;
    assert_eq!(created.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        pointers(&created.json),
        ["/email_settings/0/to_addresses/0"]
    );
    Ok(())
}

#[tokio::test]
async fn a_revision_restore_brings_back_the_exact_earlier_form() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let uri = format!("/api/form/{form_id}");
    let key = app.login("formulieren").await?;
    let original = app.get(&uri, Some(&key)).await?.json;
    let first = relabelled(&original, "Eerste versie");
    let rules = json!([{
        "ruleName": "Verbergen", "ruleForm": "_none",
        "condition_group": { "method": "OR", "conditions": [{ "conditionType": "dataValue", "dataName": "aantal", "operator": ">", "value": "3" }] },
        "actions": [{ "method": "hide", "dataName": "omschrijving" }]
    }]);
    let change = json!({ "schema": first, "rules": rules, "values": { "aantal": 2 }, "form_name": "Versie 1", "settings": { "bad_internet_mode": true } });
    assert_eq!(
        app.patch_json(&uri, Some(&key), &change).await?.status,
        StatusCode::OK
    );
    let other_folder = app
        .post_json(
            &format!(
                "/api/client/{}/folder",
                original["client_id"].as_str().ok_or("client")?
            ),
            Some(&key),
            &json!({ "folder_name": "Elders" }),
        )
        .await?
        .json["folder_id"]
        .clone();
    let second = json!({ "schema": relabelled(&original, "Tweede versie"), "rules": [], "values": {}, "form_name": "Versie 2", "settings": { "bad_internet_mode": false }, "folder_id": other_folder });
    assert_eq!(
        app.patch_json(&uri, Some(&key), &second).await?.status,
        StatusCode::OK
    );

    let list = app.get(&format!("{uri}/revisions"), Some(&key)).await?.json;
    let list = list.as_array().ok_or("list")?;
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["user"]["username"], json!("formulieren"));
    assert!(
        list[0]["updated_at"]
            .as_i64()
            .is_some_and(|ms| ms > 1_000_000_000_000)
    );
    let older = list[1]["revision_id"].as_str().ok_or("id")?;
    let restored = app
        .get(&format!("{uri}/revision-restore/{older}"), Some(&key))
        .await?;
    assert_eq!(restored.status, StatusCode::OK);
    let now = app.get(&uri, Some(&key)).await?.json;
    for answer in [&restored.json, &now] {
        assert_eq!(answer["schema"], first);
        assert_eq!(answer["rules"], rules);
        assert_eq!(answer["values"], json!({ "aantal": 2 }));
        assert_eq!(answer["form_name"], json!("Versie 1"));
        assert_eq!(answer["folder_id"], original["folder_id"]);
        assert_eq!(answer["settings"]["bad_internet_mode"], json!(true));
    }
    // The restore is itself a revision.
    assert_eq!(
        app.get(&format!("{uri}/revisions"), Some(&key))
            .await?
            .json
            .as_array()
            .map(Vec::len),
        Some(3)
    );
    assert_eq!(
        app.get(&format!("{uri}/revision-restore/{form_id}"), Some(&key))
            .await?
            .status,
        StatusCode::NOT_FOUND
    );
    Ok(())
}

#[tokio::test]
async fn a_copy_to_another_client_lands_in_that_clients_file() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    let admin = app.login("admin").await?;
    let folder = app
        .post_json(
            &format!("/api/client/{tweede}/folder"),
            Some(&admin),
            &json!({ "folder_name": "Kopieen" }),
        )
        .await?;
    let folder_id = folder.json["folder_id"].clone();
    let copy_uri = format!("/api/form/{form_id}/copy");

    let missing = app
        .post_json(&copy_uri, Some(&admin), &json!({ "client_id": tweede }))
        .await?;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        missing.json["errors"][0]["source"]["pointer"],
        json!("/folder_id")
    );
    let demo_folder = a_folder(&app, &admin).await?;
    let wrong_client = app
        .post_json(
            &copy_uri,
            Some(&admin),
            &json!({ "client_id": tweede, "folder_id": demo_folder }),
        )
        .await?;
    assert_eq!(wrong_client.status, StatusCode::NOT_FOUND);
    // A manager of Demo Gemeente only cannot copy into Tweede Gemeente.
    let formulieren = app.login("formulieren").await?;
    let body = json!({ "client_id": tweede, "folder_id": folder_id });
    assert_eq!(
        app.post_json(&copy_uri, Some(&formulieren), &body)
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_json(&copy_uri, Some(&app.login("lezer").await?), &body)
            .await?
            .status,
        StatusCode::FORBIDDEN
    );

    let copy = app.post_json(&copy_uri, Some(&admin), &body).await?;
    assert_eq!(copy.status, StatusCode::CREATED, "{:?}", copy.json);
    assert_eq!(copy.json["form_name"], json!("Kopie van Demo melding"));
    assert_eq!(copy.json["client_id"], json!(tweede));
    assert_eq!(copy.json["published_at"], Value::Null);
    let copy_id = copy.json["form_id"].as_str().ok_or("form_id")?;
    assert_ne!(copy_id, form_id);
    let in_tweede = tenancy::tenant::forms::find(&app.tenant("Tweede Gemeente").await?, copy_id)
        .await?
        .ok_or("not in Tweede Gemeente's file")?;
    assert_eq!(
        in_tweede.schema,
        app.get(&format!("/api/form/{form_id}"), Some(&admin))
            .await?
            .json["schema"]
    );
    assert!(
        tenancy::tenant::forms::find(&app.tenant("Demo Gemeente").await?, copy_id)
            .await?
            .is_none()
    );
    assert_eq!(
        app.get(&format!("/api/form/{copy_id}"), Some(&admin))
            .await?
            .json["client_id"],
        json!(tweede)
    );

    // A copy within the client needs no client_id.
    let same = app
        .post_json(
            &copy_uri,
            Some(&formulieren),
            &json!({ "folder_id": demo_folder }),
        )
        .await?;
    assert_eq!(same.status, StatusCode::CREATED);
    assert_eq!(same.json["users"], json!([]));
    Ok(())
}

#[tokio::test]
async fn switching_guest_access_on_again_gives_a_new_link_and_kills_the_old() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Gastmelding").await?;
    let uri = format!("/api/form/{form_id}");
    let key = app.login("formulieren").await?;
    let old = app.get(&uri, Some(&key)).await?.json["form_guest_id"]
        .as_str()
        .ok_or("guest id")?
        .to_owned();
    assert_eq!(
        app.get(&format!("/api/guest/form/{old}"), None)
            .await?
            .status,
        StatusCode::OK
    );

    let off = app
        .patch_json(
            &uri,
            Some(&key),
            &json!({ "settings": { "guestAccess": false } }),
        )
        .await?;
    assert_eq!(off.status, StatusCode::OK);
    assert_eq!(off.json["form_guest_id"], Value::Null);
    assert_eq!(
        app.get(&format!("/api/guest/form/{old}"), None)
            .await?
            .status,
        StatusCode::NOT_FOUND
    );

    let on = app
        .patch_json(
            &uri,
            Some(&key),
            &json!({ "settings": { "guestAccess": true, "guestID": old } }),
        )
        .await?;
    let fresh = on.json["form_guest_id"]
        .as_str()
        .ok_or("new guest id")?
        .to_owned();
    assert_ne!(fresh, old);
    assert_eq!(on.json["settings"]["guestID"], json!(fresh));
    assert_eq!(
        app.get(&format!("/api/guest/form/{fresh}"), None)
            .await?
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get(&format!("/api/guest/form/{old}"), None)
            .await?
            .status,
        StatusCode::NOT_FOUND
    );
    // Switching guest access needs 'eform manage form edit'.
    let lezer = app.login("lezer").await?;
    assert_eq!(
        app.patch_json(
            &uri,
            Some(&lezer),
            &json!({ "settings": { "guestAccess": false } })
        )
        .await?
        .status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

#[tokio::test]
async fn a_deleted_form_is_gone_everywhere_but_its_data_stays() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let form_id = app.form_id("Gastmelding").await?;
    let uri = format!("/api/form/{form_id}");
    let key = app.login("beheerder").await?;
    let invuller = app.login("invuller").await?;
    let guest_id = app.get(&uri, Some(&key)).await?.json["form_guest_id"]
        .as_str()
        .ok_or("guest id")?
        .to_owned();
    let deleted = app.delete(&uri, Some(&key)).await?;
    assert_eq!(
        (deleted.status, deleted.json),
        (StatusCode::OK, json!({ "status": true }))
    );

    for who in [&key, &invuller] {
        assert_eq!(
            app.get(&uri, Some(who)).await?.status,
            StatusCode::NOT_FOUND
        );
    }
    assert_eq!(
        app.get(&format!("/api/guest/form/{guest_id}"), None)
            .await?
            .status,
        StatusCode::NOT_FOUND
    );
    for tree_uri in [
        format!("/api/client/{demo}/folder/user"),
        format!("/api/client/{demo}/folder"),
        format!("/api/forms/published/{demo}"),
    ] {
        let tree = app.get(&tree_uri, Some(&key)).await?;
        assert_eq!(tree.status, StatusCode::OK);
        assert!(
            !tree.json.to_string().contains(&form_id),
            "{tree_uri} still lists the form"
        );
    }
    for answer in [
        app.patch_json(&uri, Some(&key), &json!({ "form_name": "Terug" }))
            .await?,
        app.post_json(&format!("{uri}/publish"), Some(&key), &json!([form_id]))
            .await?,
        app.get(&format!("{uri}/revisions"), Some(&key)).await?,
        app.delete(&uri, Some(&key)).await?,
    ] {
        assert_eq!(answer.status, StatusCode::NOT_FOUND);
    }
    // The row stays for the registrations that point at it.
    let db = app.tenant("Demo Gemeente").await?;
    assert!(
        tenancy::tenant::forms::find_with_deleted(&db, &form_id)
            .await?
            .is_some()
    );
    Ok(())
}

#[tokio::test]
async fn form_users_and_groups_decide_who_fills_in() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let form_id = app.form_id("Demo melding").await?;
    let uri = format!("/api/form/{form_id}");
    let key = app.login("formulieren").await?;
    let invuller = app.login("invuller").await?; // in group Buitendienst
    let twee = app.login("twee").await?; // in no group
    let invuller_id = user_id(&app, "invuller").await?;
    let published = |who: String| {
        let app = &app;
        let demo = demo.clone();
        async move {
            TestResult::Ok(
                app.get(&format!("/api/forms/published/{demo}"), Some(&who))
                    .await?
                    .json
                    .to_string(),
            )
        }
    };

    let users = app.get(&format!("{uri}/get_users"), Some(&key)).await?;
    let entry = users
        .json
        .as_array()
        .ok_or("users")?
        .iter()
        .find(|u| u["user_id"] == json!(invuller_id))
        .ok_or("invuller")?
        .clone();
    assert_eq!(entry["email"], json!("invuller@demo.eform.nl"));
    assert_eq!(entry["assigned"], json!(false));
    assert!(
        !users.json.to_string().contains("anders@"),
        "a user of another client is listed"
    );

    let added = app
        .post_json(
            &format!("{uri}/add_user/{invuller_id}"),
            Some(&key),
            &json!({}),
        )
        .await?;
    assert_eq!(added.json["users"], json!([{ "user_id": invuller_id }]));
    assert_eq!(app.get(&uri, Some(&invuller)).await?.status, StatusCode::OK);
    assert_eq!(
        app.get(&uri, Some(&twee)).await?.status,
        StatusCode::FORBIDDEN
    );
    assert!(!published(twee.clone()).await?.contains(&form_id));
    let assigned = app
        .get(&format!("{uri}/assigned-users"), Some(&invuller))
        .await?;
    assert_eq!(
        assigned.json,
        json!([{ "user_id": invuller_id, "email": "invuller@demo.eform.nl" }])
    );
    let removed = app
        .post_json(
            &format!("{uri}/remove_user/{invuller_id}"),
            Some(&key),
            &json!({}),
        )
        .await?;
    assert_eq!(removed.json["users"], json!([]));
    // A user of another client cannot be added.
    let anders_id = user_id(&app, "anders").await?;
    assert_eq!(
        app.post_json(
            &format!("{uri}/add_user/{anders_id}"),
            Some(&key),
            &json!({})
        )
        .await?
        .status,
        StatusCode::NOT_FOUND
    );

    let groups = app
        .get(&format!("{uri}/get_user_groups"), Some(&key))
        .await?;
    assert_eq!(groups.json[0]["name"], json!("Buitendienst"));
    let group_id = groups.json[0]["group_id"]
        .as_str()
        .ok_or("group")?
        .to_owned();
    let with_group = app
        .post_json(
            &format!("{uri}/add_user_group/{group_id}"),
            Some(&key),
            &json!({}),
        )
        .await?;
    assert_eq!(with_group.json["users"], json!([{ "group_id": group_id }]));
    assert!(published(invuller.clone()).await?.contains(&form_id));
    assert!(!published(twee.clone()).await?.contains(&form_id));
    let tree = app
        .get(&format!("/api/client/{demo}/folder/user"), Some(&invuller))
        .await?;
    assert!(tree.json.to_string().contains(&form_id));
    assert_eq!(
        app.get(&uri, Some(&twee)).await?.status,
        StatusCode::FORBIDDEN
    );
    let assigned = app
        .get(&format!("{uri}/assigned-users"), Some(&invuller))
        .await?
        .json
        .to_string();
    assert!(
        assigned.contains("invuller@")
            && assigned.contains("medewerker@")
            && !assigned.contains("twee@"),
        "{assigned}"
    );
    let unknown = "0191e5b2-7c1a-7d3e-9a4b-0123456789ab";
    assert_eq!(
        app.post_json(
            &format!("{uri}/add_user_group/{unknown}"),
            Some(&key),
            &json!({})
        )
        .await?
        .status,
        StatusCode::NOT_FOUND
    );
    app.post_json(
        &format!("{uri}/remove_user_group/{group_id}"),
        Some(&key),
        &json!({}),
    )
    .await?;
    assert!(published(twee.clone()).await?.contains(&form_id));

    // 'eform manage form users' is needed for all of these.
    let lezer = app.login("lezer").await?;
    for answer in [
        app.get(&format!("{uri}/get_users"), Some(&lezer)).await?,
        app.get(&format!("{uri}/get_user_groups"), Some(&lezer))
            .await?,
        app.post_json(
            &format!("{uri}/add_user/{invuller_id}"),
            Some(&lezer),
            &json!({}),
        )
        .await?,
        app.post_json(
            &format!("{uri}/remove_user_group/{group_id}"),
            Some(&lezer),
            &json!({}),
        )
        .await?,
    ] {
        assert_eq!(answer.status, StatusCode::FORBIDDEN);
    }
    let metadata = app.get(&format!("{uri}/metadata"), Some(&twee)).await?;
    assert_eq!(metadata.json, json!({ "email_word_files_processed": {} }));
    Ok(())
}

#[tokio::test]
async fn nothing_of_a_form_is_reachable_from_another_client() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let uri = format!("/api/form/{form_id}");
    let anders = app.login("anders").await?; // Tweede Gemeente only
    let manager = app.login("formulieren").await?;
    app.patch_json(&uri, Some(&manager), &json!({ "form_name": "Met revisie" }))
        .await?;
    let revisions = app
        .get(&format!("{uri}/revisions"), Some(&manager))
        .await?
        .json;
    let revision = revisions[0]["revision_id"].as_str().ok_or("revision")?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    for answer in [
        app.get(&uri, Some(&anders)).await?,
        app.patch_json(&uri, Some(&anders), &json!({ "form_name": "X" }))
            .await?,
        app.delete(&uri, Some(&anders)).await?,
        app.post_json(&format!("{uri}/publish"), Some(&anders), &json!([]))
            .await?,
        app.get(&format!("{uri}/revisions"), Some(&anders)).await?,
        app.get(&format!("{uri}/revision-restore/{revision}"), Some(&anders))
            .await?,
        app.get(&format!("{uri}/get_users"), Some(&anders)).await?,
        app.get(&format!("{uri}/get_user_groups"), Some(&anders))
            .await?,
        app.get(&format!("{uri}/assigned-users"), Some(&anders))
            .await?,
        app.get(&format!("{uri}/metadata"), Some(&anders)).await?,
        app.post_json(
            &format!("{uri}/copy"),
            Some(&anders),
            &json!({ "client_id": tweede }),
        )
        .await?,
    ] {
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{:?}", answer.json);
    }
    Ok(())
}

#[tokio::test]
async fn only_admins_add_linked_form_and_computed_elements() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let uri = format!("/api/form/{form_id}");
    let manager = app.login("formulieren").await?;
    let admin = app.login("admin").await?;
    let form = app.get(&uri, Some(&manager)).await?.json;
    let mut schema = form["schema"].as_array().ok_or("schema")?.clone();
    schema.push(json!({ "name": "bron", "label": "Bron", "elementType": "computed", "elementToWatch": "omschrijving" }));
    let body = json!({ "schema": schema });

    let refused = app.patch_json(&uri, Some(&manager), &body).await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{:?}", refused.json);
    let added = app.patch_json(&uri, Some(&admin), &body).await?;
    assert_eq!(added.status, StatusCode::OK, "{:?}", added.json);
    // Once there, a form manager may keep it while changing the rest.
    let mut relabelled = body.clone();
    relabelled["schema"][0]["label"] = json!("Wat is er aan de hand?");
    let kept = app.patch_json(&uri, Some(&manager), &relabelled).await?;
    assert_eq!(kept.status, StatusCode::OK, "{:?}", kept.json);
    Ok(())
}
