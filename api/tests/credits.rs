//! Credits, purchases and the dashboard (issue 14, decision 022): orders on invoice and
//! through Mollie (a local server in Mollie's shapes) granted exactly once, held
//! registrations released when credits come, the low-credit mail once per crossing, the
//! buy forms' Dutch texts, the charts and reports, and who may do what.

mod common;

use axum::http::StatusCode;
use common::inspection::world;
use common::{TestApp, TestResult, mail};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A raw connection to the client's file, for what the test sets up behind the API.
async fn tenant_file(app: &TestApp, client: &str) -> TestResult<sqlx::SqlitePool> {
    let file = app
        .dir
        .path()
        .join("tenants")
        .join(client)
        .join("tenant.db");
    Ok(sqlx::SqlitePool::connect_with(
        sqlx::sqlite::SqliteConnectOptions::new()
            .filename(file)
            .busy_timeout(std::time::Duration::from_secs(10)),
    )
    .await?)
}

fn contact() -> Value {
    json!({
        "contact_company": "Demo Gemeente", "contact_firstname": "Anna", "contact_lastname": "de Vries",
        "contact_street": "Markt 1", "contact_postal_code": "1234 AB", "contact_city": "Demostad",
        "contact_email": "inkoop@demo.test", "contact_tax_number": ""
    })
}

fn with(mut body: Value, extra: Value) -> Value {
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    body
}

/// Credits left in the client as an admin sees them.
async fn credits_left(app: &TestApp, client: &str, admin: &str) -> TestResult<i64> {
    let details = app
        .get(&format!("/api/client/{client}"), Some(admin))
        .await?;
    details.json["credits"]
        .as_i64()
        .ok_or_else(|| "credits".into())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_on_invoice_is_granted_once_and_releases_what_was_held() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let admin = app.login("admin").await?;
    let beheerder = app.login("beheerder").await?;
    let invuller = app.login("invuller").await?;
    // The client runs out: a send is kept on hold and not listed.
    let file = tenant_file(&app, &demo).await?;
    sqlx::query("UPDATE credits SET credits_left = 0")
        .execute(&file)
        .await?;
    let manager = app.login("formulieren").await?;
    let list_uri = format!("/api/form/{form_id}/registrations");
    let listed_before =
        app.get(&list_uri, Some(&manager)).await?.json["registrations_count"].clone();
    let hooked = app
        .patch_json(
            &format!("/api/form/{form_id}"),
            Some(&manager),
            &json!({ "webhook_integrations": [
                { "hook_name": "Zaaksysteem", "hook_type": "post-to-url", "hook_url": "http://127.0.0.1:9/hook" }
            ] }),
        )
        .await?;
    assert_eq!(hooked.status, StatusCode::OK, "{:?}", hooked.json);
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&invuller),
            &json!({ "form_id": form_id, "values": { "naam": "Wacht op credits", "aantal": 1 } }),
        )
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    let held_id = sent.json["_id"].as_str().ok_or("id")?.to_owned();
    let status: String = sqlx::query_scalar("SELECT status FROM registrations WHERE id = ?1")
        .bind(&held_id)
        .fetch_one(&file)
        .await?;
    assert_eq!(status, "hold");
    let listed = app.get(&list_uri, Some(&manager)).await?;
    assert_eq!(listed.json["registrations_count"], listed_before);

    // The manager orders a bundle on invoice: pending, with the credits page as checkout.
    let bundles = app
        .get(
            &format!("/api/clients/{demo}/credit-bundles"),
            Some(&beheerder),
        )
        .await?;
    assert_eq!(bundles.status, StatusCode::OK, "{:?}", bundles.json);
    let bundle = bundles.json[0].clone();
    assert_eq!(bundle["name"], json!("Starter"));
    assert_eq!(bundle["pricePerCredit"], json!(12.0));
    let ordered = app
        .post_json(
            &format!("/api/clients/{demo}/credit-buy"),
            Some(&beheerder),
            &with(contact(), json!({ "bundle": bundle["id"], "terms": true })),
        )
        .await?;
    assert_eq!(ordered.status, StatusCode::OK, "{:?}", ordered.json);
    assert_eq!(ordered.json["provider"], json!("invoice"));
    let purchase = ordered.json["purchase_id"]
        .as_str()
        .ok_or("purchase")?
        .to_owned();
    assert_eq!(
        ordered.json["checkout-url"],
        json!(format!(
            "http://eform.test/clients/{demo}/credits?purchase={purchase}"
        ))
    );
    assert_eq!(
        ordered.json["message"],
        json!(domain::messages::ORDER_RECEIVED)
    );

    // Only admins see and confirm open orders.
    assert_eq!(
        app.get("/api/purchases", Some(&beheerder)).await?.status,
        StatusCode::FORBIDDEN
    );
    let open = app.get("/api/purchases", Some(&admin)).await?;
    assert_eq!(open.json[0]["id"], json!(purchase));
    assert_eq!(open.json[0]["client_name"], json!("Demo Gemeente"));
    assert_eq!(open.json[0]["amount"], json!(7_260));
    let uri = format!("/api/purchases/{purchase}/confirm");
    assert_eq!(
        app.post_json(&uri, Some(&beheerder), &json!({}))
            .await?
            .status,
        StatusCode::FORBIDDEN
    );
    // Confirmed twice at once: the credits come once.
    let empty = json!({});
    let (first, second) = tokio::join!(
        app.post_json(&uri, Some(&admin), &empty),
        app.post_json(&uri, Some(&admin), &empty)
    );
    assert_eq!(first?.status, StatusCode::OK);
    assert_eq!(second?.status, StatusCode::OK);
    assert_eq!(
        app.post_json(&uri, Some(&admin), &json!({})).await?.status,
        StatusCode::OK
    );
    assert_eq!(credits_left(&app, &demo, &admin).await?, 500);
    let ledger = app
        .get(
            &format!("/jsonapi/eform_credit/eform_credit?filter%5Bclient_id.id%5D={demo}"),
            Some(&beheerder),
        )
        .await?;
    let bought: Vec<&Value> = ledger.json["data"]
        .as_array()
        .ok_or("data")?
        .iter()
        .filter(|credit| credit["id"] == json!(purchase))
        .collect();
    assert_eq!(bought.len(), 1);
    assert_eq!(
        bought[0]["attributes"]["contact"]["contact_company"],
        json!("Demo Gemeente")
    );
    assert_eq!(
        app.get("/api/purchases", Some(&admin)).await?.json,
        json!([])
    );

    // The credits run releases the held registration: listed, its webhook recorded.
    let ctx = app.state.job_context()?;
    let run = worker::credits::run(&ctx, &demo).await?;
    assert_eq!(run.released, 1);
    let status: String = sqlx::query_scalar("SELECT status FROM registrations WHERE id = ?1")
        .bind(&held_id)
        .fetch_one(&file)
        .await?;
    assert_eq!(status, "completed");
    let deliveries: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM deliveries WHERE registration_id = ?1")
            .bind(&held_id)
            .fetch_one(&file)
            .await?;
    assert_eq!(deliveries, 1);
    let listed = app.get(&list_uri, Some(&manager)).await?;
    assert_eq!(
        listed.json["registrations_count"].as_i64(),
        listed_before.as_i64().map(|n| n + 1)
    );
    assert_eq!(credits_left(&app, &demo, &admin).await?, 499);
    // Run again: nothing more.
    assert_eq!(worker::credits::run(&ctx, &demo).await?.released, 0);
    Ok(())
}

/// A local server answering as Mollie's payments API does; counts the payments it made.
async fn fake_mollie(
    status: Arc<std::sync::Mutex<&'static str>>,
) -> TestResult<(String, Arc<AtomicUsize>)> {
    use axum::extract::Path;
    use axum::routing::{get, post};
    let made = Arc::new(AtomicUsize::new(0));
    let counter = made.clone();
    let app = axum::Router::new()
        .route(
            "/v2/payments",
            post(move |body: axum::Json<Value>| {
                let counter = counter.clone();
                async move {
                    counter.fetch_add(1, Ordering::SeqCst);
                    assert_eq!(body["amount"]["currency"], json!("EUR"));
                    (
                        StatusCode::CREATED,
                        axum::Json(json!({
                            "resource": "payment", "id": "tr_WDqYK6vllg", "mode": "test",
                            "amount": body["amount"], "status": "open",
                            "metadata": body["metadata"],
                            "_links": { "checkout": { "href": "https://www.mollie.com/checkout/select-method/WDqYK6vllg", "type": "text/html" } }
                        })),
                    )
                }
            }),
        )
        .route(
            "/v2/payments/{id}",
            get(move |Path(id): Path<String>| {
                let status = status.clone();
                async move {
                    let now = *status.lock().unwrap_or_else(|p| p.into_inner());
                    axum::Json(json!({ "resource": "payment", "id": id, "status": now }))
                }
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok((format!("http://{address}/v2"), made))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mollie_payment_is_read_from_mollie_and_granted_once_however_often_it_calls() -> TestResult
{
    let status = Arc::new(std::sync::Mutex::new("open"));
    let (url, made) = fake_mollie(status.clone()).await?;
    let app = TestApp::with(|config| {
        config.mollie_api_key = Some("test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM".into());
        config.mollie_api_url = url;
    })
    .await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let admin = app.login("admin").await?;
    let beheerder = app.login("beheerder").await?;
    let before = credits_left(&app, &demo, &admin).await?;
    let modules = app
        .get(&format!("/api/clients/{demo}/modules"), Some(&beheerder))
        .await?;
    assert_eq!(modules.status, StatusCode::OK);
    let ordered = app
        .post_json(
            &format!("/api/clients/{demo}/credit-buy"),
            Some(&beheerder),
            &with(
                contact(),
                json!({ "bundle": "0193a8f0-0000-7000-8000-000000000002", "terms": true }),
            ),
        )
        .await?;
    assert_eq!(ordered.status, StatusCode::OK, "{:?}", ordered.json);
    assert_eq!(ordered.json["provider"], json!("mollie"));
    assert_eq!(
        ordered.json["checkout-url"],
        json!("https://www.mollie.com/checkout/select-method/WDqYK6vllg")
    );
    assert_eq!(made.load(Ordering::SeqCst), 1);
    let webhook = || {
        let app = &app;
        async move {
            app.send(
                axum::http::Method::POST,
                "/api/payments/mollie",
                None,
                Some("application/x-www-form-urlencoded"),
                b"id=tr_WDqYK6vllg".to_vec(),
            )
            .await
        }
    };
    // Still open: nothing granted, whatever the call says.
    assert_eq!(webhook().await?.status, StatusCode::OK);
    assert_eq!(credits_left(&app, &demo, &admin).await?, before);
    // Paid: the webhook arrives twice at once, and once more later; granted once.
    *status.lock().unwrap_or_else(|p| p.into_inner()) = "paid";
    let (a, b) = tokio::join!(webhook(), webhook());
    assert_eq!((a?.status, b?.status), (StatusCode::OK, StatusCode::OK));
    assert_eq!(webhook().await?.status, StatusCode::OK);
    assert_eq!(credits_left(&app, &demo, &admin).await?, before + 2_500);
    // An unknown payment is heard and ignored.
    let unknown = app
        .send(
            axum::http::Method::POST,
            "/api/payments/mollie",
            None,
            Some("application/x-www-form-urlencoded"),
            b"id=tr_onbekend".to_vec(),
        )
        .await?;
    assert_eq!(unknown.status, StatusCode::OK);
    assert_eq!(credits_left(&app, &demo, &admin).await?, before + 2_500);
    // A call that names no payment is not Mollie's.
    let nameless = app
        .send(
            axum::http::Method::POST,
            "/api/payments/mollie",
            None,
            Some("application/x-www-form-urlencoded"),
            Vec::new(),
        )
        .await?;
    assert_eq!(nameless.status, StatusCode::BAD_REQUEST);
    Ok(())
}

#[tokio::test]
async fn the_buy_forms_refuse_with_the_spec_s_texts() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let beheerder = app.login("beheerder").await?;
    let no_module = app
        .post_json(
            &format!("/api/clients/{demo}/modules-buy"),
            Some(&beheerder),
            &with(contact(), json!({ "terms": true })),
        )
        .await?;
    assert_eq!(no_module.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        no_module.json["message"],
        json!(domain::messages::MODULE_NOT_CHOSEN)
    );
    let owned = app
        .post_json(
            &format!("/api/clients/{demo}/modules-buy"),
            Some(&beheerder),
            &with(
                contact(),
                json!({ "selected_module": "word", "terms": true }),
            ),
        )
        .await?;
    assert_eq!(owned.json["message"], json!(domain::messages::MODULE_OWNED));
    let empty = app
        .post_json(
            &format!("/api/clients/{demo}/credit-buy"),
            Some(&beheerder),
            &json!({ "bundle": "0193a8f0-0000-7000-8000-000000000001", "contact_email": "geen" }),
        )
        .await?;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let fields: Vec<&str> = empty.json["errors"]
        .as_array()
        .ok_or("errors")?
        .iter()
        .filter_map(|error| error["source"]["pointer"].as_str())
        .collect();
    assert_eq!(
        fields,
        [
            "/contact_company",
            "/contact_firstname",
            "/contact_lastname",
            "/contact_street",
            "/contact_postal_code",
            "/contact_city",
            "/contact_email",
            "/terms"
        ]
    );
    assert_eq!(
        empty.json["errors"][0]["detail"],
        json!("Bedrijfsnaam is verplicht.")
    );
    let no_bundle = app
        .post_json(
            &format!("/api/clients/{demo}/credit-buy"),
            Some(&beheerder),
            &with(contact(), json!({ "bundle": "weg", "terms": true })),
        )
        .await?;
    assert_eq!(
        no_bundle.json["message"],
        json!(domain::messages::BUNDLE_UNKNOWN)
    );
    // Credits by hand: admins only, with their own checks.
    let add = |attributes: Value| {
        json!({ "data": { "type": "eform_credit--eform_credit", "attributes": attributes,
            "relationships": { "client_id": { "data": { "type": "client--client", "id": demo } } } } })
    };
    let refused = app
        .post_json(
            "/jsonapi/eform_credit/eform_credit",
            Some(&beheerder),
            &add(with(
                contact(),
                json!({ "name": "Handmatig", "credits_total": 10 }),
            )),
        )
        .await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let admin = app.login("admin").await?;
    let negative = app
        .post_json(
            "/jsonapi/eform_credit/eform_credit",
            Some(&admin),
            &add(with(
                contact(),
                json!({ "name": "Handmatig", "credits_total": -5 }),
            )),
        )
        .await?;
    assert_eq!(negative.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        negative.json["errors"][0]["detail"],
        json!(domain::messages::CREDITS_TOTAL_INVALID)
    );
    let added = app
        .post_json(
            "/jsonapi/eform_credit/eform_credit",
            Some(&admin),
            &add(with(
                contact(),
                json!({ "name": "Handmatig", "credits_total": "10" }),
            )),
        )
        .await?;
    assert_eq!(added.status, StatusCode::CREATED, "{:?}", added.json);
    assert_eq!(added.json["data"]["attributes"]["credits_left"], json!(10));
    let expiry = added.json["data"]["attributes"]["credit_expire_date"]
        .as_str()
        .ok_or("expiry")?;
    let today = domain::dates::local_datetime(tenancy::now());
    assert_eq!(
        Some(expiry.to_owned()),
        domain::purchases::years_after(&today[..10], 2)
    );
    Ok(())
}

/// Found by the contract test: an edit without a price saved the offer at price 0, and a
/// whole number written as `500.0` (an integer to JSON Schema) was refused as unreadable.
#[tokio::test]
async fn an_offer_without_a_price_is_refused_and_whole_floats_are_whole_numbers() -> TestResult {
    let app = TestApp::new().await?;
    let admin = app.login("admin").await?;
    let made = app
        .post_json(
            "/api/credit-bundles",
            Some(&admin),
            &json!({ "name": "Proef", "credits": 500.0, "price": 12500.0 }),
        )
        .await?;
    assert_eq!(made.status, StatusCode::CREATED, "{:?}", made.json);
    assert_eq!(
        (made.json["credits"].clone(), made.json["price"].clone()),
        (json!(500), json!(12500))
    );
    let id = made.json["id"].as_str().ok_or("id")?;
    let fraction = app
        .post_json(
            "/api/credit-bundles",
            Some(&admin),
            &json!({ "name": "Proef", "credits": 500.5, "price": 1 }),
        )
        .await?;
    assert_eq!(fraction.status, StatusCode::BAD_REQUEST);
    let no_price = app
        .patch_json(
            &format!("/api/credit-bundles/{id}"),
            Some(&admin),
            &json!({ "name": "Gratis?", "credits": 500 }),
        )
        .await?;
    assert_eq!(no_price.status, StatusCode::UNPROCESSABLE_ENTITY);
    let bundles = app.get("/api/credit-bundles", Some(&admin)).await?;
    let kept = bundles
        .json
        .as_array()
        .ok_or("bundles")?
        .iter()
        .find(|bundle| bundle["id"] == json!(id))
        .ok_or("bundle")?;
    assert_eq!(
        (kept["name"].clone(), kept["price"].clone()),
        (json!("Proef"), json!(12500))
    );
    let module = app
        .patch_json(
            "/api/module-offers/word",
            Some(&admin),
            &json!({ "name": "Word", "enabled": true }),
        )
        .await?;
    assert_eq!(module.status, StatusCode::UNPROCESSABLE_ENTITY);
    let priced = app
        .patch_json(
            "/api/module-offers/word",
            Some(&admin),
            &json!({ "name": "Word", "price": 2500.0 }),
        )
        .await?;
    assert_eq!(priced.status, StatusCode::OK, "{:?}", priced.json);
    assert_eq!(priced.json["price"], json!(2500));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_low_credit_mail_goes_once_per_crossing() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let admin = app.login("admin").await?;
    // The client's contact address hears it: a fresh one, maildev is shared.
    let to = format!("credits-{}@demo.test", uuid::Uuid::new_v4().simple());
    let client = domain::ids::ClientId::parse(&demo).ok_or("id")?;
    let mut row = tenancy::platform::clients::find(&app.state.platform, &client)
        .await?
        .ok_or("client")?;
    row.low_credit_email_limit = 3;
    row.contact = json!({ "email": to });
    tenancy::platform::clients::upsert(&app.state.platform, &row).await?;
    let file = tenant_file(&app, &demo).await?;
    sqlx::query("UPDATE credits SET credits_left = 0")
        .execute(&file)
        .await?;
    let add = |total: i64| {
        json!({ "data": { "type": "eform_credit--eform_credit",
            "attributes": with(contact(), json!({ "name": "Handmatig", "credits_total": total })),
            "relationships": { "client_id": { "data": { "type": "client--client", "id": demo } } } } })
    };
    app.post_json("/jsonapi/eform_credit/eform_credit", Some(&admin), &add(4))
        .await?;
    let ctx = mail::smtp_context(&app)?;
    let invuller = app.login("invuller").await?;
    let send = |n: i64| {
        let app = &app;
        let invuller = invuller.clone();
        let form_id = form_id.clone();
        async move {
            app.post_json(
                "/api/registration/",
                Some(&invuller),
                &json!({ "form_id": form_id, "values": { "naam": format!("melding {n}"), "aantal": n } }),
            )
            .await
        }
    };
    // 4 left: above the limit, no mail.
    assert!(!worker::credits::run(&ctx, &demo).await?.low_credit_mailed);
    // 2 left: below, one mail; looked at again, none more.
    send(1).await?;
    send(2).await?;
    assert!(worker::credits::run(&ctx, &demo).await?.low_credit_mailed);
    send(3).await?;
    assert!(!worker::credits::run(&ctx, &demo).await?.low_credit_mailed);
    let first = mail::receive_mail(&to).await?;
    assert_eq!(
        first["subject"],
        json!(domain::messages::low_credit_subject("Demo Gemeente"))
    );
    assert!(
        first["text"]
            .as_str()
            .unwrap_or_default()
            .contains("nog 2 credits")
    );
    // Topped up above the limit, then below again: a second crossing, a second mail.
    app.post_json("/jsonapi/eform_credit/eform_credit", Some(&admin), &add(5))
        .await?;
    assert!(!worker::credits::run(&ctx, &demo).await?.low_credit_mailed);
    for n in 4..8 {
        send(n).await?;
    }
    assert!(worker::credits::run(&ctx, &demo).await?.low_credit_mailed);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(mail::mails_to(&to).await?.len(), 2);
    Ok(())
}

#[tokio::test]
async fn charts_and_reports_show_a_known_data_set_to_who_may_see_it() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let tweede = app.client_id("Tweede Gemeente").await?;
    let file = tenant_file(&app, &demo).await?;
    sqlx::query("DELETE FROM credit_usage")
        .execute(&file)
        .await?;
    sqlx::query(
        "INSERT INTO credit_usage (day, used) VALUES ('2025-02-03', 5), ('2025-02-28', 2), ('2025-03-01', 7), ('2024-12-31', 9)",
    )
    .execute(&file)
    .await?;
    let financieel = app.login("financieel").await?;
    let year = app
        .get(
            &format!("/api/clients/{demo}/chart-credit-usages?year=2025"),
            Some(&financieel),
        )
        .await?;
    assert_eq!(year.status, StatusCode::OK, "{:?}", year.json);
    assert_eq!(year.json["labels"][1], json!("2025-02"));
    assert_eq!(
        year.json["series"][0]["y"],
        json!([0, 7, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    );
    let month = app
        .get(
            &format!("/api/clients/{demo}/chart-credit-usages?year=2025&month=2"),
            Some(&financieel),
        )
        .await?;
    let days = month.json["series"][0]["y"].as_array().ok_or("y")?;
    assert_eq!(days.len(), 28);
    assert_eq!((days[2].clone(), days[27].clone()), (json!(5), json!(2)));
    let bad = app
        .get(
            &format!("/api/clients/{demo}/chart-credit-usages?year=2025&month=13"),
            Some(&financieel),
        )
        .await?;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST.max(bad.status));
    assert!(bad.status.is_client_error());
    // Not another client's, not all clients' but for admins.
    assert_eq!(
        app.get(
            &format!("/api/clients/{tweede}/chart-credit-usages?year=2025"),
            Some(&financieel)
        )
        .await?
        .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get(
            "/api/clients/all/chart-credit-usages?year=2025",
            Some(&financieel)
        )
        .await?
        .status,
        StatusCode::FORBIDDEN
    );
    let admin = app.login("admin").await?;
    let all = app
        .get(
            "/api/clients/all/chart-credit-usages?year=2025",
            Some(&admin),
        )
        .await?;
    assert_eq!(all.json["series"].as_array().map(Vec::len), Some(1));
    assert_eq!(all.json["series"][0]["name"], json!("Demo Gemeente"));

    // The daily report: disk figures and a line per client.
    let ctx = app.state.job_context()?;
    let report = worker::report::run_day(&ctx, "2025-02-03").await?;
    assert!(report.disk_total > 0 && report.disk_free > 0);
    assert_eq!(
        app.get(
            "/jsonapi/dashboard_report/dashboard_report",
            Some(&financieel)
        )
        .await?
        .status,
        StatusCode::FORBIDDEN
    );
    let reports = app
        .get(
            "/jsonapi/dashboard_report/dashboard_report?filter%5Breport_date%5D%5Bvalue%5D=2025-02&sort=-report_date&page%5Blimit%5D=30",
            Some(&admin),
        )
        .await?;
    assert_eq!(reports.status, StatusCode::OK, "{:?}", reports.json);
    let attributes = &reports.json["data"][0]["attributes"];
    assert_eq!(attributes["report_date"], json!("2025-02-03"));
    let usage = attributes["credit_usage_per_client"]
        .as_array()
        .ok_or("usage")?;
    let demo_usage = usage
        .iter()
        .find(|line| line["client_id"] == json!(demo))
        .ok_or("demo line")?;
    assert_eq!(demo_usage["credit_count"], json!(5));
    assert_eq!(
        attributes["registration_count_per_client"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    Ok(())
}

/// A grant cut short after its claim (a `kill -9` between the two databases) is completed by
/// the schedule's sweep, once.
#[tokio::test]
async fn a_grant_cut_short_is_completed_by_the_sweep_once() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let admin = app.login("admin").await?;
    let beheerder = app.login("beheerder").await?;
    let before = credits_left(&app, &demo, &admin).await?;
    let ordered = app
        .post_json(
            &format!("/api/clients/{demo}/credit-buy"),
            Some(&beheerder),
            &with(
                contact(),
                json!({ "bundle": "0193a8f0-0000-7000-8000-000000000001", "terms": true }),
            ),
        )
        .await?;
    let purchase = ordered.json["purchase_id"].as_str().ok_or("purchase")?;
    // Claimed, and then the process died before the credits were written.
    assert!(tenancy::platform::purchases::claim_grant(&app.state.platform, purchase, None).await?);
    assert_eq!(credits_left(&app, &demo, &admin).await?, before);
    let ctx = app.state.job_context()?;
    let now = tenancy::now();
    assert_eq!(
        worker::purchases::sweep(&ctx, now).await?,
        std::slice::from_ref(&demo)
    );
    assert_eq!(credits_left(&app, &demo, &admin).await?, before + 500);
    assert!(worker::purchases::sweep(&ctx, now).await?.is_empty());
    assert_eq!(credits_left(&app, &demo, &admin).await?, before + 500);
    Ok(())
}
