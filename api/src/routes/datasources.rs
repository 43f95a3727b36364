//! Datasources (document 002 sections 2-7, issue 15, decision 023): lists of objects imported
//! from a CSV or Excel file, for the map and search elements. The JSON:API resources
//! (`jsonapi/eform_datasource/{type}`), the import through the queue, the editor's picker
//! (`api/datasource/list/...`, `data-properties`, `tokens`) and the read call the fill-in uses
//! (`api/datasource/{id}`: features in a viewport as GeoJSON, or the search list).

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{AuthUser, QueryParams};
use crate::jsonapi::{ErrorDocument, One, Ref, answer, body, invalid};
use crate::policy::{self, ClientCtx, Route, table};
use crate::routes::batches::{BatchProcess, start_batch};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use domain::datasources::{Crs, Kind};
use domain::messages;
use serde::{Deserialize, Serialize};
use tenancy::platform::batches::{self, NewBatch};
use tenancy::platform::directory;
use tenancy::tenant::datasources::{self as store, Datasource};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use worker::datasource_import::{DATASOURCE_IMPORT, ImportParams};

/// Datasources a list answers at most (spec 002 section 9).
const PAGE_LIMIT: usize = 300;
/// Features a viewport answers at most; the rest is counted, so the map can cluster or zoom.
pub(crate) const VIEWPORT_LIMIT: i64 = 2_000;
/// Items a search list answers at most.
const SEARCH_LIMIT: i64 = 10_000;
/// Features removed per transaction when a datasource goes.
const REMOVE_STEP: i64 = 20_000;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(show, update, delete))
        .routes(routes!(start_import))
        .routes(routes!(picker))
        .routes(routes!(data_properties))
        .routes(routes!(tokens))
        .routes(routes!(read))
}

fn kind_of(raw: &str) -> Result<Kind> {
    Kind::parse(raw).ok_or(AppError::NotFound)
}

/// A datasource as a JSON:API resource.
#[derive(Debug, Serialize, ToSchema)]
struct DatasourceAttributes {
    name: String,
    /// `EPSG:4326` or `EPSG:28992` (map features).
    field_crs: Option<String>,
    feature_count: i64,
    /// The data columns of the last import.
    data_properties: Vec<String>,
    /// The rows the last import refused: `[{row, reason}]` (row 1: the whole file).
    #[schema(value_type = Vec<Object>)]
    import_errors: serde_json::Value,
    /// RFC 3339, UTC.
    changed: String,
}

#[derive(Debug, Serialize, ToSchema)]
struct DatasourceRelationships {
    client_id: One,
    /// The source file (`file--file`), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<One>,
}

#[derive(Debug, Serialize, ToSchema)]
struct DatasourceResource {
    /// `eform_datasource--map_features` or `eform_datasource--search`.
    #[serde(rename = "type")]
    kind: String,
    id: String,
    attributes: DatasourceAttributes,
    relationships: DatasourceRelationships,
    /// Where the source file is downloaded (with the api-key).
    #[serde(skip_serializing_if = "Option::is_none")]
    file_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
struct DatasourceList {
    data: Vec<DatasourceResource>,
}

#[derive(Debug, Serialize, ToSchema)]
struct DatasourceDocument {
    data: DatasourceResource,
}

/// The JSON:API type of a datasource of `kind`: what an answer says and a body must name.
fn resource_type(kind: &str) -> String {
    format!("eform_datasource--{kind}")
}

fn resource(ctx: &ClientCtx, source: Datasource) -> DatasourceResource {
    let client = ctx.client.id.to_string();
    DatasourceResource {
        kind: resource_type(&source.kind),
        file_url: source
            .file_id
            .as_ref()
            .map(|file| format!("/api/client/{client}/file/{file}")),
        attributes: DatasourceAttributes {
            name: source.name,
            field_crs: source.crs,
            feature_count: source.feature_count,
            data_properties: serde_json::from_str(&source.data_properties).unwrap_or_default(),
            import_errors: serde_json::from_str(&source.import_errors).unwrap_or_default(),
            changed: domain::dates::rfc3339_utc(source.updated_at),
        },
        relationships: DatasourceRelationships {
            client_id: One {
                data: Ref::new("client--client", client),
            },
            file: source.file_id.map(|file| One {
                data: Ref::new("file--file", file),
            }),
        },
        id: source.id,
    }
}

/// The list's filter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListFilter {
    /// The client.
    #[serde(rename = "filter[client_id.id]", default)]
    #[param(rename = "filter[client_id.id]", required = true)]
    client: String,
    /// At most 300.
    #[serde(rename = "page[limit]", default)]
    #[param(rename = "page[limit]", minimum = 1, maximum = 300)]
    limit: Option<usize>,
}

/// `GET jsonapi/eform_datasource/{type}?filter[client_id.id]=…`: the client's datasources of a
/// kind, by name.
#[utoipa::path(get, path = "/jsonapi/eform_datasource/{datasource_type}", operation_id = table::DATASOURCES_LIST.op, tag = "datasources",
    params(("datasource_type" = String, Path, description = "map_features or search"), ListFilter),
    responses(
        (status = 200, description = "The datasources", body = DatasourceList, content_type = "application/vnd.api+json"),
        (status = 422, description = "A page size out of range", body = ErrorBody)
    ))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(datasource_type): Path<String>,
    QueryParams(filter): QueryParams<ListFilter>,
) -> Result<Response> {
    let ctx = policy::client_by_id(&state, auth, &filter.client, &table::DATASOURCES_LIST).await?;
    let kind = kind_of(&datasource_type)?;
    // Refused out of range, as every list's page size is, rather than quietly changed.
    let limit = filter.limit.unwrap_or(PAGE_LIMIT);
    if !(1..=PAGE_LIMIT).contains(&limit) {
        return Err(AppError::invalid("page[limit]", messages::BAD_QUERY));
    }
    let data = store::list(ctx.db(), kind.as_str())
        .await?
        .into_iter()
        .take(limit)
        .map(|source| resource(&ctx, source))
        .collect();
    answer(StatusCode::OK, &DatasourceList { data })
}

/// The caller's context for `route` on the datasource `id` and the datasource (of kind
/// `kind`, when given), or 404.
pub(crate) async fn owned(
    state: &AppState,
    auth: AuthUser,
    id: &str,
    kind: Option<Kind>,
    route: &Route,
) -> Result<(ClientCtx, Datasource)> {
    let ctx = policy::owner(state, auth, "datasource", id, route).await?;
    let source = find(&ctx, kind, id).await?;
    Ok((ctx, source))
}

/// The datasource `id` of kind `kind` in the context's client, or 404.
async fn find(ctx: &ClientCtx, kind: Option<Kind>, id: &str) -> Result<Datasource> {
    store::find(ctx.db(), id)
        .await?
        .filter(|source| kind.is_none_or(|kind| source.kind == kind.as_str()))
        .ok_or(AppError::NotFound)
}

/// `GET jsonapi/eform_datasource/{type}/{id}`.
#[utoipa::path(get, path = "/jsonapi/eform_datasource/{datasource_type}/{datasource_id}", operation_id = table::DATASOURCE_SHOW.op, tag = "datasources",
    params(("datasource_type" = String, Path), ("datasource_id" = String, Path)),
    responses((status = 200, description = "The datasource", body = DatasourceDocument, content_type = "application/vnd.api+json")))]
async fn show(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((datasource_type, datasource_id)): Path<(String, String)>,
) -> Result<Response> {
    let (ctx, source) = owned(
        &state,
        auth,
        &datasource_id,
        Some(kind_of(&datasource_type)?),
        &table::DATASOURCE_SHOW,
    )
    .await?;
    answer(
        StatusCode::OK,
        &DatasourceDocument {
            data: resource(&ctx, source),
        },
    )
}

/// What a create or edit sends.
#[derive(Debug, Deserialize, ToSchema)]
struct DatasourceBody {
    data: DatasourceBodyData,
}

#[derive(Debug, Deserialize, ToSchema)]
struct DatasourceBodyData {
    /// `eform_datasource--{datasource_type}`, the kind in the path.
    #[serde(rename = "type", default)]
    #[schema(required = true, pattern = "^eform_datasource--(map_features|search)$")]
    kind: String,
    /// This datasource's id (edit); a create has none.
    id: Option<String>,
    #[serde(default)]
    attributes: DatasourceBodyAttributes,
    #[serde(default)]
    relationships: Option<DatasourceBodyRelationships>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
struct DatasourceBodyAttributes {
    name: Option<String>,
    /// `EPSG:4326` or `EPSG:28992`; required for map features.
    field_crs: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
struct DatasourceBodyRelationships {
    /// The client (create).
    client_id: Option<One>,
    /// The uploaded file (`POST api/file-upload/datasource_source`).
    file: Option<One>,
}

/// The checked name, coordinate system and file of a body; a Dutch detail otherwise.
async fn checked(
    ctx: &ClientCtx,
    kind: Kind,
    attributes: &DatasourceBodyAttributes,
    file: Option<&One>,
    current: Option<&Datasource>,
) -> std::result::Result<(String, Option<String>, Option<String>), String> {
    let name = attributes
        .name
        .as_deref()
        .or(current.map(|source| source.name.as_str()))
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    if name.is_empty() {
        return Err(messages::DATASOURCE_NAME_REQUIRED.to_owned());
    }
    let crs = match kind {
        Kind::Search => None,
        Kind::MapFeatures => {
            let raw = attributes
                .field_crs
                .as_deref()
                .or(current.and_then(|source| source.crs.as_deref()));
            match raw.and_then(Crs::parse) {
                Some(crs) => Some(crs.as_str().to_owned()),
                None => return Err(messages::DATASOURCE_CRS_REQUIRED.to_owned()),
            }
        }
    };
    let file = match file {
        Some(file) => {
            let stored = tenancy::tenant::files::find(ctx.db(), &file.data.id)
                .await
                .map_err(|_| messages::DATASOURCE_FILE_TYPE.to_owned())?
                .filter(|stored| domain::files::DATASOURCE_TYPES.contains(&stored.mime.as_str()))
                .ok_or_else(|| messages::DATASOURCE_FILE_TYPE.to_owned())?;
            Some(stored.id)
        }
        None => current.and_then(|source| source.file_id.clone()),
    };
    if file.is_none() {
        return Err(messages::DATASOURCE_FILE_REQUIRED.to_owned());
    }
    Ok((name, crs, file))
}

/// Map features need the client's map module (the paid-feature wall, spec 002 section 9).
fn require_module(ctx: &ClientCtx, kind: Kind) -> Result<()> {
    if kind == Kind::MapFeatures && !ctx.client.modules.iter().any(|m| m == "map_element") {
        return Err(AppError::Conflict(messages::MODULE_REQUIRED_MAP.to_owned()));
    }
    Ok(())
}

/// 409 while an import of the datasource runs: a second one would race it.
async fn refuse_while_importing(state: &AppState, ctx: &ClientCtx, source_id: &str) -> Result<()> {
    let running = batches::open_of_client(&state.platform, &ctx.client.id, "")
        .await?
        .into_iter()
        .any(|batch| {
            batch.kind == DATASOURCE_IMPORT && batch.subject.as_deref() == Some(source_id)
        });
    if running {
        return Err(AppError::Conflict(
            messages::DATASOURCE_IMPORT_BUSY.to_owned(),
        ));
    }
    Ok(())
}

/// Queues the import of a datasource's file; refused while one runs.
async fn queue_import(
    state: &AppState,
    ctx: &ClientCtx,
    source: &Datasource,
) -> Result<BatchProcess> {
    refuse_while_importing(state, ctx, &source.id).await?;
    let user = ctx.auth.user.id.to_string();
    let params = serde_json::to_string(&ImportParams {
        datasource_id: source.id.clone(),
    })
    .map_err(AppError::internal)?;
    let batch = start_batch(
        state,
        &NewBatch {
            client_id: &ctx.client.id,
            kind: DATASOURCE_IMPORT,
            subject: Some(&source.id),
            created_by: Some(&user),
            params,
            total: 0,
            link_token: None,
        },
    )
    .await?;
    Ok(BatchProcess::of(&batch))
}

/// `POST jsonapi/eform_datasource/{type}`: a new datasource from an uploaded file; its
/// import is queued at once (the answer's `meta.batch` follows it).
#[utoipa::path(post, path = "/jsonapi/eform_datasource/{datasource_type}", operation_id = table::DATASOURCE_CREATE.op, tag = "datasources",
    params(("datasource_type" = String, Path)),
    request_body(content = DatasourceBody, content_type = "application/vnd.api+json"),
    responses(
        (status = 201, description = "Made; its import is queued", body = DatasourceDocument, content_type = "application/vnd.api+json"),
        (status = 409, description = "Map features without the client's map module", body = ErrorBody),
        (status = 422, description = "A value that cannot be saved", body = ErrorDocument, content_type = "application/vnd.api+json")
    ))]
async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(datasource_type): Path<String>,
    bytes: Bytes,
) -> Result<Response> {
    let document: DatasourceBody = body(&bytes)?;
    let data = document.data;
    let client = data
        .relationships
        .as_ref()
        .and_then(|relationships| relationships.client_id.as_ref())
        .map(|client| client.data.id.clone())
        .unwrap_or_default();
    let ctx = policy::client_by_id(&state, auth, &client, &table::DATASOURCE_CREATE).await?;
    let kind = kind_of(&datasource_type)?;
    if data.kind != resource_type(kind.as_str()) {
        return invalid(messages::JSON_API_WRONG_TYPE);
    }
    require_module(&ctx, kind)?;
    let file = data.relationships.as_ref().and_then(|r| r.file.as_ref());
    let (name, crs, file) = match checked(&ctx, kind, &data.attributes, file, None).await {
        Ok(checked) => checked,
        Err(detail) => return invalid(&detail),
    };
    let id = store::insert(
        ctx.db(),
        &name,
        kind.as_str(),
        crs.as_deref(),
        file.as_deref(),
    )
    .await?;
    directory::register(&state.platform, "datasource", &id, &ctx.client.id).await?;
    let source = find(&ctx, Some(kind), &id).await?;
    let batch = queue_import(&state, &ctx, &source).await?;
    answer(
        StatusCode::CREATED,
        &serde_json::json!({ "data": resource(&ctx, source), "meta": { "batch": batch } }),
    )
}

/// `PATCH jsonapi/eform_datasource/{type}/{id}`: name, coordinate system, and a new file
/// (which re-imports: every item is replaced).
#[utoipa::path(patch, path = "/jsonapi/eform_datasource/{datasource_type}/{datasource_id}", operation_id = table::DATASOURCE_UPDATE.op, tag = "datasources",
    params(("datasource_type" = String, Path), ("datasource_id" = String, Path)),
    request_body(content = DatasourceBody, content_type = "application/vnd.api+json"),
    responses(
        (status = 200, description = "Saved; with a new file its import is queued", body = DatasourceDocument, content_type = "application/vnd.api+json"),
        (status = 409, description = "A new file or coordinate system while an import of it runs", body = ErrorBody),
        (status = 422, description = "A value that cannot be saved", body = ErrorDocument, content_type = "application/vnd.api+json")
    ))]
async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((datasource_type, datasource_id)): Path<(String, String)>,
    bytes: Bytes,
) -> Result<Response> {
    let kind = kind_of(&datasource_type)?;
    let (ctx, current) = owned(
        &state,
        auth,
        &datasource_id,
        Some(kind),
        &table::DATASOURCE_UPDATE,
    )
    .await?;
    let document: DatasourceBody = body(&bytes)?;
    let data = document.data;
    // As a create's: the body names what it changes, so a body meant for another resource
    // changes nothing here.
    if data.kind != resource_type(kind.as_str())
        || data.id.as_deref().is_some_and(|id| id != current.id)
    {
        return invalid(messages::JSON_API_WRONG_TYPE);
    }
    let file = data.relationships.as_ref().and_then(|r| r.file.as_ref());
    let new_file =
        file.is_some_and(|file| current.file_id.as_deref() != Some(file.data.id.as_str()));
    let crs_changed = data
        .attributes
        .field_crs
        .as_deref()
        .is_some_and(|crs| current.crs.as_deref() != Some(crs));
    let (name, crs, file) = match checked(&ctx, kind, &data.attributes, file, Some(&current)).await
    {
        Ok(checked) => checked,
        Err(detail) => return invalid(&detail),
    };
    // Refused before anything is saved: a new file saved without its import would be shown
    // as the source of items it never gave.
    if new_file || crs_changed {
        refuse_while_importing(&state, &ctx, &current.id).await?;
    }
    store::update(
        ctx.db(),
        &current.id,
        &name,
        crs.as_deref(),
        file.as_deref(),
    )
    .await?;
    let source = find(&ctx, Some(kind), &current.id).await?;
    let batch = if new_file || crs_changed {
        Some(queue_import(&state, &ctx, &source).await?)
    } else {
        None
    };
    answer(
        StatusCode::OK,
        &serde_json::json!({ "data": resource(&ctx, source), "meta": { "batch": batch } }),
    )
}

/// `DELETE jsonapi/eform_datasource/{type}/{id}`: the datasource and its items.
#[utoipa::path(delete, path = "/jsonapi/eform_datasource/{datasource_type}/{datasource_id}", operation_id = table::DATASOURCE_DELETE.op, tag = "datasources",
    params(("datasource_type" = String, Path), ("datasource_id" = String, Path)),
    responses((status = 204, description = "Removed")))]
async fn delete(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((datasource_type, datasource_id)): Path<(String, String)>,
) -> Result<StatusCode> {
    let (ctx, source) = owned(
        &state,
        auth,
        &datasource_id,
        Some(kind_of(&datasource_type)?),
        &table::DATASOURCE_DELETE,
    )
    .await?;
    while store::remove_stale(ctx.db(), &source.id, None, REMOVE_STEP).await? > 0 {}
    store::delete(ctx.db(), &source.id).await?;
    directory::remove(&state.platform, "datasource", &source.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST api/datasource/{id}/import`: imports the datasource's file again.
#[utoipa::path(post, path = "/api/datasource/{datasource_id}/import", operation_id = table::DATASOURCE_IMPORT.op, tag = "datasources",
    params(("datasource_id" = String, Path)),
    responses(
        (status = 200, description = "The import is queued", body = BatchProcess),
        (status = 409, description = "An import of it runs", body = ErrorBody)
    ))]
async fn start_import(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(datasource_id): Path<String>,
) -> Result<Json<BatchProcess>> {
    let (ctx, source) = owned(
        &state,
        auth,
        &datasource_id,
        None,
        &table::DATASOURCE_IMPORT,
    )
    .await?;
    Ok(Json(queue_import(&state, &ctx, &source).await?))
}

/// An entry of the editor's picker.
#[derive(Debug, Serialize, ToSchema)]
struct PickerEntry {
    id: String,
    name: String,
}

/// `GET api/datasource/list/{type}/{client}`: the client's datasources of a kind (id, name).
#[utoipa::path(get, path = "/api/datasource/list/{datasource_type}/{client_id}", operation_id = table::DATASOURCE_PICKER.op, tag = "datasources",
    params(("datasource_type" = String, Path), ("client_id" = String, Path)),
    responses((status = 200, description = "The datasources", body = Vec<PickerEntry>)))]
async fn picker(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((datasource_type, client_id)): Path<(String, String)>,
) -> Result<Json<Vec<PickerEntry>>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::DATASOURCE_PICKER).await?;
    let kind = kind_of(&datasource_type)?;
    Ok(Json(
        store::list(ctx.db(), kind.as_str())
            .await?
            .into_iter()
            .map(|source| PickerEntry {
                id: source.id,
                name: source.name,
            })
            .collect(),
    ))
}

/// The data columns of a datasource.
#[derive(Debug, Serialize, ToSchema)]
struct DataProperties {
    data_properties: Vec<String>,
}

/// `GET api/datasource/{id}/data-properties`.
#[utoipa::path(get, path = "/api/datasource/{datasource_id}/data-properties", operation_id = table::DATASOURCE_PROPERTIES.op, tag = "datasources",
    params(("datasource_id" = String, Path)),
    responses((status = 200, description = "The data columns", body = DataProperties)))]
async fn data_properties(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(datasource_id): Path<String>,
) -> Result<Json<DataProperties>> {
    let (_, source) = owned(
        &state,
        auth,
        &datasource_id,
        None,
        &table::DATASOURCE_PROPERTIES,
    )
    .await?;
    Ok(Json(DataProperties {
        data_properties: serde_json::from_str(&source.data_properties).unwrap_or_default(),
    }))
}

/// `GET api/datasource/{id}/tokens`: the names a form's tokens may use of a chosen item.
#[utoipa::path(get, path = "/api/datasource/{datasource_id}/tokens", operation_id = table::DATASOURCE_TOKENS.op, tag = "datasources",
    params(("datasource_id" = String, Path)),
    responses((status = 200, description = "The names", body = Vec<String>)))]
async fn tokens(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(datasource_id): Path<String>,
) -> Result<Json<Vec<String>>> {
    let (_, source) = owned(
        &state,
        auth,
        &datasource_id,
        None,
        &table::DATASOURCE_TOKENS,
    )
    .await?;
    let mut names = vec!["name".to_owned()];
    if source.kind == Kind::MapFeatures.as_str() {
        names.push("status".to_owned());
    }
    let properties: Vec<String> = serde_json::from_str(&source.data_properties).unwrap_or_default();
    names.extend(properties);
    Ok(Json(names))
}

/// The read call's query: a viewport (map features) or the search list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct ReadQuery {
    /// West longitude of the viewport.
    left: Option<f64>,
    /// North latitude.
    top: Option<f64>,
    /// East longitude.
    right: Option<f64>,
    /// South latitude.
    bottom: Option<f64>,
    /// `search`: the search list instead of features.
    #[param(pattern = "^search$")]
    format: Option<String>,
}

// Documentation only: the handler writes the JSON itself.
/// The features of a viewport, or the search list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ReadAnswer {
    /// A GeoJSON FeatureCollection with `total` (inside the viewport in all) and `omitted`.
    #[schema(value_type = Object)]
    Features(serde_json::Value),
    /// With `format=search`: every visible item.
    Search(Vec<SearchItem>),
}

/// An item of the search list.
#[derive(Debug, Serialize, ToSchema)]
#[allow(dead_code)]
struct SearchItem {
    id: String,
    name: String,
    /// The item's data columns, when it has any.
    #[schema(value_type = Option<Object>)]
    data: Option<serde_json::Value>,
}

/// `GET api/datasource/{id}`: the features inside a viewport as GeoJSON (at most 2,000, with
/// how many are inside in all), or with `format=search` the search list. Any member reads it
/// (the fill-in's map and search elements).
#[utoipa::path(get, path = "/api/datasource/{datasource_id}", operation_id = table::DATASOURCE_READ.op, tag = "datasources",
    params(("datasource_id" = String, Path), ReadQuery),
    responses(
        (status = 200, description = "A GeoJSON FeatureCollection (with total and omitted), or the search list", body = ReadAnswer),
        (status = 422, description = "A viewport that is not one, or a format other than search", body = ErrorBody)
    ))]
async fn read(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(datasource_id): Path<String>,
    QueryParams(query): QueryParams<ReadQuery>,
) -> Result<Response> {
    let (ctx, source) = owned(&state, auth, &datasource_id, None, &table::DATASOURCE_READ).await?;
    let search = match query.format.as_deref() {
        None => false,
        Some("search") => true,
        Some(_) => return Err(AppError::invalid("format", messages::BAD_QUERY)),
    };
    let body = if search {
        let items = store::page(ctx.db(), &source, store::Shown::Visible, 0, SEARCH_LIMIT).await?;
        serde_json::Value::Array(
            items
                .into_iter()
                .map(|item| {
                    let mut entry =
                        serde_json::json!({ "id": item.id.to_string(), "name": item.name });
                    if let (Some(object), Ok(serde_json::Value::Object(data))) =
                        (entry.as_object_mut(), serde_json::from_str(&item.data))
                    {
                        object.insert("data".to_owned(), serde_json::Value::Object(data));
                    }
                    entry
                })
                .collect(),
        )
    } else {
        let viewport = viewport_bounds(query.left, query.bottom, query.right, query.top)?;
        let (features, total) =
            store::in_box(ctx.db(), &source, viewport, None, VIEWPORT_LIMIT).await?;
        feature_collection(features, total)
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            // The service worker keeps datasource answers 7 days for use without signal.
            (header::CACHE_CONTROL, "private, max-age=60"),
        ],
        body.to_string(),
    )
        .into_response())
}

/// A viewport from the four optional edges of a read call: all four, or none for the whole
/// world.
pub(crate) fn viewport_bounds(
    left: Option<f64>,
    bottom: Option<f64>,
    right: Option<f64>,
    top: Option<f64>,
) -> Result<(f64, f64, f64, f64)> {
    match (left, bottom, right, top) {
        (Some(west), Some(south), Some(east), Some(north))
            if west <= east
                && south <= north
                && [west, south, east, north].iter().all(|n| n.is_finite()) =>
        {
            Ok((west, south, east, north))
        }
        (None, None, None, None) => Ok((-180.0, -90.0, 180.0, 90.0)),
        _ => Err(AppError::invalid(
            "left",
            messages::DATASOURCE_VIEWPORT_INVALID,
        )),
    }
}

/// Features of a viewport as a GeoJSON FeatureCollection, with how many are inside in all
/// (`total`) and how many of those the answer leaves out (`omitted`).
pub(crate) fn feature_collection(features: Vec<store::Feature>, total: i64) -> serde_json::Value {
    let omitted = total - features.len() as i64;
    serde_json::json!({
        "type": "FeatureCollection",
        "total": total,
        "omitted": omitted,
        "features": features.into_iter().map(|feature| {
            let data: serde_json::Value = serde_json::from_str(&feature.data).unwrap_or_default();
            serde_json::json!({
                "type": "Feature",
                "id": feature.id.to_string(),
                "geometry": { "type": "Point", "coordinates": [feature.lon, feature.lat] },
                "properties": { "name": feature.name, "status": feature.status, "data": data },
            })
        }).collect::<Vec<_>>(),
    })
}
