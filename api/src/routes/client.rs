//! A client as seen by one of its users: `api/client/{id}` and its account calls.

use crate::AppState;
use crate::answers::StatusMessage;
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use crate::policy::{self, table};
use crate::routes::account_mail;
use crate::routes::batches::{BatchProcess, start_batch};
use axum::Json;
use axum::extract::{Path, State};
use domain::access::Permission;
use domain::ids::UserId;
use domain::messages;
use serde::Serialize;
use tenancy::platform::batches::{self, NewBatch};
use tenancy::platform::{audit, memberships, terms, users};
use tenancy::tenant::credits;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show))
        .routes(routes!(info))
        .routes(routes!(resend_welcome_mail))
        .routes(routes!(accept_terms))
        .routes(routes!(remove))
}

/// `GET api/client/{id}/info`.
#[derive(Debug, Serialize, ToSchema)]
struct ClientAccess {
    /// Effective roles here, 'form_filler' first.
    roles: Vec<String>,
    /// Permission strings of the specification, sorted.
    permissions: Vec<String>,
}

/// `GET api/client/{id}/info`: the user's roles and permission strings in this client.
#[utoipa::path(get, path = "/api/client/{client_id}/info", operation_id = table::CLIENT_INFO.op, tag = "client",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "Roles and permissions", body = ClientAccess)))]
async fn info(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<ClientAccess>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CLIENT_INFO).await?;
    Ok(Json(ClientAccess {
        roles: ctx
            .access
            .roles()
            .iter()
            .map(|r| r.as_str().to_owned())
            .collect(),
        permissions: ctx.access.permission_strings(),
    }))
}

/// `GET api/client/{id}`.
#[derive(Debug, Serialize, ToSchema)]
struct ClientDetails {
    id: String,
    uuid: String,
    name: String,
    /// Paid modules: word, map_element, location, tracking, qr_code.
    modules: Vec<String>,
    credits: i64,
    field_credits: i64,
    field_low_credit_email_limit: i64,
    terms_and_conditions_required: bool,
    /// `YYYY-MM-DD`: the last day of the credits that expire first (of those that still
    /// count and have some left); absent when none expire.
    credits_next_expire_date: Option<String>,
}

/// `GET api/client/{id}`: credits and modules. Credits past their expiry count as 0 for
/// everyone but admins, who see the real values (spec document 3, section 1).
#[utoipa::path(get, path = "/api/client/{client_id}", operation_id = table::CLIENT_SHOW.op, tag = "client",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "Credits and modules", body = ClientDetails)))]
async fn show(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<ClientDetails>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CLIENT_SHOW).await?;
    let left = credits::left(ctx.db(), ctx.access.is_admin()).await?;
    let next_expiry = credits::next_expiry(ctx.db()).await?;
    let client = ctx.client;
    Ok(Json(ClientDetails {
        id: client.id.to_string(),
        uuid: client.id.to_string(),
        name: client.name,
        modules: client.modules,
        credits: left,
        field_credits: left,
        field_low_credit_email_limit: client.low_credit_email_limit,
        terms_and_conditions_required: client.terms_and_conditions_required,
        credits_next_expire_date: next_expiry.map(crate::routes::credits::last_day),
    }))
}

/// The welcome mail was queued.
#[derive(Debug, Serialize, ToSchema)]
struct WelcomeSent {
    /// Always 'success'.
    status: String,
    email: String,
}

/// `GET api/clients/{id}/user/{userId}/resend-welcome-mail`: queues the welcome mail again
/// for a user of this client. User management reaches only the client's own users with roles
/// the manager may hand out: never a platform admin or employee, never a user with a role the
/// manager could not assign (decision 011).
#[utoipa::path(get, path = "/api/clients/{client_id}/user/{user_id}/resend-welcome-mail", operation_id = table::CLIENT_RESEND_WELCOME_MAIL.op, tag = "client",
    params(("client_id" = String, Path), ("user_id" = String, Path)),
    responses((status = 200, description = "Queued", body = WelcomeSent)))]
async fn resend_welcome_mail(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((client_id, user_id)): Path<(String, String)>,
) -> Result<Json<WelcomeSent>> {
    let ctx =
        policy::client_by_id(&state, auth, &client_id, &table::CLIENT_RESEND_WELCOME_MAIL).await?;
    let user_id = UserId::parse(&user_id).ok_or(AppError::NotFound)?;
    let user = users::find_by_id(&state.platform, &user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let roles = memberships::roles_in_client(&state.platform, &user.id, &ctx.client.id)
        .await?
        .ok_or(AppError::NotFound)?;
    if !ctx.access.is_admin() && !user.global_roles.is_empty() {
        return Err(AppError::Forbidden);
    }
    for role in roles {
        ctx.require(Permission::AssignRole(role))?;
    }
    account_mail::queue_welcome(&state, &user, &ctx.client).await?;
    Ok(Json(WelcomeSent {
        status: "success".to_owned(),
        email: user.email,
    }))
}

/// `POST api/client/{client_uuid}/accept-terms-and-conditions`: records that this user
/// accepted the client's terms (idempotent; the body's client_uuid repeats the path).
#[utoipa::path(post, path = "/api/client/{client_id}/accept-terms-and-conditions", operation_id = table::CLIENT_ACCEPT_TERMS.op, tag = "client",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "Accepted", body = StatusMessage)))]
async fn accept_terms(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<StatusMessage>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CLIENT_ACCEPT_TERMS).await?;
    terms::accept(&state.platform, &ctx.client.id, &ctx.auth.user.id).await?;
    state
        .caches
        .forget_membership(&ctx.auth.user.id, &ctx.client.id);
    Ok(Json(StatusMessage::ok(domain::messages::TERMS_ACCEPTED)))
}

/// `POST api/client/{id}/delete`: starts the removal of the client as a batch (followed
/// through `api/batch/process/{batchName}`). Refused while other work of the client runs,
/// so no export writes into a folder being erased. Recorded in the platform's audit log.
#[utoipa::path(post, path = "/api/client/{client_id}/delete", operation_id = table::CLIENT_DELETE.op, tag = "client",
    params(("client_id" = String, Path)),
    responses(
        (status = 200, description = "The removal is queued", body = BatchProcess),
        (status = 409, description = "Other work of the client runs", body = crate::error::ErrorBody)
    ))]
async fn remove(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<BatchProcess>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CLIENT_DELETE).await?;
    let client = &ctx.client.id;
    if !batches::open_of_client(&state.platform, client, "")
        .await?
        .is_empty()
    {
        return Err(AppError::Conflict(messages::CLIENT_REMOVE_BUSY.to_owned()));
    }
    let user = ctx.auth.user.id.to_string();
    let batch = start_batch(
        &state,
        &NewBatch {
            client_id: client,
            kind: worker::removal::CLIENT_REMOVE,
            subject: None,
            created_by: Some(&user),
            params: "{}".to_owned(),
            total: 0,
            link_token: None,
        },
    )
    .await?;
    audit::record(
        &state.platform,
        Some(&user),
        "client.remove.requested",
        client,
        Some(&batch.id),
    )
    .await?;
    Ok(Json(BatchProcess::of(&batch)))
}
