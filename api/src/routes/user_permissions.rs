//! A user's roles in one client as JSON:API resources (document 002 section 7,
//! `jsonapi/user_permission/user_permission`): read, given and changed, each role only by
//! someone who may assign it ('assign {role} role'). The id of a permission is
//! `<client uuid>.<user uuid>`: there is one per client and user.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use crate::jsonapi::{One, Ref, answer, body};
use crate::policy::{self, ClientCtx, table};
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use domain::access::{Permission, Role};
use domain::ids::UserId;
use domain::messages;
use serde::{Deserialize, Serialize};
use tenancy::platform::{memberships, users};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

const KIND: &str = "user_permission--user_permission";

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update))
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
struct PermissionRelationships {
    client: One,
    user: One,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
struct PermissionAttributes {
    /// The user's client roles.
    #[serde(default)]
    roles: Vec<String>,
}

/// One user's roles in one client.
#[derive(Debug, Serialize, ToSchema)]
struct PermissionResource {
    /// Always `user_permission--user_permission`.
    #[serde(rename = "type")]
    kind: String,
    /// `<client uuid>.<user uuid>`.
    id: String,
    attributes: PermissionAttributes,
    relationships: PermissionRelationships,
}

#[derive(Debug, Serialize, ToSchema)]
struct PermissionList {
    data: Vec<PermissionResource>,
}

#[derive(Debug, Serialize, ToSchema)]
struct PermissionDocument {
    data: PermissionResource,
}

fn resource(ctx: &ClientCtx, user: &UserId, roles: &[Role]) -> PermissionResource {
    PermissionResource {
        kind: KIND.to_owned(),
        id: format!("{}.{user}", ctx.client.id),
        attributes: PermissionAttributes {
            roles: roles.iter().map(|role| role.as_str().to_owned()).collect(),
        },
        relationships: PermissionRelationships {
            client: One {
                data: Ref::new("client--client", ctx.client.id.to_string()),
            },
            user: One {
                data: Ref::new("user--user", user.to_string()),
            },
        },
    }
}

/// The list's filters.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListFilter {
    /// The client (required; without it nothing is found).
    #[serde(rename = "filter[client.id]", default)]
    #[param(rename = "filter[client.id]")]
    client: String,
    /// One user of it.
    #[serde(rename = "filter[user.id]", default)]
    #[param(rename = "filter[user.id]")]
    user: Option<String>,
}

/// `GET jsonapi/user_permission/user_permission?filter[client.id]=…`: the roles of the
/// client's users (or of one).
#[utoipa::path(get, path = "/jsonapi/user_permission/user_permission", operation_id = table::USER_PERMISSIONS_LIST.op, tag = "client users",
    params(ListFilter),
    responses((status = 200, description = "The roles", body = PermissionList, content_type = "application/vnd.api+json")))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(filter): Query<ListFilter>,
) -> Result<Response> {
    let ctx =
        policy::client_by_id(&state, auth, &filter.client, &table::USER_PERMISSIONS_LIST).await?;
    let mut data = Vec::new();
    for member in memberships::members_of_client(&state.platform, &ctx.client.id).await? {
        if filter
            .user
            .as_deref()
            .is_some_and(|user| user != member.id.as_str())
        {
            continue;
        }
        let roles = memberships::roles_in_client(&state.platform, &member.id, &ctx.client.id)
            .await?
            .unwrap_or_default();
        data.push(resource(&ctx, &member.id, &roles));
    }
    answer(StatusCode::OK, &PermissionList { data })
}

/// Client roles as sent: each a role of a client (not a platform role).
fn parse_roles(names: &[String]) -> Result<Vec<Role>> {
    let mut roles = Vec::new();
    for name in names {
        let role = Role::parse(name)
            .filter(|role| !role.is_global() && *role != Role::FormFiller)
            .ok_or_else(|| AppError::invalid("roles", &messages::role_unknown(name)))?;
        if !roles.contains(&role) {
            roles.push(role);
        }
    }
    Ok(roles)
}

/// 403 unless the caller may assign every role that changes between `before` and `after`.
fn require_assignable(ctx: &ClientCtx, before: &[Role], after: &[Role]) -> Result<()> {
    let changed = before
        .iter()
        .filter(|role| !after.contains(role))
        .chain(after.iter().filter(|role| !before.contains(role)));
    for role in changed {
        ctx.require(Permission::AssignRole(*role))?;
    }
    Ok(())
}

/// Sets the roles and answers the resource.
async fn save(
    state: &AppState,
    ctx: &ClientCtx,
    user: &UserId,
    roles: &[Role],
    status: StatusCode,
) -> Result<Response> {
    memberships::set_roles(&state.platform, user, &ctx.client.id, roles).await?;
    state.caches.forget_membership(user, &ctx.client.id);
    answer(
        status,
        &PermissionDocument {
            data: resource(ctx, user, roles),
        },
    )
}

/// Body of a new permission.
#[derive(Debug, Deserialize, ToSchema)]
struct NewPermissionDocument {
    data: NewPermissionData,
}

#[derive(Debug, Deserialize, ToSchema)]
struct NewPermissionData {
    #[serde(default)]
    attributes: PermissionAttributes,
    relationships: PermissionRelationships,
}

/// `POST jsonapi/user_permission/user_permission`: gives an existing account roles in a
/// client, making it a user of the client (adding by e-mail is `api/clients/{id}/add-user`).
#[utoipa::path(post, path = "/jsonapi/user_permission/user_permission", operation_id = table::USER_PERMISSION_CREATE.op, tag = "client users",
    request_body(content = NewPermissionDocument, content_type = "application/vnd.api+json"),
    responses(
        (status = 201, description = "Given", body = PermissionDocument, content_type = "application/vnd.api+json"),
        (status = 409, description = "The user has roles in this client already", body = crate::error::ErrorBody),
        (status = 422, description = "An unknown role", body = crate::error::ErrorBody)
    ))]
async fn create(State(state): State<AppState>, auth: AuthUser, bytes: Bytes) -> Result<Response> {
    let document: NewPermissionDocument = body(&bytes)?;
    let relationships = document.data.relationships;
    let ctx = policy::client_by_id(
        &state,
        auth,
        &relationships.client.data.id,
        &table::USER_PERMISSION_CREATE,
    )
    .await?;
    let user = UserId::parse(&relationships.user.data.id).ok_or(AppError::NotFound)?;
    users::find_by_id(&state.platform, &user)
        .await?
        .ok_or(AppError::NotFound)?;
    if memberships::roles_in_client(&state.platform, &user, &ctx.client.id)
        .await?
        .is_some()
    {
        return Err(AppError::Conflict(
            messages::USER_ALREADY_IN_CLIENT.to_owned(),
        ));
    }
    let roles = parse_roles(&document.data.attributes.roles)?;
    require_assignable(&ctx, &[], &roles)?;
    save(&state, &ctx, &user, &roles, StatusCode::CREATED).await
}

/// Body of a change.
#[derive(Debug, Deserialize, ToSchema)]
struct PermissionPatchDocument {
    data: PermissionPatchData,
}

#[derive(Debug, Deserialize, ToSchema)]
struct PermissionPatchData {
    #[serde(default)]
    attributes: PermissionAttributes,
}

/// `PATCH jsonapi/user_permission/user_permission/{id}`: a user's new roles in the client.
#[utoipa::path(patch, path = "/jsonapi/user_permission/user_permission/{permission_id}", operation_id = table::USER_PERMISSION_UPDATE.op, tag = "client users",
    params(("permission_id" = String, Path, description = "`<client uuid>.<user uuid>`")),
    request_body(content = PermissionPatchDocument, content_type = "application/vnd.api+json"),
    responses(
        (status = 200, description = "Saved", body = PermissionDocument, content_type = "application/vnd.api+json"),
        (status = 422, description = "An unknown role", body = crate::error::ErrorBody)
    ))]
async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(permission_id): Path<String>,
    bytes: Bytes,
) -> Result<Response> {
    let (client, user) = permission_id.split_once('.').ok_or(AppError::NotFound)?;
    let ctx = policy::client_by_id(&state, auth, client, &table::USER_PERMISSION_UPDATE).await?;
    let user = UserId::parse(user).ok_or(AppError::NotFound)?;
    let before = memberships::roles_in_client(&state.platform, &user, &ctx.client.id)
        .await?
        .ok_or(AppError::NotFound)?;
    let document: PermissionPatchDocument = body(&bytes)?;
    let roles = parse_roles(&document.data.attributes.roles)?;
    require_assignable(&ctx, &before, &roles)?;
    save(&state, &ctx, &user, &roles, StatusCode::OK).await
}
