//! A client as seen by one of its users: `api/client/{id}` and its account calls.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::ClientCtx;
use crate::routes::account_mail;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::access::Permission;
use domain::ids::UserId;
use serde_json::{Value, json};
use std::collections::HashMap;
use tenancy::platform::{memberships, terms, users};
use tenancy::tenant::credits;

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/client/{client_id}", get(show))
        .route("/api/client/{client_id}/info", get(info))
        .route(
            "/api/clients/{client_id}/user/{user_id}/resend-welcome-mail",
            get(resend_welcome_mail),
        )
        .route(
            "/api/client/{client_id}/accept-terms-and-conditions",
            post(accept_terms),
        )
}

/// `GET api/client/{id}/info`: the user's roles and permission strings in this client.
async fn info(ctx: ClientCtx) -> Json<Value> {
    Json(json!({
        "roles": ctx.access.roles(),
        "permissions": ctx.access.permission_strings(),
    }))
}

/// `GET api/client/{id}`: credits and modules. Credits past their expiry count as 0 for
/// everyone but admins, who see the real values (spec document 3, section 1).
async fn show(ctx: ClientCtx) -> Result<Json<Value>> {
    let left = credits::left(&ctx.db, ctx.access.is_admin()).await?;
    let client = &ctx.client;
    Ok(Json(json!({
        "id": client.id,
        "uuid": client.id,
        "name": client.name,
        "modules": client.modules,
        "credits": left,
        "field_credits": left,
        "field_low_credit_email_limit": client.low_credit_email_limit,
        "terms_and_conditions_required": client.terms_and_conditions_required,
    })))
}

/// `GET api/clients/{id}/user/{userId}/resend-welcome-mail`: queues the welcome mail again
/// for a user of this client.
async fn resend_welcome_mail(
    State(state): State<AppState>,
    ctx: ClientCtx,
    Path(params): Path<HashMap<String, String>>,
) -> Result<Json<Value>> {
    let user_id = params
        .get("user_id")
        .and_then(|raw| UserId::parse(raw))
        .ok_or(AppError::NotFound)?;
    let user = users::find_by_id(&state.platform, &user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if memberships::roles_in_client(&state.platform, &user.id, &ctx.client.id)
        .await?
        .is_none()
    {
        return Err(AppError::NotFound);
    }
    ctx.require(Permission::ClientAddUsers)?;
    account_mail::queue_welcome(&state, &user, &ctx.client).await?;
    Ok(Json(json!({ "status": "success", "email": user.email })))
}

/// `POST api/client/{client_uuid}/accept-terms-and-conditions`: records that this user
/// accepted the client's terms (idempotent; the body's client_uuid repeats the path).
async fn accept_terms(State(state): State<AppState>, ctx: ClientCtx) -> Result<Json<Value>> {
    terms::accept(&state.platform, &ctx.client.id, &ctx.auth.user.id).await?;
    Ok(Json(
        json!({ "status": true, "message": domain::messages::TERMS_ACCEPTED }),
    ))
}
