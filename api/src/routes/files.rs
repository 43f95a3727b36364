//! File uploads of form elements (`/api/file-upload/form`, `form-hd`), of the form builder
//! (`imagetag`, `static-file`) and downloads. Files are stored per client and served only
//! to users of that client.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::{AuthUser, ClientCtx};
use crate::routes::guest;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, FromRequestParts, Multipart, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::access::Permission;
use domain::files::{
    IMAGE_TAG_TYPES, MAX_FILE_SIZE, STATIC_FILE_TYPES, UploadProblem, check_typed_upload,
    check_upload,
};
use domain::ids::ClientId;
use domain::messages;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use tenancy::TenantDb;
use tenancy::tenant::files::{self, StoredFile};

/// Room for the multipart framing around a file of the maximum size.
const UPLOAD_LIMIT: usize = MAX_FILE_SIZE + 64 * 1024;

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/file-upload/form", post(upload))
        .route("/api/file-upload/form-hd", post(upload))
        .route(
            "/api/file-upload/imagetag",
            post(|State(state), auth, Query(query), multipart| {
                builder_upload(state, auth, query, multipart, &IMAGE_TAG)
            }),
        )
        .route(
            "/api/file-upload/static-file",
            post(|State(state), auth, Query(query), multipart| {
                builder_upload(state, auth, query, multipart, &STATIC_FILE)
            }),
        )
        .layer(DefaultBodyLimit::max(UPLOAD_LIMIT))
        .route("/api/client/{client_id}/file/{file_id}", get(download))
}

/// Where an upload belongs, from the query string or the multipart fields.
#[derive(Debug, Default, Deserialize)]
struct Target {
    client_id: Option<String>,
    guest_id: Option<String>,
    /// "image" for image elements: only png, jpeg, gif and bmp are accepted.
    kind: Option<String>,
}

/// An upload that has been read in full (at most 20 MB).
struct Upload {
    target: Target,
    filename: String,
    bytes: Vec<u8>,
}

fn multipart_error(status: StatusCode) -> AppError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::TooLarge(messages::FILE_TOO_LARGE)
    } else {
        AppError::BadRequest(messages::BAD_JSON.to_owned())
    }
}

async fn read_upload(query: Target, mut multipart: Multipart) -> Result<Upload> {
    let mut target = query;
    let mut file: Option<(String, Vec<u8>)> = None;
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|err| multipart_error(err.status()))?
    {
        match field.name().unwrap_or_default() {
            "file" => {
                let filename = field.file_name().unwrap_or("bestand").to_owned();
                let bytes = field
                    .bytes()
                    .await
                    .map_err(|err| multipart_error(err.status()))?;
                file = Some((filename, bytes.to_vec()));
            }
            name @ ("client_id" | "guest_id" | "kind") => {
                let name = name.to_owned();
                let text = field
                    .text()
                    .await
                    .map_err(|err| multipart_error(err.status()))?;
                match name.as_str() {
                    "client_id" => target.client_id = Some(text),
                    "guest_id" => target.guest_id = Some(text),
                    _ => target.kind = Some(text),
                }
            }
            _ => {}
        }
    }
    let (filename, bytes) =
        file.ok_or_else(|| AppError::invalid("file", messages::FILE_MISSING))?;
    if bytes.len() > MAX_FILE_SIZE {
        return Err(AppError::TooLarge(messages::FILE_TOO_LARGE));
    }
    Ok(Upload {
        target,
        filename,
        bytes,
    })
}

/// Keeps only characters that are safe in a download header; the stored name is only shown.
fn clean_filename(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or(raw);
    let cleaned: String = base
        .chars()
        .filter(|c| !c.is_control() && *c != '"')
        .take(200)
        .collect();
    if cleaned.trim().is_empty() {
        "bestand".to_owned()
    } else {
        cleaned
    }
}

/// `POST /api/file-upload/form` and `form-hd`: multipart field `file`, plus `client_id`
/// (signed-in users) or `guest_id` (guest forms). Answers the file value of the element.
async fn upload(
    State(state): State<AppState>,
    parts: Parts,
    Query(query): Query<Target>,
    multipart: Multipart,
) -> Result<Json<Value>> {
    let upload = read_upload(query, multipart).await?;
    let (db, client_id, user): (TenantDb, ClientId, Option<String>) =
        match (&upload.target.client_id, &upload.target.guest_id) {
            (Some(client_id), _) => {
                let mut parts = parts;
                let auth = AuthUser::from_request_parts(&mut parts, &state).await?;
                let client_id = ClientId::parse(client_id).ok_or(AppError::NotFound)?;
                let ctx = ClientCtx::resolve(&state, auth, &client_id).await?;
                (ctx.db, client_id, Some(ctx.auth.user.id.to_string()))
            }
            (None, Some(guest_id)) => {
                let (client, db, _form) = guest::open_form(&state, guest_id).await?;
                (db, client.id, None)
            }
            (None, None) => return Err(AppError::invalid("client_id", messages::FILE_MISSING)),
        };
    let filename = clean_filename(&upload.filename);
    let image_only = upload.target.kind.as_deref() == Some("image");
    let mime = check_upload(&filename, &upload.bytes, image_only)
        .map_err(|problem| upload_error(problem, messages::FILE_NOT_AN_IMAGE))?;
    store(
        &db,
        &client_id,
        user.as_deref(),
        filename,
        mime,
        upload.bytes,
    )
    .await
}

/// 422 for a refused upload; `not_allowed` is the text for a type the element does not take.
fn upload_error(problem: UploadProblem, not_allowed: &str) -> AppError {
    match problem {
        UploadProblem::ContentMismatch => {
            AppError::invalid("file", messages::FILE_CONTENT_MISMATCH)
        }
        UploadProblem::NotAnImage => AppError::invalid("file", messages::FILE_NOT_AN_IMAGE),
        UploadProblem::TypeNotAllowed => AppError::invalid("file", not_allowed),
    }
}

/// Stores checked bytes among the client's files; answers the element's file value.
async fn store(
    db: &TenantDb,
    client_id: &ClientId,
    user: Option<&str>,
    filename: String,
    mime: String,
    bytes: Vec<u8>,
) -> Result<Json<Value>> {
    let stored = StoredFile {
        id: tenancy::new_id(),
        filename,
        mime,
        size: i64::try_from(bytes.len()).unwrap_or(i64::MAX),
    };
    write_durably(db, &stored.id, bytes).await?;
    files::insert(db, &stored, user).await?;
    Ok(Json(json!({
        "fid": stored.id,
        "url": format!("/api/client/{client_id}/file/{}", stored.id),
        "filename": stored.filename,
        "filemime": stored.mime,
        "filesize": stored.size,
    })))
}

/// What a form builder upload call takes, and the text when it gets something else.
struct Accepts {
    types: &'static [&'static str],
    refused: &'static str,
}

/// `POST /api/file-upload/imagetag`: an image for an image tag element.
const IMAGE_TAG: Accepts = Accepts {
    types: IMAGE_TAG_TYPES,
    refused: messages::IMAGE_TAG_TYPE_NOT_ALLOWED,
};
/// `POST /api/file-upload/static-file`: a file for a static file element.
const STATIC_FILE: Accepts = Accepts {
    types: STATIC_FILE_TYPES,
    refused: messages::STATIC_FILE_TYPE_NOT_ALLOWED,
};

/// A form builder upload: only for users who may edit forms in the client, and only of
/// the types the element takes.
async fn builder_upload(
    state: AppState,
    auth: AuthUser,
    query: Target,
    multipart: Multipart,
    accepts: &Accepts,
) -> Result<Json<Value>> {
    let upload = read_upload(query, multipart).await?;
    let client_id = upload
        .target
        .client_id
        .as_deref()
        .and_then(ClientId::parse)
        .ok_or(AppError::NotFound)?;
    let ctx = ClientCtx::resolve(&state, auth, &client_id).await?;
    ctx.require(Permission::ManageFormEdit)?;
    let filename = clean_filename(&upload.filename);
    let mime = check_typed_upload(&filename, &upload.bytes, accepts.types)
        .map_err(|problem| upload_error(problem, accepts.refused))?;
    store(
        &ctx.db,
        &client_id,
        Some(ctx.auth.user.id.as_str()),
        filename,
        mime,
        upload.bytes,
    )
    .await
}

/// Writes the bytes under a temporary name, syncs and renames, so a crash never leaves a
/// half-written file under a name the database points to.
async fn write_durably(db: &TenantDb, id: &str, bytes: Vec<u8>) -> Result<()> {
    let dir = db.files_dir();
    let id = id.to_owned();
    tokio::task::spawn_blocking(move || -> std::io::Result<()> {
        use std::io::Write;
        std::fs::create_dir_all(&dir)?;
        let partial = dir.join(format!(".{id}.partial"));
        let mut file = std::fs::File::create(&partial)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
        std::fs::rename(&partial, dir.join(&id))?;
        Ok(())
    })
    .await
    .map_err(AppError::internal)?
    .map_err(AppError::internal)
}

/// `GET /api/client/{client_id}/file/{file_id}`: the bytes, for users of that client.
async fn download(ctx: ClientCtx, Path(params): Path<HashMap<String, String>>) -> Result<Response> {
    let file_id = params.get("file_id").ok_or(AppError::NotFound)?;
    let stored = files::find(&ctx.db, file_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let bytes = tokio::fs::read(ctx.db.files_dir().join(&stored.id))
        .await
        .map_err(|_| AppError::NotFound)?;
    Ok((
        [
            (header::CONTENT_TYPE, stored.mime.clone()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{}\"", stored.filename),
            ),
            (header::CACHE_CONTROL, "private, max-age=3600".to_owned()),
        ],
        Body::from(bytes),
    )
        .into_response())
}
