//! Downloads of a form's registrations (document 001 section 4 'Download', section 7): an
//! export of the list's selection runs as a batch on the job queue (`worker::export`); the
//! web app follows its progress and fetches the file at 100 %.
//!
//! The file is fetched through a link that works without the `api-key` header (a browser
//! saves a large zip straight to disk only when it navigates to it): it carries a token made
//! for that batch, works until the batch's result expires, and only while the user who
//! started the export still holds the download permission.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{AuthUser, QueryParams};
use crate::policy::{self, ClientCtx, table};
use crate::routes::batches::start_batch;
use crate::routes::review::ReviewQuery;
use axum::Json;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use domain::access::Permission;
use domain::messages;
use serde::{Deserialize, Serialize};
use tenancy::platform::batches::{self, Batch, NewBatch, Status};
use tenancy::platform::users;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use worker::export::{CSV, CSV_WITH_ATTACHMENTS, ExportParams};

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(progress))
        .routes(routes!(file))
        .routes(routes!(cancel))
}

/// The two downloads of the list's menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(rename_all = "kebab-case")]
pub enum ExportKind {
    /// The selection as a CSV file.
    Csv,
    /// A zip with that CSV and every uploaded file of the selection.
    CsvWithAttachments,
}

impl ExportKind {
    fn parse(raw: &str) -> Option<ExportKind> {
        match raw {
            "csv" => Some(ExportKind::Csv),
            "csv-with-attachments" => Some(ExportKind::CsvWithAttachments),
            _ => None,
        }
    }

    /// The batch kind that makes it.
    fn batch_kind(self) -> &'static str {
        match self {
            ExportKind::Csv => CSV,
            ExportKind::CsvWithAttachments => CSV_WITH_ATTACHMENTS,
        }
    }

    /// The permission it needs beyond the route's (spec 001 section 6).
    fn permission(self) -> Permission {
        match self {
            ExportKind::Csv => Permission::ManageFormRegistrationsDownload,
            ExportKind::CsvWithAttachments => {
                Permission::ManageFormRegistrationsDownloadWithAttachments
            }
        }
    }

    fn of_batch(batch: &Batch) -> Option<ExportKind> {
        match batch.kind.as_str() {
            CSV => Some(ExportKind::Csv),
            CSV_WITH_ATTACHMENTS => Some(ExportKind::CsvWithAttachments),
            _ => None,
        }
    }

    /// The file name the browser saves.
    fn filename(self, form_name: &str) -> String {
        let extension = match self {
            ExportKind::Csv => "csv",
            ExportKind::CsvWithAttachments => "zip",
        };
        format!("{form_name} registraties.{extension}")
    }

    fn content_type(self) -> &'static str {
        match self {
            ExportKind::Csv => "text/csv; charset=utf-8",
            ExportKind::CsvWithAttachments => "application/zip",
        }
    }
}

/// The Download queue entity (document 001 section 3), with where it stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct DownloadQueue {
    queue_id: String,
    total: i64,
    processed: i64,
    /// queued, running, done, failed or cancelled.
    status: String,
    /// Where the file can be fetched once `status` is done (without an api-key, until it
    /// expires).
    download_url: String,
    /// RFC 3339, UTC: until when the file can be fetched, once done.
    expires_at: Option<String>,
}

/// `{"status": "success"}`.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Cancelled {
    status: String,
}

impl Cancelled {
    pub(crate) fn success() -> Cancelled {
        Cancelled {
            status: "success".to_owned(),
        }
    }
}

/// The export batch `queue_id` of this form in this client, or 404.
async fn batch_of(
    state: &AppState,
    ctx: &ClientCtx,
    form_id: &str,
    queue_id: &str,
) -> Result<(Batch, ExportKind)> {
    let batch = batches::find(&state.platform, queue_id)
        .await?
        .filter(|batch| {
            &batch.client_id == ctx.db().client_id() && batch.subject.as_deref() == Some(form_id)
        })
        .ok_or(AppError::NotFound)?;
    let kind = ExportKind::of_batch(&batch).ok_or(AppError::NotFound)?;
    Ok((batch, kind))
}

fn answer(form_id: &str, batch: &Batch) -> DownloadQueue {
    let token = batch.link_token.as_deref().unwrap_or_default();
    DownloadQueue {
        queue_id: batch.id.clone(),
        total: batch.total,
        processed: batch.processed,
        status: batch.status.as_str().to_owned(),
        download_url: format!(
            "/api/form/{form_id}/registrations/queue/file/{}?token={token}",
            batch.id
        ),
        expires_at: batch.expires_at.map(domain::dates::rfc3339_utc),
    }
}

/// `GET api/form/{id}/registrations/queue/download/{csv|csv-with-attachments}`: starts an
/// export of the list's selection (its tab and filters; the sort does not apply, exports run
/// in serial order) on the job queue.
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/queue/download/{kind}", operation_id = table::REGISTRATIONS_EXPORT.op, tag = "registrations review",
    params(("form_id" = String, Path), ("kind" = inline(ExportKind), Path), ReviewQuery),
    responses(
        (status = 200, description = "Queued: follow it with the progress call", body = DownloadQueue),
        (status = 422, description = "A tab, field, operator or value that cannot be used", body = ErrorBody)
    ))]
async fn start(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, kind)): Path<(String, String)>,
    query: ReviewQuery,
) -> Result<Json<DownloadQueue>> {
    // An unknown kind is a path that names nothing (and answers in our error shape).
    let kind = ExportKind::parse(&kind).ok_or(AppError::NotFound)?;
    let ctx = policy::owner(&state, auth, "form", &form_id, &table::REGISTRATIONS_EXPORT).await?;
    ctx.require(kind.permission())?;
    state.caches.form(ctx.db(), &form_id).await?;
    let total = tenancy::tenant::registrations::count(ctx.db(), &form_id, &query.review).await?;
    let params = serde_json::to_string(&ExportParams {
        form_id: form_id.clone(),
        review: query.raw,
    })
    .map_err(AppError::internal)?;
    let user = ctx.auth.user.id.to_string();
    let batch = start_batch(
        &state,
        &NewBatch {
            client_id: ctx.db().client_id(),
            kind: kind.batch_kind(),
            subject: Some(&form_id),
            created_by: Some(&user),
            params,
            total,
            link_token: Some(tenancy::secrets::new_token()),
        },
    )
    .await?;
    Ok(Json(answer(&form_id, &batch)))
}

/// `GET api/form/{id}/registrations/queue/progress/{queue_id}`: where an export stands
/// (the web app asks every 5 seconds).
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/queue/progress/{queue_id}", operation_id = table::REGISTRATIONS_EXPORT_PROGRESS.op, tag = "registrations review",
    params(("form_id" = String, Path), ("queue_id" = String, Path)),
    responses((status = 200, description = "Where it stands", body = DownloadQueue)))]
async fn progress(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, queue_id)): Path<(String, String)>,
) -> Result<Json<DownloadQueue>> {
    let ctx = policy::owner(
        &state,
        auth,
        "form",
        &form_id,
        &table::REGISTRATIONS_EXPORT_PROGRESS,
    )
    .await?;
    let (batch, kind) = batch_of(&state, &ctx, &form_id, &queue_id).await?;
    ctx.require(kind.permission())?;
    Ok(Json(answer(&form_id, &batch)))
}

/// `DELETE api/form/{id}/registrations/queue/{queue_id}`: stops an export that is not done
/// (what it wrote is removed); a finished one stays.
#[utoipa::path(delete, path = "/api/form/{form_id}/registrations/queue/{queue_id}", operation_id = table::REGISTRATIONS_EXPORT_CANCEL.op, tag = "registrations review",
    params(("form_id" = String, Path), ("queue_id" = String, Path)),
    responses((status = 200, description = "Stopped (or done already)", body = Cancelled)))]
async fn cancel(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, queue_id)): Path<(String, String)>,
) -> Result<Json<Cancelled>> {
    let ctx = policy::owner(
        &state,
        auth,
        "form",
        &form_id,
        &table::REGISTRATIONS_EXPORT_CANCEL,
    )
    .await?;
    let (batch, kind) = batch_of(&state, &ctx, &form_id, &queue_id).await?;
    ctx.require(kind.permission())?;
    batches::cancel(&state.platform, &batch.id).await?;
    Ok(Json(Cancelled::success()))
}

/// The link's token.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub(crate) struct LinkQuery {
    /// From `download_url`; instead of the `api-key` header.
    #[param(pattern = "^[0-9a-f]{64}$")]
    pub(crate) token: Option<String>,
}

/// `GET api/form/{id}/registrations/queue/file/{queue_id}`: the finished export, as an
/// attachment. With the `api-key` header, or with the link's token for the user who started
/// the export; either way only with the download permission.
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/queue/file/{queue_id}", operation_id = table::REGISTRATIONS_EXPORT_FILE.op, tag = "registrations review",
    params(("form_id" = String, Path), ("queue_id" = String, Path), LinkQuery),
    responses(
        (status = 200, description = "The file: the CSV, or the zip with the CSV and the files", content(
            (Vec<u8> = "text/csv; charset=utf-8"),
            (Vec<u8> = "application/zip")
        )),
        (status = 409, description = "Not done yet, stopped or failed", body = ErrorBody)
    ))]
async fn file(
    State(state): State<AppState>,
    auth: Option<AuthUser>,
    Path((form_id, queue_id)): Path<(String, String)>,
    QueryParams(link): QueryParams<LinkQuery>,
) -> Result<Response> {
    let auth = file_user(&state, auth, &queue_id, link.token).await?;
    let ctx = policy::owner(
        &state,
        auth,
        "form",
        &form_id,
        &table::REGISTRATIONS_EXPORT_FILE,
    )
    .await?;
    let (batch, kind) = batch_of(&state, &ctx, &form_id, &queue_id).await?;
    ctx.require(kind.permission())?;
    let path = ctx
        .db()
        .result_path(finished(&batch)?)
        .ok_or(AppError::Missing(messages::EXPORT_EXPIRED))?;
    let form_name = state
        .caches
        .form(ctx.db(), &form_id)
        .await
        .map(|form| form.form.name.clone());
    let name = kind.filename(form_name.as_deref().unwrap_or("Formulier"));
    send_file(&path, kind.content_type(), &name).await
}

/// Who asks for a batch's file: the signed-in user, or else the user who started the batch
/// when `token` is its link's. A token given is checked whoever asks: a malformed one is a
/// bad request, not ignored.
pub(crate) async fn file_user(
    state: &AppState,
    auth: Option<AuthUser>,
    batch_id: &str,
    token: Option<String>,
) -> Result<AuthUser> {
    if token
        .as_deref()
        .is_some_and(|token| !crate::input::is_hex64(token))
    {
        return Err(AppError::BadRequest(messages::BAD_QUERY.to_owned()));
    }
    match (auth, token) {
        (Some(auth), _) => Ok(auth),
        (None, Some(token)) => link_user(state, batch_id, &token).await,
        (None, None) => Err(AppError::Unauthenticated),
    }
}

/// The result (a path relative to the client's folder) of a batch that is done and has not
/// expired.
pub(crate) fn finished(batch: &Batch) -> Result<&str> {
    if batch.status != Status::Done {
        return Err(AppError::Conflict(messages::EXPORT_NOT_READY.to_owned()));
    }
    batch
        .result
        .as_deref()
        .filter(|_| batch.expires_at.is_some_and(|at| at > tenancy::now()))
        .ok_or(AppError::Missing(messages::EXPORT_EXPIRED))
}

/// A batch's file as an attachment called `name`, streamed from disk.
pub(crate) async fn send_file(
    path: &std::path::Path,
    content_type: &str,
    name: &str,
) -> Result<Response> {
    let opened = tokio::fs::File::open(path)
        .await
        .map_err(|_| AppError::Missing(messages::EXPORT_EXPIRED))?;
    let size = opened.metadata().await.map_err(AppError::internal)?.len();
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                crate::routes::files::attachment(name),
            ),
            (header::CONTENT_LENGTH, size.to_string()),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        Body::from_stream(tokio_util::io::ReaderStream::new(opened)),
    )
        .into_response())
}

/// The user who started a batch (an export, a snapshot), when the token is the batch's: the
/// link acts for them.
pub(crate) async fn link_user(state: &AppState, queue_id: &str, token: &str) -> Result<AuthUser> {
    let batch = batches::find(&state.platform, queue_id)
        .await?
        .ok_or(AppError::Unauthenticated)?;
    let known = batch.link_token.as_deref().unwrap_or_default();
    if known.is_empty() || !tenancy::secrets::same(token, known) {
        return Err(AppError::Unauthenticated);
    }
    let creator = batch
        .created_by
        .as_deref()
        .and_then(domain::ids::UserId::parse)
        .ok_or(AppError::Unauthenticated)?;
    let user = users::find_by_id(&state.platform, &creator)
        .await?
        .ok_or(AppError::Unauthenticated)?;
    // No api key: this request is the link's, and nothing it does signs anyone out.
    Ok(AuthUser {
        user,
        api_key: String::new(),
    })
}
