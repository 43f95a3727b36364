//! Registrations on the fill-in side: send (`api/registration/`, guest send), my
//! registrations, one registration, and the record search of guest and fill forms.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use crate::routes::forms::fillable;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use domain::access::Permission;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use tenancy::TenantDb;
use tenancy::tenant::forms::{self, Form};
use tenancy::tenant::registrations::{self, Registration};

/// Registrations per page of `api/my-registrations`.
pub const MY_PAGE_SIZE: i64 = 50;
/// Most hits a record search answers.
const SEARCH_LIMIT: i64 = 200;

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/my-registrations", get(mine))
        .route("/api/form/{form_id}/registrations/search", get(search))
        .route(
            "/api/form/{form_id}/registrations/{registration_id}",
            get(show),
        )
}

/// The Registration entity of document 000 section 3.
pub fn registration_json(reg: &Registration, form: &Form) -> Value {
    json!({
        "_id": reg.id,
        "form_id": reg.form_id,
        "form_name": form.name,
        "form_type": form.form_type,
        "form_summary": reg.summary,
        "registration_name": reg.registration_name,
        "registration_date": domain::dates::rfc3339_utc(reg.created_at),
        "registration_serial_number": reg.serial_number,
        "registration_user_id": { "username": reg.username },
        "registration_phase": reg.phase,
        "registration_status": reg.status,
        "registration_updated_at": domain::dates::rfc3339_utc(reg.updated_at),
        "schema": reg.schema,
        "values": reg.values,
        "fill_token": reg.fill_token,
    })
}

#[derive(Debug, Deserialize)]
struct PageQuery {
    #[serde(default)]
    page: i64,
}

/// `GET api/my-registrations?page=N` (0-based): the user's registrations in all their
/// clients, newest first, with `pages_count`. Each client contributes at most the rows up
/// to the end of the asked page, which is all a correct merge of the newest needs.
async fn mine(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<PageQuery>,
) -> Result<Json<Value>> {
    let page = query.page.clamp(0, 100_000);
    let needed = (page + 1) * MY_PAGE_SIZE;
    let clients =
        tenancy::platform::memberships::clients_of_user(&state.platform, &auth.user.id).await?;
    let mut merged: Vec<(Registration, Form, String)> = Vec::new();
    let mut total = 0;
    for client in clients {
        let db = state.tenants.open(&client.id).await?;
        let (regs, count) =
            registrations::page_for_user(&db, auth.user.id.as_str(), 0, needed).await?;
        total += count;
        let mut forms_by_id: HashMap<String, Option<Form>> = HashMap::new();
        for reg in regs {
            if !forms_by_id.contains_key(&reg.form_id) {
                let form = forms::find_with_deleted(&db, &reg.form_id).await?;
                forms_by_id.insert(reg.form_id.clone(), form);
            }
            if let Some(Some(form)) = forms_by_id.get(&reg.form_id) {
                merged.push((reg, form.clone(), client.id.to_string()));
            }
        }
    }
    merged.sort_by(|a, b| {
        b.0.created_at
            .cmp(&a.0.created_at)
            .then(b.0.serial_number.cmp(&a.0.serial_number))
    });
    let list: Vec<Value> = merged
        .iter()
        .skip(usize::try_from(page * MY_PAGE_SIZE).unwrap_or(usize::MAX))
        .take(usize::try_from(MY_PAGE_SIZE).unwrap_or(0))
        .map(|(reg, form, client_id)| {
            let mut value = registration_json(reg, form);
            value["client_id"] = json!(client_id);
            value
        })
        .collect();
    Ok(Json(json!({
        "registrations": list,
        "pages_count": (total + MY_PAGE_SIZE - 1) / MY_PAGE_SIZE,
        "registrations_count": total,
    })))
}

/// `GET api/form/{form_id}/registrations/{registration_id}`: one registration, for its
/// sender or a user who manages the form's registrations. Hold registrations cannot be opened.
async fn show(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, registration_id)): Path<(String, String)>,
) -> Result<Json<Value>> {
    let (ctx, cached) = fillable(&state, auth, &form_id).await?;
    let form = &cached.form;
    let reg = registrations::find(&ctx.db, &form_id, &registration_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let own = reg.user_id.as_deref() == Some(ctx.auth.user.id.as_str());
    if !own && !ctx.access.may(Permission::ManageFormRegistrations) {
        return Err(AppError::Forbidden);
    }
    if reg.status == "hold" {
        return Err(AppError::NotFound);
    }
    Ok(Json(registration_json(&reg, form)))
}

/// The searchable fields of a form, when its record search is switched on.
fn searchable_fields(form: &Form) -> Option<Vec<String>> {
    let settings = &form.settings;
    if !settings
        .get("search_enabled")
        .and_then(Value::as_bool)
        .unwrap_or(false)
    {
        return None;
    }
    let fields = settings
        .get("searchable_fields")
        .and_then(Value::as_array)?;
    Some(
        fields
            .iter()
            .filter_map(|field| {
                field
                    .get("value")
                    .and_then(Value::as_str)
                    .or_else(|| field.as_str())
            })
            .map(str::to_owned)
            .collect(),
    )
}

/// Runs a record search for a form: query keys are field paths with ':' for '.', values
/// the terms. Only the form's searchable fields may be used.
pub async fn run_search(
    db: &TenantDb,
    form: &Form,
    query: &BTreeMap<String, String>,
) -> Result<Value> {
    let allowed = searchable_fields(form).ok_or(AppError::NotFound)?;
    let mut filters = Vec::new();
    for (key, term) in query {
        let path = key.replace(':', ".");
        if !allowed.contains(&path) {
            return Err(AppError::invalid(
                key,
                domain::messages::SEARCH_FIELD_NOT_ALLOWED,
            ));
        }
        filters.push((path, term.trim().to_owned()));
    }
    let found = registrations::search(db, &form.id, &filters, SEARCH_LIMIT).await?;
    let list: Vec<Value> = found
        .iter()
        .map(|reg| registration_json(reg, form))
        .collect();
    Ok(json!({ "registrations": list }))
}

/// `GET api/form/{id}/registrations/search`.
async fn search(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
    Query(query): Query<BTreeMap<String, String>>,
) -> Result<Json<Value>> {
    let (ctx, cached) = fillable(&state, auth, &form_id).await?;
    Ok(Json(run_search(&ctx.db, &cached.form, &query).await?))
}
