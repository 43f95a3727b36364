//! Bytes on the wire (issue 17): the web app's files go out as the brotli or gzip copies the
//! build made, API answers of some size are compressed, and images are left as they are.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{TestApp, TestResult};
use std::io::Read;

async fn fetch(
    app: &TestApp,
    uri: &str,
    accept: &str,
    key: Option<&str>,
) -> TestResult<common::Answer> {
    let mut request = Request::get(uri).header(header::ACCEPT_ENCODING, accept);
    if let Some(key) = key {
        request = request.header("api-key", key);
    }
    app.dispatch(request.body(Body::empty())?).await
}

#[tokio::test]
async fn web_files_go_out_precompressed_and_api_answers_compressed() -> TestResult {
    let web = tempfile::tempdir()?;
    std::fs::create_dir(web.path().join("assets"))?;
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><title>eform</title>",
    )?;
    std::fs::write(web.path().join("index.html.br"), "index-br")?;
    let script = "console.log('eform');\n".repeat(200);
    std::fs::write(web.path().join("assets/app-1.js"), &script)?;
    std::fs::write(web.path().join("assets/app-1.js.br"), "brotli copy")?;
    std::fs::write(web.path().join("assets/app-1.js.gz"), "gzip copy")?;
    let dir = web.path().to_owned();
    let app = TestApp::with(move |config| config.web_dir = dir).await?;

    let br = fetch(&app, "/assets/app-1.js", "gzip, deflate, br", None).await?;
    assert_eq!(br.status, StatusCode::OK);
    assert_eq!(br.headers[header::CONTENT_ENCODING], "br");
    assert_eq!(br.body, b"brotli copy");
    assert_eq!(br.headers[header::VARY], "accept-encoding");
    let gz = fetch(&app, "/assets/app-1.js", "gzip", None).await?;
    assert_eq!(gz.headers[header::CONTENT_ENCODING], "gzip");
    assert_eq!(gz.body, b"gzip copy");
    let plain = fetch(&app, "/assets/app-1.js", "identity", None).await?;
    assert!(plain.headers.get(header::CONTENT_ENCODING).is_none());
    assert_eq!(plain.body, script.as_bytes());
    // A deep link gets index.html, compressed too.
    let deep = fetch(&app, "/form/abc/0", "br", None).await?;
    assert_eq!(deep.body, b"index-br");

    // A form schema is compressed on the way out and reads back the same.
    let key = app.login("invuller").await?;
    let form_id = app.form_id("Alle elementen").await?;
    let uri = format!("/api/form/{form_id}");
    let plain = fetch(&app, &uri, "identity", Some(&key)).await?;
    assert_eq!(plain.status, StatusCode::OK);
    assert!(plain.body.len() > 1024, "{}", plain.body.len());
    let zipped = fetch(&app, &uri, "gzip", Some(&key)).await?;
    assert_eq!(zipped.headers[header::CONTENT_ENCODING], "gzip");
    assert!(zipped.body.len() < plain.body.len() / 2);
    let mut unpacked = Vec::new();
    flate2::read::GzDecoder::new(zipped.body.as_slice()).read_to_end(&mut unpacked)?;
    assert_eq!(unpacked, plain.body);
    // Images are left alone.
    let png = fetch(
        &app,
        "/api/qr/location-to-google-maps/52.1/5.3/qr-code.png",
        "gzip",
        None,
    )
    .await?;
    assert!(png.headers.get(header::CONTENT_ENCODING).is_none());
    Ok(())
}
