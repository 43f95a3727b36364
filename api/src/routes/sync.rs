//! `POST api/saved-registrations-sync`: a device sends its unsynced saved registrations (an
//! empty list to refresh) and gets back every saved registration of the user plus the
//! conflicts it has to resolve. Nothing a device holds is ever overwritten silently.

use crate::AppState;
use crate::error::{AppError, FieldError, Result};
use crate::extract::{AuthUser, ClientCtx, JsonBody, owner_of};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use domain::ids::ClientId;
use domain::messages;
use domain::sync::{Decision, Incoming, Stored, decide};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use tenancy::platform::memberships;
use tenancy::tenant::saved::{self, Saved};

/// A thousand saved registrations with their schemas fit comfortably.
const SYNC_LIMIT: usize = 64 * 1024 * 1024;

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/saved-registrations-sync", post(sync))
        .layer(DefaultBodyLimit::max(SYNC_LIMIT))
}

/// One entry of the request, checked.
struct Entry {
    fill_token: String,
    form_id: String,
    client_id: ClientId,
    base_version: Option<i64>,
    object: Map<String, Value>,
}

fn text<'a>(object: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    object
        .get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|v| !v.is_empty())
}

/// Checks every entry first: one malformed entry refuses the whole request, so nothing is
/// half-applied and the device keeps everything to try again.
fn parse(entries: Vec<Value>) -> Result<Vec<Entry>> {
    let mut parsed = Vec::with_capacity(entries.len());
    let mut errors = Vec::new();
    for (index, entry) in entries.into_iter().enumerate() {
        let Value::Object(object) = entry else {
            errors.push(FieldError::new(
                &index.to_string(),
                messages::SYNC_ENTRY_INVALID,
            ));
            continue;
        };
        let fill_token = text(&object, "fill_token")
            .filter(|t| t.len() <= 128)
            .map(str::to_owned);
        let form_id = text(&object, "form_id").map(str::to_owned);
        let client_id = text(&object, "client_id").and_then(ClientId::parse);
        match (fill_token, form_id, client_id) {
            (Some(fill_token), Some(form_id), Some(client_id)) => {
                let base_version = object.get("version").and_then(Value::as_i64);
                parsed.push(Entry {
                    fill_token,
                    form_id,
                    client_id,
                    base_version,
                    object,
                });
            }
            _ => errors.push(FieldError::new(
                &index.to_string(),
                messages::SYNC_ENTRY_INVALID,
            )),
        }
    }
    if errors.is_empty() {
        Ok(parsed)
    } else {
        Err(AppError::Unprocessable {
            message: messages::SYNC_ENTRY_INVALID.to_owned(),
            errors,
        })
    }
}

/// The entry as the server keeps and answers it: the device's fields, with the ones the
/// server decides put right.
fn stored_entry(entry: &Entry, version: i64) -> Value {
    let mut object = entry.object.clone();
    object.insert("version".into(), json!(version));
    object.insert("client_id".into(), json!(entry.client_id));
    object.insert("unsynced".into(), json!(false));
    Value::Object(object)
}

fn answer_entry(saved: &Saved) -> Value {
    let mut entry = saved.entry.clone();
    entry["version"] = json!(saved.version);
    entry["unsynced"] = json!(false);
    entry
}

async fn sync(
    State(state): State<AppState>,
    auth: AuthUser,
    JsonBody(entries): JsonBody<Vec<Value>>,
) -> Result<(StatusCode, Json<Value>)> {
    let entries = parse(entries)?;
    let user = auth.user.id.to_string();
    let mut by_client: BTreeMap<ClientId, Vec<Entry>> = BTreeMap::new();
    for entry in entries {
        by_client
            .entry(entry.client_id.clone())
            .or_default()
            .push(entry);
    }
    let mut conflicts = Vec::new();
    let mut rejected = Vec::new();
    for (client_id, entries) in by_client {
        // A device may still hold copies for a client the user has left: those are refused
        // one by one rather than blocking the rest of the sync.
        let ctx = match ClientCtx::resolve(&state, auth.clone(), &client_id).await {
            Ok(ctx) => ctx,
            Err(AppError::Forbidden | AppError::NotFound) => {
                rejected.extend(entries.iter().map(|e| e.fill_token.clone()));
                continue;
            }
            Err(other) => return Err(other),
        };
        let tokens: Vec<&str> = entries.iter().map(|e| e.fill_token.as_str()).collect();
        let existing: BTreeMap<String, Saved> = saved::find_many(&ctx.db, &tokens)
            .await?
            .into_iter()
            .map(|s| (s.fill_token.clone(), s))
            .collect();
        let mut accepted = Vec::new();
        for entry in &entries {
            let owner = match owner_of(&state, "form", &entry.form_id).await {
                Ok(owner) => Some(owner),
                Err(AppError::NotFound) => None,
                Err(other) => return Err(other),
            };
            if owner.as_ref() != Some(&client_id) {
                rejected.push(entry.fill_token.clone());
                continue;
            }
            let values = entry.object.get("values").unwrap_or(&Value::Null);
            let deleted_at = text(&entry.object, "registration_saved_deleted_at");
            let incoming = Incoming {
                base_version: entry.base_version,
                form_id: &entry.form_id,
                values,
                deleted_at,
            };
            let server = existing.get(&entry.fill_token);
            let server_view = server.map(|s| Stored {
                user_id: &s.user_id,
                version: s.version,
                form_id: &s.form_id,
                values: s.entry.get("values").unwrap_or(&Value::Null),
                deleted_at: s.deleted_at.as_deref(),
            });
            match decide(&user, &incoming, server_view.as_ref()) {
                Decision::Store(version) => accepted.push(Saved {
                    fill_token: entry.fill_token.clone(),
                    user_id: user.clone(),
                    form_id: entry.form_id.clone(),
                    entry: stored_entry(entry, version),
                    version,
                    deleted_at: deleted_at.map(str::to_owned),
                }),
                Decision::Unchanged => {}
                Decision::Conflict => {
                    if let Some(server) = server {
                        conflicts.push(json!({
                            "fill_token": entry.fill_token,
                            "client_version": Value::Object(entry.object.clone()),
                            "server_version": answer_entry(server),
                        }));
                    }
                }
                Decision::Rejected => rejected.push(entry.fill_token.clone()),
            }
        }
        saved::store_all(&ctx.db, &accepted).await?;
    }

    let mut registrations = Vec::new();
    for client in memberships::clients_of_user(&state.platform, &auth.user.id).await? {
        let db = state.tenants.open(&client.id).await?;
        saved::drop_sent(&db, &user).await?;
        registrations.extend(
            saved::for_user(&db, &user)
                .await?
                .iter()
                .filter(|s| s.deleted_at.is_none())
                .map(answer_entry),
        );
    }
    Ok((
        StatusCode::CREATED,
        Json(
            json!({ "registrations": registrations, "conflicts": conflicts, "rejected": rejected }),
        ),
    ))
}
