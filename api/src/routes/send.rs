//! Sending a registration: `POST api/registration/` (signed in) and
//! `POST api/guest/form/{guestId}` (guests). The server validates against the form's schema
//! and rules — never trusting the client — and answers only after the registration is
//! durably committed by the tenant's group-commit writer.

use crate::AppState;
use crate::cache::CachedForm;
use crate::error::{AppError, ErrorBody, FieldError, Result};
use crate::extract::{AuthUser, ClientAddr, JsonBody};
use crate::limits::Limit;
use crate::policy::{self, table};
use crate::routes::registrations::RegistrationJson;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::form::ElementType;
use domain::messages;
use domain::submission::validate_submission;
use domain::tokens::{
    RegistrationMeta, RenderMode, TokenContext, display_value, render_summary, render_tokens,
};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use tenancy::TenantDb;
use tenancy::tenant::files::{self, Uploader};
use tenancy::tenant::registrations::{Finished, NewRegistration, Status, SubmitOutcome};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send))
        .routes(routes!(guest_send))
}

/// What a device sends of a registration; other fields of the entity (phase, status,
/// serial number, ...) are the server's to decide and are ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SendContent {
    /// Made by the device when the form opens; a resend with the same token and values is
    /// answered with the stored registration (200), with other values refused (409).
    #[serde(default)]
    #[schema(max_length = 128, pattern = "^[^\\x00-\\x1f\\x7f-\\x9f]*$")]
    fill_token: Option<String>,
    /// Values keyed by element name.
    #[serde(default)]
    #[schema(value_type = Object)]
    values: Value,
}

/// Body of `POST api/registration/`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SendBody {
    #[schema(min_length = 1)]
    form_id: String,
    #[serde(flatten)]
    content: SendContent,
}

/// Body of `POST api/guest/form/{guestId}`: the form is the guest link's.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GuestSendBody {
    /// When sent, the guest link's form.
    #[serde(default)]
    form_id: Option<String>,
    #[serde(flatten)]
    content: SendContent,
}

/// What a fill token stands for: the sender, the form and the values exactly as sent.
#[derive(serde::Serialize)]
struct Payload<'a> {
    /// A fill token is the sender's: the same token and values from someone else are no
    /// replay of theirs.
    sender: Option<&'a str>,
    form_id: &'a str,
    values: &'a Map<String, Value>,
}

/// Who sends.
struct Sender<'a> {
    uploader: Uploader<'a>,
    user_id: Option<String>,
    username: Option<String>,
    is_admin: bool,
}

/// `POST api/registration/`.
#[utoipa::path(post, path = "/api/registration/", operation_id = table::REGISTRATION_SEND.op, tag = "registrations",
    request_body = SendBody,
    responses(
        (status = 201, description = "Stored (durably) and answered", body = RegistrationJson),
        (status = 200, description = "A resend of a stored registration: the original", body = RegistrationJson),
        (status = 409, description = "The fill token was used for other values or by someone else", body = ErrorBody)
    ))]
async fn send(
    State(state): State<AppState>,
    auth: AuthUser,
    JsonBody(body): JsonBody<SendBody>,
) -> Result<(StatusCode, Json<RegistrationJson>)> {
    let policy::FormCtx { ctx, form } =
        policy::form(&state, auth, &body.form_id, &table::REGISTRATION_SEND).await?;
    let user = ctx.auth.user.id.to_string();
    let sender = Sender {
        uploader: Uploader::User(&user),
        user_id: Some(user.clone()),
        username: Some(ctx.auth.user.username.clone()),
        is_admin: ctx.access.is_admin(),
    };
    store(ctx.db(), form, body.content, sender).await
}

/// `POST api/guest/form/{guestId}`: a send without sign-in, while guest access is on.
#[utoipa::path(post, path = "/api/guest/form/{guest_id}", operation_id = table::GUEST_SEND.op, tag = "guest",
    params(("guest_id" = String, Path)),
    request_body = GuestSendBody,
    responses(
        (status = 201, description = "Stored (durably) and answered", body = RegistrationJson),
        (status = 200, description = "A resend of a stored registration: the original", body = RegistrationJson),
        (status = 409, description = "The fill token was used for other values", body = ErrorBody),
        (status = 429, description = "Too many sends from this address", body = ErrorBody)
    ))]
async fn guest_send(
    State(state): State<AppState>,
    addr: ClientAddr,
    Path(guest_id): Path<String>,
    JsonBody(body): JsonBody<GuestSendBody>,
) -> Result<(StatusCode, Json<RegistrationJson>)> {
    state.limits.check(Limit::Guest, &addr.key())?;
    let guest = policy::guest_form(&state, &guest_id).await?;
    if body
        .form_id
        .as_deref()
        .is_some_and(|id| id != guest.form.id)
    {
        return Err(AppError::NotFound);
    }
    let form = state.caches.form(guest.db(), &guest.form.id).await?;
    let sender = Sender {
        uploader: Uploader::Guest(&guest.form.id),
        user_id: None,
        username: None,
        is_admin: false,
    };
    store(guest.db(), form, body.content, sender).await
}

/// The fill token as sent (an empty one is none); 422 for one no device makes.
fn check_fill_token(token: Option<String>) -> Result<Option<String>> {
    match token.filter(|t| !t.is_empty()) {
        Some(token) if !domain::validate::is_valid_fill_token(&token) => Err(AppError::invalid(
            "fill_token",
            messages::SEND_VALUES_INVALID,
        )),
        other => Ok(other),
    }
}

/// The id of an uploaded file of this client from a file value's url
/// (`/api/client/{client}/file/{id}`, as the upload answered it).
fn file_id<'a>(url: &'a str, client: &str) -> Option<&'a str> {
    url.strip_prefix("/api/client/")?
        .strip_prefix(client)?
        .strip_prefix("/file/")
        .filter(|id| !id.is_empty() && !id.contains('/'))
}

/// Checks every file entry against the client's uploads and completes it from what was
/// stored: only files uploaded to this client by this sender (or through this guest link)
/// may be referenced, so a send can never point at another client's API, another user's
/// upload or an outside address.
async fn attach_files(
    db: &TenantDb,
    cached: &CachedForm,
    values: &mut Map<String, Value>,
    uploader: &Uploader<'_>,
) -> Result<()> {
    let client = db.client_id().as_str().to_owned();
    let mut ids: Vec<String> = Vec::new();
    let mut malformed = false;
    domain::files::visit_file_entries(&cached.definition.schema, values, &mut |entry| match entry
        .get("url")
        .and_then(Value::as_str)
        .and_then(|url| file_id(url, &client))
    {
        Some(id) => ids.push(id.to_owned()),
        None => malformed = true,
    });
    if ids.is_empty() && !malformed {
        return Ok(());
    }
    let wanted: Vec<&str> = ids.iter().map(String::as_str).collect();
    let stored = files::find_many(db, &wanted).await?;
    let mut refused = malformed;
    domain::files::visit_file_entries(&cached.definition.schema, values, &mut |entry| {
        let found = entry
            .get("url")
            .and_then(Value::as_str)
            .and_then(|url| file_id(url, &client))
            .and_then(|id| stored.iter().find(|f| f.file.id == id))
            .filter(|f| f.uploaded_by(uploader));
        match found {
            Some(owned) => {
                let file = &owned.file;
                *entry = json!({
                    "fid": file.id,
                    "url": format!("/api/client/{client}/file/{}", file.id),
                    "filename": file.filename,
                    "filemime": file.mime,
                    "filesize": file.size,
                });
            }
            None => refused = true,
        }
    });
    if refused {
        return Err(AppError::invalid(
            "values",
            messages::FILE_NOT_UPLOADED_HERE,
        ));
    }
    Ok(())
}

async fn store(
    db: &TenantDb,
    cached: Arc<CachedForm>,
    body: SendContent,
    sender: Sender<'_>,
) -> Result<(StatusCode, Json<RegistrationJson>)> {
    let form = &cached.form;
    let fill_token = check_fill_token(body.fill_token)?;
    let submitted: Map<String, Value> = match body.values {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        _ => return Err(AppError::invalid("values", messages::SEND_VALUES_INVALID)),
    };
    // A new registration of a workflow form starts in phase '1' (spec 000 section 4); it
    // moves on only through a stateTransition, never because a sender asks.
    let phase = domain::form::initial_phase(&form.form_type);
    let meta = RegistrationMeta {
        date: Some(domain::dates::local_datetime(tenancy::now())),
        username: sender.username.clone(),
        form_name: Some(form.name.clone()),
        serial_number: None,
        phase: phase.clone(),
    };
    let mut values =
        validate_submission(&cached.definition, &submitted, &meta).map_err(|errors| {
            AppError::Unprocessable {
                message: messages::FORM_INVALID.to_owned(),
                errors: errors
                    .into_iter()
                    .map(|e| {
                        FieldError::new(&format!("values/{}", e.field.replace('.', "/")), e.message)
                    })
                    .collect(),
            }
        })?;
    attach_files(db, &cached, &mut values, &sender.uploader).await?;
    // What the client sent decides whether a resend with the same fill token is a replay.
    let payload = serde_json::to_vec(&Payload {
        sender: sender.user_id.as_deref(),
        form_id: &form.id,
        values: &submitted,
    })
    .map_err(AppError::internal)?;
    let payload_hash = tenancy::secrets::sha256_hex(&payload);
    let finish = finisher(
        cached.clone(),
        form.form_summary.clone(),
        form.registration_name_token.clone(),
        values,
        meta,
    );
    let new = NewRegistration {
        form_id: form.id.clone(),
        fill_token,
        payload_hash,
        user_id: sender.user_id,
        username: sender.username,
        wanted: Status::Completed,
        phase,
        schema: cached.schema_json.clone(),
        schema_hash: cached.schema_hash.clone(),
        allow_expired_credits: sender.is_admin,
        finish,
    };
    match db.writer().submit(new).await? {
        SubmitOutcome::Created(reg) => {
            Ok((StatusCode::CREATED, Json(RegistrationJson::new(reg, form))))
        }
        SubmitOutcome::Replayed(reg) => {
            Ok((StatusCode::OK, Json(RegistrationJson::new(reg, form))))
        }
        SubmitOutcome::Conflict => Err(AppError::Conflict(messages::DUPLICATE_SEND.to_owned())),
    }
}

/// Renders what depends on the serial number and date, inside the writer's transaction:
/// autoIncrement values, the summary and the registration name.
fn finisher(
    cached: Arc<CachedForm>,
    summary: Option<String>,
    name_token: Option<String>,
    values: Map<String, Value>,
    meta: RegistrationMeta,
) -> tenancy::tenant::registrations::Finish {
    Box::new(move |numbered| {
        let mut values = values.clone();
        let mut meta = meta.clone();
        let definition = &cached.definition;
        for element in definition
            .schema
            .iter()
            .filter(|e| e.element_type == ElementType::AutoIncrement)
        {
            values.insert(element.name.clone(), json!(numbered.serial_number));
        }
        meta.serial_number = Some(numbered.serial_number.to_string());
        meta.date = Some(domain::dates::local_datetime(numbered.created_at));
        let ctx = TokenContext {
            schema: &definition.schema,
            values: &values,
            registration: &meta,
        };
        let summary = render_summary(summary.as_deref(), &ctx);
        let registration_name = match name_token.as_deref().filter(|t| !t.trim().is_empty()) {
            Some(template) => Some(render_tokens(template, &ctx, RenderMode::Text)),
            None => {
                let labelled: Vec<String> = definition
                    .schema
                    .iter()
                    .filter(|e| {
                        e.registration_label
                            .as_ref()
                            .is_some_and(|flag| flag.as_bool().unwrap_or(false))
                    })
                    .map(|e| display_value(e, values.get(&e.name)))
                    .filter(|text| !text.trim().is_empty())
                    .collect();
                (!labelled.is_empty()).then(|| labelled.join(" - "))
            }
        };
        Finished {
            values: Value::Object(values),
            summary,
            registration_name,
        }
    })
}
