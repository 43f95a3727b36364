//! The form builder's favourite elements and its image tag and static file uploads.

mod common;

use axum::http::StatusCode;
use common::{TestApp, TestResult};
use serde_json::json;

#[tokio::test]
async fn favourites_belong_to_one_user_in_one_client() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let uri = format!("/api/client/{demo}/favorite-elements");
    let formulieren = app.login("formulieren").await?;
    let beheerder = app.login("beheerder").await?;
    let element = json!({ "name": "adres", "label": "Adres", "elementType": "text" });

    let nameless = app
        .post_json(
            &uri,
            Some(&formulieren),
            &json!({ "favoriteName": " ", "element": element }),
        )
        .await?;
    assert_eq!(nameless.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        nameless.json["message"],
        json!("Favoriet is niet opgeslagen, u moet een naam opgeven")
    );
    let first = app
        .post_json(
            &uri,
            Some(&formulieren),
            &json!({ "favoriteName": "Adres", "element": element }),
        )
        .await?;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(first.json["element"], element);
    app.post_json(
        &uri,
        Some(&formulieren),
        &json!({ "favoriteName": "Tweede", "element": {} }),
    )
    .await?;
    let mine = app.get(&uri, Some(&formulieren)).await?;
    let names: Vec<&str> = mine
        .json
        .as_array()
        .ok_or("list")?
        .iter()
        .filter_map(|f| f["favoriteName"].as_str())
        .collect();
    assert_eq!(names, ["Tweede", "Adres"]);
    // Another user sees none of them and cannot delete them.
    assert_eq!(app.get(&uri, Some(&beheerder)).await?.json, json!([]));
    let one = format!("{uri}/{}", first.json["uuid"].as_str().ok_or("uuid")?);
    assert_eq!(
        app.delete(&one, Some(&beheerder)).await?.status,
        StatusCode::NOT_FOUND
    );
    // Nor does the same user in another client.
    let admin = app.login("admin").await?;
    app.post_json(
        &uri,
        Some(&admin),
        &json!({ "favoriteName": "Van admin", "element": {} }),
    )
    .await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    assert_eq!(
        app.get(
            &format!("/api/client/{tweede}/favorite-elements"),
            Some(&admin)
        )
        .await?
        .json,
        json!([])
    );
    let anders = app.login("anders").await?;
    assert_eq!(
        app.get(&uri, Some(&anders)).await?.status,
        StatusCode::FORBIDDEN
    );

    let deleted = app.delete(&one, Some(&formulieren)).await?;
    assert_eq!(
        (deleted.status, deleted.json),
        (StatusCode::OK, json!({ "status": true }))
    );
    assert_eq!(
        app.get(&uri, Some(&formulieren))
            .await?
            .json
            .as_array()
            .map(Vec::len),
        Some(1)
    );

    // 'eform manage form edit' is needed for every favourite call.
    let lezer = app.login("lezer").await?;
    assert_eq!(
        app.get(&uri, Some(&lezer)).await?.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_json(
            &uri,
            Some(&lezer),
            &json!({ "favoriteName": "X", "element": {} })
        )
        .await?
        .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.delete(&one, Some(&lezer)).await?.status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

#[tokio::test]
async fn builder_uploads_take_only_their_types_and_need_form_edit() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let key = app.login("formulieren").await?;
    let fields = [("client_id", demo.as_str())];
    let gif = b"GIF89a\x01\x00\x01\x00";
    let pdf = b"%PDF-1.4 uitleg";

    let image = app
        .upload(
            "/api/file-upload/imagetag",
            Some(&key),
            "logo.gif",
            gif,
            &fields,
        )
        .await?;
    assert_eq!(image.status, StatusCode::OK, "{:?}", image.json);
    assert_eq!(image.json["filemime"], json!("image/gif"));
    let url = image.json["url"].as_str().ok_or("url")?;
    assert_eq!(app.get(url, Some(&key)).await?.status, StatusCode::OK);
    let refused = app
        .upload(
            "/api/file-upload/imagetag",
            Some(&key),
            "uitleg.pdf",
            pdf,
            &fields,
        )
        .await?;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json["message"],
        json!(domain::messages::IMAGE_TAG_TYPE_NOT_ALLOWED)
    );

    for (name, bytes, mime) in [
        ("uitleg.pdf", &pdf[..], "application/pdf"),
        ("lees.txt", b"hallo", "text/plain"),
        ("logo.gif", gif, "image/gif"),
    ] {
        let answer = app
            .upload(
                "/api/file-upload/static-file",
                Some(&key),
                name,
                bytes,
                &fields,
            )
            .await?;
        assert_eq!(answer.status, StatusCode::OK, "{name}: {:?}", answer.json);
        assert_eq!(answer.json["filemime"], json!(mime));
    }
    let bmp = app
        .upload(
            "/api/file-upload/static-file",
            Some(&key),
            "plaatje.bmp",
            b"BM....",
            &fields,
        )
        .await?;
    assert_eq!(
        bmp.json["message"],
        json!(domain::messages::STATIC_FILE_TYPE_NOT_ALLOWED)
    );
    let fake = app
        .upload(
            "/api/file-upload/static-file",
            Some(&key),
            "nep.pdf",
            b"geen pdf",
            &fields,
        )
        .await?;
    assert_eq!(fake.status, StatusCode::UNPROCESSABLE_ENTITY);

    let lezer = app.login("lezer").await?;
    let anders = app.login("anders").await?;
    for who in [&lezer, &anders] {
        for uri in ["/api/file-upload/imagetag", "/api/file-upload/static-file"] {
            assert_eq!(
                app.upload(uri, Some(who), "logo.gif", gif, &fields)
                    .await?
                    .status,
                StatusCode::FORBIDDEN,
                "{uri}"
            );
        }
    }
    assert_eq!(
        app.upload("/api/file-upload/imagetag", None, "logo.gif", gif, &fields)
            .await?
            .status,
        StatusCode::UNAUTHORIZED
    );
    Ok(())
}
