//! Registrations review for a form's managers (document 001 screens 12 and 13): the list
//! with its tabs, filters, sort and pages; the trash; and resend.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::AuthUser;
use crate::policy::{self, Route, table};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::request::Parts;
use domain::messages;
use domain::review::{RawFilter, RawReview, Review};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use tenancy::tenant::registrations::{self, Registration};
use tenancy::tenant::{deliveries, value_indexes};
use utoipa::openapi::schema::{AdditionalProperties, Object, ObjectBuilder, Type};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use worker::jobs::WorkJob;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(trash))
        .routes(routes!(untrash))
        .routes(routes!(resend))
}

/// One registration in the list: what the table shows, without the schema.
#[derive(Debug, Serialize, ToSchema)]
struct RegistrationRow {
    #[serde(rename = "_id")]
    id: String,
    registration_serial_number: i64,
    /// RFC 3339, UTC.
    registration_date: String,
    registration_user_id: crate::routes::registrations::Sender,
    registration_name: Option<String>,
    registration_phase: Option<String>,
    /// completed or draft.
    registration_status: String,
    /// Sanitised HTML.
    form_summary: String,
    #[schema(value_type = Object)]
    values: Value,
    /// RFC 3339, UTC; set in the trash.
    deleted_at: Option<String>,
}

impl From<Registration> for RegistrationRow {
    fn from(reg: Registration) -> RegistrationRow {
        RegistrationRow {
            registration_date: domain::dates::rfc3339_utc(reg.created_at),
            deleted_at: reg.deleted_at.map(domain::dates::rfc3339_utc),
            id: reg.id,
            registration_serial_number: reg.serial_number,
            registration_user_id: crate::routes::registrations::Sender {
                username: reg.username,
            },
            registration_name: reg.registration_name,
            registration_phase: reg.phase,
            registration_status: reg.status,
            form_summary: reg.summary,
            values: reg.values,
        }
    }
}

/// A page of the list.
#[derive(Debug, Serialize, ToSchema)]
struct RegistrationsPage {
    registrations: Vec<RegistrationRow>,
    pages_count: i64,
    registrations_count: i64,
}

/// The list's query: `tab`, `page` (0-based), `items_per_page` (10, 20, 50, 100), `sort_by`
/// (`registration_date`, `registration_serial_number`, `registration_user_id.username`,
/// `registration_phase`, `registration_name`, `deleted_at` or an element path), `sort_direction`
/// (-1 or 1), and filters `f[i][path]`, `f[i][operator]` (=, !, >, >=, <, <=, contains, empty,
/// !empty), `f[i][value]`, `f[i][integer]`, `f[i][date]`.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // the parameters document the query; it is read as a whole into `review`
pub(crate) struct ReviewQuery {
    /// completed (default), incomplete (workflow forms) or trash.
    #[param(schema_with = tab_schema)]
    tab: Option<String>,
    #[param(minimum = 0, maximum = 1_000_000)]
    page: Option<i64>,
    #[param(schema_with = page_size_schema)]
    items_per_page: Option<i64>,
    #[param(schema_with = field_schema)]
    sort_by: Option<String>,
    #[param(schema_with = direction_schema)]
    sort_direction: Option<i64>,
    /// Filters by position: `f[0][path]=omschrijving&f[0][operator]=contains&f[0][value]=lamp`.
    #[param(style = DeepObject, explode, schema_with = filters_schema)]
    f: Option<BTreeMap<String, Value>>,
    /// The query as given (not a parameter: what the ones above make), for work that runs
    /// later (an export checks it again when it runs).
    #[param(ignore)]
    pub(crate) raw: RawReview,
    /// The checked review (not a parameter: what the ones above make).
    #[param(ignore)]
    pub(crate) review: Review,
}

/// A field a filter or the sort names.
const FIELD_PATTERN: &str = r"^(registration_date|registration_serial_number|registration_user_id\.username|registration_phase|registration_name|deleted_at|(values\.)?[a-z0-9_]+(\.[a-z0-9_]+){0,2})$";

fn enum_schema<T: Into<Value> + Clone>(kind: Type, values: &[T]) -> Object {
    ObjectBuilder::new()
        .schema_type(kind)
        .enum_values(Some(values.iter().cloned().map(Into::into)))
        .build()
}

fn field_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(FIELD_PATTERN))
        .build()
}

fn tab_schema() -> Object {
    enum_schema(Type::String, &["completed", "incomplete", "trash"])
}

fn page_size_schema() -> Object {
    enum_schema(Type::Integer, &domain::review::PAGE_SIZES)
}

fn direction_schema() -> Object {
    enum_schema(Type::Integer, &[-1, 1])
}

/// Each filter: its path, operator, value and how to compare.
fn filters_schema() -> Object {
    let filter = ObjectBuilder::new()
        .schema_type(Type::Object)
        .property("path", field_schema())
        .required("path")
        .property(
            "operator",
            enum_schema(Type::String, &domain::review::OPERATORS),
        )
        .required("operator")
        .property(
            "value",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .max_length(Some(domain::review::MAX_FILTER_VALUE)),
        )
        .property("integer", ObjectBuilder::new().schema_type(Type::Boolean))
        .property("date", ObjectBuilder::new().schema_type(Type::Boolean));
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property_names(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some("^[0-9]{1,2}$")),
        ))
        .additional_properties(Some(AdditionalProperties::RefOr(filter.into())))
        .build()
}

/// Reads `f[i][name]` keys and the plain ones; anything else in the query is refused.
fn raw_review(query: &str) -> std::result::Result<RawReview, String> {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(query).map_err(|_| messages::BAD_QUERY.to_owned())?;
    let mut raw = RawReview::default();
    let mut filters: BTreeMap<usize, RawFilter> = BTreeMap::new();
    for (key, value) in pairs {
        let slot = match key.as_str() {
            "tab" => &mut raw.tab,
            "page" => &mut raw.page,
            "items_per_page" => &mut raw.items_per_page,
            "sort_by" => &mut raw.sort_by,
            "sort_direction" => &mut raw.sort_direction,
            _ => {
                let (index, name) =
                    filter_key(&key).ok_or_else(|| messages::review_unknown(&key))?;
                let filter = filters.entry(index).or_default();
                let flag = || match value.as_str() {
                    "true" | "1" => Ok(true),
                    "false" | "0" => Ok(false),
                    other => Err(messages::review_unknown(other)),
                };
                match name {
                    "path" => filter.path = value,
                    "operator" => filter.operator = value,
                    "value" => filter.value = value,
                    "integer" => filter.integer = flag()?,
                    "date" => filter.date = flag()?,
                    _ => return Err(messages::review_unknown(&key)),
                }
                continue;
            }
        };
        *slot = Some(value);
    }
    raw.filters = filters.into_values().collect();
    Ok(raw)
}

/// `f[3][path]` -> (3, "path").
fn filter_key(key: &str) -> Option<(usize, &str)> {
    let rest = key.strip_prefix("f[")?;
    let (index, rest) = rest.split_once("][")?;
    let name = rest.strip_suffix(']')?;
    let index = index.parse::<usize>().ok().filter(|i| *i < 100)?;
    Some((index, name))
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ReviewQuery {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self> {
        let invalid = |message: String| AppError::Unprocessable {
            message: message.clone(),
            errors: vec![crate::error::FieldError::new("f", message)],
        };
        let raw = raw_review(parts.uri.query().unwrap_or_default()).map_err(invalid)?;
        let review = Review::parse(&raw).map_err(invalid)?;
        Ok(ReviewQuery {
            tab: None,
            page: None,
            items_per_page: None,
            sort_by: None,
            sort_direction: None,
            f: None,
            raw,
            review,
        })
    }
}

/// `GET api/form/{id}/registrations`: a page of the form's registrations of one tab, the
/// filters applied, with the number of all that match.
#[utoipa::path(get, path = "/api/form/{form_id}/registrations", operation_id = table::REGISTRATIONS_LIST.op, tag = "registrations review",
    params(("form_id" = String, Path), ReviewQuery),
    responses(
        (status = 200, description = "A page", body = RegistrationsPage),
        (status = 422, description = "A tab, field, operator, value or page size that cannot be used", body = ErrorBody)
    ))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
    query: ReviewQuery,
) -> Result<Json<RegistrationsPage>> {
    let ctx = policy::owner(&state, auth, "form", &form_id, &table::REGISTRATIONS_LIST).await?;
    state.caches.form(ctx.db(), &form_id).await?;
    let review = query.review;
    let (rows, total) = registrations::review(ctx.db(), &form_id, &review).await?;
    ask_for_indexes(&state, ctx.db(), &form_id, &review).await;
    Ok(Json(RegistrationsPage {
        registrations: rows.into_iter().map(RegistrationRow::from).collect(),
        pages_count: (total + review.per_page - 1) / review.per_page,
        registrations_count: total,
    }))
}

/// Queues the value indexes that would make this review fast on a big form (decision 018);
/// the page just answered did without. A failure only costs speed, so it is logged.
async fn ask_for_indexes(state: &AppState, db: &tenancy::TenantDb, form_id: &str, review: &Review) {
    for (path, kind) in review.wanted_indexes() {
        let job = match value_indexes::claim(db, form_id, path, kind).await {
            Ok(Some(index)) => WorkJob::ValueIndex {
                client_uuid: db.client_id().as_str().to_owned(),
                index_id: index.id,
            },
            Ok(None) => continue,
            Err(err) => {
                tracing::warn!(form = form_id, path, error = %err, "value index not asked for");
                continue;
            }
        };
        if let Err(err) = state.queue.push_work(job).await {
            tracing::warn!(form = form_id, path, error = %err, "value index not queued");
        }
    }
}

/// `{"status": "success"}`.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Success {
    status: String,
}

impl Success {
    pub(crate) fn new() -> Success {
        Success {
            status: "success".to_owned(),
        }
    }
}

/// Moves a registration into or out of the trash for a route that allows it.
async fn set_trashed(
    state: &AppState,
    auth: AuthUser,
    form_id: &str,
    registration_id: &str,
    route: &Route,
    trashed: bool,
) -> Result<Json<Success>> {
    let ctx = policy::owner(state, auth, "form", form_id, route).await?;
    let reg = registrations::find_any(ctx.db(), form_id, registration_id)
        .await?
        .filter(|reg| reg.status != "hold")
        .ok_or(AppError::NotFound)?;
    if reg.deleted_at.is_some() != trashed {
        registrations::set_trashed(ctx.db(), form_id, registration_id, trashed).await?;
    }
    Ok(Json(Success::new()))
}

/// `GET api/form/{id}/registrations/{registration_id}/trash`: into the trash (idempotent);
/// trashed registrations are deleted for good after 30 days.
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/{registration_id}/trash", operation_id = table::REGISTRATION_TRASH.op, tag = "registrations review",
    params(("form_id" = String, Path), ("registration_id" = String, Path)),
    responses((status = 200, description = "In the trash", body = Success)))]
async fn trash(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, registration_id)): Path<(String, String)>,
) -> Result<Json<Success>> {
    let route = &table::REGISTRATION_TRASH;
    set_trashed(&state, auth, &form_id, &registration_id, route, true).await
}

/// `GET api/form/{id}/registrations/{registration_id}/untrash`: out of the trash (idempotent).
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/{registration_id}/untrash", operation_id = table::REGISTRATION_UNTRASH.op, tag = "registrations review",
    params(("form_id" = String, Path), ("registration_id" = String, Path)),
    responses((status = 200, description = "Back from the trash", body = Success)))]
async fn untrash(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, registration_id)): Path<(String, String)>,
) -> Result<Json<Success>> {
    let route = &table::REGISTRATION_UNTRASH;
    set_trashed(&state, auth, &form_id, &registration_id, route, false).await
}

/// `GET api/form/{id}/registrations/{registration_id}/resend`: sends the registration's
/// e-mails and webhooks again. Only completed registrations outside the trash can be resent
/// (409 otherwise). Each e-mail and webhook due on completion (or on the phase it is in) is
/// recorded again as a new event of the outbox.
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/{registration_id}/resend", operation_id = table::REGISTRATION_RESEND.op, tag = "registrations review",
    params(("form_id" = String, Path), ("registration_id" = String, Path)),
    responses(
        (status = 200, description = "Queued again", body = Success),
        (status = 409, description = "Not completed, or in the trash", body = ErrorBody)
    ))]
async fn resend(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, registration_id)): Path<(String, String)>,
) -> Result<Json<Success>> {
    let ctx = policy::owner(&state, auth, "form", &form_id, &table::REGISTRATION_RESEND).await?;
    let reg = registrations::find_any(ctx.db(), &form_id, &registration_id)
        .await?
        .filter(|reg| reg.status != "hold")
        .ok_or(AppError::NotFound)?;
    if reg.status != "completed" || reg.deleted_at.is_some() {
        return Err(AppError::Conflict(
            messages::RESEND_NOT_COMPLETED.to_owned(),
        ));
    }
    let form = state.caches.form(ctx.db(), &form_id).await?;
    let planned = crate::outbox::planned(&form, reg.phase.as_deref(), true);
    if deliveries::resend(ctx.db(), &reg.id, &form_id, &planned).await? > 0 {
        state.outbox.wake(ctx.db().client_id());
    }
    Ok(Json(Success::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_come_by_position() {
        let raw = raw_review(
            "tab=trash&f[1][path]=aantal&f[1][operator]=%3E&f[1][value]=3&f[1][integer]=1&f[0][path]=omschrijving&f[0][operator]=contains&f[0][value]=lamp&page=2",
        )
        .unwrap();
        assert_eq!(raw.tab.as_deref(), Some("trash"));
        assert_eq!(raw.page.as_deref(), Some("2"));
        assert_eq!(raw.filters.len(), 2);
        assert_eq!(raw.filters[0].path, "omschrijving");
        assert_eq!(raw.filters[1].operator, ">");
        assert!(raw.filters[1].integer);
        for bad in [
            "f[0]=x",
            "f[a][path]=x",
            "f[0][colour]=x",
            "unknown=1",
            "f[100][path]=x",
        ] {
            assert!(raw_review(bad).is_err(), "{bad}");
        }
    }
}
