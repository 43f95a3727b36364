//! Datasource exports (document 002 sections 4 and 7, issue 15): `GET api/datasource/{id}/
//! export` starts a batch on the queue (`worker::datasource_export`) that the web app follows
//! through `api/batch/process/{batchName}` and may stop; the finished CSV is fetched from the
//! answer's `created_data.download_url` by the user who started it.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::{AuthUser, QueryParams};
use crate::policy::{self, ClientCtx, table};
use crate::routes::batches::{BatchProcess, start_batch};
use crate::routes::datasources;
use crate::routes::exports::{self, Cancelled, LinkQuery};
use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use serde::Serialize;
use tenancy::platform::batches::{self, Batch, NewBatch};
use tenancy::tenant::datasources as store;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use worker::datasource_export::{DATASOURCE_EXPORT, ExportParams};

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(file, stop))
}

/// Where the finished file is fetched.
#[derive(Debug, Serialize, ToSchema)]
struct CreatedData {
    /// Works without an api-key (a browser saves the file straight to disk), for the user who
    /// started the export, until it expires 24 hours after it was made.
    download_url: String,
}

/// An export being made.
#[derive(Debug, Serialize, ToSchema)]
struct ExportStarted {
    #[serde(flatten)]
    batch: BatchProcess,
    created_data: CreatedData,
}

fn answer(datasource_id: &str, batch: &Batch) -> ExportStarted {
    let token = batch.link_token.as_deref().unwrap_or_default();
    ExportStarted {
        batch: BatchProcess::of(batch),
        created_data: CreatedData {
            download_url: format!(
                "/api/datasource/{datasource_id}/export/{}?token={token}",
                batch.id
            ),
        },
    }
}

/// `GET api/datasource/{id}/export`: starts an export of the datasource's features, or
/// answers the one this user already has running for it (a second click makes no second file).
#[utoipa::path(get, path = "/api/datasource/{datasource_id}/export", operation_id = table::DATASOURCE_EXPORT.op, tag = "datasources",
    params(("datasource_id" = String, Path)),
    responses((status = 200, description = "Queued: follow it with api/batch/process", body = ExportStarted)))]
async fn start(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(datasource_id): Path<String>,
) -> Result<Json<ExportStarted>> {
    let (ctx, source) = datasources::owned(
        &state,
        auth,
        &datasource_id,
        None,
        &table::DATASOURCE_EXPORT,
    )
    .await?;
    let user = ctx.auth.user.id.to_string();
    let running = batches::open_of_client(&state.platform, &ctx.client.id, "")
        .await?
        .into_iter()
        .find(|batch| {
            batch.kind == DATASOURCE_EXPORT
                && batch.subject.as_deref() == Some(&source.id)
                && batch.created_by.as_deref() == Some(&user)
        });
    if let Some(batch) = running {
        return Ok(Json(answer(&source.id, &batch)));
    }
    let params = serde_json::to_string(&ExportParams {
        datasource_id: source.id.clone(),
    })
    .map_err(AppError::internal)?;
    let batch = start_batch(
        &state,
        &NewBatch {
            client_id: &ctx.client.id,
            kind: DATASOURCE_EXPORT,
            subject: Some(&source.id),
            created_by: Some(&user),
            params,
            total: source.feature_count,
            link_token: Some(tenancy::secrets::new_token()),
        },
    )
    .await?;
    Ok(Json(answer(&source.id, &batch)))
}

/// This user's export batch `batch_name` of the datasource, or 404.
async fn own_batch(
    state: &AppState,
    ctx: &ClientCtx,
    datasource_id: &str,
    batch_name: &str,
) -> Result<Batch> {
    let user = ctx.auth.user.id.to_string();
    batches::find(&state.platform, batch_name)
        .await?
        .filter(|batch| {
            batch.kind == DATASOURCE_EXPORT
                && &batch.client_id == ctx.db().client_id()
                && batch.subject.as_deref() == Some(datasource_id)
                && batch.created_by.as_deref() == Some(&user)
        })
        .ok_or(AppError::NotFound)
}

/// `GET api/datasource/{id}/export/{batchName}`: the finished export as a CSV, with the
/// `api-key` header or the link's token.
#[utoipa::path(get, path = "/api/datasource/{datasource_id}/export/{batch_name}", operation_id = table::DATASOURCE_EXPORT_FILE.op, tag = "datasources",
    params(("datasource_id" = String, Path), ("batch_name" = String, Path), LinkQuery),
    responses(
        (status = 200, description = "The features as a CSV the import takes back", content_type = "text/csv; charset=utf-8", body = Vec<u8>),
        (status = 409, description = "Not done yet, stopped or failed", body = crate::error::ErrorBody)
    ))]
async fn file(
    State(state): State<AppState>,
    auth: Option<AuthUser>,
    Path((datasource_id, batch_name)): Path<(String, String)>,
    QueryParams(link): QueryParams<LinkQuery>,
) -> Result<Response> {
    let auth = exports::file_user(&state, auth, &batch_name, link.token).await?;
    let ctx = policy::owner(
        &state,
        auth,
        "datasource",
        &datasource_id,
        &table::DATASOURCE_EXPORT_FILE,
    )
    .await?;
    let batch = own_batch(&state, &ctx, &datasource_id, &batch_name).await?;
    let path = ctx
        .db()
        .result_path(exports::finished(&batch)?)
        .ok_or(AppError::Missing(domain::messages::EXPORT_EXPIRED))?;
    let name = store::find(ctx.db(), &datasource_id)
        .await?
        .map_or_else(|| "Databron".to_owned(), |source| source.name);
    exports::send_file(&path, "text/csv; charset=utf-8", &format!("{name}.csv")).await
}

/// `DELETE api/datasource/{id}/export/{batchName}`: stops an export that is not done (what
/// it wrote is removed); a finished one stays.
#[utoipa::path(delete, path = "/api/datasource/{datasource_id}/export/{batch_name}", operation_id = table::DATASOURCE_EXPORT_STOP.op, tag = "datasources",
    params(("datasource_id" = String, Path), ("batch_name" = String, Path)),
    responses((status = 200, description = "Stopped (or done already)", body = Cancelled)))]
async fn stop(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((datasource_id, batch_name)): Path<(String, String)>,
) -> Result<Json<Cancelled>> {
    let ctx = policy::owner(
        &state,
        auth,
        "datasource",
        &datasource_id,
        &table::DATASOURCE_EXPORT_STOP,
    )
    .await?;
    let batch = own_batch(&state, &ctx, &datasource_id, &batch_name).await?;
    batches::cancel(&state.platform, &batch.id).await?;
    Ok(Json(Cancelled::success()))
}
