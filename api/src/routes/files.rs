//! File uploads of form elements (`/api/file-upload/form`, `form-hd`), of the form builder
//! (`imagetag`, `static-file`) and downloads. Files are stored per client and served only
//! to users of that client.
//!
//! An upload is authorised before its body is read: the target (`client_id` or `guest_id`)
//! comes from the query string, or from multipart fields sent before the file. The file is
//! then streamed to disk (never held in memory whole), judged by its first bytes, and
//! counted against the client's storage quota and, for guests, a daily guest allowance.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{AuthUser, ClientAddr, MultipartBody, QueryParams};
use crate::limits::Limit;
use crate::policy::{self, Route, Rule, table};
use axum::Json;
use axum::body::Body;
use axum::extract::multipart::Field;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Multipart, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use domain::files::{
    IMAGE_TAG_TYPES, MAX_FILE_SIZE, STATIC_FILE_TYPES, UploadProblem, check_typed_upload,
    check_upload,
};
use domain::messages;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::PathBuf;
use tenancy::TenantDb;
use tenancy::tenant::files::{self, StoredFile, Uploader};
use tokio::io::AsyncWriteExt;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Room for the multipart framing around a file of the maximum size.
const UPLOAD_LIMIT: usize = MAX_FILE_SIZE + 64 * 1024;
/// Bytes the type of a file is judged by (the longest signature is 8 bytes).
const SNIFF_BYTES: usize = 16;
const MIB: i64 = 1024 * 1024;
const DAY_SECS: i64 = 24 * 3600;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_form))
        .routes(routes!(upload_form_hd))
        .routes(routes!(upload_imagetag))
        .routes(routes!(upload_static_file))
        .routes(routes!(upload_email_word))
        .routes(routes!(upload_datasource))
        .layer(DefaultBodyLimit::max(UPLOAD_LIMIT))
        .routes(routes!(find_by_digest))
        .routes(routes!(download))
}

/// Where an upload belongs: in the query string (or as multipart fields before the file).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Target {
    /// The client of a signed-in upload.
    client_id: Option<String>,
    /// The guest id of a guest form (no sign-in).
    guest_id: Option<String>,
    /// "image" for image elements: only png, jpeg, gif and bmp are accepted.
    #[param(schema_with = kind_schema)]
    kind: Option<String>,
    /// SHA-256 of the file (64 lowercase hex): the upload is refused when the bytes differ,
    /// and when this uploader sent these bytes before, that file is answered again instead
    /// of a second copy (a retried or offline-kept upload is stored once).
    #[param(pattern = "^[0-9a-f]{64}$")]
    sha256: Option<String>,
}

impl Target {
    /// The client named, if any: an empty value (a form field left blank) names nothing.
    fn client(&self) -> Option<&str> {
        self.client_id.as_deref().filter(|id| !id.is_empty())
    }

    /// The guest form named, if any; empty names nothing.
    fn guest(&self) -> Option<&str> {
        self.guest_id.as_deref().filter(|id| !id.is_empty())
    }
}

/// `kind`: only "image".
fn kind_schema() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(["image"]))
        .build()
}

/// Multipart body of an upload; other fields are refused.
#[derive(Debug, ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // documents the body; the handler streams it field by field
struct UploadBody {
    /// The file (at most 20 MB).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// Instead of the query parameter; counts only before `file`.
    client_id: Option<String>,
    /// Instead of the query parameter; counts only before `file`.
    guest_id: Option<String>,
    /// Instead of the query parameter; counts only before `file`.
    #[schema(schema_with = kind_schema)]
    kind: Option<String>,
}

/// The answer of an upload: the element's value entry.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedFile {
    fid: String,
    /// Where the file is downloaded, with the api-key.
    url: String,
    filename: String,
    filemime: String,
    filesize: i64,
}

/// What a call takes.
#[derive(Debug, Clone, Copy)]
enum Accepts {
    /// A form element's file: any file whose content matches its name; images only for
    /// image elements (`kind=image`).
    Element,
    /// A form builder file: only these types, with the text for anything else.
    Types(&'static [&'static str], &'static str),
}

/// `POST /api/file-upload/imagetag`: an image for an image tag element.
const IMAGE_TAG: Accepts = Accepts::Types(IMAGE_TAG_TYPES, messages::IMAGE_TAG_TYPE_NOT_ALLOWED);
/// `POST /api/file-upload/static-file`: a file for a static file element.
const STATIC_FILE: Accepts =
    Accepts::Types(STATIC_FILE_TYPES, messages::STATIC_FILE_TYPE_NOT_ALLOWED);

/// `POST /api/file-upload/email-word`: the Word template of an e-mail setting.
const EMAIL_WORD: Accepts = Accepts::Types(&[domain::files::DOCX], messages::WORD_ONLY_DOCX);

/// `POST /api/file-upload/datasource_source`: a datasource's CSV (or Excel) file.
const DATASOURCE_SOURCE: Accepts = Accepts::Types(
    domain::files::DATASOURCE_TYPES,
    messages::DATASOURCE_FILE_TYPE,
);

/// `POST /api/file-upload/form`: a file for a file or image element, signed in (`client_id`)
/// or through a guest form (`guest_id`). Answers the element's value entry.
#[utoipa::path(post, path = "/api/file-upload/form", operation_id = table::FILE_UPLOAD.op, tag = "files",
    params(Target),
    request_body(content = UploadBody, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Stored", body = UploadedFile),
        (status = 413, description = "Over 20 MB, or the client's storage is full", body = ErrorBody),
        (status = 429, description = "Too many guest uploads from this address or for this client today", body = ErrorBody)
    ))]
async fn upload_form(State(state): State<AppState>, upload: Upload) -> Result<Json<UploadedFile>> {
    receive(&state, upload, &table::FILE_UPLOAD, Accepts::Element).await
}

/// `POST /api/file-upload/form-hd`: as `form`, for images of elements with hdImages.
#[utoipa::path(post, path = "/api/file-upload/form-hd", operation_id = table::FILE_UPLOAD_HD.op, tag = "files",
    params(Target),
    request_body(content = UploadBody, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Stored", body = UploadedFile),
        (status = 413, description = "Over 20 MB, or the client's storage is full", body = ErrorBody),
        (status = 429, description = "Too many guest uploads from this address or for this client today", body = ErrorBody)
    ))]
async fn upload_form_hd(
    State(state): State<AppState>,
    upload: Upload,
) -> Result<Json<UploadedFile>> {
    receive(&state, upload, &table::FILE_UPLOAD_HD, Accepts::Element).await
}

/// `POST /api/file-upload/imagetag`: jpeg, png or gif for an image tag element.
#[utoipa::path(post, path = "/api/file-upload/imagetag", operation_id = table::FILE_UPLOAD_IMAGETAG.op, tag = "files",
    params(Target),
    request_body(content = UploadBody, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Stored", body = UploadedFile),
        (status = 413, description = "Over 20 MB, or the client's storage is full", body = ErrorBody)
    ))]
async fn upload_imagetag(
    State(state): State<AppState>,
    upload: Upload,
) -> Result<Json<UploadedFile>> {
    receive(&state, upload, &table::FILE_UPLOAD_IMAGETAG, IMAGE_TAG).await
}

/// `POST /api/file-upload/static-file`: pdf, docx, txt, jpeg, png or gif for a static file
/// element.
#[utoipa::path(post, path = "/api/file-upload/static-file", operation_id = table::FILE_UPLOAD_STATIC.op, tag = "files",
    params(Target),
    request_body(content = UploadBody, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Stored", body = UploadedFile),
        (status = 413, description = "Over 20 MB, or the client's storage is full", body = ErrorBody)
    ))]
async fn upload_static_file(
    State(state): State<AppState>,
    upload: Upload,
) -> Result<Json<UploadedFile>> {
    receive(&state, upload, &table::FILE_UPLOAD_STATIC, STATIC_FILE).await
}

/// `POST /api/file-upload/email-word`: a .docx template for a notification's Word attachment;
/// `GET /api/process-word-file/...` then makes it ready.
#[utoipa::path(post, path = "/api/file-upload/email-word", operation_id = table::FILE_UPLOAD_EMAIL_WORD.op, tag = "files",
    params(Target),
    request_body(content = UploadBody, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Stored", body = UploadedFile),
        (status = 413, description = "Over 20 MB, or the client's storage is full", body = ErrorBody)
    ))]
async fn upload_email_word(
    State(state): State<AppState>,
    upload: Upload,
) -> Result<Json<UploadedFile>> {
    receive(&state, upload, &table::FILE_UPLOAD_EMAIL_WORD, EMAIL_WORD).await
}

/// `POST /api/file-upload/datasource_source`: the CSV (or Excel workbook) of a datasource.
#[utoipa::path(post, path = "/api/file-upload/datasource_source", operation_id = table::FILE_UPLOAD_DATASOURCE.op, tag = "files",
    params(Target),
    request_body(content = UploadBody, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Stored", body = UploadedFile),
        (status = 413, description = "Over 20 MB, or the client's storage is full", body = ErrorBody),
        (status = 422, description = "Not a CSV or Excel file", body = ErrorBody)
    ))]
async fn upload_datasource(
    State(state): State<AppState>,
    upload: Upload,
) -> Result<Json<UploadedFile>> {
    receive(
        &state,
        upload,
        &table::FILE_UPLOAD_DATASOURCE,
        DATASOURCE_SOURCE,
    )
    .await
}

/// What every upload call reads before its body: the caller (a guest has no key), the
/// caller's address, the target from the query string; and the body, still unread.
struct Upload {
    auth: Option<AuthUser>,
    addr: ClientAddr,
    target: Target,
    multipart: Multipart,
}

impl FromRequest<AppState> for Upload {
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &AppState) -> Result<Upload> {
        use axum::extract::OptionalFromRequestParts;
        let (mut parts, body) = req.into_parts();
        let auth =
            <AuthUser as OptionalFromRequestParts<AppState>>::from_request_parts(&mut parts, state)
                .await?;
        let Ok(addr) = ClientAddr::from_request_parts(&mut parts, state).await;
        let QueryParams(target) = QueryParams::from_request_parts(&mut parts, state).await?;
        let req = axum::extract::Request::from_parts(parts, body);
        let MultipartBody(multipart) = MultipartBody::from_request(req, state).await?;
        Ok(Upload {
            auth,
            addr,
            target,
            multipart,
        })
    }
}

/// Where an authorised upload goes.
struct Destination {
    db: TenantDb,
    /// The uploading user; None for a guest.
    user: Option<String>,
    /// The form whose guest link was used.
    guest_form: Option<String>,
}

impl Destination {
    fn uploader(&self) -> Uploader<'_> {
        match (&self.user, &self.guest_form) {
            (Some(user), _) => Uploader::User(user),
            (None, Some(form)) => Uploader::Guest(form),
            (None, None) => Uploader::Guest(""),
        }
    }
}

fn multipart_error(status: StatusCode) -> AppError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::TooLarge(messages::FILE_TOO_LARGE)
    } else {
        AppError::BadRequest(messages::BAD_JSON.to_owned())
    }
}

/// Authorises the upload for its target, before any file byte is read.
async fn destination(
    state: &AppState,
    auth: Option<AuthUser>,
    addr: &ClientAddr,
    target: &Target,
    route: &Route,
) -> Result<Destination> {
    let signed_in = |auth: Option<AuthUser>| auth.ok_or(AppError::Unauthenticated);
    match (target.client(), target.guest()) {
        (Some(_), Some(_)) => Err(AppError::invalid("guest_id", messages::FILE_TARGET_BOTH)),
        (Some(client_id), None) => {
            let ctx = policy::client_by_id(state, signed_in(auth)?, client_id, route).await?;
            Ok(Destination {
                user: Some(ctx.auth.user.id.to_string()),
                guest_form: None,
                db: ctx.db().clone(),
            })
        }
        (None, Some(guest_id)) if matches!(route.rule, Rule::GuestOr(_)) => {
            state.limits.check(Limit::Guest, &addr.key())?;
            let guest = policy::guest_form(state, guest_id).await?;
            Ok(Destination {
                db: guest.db().clone(),
                user: None,
                guest_form: Some(guest.form.id.clone()),
            })
        }
        // Nothing to store the file for: no such destination (the schema cannot say that
        // one of the two parameters is required).
        _ => {
            signed_in(auth)?;
            Err(AppError::Missing(messages::FILE_TARGET_MISSING))
        }
    }
}

/// Reads the multipart body: target fields first (when not in the query), then the file,
/// which is authorised, streamed to a temporary file and checked. Target fields after the
/// file are ignored, any other field refuses the upload; only at the end of the body is the
/// file kept and recorded.
async fn receive(
    state: &AppState,
    upload: Upload,
    route: &Route,
    accepts: Accepts,
) -> Result<Json<UploadedFile>> {
    let Upload {
        auth,
        addr,
        mut target,
        mut multipart,
    } = upload;
    let addr = &addr;
    // With the target in the query string, nothing of the body is read before this check.
    let mut auth = Some(auth);
    let mut dest = None;
    if target.client().is_some() || target.guest().is_some() {
        dest = Some(destination(state, auth.take().flatten(), addr, &target, route).await?);
    }
    let mut received = None;
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|err| multipart_error(err.status()))?
    {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" && received.is_none() {
            let image_only = match target.kind.as_deref() {
                None => false,
                Some("image") => true,
                Some(_) => return Err(AppError::invalid("kind", messages::FILE_KIND_UNKNOWN)),
            };
            let dest = match dest.take() {
                Some(dest) => dest,
                None => destination(state, auth.take().flatten(), addr, &target, route).await?,
            };
            let file = write_partial(state, &dest, field, accepts, image_only).await?;
            received = Some((dest, file));
            continue;
        }
        let slot = match name.as_str() {
            "client_id" => &mut target.client_id,
            "guest_id" => &mut target.guest_id,
            "kind" => &mut target.kind,
            // Anything else, a second file among it.
            _ => return Err(AppError::BadRequest(messages::BAD_JSON.to_owned())),
        };
        let text = field
            .text()
            .await
            .map_err(|err| multipart_error(err.status()))?;
        // A kind is one the call knows wherever it stands, also where it is not the one used
        // (after the query's, or after the file).
        if name == "kind" && text != "image" {
            return Err(AppError::invalid("kind", messages::FILE_KIND_UNKNOWN));
        }
        // The target was settled when the file came; what follows cannot move it.
        if received.is_some() {
            continue;
        }
        if slot.as_deref().is_none_or(str::is_empty) {
            *slot = Some(text);
        }
        // A target settled from the query is not looked at again when the file comes, so a
        // guest form in the body beside a client in the query (or the other way round) is
        // refused here, as both in one place are.
        if target.client().is_some() && target.guest().is_some() {
            return Err(AppError::invalid("guest_id", messages::FILE_TARGET_BOTH));
        }
    }
    let (dest, file) = received.ok_or_else(|| AppError::invalid("file", messages::FILE_MISSING))?;
    keep(&dest, file, target.sha256.as_deref()).await
}

/// 422 for a refused upload.
fn upload_error(problem: UploadProblem, accepts: Accepts) -> AppError {
    let detail = match (problem, accepts) {
        (UploadProblem::ContentMismatch, _) => messages::FILE_CONTENT_MISMATCH,
        (UploadProblem::NotAnImage, _) => messages::FILE_NOT_AN_IMAGE,
        (UploadProblem::TypeNotAllowed, Accepts::Types(_, refused)) => refused,
        (UploadProblem::TypeNotAllowed, Accepts::Element) => messages::FILE_NOT_AN_IMAGE,
    };
    AppError::invalid("file", detail)
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

/// What an upload may still add: the client's storage left and, for guests, what is left
/// of today's guest allowance; and the answer for going past whichever is smaller.
struct Room {
    bytes: i64,
    full: fn() -> AppError,
}

fn storage_full() -> AppError {
    AppError::TooLarge(messages::CLIENT_STORAGE_FULL)
}

fn guest_allowance_used() -> AppError {
    AppError::TooManyRequests(messages::GUEST_UPLOADS_USED_UP.to_owned())
}

/// The room an upload has (413 or 429 when there is none).
async fn room_left(state: &AppState, dest: &Destination) -> Result<Room> {
    let mib = |value: u64| {
        i64::try_from(value)
            .unwrap_or(i64::MAX / MIB)
            .saturating_mul(MIB)
    };
    let mut room = Room {
        bytes: mib(state.config.client_quota_mb) - files::total_bytes(&dest.db).await?,
        full: storage_full,
    };
    if dest.user.is_none() {
        let today = files::guest_bytes_since(&dest.db, tenancy::now() - DAY_SECS).await?;
        let allowance = mib(state.config.guest_upload_mb_per_day) - today;
        if allowance < room.bytes {
            room = Room {
                bytes: allowance,
                full: guest_allowance_used,
            };
        }
    }
    if room.bytes <= 0 {
        return Err((room.full)());
    }
    Ok(room)
}

/// A file being written under a temporary name: removed unless it is kept.
struct Partial {
    path: PathBuf,
    kept: bool,
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.kept {
            // Best effort: a leftover `.partial` file is never referenced by the database.
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// A checked file in its temporary place.
struct Received {
    partial: Partial,
    id: String,
    filename: String,
    mime: String,
    size: usize,
    /// SHA-256 of the bytes, hex.
    sha256: String,
}

/// Streams the file field to `files/.<id>.partial` and checks its type and size.
async fn write_partial(
    state: &AppState,
    dest: &Destination,
    mut field: Field<'_>,
    accepts: Accepts,
    image_only: bool,
) -> Result<Received> {
    let room = room_left(state, dest).await?;
    let filename = clean_filename(field.file_name().unwrap_or("bestand"));
    let id = tenancy::new_id();
    let dir = dest.db.files_dir();
    tokio::fs::create_dir_all(&dir)
        .await
        .map_err(AppError::internal)?;
    let partial = Partial {
        path: dir.join(format!(".{id}.partial")),
        kept: false,
    };
    let mut out = tokio::fs::File::create(&partial.path)
        .await
        .map_err(AppError::internal)?;
    let mut head: Vec<u8> = Vec::with_capacity(SNIFF_BYTES);
    let mut digest = Sha256::new();
    let mut size: usize = 0;
    while let Some(chunk) = field
        .chunk()
        .await
        .map_err(|err| multipart_error(err.status()))?
    {
        size += chunk.len();
        if size > MAX_FILE_SIZE {
            return Err(AppError::TooLarge(messages::FILE_TOO_LARGE));
        }
        if i64::try_from(size).unwrap_or(i64::MAX) > room.bytes {
            return Err((room.full)());
        }
        let wanted = SNIFF_BYTES.saturating_sub(head.len()).min(chunk.len());
        head.extend_from_slice(&chunk[..wanted]);
        digest.update(&chunk);
        out.write_all(&chunk).await.map_err(AppError::internal)?;
    }
    let mime = match accepts {
        Accepts::Element => check_upload(&filename, &head, image_only),
        Accepts::Types(types, _) => check_typed_upload(&filename, &head, types),
    }
    .map_err(|problem| upload_error(problem, accepts))?;
    out.sync_all().await.map_err(AppError::internal)?;
    Ok(Received {
        partial,
        id,
        filename,
        mime,
        size,
        sha256: hex::encode(digest.finalize()),
    })
}

/// Moves a received file to its name and records it; a crash never leaves a half-written
/// file under a name the database knows. With the sender's `sha256`, the bytes must have
/// that digest, and a file this uploader sent with the same bytes is answered instead.
async fn keep(
    dest: &Destination,
    mut file: Received,
    claimed: Option<&str>,
) -> Result<Json<UploadedFile>> {
    if let Some(claimed) = claimed {
        if !crate::input::is_hex64(claimed) || claimed != file.sha256 {
            return Err(AppError::invalid("sha256", messages::FILE_DIGEST_MISMATCH));
        }
        if let Some(earlier) = files::find_by_digest(&dest.db, claimed, &dest.uploader()).await? {
            return Ok(Json(uploaded(&dest.db, earlier)));
        }
    }
    tokio::fs::rename(&file.partial.path, dest.db.files_dir().join(&file.id))
        .await
        .map_err(AppError::internal)?;
    file.partial.kept = true;
    let stored = StoredFile {
        id: file.id,
        filename: file.filename,
        mime: file.mime,
        size: i64::try_from(file.size).unwrap_or(i64::MAX),
    };
    files::insert(&dest.db, &stored, &file.sha256, &dest.uploader()).await?;
    Ok(Json(uploaded(&dest.db, stored)))
}

/// The element's value entry of a stored file.
fn uploaded(db: &TenantDb, stored: StoredFile) -> UploadedFile {
    UploadedFile {
        url: format!("/api/client/{}/file/{}", db.client_id(), stored.id),
        fid: stored.id,
        filename: stored.filename,
        filemime: stored.mime,
        filesize: stored.size,
    }
}

/// `GET /api/file-upload/by-hash/{sha256}`: the file with these bytes this uploader (the
/// signed-in user with `client_id`, or the guest link with `guest_id`) uploaded before: a
/// device sending what it kept offline asks first, so a file is never sent twice.
#[utoipa::path(get, path = "/api/file-upload/by-hash/{sha256}", operation_id = table::FILE_FIND_BY_DIGEST.op, tag = "files",
    params(("sha256" = String, Path, pattern = "^[0-9a-f]{64}$", description = "SHA-256 of the file, 64 lowercase hex"), Target),
    responses(
        (status = 200, description = "Uploaded before: the element's value entry", body = UploadedFile),
        (status = 404, description = "Not uploaded by this uploader (or the target does not exist)", body = ErrorBody),
        (status = 422, description = "Both a client_id and a guest_id, which exclude each other", body = ErrorBody),
        (status = 429, description = "Too many guest requests from this address", body = ErrorBody)
    ))]
async fn find_by_digest(
    State(state): State<AppState>,
    Path(sha256): Path<String>,
    auth: Option<AuthUser>,
    addr: ClientAddr,
    QueryParams(target): QueryParams<Target>,
) -> Result<Json<UploadedFile>> {
    let dest = destination(&state, auth, &addr, &target, &table::FILE_FIND_BY_DIGEST).await?;
    if !crate::input::is_hex64(&sha256) {
        return Err(AppError::NotFound);
    }
    let found = files::find_by_digest(&dest.db, &sha256, &dest.uploader())
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(uploaded(&dest.db, found)))
}

/// `Content-Disposition: attachment` with the stored name, ASCII fallback plus the UTF-8
/// name (RFC 6266), so a browser saves the file instead of rendering it in our origin.
pub(crate) fn attachment(filename: &str) -> String {
    let ascii: String = filename
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .filter(|c| *c != '"' && *c != '\\')
        .collect();
    let encoded: String = filename
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// `GET /api/client/{client_id}/file/{file_id}`: the bytes, for users of that client, as an
/// attachment with the type found at upload.
#[utoipa::path(get, path = "/api/client/{client_id}/file/{file_id}", operation_id = table::FILE_DOWNLOAD.op, tag = "files",
    params(("client_id" = String, Path), ("file_id" = String, Path)),
    responses((status = 200, description = "The file, with the type found when it was uploaded", content_type = "*/*", body = Vec<u8>)))]
async fn download(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((client_id, file_id)): Path<(String, String)>,
) -> Result<Response> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FILE_DOWNLOAD).await?;
    let stored = files::find(ctx.db(), &file_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let file = tokio::fs::File::open(ctx.db().files_dir().join(&stored.id))
        .await
        .map_err(|_| AppError::NotFound)?;
    let body = Body::from_stream(tokio_util::io::ReaderStream::new(file));
    Ok((
        [
            (header::CONTENT_TYPE, stored.mime.clone()),
            (header::CONTENT_DISPOSITION, attachment(&stored.filename)),
            (header::CONTENT_LENGTH, stored.size.to_string()),
            (header::CACHE_CONTROL, "private, max-age=3600".to_owned()),
        ],
        body,
    )
        .into_response())
}
