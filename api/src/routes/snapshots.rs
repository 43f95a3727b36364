//! Client snapshots for platform admins (issue 13, decision 021): download a consistent
//! snapshot of one client (the `eform tenant export` format), and restore one as a client
//! that is not on the platform, or in place of one that is. Both run as batches on the queue
//! (`worker::snapshot`), followed through `api/batch/process/{batchName}`, and both are
//! written to the platform's audit log.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{AuthUser, MultipartBody, QueryParams};
use crate::policy::{self, table};
use crate::routes::batches::{BatchProcess, start_batch};
use crate::routes::exports;
use axum::Json;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, State};
use axum::response::Response;
use domain::ids::ClientId;
use domain::messages;
use serde::Serialize;
use tenancy::platform::batches::{self, Batch, NewBatch};
use tenancy::platform::{audit, clients};
use tokio::io::AsyncWriteExt;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use worker::snapshot::{CLIENT_RESTORE, CLIENT_SNAPSHOT, RestoreParams};

/// Largest snapshot a restore takes: a client's database and uploads (the storage quota is
/// 10 GiB by default), with room to spare.
const UPLOAD_LIMIT: usize = 64 << 30;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(file))
        .routes(routes!(restore))
        .layer(DefaultBodyLimit::max(UPLOAD_LIMIT))
}

/// A snapshot being made: the batch, and where its file is fetched once it is done.
#[derive(Debug, Serialize, ToSchema)]
struct SnapshotStarted {
    #[serde(flatten)]
    batch: BatchProcess,
    /// Works without an api-key (a browser saves the file straight to disk), for the admin
    /// who started it, until it expires 24 hours after it was made.
    download_url: String,
}

/// Refused while the client is being removed or restored: a snapshot would read, or a
/// restore would swap, a folder that is going away.
async fn refuse_while_replaced(state: &AppState, client: &ClientId) -> Result<()> {
    let busy = batches::open_of_client(&state.platform, client, "")
        .await?
        .into_iter()
        .any(|batch| {
            matches!(
                batch.kind.as_str(),
                worker::removal::CLIENT_REMOVE | CLIENT_RESTORE
            )
        });
    if busy {
        return Err(AppError::Conflict(messages::SNAPSHOT_BUSY.to_owned()));
    }
    Ok(())
}

/// Records and queues a batch; answers it.
async fn queue(state: &AppState, new: NewBatch<'_>, action: &str) -> Result<Batch> {
    let batch = start_batch(state, &new).await?;
    audit::record(
        &state.platform,
        new.created_by,
        action,
        new.client_id,
        Some(&batch.id),
    )
    .await?;
    Ok(batch)
}

/// `POST api/client/{id}/snapshot`: starts a snapshot of the client (admins only).
#[utoipa::path(post, path = "/api/client/{client_id}/snapshot", operation_id = table::CLIENT_SNAPSHOT.op, tag = "client snapshots",
    params(("client_id" = String, Path)),
    responses(
        (status = 200, description = "The snapshot is queued", body = SnapshotStarted),
        (status = 409, description = "The client is being removed or restored", body = ErrorBody)
    ))]
async fn start(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<SnapshotStarted>> {
    policy::require_admin(&auth)?;
    let client_id = ClientId::parse(&client_id).ok_or(AppError::NotFound)?;
    let client = clients::find(&state.platform, &client_id)
        .await?
        .ok_or(AppError::NotFound)?;
    refuse_while_replaced(&state, &client.id).await?;
    let user = auth.user.id.to_string();
    let batch = queue(
        &state,
        NewBatch {
            client_id: &client.id,
            kind: CLIENT_SNAPSHOT,
            subject: None,
            created_by: Some(&user),
            params: "{}".to_owned(),
            total: 0,
            link_token: Some(tenancy::secrets::new_token()),
        },
        "client.snapshot.requested",
    )
    .await?;
    let token = batch.link_token.as_deref().unwrap_or_default();
    Ok(Json(SnapshotStarted {
        download_url: format!(
            "/api/client/{}/snapshot/{}?token={token}",
            client.id, batch.id
        ),
        batch: BatchProcess::of(&batch),
    }))
}

/// `GET api/client/{id}/snapshot/{batchName}`: the finished snapshot as a tar file, with the
/// `api-key` header or the link's token, for an admin only.
#[utoipa::path(get, path = "/api/client/{client_id}/snapshot/{batch_name}", operation_id = table::CLIENT_SNAPSHOT_FILE.op, tag = "client snapshots",
    params(("client_id" = String, Path), ("batch_name" = String, Path), exports::LinkQuery),
    responses(
        (status = 200, description = "The snapshot", content_type = "application/x-tar", body = Vec<u8>),
        (status = 409, description = "Not done yet, or failed", body = ErrorBody)
    ))]
async fn file(
    State(state): State<AppState>,
    auth: Option<AuthUser>,
    Path((client_id, batch_name)): Path<(String, String)>,
    QueryParams(link): QueryParams<exports::LinkQuery>,
) -> Result<Response> {
    let auth = exports::file_user(&state, auth, &batch_name, link.token).await?;
    let registry = policy::admin_tenants(&state, &auth)?;
    let batch = batches::find(&state.platform, &batch_name)
        .await?
        .filter(|batch| batch.kind == CLIENT_SNAPSHOT && batch.client_id.as_str() == client_id)
        .ok_or(AppError::NotFound)?;
    let result = exports::finished(&batch)?;
    let client = clients::find(&state.platform, &batch.client_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let path = result
        .strip_prefix("exports/")
        .filter(|name| !name.is_empty() && !name.contains(['/', '\\']) && !name.starts_with('.'))
        .map(|name| registry.tenant_dir(&client.id).join("exports").join(name))
        .ok_or(AppError::Missing(messages::EXPORT_EXPIRED))?;
    let stamp = domain::dates::local_datetime(batch.created_at);
    let day = stamp.get(..10).unwrap_or_default();
    let name = format!("{} {day}.tar", client.name);
    exports::send_file(&path, "application/x-tar", &name).await
}

/// Multipart body of a restore; other fields are refused.
#[derive(Debug, ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // documents the body; the handler streams it field by field
struct RestoreBody {
    /// A snapshot made by the download above or by `eform tenant export`.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// `true` to replace the client when it exists; `false`, the default, to refuse then.
    #[schema(value_type = String, required = false, pattern = "^(true|false)$")]
    replace: Option<String>,
}

/// A restore being made: the batch, and the client it restores.
#[derive(Debug, Serialize, ToSchema)]
struct RestoreStarted {
    #[serde(flatten)]
    batch: BatchProcess,
    client_id: String,
    client_name: String,
}

/// `POST api/clients/snapshot`: uploads a snapshot and restores it (admins only): as a new
/// client when it is not on the platform, in place of the existing one only with
/// `replace=true`. The file is streamed to disk; it is checked for its client before any
/// batch is made.
#[utoipa::path(post, path = "/api/clients/snapshot", operation_id = table::CLIENT_RESTORE.op, tag = "client snapshots",
    request_body(content = RestoreBody, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The restore is queued", body = RestoreStarted),
        (status = 409, description = "The client exists (and replace was not asked), or is being removed or restored", body = ErrorBody),
        (status = 422, description = "Not a snapshot", body = ErrorBody)
    ))]
async fn restore(
    State(state): State<AppState>,
    auth: AuthUser,
    request: axum::extract::Request,
) -> Result<Json<RestoreStarted>> {
    // The caller first: nothing of the body is read for anyone but an admin.
    let uploads = policy::admin_tenants(&state, &auth)?.uploads_dir();
    let MultipartBody(mut multipart) = MultipartBody::from_request(request, &state).await?;
    tokio::fs::create_dir_all(&uploads)
        .await
        .map_err(AppError::internal)?;
    let upload = format!("{}.tar", tenancy::new_id());
    let path = uploads.join(&upload);
    // Removed again unless a batch took it over.
    let mut guard = UploadGuard(Some(path.clone()));
    let (mut replace, mut received) = (false, false);
    while let Some(mut field) = multipart
        .next_field()
        .await
        .map_err(|_| AppError::BadRequest(messages::BAD_JSON.to_owned()))?
    {
        match field.name().unwrap_or_default() {
            // Before or after the file: it is only read once the file is on disk.
            "replace" => {
                let text = field
                    .text()
                    .await
                    .map_err(|_| AppError::BadRequest(messages::BAD_JSON.to_owned()))?;
                replace = match text.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(AppError::invalid("replace", messages::BAD_JSON)),
                };
            }
            "file" if !received => {
                let mut out = tokio::fs::File::create(&path)
                    .await
                    .map_err(AppError::internal)?;
                while let Some(chunk) = field
                    .chunk()
                    .await
                    .map_err(|_| AppError::BadRequest(messages::BAD_JSON.to_owned()))?
                {
                    out.write_all(&chunk).await.map_err(AppError::internal)?;
                }
                out.sync_all().await.map_err(AppError::internal)?;
                received = true;
            }
            _ => return Err(AppError::BadRequest(messages::BAD_JSON.to_owned())),
        }
    }
    if !received {
        return Err(AppError::invalid("file", messages::FILE_MISSING));
    }
    let checked = path.clone();
    let row = tokio::task::spawn_blocking(move || tenancy::snapshot::client_of(&checked))
        .await
        .map_err(AppError::internal)?
        .map_err(|_| AppError::invalid("file", messages::SNAPSHOT_INVALID))?;
    let client_id = ClientId::parse(row.id.as_str())
        .ok_or_else(|| AppError::invalid("file", messages::SNAPSHOT_INVALID))?;
    if clients::find(&state.platform, &client_id).await?.is_some() && !replace {
        return Err(AppError::Conflict(messages::snapshot_client_exists(
            &row.name,
        )));
    }
    refuse_while_replaced(&state, &client_id).await?;
    let params = serde_json::to_string(&RestoreParams {
        upload: upload.clone(),
        replace,
    })
    .map_err(AppError::internal)?;
    let user = auth.user.id.to_string();
    let batch = queue(
        &state,
        NewBatch {
            client_id: &client_id,
            kind: CLIENT_RESTORE,
            subject: None,
            created_by: Some(&user),
            params,
            total: 0,
            link_token: None,
        },
        "client.restore.requested",
    )
    .await?;
    guard.0 = None;
    Ok(Json(RestoreStarted {
        batch: BatchProcess::of(&batch),
        client_id: client_id.to_string(),
        client_name: row.name,
    }))
}

/// Removes an uploaded snapshot that no batch took over (a refused or broken upload).
struct UploadGuard(Option<std::path::PathBuf>);

impl Drop for UploadGuard {
    fn drop(&mut self) {
        if let Some(path) = self.0.take() {
            let _ = std::fs::remove_file(path);
        }
    }
}
