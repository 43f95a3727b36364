//! Registrations on the fill-in side: my registrations, one registration, and the record
//! search of fill and guest forms (spec 000 screens 11 and 17).

use crate::AppState;
use crate::cache::CachedForm;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{AuthUser, ClientAddr, QueryParams};
use crate::limits::Limit;
use crate::policy::{self, table};
use axum::Json;
use axum::extract::{Path, State};
use domain::messages;
use domain::tokens::{RegistrationMeta, RenderMode, TokenContext, render_tokens};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};
use tenancy::TenantDb;
use tenancy::tenant::deliveries::Delivery;
use tenancy::tenant::forms::{self, Form};
use tenancy::tenant::registrations::{self, Registration};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Registrations per page of `api/my-registrations`.
pub const MY_PAGE_SIZE: i64 = 50;
/// Most hits a record search answers (the web app shows them 10 a page).
const SEARCH_LIMIT: i64 = 200;
/// Longest search term, in characters.
pub const MAX_SEARCH_TERM: usize = 200;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(mine))
        .routes(routes!(search))
        .routes(routes!(guest_search))
        .routes(routes!(show))
}

/// Who sent a registration.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Sender {
    pub username: Option<String>,
}

/// The Registration entity of document 000 section 3.
#[derive(Debug, Serialize, ToSchema)]
pub struct RegistrationJson {
    #[serde(rename = "_id")]
    pub id: String,
    pub form_id: String,
    pub form_name: String,
    pub form_type: String,
    /// Sanitised HTML.
    pub form_summary: String,
    pub registration_name: Option<String>,
    /// RFC 3339, UTC.
    pub registration_date: String,
    pub registration_serial_number: i64,
    pub registration_user_id: Sender,
    pub registration_phase: Option<String>,
    /// completed, hold or draft.
    pub registration_status: String,
    /// RFC 3339, UTC.
    pub registration_updated_at: String,
    /// The form's elements as they were when it was filled in.
    #[schema(value_type = Vec<Object>)]
    pub schema: std::sync::Arc<RawValue>,
    #[schema(value_type = Object)]
    pub values: Value,
    pub fill_token: Option<String>,
    /// Only in `api/my-registrations`, which spans every client of the user.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    /// Admin shape (document 001 section 3): RFC 3339, UTC, when it went into the trash;
    /// null when it is not there.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub deleted_at: Option<Value>,
    /// Admin shape: per e-mail setting, `hook_status` pending, error or success, with
    /// `hook_index`, `hook_name`, `attempts`, `last_answer`, `next_attempt_at` and
    /// `delivered_at` of its latest delivery.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub email_hooks: Option<Vec<Value>>,
    /// Admin shape: per integration, `hook_name` and `hook_status` (and the rest of its latest
    /// delivery, as for `email_hooks`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub webhook_integrations: Option<Vec<Value>>,
    /// Admin shape: keyed by name, `hook_status`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub datasource_hooks: Option<Map<String, Value>>,
    /// Workflow registrations, for managers and for whoever it waits for: every move from
    /// phase to phase, oldest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workflow_history: Option<Vec<WorkflowMove>>,
}

/// One move of a workflow registration (document 000 section 4: a transition shows the next
/// phase and the assigned user, with the date).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WorkflowMove {
    pub from_phase: String,
    /// Null when the move completed the registration.
    pub to_phase: Option<String>,
    pub assigned_username: Option<String>,
    pub by_username: Option<String>,
    /// RFC 3339, UTC.
    pub at: String,
}

impl From<tenancy::tenant::workflow::Move> for WorkflowMove {
    fn from(step: tenancy::tenant::workflow::Move) -> WorkflowMove {
        WorkflowMove {
            from_phase: step.from_phase,
            to_phase: step.to_phase,
            assigned_username: step.assigned_username,
            by_username: step.by_username,
            at: domain::dates::rfc3339_utc(step.at),
        }
    }
}

/// The moves of a registration of a workflow form (None for other forms).
pub async fn history_of(
    db: &tenancy::TenantDb,
    form: &Form,
    id: &str,
) -> Result<Option<Vec<WorkflowMove>>> {
    if form.form_type != "workflow" {
        return Ok(None);
    }
    let moves = tenancy::tenant::workflow::history(db, id).await?;
    Ok(Some(moves.into_iter().map(WorkflowMove::from).collect()))
}

impl RegistrationJson {
    /// The entity of a registration of `form`.
    pub fn new(reg: Registration, form: &Form) -> RegistrationJson {
        RegistrationJson {
            id: reg.id,
            form_id: reg.form_id,
            form_name: form.name.clone(),
            form_type: form.form_type.clone(),
            form_summary: reg.summary,
            registration_name: reg.registration_name,
            registration_date: domain::dates::rfc3339_utc(reg.created_at),
            registration_serial_number: reg.serial_number,
            registration_user_id: Sender {
                username: reg.username,
            },
            registration_phase: reg.phase,
            registration_status: reg.status,
            registration_updated_at: domain::dates::rfc3339_utc(reg.updated_at),
            schema: reg.schema,
            values: reg.values,
            fill_token: reg.fill_token,
            client_id: None,
            deleted_at: None,
            email_hooks: None,
            webhook_integrations: None,
            datasource_hooks: None,
            workflow_history: None,
        }
    }

    /// The admin shape: the trash, and the hook statuses from the registration's deliveries
    /// (the latest of each e-mail setting, integration and feature action: status, attempts,
    /// last answer).
    pub fn admin(reg: Registration, form: &Form, deliveries: &[Delivery]) -> RegistrationJson {
        let deleted_at = Some(serde_json::json!(
            reg.deleted_at.map(domain::dates::rfc3339_utc)
        ));
        let hooks = |channel: &str| -> Vec<Value> {
            let mut latest: Vec<&Delivery> = Vec::new();
            // Oldest first: a later event of the same hook replaces the earlier one.
            for delivery in deliveries.iter().filter(|d| d.channel == channel) {
                match latest
                    .iter_mut()
                    .find(|d| d.hook_index == delivery.hook_index)
                {
                    Some(slot) => *slot = delivery,
                    None => latest.push(delivery),
                }
            }
            latest.sort_by_key(|d| d.hook_index);
            latest.into_iter().map(hook_status).collect()
        };
        RegistrationJson {
            deleted_at,
            email_hooks: Some(hooks("email")),
            webhook_integrations: Some(hooks("webhook")),
            // Keyed by the element's name (spec 001 section 3).
            datasource_hooks: Some(
                hooks("datasource")
                    .into_iter()
                    .filter_map(|hook| Some((hook["hook_name"].as_str()?.to_owned(), hook)))
                    .collect(),
            ),
            ..RegistrationJson::new(reg, form)
        }
    }
}

/// One hook's status as the registration detail shows it.
fn hook_status(delivery: &Delivery) -> Value {
    serde_json::json!({
        "hook_index": delivery.hook_index,
        "hook_name": delivery.hook_name,
        "hook_type": delivery.hook_type,
        "hook_status": delivery.status,
        "attempts": delivery.attempts,
        "last_answer": delivery.last_answer,
        "next_attempt_at": delivery.next_attempt_at.map(domain::dates::rfc3339_utc),
        "updated_at": domain::dates::rfc3339_utc(delivery.updated_at),
        "delivered_at": delivery.delivered_at.map(domain::dates::rfc3339_utc),
    })
}

/// Query of `api/my-registrations`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    /// 0-based page (a negative page reads as the first).
    #[serde(default)]
    page: i64,
}

/// `GET api/my-registrations`.
#[derive(Debug, Serialize, ToSchema)]
struct MyRegistrationsPage {
    registrations: Vec<RegistrationJson>,
    pages_count: i64,
    registrations_count: i64,
}

/// `GET api/my-registrations?page=N` (0-based): the user's registrations in all their
/// clients, newest first, with `pages_count`. Each client contributes at most the rows up
/// to the end of the asked page, which is all a correct merge of the newest needs.
#[utoipa::path(get, path = "/api/my-registrations", operation_id = table::MY_REGISTRATIONS.op, tag = "registrations",
    params(PageQuery),
    responses((status = 200, description = "A page of the user's registrations", body = MyRegistrationsPage)))]
async fn mine(
    State(state): State<AppState>,
    auth: AuthUser,
    QueryParams(query): QueryParams<PageQuery>,
) -> Result<Json<MyRegistrationsPage>> {
    let page = query.page.clamp(0, 100_000);
    let needed = (page + 1) * MY_PAGE_SIZE;
    let mut merged: Vec<(Registration, Form, String)> = Vec::new();
    let mut total = 0;
    for ctx in policy::my_clients(&state, &auth).await? {
        let db = ctx.db();
        let (regs, count) =
            registrations::page_for_user(db, auth.user.id.as_str(), 0, needed).await?;
        total += count;
        let mut forms_by_id: HashMap<String, Option<Form>> = HashMap::new();
        for reg in regs {
            if !forms_by_id.contains_key(&reg.form_id) {
                let form = forms::find_with_deleted(db, &reg.form_id).await?;
                forms_by_id.insert(reg.form_id.clone(), form);
            }
            if let Some(Some(form)) = forms_by_id.get(&reg.form_id) {
                merged.push((reg, form.clone(), ctx.client.id.to_string()));
            }
        }
    }
    merged.sort_by(|a, b| {
        b.0.created_at
            .cmp(&a.0.created_at)
            .then(b.0.serial_number.cmp(&a.0.serial_number))
    });
    let list = merged
        .into_iter()
        .skip(usize::try_from(page * MY_PAGE_SIZE).unwrap_or(usize::MAX))
        .take(usize::try_from(MY_PAGE_SIZE).unwrap_or(0))
        .map(|(reg, form, client_id)| RegistrationJson {
            client_id: Some(client_id),
            ..RegistrationJson::new(reg, &form)
        })
        .collect();
    Ok(Json(MyRegistrationsPage {
        registrations: list,
        pages_count: (total + MY_PAGE_SIZE - 1) / MY_PAGE_SIZE,
        registrations_count: total,
    }))
}

/// `GET api/form/{form_id}/registrations/{registration_id}`: one registration, for its
/// sender or a user who manages the form's registrations; managers get the admin shape and
/// may open one in the trash. Hold registrations cannot be opened.
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/{registration_id}", operation_id = table::REGISTRATION_SHOW.op, tag = "registrations",
    params(("form_id" = String, Path), ("registration_id" = String, Path)),
    responses((status = 200, description = "The registration", body = RegistrationJson)))]
async fn show(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, registration_id)): Path<(String, String)>,
) -> Result<Json<RegistrationJson>> {
    let policy::FormCtx { ctx, form } =
        policy::form(&state, auth, &form_id, &table::REGISTRATION_SHOW).await?;
    let manager = ctx
        .access
        .may(domain::access::Permission::ManageFormRegistrations);
    let reg = registrations::find_any(ctx.db(), &form_id, &registration_id)
        .await?
        .filter(|reg| manager || reg.deleted_at.is_none())
        .ok_or(AppError::NotFound)?;
    ctx.allow_registration(reg.user_id.as_deref())?;
    if reg.status == "hold" {
        return Err(AppError::NotFound);
    }
    if manager {
        let workflow_history = history_of(ctx.db(), &form.form, &reg.id).await?;
        let deliveries = tenancy::tenant::deliveries::for_registration(ctx.db(), &reg.id).await?;
        return Ok(Json(RegistrationJson {
            workflow_history,
            ..RegistrationJson::admin(reg, &form.form, &deliveries)
        }));
    }
    Ok(Json(RegistrationJson::new(reg, &form.form)))
}

/// One hit of a record search: what the search table shows, nothing more (no values of
/// other fields, no fill token, no sender).
#[derive(Debug, Serialize, ToSchema)]
struct SearchHit {
    #[serde(rename = "_id")]
    id: String,
    registration_serial_number: i64,
    /// RFC 3339, UTC.
    registration_date: String,
    /// Sanitised HTML.
    form_summary: String,
    /// The searchable fields as text, keyed by their path (`value` of `searchable_fields`).
    fields: BTreeMap<String, String>,
}

/// `GET .../registrations/search`.
#[derive(Debug, Serialize, ToSchema)]
struct SearchAnswer {
    registrations: Vec<SearchHit>,
}

/// Query of a record search: keys are searchable field paths with ':' for '.', values the
/// terms (empty: any value). Keys that are no field path, or given twice, are refused (400);
/// field paths that are not searchable fields of the form are ignored.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// Field path (':' for '.') -> term of at most 200 characters, e.g. `omschrijving=lamp`.
    #[param(style = Form, explode, schema_with = search_terms_schema)]
    terms: BTreeMap<String, String>,
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for SearchQuery {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _state: &S,
    ) -> Result<Self> {
        let bad = || AppError::BadRequest(messages::BAD_QUERY.to_owned());
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(parts.uri.query().unwrap_or_default()).map_err(|_| bad())?;
        let mut terms = BTreeMap::new();
        for (key, term) in pairs {
            if !is_field_key(&key) || terms.insert(key, term).is_some() {
                return Err(bad());
            }
        }
        Ok(SearchQuery { terms })
    }
}

/// Any keys, each one term of at most [`MAX_SEARCH_TERM`] characters. A query string has
/// only text, so "3" or "true" is a term like any other; a list is not (a key twice is 400).
fn search_terms_schema() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, SchemaType, Type};
    let scalar = SchemaType::Array(vec![Type::String, Type::Number, Type::Boolean, Type::Null]);
    let term = ObjectBuilder::new()
        .schema_type(scalar)
        .max_length(Some(MAX_SEARCH_TERM));
    let key = ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(FIELD_KEY_PATTERN));
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property_names(Some(key))
        .additional_properties(Some(AdditionalProperties::RefOr(term.into())))
        .build()
}

/// A field path as a query key: data names joined by ':'.
const FIELD_KEY_PATTERN: &str = "^[a-z0-9_]+(:[a-z0-9_]+)*$";

/// True for a key of [`FIELD_KEY_PATTERN`].
fn is_field_key(key: &str) -> bool {
    key.split(':').all(|part| {
        !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    })
}

/// The searchable field paths of a form, when its record search is switched on.
fn searchable_fields(form: &Form) -> Option<Vec<String>> {
    let settings = &form.settings;
    if !settings
        .get("search_enabled")
        .and_then(Value::as_bool)
        .unwrap_or(false)
    {
        return None;
    }
    let fields = settings
        .get("searchable_fields")
        .and_then(Value::as_array)?;
    Some(
        fields
            .iter()
            .filter_map(|field| {
                field
                    .get("value")
                    .and_then(Value::as_str)
                    .or_else(|| field.as_str())
            })
            // Element paths only: anything else cannot name a value (and is no JSON path).
            .filter(|path| {
                !path.is_empty()
                    && path.split('.').all(|part| {
                        !part.is_empty()
                            && part
                                .bytes()
                                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                    })
            })
            .map(str::to_owned)
            .collect(),
    )
}

/// Runs a record search of a form (404 while its search is off).
async fn run_search(
    db: &TenantDb,
    cached: &CachedForm,
    query: &BTreeMap<String, String>,
) -> Result<SearchAnswer> {
    let form = &cached.form;
    let allowed = searchable_fields(form).ok_or(AppError::NotFound)?;
    let mut filters = Vec::new();
    for (key, term) in query {
        if term.chars().count() > MAX_SEARCH_TERM {
            return Err(AppError::invalid(key, messages::SEARCH_TERM_TOO_LONG));
        }
        // Only searchable fields filter; anything else cannot narrow the answer, nor widen it.
        let path = key.replace(':', ".");
        if allowed.contains(&path) {
            filters.push((path, term.trim().to_owned()));
        }
    }
    let found = registrations::search(db, &form.id, &filters, SEARCH_LIMIT).await?;
    let meta = RegistrationMeta::default();
    let hits = found
        .into_iter()
        .map(|reg| {
            let values: Map<String, Value> = match &reg.values {
                Value::Object(map) => map.clone(),
                _ => Map::new(),
            };
            let ctx = TokenContext {
                schema: &cached.definition.schema,
                values: &values,
                registration: &meta,
            };
            let fields = allowed
                .iter()
                .map(|path| {
                    let text = render_tokens(&format!("${path}$"), &ctx, RenderMode::Text);
                    (path.clone(), text)
                })
                .collect();
            SearchHit {
                registration_date: domain::dates::rfc3339_utc(reg.created_at),
                id: reg.id,
                registration_serial_number: reg.serial_number,
                form_summary: reg.summary,
                fields,
            }
        })
        .collect();
    Ok(SearchAnswer {
        registrations: hits,
    })
}

/// `GET api/form/{id}/registrations/search`: completed registrations of the form whose
/// searchable fields contain the terms (case-insensitive), newest first, at most 200.
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/search", operation_id = table::REGISTRATION_SEARCH.op, tag = "registrations",
    params(("form_id" = String, Path), SearchQuery),
    responses(
        (status = 200, description = "Matching registrations", body = SearchAnswer),
        (status = 422, description = "A term over 200 characters", body = ErrorBody)
    ))]
async fn search(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
    query: SearchQuery,
) -> Result<Json<SearchAnswer>> {
    let policy::FormCtx { ctx, form } =
        policy::form(&state, auth, &form_id, &table::REGISTRATION_SEARCH).await?;
    Ok(Json(run_search(ctx.db(), &form, &query.terms).await?))
}

/// `GET api/guest/form/{guestId}/registrations/search`: the record search of a guest form,
/// while guest access and the search are on (spec 000 screen 11).
#[utoipa::path(get, path = "/api/guest/form/{guest_id}/registrations/search", operation_id = table::GUEST_SEARCH.op, tag = "guest",
    params(("guest_id" = String, Path), SearchQuery),
    responses(
        (status = 200, description = "Matching registrations", body = SearchAnswer),
        (status = 422, description = "A term over 200 characters", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody)
    ))]
async fn guest_search(
    State(state): State<AppState>,
    addr: ClientAddr,
    Path(guest_id): Path<String>,
    query: SearchQuery,
) -> Result<Json<SearchAnswer>> {
    state.limits.check(Limit::Guest, &addr.key())?;
    let guest = policy::guest_form(&state, &guest_id).await?;
    let cached = state.caches.form(guest.db(), &guest.form.id).await?;
    Ok(Json(run_search(guest.db(), &cached, &query.terms).await?))
}
