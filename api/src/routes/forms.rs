//! Forms as the fill-in side reads them: `api/form/{id}`, `api/form/{id}/anonymous`,
//! `api/forms/published/{client}`.

use crate::AppState;
use crate::cache::CachedForm;
use crate::error::{AppError, Result};
use crate::extract::{AuthUser, ClientCtx, public_tenant};
use crate::routes::folders::millis;
use crate::routes::form_admin;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use domain::access::Permission;
use serde_json::{Value, json};
use std::sync::Arc;
use tenancy::TenantDb;
use tenancy::tenant::forms::{self, Form};
use tenancy::tenant::user_groups;

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/form/{form_id}", get(show))
        .route("/api/form/{form_id}/anonymous", get(anonymous))
        .route("/api/form/{form_id}/metadata", get(metadata))
        .route("/api/forms/published/{client_id}", get(published))
}

/// Permissions that let a user open any form of the client, published or not.
pub const MANAGE_ANY_FORM: [Permission; 3] = [
    Permission::ManageForms,
    Permission::ManageFormRegistrations,
    Permission::ManageFormUsers,
];

/// A form parsed for sending, from the cache or the tenant database.
pub async fn cached_form(
    state: &AppState,
    db: &TenantDb,
    form_id: &str,
) -> Result<Arc<CachedForm>> {
    let key = (db.client_id().clone(), form_id.to_owned());
    if let Some(cached) = state.caches.forms.get(&key) {
        return Ok(cached);
    }
    let form = forms::find(db, form_id).await?.ok_or(AppError::NotFound)?;
    // A stored form was validated when it was saved; failing here is our fault, not the user's.
    let definition =
        domain::form::validate_schema(&form.schema, &form.rules).map_err(|errors| {
            AppError::internal(format!("stored form {form_id} is invalid: {errors:?}"))
        })?;
    let (allowed_users, allowed_groups) = forms::access_lists(db, form_id).await?;
    let schema_text = form.schema.to_string();
    let schema_hash = tenancy::secrets::sha256_hex(schema_text.as_bytes()).into();
    let cached = Arc::new(CachedForm {
        form,
        definition,
        schema_json: schema_text.into(),
        schema_hash,
        allowed_users,
        allowed_groups,
    });
    state.caches.forms.insert(key, cached.clone());
    Ok(cached)
}

/// The form a signed-in user may fill in (or manage): 404 when unknown, 403 otherwise.
pub async fn fillable(
    state: &AppState,
    auth: AuthUser,
    form_id: &str,
) -> Result<(ClientCtx, Arc<CachedForm>)> {
    let ctx = ClientCtx::for_owner_of(state, auth, "form", form_id).await?;
    let cached = cached_form(state, &ctx.db, form_id).await?;
    if !manages_forms(&ctx) {
        let user = ctx.auth.user.id.as_str();
        // Group membership is only read for forms that are limited to groups.
        let groups = if cached.allowed_groups.is_empty() {
            Vec::new()
        } else {
            user_groups::of_user(&ctx.db, user).await?
        };
        if !cached.may_fill(user, &groups) {
            return Err(AppError::Forbidden);
        }
    }
    Ok((ctx, cached))
}

/// True when the user may open every form of the client and gets the admin shape.
pub fn manages_forms(ctx: &ClientCtx) -> bool {
    MANAGE_ANY_FORM.iter().any(|p| ctx.access.may(*p))
}

/// The Form entity as the fill-in side needs it (document 000 section 3).
pub fn form_json(form: &Form, client_id: &str) -> Value {
    json!({
        "form_id": form.id,
        "form_guest_id": form.guest_id,
        "form_name": form.name,
        "form_type": form.form_type,
        "folder_id": form.folder_id,
        "client_id": client_id,
        "client_uuid": client_id,
        "schema": form.schema,
        "values": form.values,
        "rules": form.rules,
        "settings": form.settings,
        "form_settings": form.form_settings,
        "form_summary": form.form_summary,
        "registrationNameToken": form.registration_name_token,
        "published_at": form.published_at.map(millis),
        "updated_at": millis(form.updated_at),
    })
}

/// `GET api/form/{form_id}`.
async fn show(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    let (ctx, cached) = fillable(&state, auth, &form_id).await?;
    if manages_forms(&ctx) {
        return Ok(Json(
            form_admin::admin_json(&state, &ctx, &cached.form).await?,
        ));
    }
    Ok(Json(form_json(&cached.form, ctx.client.id.as_str())))
}

/// `GET api/form/{form_id}/metadata`: the processing state of the form's Word files (none
/// are processed yet; the Word issue fills this in).
async fn metadata(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    fillable(&state, auth, &form_id).await?;
    Ok(Json(json!({ "email_word_files_processed": {} })))
}

/// `GET api/form/{form_id}/anonymous`: the client a form belongs to, for the public
/// registration page (no sign-in).
async fn anonymous(
    State(state): State<AppState>,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    let (client, db) = public_tenant(&state, "form", &form_id).await?;
    let form = forms::find(&db, &form_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(
        json!({ "client_uuid": client.id, "form_id": form.id, "form_name": form.name }),
    ))
}

/// `GET api/forms/published/{client}`: published forms the user may fill in.
async fn published(ctx: ClientCtx) -> Result<Json<Value>> {
    let forms = fillable_forms(&ctx).await?;
    let list: Vec<Value> = forms
        .iter()
        .map(|form| json!({ "form": { "form_id": form.id, "form_name": form.name } }))
        .collect();
    Ok(Json(Value::Array(list)))
}

/// The published forms this user may fill in, through the user's own grants or groups.
pub async fn fillable_forms(ctx: &ClientCtx) -> Result<Vec<Form>> {
    let user = ctx.auth.user.id.as_str();
    let groups = user_groups::of_user(&ctx.db, user).await?;
    Ok(forms::published_for_user(&ctx.db, user, &groups).await?)
}
