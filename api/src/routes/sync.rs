//! `POST api/saved-registrations-sync`: a device sends its unsynced saved registrations (an
//! empty list to refresh) and gets back every saved registration of the user plus the
//! conflicts it has to resolve. Nothing a device holds is ever overwritten silently.

use crate::AppState;
use crate::error::{AppError, FieldError, Result};
use crate::extract::{AuthUser, JsonList};
use crate::policy::{self, table};
use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use domain::ids::ClientId;
use domain::messages;
use domain::sync::{Decision, Incoming, Stored, decide};
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use tenancy::tenant::saved::{self, Saved};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// A thousand saved registrations with their schemas fit comfortably.
const SYNC_LIMIT: usize = 64 * 1024 * 1024;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sync))
        .layer(DefaultBodyLimit::max(SYNC_LIMIT))
}

/// A saved registration as a device sends it (documentation of the request; the entries
/// are kept as sent, with the fields below checked).
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // documents the body, which is read as JSON values
struct SavedEntry {
    #[schema(
        min_length = 1,
        max_length = 128,
        pattern = "^[^\\x00-\\x1f\\x7f-\\x9f]*$"
    )]
    fill_token: String,
    #[schema(min_length = 1)]
    form_id: String,
    #[schema(format = Uuid)]
    client_id: String,
    /// The server's version this entry was changed from.
    #[schema(minimum = -9_000_000_000_000_000_i64, maximum = 9_000_000_000_000_000_i64)]
    version: Option<i64>,
    /// Set when the device deleted it.
    registration_saved_deleted_at: Option<String>,
    #[schema(value_type = Option<Object>)]
    values: Option<Value>,
}

/// A saved registration the device and the server both changed.
#[derive(Debug, Serialize, ToSchema)]
struct Conflict {
    fill_token: String,
    #[schema(value_type = Object)]
    client_version: Value,
    #[schema(value_type = Object)]
    server_version: Value,
}

/// `POST api/saved-registrations-sync`.
#[derive(Debug, Serialize, ToSchema)]
struct SyncAnswer {
    /// Every saved registration of the user, in every client (the device replaces its list).
    #[schema(value_type = Vec<Object>)]
    registrations: Vec<Value>,
    conflicts: Vec<Conflict>,
    /// Fill tokens of entries the server refused (a client the user left, a form elsewhere).
    rejected: Vec<String>,
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

/// Largest version number taken: far beyond any count of saves, and exact as a float.
const MAX_VERSION: i64 = 9_000_000_000_000_000;

/// A version: a whole JSON number within ±[`MAX_VERSION`] (JSON does not tell 108 from
/// 108.0).
fn whole(value: &Value) -> Option<i64> {
    if let Some(n) = value.as_i64() {
        return (-MAX_VERSION..=MAX_VERSION).contains(&n).then_some(n);
    }
    let n = value.as_f64()?;
    // Exact: a whole float within the bound converts without loss.
    (n.fract() == 0.0 && n.abs() <= MAX_VERSION as f64).then_some(n as i64)
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
        // Ids are taken exactly as sent: a trimmed token would no longer match its resend.
        let exact = |key: &str| object.get(key).and_then(Value::as_str);
        let fill_token = exact("fill_token")
            .filter(|t| domain::validate::is_valid_fill_token(t))
            .map(str::to_owned);
        let form_id = exact("form_id")
            .filter(|id| !id.is_empty())
            .map(str::to_owned);
        // A uuid is a uuid in either case; ours are written in lowercase.
        let client_id = exact("client_id").and_then(|id| ClientId::parse(&id.to_ascii_lowercase()));
        // A version is the server's number (108.0 is 108) or absent; anything else is no
        // version of ours.
        let version = match object.get("version") {
            None | Some(Value::Null) => Some(None),
            Some(value) => whole(value).map(Some),
        };
        // Values and the deletion mark have one shape each; a device never sends others.
        let shaped = matches!(
            object.get("values"),
            None | Some(Value::Null | Value::Object(_))
        ) && matches!(
            object.get("registration_saved_deleted_at"),
            None | Some(Value::Null | Value::String(_))
        );
        match (fill_token, form_id, client_id, version) {
            (Some(fill_token), Some(form_id), Some(client_id), Some(base_version)) if shaped => {
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

/// `POST api/saved-registrations-sync`: the device's unsynced saved registrations (an empty
/// list to refresh); answers the user's saved registrations and the conflicts to resolve.
#[utoipa::path(post, path = "/api/saved-registrations-sync", operation_id = table::SAVED_REGISTRATIONS_SYNC.op, tag = "registrations",
    request_body(content = Vec<SavedEntry>, description = "The device's unsynced saved registrations (an empty list to refresh)"),
    responses((status = 201, description = "Synced", body = SyncAnswer)))]
async fn sync(
    State(state): State<AppState>,
    auth: AuthUser,
    JsonList(entries): JsonList<Vec<Value>>,
) -> Result<(StatusCode, Json<SyncAnswer>)> {
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
        let ctx = match policy::member_of(&state, auth.clone(), &client_id).await {
            Ok(ctx) => ctx,
            Err(AppError::Forbidden | AppError::TermsRequired | AppError::NotFound) => {
                rejected.extend(entries.iter().map(|e| e.fill_token.clone()));
                continue;
            }
            Err(other) => return Err(other),
        };
        let tokens: Vec<&str> = entries.iter().map(|e| e.fill_token.as_str()).collect();
        let existing: BTreeMap<String, Saved> = saved::find_many(ctx.db(), &tokens)
            .await?
            .into_iter()
            .map(|s| (s.fill_token.clone(), s))
            .collect();
        let mut accepted = Vec::new();
        for entry in &entries {
            let owner = match policy::owner_of(&state, "form", &entry.form_id).await {
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
                        conflicts.push(Conflict {
                            fill_token: entry.fill_token.clone(),
                            client_version: Value::Object(entry.object.clone()),
                            server_version: answer_entry(server),
                        });
                    }
                }
                Decision::Rejected => rejected.push(entry.fill_token.clone()),
            }
        }
        saved::store_all(ctx.db(), &accepted).await?;
    }

    let mut registrations = Vec::new();
    for ctx in policy::my_clients(&state, &auth).await? {
        let db = ctx.db();
        saved::drop_sent(db, &user).await?;
        registrations.extend(
            saved::for_user(db, &user)
                .await?
                .iter()
                .filter(|s| s.deleted_at.is_none())
                .map(answer_entry),
        );
    }
    Ok((
        StatusCode::CREATED,
        Json(SyncAnswer {
            registrations,
            conflicts,
            rejected,
        }),
    ))
}
