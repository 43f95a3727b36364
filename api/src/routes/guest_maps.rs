//! Guest maps (spec 000 screen 12): a form's map element shown read-only to anyone with the
//! link, `api/guest/datasource/{map_uuid}/...` by the element's uuid and
//! `api/guest/map/{form_id}/{element_name}/...` by form and data name, and only while the
//! element's guest map switch is on and the form is published.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::QueryParams;
use crate::policy::{self, table};
use crate::routes::datasources::{VIEWPORT_LIMIT, feature_collection, viewport_bounds};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tenancy::TenantDb;
use tenancy::tenant::datasources as store;
use tenancy::tenant::forms::{self, Form};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(by_uuid))
        .routes(routes!(by_element))
}

/// The viewport of a guest map call, in lon/lat: all four edges, or none for every feature.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct ViewportQuery {
    /// West longitude.
    left: Option<f64>,
    /// North latitude.
    top: Option<f64>,
    /// East longitude.
    right: Option<f64>,
    /// South latitude.
    bottom: Option<f64>,
}

/// A guest map: the map element's settings, its datasource and the features in the viewport.
#[derive(Debug, Serialize, ToSchema)]
struct GuestMap {
    form_name: String,
    datasource_name: String,
    datasource_id: String,
    /// Every status the datasource's features have, in order.
    status_values: Vec<String>,
    /// The map element's `mapSettings`, as the form holds them.
    #[serde(rename = "mapSettings")]
    #[schema(value_type = Object)]
    map_settings: Value,
    /// A GeoJSON FeatureCollection with `total` (inside the viewport in all) and `omitted`.
    #[schema(value_type = Object)]
    features: Value,
}

/// `GET api/guest/datasource/{map_uuid}/{status_filter}`: the guest map of the map element
/// with this uuid. `status_filter` is `all` or statuses joined by `||` (`_none` for features
/// without one).
#[utoipa::path(get, path = "/api/guest/datasource/{map_uuid}/{status_filter}", operation_id = table::GUEST_MAP_BY_UUID.op, tag = "guest",
    params(("map_uuid" = String, Path), ("status_filter" = String, Path), ViewportQuery),
    responses(
        (status = 200, description = "The map's settings, its datasource and the features in the viewport", body = GuestMap),
        (status = 404, description = "No such map, or its guest map is off"),
        (status = 422, description = "A viewport that is not one: some of the four edges, or west of east or south of north reversed", body = ErrorBody)
    ))]
async fn by_uuid(
    State(state): State<AppState>,
    Path((map_uuid, status_filter)): Path<(String, String)>,
    QueryParams(query): QueryParams<ViewportQuery>,
) -> Result<Response> {
    let db = policy::public_tenant(&state, "guest_map", &map_uuid).await?;
    let found = forms::mentioning(&db, &map_uuid)
        .await?
        .into_iter()
        .find_map(|form| {
            let element = guest_map_of(&form, |element| {
                element.get("uuid").and_then(Value::as_str) == Some(map_uuid.as_str())
            })?;
            Some((form, element))
        });
    let (form, element) = found.ok_or(AppError::NotFound)?;
    answer(&db, &form, &element, &status_filter, &query).await
}

/// `GET api/guest/map/{form_id}/{element_name}/{status_filter}`: the guest map of a form's
/// map element by data name (the link the form editor shows).
#[utoipa::path(get, path = "/api/guest/map/{form_id}/{element_name}/{status_filter}", operation_id = table::GUEST_MAP_BY_ELEMENT.op, tag = "guest",
    params(("form_id" = String, Path), ("element_name" = String, Path), ("status_filter" = String, Path), ViewportQuery),
    responses(
        (status = 200, description = "As the call by uuid", body = GuestMap),
        (status = 404, description = "No such map, or its guest map is off"),
        (status = 422, description = "As the call by uuid", body = ErrorBody)
    ))]
async fn by_element(
    State(state): State<AppState>,
    Path((form_id, element_name, status_filter)): Path<(String, String, String)>,
    QueryParams(query): QueryParams<ViewportQuery>,
) -> Result<Response> {
    let db = policy::public_tenant(&state, "form", &form_id).await?;
    let form = forms::find(&db, &form_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let element = guest_map_of(&form, |element| {
        element.get("name").and_then(Value::as_str) == Some(element_name.as_str())
    })
    .ok_or(AppError::NotFound)?;
    answer(&db, &form, &element, &status_filter, &query).await
}

/// The top-level map element `pick` chooses, when the form is published and the element's
/// guest map is on.
fn guest_map_of(form: &Form, pick: impl Fn(&Value) -> bool) -> Option<Value> {
    form.published_at.as_ref()?;
    form.schema
        .as_array()?
        .iter()
        .find(|element| pick(element) && domain::form::guest_map_enabled(element))
        .cloned()
}

/// The map's settings, its datasource's name and statuses, and the features in the viewport
/// with one of the chosen statuses. Nothing else of the form leaves through here.
async fn answer(
    db: &TenantDb,
    form: &Form,
    element: &Value,
    status_filter: &str,
    query: &ViewportQuery,
) -> Result<Response> {
    let settings = element.get("mapSettings").cloned().unwrap_or(json!({}));
    let datasource_id = settings
        .pointer("/mapLayers/0/datasource_id")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let source = store::find(db, datasource_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let viewport = viewport_bounds(query.left, query.bottom, query.right, query.top)?;
    let statuses: Option<Vec<String>> = (status_filter != "all").then(|| {
        status_filter
            .split("||")
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    });
    let (features, total) =
        store::in_box(db, &source, viewport, statuses.as_deref(), VIEWPORT_LIMIT).await?;
    let body = GuestMap {
        form_name: form.name.clone(),
        status_values: store::statuses(db, &source).await?,
        datasource_name: source.name,
        datasource_id: source.id,
        map_settings: settings,
        features: feature_collection(features, total),
    };
    Ok(([(header::CACHE_CONTROL, "public, max-age=60")], Json(body)).into_response())
}
