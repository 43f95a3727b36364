//! The tenant x role x endpoint matrix. Every operation of the served OpenAPI document is
//! called as every demo user, with a key that is not valid, and without a key, against
//! resources of both demo clients. The expected answer comes from the policy table
//! (`policy::table` and the pure `policy::judge`), never from the handler: allowed means
//! neither 401 nor 403 (nor a server error); refused means exactly 401, 403, or 403 with
//! `code: terms_required`. An operation without a line in the table fails here.
//!
//! Every operation runs in its own freshly seeded world, so a delete or a logout cannot
//! change what the next operation sees; within one, refused callers go first.

mod common;

use api::policy::{
    Facts, Need, Rule, Standing, Verdict, judge, judge_admin, judge_platform, table,
};
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{TestApp, TestResult};
use domain::ids::ClientId;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use tenancy::platform::{memberships, terms, tokens, users};

/// The demo users (`seeds/demo.json`), each with their own roles.
const USERS: [&str; 10] = [
    "admin",
    "medewerker",
    "beheerder",
    "financieel",
    "formulieren",
    "lezer",
    "gebruikers",
    "invuller",
    "twee",
    "anders",
];
const CLIENTS: [&str; 2] = ["Demo Gemeente", "Tweede Gemeente"];
/// The sender of the fixture registrations (a plain member of both clients).
const SENDER: &str = "twee";

#[derive(Debug, Clone)]
enum Caller {
    User(&'static str),
    /// An `api-key` header with a key the server never issued.
    BadKey,
    /// No `api-key` header at all (a guest).
    Anonymous,
}

impl Caller {
    fn name(&self) -> &str {
        match self {
            Caller::User(name) => name,
            Caller::BadKey => "<bad key>",
            Caller::Anonymous => "<no key>",
        }
    }
}

/// What the policy expects of one call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    Allowed,
    Unauthenticated,
    Refused(Verdict),
}

/// The ids a path, query or body of one client is filled with.
type Ids = BTreeMap<&'static str, String>;

/// One client's resources, made through the API as a user of that client would.
async fn fixtures(app: &TestApp, client: &str, keys: &BTreeMap<&str, String>) -> TestResult<Ids> {
    let client_id = app.client_id(client).await?;
    let admin = keys["admin"].as_str();
    let sender = keys[SENDER].as_str();
    let folder = app
        .post_json(
            &format!("/api/client/{client_id}/folder"),
            Some(admin),
            &json!({ "folder_name": "Matrix" }),
        )
        .await?;
    let folder_id = folder.json["folder_id"]
        .as_str()
        .ok_or("folder")?
        .to_owned();
    let form = app
        .post_json(
            "/api/form",
            Some(admin),
            &json!({ "form_name": "Matrix", "folder_id": folder_id, "client_id": client_id,
                     "schema": [{ "name": "titel", "label": "Titel", "elementType": "text" },
                                { "name": "bijlage", "label": "Bijlage", "elementType": "file" }] }),
        )
        .await?;
    let form_id = form.json["form_id"].as_str().ok_or("form")?.to_owned();
    let settings = json!({ "settings": { "guestAccess": true, "search_enabled": true,
        "searchable_fields": [{ "value": "titel", "label": "Titel" }] } });
    let patched = app
        .patch_json(&format!("/api/form/{form_id}"), Some(admin), &settings)
        .await?;
    let guest_id = patched.json["form_guest_id"]
        .as_str()
        .ok_or("guest")?
        .to_owned();
    app.post_json(
        &format!("/api/form/{form_id}/publish"),
        Some(admin),
        &json!([form_id]),
    )
    .await?;
    let revisions = app
        .get(&format!("/api/form/{form_id}/revisions"), Some(admin))
        .await?;
    let revision_id = revisions.json[0]["revision_id"]
        .as_str()
        .ok_or("revision")?
        .to_owned();
    let uploaded = app
        .upload(
            &format!("/api/file-upload/form?client_id={client_id}"),
            Some(sender),
            "matrix.pdf",
            b"%PDF-1.7 matrix",
            &[],
        )
        .await?;
    let file_id = uploaded.json["fid"].as_str().ok_or("file")?.to_owned();
    let sha256 = tenancy::secrets::sha256_hex(b"%PDF-1.7 matrix");
    let sent = app
        .post_json(
            "/api/registration/",
            Some(sender),
            &json!({ "form_id": form_id, "fill_token": format!("matrix-{client_id}"),
                     "values": { "titel": "matrix", "bijlage": [uploaded.json] } }),
        )
        .await?;
    let registration_id = sent.json["_id"].as_str().ok_or("registration")?.to_owned();
    let favorite = app
        .post_json(
            &format!("/api/client/{client_id}/favorite-elements"),
            Some(admin),
            &json!({ "favoriteName": "Matrix", "element": { "elementType": "text" } }),
        )
        .await?;
    let uuid = favorite.json["uuid"].as_str().ok_or("favorite")?.to_owned();
    let export = app
        .get(
            &format!("/api/form/{form_id}/registrations/queue/download/csv"),
            Some(admin),
        )
        .await?;
    let queue_id = export.json["queue_id"].as_str().ok_or("export")?.to_owned();
    let db = app.tenant(client).await?;
    let group_id = tenancy::tenant::user_groups::insert(&db, "Matrix").await?;
    tenancy::platform::directory::register(&app.state.platform, "group", &group_id, db.client_id())
        .await?;
    let datasource_id =
        tenancy::tenant::datasources::insert(&db, "Matrix", "search", None, None).await?;
    tenancy::platform::directory::register(
        &app.state.platform,
        "datasource",
        &datasource_id,
        db.client_id(),
    )
    .await?;
    let user_id = users::find_by_email(&app.state.platform, &format!("{SENDER}@demo.eform.nl"))
        .await?
        .ok_or("sender")?
        .id
        .to_string();
    let permission_id = format!("{client_id}.{user_id}");
    Ok(BTreeMap::from([
        ("client_id", client_id),
        ("folder_id", folder_id),
        ("form_id", form_id),
        ("guest_id", guest_id),
        ("revision_id", revision_id),
        ("file_id", file_id),
        ("sha256", sha256),
        ("registration_id", registration_id),
        ("uuid", uuid),
        ("group_id", group_id),
        ("user_id", user_id),
        ("token", "0".repeat(64)),
        ("permission_id", permission_id),
        ("datasource_id", datasource_id),
        ("datasource_type", "search".to_owned()),
        ("batch_name", queue_id.clone()),
        ("queue_id", queue_id),
        ("kind", "csv".to_owned()),
        (
            "map_uuid",
            "00000000-0000-4000-8000-000000000000".to_owned(),
        ),
        ("element_name", "titel".to_owned()),
        ("status_filter", "all".to_owned()),
        ("lat", "52.155".to_owned()),
        ("lon", "5.387".to_owned()),
    ]))
}

/// `{name}` placeholders replaced by the ids.
fn fill(template: &str, ids: &Ids) -> String {
    ids.iter().fold(template.to_owned(), |text, (name, id)| {
        text.replace(&format!("{{{name}}}"), id)
    })
}

/// The JSON body sent to an operation: enough to get past the reading of the body, so the
/// answer shows what the policy decided. Operations not listed get `{}`.
fn body_for(op: &str, ids: &Ids) -> Value {
    let template = match op {
        "user_login" => {
            json!({ "username": "invuller@demo.eform.nl", "password": common::PASSWORD })
        }
        "user_password_forgotten" => json!({ "email": "niemand@demo.eform.nl" }),
        "user_password_reset" => json!({ "token": "{token}", "password": "nieuw-wachtwoord" }),
        "user_register" => json!({ "email": "matrix@demo.eform.nl", "client_uuid": "{client_id}" }),
        "user_join" => json!({ "token": "{token}" }),
        "user_group_create" => json!({ "data": { "type": "user_group--user_group",
            "attributes": { "label": "Matrix groep" },
            "relationships": { "client": { "data": { "type": "client--client", "id": "{client_id}" } } } } }),
        "user_permission_create" => json!({ "data": { "type": "user_permission--user_permission",
            "attributes": { "roles": [] },
            "relationships": { "client": { "data": { "type": "client--client", "id": "{client_id}" } },
                               "user": { "data": { "type": "user--user", "id": "{user_id}" } } } } }),
        "datasource_create" => json!({ "data": { "type": "eform_datasource--search",
            "attributes": { "name": "Matrix" },
            "relationships": { "client_id": { "data": { "type": "client--client", "id": "{client_id}" } } } } }),
        "credit_create" => json!({ "data": { "type": "eform_credit--eform_credit",
            "attributes": { "name": "Matrix" },
            "relationships": { "client_id": { "data": { "type": "client--client", "id": "{client_id}" } } } } }),
        "folder_create" => json!({ "folder_name": "Nieuw" }),
        "folder_set_hidden" => json!({ "hidden": false }),
        "folder_rename" => json!({ "folder_name": "Hernoemd" }),
        "form_create" => {
            json!({ "form_name": "Nieuw", "folder_id": "{folder_id}", "client_id": "{client_id}" })
        }
        "form_copy" => json!({ "folder_id": "{folder_id}", "client_id": "{client_id}" }),
        "favorite_create" => json!({ "favoriteName": "Fav", "element": { "elementType": "text" } }),
        "registration_send" | "guest_send" => {
            json!({ "form_id": "{form_id}", "values": { "titel": "x" } })
        }
        "saved_registrations_sync" => json!([]),
        _ => json!({}),
    };
    serde_json::from_str(&fill(&template.to_string(), ids)).unwrap_or(Value::Null)
}

/// The request for one call.
fn request(
    method: &str,
    path: &str,
    operation: &Value,
    ids: &Ids,
    key: Option<&str>,
) -> TestResult<Request<Body>> {
    let op = operation["operationId"].as_str().unwrap_or_default();
    let mut uri = fill(path, ids);
    // Calls that take their client from the query (uploads, file look-ups) get this world's.
    let names_client = operation["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|param| param["in"] == "query" && param["name"] == "client_id");
    if names_client {
        uri.push_str(&fill("?client_id={client_id}", ids));
    }
    // JSON:API lists of one client name it in a filter.
    let client_filter = operation["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|param| param["in"] == "query")
        .filter_map(|param| param["name"].as_str())
        .find(|name| {
            matches!(
                *name,
                "filter[client.id]" | "filter[field_client.id]" | "filter[client_id.id]"
            )
        });
    if let Some(name) = client_filter {
        let name = name.replace('[', "%5B").replace(']', "%5D");
        uri.push_str(&fill(&format!("?{name}={{client_id}}"), ids));
    }
    let content = &operation["requestBody"]["content"];
    let mut builder =
        Request::builder().method(Method::from_bytes(method.to_uppercase().as_bytes())?);
    if let Some(key) = key {
        builder = builder.header("api-key", key);
    }
    let body = if content.get("multipart/form-data").is_some()
        && content.get("application/json").is_none()
    {
        let boundary = "matrixgrens";
        builder = builder.header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        );
        Body::from(format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"m.png\"\r\n\r\n\u{89}PNG\r\n\u{1a}\n\r\n--{boundary}--\r\n"
        ))
    } else if content.is_object() {
        builder = builder.header("content-type", "application/json");
        Body::from(body_for(op, ids).to_string())
    } else {
        Body::empty()
    };
    Ok(builder.uri(uri).body(body)?)
}

/// A user's standing in a client, read from the platform database the seed filled.
async fn standing(app: &TestApp, user: &str, client: &str) -> TestResult<Standing> {
    let user = users::find_by_email(&app.state.platform, &format!("{user}@demo.eform.nl"))
        .await?
        .ok_or("user")?;
    let client = ClientId::parse(&app.client_id(client).await?).ok_or("client")?;
    let roles = memberships::roles_in_client(&app.state.platform, &user.id, &client).await?;
    let pending = terms::pending(&app.state.platform, &client, &user.id).await?;
    Ok(Standing::new(&user.global_roles, roles.as_deref(), pending))
}

/// What the policy table expects of `caller` calling an operation with `rule`.
async fn expectation(
    app: &TestApp,
    rule: Rule,
    caller: &Caller,
    client: &str,
) -> TestResult<Expect> {
    let signed_in_rule = matches!(
        rule,
        Rule::SignedIn | Rule::In(_) | Rule::GuestOr(_) | Rule::Platform | Rule::Admin
    );
    let Caller::User(name) = caller else {
        // The calls here name a client (uploads too), so a missing or bad key is a 401.
        return Ok(if signed_in_rule {
            Expect::Unauthenticated
        } else if matches!(rule, Rule::Operator) {
            Expect::Refused(Verdict::Forbidden)
        } else {
            Expect::Allowed
        });
    };
    Ok(match rule {
        Rule::Public | Rule::SignedIn => Expect::Allowed,
        Rule::Platform | Rule::Admin => {
            let user = users::find_by_email(&app.state.platform, &format!("{name}@demo.eform.nl"))
                .await?
                .ok_or("user")?;
            let verdict = if rule == Rule::Admin {
                judge_admin(&user.global_roles)
            } else {
                judge_platform(&user.global_roles)
            };
            match verdict {
                Verdict::Allow => Expect::Allowed,
                refused => Expect::Refused(refused),
            }
        }
        // Test requests come from no address, so never from this machine.
        Rule::Operator => Expect::Refused(Verdict::Forbidden),
        Rule::In(need) | Rule::GuestOr(need) => {
            let standing = standing(app, name, client).await?;
            // The fixture forms are published and open to all; their registrations are SENDER's.
            let facts = Facts {
                fillable: true,
                own: *name == SENDER,
            };
            match judge(need, &standing, facts) {
                Verdict::Allow => Expect::Allowed,
                refused => Expect::Refused(refused),
            }
        }
    })
}

/// One call's verdict against the expectation; None when it is as expected.
fn check(expect: Expect, answer: &common::Answer) -> Option<String> {
    let status = answer.status;
    let fine = match expect {
        Expect::Allowed => {
            status != StatusCode::UNAUTHORIZED
                && status != StatusCode::FORBIDDEN
                && !status.is_server_error()
        }
        Expect::Unauthenticated => status == StatusCode::UNAUTHORIZED,
        Expect::Refused(Verdict::Forbidden) => {
            status == StatusCode::FORBIDDEN && answer.json["code"].is_null()
        }
        Expect::Refused(Verdict::TermsRequired) => {
            status == StatusCode::FORBIDDEN && answer.json["code"] == json!("terms_required")
        }
        Expect::Refused(Verdict::Allow) => false,
    };
    (!fine).then(|| format!("expected {expect:?}, got {status} {}", answer.json))
}

/// Every caller on every client for one operation, in a world of its own. Answers the
/// number of cases and the unexpected ones.
async fn run_operation(
    method: String,
    path: String,
    operation: Value,
) -> TestResult<(usize, Vec<String>)> {
    let op = operation["operationId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let rule = table::find(&op)
        .ok_or_else(|| format!("{method} {path}: '{op}' has no line in policy::table"))?
        .rule;
    let app = TestApp::new().await?;
    // Keys per client, so a logout in one client's cases leaves the other's keys alone.
    let mut worlds = Vec::new();
    for client in CLIENTS {
        let mut keys = BTreeMap::new();
        for name in USERS {
            let user = users::find_by_email(&app.state.platform, &format!("{name}@demo.eform.nl"))
                .await?
                .ok_or(name)?;
            keys.insert(name, tokens::issue(&app.state.platform, &user.id).await?);
        }
        let ids = fixtures(&app, client, &keys).await?;
        worlds.push((client, ids, keys));
    }
    let callers: Vec<Caller> = USERS
        .into_iter()
        .map(Caller::User)
        .chain([Caller::BadKey, Caller::Anonymous])
        .collect();
    let mut cases = Vec::new();
    for (client, ids, keys) in &worlds {
        for caller in &callers {
            let expect = expectation(&app, rule, caller, client).await?;
            cases.push((expect, *client, ids, keys, caller.clone()));
        }
    }
    // Refused callers first: an allowed delete or logout must not change their answer.
    cases.sort_by_key(|(expect, ..)| *expect == Expect::Allowed);
    let mut unexpected = Vec::new();
    for (expect, client, ids, keys, caller) in &cases {
        let key = match caller {
            Caller::User(name) => Some(keys[name].as_str()),
            Caller::BadKey => Some("0123456789abcdef"),
            Caller::Anonymous => None,
        };
        let answer = app
            .dispatch(request(&method, &path, &operation, ids, key)?)
            .await?;
        if let Some(problem) = check(*expect, &answer) {
            unexpected.push(format!(
                "{} {path} as {} in {client}: {problem}",
                method.to_uppercase(),
                caller.name()
            ));
        }
    }
    Ok((cases.len(), unexpected))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_as_every_role_in_both_clients() -> TestResult {
    let app = TestApp::new().await?;
    let doc = app.get("/api/openapi.json", None).await?;
    assert_eq!(doc.status, StatusCode::OK, "the document: {:?}", doc.json);
    let mut operations = Vec::new();
    for (path, item) in doc.json["paths"].as_object().ok_or("paths")? {
        for (method, operation) in item.as_object().ok_or("path item")? {
            operations.push((method.clone(), path.clone(), operation.clone()));
        }
    }
    drop(app);
    // A few worlds at a time: each is a seeded data dir.
    let limit = Arc::new(tokio::sync::Semaphore::new(4));
    let mut running = tokio::task::JoinSet::new();
    for (method, path, operation) in operations.clone() {
        let limit = limit.clone();
        running.spawn(async move {
            let _slot = limit.acquire_owned().await;
            run_operation(method, path, operation)
                .await
                .map_err(|err| err.to_string())
        });
    }
    let mut total = 0;
    let mut unexpected = Vec::new();
    while let Some(done) = running.join_next().await {
        let (cases, problems) = done??;
        total += cases;
        unexpected.extend(problems);
    }
    println!(
        "matrix: {total} cases ({} operations x {} callers x {} clients), {} unexpected",
        operations.len(),
        USERS.len() + 2,
        CLIENTS.len(),
        unexpected.len()
    );
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
    assert_eq!(total, operations.len() * (USERS.len() + 2) * CLIENTS.len());
    Ok(())
}

/// The expectations are not trivially "allowed": every kind of answer occurs.
#[tokio::test]
async fn the_matrix_expects_refusals_of_every_kind() -> TestResult {
    let app = TestApp::new().await?;
    let manage = Rule::In(Need::Perm(domain::access::Permission::ManageForms));
    let member = Rule::In(Need::Member);
    assert_eq!(
        expectation(&app, manage, &Caller::User("invuller"), "Demo Gemeente").await?,
        Expect::Refused(Verdict::Forbidden)
    );
    assert_eq!(
        expectation(&app, member, &Caller::User("anders"), "Tweede Gemeente").await?,
        Expect::Refused(Verdict::TermsRequired)
    );
    assert_eq!(
        expectation(&app, member, &Caller::User("medewerker"), "Tweede Gemeente").await?,
        Expect::Refused(Verdict::Forbidden)
    );
    assert_eq!(
        expectation(&app, member, &Caller::Anonymous, "Demo Gemeente").await?,
        Expect::Unauthenticated
    );
    assert_eq!(
        expectation(&app, manage, &Caller::User("admin"), "Tweede Gemeente").await?,
        Expect::Allowed
    );
    Ok(())
}
