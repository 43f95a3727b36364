//! Who may fill in a form (decision 010): its users and user groups, and the list of
//! everyone that may fill it in. No users and no groups means every user of the client.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::{AuthUser, ClientCtx};
use crate::routes::form_admin::{admin_json, managed_form};
use crate::routes::forms::fillable;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::access::Permission;
use serde_json::{Value, json};
use tenancy::platform::memberships::{self, Member};
use tenancy::tenant::forms::{self, Grantee};
use tenancy::tenant::user_groups;

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/form/{form_id}/get_users", get(users))
        .route("/api/form/{form_id}/add_user/{user_id}", post(add_user))
        .route(
            "/api/form/{form_id}/remove_user/{user_id}",
            post(remove_user),
        )
        .route("/api/form/{form_id}/get_user_groups", get(groups))
        .route(
            "/api/form/{form_id}/add_user_group/{group_id}",
            post(add_group),
        )
        .route(
            "/api/form/{form_id}/remove_user_group/{group_id}",
            post(remove_group),
        )
        .route("/api/form/{form_id}/assigned-users", get(assigned))
}

async fn members(state: &AppState, ctx: &ClientCtx) -> Result<Vec<Member>> {
    Ok(memberships::members_of_client(&state.platform, &ctx.client.id).await?)
}

/// `GET api/form/{id}/get_users`: every user of the client, marked when assigned.
async fn users(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    let (ctx, form) = managed_form(&state, auth, &form_id, Permission::ManageFormUsers).await?;
    let (assigned, _) = forms::access_lists(&ctx.db, &form.id).await?;
    let list: Vec<Value> = members(&state, &ctx)
        .await?
        .into_iter()
        .map(|m| {
            let is_assigned = assigned.iter().any(|id| id == m.id.as_str());
            json!({ "user_id": m.id.as_str(), "email": m.email, "username": m.username, "assigned": is_assigned })
        })
        .collect();
    Ok(Json(Value::Array(list)))
}

/// `GET api/form/{id}/get_user_groups`: every group of the client, marked when assigned.
async fn groups(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    let (ctx, form) = managed_form(&state, auth, &form_id, Permission::ManageFormUsers).await?;
    let (_, assigned) = forms::access_lists(&ctx.db, &form.id).await?;
    let list: Vec<Value> = user_groups::list(&ctx.db)
        .await?
        .into_iter()
        .map(|g| json!({ "group_id": g.id, "name": g.name, "assigned": assigned.contains(&g.id) }))
        .collect();
    Ok(Json(Value::Array(list)))
}

/// Adds or removes one grant after checking the user or group belongs to the form's
/// client (404 otherwise); answers the form.
async fn change(
    state: AppState,
    auth: AuthUser,
    form_id: &str,
    grantee: Grantee<'_>,
    add: bool,
) -> Result<Json<Value>> {
    let (ctx, form) = managed_form(&state, auth, form_id, Permission::ManageFormUsers).await?;
    let known = match grantee {
        Grantee::User(id) => members(&state, &ctx)
            .await?
            .iter()
            .any(|m| m.id.as_str() == id),
        Grantee::Group(id) => user_groups::find(&ctx.db, id).await?.is_some(),
    };
    if !known {
        return Err(AppError::NotFound);
    }
    if add {
        forms::grant(&ctx.db, &form.id, grantee).await?;
    } else {
        forms::revoke(&ctx.db, &form.id, grantee).await?;
    }
    state.caches.forget_form(&ctx.client.id, &form.id);
    Ok(Json(admin_json(&state, &ctx, &form).await?))
}

/// `POST api/form/{id}/add_user/{user_id}`.
async fn add_user(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, user_id)): Path<(String, String)>,
) -> Result<Json<Value>> {
    change(state, auth, &form_id, Grantee::User(&user_id), true).await
}

/// `POST api/form/{id}/remove_user/{user_id}`.
async fn remove_user(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, user_id)): Path<(String, String)>,
) -> Result<Json<Value>> {
    change(state, auth, &form_id, Grantee::User(&user_id), false).await
}

/// `POST api/form/{id}/add_user_group/{group_id}`.
async fn add_group(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, group_id)): Path<(String, String)>,
) -> Result<Json<Value>> {
    change(state, auth, &form_id, Grantee::Group(&group_id), true).await
}

/// `POST api/form/{id}/remove_user_group/{group_id}`.
async fn remove_group(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, group_id)): Path<(String, String)>,
) -> Result<Json<Value>> {
    change(state, auth, &form_id, Grantee::Group(&group_id), false).await
}

/// `GET api/form/{id}/assigned-users`: who may fill the form in — its users and the
/// members of its groups, or every user of the client when none are set.
async fn assigned(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    let (ctx, cached) = fillable(&state, auth, &form_id).await?;
    let everyone = members(&state, &ctx).await?;
    let open_to_all = cached.allowed_users.is_empty() && cached.allowed_groups.is_empty();
    let mut allowed = cached.allowed_users.clone();
    allowed.extend(user_groups::members(&ctx.db, &cached.allowed_groups).await?);
    let list: Vec<Value> = everyone
        .into_iter()
        .filter(|m| open_to_all || allowed.iter().any(|id| id == m.id.as_str()))
        .map(|m| json!({ "user_id": m.id.as_str(), "email": m.email }))
        .collect();
    Ok(Json(Value::Array(list)))
}
