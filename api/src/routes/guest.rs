//! Guest forms: `api/guest/form/{guestId}`, filled in without signing in.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::public_tenant;
use crate::routes::forms::form_json;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::Value;
use tenancy::TenantDb;
use tenancy::platform::clients::Client;
use tenancy::tenant::forms::{self, Form};

/// Routes of this resource (the send is in `routes::registrations`).
pub fn router() -> Router<AppState> {
    Router::new().route("/api/guest/form/{guest_id}", get(show))
}

/// The form behind a guest id, only while guest access is on and the form is published.
pub async fn open_form(state: &AppState, guest_id: &str) -> Result<(Client, TenantDb, Form)> {
    let (client, db) = public_tenant(state, "guest", guest_id).await?;
    let form = forms::find_by_guest_id(&db, guest_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let enabled = form
        .settings
        .get("guestAccess")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    if !enabled || form.published_at.is_none() {
        return Err(AppError::NotFound);
    }
    Ok((client, db, form))
}

/// `GET api/guest/form/{guestId}`.
async fn show(State(state): State<AppState>, Path(guest_id): Path<String>) -> Result<Json<Value>> {
    let (client, _db, form) = open_form(&state, &guest_id).await?;
    Ok(Json(form_json(&form, client.id.as_str())))
}
