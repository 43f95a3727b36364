//! `eform seed demo`: the demo clients and a user for every role, from `seeds/demo.json`.
//! Idempotent: clients are found by name and users by username, so a second run adds
//! nothing and changes no password.

use crate::AppState;
use domain::access::Role;
use serde::Deserialize;
use std::collections::BTreeMap;
use tenancy::platform::{clients, directory, memberships, terms, users};
use tenancy::tenant::{credits, folders, forms, user_groups};

/// The demo data, embedded so the binary seeds without the source tree.
const DEMO: &str = include_str!("../../seeds/demo.json");
/// The demo folders and forms: every element type of the fill-in side, rules, calculations,
/// a guest form and the 'Demo melding' form that outside acceptance scripts use.
const DEMO_FORMS: &str = include_str!("../../seeds/demo-forms.json");

/// Credits are valid two years (spec document 3).
const CREDIT_LIFETIME_SECS: i64 = 2 * 365 * 24 * 3600;

#[derive(Debug, Deserialize)]
struct Demo {
    password: String,
    email_domain: String,
    clients: Vec<DemoClient>,
    users: Vec<DemoUser>,
    groups: Vec<DemoGroup>,
}

/// A user group of one client; members by username.
#[derive(Debug, Deserialize)]
struct DemoGroup {
    client: String,
    name: String,
    members: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct DemoClient {
    name: String,
    modules: Vec<String>,
    credits: i64,
    user_register_intro_text: Option<String>,
    /// Self-registration through the public link (decision 020).
    #[serde(default)]
    user_register_enabled: bool,
}

#[derive(Debug, Deserialize)]
struct DemoUser {
    username: String,
    global_roles: Vec<String>,
    clients: BTreeMap<String, Vec<String>>,
    /// Clients whose terms and conditions this user must accept first.
    #[serde(default)]
    terms: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct DemoForms {
    client: String,
    folders: Vec<DemoFolder>,
    forms: Vec<DemoForm>,
}

#[derive(Debug, Deserialize)]
struct DemoFolder {
    name: String,
    parent: Option<String>,
}

#[derive(Debug, Deserialize)]
struct DemoForm {
    name: String,
    folder: String,
    form_type: String,
    published: bool,
    #[serde(default)]
    guest: bool,
    form_summary: Option<String>,
    settings: serde_json::Value,
    form_settings: serde_json::Value,
    schema: serde_json::Value,
    rules: serde_json::Value,
}

/// Links printed after seeding.
#[derive(Debug, Clone, Default)]
pub struct SeededLinks {
    pub guest_forms: Vec<(String, String)>,
    pub guest_maps: Vec<(String, String)>,
    pub self_registration: Vec<(String, String)>,
}

/// A seeded login, for printing.
#[derive(Debug, Clone)]
pub struct SeededLogin {
    pub email: String,
    pub password: String,
    pub roles: String,
    pub clients: String,
}

fn parse_roles(names: &[String]) -> Result<Vec<Role>, String> {
    names
        .iter()
        .map(|name| Role::parse(name).ok_or_else(|| format!("unknown role {name}")))
        .collect()
}

/// Seeds the demo data and returns every demo login and the public links.
pub async fn demo(
    state: &AppState,
) -> Result<(Vec<SeededLogin>, SeededLinks), Box<dyn std::error::Error + Send + Sync>> {
    let demo: Demo = serde_json::from_str(DEMO)?;
    let mut client_ids = BTreeMap::new();
    for spec in &demo.clients {
        let client = match clients::find_by_name(&state.platform, &spec.name).await? {
            Some(existing) => existing,
            None => {
                let mut client = clients::new_client(&spec.name);
                client.modules = spec.modules.clone();
                client.user_register_intro_text = spec.user_register_intro_text.clone();
                client.user_register_enabled = spec.user_register_enabled;
                clients::upsert(&state.platform, &client).await?;
                client
            }
        };
        let db = match state.tenants.for_operations().open(&client.id).await {
            Ok(db) => db,
            Err(tenancy::TenancyError::UnknownClient(_)) => {
                state.tenants.for_operations().create(&client.id).await?
            }
            Err(other) => return Err(other.into()),
        };
        if credits::count(&db).await? == 0 {
            credits::add(
                &db,
                "Startbundel",
                spec.credits,
                Some(tenancy::now() + CREDIT_LIFETIME_SECS),
            )
            .await?;
        }
        client_ids.insert(spec.name.clone(), client.id);
    }

    let password = demo.password.clone();
    let hash =
        tokio::task::spawn_blocking(move || tenancy::secrets::hash_password(&password)).await??;
    let mut logins = Vec::new();
    for spec in &demo.users {
        let email = format!("{}@{}", spec.username, demo.email_domain);
        let global = parse_roles(&spec.global_roles)?;
        let user_id = match users::find_by_email(&state.platform, &email).await? {
            Some(user) => user.id,
            None => {
                users::insert(
                    &state.platform,
                    users::NewUser {
                        username: &spec.username,
                        email: &email,
                        password_hash: Some(hash.clone()),
                        global_roles: global.clone(),
                    },
                )
                .await?
            }
        };
        let mut role_names: Vec<&str> = global.iter().map(|r| r.label()).collect();
        for (client_name, roles) in &spec.clients {
            let client_id = client_ids
                .get(client_name)
                .ok_or_else(|| format!("unknown client {client_name}"))?;
            let roles = parse_roles(roles)?;
            memberships::set_roles(&state.platform, &user_id, client_id, &roles).await?;
            role_names.extend(roles.iter().map(|r| r.label()));
        }
        for client_name in &spec.terms {
            let client_id = client_ids
                .get(client_name)
                .ok_or_else(|| format!("unknown client {client_name}"))?;
            terms::require(&state.platform, client_id, &user_id).await?;
        }
        role_names.sort_unstable();
        role_names.dedup();
        if role_names.is_empty() {
            role_names.push(Role::FormFiller.label());
        }
        logins.push(SeededLogin {
            email,
            password: demo.password.clone(),
            roles: role_names.join(", "),
            clients: spec.clients.keys().cloned().collect::<Vec<_>>().join(", "),
        });
    }
    for group in &demo.groups {
        let client_id = client_ids
            .get(&group.client)
            .ok_or_else(|| format!("unknown client {}", group.client))?;
        let db = state.tenants.for_operations().open(client_id).await?;
        let group_id = match user_groups::find_by_name(&db, &group.name).await? {
            Some(existing) => existing.id,
            None => user_groups::insert(&db, &group.name).await?,
        };
        directory::register(&state.platform, "group", &group_id, client_id).await?;
        for member in &group.members {
            let email = format!("{member}@{}", demo.email_domain);
            let user = users::find_by_email(&state.platform, &email)
                .await?
                .ok_or_else(|| format!("unknown user {member}"))?;
            user_groups::add_member(&db, &group_id, user.id.as_str()).await?;
        }
    }
    let datasource_ids = match client_ids.get("Demo Gemeente") {
        Some(demo_client) => seed_datasources(state, demo_client).await?,
        None => BTreeMap::new(),
    };
    let mut links = seed_forms(state, &client_ids, &datasource_ids).await?;
    let open = demo
        .clients
        .iter()
        .filter(|spec| spec.user_register_enabled)
        .map(|spec| spec.name.as_str());
    for (name, id) in open.filter_map(|name| client_ids.get_key_value(name)) {
        links.self_registration.push((
            name.clone(),
            format!("{}/register/{id}", state.config.base_url()),
        ));
    }
    Ok((logins, links))
}

/// A demo datasource: imported once from a file shipped in `seeds/datasources`.
struct DemoDatasource {
    name: &'static str,
    kind: &'static str,
    crs: Option<&'static str>,
    filename: &'static str,
    bytes: &'static [u8],
}

/// The demo datasources of Demo Gemeente (issue 15): a search list of streets and lamp posts
/// in RD New, each imported once through the import job's own code.
const DEMO_DATASOURCES: [DemoDatasource; 2] = [
    DemoDatasource {
        name: "Demo straten",
        kind: "search",
        crs: None,
        filename: "straten-zoeken.csv",
        bytes: include_bytes!("../../seeds/datasources/straten-zoeken.csv"),
    },
    DemoDatasource {
        name: "Demo lantaarnpalen",
        kind: "map_features",
        crs: Some("EPSG:28992"),
        filename: "lantaarnpalen-rd.csv",
        bytes: include_bytes!("../../seeds/datasources/lantaarnpalen-rd.csv"),
    },
];

/// Seeds the demo datasources of a client; answers their ids by name (demo forms refer to
/// them as `"datasourceId": "@Demo straten"`).
async fn seed_datasources(
    state: &AppState,
    client_id: &domain::ids::ClientId,
) -> Result<BTreeMap<String, String>, Box<dyn std::error::Error + Send + Sync>> {
    use tenancy::platform::batches::{self, NewBatch};
    use tenancy::tenant::{datasources, files};
    let db = state.tenants.for_operations().open(client_id).await?;
    let mut ids = BTreeMap::new();
    for DemoDatasource {
        name,
        kind,
        crs,
        filename,
        bytes,
    } in DEMO_DATASOURCES
    {
        if let Some(found) = datasources::list(&db, kind)
            .await?
            .into_iter()
            .find(|source| source.name == name)
        {
            ids.insert(name.to_owned(), found.id);
            continue;
        }
        let file_id = tenancy::new_id();
        std::fs::create_dir_all(db.files_dir())?;
        std::fs::write(db.files_dir().join(&file_id), bytes)?;
        let stored = files::StoredFile {
            id: file_id.clone(),
            filename: filename.to_owned(),
            mime: "text/csv".to_owned(),
            size: i64::try_from(bytes.len())?,
        };
        files::insert(
            &db,
            &stored,
            &tenancy::secrets::sha256_hex(bytes),
            &files::Uploader::User("seed"),
        )
        .await?;
        let id = datasources::insert(&db, name, kind, crs, Some(&file_id)).await?;
        directory::register(&state.platform, "datasource", &id, client_id).await?;
        let params = serde_json::to_string(&worker::datasource_import::ImportParams {
            datasource_id: id.clone(),
        })?;
        let batch = batches::insert(
            &state.platform,
            &NewBatch {
                client_id,
                kind: worker::datasource_import::DATASOURCE_IMPORT,
                subject: Some(&id),
                created_by: None,
                params,
                total: 0,
                link_token: None,
            },
        )
        .await?;
        worker::batch::run(&state.job_context()?, &batch).await?;
        ids.insert(name.to_owned(), id);
    }
    Ok(ids)
}

/// Creates the demo folders and forms once (found again by name), and registers each form
/// and guest id in the platform directory.
async fn seed_forms(
    state: &AppState,
    client_ids: &BTreeMap<String, domain::ids::ClientId>,
    datasource_ids: &BTreeMap<String, String>,
) -> Result<SeededLinks, Box<dyn std::error::Error + Send + Sync>> {
    let spec: DemoForms = serde_json::from_str(DEMO_FORMS)?;
    let client_id = client_ids
        .get(&spec.client)
        .ok_or_else(|| format!("unknown client {}", spec.client))?;
    let db = state.tenants.for_operations().open(client_id).await?;
    let mut folder_ids: BTreeMap<String, String> = BTreeMap::new();
    for folder in &spec.folders {
        let parent = match &folder.parent {
            Some(name) => Some(
                folder_ids
                    .get(name)
                    .cloned()
                    .ok_or_else(|| format!("unknown folder {name}"))?,
            ),
            None => None,
        };
        let id = match folders::find_by_name(&db, &folder.name, parent.as_deref()).await? {
            Some(existing) => existing.id,
            None => folders::insert(&db, &folder.name, parent.as_deref(), false).await?,
        };
        directory::register(&state.platform, "folder", &id, client_id).await?;
        folder_ids.insert(folder.name.clone(), id);
    }
    let mut links = SeededLinks::default();
    let mut form_ids: BTreeMap<String, String> = BTreeMap::new();
    for form in &spec.forms {
        let existing = forms::find_by_name(&db, &form.name).await?;
        let stored = match existing {
            Some(found) => found,
            None => {
                let id = tenancy::new_id();
                let guest_id = form.guest.then(tenancy::new_id);
                let mut settings = form.settings.clone();
                if let Some(guest_id) = &guest_id {
                    settings["guestID"] = serde_json::json!(guest_id);
                }
                let schema = resolve_refs(&form.schema, &form_ids, datasource_ids)?;
                // The demo must hold only forms the form builder itself would accept.
                domain::form::validate_schema(&schema, &form.rules)
                    .map_err(|errors| format!("demo form {} is invalid: {errors:?}", form.name))?;
                let guest_maps = domain::form::guest_map_uuids(&schema);
                let folder_id = folder_ids
                    .get(&form.folder)
                    .cloned()
                    .ok_or_else(|| format!("unknown folder {}", form.folder))?;
                forms::insert(
                    &db,
                    &forms::NewForm {
                        folder_id: Some(folder_id),
                        form_type: form.form_type.clone(),
                        schema,
                        rules: form.rules.clone(),
                        settings,
                        form_settings: form.form_settings.clone(),
                        form_summary: form.form_summary.clone(),
                        guest_id: guest_id.clone(),
                        published: form.published,
                        ..forms::NewForm::new(id.clone(), form.name.clone())
                    },
                )
                .await?;
                directory::register(&state.platform, "form", &id, client_id).await?;
                if let Some(guest_id) = &guest_id {
                    directory::register(&state.platform, "guest", guest_id, client_id).await?;
                }
                for uuid in &guest_maps {
                    directory::register(&state.platform, "guest_map", uuid, client_id).await?;
                }
                forms::find(&db, &id).await?.ok_or("form not stored")?
            }
        };
        for uuid in domain::form::guest_map_uuids(&stored.schema) {
            links.guest_maps.push((
                stored.name.clone(),
                format!("{}/guest/map/{uuid}", state.config.base_url()),
            ));
        }
        if let Some(guest_id) = &stored.guest_id {
            links.guest_forms.push((
                stored.name.clone(),
                format!("{}/guest/form/{guest_id}", state.config.base_url()),
            ));
        }
        form_ids.insert(stored.name.clone(), stored.id);
    }
    Ok(links)
}

/// Demo schemas refer to other demo forms and to demo datasources by name (`"formId": "@Demo
/// melding"`, `"datasourceId": "@Demo straten"`, a map layer's `"datasource_id": "@Demo
/// lantaarnpalen"`); replace those references with the ids they got in this data dir.
fn resolve_refs(
    schema: &serde_json::Value,
    form_ids: &BTreeMap<String, String>,
    datasource_ids: &BTreeMap<String, String>,
) -> Result<serde_json::Value, String> {
    match schema {
        serde_json::Value::Object(map) => {
            let mut out = serde_json::Map::new();
            for (key, value) in map {
                let resolved = match (
                    key.as_str(),
                    value.as_str().and_then(|v| v.strip_prefix('@')),
                ) {
                    ("formId", Some(name)) => {
                        serde_json::json!(
                            form_ids
                                .get(name)
                                .ok_or_else(|| format!("unknown form {name}"))?
                        )
                    }
                    ("datasourceId" | "datasource_id", Some(name)) => {
                        serde_json::json!(
                            datasource_ids
                                .get(name)
                                .ok_or_else(|| format!("unknown datasource {name}"))?
                        )
                    }
                    _ => resolve_refs(value, form_ids, datasource_ids)?,
                };
                out.insert(key.clone(), resolved);
            }
            Ok(serde_json::Value::Object(out))
        }
        serde_json::Value::Array(items) => items
            .iter()
            .map(|item| resolve_refs(item, form_ids, datasource_ids))
            .collect(),
        other => Ok(other.clone()),
    }
}
