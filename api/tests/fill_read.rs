//! The fill-in side's read calls: folder tree, forms, guest form, public client, terms.

mod common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResult};
use serde_json::{Value, json};

fn form_names(tree: &Value) -> Vec<String> {
    let mut names = Vec::new();
    for folder in tree.as_array().into_iter().flatten() {
        for form in folder["forms"].as_array().into_iter().flatten() {
            names.push(form["form_name"].as_str().unwrap_or_default().to_owned());
        }
        names.extend(form_names(&folder["children"]));
    }
    names.sort();
    names
}

#[tokio::test]
async fn the_folder_tree_lists_published_forms_in_nested_folders() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("invuller").await?;
    let tree = app
        .get(&format!("/api/client/{demo}/folder/user"), Some(&key))
        .await?;
    assert_eq!(tree.status, StatusCode::OK);
    assert_eq!(
        form_names(&tree.json),
        [
            "Alle elementen",
            "Demo kaartmelding",
            "Demo melding",
            "Gastmelding"
        ]
    );
    let names: Vec<&str> = tree
        .json
        .as_array()
        .ok_or("tree")?
        .iter()
        .filter_map(|f| f["folder_name"].as_str())
        .collect();
    assert_eq!(names, ["Inspecties", "public"]);
    assert_eq!(
        tree.json[0]["children"][0]["folder_name"],
        json!("Openbare ruimte")
    );

    // Tweede Gemeente has no forms: an empty tree, once its terms are accepted (spec 000:
    // they must be accepted before use, through the API too); its users cannot read Demo
    // Gemeente's.
    let tweede = app.client_id("Tweede Gemeente").await?;
    let anders = app.login("anders").await?;
    let before = app
        .get(&format!("/api/client/{tweede}/folder/user"), Some(&anders))
        .await?;
    assert_eq!(before.status, StatusCode::FORBIDDEN);
    assert_eq!(before.json["code"], json!("terms_required"));
    assert_eq!(
        before.json["message"],
        json!(domain::messages::TERMS_REQUIRED)
    );
    let accept = format!("/api/client/{tweede}/accept-terms-and-conditions");
    let accepted = app
        .post_json(&accept, Some(&anders), &json!({ "client_uuid": tweede }))
        .await?;
    assert_eq!(accepted.status, StatusCode::OK);
    assert_eq!(
        app.get(&format!("/api/client/{tweede}/folder/user"), Some(&anders))
            .await?
            .json,
        json!([])
    );
    assert_eq!(
        app.get(&format!("/api/client/{demo}/folder/user"), Some(&anders))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

#[tokio::test]
async fn a_form_is_read_by_its_clients_users_only() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let key = app.login("invuller").await?;
    let form = app.get(&format!("/api/form/{form_id}"), Some(&key)).await?;
    assert_eq!(form.status, StatusCode::OK);
    assert_eq!(form.json["form_name"], json!("Demo melding"));
    assert_eq!(form.json["schema"][0]["name"], json!("omschrijving"));
    assert_eq!(
        form.json["client_id"],
        json!(app.client_id("Demo Gemeente").await?)
    );
    let anders = app.login("anders").await?;
    assert_eq!(
        app.get(&format!("/api/form/{form_id}"), Some(&anders))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get("/api/form/00000000-0000-4000-8000-000000000000", Some(&key))
            .await?
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&format!("/api/form/{form_id}"), None).await?.status,
        StatusCode::UNAUTHORIZED
    );

    let published = app
        .get(
            &format!(
                "/api/forms/published/{}",
                app.client_id("Demo Gemeente").await?
            ),
            Some(&key),
        )
        .await?;
    let names: Vec<&str> = published
        .json
        .as_array()
        .ok_or("list")?
        .iter()
        .filter_map(|f| f["form"]["form_name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "Alle elementen",
            "Demo kaartmelding",
            "Demo melding",
            "Gastmelding"
        ]
    );
    Ok(())
}

#[tokio::test]
async fn guest_forms_and_the_public_client_need_no_sign_in() -> TestResult {
    let app = TestApp::new().await?;
    let client =
        domain::ids::ClientId::parse(&app.client_id("Demo Gemeente").await?).ok_or("id")?;
    let db = app.state.tenants.for_operations().open(&client).await?;
    let guest_id = tenancy::tenant::forms::find_by_name(&db, "Gastmelding")
        .await?
        .ok_or("form")?
        .guest_id
        .ok_or("guest id")?;
    let form = app
        .get(&format!("/api/guest/form/{guest_id}"), None)
        .await?;
    assert_eq!(form.status, StatusCode::OK);
    assert_eq!(form.json["form_name"], json!("Gastmelding"));
    assert_eq!(
        app.get("/api/guest/form/0191e5b2-7c1a-7d3e-9a4b-0123456789ab", None)
            .await?
            .status,
        StatusCode::NOT_FOUND
    );
    // A form id is not a guest id.
    let form_id = app.form_id("Gastmelding").await?;
    assert_eq!(
        app.get(&format!("/api/guest/form/{form_id}"), None)
            .await?
            .status,
        StatusCode::NOT_FOUND
    );

    let public = app
        .get(&format!("/jsonapi/client/client/{client}"), None)
        .await?;
    assert_eq!(public.status, StatusCode::OK);
    assert_eq!(public.json["data"]["type"], json!("client--client"));
    assert_eq!(
        public.json["data"]["attributes"]["name"],
        json!("Demo Gemeente")
    );
    assert!(
        public.json["data"]["attributes"]["user_register_intro_text"]["value"]
            .as_str()
            .is_some()
    );
    let anonymous = app
        .get(&format!("/api/form/{form_id}/anonymous"), None)
        .await?;
    assert_eq!(anonymous.json["client_uuid"], json!(client.as_str()));
    Ok(())
}

#[tokio::test]
async fn self_registration_creates_a_member_and_validates_the_link() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let tweede_form = app.form_id("Demo melding").await?;
    let ok = app
        .post_json(
            "/api/user/register/",
            None,
            &json!({ "email": "Nieuw@Voorbeeld.nl", "client_uuid": demo }),
        )
        .await?;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.json);
    let user = tenancy::platform::users::find_by_email(&app.state.platform, "nieuw@voorbeeld.nl")
        .await?
        .ok_or("user")?;
    let client = domain::ids::ClientId::parse(&demo).ok_or("id")?;
    assert_eq!(
        tenancy::platform::memberships::roles_in_client(&app.state.platform, &user.id, &client)
            .await?,
        Some(vec![])
    );
    assert!(user.password_hash.is_none());

    let bad_client = app.post_json("/api/user/register/", None, &json!({ "email": "x@voorbeeld.nl", "client_uuid": "0191e5b2-7c1a-7d3e-9a4b-0123456789ab" })).await?;
    assert_eq!(bad_client.status, StatusCode::NOT_FOUND);
    assert_eq!(
        bad_client.json["message"],
        json!(domain::messages::REGISTER_CLIENT_UNKNOWN)
    );
    let tweede = app.client_id("Tweede Gemeente").await?;
    let wrong_form = app
        .post_json(
            "/api/user/register/",
            None,
            &json!({ "email": "x@voorbeeld.nl", "client_uuid": tweede, "form_id": tweede_form }),
        )
        .await?;
    assert_eq!(wrong_form.status, StatusCode::NOT_FOUND);
    assert_eq!(
        wrong_form.json["message"],
        json!(domain::messages::REGISTER_FORM_UNKNOWN)
    );
    let bad_email = app
        .post_json(
            "/api/user/register/",
            None,
            &json!({ "email": "geen-email", "client_uuid": demo }),
        )
        .await?;
    assert_eq!(bad_email.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        tenancy::platform::users::find_by_email(&app.state.platform, "x@voorbeeld.nl")
            .await?
            .is_none()
    );
    Ok(())
}

#[tokio::test]
async fn accepting_the_terms_clears_the_wall() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let client = domain::ids::ClientId::parse(&demo).ok_or("id")?;
    let user =
        tenancy::platform::users::find_by_email(&app.state.platform, "invuller@demo.eform.nl")
            .await?
            .ok_or("user")?;
    tenancy::platform::terms::require(&app.state.platform, &client, &user.id).await?;
    let key = app.login("invuller").await?;
    let info = app.get("/api/user/info", Some(&key)).await?;
    assert_eq!(
        info.json["clients"][0]["terms_and_conditions_required"],
        json!(true)
    );
    let accept = app
        .send(
            Method::POST,
            &format!("/api/client/{demo}/accept-terms-and-conditions"),
            Some(&key),
            Some("application/json"),
            json!({ "client_uuid": demo }).to_string(),
        )
        .await?;
    assert_eq!(accept.status, StatusCode::OK);
    let info = app.get("/api/user/info", Some(&key)).await?;
    assert_eq!(
        info.json["clients"][0]["terms_and_conditions_required"],
        json!(false)
    );
    Ok(())
}

#[tokio::test]
async fn uploads_are_checked_stored_per_client_and_served_to_its_users_only() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("invuller").await?;
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR fake png body";
    let stored = app
        .upload(
            "/api/file-upload/form",
            Some(&key),
            "foto.png",
            png,
            &[("client_id", &demo), ("kind", "image")],
        )
        .await?;
    assert_eq!(stored.status, StatusCode::OK, "{:?}", stored.json);
    assert_eq!(stored.json["filemime"], json!("image/png"));
    let url = stored.json["url"].as_str().ok_or("url")?.to_owned();
    let fid = stored.json["fid"].as_str().ok_or("fid")?;
    assert!(
        app.dir
            .path()
            .join("tenants")
            .join(&demo)
            .join("files")
            .join(fid)
            .is_file()
    );

    let response = tower::ServiceExt::oneshot(
        app.router.clone(),
        axum::http::Request::get(&url)
            .header("api-key", &key)
            .body(axum::body::Body::empty())?,
    )
    .await?;
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await?
        .to_bytes();
    assert_eq!(&bytes[..], &png[..]);
    let anders = app.login("anders").await?;
    assert_eq!(
        app.get(&url, Some(&anders)).await?.status,
        StatusCode::FORBIDDEN
    );

    // A text file named .jpg is refused, for image and for file elements.
    let fake = app
        .upload(
            "/api/file-upload/form",
            Some(&key),
            "foto.jpg",
            b"dit is tekst",
            &[("client_id", &demo)],
        )
        .await?;
    assert_eq!(fake.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        fake.json["message"],
        json!(domain::messages::FILE_CONTENT_MISMATCH)
    );
    let fake_image = app
        .upload(
            "/api/file-upload/form-hd",
            Some(&key),
            "scan.pdf",
            b"%PDF-1.4",
            &[("client_id", &demo), ("kind", "image")],
        )
        .await?;
    assert_eq!(
        fake_image.json["message"],
        json!(domain::messages::FILE_NOT_AN_IMAGE)
    );
    // Uploading into another client is refused.
    let tweede = app.client_id("Tweede Gemeente").await?;
    let foreign = app
        .upload(
            "/api/file-upload/form",
            Some(&key),
            "foto.png",
            png,
            &[("client_id", &tweede)],
        )
        .await?;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN);
    // A client in the query and a guest form in the body name two places at once, as both
    // in the query do: refused, and nothing is stored.
    let files_dir = app.dir.path().join("tenants").join(&demo).join("files");
    let before = std::fs::read_dir(&files_dir)?.count();
    let mixed = app
        .upload(
            &format!("/api/file-upload/form-hd?client_id={demo}&guest_id="),
            Some(&key),
            "foto.png",
            png,
            &[("guest_id", "-17559")],
        )
        .await?;
    assert_eq!(mixed.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        mixed.json["message"],
        json!(domain::messages::FILE_TARGET_BOTH)
    );
    assert_eq!(std::fs::read_dir(&files_dir)?.count(), before);
    // A kind the call does not know is refused also where the query's is the one used.
    let unknown_kind = app
        .upload(
            &format!("/api/file-upload/form?client_id={demo}&kind=image"),
            Some(&key),
            "foto.png",
            png,
            &[("kind", "__not_in_enum__")],
        )
        .await?;
    assert_eq!(unknown_kind.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        unknown_kind.json["message"],
        json!(domain::messages::FILE_KIND_UNKNOWN)
    );
    assert_eq!(std::fs::read_dir(&files_dir)?.count(), before);
    Ok(())
}

#[tokio::test]
async fn a_file_over_20_mb_gets_413_with_the_dutch_text() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("invuller").await?;
    // The seed's own files (the demo datasources' sources) are there before.
    let files_dir = app.dir.path().join("tenants").join(&demo).join("files");
    let before = std::fs::read_dir(&files_dir)?.count();
    let mut big = b"%PDF-1.7\n".to_vec();
    big.resize(21 * 1024 * 1024, b'x');
    let answer = app
        .upload(
            "/api/file-upload/form",
            Some(&key),
            "groot.pdf",
            &big,
            &[("client_id", &demo)],
        )
        .await?;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        answer.json["message"],
        json!("Maximale bestandsgrootte is 20Mb.")
    );
    assert_eq!(std::fs::read_dir(&files_dir)?.count(), before);
    Ok(())
}
