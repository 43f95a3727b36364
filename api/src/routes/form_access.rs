//! Who may fill in a form (decision 010): its users and user groups, and the list of
//! everyone that may fill it in. No users and no groups means every user of the client.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use crate::policy::{self, ClientCtx, Route, table};
use crate::routes::form_admin::{admin_json, managed_form};
use crate::routes::forms::FormJson;
use axum::Json;
use axum::extract::{Path, State};
use serde::Serialize;
use tenancy::platform::memberships::{self, Member};
use tenancy::tenant::forms::{self, Grantee};
use tenancy::tenant::user_groups;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(users))
        .routes(routes!(add_user))
        .routes(routes!(remove_user))
        .routes(routes!(groups))
        .routes(routes!(add_group))
        .routes(routes!(remove_group))
        .routes(routes!(assigned))
}

async fn members(state: &AppState, ctx: &ClientCtx) -> Result<Vec<Member>> {
    Ok(memberships::members_of_client(&state.platform, &ctx.client.id).await?)
}

/// A user of the client, marked when the form is given to them.
#[derive(Debug, Serialize, ToSchema)]
struct FormUser {
    user_id: String,
    email: String,
    username: String,
    assigned: bool,
}

/// `GET api/form/{id}/get_users`: every user of the client, marked when assigned.
#[utoipa::path(get, path = "/api/form/{form_id}/get_users", operation_id = table::FORM_USERS.op, tag = "form access",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "The client's users", body = Vec<FormUser>)))]
async fn users(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Vec<FormUser>>> {
    let (ctx, form) = managed_form(&state, auth, &form_id, &table::FORM_USERS).await?;
    let (assigned, _) = forms::access_lists(ctx.db(), &form.id).await?;
    let list = members(&state, &ctx)
        .await?
        .into_iter()
        .map(|m| FormUser {
            assigned: assigned.iter().any(|id| id == m.id.as_str()),
            user_id: m.id.to_string(),
            email: m.email,
            username: m.username,
        })
        .collect();
    Ok(Json(list))
}

/// A group of the client, marked when the form is given to it.
#[derive(Debug, Serialize, ToSchema)]
struct FormGroup {
    group_id: String,
    name: String,
    assigned: bool,
}

/// `GET api/form/{id}/get_user_groups`: every group of the client, marked when assigned.
#[utoipa::path(get, path = "/api/form/{form_id}/get_user_groups", operation_id = table::FORM_GROUPS.op, tag = "form access",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "The client's groups", body = Vec<FormGroup>)))]
async fn groups(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Vec<FormGroup>>> {
    let (ctx, form) = managed_form(&state, auth, &form_id, &table::FORM_GROUPS).await?;
    let (_, assigned) = forms::access_lists(ctx.db(), &form.id).await?;
    let list = user_groups::list(ctx.db())
        .await?
        .into_iter()
        .map(|g| FormGroup {
            assigned: assigned.contains(&g.id),
            group_id: g.id,
            name: g.name,
        })
        .collect();
    Ok(Json(list))
}

/// Adds or removes one grant after checking the user or group belongs to the form's
/// client (404 otherwise); answers the form.
async fn change(
    state: AppState,
    auth: AuthUser,
    form_id: &str,
    route: &Route,
    grantee: Grantee<'_>,
    add: bool,
) -> Result<Json<FormJson>> {
    let (ctx, form) = managed_form(&state, auth, form_id, route).await?;
    let known = match grantee {
        Grantee::User(id) => members(&state, &ctx)
            .await?
            .iter()
            .any(|m| m.id.as_str() == id),
        Grantee::Group(id) => user_groups::find(ctx.db(), id).await?.is_some(),
    };
    if !known {
        return Err(AppError::NotFound);
    }
    if add {
        forms::grant(ctx.db(), &form.id, grantee).await?;
    } else {
        forms::revoke(ctx.db(), &form.id, grantee).await?;
    }
    state.caches.forget_form(&ctx.client.id, &form.id);
    Ok(Json(admin_json(&state, &ctx, &form).await?))
}

/// `POST api/form/{id}/add_user/{user_id}`.
#[utoipa::path(post, path = "/api/form/{form_id}/add_user/{user_id}", operation_id = table::FORM_USER_ADD.op, tag = "form access",
    params(("form_id" = String, Path), ("user_id" = String, Path)),
    responses((status = 200, description = "The form", body = FormJson)))]
async fn add_user(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, user_id)): Path<(String, String)>,
) -> Result<Json<FormJson>> {
    let route = &table::FORM_USER_ADD;
    change(state, auth, &form_id, route, Grantee::User(&user_id), true).await
}

/// `POST api/form/{id}/remove_user/{user_id}`.
#[utoipa::path(post, path = "/api/form/{form_id}/remove_user/{user_id}", operation_id = table::FORM_USER_REMOVE.op, tag = "form access",
    params(("form_id" = String, Path), ("user_id" = String, Path)),
    responses((status = 200, description = "The form", body = FormJson)))]
async fn remove_user(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, user_id)): Path<(String, String)>,
) -> Result<Json<FormJson>> {
    let route = &table::FORM_USER_REMOVE;
    change(state, auth, &form_id, route, Grantee::User(&user_id), false).await
}

/// `POST api/form/{id}/add_user_group/{group_id}`.
#[utoipa::path(post, path = "/api/form/{form_id}/add_user_group/{group_id}", operation_id = table::FORM_GROUP_ADD.op, tag = "form access",
    params(("form_id" = String, Path), ("group_id" = String, Path)),
    responses((status = 200, description = "The form", body = FormJson)))]
async fn add_group(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, group_id)): Path<(String, String)>,
) -> Result<Json<FormJson>> {
    let route = &table::FORM_GROUP_ADD;
    change(
        state,
        auth,
        &form_id,
        route,
        Grantee::Group(&group_id),
        true,
    )
    .await
}

/// `POST api/form/{id}/remove_user_group/{group_id}`.
#[utoipa::path(post, path = "/api/form/{form_id}/remove_user_group/{group_id}", operation_id = table::FORM_GROUP_REMOVE.op, tag = "form access",
    params(("form_id" = String, Path), ("group_id" = String, Path)),
    responses((status = 200, description = "The form", body = FormJson)))]
async fn remove_group(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, group_id)): Path<(String, String)>,
) -> Result<Json<FormJson>> {
    let route = &table::FORM_GROUP_REMOVE;
    change(
        state,
        auth,
        &form_id,
        route,
        Grantee::Group(&group_id),
        false,
    )
    .await
}

/// Someone who may fill in the form.
#[derive(Debug, Serialize, ToSchema)]
struct AssignedUser {
    user_id: String,
    email: String,
}

/// `GET api/form/{id}/assigned-users`: who may fill the form in — its users and the
/// members of its groups, or every user of the client when none are set.
#[utoipa::path(get, path = "/api/form/{form_id}/assigned-users", operation_id = table::FORM_ASSIGNED_USERS.op, tag = "form access",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "Who may fill it in", body = Vec<AssignedUser>)))]
async fn assigned(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Vec<AssignedUser>>> {
    let policy::FormCtx { ctx, form } =
        policy::form(&state, auth, &form_id, &table::FORM_ASSIGNED_USERS).await?;
    let everyone = members(&state, &ctx).await?;
    let open_to_all = form.allowed_users.is_empty() && form.allowed_groups.is_empty();
    let mut allowed = form.allowed_users.clone();
    allowed.extend(user_groups::members(ctx.db(), &form.allowed_groups).await?);
    let list = everyone
        .into_iter()
        .filter(|m| open_to_all || allowed.iter().any(|id| id == m.id.as_str()))
        .map(|m| AssignedUser {
            user_id: m.id.to_string(),
            email: m.email,
        })
        .collect();
    Ok(Json(list))
}
