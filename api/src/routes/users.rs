//! Users as JSON:API resources (document 002 section 7, `jsonapi/user/user`): the users of
//! one client, by name and paged through links, and one user with their roles and the
//! groups they are in, with those groups' clients.
//!
//! A user is seen through the clients where the caller may read that client's users
//! ('eform client add users', or 'eform edit client' for the terms dialog of the client
//! edit; a platform admin everywhere); memberships, roles and groups of other clients do
//! not show.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use crate::jsonapi::{Links, One, Page, Ref, answer};
use crate::policy::{self, ClientCtx, table};
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;
use domain::access::Role;
use domain::ids::{ClientId, UserId};
use domain::messages;
use serde::{Deserialize, Serialize};
use tenancy::platform::{memberships, users};
use tenancy::tenant::user_groups;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

const KIND: &str = "user--user";
const GROUP: &str = "user_group--user_group";
const CLIENT: &str = "client--client";
const ROLE: &str = "user_role--user_role";
/// Users a page holds by default and at most.
const PAGE_LIMIT: usize = 50;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(show))
}

/// A to-many relationship.
#[derive(Debug, Default, Serialize, ToSchema)]
struct Many {
    data: Vec<Ref>,
}

#[derive(Debug, Serialize, ToSchema)]
struct UserAttributes {
    /// The username.
    name: String,
    display_name: String,
    mail: String,
}

#[derive(Debug, Default, Serialize, ToSchema)]
struct UserRelationships {
    /// Global roles and the roles in the clients the caller sees (`user_role--user_role`,
    /// id = the role's machine name).
    roles: Many,
    /// The groups the user is in, in the clients the caller sees.
    field_user_groups: Many,
    /// The clients the caller sees the user in.
    field_client: Many,
}

/// A user as a JSON:API resource.
#[derive(Debug, Serialize, ToSchema)]
struct UserResource {
    /// Always `user--user`.
    #[serde(rename = "type")]
    kind: String,
    id: String,
    attributes: UserAttributes,
    relationships: UserRelationships,
}

/// A page of users.
#[derive(Debug, Serialize, ToSchema)]
struct UserList {
    data: Vec<UserResource>,
    links: Links,
}

/// The attributes of an included resource: a group's or role's label, a client's name.
#[derive(Debug, Serialize, ToSchema)]
struct IncludedAttributes {
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
struct IncludedRelationships {
    /// A group's client.
    client: One,
}

/// A resource named by `include`: a group, a group's client or a role.
#[derive(Debug, Serialize, ToSchema)]
struct Included {
    #[serde(rename = "type")]
    kind: String,
    id: String,
    attributes: IncludedAttributes,
    #[serde(skip_serializing_if = "Option::is_none")]
    relationships: Option<IncludedRelationships>,
}

/// One user.
#[derive(Debug, Serialize, ToSchema)]
struct UserDocument {
    data: UserResource,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    included: Vec<Included>,
}

/// A group of a client the user is in.
struct GroupOf {
    client: ClientId,
    id: String,
    label: String,
}

/// What of a user one caller sees: their roles and groups in the visible clients.
struct Seen {
    user: users::User,
    /// (client, its name, the user's roles there).
    clients: Vec<(ClientId, String, Vec<Role>)>,
    groups: Vec<GroupOf>,
}

impl Seen {
    fn resource(&self) -> UserResource {
        let mut roles: Vec<Role> = self.user.global_roles.clone();
        for (_, _, theirs) in &self.clients {
            roles.extend(theirs.iter().copied());
        }
        roles.sort_by_key(|role| role.as_str());
        roles.dedup();
        UserResource {
            kind: KIND.to_owned(),
            id: self.user.id.to_string(),
            attributes: UserAttributes {
                name: self.user.username.clone(),
                display_name: self.user.username.clone(),
                mail: self.user.email.clone(),
            },
            relationships: UserRelationships {
                roles: Many {
                    data: roles
                        .iter()
                        .map(|role| Ref::new(ROLE, role.as_str()))
                        .collect(),
                },
                field_user_groups: Many {
                    data: self
                        .groups
                        .iter()
                        .map(|group| Ref::new(GROUP, group.id.clone()))
                        .collect(),
                },
                field_client: Many {
                    data: self
                        .clients
                        .iter()
                        .map(|(id, _, _)| Ref::new(CLIENT, id.to_string()))
                        .collect(),
                },
            },
        }
    }

    /// The resources `include` asks for, each once.
    fn included(&self, include: &Include) -> Vec<Included> {
        let mut out = Vec::new();
        if include.groups {
            out.extend(self.groups.iter().map(|group| Included {
                kind: GROUP.to_owned(),
                id: group.id.clone(),
                attributes: IncludedAttributes {
                    label: Some(group.label.clone()),
                    name: None,
                },
                relationships: Some(IncludedRelationships {
                    client: One {
                        data: Ref::new(CLIENT, group.client.to_string()),
                    },
                }),
            }));
        }
        if include.group_clients {
            let with_groups = self
                .clients
                .iter()
                .filter(|(id, _, _)| self.groups.iter().any(|group| &group.client == id));
            out.extend(with_groups.map(|(id, name, _)| Included {
                kind: CLIENT.to_owned(),
                id: id.to_string(),
                attributes: IncludedAttributes {
                    label: None,
                    name: Some(name.clone()),
                },
                relationships: None,
            }));
        }
        if include.roles {
            out.extend(
                self.resource()
                    .relationships
                    .roles
                    .data
                    .into_iter()
                    .map(|role| {
                        let label = Role::parse(&role.id).map(|r| r.label().to_owned());
                        Included {
                            kind: ROLE.to_owned(),
                            id: role.id,
                            attributes: IncludedAttributes { label, name: None },
                            relationships: None,
                        }
                    }),
            );
        }
        out
    }
}

/// The groups `user` is in, in the client of `ctx`.
async fn groups_in(ctx: &ClientCtx, user: &UserId) -> Result<Vec<GroupOf>> {
    let names = user_groups::list(ctx.db()).await?;
    Ok(user_groups::of_user(ctx.db(), user.as_str())
        .await?
        .into_iter()
        .filter_map(|id| {
            let label = names.iter().find(|group| group.id == id)?.name.clone();
            Some(GroupOf {
                client: ctx.client.id.clone(),
                id,
                label,
            })
        })
        .collect())
}

/// Which related resources a single user's answer includes.
#[derive(Debug, Default, PartialEq, Eq)]
struct Include {
    groups: bool,
    group_clients: bool,
    roles: bool,
}

impl Include {
    /// `include=field_user_groups.client,roles` and the like; anything else is refused.
    fn parse(raw: &str) -> std::result::Result<Include, String> {
        let mut include = Include::default();
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(raw).map_err(|_| messages::BAD_QUERY.to_owned())?;
        for (key, value) in pairs {
            if key != "include" {
                return Err(messages::BAD_QUERY.to_owned());
            }
            // Exactly the documented pattern: names joined by commas, or nothing.
            for path in value.split(',').filter(|_| !value.is_empty()) {
                match path {
                    "field_user_groups" => include.groups = true,
                    "field_user_groups.client" => {
                        include.groups = true;
                        include.group_clients = true;
                    }
                    "roles" => include.roles = true,
                    _ => return Err(messages::BAD_QUERY.to_owned()),
                }
            }
        }
        Ok(include)
    }
}

/// The list's query: the client filter, `sort=name` and the page.
#[derive(Debug, PartialEq, Eq)]
struct ListQuery {
    client: String,
    page: Page,
}

impl ListQuery {
    fn parse(raw: &str) -> std::result::Result<ListQuery, String> {
        let mut query = ListQuery {
            client: String::new(),
            page: Page::first(PAGE_LIMIT),
        };
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(raw).map_err(|_| messages::BAD_QUERY.to_owned())?;
        for (key, value) in pairs {
            if query.page.read(&key, &value)? {
                continue;
            }
            match key.as_str() {
                "filter[field_client.id]" => query.client = value,
                "sort" if value == "name" => {}
                _ => return Err(messages::BAD_QUERY.to_owned()),
            }
        }
        Ok(query)
    }
}

/// Query parameters of the list (documentation only; the handler reads the raw query).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
struct ListParams {
    /// The client whose users are listed.
    #[param(rename = "filter[field_client.id]", required = true)]
    client: String,
    /// `name` (the only order).
    #[param(pattern = "^name$")]
    sort: Option<String>,
    /// First user of the page (0-based).
    #[param(rename = "page[offset]", maximum = 1000000000)]
    page_offset: Option<u32>,
    /// Users a page holds, at most 50.
    #[param(rename = "page[limit]", minimum = 1, maximum = 50)]
    page_limit: Option<u32>,
}

/// `GET jsonapi/user/user?filter[field_client.id]=…`: the client's users by name, with
/// their roles and groups in that client.
#[utoipa::path(get, path = "/jsonapi/user/user", operation_id = table::USERS_LIST.op, tag = "client users",
    params(ListParams),
    responses(
        (status = 200, description = "A page of the client's users", body = UserList, content_type = "application/vnd.api+json"),
        (status = 422, description = "A query that cannot be used", body = crate::error::ErrorBody)
    ))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    RawQuery(raw): RawQuery,
) -> Result<Response> {
    let query = ListQuery::parse(raw.as_deref().unwrap_or_default())
        .map_err(|message| AppError::invalid("query", &message))?;
    let ctx = policy::client_by_id(&state, auth, &query.client, &table::USERS_LIST).await?;
    let members = memberships::members_of_client(&state.platform, &ctx.client.id).await?;
    let mut data = Vec::new();
    for member in query.page.of(&members) {
        let Some(user) = users::find_by_id(&state.platform, &member.id).await? else {
            continue;
        };
        let roles = memberships::roles_in_client(&state.platform, &user.id, &ctx.client.id)
            .await?
            .unwrap_or_default();
        let groups = groups_in(&ctx, &user.id).await?;
        let seen = Seen {
            user,
            clients: vec![(ctx.client.id.clone(), ctx.client.name.clone(), roles)],
            groups,
        };
        data.push(seen.resource());
    }
    let base = format!(
        "/jsonapi/user/user?filter%5Bfield_client.id%5D={}&sort=name",
        ctx.client.id
    );
    let links = query.page.links(&base, members.len());
    answer(StatusCode::OK, &UserList { data, links })
}

/// Query of one user (documentation only; the handler reads the raw query).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
struct ShowParams {
    /// Related resources to include: `field_user_groups`, `field_user_groups.client`,
    /// `roles`, separated by commas.
    #[param(
        pattern = "^((field_user_groups(\\.client)?|roles)(,(field_user_groups(\\.client)?|roles))*)?$"
    )]
    include: Option<String>,
}

/// `GET jsonapi/user/user/{id}?include=field_user_groups.client,roles`: one user as far as
/// the caller may see them (see the module). 404 when the caller sees the user nowhere.
#[utoipa::path(get, path = "/jsonapi/user/user/{user_id}", operation_id = table::USER_SHOW.op, tag = "client users",
    params(("user_id" = String, Path), ShowParams),
    responses(
        (status = 200, description = "The user", body = UserDocument, content_type = "application/vnd.api+json"),
        (status = 422, description = "An include that cannot be given", body = crate::error::ErrorBody)
    ))]
async fn show(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(user_id): Path<String>,
    RawQuery(raw): RawQuery,
) -> Result<Response> {
    let include = Include::parse(raw.as_deref().unwrap_or_default())
        .map_err(|message| AppError::invalid("include", &message))?;
    let id = UserId::parse(&user_id).ok_or(AppError::NotFound)?;
    let user = users::find_by_id(&state.platform, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    let mut clients = Vec::new();
    let mut groups = Vec::new();
    for client in memberships::clients_of_user(&state.platform, &user.id).await? {
        let ctx = match policy::client(&state, auth.clone(), &client.id, &table::USERS_LIST).await {
            Ok(ctx) => ctx,
            Err(AppError::Forbidden | AppError::TermsRequired | AppError::NotFound) => continue,
            Err(other) => return Err(other),
        };
        let roles = memberships::roles_in_client(&state.platform, &user.id, &client.id)
            .await?
            .unwrap_or_default();
        groups.extend(groups_in(&ctx, &user.id).await?);
        clients.push((client.id, client.name, roles));
    }
    // A platform admin sees every user, also one of no client.
    if clients.is_empty() && !auth.user.global_roles.contains(&Role::Admin) {
        return Err(AppError::NotFound);
    }
    let seen = Seen {
        user,
        clients,
        groups,
    };
    answer(
        StatusCode::OK,
        &UserDocument {
            data: seen.resource(),
            included: seen.included(&include),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_are_the_spec_s_paths_only() {
        assert_eq!(
            Include::parse("include=field_user_groups.client%2Croles"),
            Ok(Include {
                groups: true,
                group_clients: true,
                roles: true
            })
        );
        assert_eq!(Include::parse(""), Ok(Include::default()));
        assert!(Include::parse("include=password").is_err());
        assert!(Include::parse("include=roles,").is_err());
        assert!(Include::parse("include=%20roles").is_err());
        assert!(Include::parse("fields=x").is_err());
    }

    #[test]
    fn the_list_needs_nothing_but_its_filter_sort_and_page() {
        let query = ListQuery::parse(
            "filter%5Bfield_client.id%5D=abc&sort=name&page%5Boffset%5D=50&page%5Blimit%5D=10",
        )
        .unwrap();
        assert_eq!(query.client, "abc");
        assert_eq!((query.page.offset, query.page.limit), (50, 10));
        assert!(ListQuery::parse("filter%5Bmail%5D=x").is_err());
    }
}
