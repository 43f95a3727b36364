//! `eform seed demo`: the demo clients and a user for every role, from `seeds/demo.json`.
//! Idempotent: clients are found by name and users by username, so a second run adds
//! nothing and changes no password.

use crate::AppState;
use domain::access::Role;
use serde::Deserialize;
use std::collections::BTreeMap;
use tenancy::platform::{clients, memberships, users};
use tenancy::tenant::credits;

/// The demo data, embedded so the binary seeds without the source tree.
const DEMO: &str = include_str!("../../seeds/demo.json");

/// Credits are valid two years (spec document 3).
const CREDIT_LIFETIME_SECS: i64 = 2 * 365 * 24 * 3600;

#[derive(Debug, Deserialize)]
struct Demo {
    password: String,
    email_domain: String,
    clients: Vec<DemoClient>,
    users: Vec<DemoUser>,
}

#[derive(Debug, Deserialize)]
struct DemoClient {
    name: String,
    modules: Vec<String>,
    credits: i64,
    user_register_intro_text: Option<String>,
}

#[derive(Debug, Deserialize)]
struct DemoUser {
    username: String,
    global_roles: Vec<String>,
    clients: BTreeMap<String, Vec<String>>,
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
    names.iter().map(|name| Role::parse(name).ok_or_else(|| format!("unknown role {name}"))).collect()
}

/// Seeds the demo data and returns every demo login.
pub async fn demo(state: &AppState) -> Result<Vec<SeededLogin>, Box<dyn std::error::Error + Send + Sync>> {
    let demo: Demo = serde_json::from_str(DEMO)?;
    let mut client_ids = BTreeMap::new();
    for spec in &demo.clients {
        let client = match clients::find_by_name(&state.platform, &spec.name).await? {
            Some(existing) => existing,
            None => {
                let mut client = clients::new_client(&spec.name);
                client.modules = spec.modules.clone();
                client.user_register_intro_text = spec.user_register_intro_text.clone();
                clients::upsert(&state.platform, &client).await?;
                client
            }
        };
        let db = match state.tenants.open(&client.id).await {
            Ok(db) => db,
            Err(tenancy::TenancyError::UnknownClient(_)) => state.tenants.create(&client.id).await?,
            Err(other) => return Err(other.into()),
        };
        if credits::count(&db).await? == 0 {
            credits::add(&db, "Startbundel", spec.credits, Some(tenancy::now() + CREDIT_LIFETIME_SECS)).await?;
        }
        client_ids.insert(spec.name.clone(), client.id);
    }

    let password = demo.password.clone();
    let hash = tokio::task::spawn_blocking(move || tenancy::secrets::hash_password(&password)).await??;
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
            let client_id = client_ids.get(client_name).ok_or_else(|| format!("unknown client {client_name}"))?;
            let roles = parse_roles(roles)?;
            memberships::set_roles(&state.platform, &user_id, client_id, &roles).await?;
            role_names.extend(roles.iter().map(|r| r.label()));
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
    Ok(logins)
}
