//! The registrations list of a form's managers (document 001 screen 12): tabs, filters of
//! each kind, sorting and pages; the trash; resend.

mod common;

use axum::http::StatusCode;
use common::inspection::{serials, world};
use common::{TestApp, TestResult};
use domain::review::IndexKind;
use serde_json::json;
use tenancy::tenant::value_indexes;

#[tokio::test]
async fn filters_of_each_kind_sorting_and_pages() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let lezer = app.login("lezer").await?;
    let list = |query: &str| {
        let uri = format!("/api/form/{form_id}/registrations?{query}");
        let app = &app;
        let lezer = lezer.clone();
        async move { app.get(&uri, Some(&lezer)).await }
    };
    let all = list("").await?;
    assert_eq!(all.status, StatusCode::OK, "{:?}", all.json);
    assert_eq!(
        serials(&all.json),
        [5, 4, 3, 2, 1],
        "newest first by default"
    );
    assert_eq!(all.json["registrations_count"], json!(5));
    assert_eq!(all.json["pages_count"], json!(1));
    assert!(all.json["registrations"][0].get("schema").is_none());

    check(&list, &cases()).await?;
    // Pages: 10 a page at least; the second page of a smaller list is empty.
    let second = list("page=1&items_per_page=10").await?;
    assert_eq!(serials(&second.json), Vec::<i64>::new());
    assert_eq!(second.json["registrations_count"], json!(5));
    for bad in [
        "items_per_page=25",
        "f[0][path]=registration_date&f[0][operator]=%3D&f[0][value]=gisteren",
        "f[0][path]=aantal&f[0][operator]=%3E&f[0][value]=veel&f[0][integer]=1",
        "f[0][path]=Naam&f[0][operator]=%3D&f[0][value]=x",
        "f[0][path]=naam&f[0][operator]=like&f[0][value]=x",
        "tab=archief",
        "waarom=1",
    ] {
        assert_eq!(
            list(bad).await?.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}"
        );
    }
    Ok(())
}

/// A connection of its own to the demo client's file, for what no route does.
async fn side(app: &TestApp) -> TestResult<sqlx::SqlitePool> {
    let client = app.client_id("Demo Gemeente").await?;
    let file = app
        .dir
        .path()
        .join("tenants")
        .join(client)
        .join("tenant.db");
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(file)
        .busy_timeout(std::time::Duration::from_secs(10));
    Ok(sqlx::SqlitePool::connect_with(options).await?)
}

/// Builds a value index of the form directly, as its job would (a form this small never
/// asks for one).
async fn build_index(
    db: &tenancy::TenantDb,
    side: &sqlx::SqlitePool,
    form_id: &str,
    path: &str,
    kind: &str,
) -> TestResult {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO value_indexes (form_id, path, kind, state, requested_at) VALUES (?1, ?2, ?3, 'building', 0) RETURNING id",
    )
    .bind(form_id)
    .bind(path)
    .bind(kind)
    .fetch_one(side)
    .await?;
    let index = value_indexes::find(db, id).await?.ok_or("index")?;
    value_indexes::build(db, &index).await?;
    // Built again (a retried job) it stays one index with the same rows.
    value_indexes::build(db, &index).await?;
    Ok(())
}

#[tokio::test]
async fn value_indexes_answer_as_the_scan_does() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let db = app.tenant("Demo Gemeente").await?;
    let side = side(&app).await?;
    // A form of five registrations is never big enough to ask for an index.
    assert_eq!(
        value_indexes::claim(&db, &form_id, "naam", IndexKind::Order).await?,
        None
    );
    for (path, kind) in [
        ("naam", "order"),
        ("naam", "text"),
        ("aantal", "order"),
        ("datum", "order"),
    ] {
        build_index(&db, &side, &form_id, path, kind).await?;
    }
    assert_eq!(value_indexes::ready(&db, &form_id).await?.len(), 4);
    let lezer = app.login("lezer").await?;
    let list = |query: &str| {
        let uri = format!("/api/form/{form_id}/registrations?{query}");
        let app = &app;
        let lezer = lezer.clone();
        async move { app.get(&uri, Some(&lezer)).await }
    };
    let mut cases = cases();
    cases.extend([
        // Contains through trigrams, Dutch characters and quotes included.
        ("f[0][path]=naam&f[0][operator]=contains&f[0][value]=AAL%20KERK", vec![3]),
        ("f[0][path]=naam&f[0][operator]=contains&f[0][value]=%27de%20z", vec![4]),
        // A sort on an indexed path with a filter through another index.
        (
            "f[0][path]=naam&f[0][operator]=contains&f[0][value]=lantaarn&sort_by=aantal&sort_direction=1",
            vec![1, 3],
        ),
        (
            "f[0][path]=aantal&f[0][operator]=%3D&f[0][value]=12&f[0][integer]=1&sort_by=naam",
            vec![4],
        ),
    ]);
    check(&list, &cases).await?;

    // The text index follows every change of the rows after it was made.
    let invuller = app.login("invuller").await?;
    let sent = app
        .post_json(
            "/api/registration/",
            Some(&invuller),
            &json!({ "form_id": form_id, "values": { "naam": "Lantaarn bij de kerk", "aantal": 2 } }),
        )
        .await?;
    assert_eq!(sent.status, StatusCode::CREATED, "{:?}", sent.json);
    let lantaarn = "f[0][path]=naam&f[0][operator]=contains&f[0][value]=lantaarn";
    check(&list, &[(lantaarn, vec![6, 3, 1])]).await?;
    sqlx::query("UPDATE registrations SET reg_values = json_set(reg_values, '$.naam', 'Paal') WHERE form_id = ?1 AND serial_number = 3")
        .bind(&form_id)
        .execute(&side)
        .await?;
    sqlx::query("DELETE FROM registrations WHERE form_id = ?1 AND serial_number = 1")
        .bind(&form_id)
        .execute(&side)
        .await?;
    check(
        &list,
        &[
            (lantaarn, vec![6]),
            (
                "f[0][path]=naam&f[0][operator]=contains&f[0][value]=paal",
                vec![3],
            ),
        ],
    )
    .await?;
    Ok(())
}

/// A page of a common filter is read by walking the rows in the page's order, a page of a
/// rare one from the filter's index: both answer the same rows.
#[tokio::test]
async fn pages_of_common_and_rare_matches_agree() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let db = app.tenant("Demo Gemeente").await?;
    let side = side(&app).await?;
    // 6,000 more, made like the benchmark does: aantal is the serial number modulo 10.
    sqlx::query(
        "INSERT INTO registrations (id, form_id, serial_number, fill_token, payload_hash, user_id, username, registration_name, summary, status, phase, reg_values, schema_hash, created_at, updated_at)
         WITH RECURSIVE n(i) AS (SELECT 6 UNION ALL SELECT i + 1 FROM n WHERE i < 6005)
         SELECT lower(hex(randomblob(16))), r.form_id, n.i, NULL, r.payload_hash, r.user_id, r.username, NULL, '', r.status, r.phase,
                json_object('naam', 'Paal ' || n.i, 'aantal', n.i % 10), r.schema_hash, r.created_at + n.i, r.created_at + n.i
         FROM n, (SELECT * FROM registrations WHERE form_id = ?1 LIMIT 1) AS r",
    )
    .bind(&form_id)
    .execute(&side)
    .await?;
    let lezer = app.login("lezer").await?;
    let page = |query: String| {
        let uri = format!("/api/form/{form_id}/registrations?{query}");
        let app = &app;
        let lezer = lezer.clone();
        async move { app.get(&uri, Some(&lezer)).await }
    };
    let common = "f[0][path]=aantal&f[0][operator]=%3E%3D&f[0][value]=5&f[0][integer]=1";
    let rare = "f[0][path]=naam&f[0][operator]=contains&f[0][value]=paal%2059";
    let queries = [
        format!("{common}&items_per_page=20"),
        format!("{common}&sort_by=naam&sort_direction=1&page=3"),
        format!("{common}&sort_by=aantal&page=2&items_per_page=50"),
        format!("{rare}&sort_by=aantal"),
        format!("{rare}&page=1"),
    ];
    let mut scanned = Vec::new();
    for query in &queries {
        let answer = page(query.clone()).await?;
        assert_eq!(answer.status, StatusCode::OK, "{query}: {:?}", answer.json);
        scanned.push(answer.json);
    }
    // The first page of the common filter: the newest with aantal 5 to 9 (half of the new
    // ones, and two of the world's).
    assert_eq!(scanned[0]["registrations_count"], json!(3_002));
    assert_eq!(
        serials(&scanned[0])[..6],
        [6005, 5999, 5998, 5997, 5996, 5995]
    );
    // 'Paal 59', 'Paal 590' to 'Paal 599' and 'Paal 5900' to 'Paal 5999'.
    assert_eq!(scanned[3]["registrations_count"], json!(111));
    // The form is big enough now: the list asked for the indexes of its paths, once each.
    let asked = value_indexes::building(&db, &form_id).await?;
    let mut paths: Vec<(&str, IndexKind)> = asked
        .iter()
        .map(|index| (index.path.as_str(), index.kind))
        .collect();
    paths.sort_by_key(|(path, kind)| (*path, kind.as_str()));
    assert_eq!(
        paths,
        [
            ("aantal", IndexKind::Order),
            ("naam", IndexKind::Order),
            ("naam", IndexKind::Text)
        ]
    );
    for index in &asked {
        value_indexes::build(&db, index).await?;
    }
    assert_eq!(value_indexes::ready(&db, &form_id).await?.len(), 3);
    // A text index whose job died halfway through filling (kill -9): built again, it gets
    // the missing rows once each.
    let text = asked
        .iter()
        .find(|index| index.kind == IndexKind::Text)
        .ok_or("text index")?;
    let table = text.name();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "DELETE FROM \"{table}\" WHERE rowid > 3000"
    )))
    .execute(&side)
    .await?;
    sqlx::query("UPDATE value_indexes SET state = 'building' WHERE id = ?1")
        .bind(text.id)
        .execute(&side)
        .await?;
    value_indexes::build(&db, text).await?;
    let rows: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM \"{table}\""
    )))
    .fetch_one(&side)
    .await?;
    // Every registration with a naam: four of the world's and the 6,000 new ones.
    assert_eq!(rows, 6_004);
    for (query, before) in queries.iter().zip(&scanned) {
        let answer = page(query.clone()).await?;
        assert_eq!(serials(&answer.json), serials(before), "{query}");
        assert_eq!(
            answer.json["registrations_count"], before["registrations_count"],
            "{query}"
        );
    }
    Ok(())
}

/// Filters of each kind and sorts on the `world` form, with the serial numbers they answer.
fn cases() -> Vec<(&'static str, Vec<i64>)> {
    vec![
        // Text: contains, case-insensitive, Dutch characters; equals; empty.
        (
            "f[0][path]=naam&f[0][operator]=contains&f[0][value]=LANTAARN",
            vec![3, 1],
        ),
        (
            "f[0][path]=values.naam&f[0][operator]=contains&f[0][value]=caf%C3%A9",
            vec![4],
        ),
        (
            "f[0][path]=naam&f[0][operator]=%3D&f[0][value]=bankje%20park",
            vec![2],
        ),
        ("f[0][path]=naam&f[0][operator]=empty", vec![5]),
        ("f[0][path]=naam&f[0][operator]=!empty", vec![4, 3, 2, 1]),
        // Numbers (integer): ranges, and no text comparison of '12' < '3'.
        (
            "f[0][path]=aantal&f[0][operator]=%3E&f[0][value]=3&f[0][integer]=1",
            vec![4, 3],
        ),
        (
            "f[0][path]=aantal&f[0][operator]=%3C%3D&f[0][value]=3&f[0][integer]=1",
            vec![5, 2, 1],
        ),
        // Dates of a value, and of the registration itself (all today).
        (
            "f[0][path]=datum&f[0][operator]=%3E%3D&f[0][value]=2026-03-15&f[0][date]=1",
            vec![5, 4, 3],
        ),
        (
            "f[0][path]=datum&f[0][operator]=%3D&f[0][value]=2026-02-10&f[0][date]=1",
            vec![2],
        ),
        (
            "f[0][path]=registration_date&f[0][operator]=%3C&f[0][value]=2020-01-01",
            vec![],
        ),
        (
            "f[0][path]=registration_date&f[0][operator]=%3E%3D&f[0][value]=2020-01-01",
            vec![5, 4, 3, 2, 1],
        ),
        // Inside subform entries.
        (
            "f[0][path]=posten.post&f[0][operator]=%3D&f[0][value]=kap",
            vec![3, 1],
        ),
        (
            "f[0][path]=posten.bedrag&f[0][operator]=%3E&f[0][value]=50&f[0][integer]=1",
            vec![3],
        ),
        // Who sent it; and filters combine.
        (
            "f[0][path]=registration_user_id.username&f[0][operator]=contains&f[0][value]=twee",
            vec![4, 2],
        ),
        (
            "f[0][path]=naam&f[0][operator]=contains&f[0][value]=lantaarn&f[1][path]=aantal&f[1][operator]=%3E&f[1][value]=5&f[1][integer]=1",
            vec![3],
        ),
        // Sorting.
        (
            "sort_by=registration_serial_number&sort_direction=1",
            vec![1, 2, 3, 4, 5],
        ),
        ("sort_by=aantal&sort_direction=-1", vec![4, 3, 1, 2, 5]),
        ("sort_by=naam&sort_direction=1", vec![5, 2, 4, 1, 3]),
    ]
}

/// Asks each case of a list and compares the page and its count.
async fn check<F, Fut>(list: &F, cases: &[(&str, Vec<i64>)]) -> TestResult
where
    F: Fn(&str) -> Fut,
    Fut: std::future::Future<Output = TestResult<common::Answer>>,
{
    for (query, expected) in cases {
        let page = list(query).await?;
        assert_eq!(page.status, StatusCode::OK, "{query}: {:?}", page.json);
        assert_eq!(&serials(&page.json), expected, "{query}");
        assert_eq!(
            page.json["registrations_count"],
            json!(expected.len()),
            "{query}"
        );
    }
    Ok(())
}

#[tokio::test]
async fn the_trash_keeps_registrations_out_of_the_list_until_restored() -> TestResult {
    let app = TestApp::new().await?;
    let form_id = world(&app).await?;
    let manager = app.login("formulieren").await?;
    let lezer = app.login("lezer").await?;
    let uri = format!("/api/form/{form_id}/registrations");
    let page = app.get(&uri, Some(&manager)).await?;
    let newest = page.json["registrations"][0]["_id"]
        .as_str()
        .ok_or("id")?
        .to_owned();
    let one = format!("{uri}/{newest}");
    // Trashing needs 'eform manage form registrations delete'.
    assert_eq!(
        app.get(&format!("{one}/trash"), Some(&lezer)).await?.status,
        StatusCode::FORBIDDEN
    );
    let trashed = app.get(&format!("{one}/trash"), Some(&manager)).await?;
    assert_eq!(trashed.status, StatusCode::OK);
    assert_eq!(trashed.json["status"], json!("success"));
    assert_eq!(
        serials(&app.get(&uri, Some(&manager)).await?.json),
        [4, 3, 2, 1]
    );
    let trash = app.get(&format!("{uri}?tab=trash"), Some(&manager)).await?;
    assert_eq!(serials(&trash.json), [5]);
    assert_eq!(trash.json["registrations_count"], json!(1));
    assert_eq!(
        app.get(&uri, Some(&manager)).await?.json["registrations_count"],
        json!(4)
    );
    assert!(trash.json["registrations"][0]["deleted_at"].is_string());
    // A trashed registration is viewable in the admin shape, and not by its sender.
    let detail = app.get(&one, Some(&lezer)).await?;
    assert_eq!(detail.status, StatusCode::OK);
    assert!(detail.json["deleted_at"].is_string());
    assert_eq!(detail.json["email_hooks"], json!([]));
    let sender = app.login("invuller").await?;
    assert_eq!(
        app.get(&one, Some(&sender)).await?.status,
        StatusCode::NOT_FOUND
    );
    // Resend only for completed registrations outside the trash.
    assert_eq!(
        app.get(&format!("{one}/resend"), Some(&manager))
            .await?
            .status,
        StatusCode::CONFLICT
    );
    let restored = app.get(&format!("{one}/untrash"), Some(&manager)).await?;
    assert_eq!(restored.status, StatusCode::OK);
    assert_eq!(
        serials(&app.get(&uri, Some(&manager)).await?.json),
        [5, 4, 3, 2, 1]
    );
    let again = app.get(&format!("{one}/untrash"), Some(&manager)).await?;
    assert_eq!(again.status, StatusCode::OK, "idempotent");
    let resent = app.get(&format!("{one}/resend"), Some(&lezer)).await?;
    assert_eq!(resent.status, StatusCode::OK);
    assert_eq!(resent.json["status"], json!("success"));
    // The sender's own view stays the fill-in shape.
    let own = app.get(&one, Some(&sender)).await?;
    assert_eq!(own.status, StatusCode::OK);
    assert!(own.json.get("deleted_at").is_none());
    // Nothing of another client's form.
    let anders = app.login("anders").await?;
    assert_eq!(
        app.get(&uri, Some(&anders)).await?.status,
        StatusCode::FORBIDDEN
    );
    Ok(())
}

/// The daily purge (through the queue once a day; here with the clock moved on) deletes
/// registrations that went into the trash more than 30 days ago, and their files.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_trash_is_emptied_after_30_days_with_its_files() -> TestResult {
    let app = TestApp::new().await?;
    let demo = app.client_id("Demo Gemeente").await?;
    let form = app.form_id("Demo melding").await?;
    let invuller = app.login("invuller").await?;
    let manager = app.login("formulieren").await?;
    let uploaded = app
        .upload(
            &format!("/api/file-upload/form?client_id={demo}&kind=image"),
            Some(&invuller),
            "paal.png",
            b"\x89PNG\r\n\x1a\n weg",
            &[],
        )
        .await?;
    let fid = uploaded.json["fid"].as_str().ok_or("fid")?.to_owned();
    let mut ids = Vec::new();
    for (token, foto) in [("weg", json!([uploaded.json])), ("blijft", json!([]))] {
        let sent = app
            .post_json(
                "/api/registration/",
                Some(&invuller),
                &json!({ "form_id": form, "fill_token": token,
                         "values": { "omschrijving": token, "aantal": 1, "foto": foto } }),
            )
            .await?;
        ids.push(sent.json["_id"].as_str().ok_or("id")?.to_owned());
    }
    let trashed = format!("/api/form/{form}/registrations/{}", ids[0]);
    let moved = app.get(&format!("{trashed}/trash"), Some(&manager)).await?;
    assert_eq!(moved.status, StatusCode::OK);
    let db = app.tenant("Demo Gemeente").await?;
    let on_disk = db.files_dir().join(&fid);
    assert!(on_disk.is_file());

    // The schedule queues one purge (and one round of periodic mails and one dashboard
    // report) a day, however often it looks.
    let ctx = app.state.job_context()?;
    let now = tenancy::now();
    let queued = worker::schedule::due(&ctx, &app.state.queue, now).await?;
    assert_eq!(queued.len(), 3, "{queued:?}");
    assert!(
        worker::schedule::due(&ctx, &app.state.queue, now)
            .await?
            .is_empty()
    );
    let stop = common::mail::start_workers(&app).await?;
    // Today's run: nothing is 30 days in the trash yet.
    let trash = format!("/api/form/{form}/registrations?tab=trash");
    for _ in 0..100 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        if app
            .state
            .metrics
            .jobs_processed
            .with_label_values(&["daily_purge"])
            .get()
            > 0
        {
            break;
        }
    }
    let _ = stop.send(());
    assert_eq!(
        app.state
            .metrics
            .jobs_processed
            .with_label_values(&["daily_purge"])
            .get(),
        1
    );
    assert_eq!(
        serials(&app.get(&trash, Some(&manager)).await?.json).len(),
        1
    );

    let day = 24 * 3600;
    let early = worker::purge::daily(&ctx, "later", now + 29 * day).await?;
    assert_eq!(early.registrations, 0);
    assert_eq!(
        app.get(&trashed, Some(&manager)).await?.status,
        StatusCode::OK
    );
    let purged = worker::purge::daily(&ctx, "veel later", now + 31 * day).await?;
    assert_eq!((purged.registrations, purged.files), (1, 1));
    assert_eq!(
        app.get(&trashed, Some(&manager)).await?.status,
        StatusCode::NOT_FOUND
    );
    assert!(!on_disk.exists());
    let emptied = app.get(&trash, Some(&manager)).await?;
    assert!(serials(&emptied.json).is_empty());
    assert_eq!(
        emptied.json["registrations_count"],
        json!(0),
        "the kept count follows the purge"
    );
    // What was not in the trash stays; a second run changes nothing.
    let kept = format!("/api/form/{form}/registrations/{}", ids[1]);
    assert_eq!(app.get(&kept, Some(&manager)).await?.status, StatusCode::OK);
    let again = worker::purge::daily(&ctx, "veel later", now + 31 * day).await?;
    assert_eq!(again.registrations, 0);
    Ok(())
}

/// What a crash leaves behind (bytes whose row was deleted, work files of an upload that
/// never finished) goes with the next purge once it is a day old; fresh work stays.
#[tokio::test]
async fn the_purge_removes_what_a_crash_left_behind() -> TestResult {
    let app = TestApp::new().await?;
    let db = app.tenant("Demo Gemeente").await?;
    let dir = db.files_dir();
    std::fs::create_dir_all(&dir)?;
    let two_days_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(2 * 24 * 3600);
    let mut left = Vec::new();
    for name in ["zonder-rij", ".upload.partial"] {
        let path = dir.join(name);
        std::fs::File::create(&path)?.set_modified(two_days_ago)?;
        left.push(path);
    }
    let fresh = dir.join(".bezig.partial");
    std::fs::write(&fresh, b"wordt nog geschreven")?;
    let ctx = app.state.job_context()?;
    let purged = worker::purge::daily(&ctx, "vandaag", tenancy::now()).await?;
    assert_eq!(purged.files, 2);
    assert!(left.iter().all(|path| !path.exists()));
    assert!(fresh.exists());
    Ok(())
}
