//! The users of a client (document 002 section 7, 'Users and permissions'; screen 12): the
//! list, adding a user by e-mail and removing one from the client.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{AuthUser, FormBody};
use crate::policy::{self, table};
use crate::routes::account_mail;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::access::{Permission, Role};
use domain::ids::UserId;
use domain::messages;
use domain::validate::is_valid_email;
use serde::{Deserialize, Serialize};
use tenancy::platform::{memberships, terms, users};
use tenancy::tenant::user_groups;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(add))
        .routes(routes!(remove))
}

/// A user of the client as the users screen lists it.
#[derive(Debug, Serialize, ToSchema)]
struct ClientUser {
    id: String,
    display_name: String,
    username: String,
    email: String,
    /// The user's roles in this client.
    roles: Vec<String>,
    /// The ids of the client's groups the user is in.
    field_user_groups: Vec<String>,
}

/// `GET api/clients/{id}/users`: the client's users by name.
#[utoipa::path(get, path = "/api/clients/{client_id}/users", operation_id = table::CLIENT_USERS.op, tag = "client users",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "The client's users", body = Vec<ClientUser>)))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<Vec<ClientUser>>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CLIENT_USERS).await?;
    let mut answer = Vec::new();
    for member in memberships::members_of_client(&state.platform, &ctx.client.id).await? {
        let roles = memberships::roles_in_client(&state.platform, &member.id, &ctx.client.id)
            .await?
            .unwrap_or_default();
        answer.push(ClientUser {
            id: member.id.to_string(),
            display_name: member.username.clone(),
            username: member.username,
            email: member.email,
            roles: roles.iter().map(|role| role.as_str().to_owned()).collect(),
            field_user_groups: user_groups::of_user(ctx.db(), member.id.as_str()).await?,
        });
    }
    Ok(Json(answer))
}

/// Body of `POST api/clients/{id}/add-user`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct AddUser {
    // Defaulted so a body without it reaches the policy first (403 before 422).
    #[serde(default)]
    #[schema(format = Email, min_length = 3, max_length = 254, required = true)]
    email: String,
    /// Client roles (client_manager, financial, form_manager, form_view_registrations,
    /// user_manager); each needs 'assign {role} role'.
    #[serde(default)]
    roles: Vec<String>,
    /// Admin only: the user must accept the client's terms first.
    #[serde(default)]
    require_terms: bool,
}

/// The success text of an add.
#[derive(Debug, Serialize, ToSchema)]
struct Added {
    /// Always 'success'.
    status: String,
    message: String,
    /// The user's id.
    id: String,
}

/// `POST api/clients/{id}/add-user`: an existing account joins the client with these
/// roles; a new address gets an account and the welcome mail to choose a password. Only
/// roles the caller may assign, and the terms requirement only by an admin.
#[utoipa::path(post, path = "/api/clients/{client_id}/add-user", operation_id = table::CLIENT_ADD_USER.op, tag = "client users",
    params(("client_id" = String, Path)),
    request_body(content = AddUser, content_type = "application/json"),
    responses(
        (status = 201, description = "Added", body = Added),
        (status = 409, description = "Already a user of this client", body = ErrorBody),
        (status = 422, description = "No valid e-mail address, or an unknown role", body = ErrorBody)
    ))]
async fn add(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
    FormBody(body): FormBody<AddUser>,
) -> Result<(StatusCode, Json<Added>)> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CLIENT_ADD_USER).await?;
    let email = body.email.trim().to_lowercase();
    if !is_valid_email(&email) {
        return Err(AppError::invalid("email", messages::EMAIL_INVALID));
    }
    let mut roles = Vec::new();
    for name in &body.roles {
        let role = Role::parse(name)
            .filter(|role| !role.is_global() && *role != Role::FormFiller)
            .ok_or_else(|| AppError::invalid("roles", &messages::role_unknown(name)))?;
        ctx.require(Permission::AssignRole(role))?;
        roles.push(role);
    }
    if body.require_terms && !ctx.access.is_admin() {
        return Err(AppError::Forbidden);
    }
    let client = &ctx.client;
    let (user, new) = match users::find_by_email(&state.platform, &email).await? {
        Some(user) => {
            if memberships::roles_in_client(&state.platform, &user.id, &client.id)
                .await?
                .is_some()
            {
                return Err(AppError::Conflict(
                    messages::USER_ALREADY_IN_CLIENT.to_owned(),
                ));
            }
            (user, false)
        }
        None => {
            let id = users::insert(
                &state.platform,
                users::NewUser {
                    username: &email,
                    email: &email,
                    password_hash: None,
                    global_roles: Vec::new(),
                },
            )
            .await?;
            let user = users::find_by_id(&state.platform, &id)
                .await?
                .ok_or(AppError::NotFound)?;
            (user, true)
        }
    };
    memberships::set_roles(&state.platform, &user.id, &client.id, &roles).await?;
    if body.require_terms {
        terms::require(&state.platform, &client.id, &user.id).await?;
    }
    state.caches.forget_membership(&user.id, &client.id);
    if new {
        account_mail::queue_welcome(&state, &user, client).await?;
    }
    Ok((
        StatusCode::CREATED,
        Json(Added {
            status: "success".to_owned(),
            message: messages::user_added(&email),
            id: user.id.to_string(),
        }),
    ))
}

/// The answer of a removal.
#[derive(Debug, Serialize, ToSchema)]
struct Removed {
    /// Always 'success'.
    status: String,
    message: String,
}

/// `PATCH api/clients/{id}/remove-user/{userId}`: the user leaves the client (its groups and
/// its terms list too); the account and its other clients stay. Nobody removes themselves.
#[utoipa::path(patch, path = "/api/clients/{client_id}/remove-user/{user_id}", operation_id = table::CLIENT_REMOVE_USER.op, tag = "client users",
    params(("client_id" = String, Path), ("user_id" = String, Path)),
    responses(
        (status = 200, description = "Removed", body = Removed),
        (status = 409, description = "The caller cannot remove themselves", body = ErrorBody)
    ))]
async fn remove(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((client_id, user_id)): Path<(String, String)>,
) -> Result<Json<Removed>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CLIENT_REMOVE_USER).await?;
    let id = UserId::parse(&user_id).ok_or(AppError::NotFound)?;
    let user = users::find_by_id(&state.platform, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    if memberships::roles_in_client(&state.platform, &id, &ctx.client.id)
        .await?
        .is_none()
    {
        return Err(AppError::NotFound);
    }
    if id == ctx.auth.user.id {
        return Err(AppError::Conflict(messages::USER_REMOVE_SELF.to_owned()));
    }
    user_groups::remove_member_everywhere(ctx.db(), id.as_str()).await?;
    memberships::remove(&state.platform, &id, &ctx.client.id).await?;
    state.caches.forget_membership(&id, &ctx.client.id);
    Ok(Json(Removed {
        status: "success".to_owned(),
        message: messages::user_removed_from_client(&user.username),
    }))
}
