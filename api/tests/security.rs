//! The findings of issue 9's black-box probe, one test each (the record search, terms,
//! PATCH and metrics findings sit with their resources: send.rs, fill_read.rs,
//! form_admin.rs, ops.rs; the mail ones in password_reset.rs).

mod common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{Answer, PASSWORD, TestApp, TestResult};
use serde_json::{Value, json};

/// A login as a browser behind `peer` would send it, with an optional X-Forwarded-For.
async fn login_from(
    app: &TestApp,
    peer: &str,
    forwarded_for: Option<&str>,
    account: &str,
    password: &str,
) -> TestResult<Answer> {
    let body = format!(
        "username={}&password={}",
        common::encode(account),
        common::encode(password)
    );
    let mut request = Request::builder()
        .method(Method::POST)
        .uri("/api/user/login")
        .header("content-type", "application/x-www-form-urlencoded");
    if let Some(forwarded) = forwarded_for {
        request = request.header("x-forwarded-for", forwarded);
    }
    let mut request = request.body(Body::from(body))?;
    let addr: std::net::SocketAddr = peer.parse()?;
    request
        .extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    app.dispatch(request).await
}

/// Behind a reverse proxy every login came from the proxy's address, so one attacker locked
/// everyone out. The address behind a configured proxy counts; a header from anyone else
/// is ignored.
#[tokio::test]
async fn login_limits_count_the_address_behind_a_trusted_proxy() -> TestResult {
    let app = TestApp::with(|config| {
        config.trusted_proxies = vec!["10.0.0.0/8".parse().unwrap_or_else(|_| unreachable!())];
    })
    .await?;
    for attempt in 0..tenancy::platform::login_failures::MAX_PER_ADDRESS {
        let wrong = login_from(
            &app,
            "10.0.0.2:443",
            Some("198.51.100.66"),
            &format!("raden-{attempt}@demo.eform.nl"),
            "fout",
        )
        .await?;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    }
    let blocked = login_from(
        &app,
        "10.0.0.2:443",
        Some("198.51.100.66"),
        "invuller@demo.eform.nl",
        PASSWORD,
    )
    .await?;
    assert_eq!(blocked.status, StatusCode::TOO_MANY_REQUESTS);
    // Someone else behind the same proxy still signs in.
    let other = login_from(
        &app,
        "10.0.0.2:443",
        Some("198.51.100.77"),
        "invuller@demo.eform.nl",
        PASSWORD,
    )
    .await?;
    assert_eq!(other.status, StatusCode::OK);
    // A client that is no proxy cannot pick its address through the header.
    let spoofed = login_from(
        &app,
        "198.51.100.66:5000",
        Some("198.51.100.99"),
        "invuller@demo.eform.nl",
        PASSWORD,
    )
    .await?;
    assert_eq!(spoofed.status, StatusCode::TOO_MANY_REQUESTS);
    Ok(())
}

/// The e-mail address and the user name of one account were counted apart (10 guesses).
#[tokio::test]
async fn login_failures_count_per_account_whatever_name_is_typed() -> TestResult {
    let app = TestApp::new().await?;
    let max = tenancy::platform::login_failures::MAX_PER_ACCOUNT;
    for attempt in 0..max {
        // Alternating e-mail address and user name, with other capitals.
        let account = if attempt % 2 == 0 {
            "Invuller@Demo.Eform.nl"
        } else {
            "INVULLER"
        };
        let wrong = login_from(&app, "203.0.113.1:1", None, account, "fout-wachtwoord").await?;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{attempt}");
    }
    let refused = login_from(&app, "203.0.113.2:1", None, "invuller", PASSWORD).await?;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    Ok(())
}

/// `password-reset` hashed (Argon2) before it checked the token and had no limit, and
/// `password-forgotten` had none either; one account got any number of mails.
#[tokio::test]
async fn password_links_are_rate_limited_and_checked_before_hashing() -> TestResult {
    let app = TestApp::new().await?;
    let bad = json!({ "token": "0".repeat(64), "password": "lang-genoeg-wachtwoord" });
    for _ in 0..20 {
        let answer = app
            .post_json("/api/user/password-reset", None, &bad)
            .await?;
        assert_eq!(answer.status, StatusCode::NOT_FOUND);
        assert_eq!(
            answer.json["message"],
            json!(domain::messages::RESET_LINK_INVALID)
        );
    }
    let limited = app
        .post_json("/api/user/password-reset", None, &bad)
        .await?;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        limited.json["message"],
        json!(domain::messages::RATE_LIMITED)
    );

    let (user, email) = app.new_user("vergeten", Some(PASSWORD)).await?;
    for _ in 0..10 {
        let asked = app
            .post_json(
                "/api/user/password-forgotten",
                None,
                &json!({ "email": email }),
            )
            .await?;
        assert_eq!(asked.status, StatusCode::OK);
    }
    let limited = app
        .post_json(
            "/api/user/password-forgotten",
            None,
            &json!({ "email": email }),
        )
        .await?;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    // Ten neutral answers, but at most three links a hour for one account.
    let links = tenancy::platform::password_tokens::issued_since(
        &app.state.platform,
        &user,
        tenancy::platform::password_tokens::Purpose::Reset,
        0,
    )
    .await?;
    assert_eq!(links, 3);
    Ok(())
}

/// A published form of Demo Gemeente with a text and a file field, made through the API.
async fn form_with_file(app: &TestApp) -> TestResult<String> {
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
            &json!({
                "form_name": "Met bijlage", "form_type": "default", "folder_id": folder, "client_id": demo,
                "schema": [
                    { "name": "titel", "label": "Titel", "elementType": "text" },
                    { "name": "bijlage", "label": "Bijlage", "elementType": "file" }
                ]
            }),
        )
        .await?;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.json);
    let form_id = created.json["form_id"]
        .as_str()
        .ok_or("form id")?
        .to_owned();
    let published = app
        .post_json(
            &format!("/api/form/{form_id}/publish"),
            Some(&manager),
            &json!([form_id]),
        )
        .await?;
    assert_eq!(published.status, StatusCode::OK);
    Ok(form_id)
}

async fn upload(app: &TestApp, key: &str, client: &str, name: &str) -> TestResult<Value> {
    let uploaded = app
        .upload(
            &format!("/api/file-upload/form?client_id={client}"),
            Some(key),
            name,
            b"%PDF-1.7 rapport",
            &[],
        )
        .await?;
    assert_eq!(uploaded.status, StatusCode::OK, "{:?}", uploaded.json);
    Ok(uploaded.json)
}

/// File values accepted any url: `javascript:`, outside sites, another client's API paths.
/// Only files uploaded to this client by the sender may be referenced, and their details
/// come from the upload, not from the sender.
#[tokio::test]
async fn file_values_refer_only_to_the_senders_own_uploads_here() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = form_with_file(&app).await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    let twee = app.login("twee").await?;
    let invuller = app.login("invuller").await?;
    let mine = upload(&app, &twee, &demo, "rapport.pdf").await?;
    let theirs = upload(&app, &invuller, &demo, "ander.pdf").await?;
    let elsewhere = upload(&app, &twee, &tweede, "elders.pdf").await?;
    let entry = |url: &str| json!([{ "url": url, "filename": "x.pdf", "filemime": "application/pdf", "filesize": 10 }]);
    let send = |token: &str, bijlage: Value| json!({ "form_id": form_id, "fill_token": token, "values": { "titel": "t", "bijlage": bijlage } });
    let refused_urls = [
        "javascript:alert(1)".to_owned(),
        "https://example.org/rapport.pdf".to_owned(),
        theirs["url"].as_str().ok_or("url")?.to_owned(),
        elsewhere["url"].as_str().ok_or("url")?.to_owned(),
        format!("/api/client/{demo}/file/onbekend"),
        format!(
            "/api/client/{demo}/file/../../{}",
            mine["fid"].as_str().unwrap_or_default()
        ),
    ];
    for (index, url) in refused_urls.iter().enumerate() {
        let answer = app
            .post_json(
                "/api/registration/",
                Some(&twee),
                &send(&format!("f{index}"), entry(url)),
            )
            .await?;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{url}");
        assert_eq!(
            answer.json["errors"][0]["detail"],
            json!(domain::messages::FILE_NOT_UPLOADED_HERE)
        );
    }
    let url = mine["url"].as_str().ok_or("url")?;
    let sent = app
        .post_json("/api/registration/", Some(&twee), &send("fok", entry(url)))
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    // Name, type and size are the upload's, whatever the sender claimed.
    assert_eq!(
        sent.json["values"]["bijlage"][0]["filename"],
        json!("rapport.pdf")
    );
    assert_eq!(
        sent.json["values"]["bijlage"][0]["filesize"],
        mine["filesize"]
    );
    Ok(())
}

/// A resend with another user's fill token and identical values answered 200 with that
/// other user's registration.
#[tokio::test]
async fn a_fill_token_replays_only_for_its_own_sender() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = app.form_id("Demo melding").await?;
    let body = json!({ "form_id": form_id, "fill_token": "gedeeld-token", "values": { "omschrijving": "Lamp kapot", "aantal": 1 } });
    let invuller = app.login("invuller").await?;
    let twee = app.login("twee").await?;
    let first = app
        .post_json("/api/registration/", Some(&invuller), &body)
        .await?;
    assert_eq!(first.status, StatusCode::CREATED);
    let replay = app
        .post_json("/api/registration/", Some(&invuller), &body)
        .await?;
    assert_eq!(replay.status, StatusCode::OK);
    let other = app
        .post_json("/api/registration/", Some(&twee), &body)
        .await?;
    assert_eq!(other.status, StatusCode::CONFLICT);
    assert!(
        !other
            .json
            .to_string()
            .contains(first.json["_id"].as_str().unwrap_or("-"))
    );
    Ok(())
}

/// The sender chose the workflow phase of a new registration; a new workflow registration
/// starts in phase '1' and moves on only through a stateTransition.
#[tokio::test]
async fn a_new_workflow_registration_starts_in_phase_one() -> TestResult {
    let app = TestApp::new().await?;
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
            &json!({ "form_name": "Werkstroom", "form_type": "workflow", "folder_id": folder, "client_id": demo,
                     "schema": [{ "name": "titel", "label": "Titel", "elementType": "text" }] }),
        )
        .await?;
    let form_id = created.json["form_id"].as_str().ok_or("form")?;
    app.post_json(
        &format!("/api/form/{form_id}/publish"),
        Some(&manager),
        &json!([form_id]),
    )
    .await?;
    let invuller = app.login("invuller").await?;
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&invuller),
            &json!({ "form_id": form_id, "fill_token": "fase", "registration_phase": "7", "values": { "titel": "x" } }),
        )
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    assert_eq!(sent.json["registration_phase"], json!("1"));
    Ok(())
}

/// The terms were enforced only by the web app: a user who had not accepted them could
/// send through the API.
#[tokio::test]
async fn no_send_before_the_terms_are_accepted() -> TestResult {
    let app = TestApp::new().await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    let anders = app.login("anders").await?;
    let manager_key = app.login("admin").await?;
    // A published form in Tweede Gemeente, open to everyone there.
    let folder = app
        .post_json(
            &format!("/api/client/{tweede}/folder"),
            Some(&manager_key),
            &json!({ "folder_name": "Meldingen" }),
        )
        .await?;
    let folder_id = folder.json["folder_id"].as_str().ok_or("folder")?;
    let form = app
        .post_json(
            "/api/form",
            Some(&manager_key),
            &json!({ "form_name": "Melding", "folder_id": folder_id, "client_id": tweede,
                     "schema": [{ "name": "titel", "label": "Titel", "elementType": "text" }] }),
        )
        .await?;
    let form_id = form.json["form_id"].as_str().ok_or("form")?;
    app.post_json(
        &format!("/api/form/{form_id}/publish"),
        Some(&manager_key),
        &json!([form_id]),
    )
    .await?;
    let body =
        json!({ "form_id": form_id, "fill_token": "voorwaarden", "values": { "titel": "x" } });
    let refused = app
        .post_json("/api/registration/", Some(&anders), &body)
        .await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.json["code"], json!("terms_required"));
    // Roles and credits are readable before (the web app needs them to show the wall).
    let info = app
        .get(&format!("/api/client/{tweede}/info"), Some(&anders))
        .await?;
    assert_eq!(info.status, StatusCode::OK);
    app.post_json(
        &format!("/api/client/{tweede}/accept-terms-and-conditions"),
        Some(&anders),
        &json!({ "client_uuid": tweede }),
    )
    .await?;
    let sent = app
        .post_json("/api/registration/", Some(&anders), &body)
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    Ok(())
}

/// A multipart body of `size` bytes of file content.
fn big_multipart(size: usize) -> (String, Vec<u8>) {
    let boundary = "eformgrens";
    let mut body = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"groot.bin\"\r\n\r\n").into_bytes();
    body.extend(std::iter::repeat_n(b'x', size));
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Uploads were read in full (up to 20 MB, in memory) before the api-key was checked, and
/// guest uploads had no quota. Now the key and target are checked first, the file streams
/// to disk, and a client's storage and the guests' daily allowance are limited.
#[tokio::test]
async fn uploads_are_authorised_first_and_counted_against_quotas() -> TestResult {
    let app = TestApp::with(|config| {
        config.client_quota_mb = 2;
        config.guest_upload_mb_per_day = 1;
    })
    .await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let (kind, body) = big_multipart(1024);
    let uri = format!("/api/file-upload/form?client_id={demo}");
    for key in [None, Some("onbekende-sleutel")] {
        let answer = app
            .send(Method::POST, &uri, key, Some(&kind), body.clone())
            .await?;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{key:?}");
    }
    let anders = app.login("anders").await?;
    let answer = app
        .send(Method::POST, &uri, Some(&anders), Some(&kind), body.clone())
        .await?;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);

    // Guests: one MiB a day for the client, then 429.
    let db = app.tenant("Demo Gemeente").await?;
    let guest_id = tenancy::tenant::forms::find_by_name(&db, "Gastmelding")
        .await?
        .ok_or("form")?
        .guest_id
        .ok_or("guest")?;
    let guest_uri = format!("/api/file-upload/form?guest_id={guest_id}");
    let guest_upload = |size: usize| {
        let (kind, body) = big_multipart(size);
        let app = &app;
        let guest_uri = guest_uri.clone();
        async move {
            app.send(Method::POST, &guest_uri, None, Some(&kind), body)
                .await
        }
    };
    assert_eq!(guest_upload(700 * 1024).await?.status, StatusCode::OK);
    let over = guest_upload(700 * 1024).await?;
    assert_eq!(
        over.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{:?}",
        over.json
    );
    assert_eq!(
        over.json["message"],
        json!(domain::messages::GUEST_UPLOADS_USED_UP)
    );
    assert_eq!(guest_upload(300 * 1024).await?.status, StatusCode::OK);
    assert_eq!(
        guest_upload(30 * 1024).await?.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Signed-in users: the client's quota of 2 MiB, of which 1000 KiB is used.
    let invuller = app.login("invuller").await?;
    let (kind, big) = big_multipart(1100 * 1024);
    let full = app
        .send(Method::POST, &uri, Some(&invuller), Some(&kind), big)
        .await?;
    assert_eq!(full.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        full.json["message"],
        json!(domain::messages::CLIENT_STORAGE_FULL)
    );
    let (kind, fits) = big_multipart(1000 * 1024);
    let stored = app
        .send(Method::POST, &uri, Some(&invuller), Some(&kind), fits)
        .await?;
    assert_eq!(stored.status, StatusCode::OK);
    // Nothing half-written stays behind.
    let leftovers = std::fs::read_dir(db.files_dir())?
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().ends_with(".partial"))
        .count();
    assert_eq!(leftovers, 0);
    Ok(())
}

/// A user file was served inline as `application/octet-stream` without `nosniff`.
#[tokio::test]
async fn downloads_are_attachments_with_their_type() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("invuller").await?;
    let uploaded = app
        .upload(
            &format!("/api/file-upload/form?client_id={demo}"),
            Some(&key),
            "rapport <script>.html",
            b"<html><script>alert(1)</script></html>",
            &[],
        )
        .await?;
    assert_eq!(uploaded.status, StatusCode::OK, "{:?}", uploaded.json);
    let url = uploaded.json["url"].as_str().ok_or("url")?;
    let download = app.get(url, Some(&key)).await?;
    assert_eq!(download.status, StatusCode::OK);
    let header = |name: &str| {
        download
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(header("content-type"), "application/octet-stream");
    assert!(header("content-disposition").starts_with("attachment;"));
    assert!(header("content-disposition").contains("filename*=UTF-8''rapport%20%3Cscript%3E.html"));
    assert_eq!(header("x-content-type-options"), "nosniff");
    // Another client's users cannot fetch it.
    let anders = app.login("anders").await?;
    assert_eq!(
        app.get(url, Some(&anders)).await?.status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

/// No length limits: a 1 MB text value, a 100 KB folder name and NUL or zero-width folder
/// names were accepted; `maxLength: -5` and a broken formula were accepted in a schema.
#[tokio::test]
async fn names_values_and_schemas_have_limits() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let manager = app.login("formulieren").await?;
    let folder_uri = format!("/api/client/{demo}/folder");
    for (name, detail) in [
        ("x".repeat(100 * 1024), domain::messages::NAME_TOO_LONG),
        ("a\u{0}b".to_owned(), domain::messages::NAME_INVALID),
        ("\u{200B}".to_owned(), domain::messages::NAME_INVALID),
        (
            "Map\u{202E}gpj.exe".to_owned(),
            domain::messages::NAME_INVALID,
        ),
        ("   ".to_owned(), domain::messages::FOLDER_NAME_REQUIRED),
    ] {
        let answer = app
            .post_json(&folder_uri, Some(&manager), &json!({ "folder_name": name }))
            .await?;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}");
        assert_eq!(
            answer.json["errors"][0]["detail"],
            json!(detail),
            "{name:?}"
        );
    }
    let fine = app
        .post_json(
            &folder_uri,
            Some(&manager),
            &json!({ "folder_name": "Café 'de Zwaan' – ĳs" }),
        )
        .await?;
    assert_eq!(fine.status, StatusCode::CREATED);

    let form_id = app.form_id("Demo melding").await?;
    let invuller = app.login("invuller").await?;
    let long = json!({ "form_id": form_id, "fill_token": "lang", "values": { "omschrijving": "x".repeat(10_001), "aantal": 1 } });
    let refused = app
        .post_json("/api/registration/", Some(&invuller), &long)
        .await?;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json["errors"][0]["detail"],
        json!(domain::messages::field_max_length(10_000))
    );
    let megabyte = json!({ "form_id": form_id, "fill_token": "mb", "values": { "omschrijving": "x".repeat(1024 * 1024), "aantal": 1 } });
    let too_big = app
        .post_json("/api/registration/", Some(&invuller), &megabyte)
        .await?;
    assert_eq!(too_big.status, StatusCode::PAYLOAD_TOO_LARGE);

    let form_uri = format!("/api/form/{form_id}");
    for (schema, pointer) in [
        (
            json!([{ "name": "t", "label": "T", "elementType": "text", "validation": [{ "name": "maxLength", "value": -5 }] }]),
            "/schema/0/validation/0/value",
        ),
        (
            json!([{ "name": "c", "label": "C", "elementType": "calculation", "formula": "$a$ * (" }]),
            "/schema/0/formula",
        ),
    ] {
        let answer = app
            .patch_json(&form_uri, Some(&manager), &json!({ "schema": schema }))
            .await?;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{pointer}");
        assert_eq!(
            answer.json["errors"][0]["source"]["pointer"],
            json!(pointer)
        );
    }
    Ok(())
}
