//! Clients as JSON:API resources (document 002 section 7, `jsonapi/client/client`): the
//! list (sorted by name, paged through links, or a set of uuids), one client, creation by
//! platform users and the edit of a client. One client read without sign-in (or by someone
//! who may not view it) answers its public face only: name and registration intro text,
//! for the self-registration page.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use crate::jsonapi::{ErrorDocument, Links, Page, Ref, answer, body, invalid};
use crate::policy::{self, table};
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;
use domain::access::{Permission, Role};
use domain::ids::{ClientId, UserId};
use domain::messages;
use serde::{Deserialize, Serialize};
use tenancy::platform::clients::{self, Client};
use tenancy::platform::{memberships, terms};
use tenancy::tenant::{credits, registrations};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Clients a page holds by default and at most.
const PAGE_LIMIT: usize = 50;
/// The paid modules a client can hold (document 002 section 3).
const MODULES: [&str; 5] = ["word", "map_element", "location", "tracking", "qr_code"];
/// Longest client name.
const MAX_NAME: usize = 255;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(show, update))
}

/// The registration page's intro text.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
struct IntroText {
    value: String,
    #[serde(default)]
    format: String,
}

/// `terms_and_conditions_users`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
struct UserRefs {
    data: Vec<Ref>,
}

#[derive(Debug, Serialize, ToSchema)]
struct Relationships {
    terms_and_conditions_users: UserRefs,
}

/// A client's attributes: name and intro text for anyone; the rest only for a user who
/// may view the client (absent in the public face).
#[derive(Debug, Default, Serialize, ToSchema)]
struct Attributes {
    name: String,
    user_register_intro_text: Option<IntroText>,
    /// Credits left (expired ones count 0 for everyone but admins).
    #[serde(skip_serializing_if = "Option::is_none")]
    field_credits: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    modules: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    field_low_credit_email_limit: Option<i64>,
    /// Completed registrations of all its forms.
    #[serde(skip_serializing_if = "Option::is_none")]
    registrations_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    terms_and_conditions_required: Option<bool>,
    /// Whether the public registration link joins new users (decision 020).
    #[serde(skip_serializing_if = "Option::is_none")]
    user_register_enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    contact_company: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    contact_addressed_to: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    contact_address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    contact_email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    contact_tax_number: Option<String>,
}

/// A client as a JSON:API resource.
#[derive(Debug, Serialize, ToSchema)]
struct Resource {
    /// Always `client--client`.
    #[serde(rename = "type")]
    kind: String,
    id: String,
    attributes: Attributes,
    /// Absent in the public face.
    #[serde(skip_serializing_if = "Option::is_none")]
    relationships: Option<Relationships>,
}

/// A page of clients.
#[derive(Debug, Serialize, ToSchema)]
struct ClientList {
    data: Vec<Resource>,
    links: Links,
}

/// One client.
#[derive(Debug, Serialize, ToSchema)]
struct ClientDocument {
    data: Resource,
}

fn intro(client: &Client) -> Option<IntroText> {
    client
        .user_register_intro_text
        .clone()
        .map(|value| IntroText {
            value,
            format: "filtered_html".to_owned(),
        })
}

/// The whole resource of a client the user may reach.
async fn resource(state: &AppState, auth: &AuthUser, client: &Client) -> Result<Resource> {
    let ctx = policy::client(state, auth.clone(), &client.id, &table::CLIENT_SHOW).await?;
    let left = credits::left(ctx.db(), ctx.access.is_admin()).await?;
    let registrations_count = registrations::completed_count(ctx.db()).await?;
    let terms_users = terms::users(&state.platform, &client.id).await?;
    let contact = |key: &str| {
        client
            .contact
            .get(key)
            .and_then(|value| value.as_str())
            .map(str::to_owned)
    };
    Ok(Resource {
        kind: "client--client".to_owned(),
        id: client.id.to_string(),
        attributes: Attributes {
            name: client.name.clone(),
            user_register_intro_text: intro(client),
            field_credits: Some(left),
            modules: Some(client.modules.clone()),
            field_low_credit_email_limit: Some(client.low_credit_email_limit),
            registrations_count: Some(registrations_count),
            terms_and_conditions_required: Some(client.terms_and_conditions_required),
            user_register_enabled: Some(client.user_register_enabled),
            contact_company: contact("company"),
            contact_addressed_to: contact("addressed_to"),
            contact_address: contact("address"),
            contact_email: contact("email"),
            contact_tax_number: contact("tax_number"),
        },
        relationships: Some(Relationships {
            terms_and_conditions_users: UserRefs {
                data: terms_users
                    .into_iter()
                    .map(|user| Ref::new("user--user", user.to_string()))
                    .collect(),
            },
        }),
    })
}

/// The list's query: `sort=name`, `page[offset]`, `page[limit]`, and a set of uuids in
/// Drupal's filter shape (`filter[x][condition][value][]=<uuid>`, any key with `[value]`).
#[derive(Debug, PartialEq, Eq)]
struct ListQuery {
    page: Page,
    ids: Option<Vec<String>>,
}

impl ListQuery {
    fn parse(raw: &str) -> std::result::Result<ListQuery, String> {
        let mut query = ListQuery {
            page: Page::first(PAGE_LIMIT),
            ids: None,
        };
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(raw).map_err(|_| messages::BAD_QUERY.to_owned())?;
        for (key, value) in pairs {
            if query.page.read(&key, &value)? {
                continue;
            }
            match key.as_ref() {
                "sort" if value == "name" => {}
                key if key.starts_with("filter[") && key.contains("[value]") => {
                    query.ids.get_or_insert_with(Vec::new).push(value);
                }
                // The filter's path and operator name what the values are: ids, IN.
                key if key.starts_with("filter[") => {}
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
    /// `name` (the only order).
    #[param(pattern = "^name$")]
    sort: Option<String>,
    /// First client of the page (0-based).
    #[param(rename = "page[offset]", maximum = 1000000000)]
    page_offset: Option<u32>,
    /// Clients a page holds, at most 50.
    #[param(rename = "page[limit]", minimum = 1, maximum = 50)]
    page_limit: Option<u32>,
    /// Only these clients, in Drupal's filter shape: one `filter[id][condition][value][]`
    /// per uuid (with `filter[id][condition][path]=id` and `[operator]=IN`, which the list
    /// takes as said).
    #[param(rename = "filter[id][condition][value][]")]
    ids: Option<Vec<String>>,
}

/// `GET jsonapi/client/client?sort=name`: the clients the user may see, by name: every
/// client for platform users, the user's own for everyone else.
#[utoipa::path(get, path = "/jsonapi/client/client", operation_id = table::CLIENTS_LIST.op, tag = "clients",
    params(ListParams),
    responses(
        (status = 200, description = "A page of clients", body = ClientList, content_type = "application/vnd.api+json"),
        (status = 422, description = "A query that cannot be used", body = crate::error::ErrorBody)
    ))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    RawQuery(raw): RawQuery,
) -> Result<Response> {
    let query = ListQuery::parse(raw.as_deref().unwrap_or_default())
        .map_err(|message| AppError::invalid("query", &message))?;
    let mut visible: Vec<Client> = if auth.user.global_roles.is_empty() {
        let mine = memberships::clients_of_user(&state.platform, &auth.user.id).await?;
        let mut own = Vec::new();
        for entry in mine {
            if let Some(client) = clients::find(&state.platform, &entry.id).await? {
                own.push(client);
            }
        }
        own
    } else {
        clients::list(&state.platform).await?
    };
    if let Some(ids) = &query.ids {
        visible.retain(|client| ids.iter().any(|id| id == client.id.as_str()));
    }
    let mut data = Vec::new();
    for client in query.page.of(&visible) {
        data.push(resource(&state, &auth, client).await?);
    }
    let links = query
        .page
        .links("/jsonapi/client/client?sort=name", visible.len());
    answer(StatusCode::OK, &ClientList { data, links })
}

/// `GET jsonapi/client/client/{uuid}`: the whole client for a user who may view it (a
/// platform user, or 'eform view client' there); its public face (name and intro text)
/// for anyone else, signed in or not: the self-registration page reads it.
#[utoipa::path(get, path = "/jsonapi/client/client/{client_id}", operation_id = table::CLIENT_PUBLIC.op, tag = "clients",
    params(("client_id" = String, Path, description = "The client's uuid")),
    responses((status = 200, description = "The client, or its public face", body = ClientDocument, content_type = "application/vnd.api+json")))]
async fn show(
    State(state): State<AppState>,
    // A public read: a missing or bad key reads the public face, it is not refused.
    auth: std::result::Result<AuthUser, AppError>,
    Path(client_id): Path<String>,
) -> Result<Response> {
    let id = ClientId::parse(&client_id).ok_or(AppError::NotFound)?;
    let client = clients::find(&state.platform, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    if let Ok(auth) = auth
        && may_view(&state, &auth, &id).await?
    {
        let data = resource(&state, &auth, &client).await?;
        return answer(StatusCode::OK, &ClientDocument { data });
    }
    let data = Resource {
        kind: "client--client".to_owned(),
        id: client.id.to_string(),
        attributes: Attributes {
            name: client.name.clone(),
            user_register_intro_text: intro(&client),
            ..Attributes::default()
        },
        relationships: None,
    };
    answer(StatusCode::OK, &ClientDocument { data })
}

/// Whether a user sees the whole client: a platform user, or 'eform view client' there.
async fn may_view(state: &AppState, auth: &AuthUser, id: &ClientId) -> Result<bool> {
    if !auth.user.global_roles.is_empty() {
        return Ok(true);
    }
    match policy::client(state, auth.clone(), id, &table::CLIENT_SHOW).await {
        Ok(ctx) => Ok(ctx.access.may(Permission::ViewClient)),
        Err(AppError::Forbidden | AppError::TermsRequired | AppError::NotFound) => Ok(false),
        Err(other) => Err(other),
    }
}

/// `{ data: { type, attributes: { name } } }` of a new client.
#[derive(Debug, Deserialize, ToSchema)]
struct NewClientDocument {
    data: NewClientData,
}

#[derive(Debug, Deserialize, ToSchema)]
struct NewClientData {
    /// `client--client`.
    #[serde(rename = "type")]
    #[schema(pattern = "^client--client$")]
    kind: String,
    attributes: NewClientAttributes,
}

#[derive(Debug, Deserialize, ToSchema)]
struct NewClientAttributes {
    #[schema(min_length = 1, max_length = 255)]
    name: String,
}

/// A client name as given: trimmed, required, at most 255 characters.
fn checked_name(raw: &str) -> std::result::Result<String, &'static str> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(messages::CLIENT_NAME_REQUIRED);
    }
    if name.chars().count() > MAX_NAME {
        return Err(messages::NAME_TOO_LONG);
    }
    Ok(name.to_owned())
}

/// `POST jsonapi/client/client`: a new client with its own database, by a platform user.
#[utoipa::path(post, path = "/jsonapi/client/client", operation_id = table::CLIENT_CREATE.op, tag = "clients",
    request_body(content = NewClientDocument, content_type = "application/vnd.api+json"),
    responses(
        (status = 201, description = "Made", body = ClientDocument, content_type = "application/vnd.api+json"),
        (status = 422, description = "No name, or one too long", body = ErrorDocument, content_type = "application/vnd.api+json")
    ))]
async fn create(State(state): State<AppState>, auth: AuthUser, bytes: Bytes) -> Result<Response> {
    policy::judge_platform(&auth.user.global_roles).into_result()?;
    let document: NewClientDocument = body(&bytes)?;
    if document.data.kind != "client--client" {
        return invalid(messages::JSON_API_WRONG_TYPE);
    }
    let name = match checked_name(&document.data.attributes.name) {
        Ok(name) => name,
        Err(message) => return invalid(message),
    };
    let client = policy::create_client(&state, &auth, &name).await?;
    let data = resource(&state, &auth, &client).await?;
    answer(StatusCode::CREATED, &ClientDocument { data })
}

/// `PATCH jsonapi/client/client/{id}`: what changes of a client.
#[derive(Debug, Deserialize, ToSchema)]
struct ClientPatchDocument {
    data: ClientPatchData,
}

#[derive(Debug, Deserialize, ToSchema)]
struct ClientPatchData {
    /// `client--client`.
    #[serde(rename = "type")]
    #[schema(pattern = "^client--client$")]
    kind: String,
    id: String,
    #[serde(default)]
    attributes: ClientPatchAttributes,
    #[serde(default)]
    relationships: Option<ClientPatchRelationships>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
struct ClientPatchAttributes {
    name: Option<String>,
    /// Admin and eform_employee only.
    modules: Option<Vec<String>>,
    #[schema(schema_with = crate::jsonapi::whole_number_schema)]
    field_low_credit_email_limit: Option<serde_json::Value>,
    /// Sanitised as the summaries are (`filtered_html`).
    user_register_intro_text: Option<IntroText>,
    /// Self-registration through the public link on or off (decision 020).
    user_register_enabled: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
struct ClientPatchRelationships {
    /// Admin and eform_employee only.
    terms_and_conditions_users: Option<UserRefs>,
}

/// `PATCH jsonapi/client/client/{id}` ('eform edit client'): name, low-credit limit and
/// intro text; modules and the users who must accept the terms only for platform users.
#[utoipa::path(patch, path = "/jsonapi/client/client/{client_id}", operation_id = table::CLIENT_UPDATE.op, tag = "clients",
    params(("client_id" = String, Path)),
    request_body(content = ClientPatchDocument, content_type = "application/vnd.api+json"),
    responses(
        (status = 200, description = "Saved", body = ClientDocument, content_type = "application/vnd.api+json"),
        (status = 422, description = "A value that cannot be saved", body = ErrorDocument, content_type = "application/vnd.api+json")
    ))]
async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
    bytes: Bytes,
) -> Result<Response> {
    let ctx = policy::client_by_id(&state, auth.clone(), &client_id, &table::CLIENT_UPDATE).await?;
    let document: ClientPatchDocument = body(&bytes)?;
    let data = document.data;
    if data.kind != "client--client" || data.id != ctx.client.id.as_str() {
        return invalid(messages::JSON_API_WRONG_TYPE);
    }
    let platform_user = auth
        .user
        .global_roles
        .iter()
        .any(|role| matches!(role, Role::Admin | Role::EformEmployee));
    let mut client = ctx.client.clone();
    let attributes = data.attributes;
    if let Some(name) = &attributes.name {
        match checked_name(name) {
            Ok(name) => client.name = name,
            Err(message) => return invalid(message),
        }
    }
    if let Some(limit) = &attributes.field_low_credit_email_limit {
        match low_credit_limit(limit) {
            Some(limit) => client.low_credit_email_limit = limit,
            None => return invalid(messages::CLIENT_LOW_CREDIT_LIMIT),
        }
    }
    if let Some(text) = &attributes.user_register_intro_text {
        let clean = domain::sanitize::sanitize_summary_html(&text.value);
        client.user_register_intro_text = (!clean.trim().is_empty()).then_some(clean);
    }
    if let Some(enabled) = attributes.user_register_enabled {
        client.user_register_enabled = enabled;
    }
    let terms_users = data
        .relationships
        .and_then(|relationships| relationships.terms_and_conditions_users);
    if (attributes.modules.is_some() || terms_users.is_some()) && !platform_user {
        return Err(AppError::Forbidden);
    }
    if let Some(modules) = attributes.modules {
        if let Some(unknown) = modules.iter().find(|m| !MODULES.contains(&m.as_str())) {
            return invalid(&messages::client_module_unknown(unknown));
        }
        let mut modules = modules;
        modules.sort();
        modules.dedup();
        client.modules = modules;
    }
    if let Some(refs) = terms_users {
        let mut users = Vec::new();
        let before = terms::users(&state.platform, &client.id).await?;
        for user in refs.data {
            let id = UserId::parse(&user.id).ok_or(AppError::NotFound)?;
            // Only the client's own users can be asked to accept its terms.
            if memberships::roles_in_client(&state.platform, &id, &client.id)
                .await?
                .is_none()
            {
                return invalid(messages::CLIENT_TERMS_USER_UNKNOWN);
            }
            users.push(id);
        }
        terms::set_users(&state.platform, &client.id, &users).await?;
        client.terms_and_conditions_required = !users.is_empty();
        // Whether terms are pending is part of each user's cached access here.
        for user in before.iter().chain(&users) {
            state.caches.forget_membership(user, &client.id);
        }
    }
    clients::upsert(&state.platform, &client).await?;
    let data = resource(&state, &auth, &client).await?;
    answer(StatusCode::OK, &ClientDocument { data })
}

/// A low-credit limit as sent (a number or a numeric text): a whole number of at least 0.
fn low_credit_limit(value: &serde_json::Value) -> Option<i64> {
    domain::validate::whole_number(value).filter(|limit| (0..1_000_000_000_000).contains(limit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_query_reads_pages_and_uuid_sets() {
        let query = ListQuery::parse("sort=name&page%5Boffset%5D=50&page%5Blimit%5D=50").unwrap();
        assert_eq!(
            (query.page.offset, query.page.limit, query.ids),
            (50, PAGE_LIMIT, None)
        );
        assert!(ListQuery::parse("page%5Blimit%5D=500").is_err());
        let set = ListQuery::parse(
            "filter%5Bid%5D%5Bcondition%5D%5Bpath%5D=id&filter%5Bid%5D%5Bcondition%5D%5Boperator%5D=IN&filter%5Bid%5D%5Bcondition%5D%5Bvalue%5D%5B0%5D=a&filter%5Bid%5D%5Bcondition%5D%5Bvalue%5D%5B1%5D=b",
        )
        .unwrap();
        assert_eq!(set.ids, Some(vec!["a".to_owned(), "b".to_owned()]));
        assert!(ListQuery::parse("sort=-created").is_err());
        assert!(ListQuery::parse("page%5Boffset%5D=x").is_err());
    }

    #[test]
    fn low_credit_limits_are_whole_and_not_negative() {
        assert_eq!(low_credit_limit(&serde_json::json!(10)), Some(10));
        assert_eq!(low_credit_limit(&serde_json::json!("25")), Some(25));
        assert_eq!(low_credit_limit(&serde_json::json!(0)), Some(0));
        assert_eq!(low_credit_limit(&serde_json::json!(-1)), None);
        assert_eq!(low_credit_limit(&serde_json::json!(2.5)), None);
        assert_eq!(low_credit_limit(&serde_json::json!("veel")), None);
        // What the API document allows: a whole number, or digits; not another notation.
        assert_eq!(low_credit_limit(&serde_json::json!(10.0)), None);
        assert_eq!(low_credit_limit(&serde_json::json!("1e3")), None);
    }
}
