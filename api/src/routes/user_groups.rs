//! User groups of a client (document 002 section 7, 'User groups'; screens 13-15): the
//! JSON:API group resources and the calls that list a group's forms and change its members.
//! A group's id is in the platform directory (kind "group"), so a call names only the group.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::AuthUser;
use crate::jsonapi::{ErrorDocument, One, Ref, answer, body, invalid};
use crate::policy::{self, ClientCtx, table};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use domain::ids::UserId;
use domain::messages;
use serde::{Deserialize, Serialize};
use tenancy::platform::{directory, memberships, users};
use tenancy::tenant::{forms, user_groups};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

const KIND: &str = "user_group--user_group";
/// Longest group name.
const MAX_LABEL: usize = 255;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(show, update, remove))
        .routes(routes!(group_forms))
        .routes(routes!(add_user))
        .routes(routes!(remove_user))
}

#[derive(Debug, Serialize, ToSchema)]
struct Many {
    data: Vec<Ref>,
}

#[derive(Debug, Serialize, ToSchema)]
struct GroupRelationships {
    client: One,
    /// With `include=users`.
    #[serde(skip_serializing_if = "Option::is_none")]
    users: Option<Many>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
struct GroupAttributes {
    label: String,
}

/// A group as a JSON:API resource.
#[derive(Debug, Serialize, ToSchema)]
struct GroupResource {
    /// Always `user_group--user_group`.
    #[serde(rename = "type")]
    kind: String,
    id: String,
    attributes: GroupAttributes,
    relationships: GroupRelationships,
}

#[derive(Debug, Serialize, ToSchema)]
struct UserAttributes {
    display_name: String,
    name: String,
}

/// A member, included with `include=users`.
#[derive(Debug, Serialize, ToSchema)]
struct IncludedUser {
    /// Always `user--user`.
    #[serde(rename = "type")]
    kind: String,
    id: String,
    attributes: UserAttributes,
}

#[derive(Debug, Serialize, ToSchema)]
struct GroupList {
    data: Vec<GroupResource>,
}

#[derive(Debug, Serialize, ToSchema)]
struct GroupDocument {
    data: GroupResource,
    #[serde(skip_serializing_if = "Option::is_none")]
    included: Option<Vec<IncludedUser>>,
}

/// A group name as given: trimmed, required, at most 255 characters.
fn checked_label(raw: &str) -> std::result::Result<String, &'static str> {
    let label = raw.trim();
    if label.is_empty() {
        return Err(messages::GROUP_NAME_REQUIRED);
    }
    if label.chars().count() > MAX_LABEL {
        return Err(messages::NAME_TOO_LONG);
    }
    Ok(label.to_owned())
}

fn resource(
    ctx: &ClientCtx,
    group: user_groups::UserGroup,
    users: Option<&[String]>,
) -> GroupResource {
    GroupResource {
        kind: KIND.to_owned(),
        id: group.id,
        attributes: GroupAttributes { label: group.name },
        relationships: GroupRelationships {
            client: One {
                data: Ref::new("client--client", ctx.client.id.to_string()),
            },
            users: users.map(|users| Many {
                data: users
                    .iter()
                    .map(|id| Ref::new("user--user", id.clone()))
                    .collect(),
            }),
        },
    }
}

/// The group a route names, in its client, for the route's rule.
async fn group_of(
    state: &AppState,
    auth: AuthUser,
    group_id: &str,
    route: &crate::policy::Route,
) -> Result<(ClientCtx, user_groups::UserGroup)> {
    let ctx = policy::owner(state, auth, "group", group_id, route).await?;
    let group = user_groups::find(ctx.db(), group_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((ctx, group))
}

/// The list's filter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ClientFilter {
    /// The client (required; without it nothing is found).
    #[serde(rename = "filter[client.id]", default)]
    #[param(rename = "filter[client.id]")]
    client: String,
}

/// `GET jsonapi/user_group/user_group?filter[client.id]=…`: the client's groups by name.
#[utoipa::path(get, path = "/jsonapi/user_group/user_group", operation_id = table::USER_GROUPS_LIST.op, tag = "user groups",
    params(ClientFilter),
    responses((status = 200, description = "The groups", body = GroupList, content_type = "application/vnd.api+json")))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(filter): Query<ClientFilter>,
) -> Result<Response> {
    let ctx = policy::client_by_id(&state, auth, &filter.client, &table::USER_GROUPS_LIST).await?;
    let data = user_groups::list(ctx.db())
        .await?
        .into_iter()
        .map(|group| resource(&ctx, group, None))
        .collect();
    answer(StatusCode::OK, &GroupList { data })
}

/// `include=users`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Include {
    /// `users`: the members, with their names in `included`.
    include: Option<String>,
}

/// `GET jsonapi/user_group/user_group/{id}?include=users`: a group, with its members.
#[utoipa::path(get, path = "/jsonapi/user_group/user_group/{group_id}", operation_id = table::USER_GROUP_SHOW.op, tag = "user groups",
    params(("group_id" = String, Path), Include),
    responses((status = 200, description = "The group", body = GroupDocument, content_type = "application/vnd.api+json")))]
async fn show(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(group_id): Path<String>,
    Query(include): Query<Include>,
) -> Result<Response> {
    let (ctx, group) = group_of(&state, auth, &group_id, &table::USER_GROUP_SHOW).await?;
    if include.include.as_deref() != Some("users") {
        let data = resource(&ctx, group, None);
        return answer(
            StatusCode::OK,
            &GroupDocument {
                data,
                included: None,
            },
        );
    }
    let members = user_groups::members_of(ctx.db(), &group.id).await?;
    let mut included = Vec::new();
    for id in &members {
        let Some(user) = UserId::parse(id) else {
            continue;
        };
        if let Some(user) = users::find_by_id(&state.platform, &user).await? {
            included.push(IncludedUser {
                kind: "user--user".to_owned(),
                id: id.clone(),
                attributes: UserAttributes {
                    display_name: user.username.clone(),
                    name: user.username,
                },
            });
        }
    }
    let data = resource(&ctx, group, Some(&members));
    answer(
        StatusCode::OK,
        &GroupDocument {
            data,
            included: Some(included),
        },
    )
}

#[derive(Debug, Deserialize, ToSchema)]
struct NewGroupDocument {
    data: NewGroupData,
}

#[derive(Debug, Deserialize, ToSchema)]
struct NewGroupData {
    /// `user_group--user_group`.
    #[serde(rename = "type", default)]
    #[schema(required = true, pattern = "^user_group--user_group$")]
    kind: String,
    attributes: GroupAttributes,
    relationships: NewGroupRelationships,
}

#[derive(Debug, Deserialize, ToSchema)]
struct NewGroupRelationships {
    client: One,
}

/// `POST jsonapi/user_group/user_group`: a new group of the client ('Groepnaam').
#[utoipa::path(post, path = "/jsonapi/user_group/user_group", operation_id = table::USER_GROUP_CREATE.op, tag = "user groups",
    request_body(content = NewGroupDocument, content_type = "application/vnd.api+json"),
    responses(
        (status = 201, description = "Made", body = GroupDocument, content_type = "application/vnd.api+json"),
        (status = 422, description = "No name", body = ErrorDocument, content_type = "application/vnd.api+json")
    ))]
async fn create(State(state): State<AppState>, auth: AuthUser, bytes: Bytes) -> Result<Response> {
    let document: NewGroupDocument = body(&bytes)?;
    let data = document.data;
    let ctx = policy::client_by_id(
        &state,
        auth,
        &data.relationships.client.data.id,
        &table::USER_GROUP_CREATE,
    )
    .await?;
    if data.kind != KIND {
        return invalid(messages::JSON_API_WRONG_TYPE);
    }
    let label = match checked_label(&data.attributes.label) {
        Ok(label) => label,
        Err(message) => return invalid(message),
    };
    let id = user_groups::insert(ctx.db(), &label).await?;
    directory::register(&state.platform, "group", &id, &ctx.client.id).await?;
    let group = user_groups::UserGroup { id, name: label };
    let data = resource(&ctx, group, Some(&[]));
    answer(
        StatusCode::CREATED,
        &GroupDocument {
            data,
            included: None,
        },
    )
}

#[derive(Debug, Deserialize, ToSchema)]
struct GroupPatchDocument {
    data: GroupPatchData,
}

#[derive(Debug, Deserialize, ToSchema)]
struct GroupPatchData {
    /// `user_group--user_group`.
    #[serde(rename = "type", default)]
    #[schema(required = true, pattern = "^user_group--user_group$")]
    kind: String,
    /// This group's id.
    #[serde(default)]
    #[schema(required = true)]
    id: String,
    attributes: GroupAttributes,
}

/// `PATCH jsonapi/user_group/user_group/{id}`: a new name.
#[utoipa::path(patch, path = "/jsonapi/user_group/user_group/{group_id}", operation_id = table::USER_GROUP_UPDATE.op, tag = "user groups",
    params(("group_id" = String, Path)),
    request_body(content = GroupPatchDocument, content_type = "application/vnd.api+json"),
    responses(
        (status = 200, description = "Saved", body = GroupDocument, content_type = "application/vnd.api+json"),
        (status = 422, description = "No name", body = ErrorDocument, content_type = "application/vnd.api+json")
    ))]
async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(group_id): Path<String>,
    bytes: Bytes,
) -> Result<Response> {
    let (ctx, group) = group_of(&state, auth, &group_id, &table::USER_GROUP_UPDATE).await?;
    let document: GroupPatchDocument = body(&bytes)?;
    if document.data.kind != KIND || document.data.id != group.id {
        return invalid(messages::JSON_API_WRONG_TYPE);
    }
    let label = match checked_label(&document.data.attributes.label) {
        Ok(label) => label,
        Err(message) => return invalid(message),
    };
    user_groups::rename(ctx.db(), &group.id, &label).await?;
    let group = user_groups::UserGroup {
        id: group.id,
        name: label,
    };
    let data = resource(&ctx, group, None);
    answer(
        StatusCode::OK,
        &GroupDocument {
            data,
            included: None,
        },
    )
}

/// `DELETE jsonapi/user_group/user_group/{id}`: the group, its members' membership of it and
/// the forms it opened to them.
#[utoipa::path(delete, path = "/jsonapi/user_group/user_group/{group_id}", operation_id = table::USER_GROUP_DELETE.op, tag = "user groups",
    params(("group_id" = String, Path)),
    responses((status = 204, description = "Deleted")))]
async fn remove(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(group_id): Path<String>,
) -> Result<StatusCode> {
    let (ctx, group) = group_of(&state, auth, &group_id, &table::USER_GROUP_DELETE).await?;
    user_groups::delete(ctx.db(), &group.id).await?;
    directory::remove(&state.platform, "group", &group.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A form a group opens.
#[derive(Debug, Serialize, ToSchema)]
struct GroupForm {
    form_id: String,
    form_name: String,
}

/// `GET api/user-groups/{id}/forms`: the forms the group opens to its members.
#[utoipa::path(get, path = "/api/user-groups/{group_id}/forms", operation_id = table::USER_GROUP_FORMS.op, tag = "user groups",
    params(("group_id" = String, Path)),
    responses((status = 200, description = "The group's forms", body = Vec<GroupForm>)))]
async fn group_forms(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(group_id): Path<String>,
) -> Result<Json<Vec<GroupForm>>> {
    let (ctx, group) = group_of(&state, auth, &group_id, &table::USER_GROUP_FORMS).await?;
    let forms = forms::of_group(ctx.db(), &group.id)
        .await?
        .into_iter()
        .map(|(form_id, form_name)| GroupForm { form_id, form_name })
        .collect();
    Ok(Json(forms))
}

/// `{"status": "success"}` with the spec's text.
#[derive(Debug, Serialize, ToSchema)]
struct GroupMessage {
    status: String,
    message: String,
}

/// `POST api/user-groups/{id}/add-user/{userId}`: a user of the client joins the group.
#[utoipa::path(post, path = "/api/user-groups/{group_id}/add-user/{user_id}", operation_id = table::USER_GROUP_ADD_USER.op, tag = "user groups",
    params(("group_id" = String, Path), ("user_id" = String, Path)),
    responses(
        (status = 200, description = "Added", body = GroupMessage),
        (status = 404, description = "No such group, or the user is not a user of its client", body = ErrorBody)
    ))]
async fn add_user(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((group_id, user_id)): Path<(String, String)>,
) -> Result<Json<GroupMessage>> {
    let (ctx, group) = group_of(&state, auth, &group_id, &table::USER_GROUP_ADD_USER).await?;
    let user = UserId::parse(&user_id).ok_or(AppError::NotFound)?;
    // Only the client's own users; the body (a list holding the id) repeats the path.
    memberships::roles_in_client(&state.platform, &user, &ctx.client.id)
        .await?
        .ok_or(AppError::NotFound)?;
    user_groups::add_member(ctx.db(), &group.id, user.as_str()).await?;
    Ok(Json(GroupMessage {
        status: "success".to_owned(),
        message: messages::GROUP_USER_ADDED.to_owned(),
    }))
}

/// `DELETE api/user-groups/{id}/remove-user/{userId}`: a member leaves the group.
#[utoipa::path(delete, path = "/api/user-groups/{group_id}/remove-user/{user_id}", operation_id = table::USER_GROUP_REMOVE_USER.op, tag = "user groups",
    params(("group_id" = String, Path), ("user_id" = String, Path)),
    responses((status = 200, description = "Removed", body = GroupMessage)))]
async fn remove_user(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((group_id, user_id)): Path<(String, String)>,
) -> Result<Json<GroupMessage>> {
    let (ctx, group) = group_of(&state, auth, &group_id, &table::USER_GROUP_REMOVE_USER).await?;
    user_groups::remove_member(ctx.db(), &group.id, &user_id).await?;
    Ok(Json(GroupMessage {
        status: "success".to_owned(),
        message: messages::GROUP_USER_REMOVED.to_owned(),
    }))
}
