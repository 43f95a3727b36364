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
use domain::workflow;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::sync::Arc;
use tenancy::TenantDb;
use tenancy::platform::users;
use tenancy::tenant::files::{self, Uploader};
use tenancy::tenant::registrations::Status;
use tenancy::tenant::workflow::{self as workflow_db, Advance, Advanced, Handover};
use tenancy::writer::{Finished, NewRegistration, Numbered, SubmitOutcome};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send))
        .routes(routes!(guest_send))
}

// A body is read through `SendFields`; the serde attributes here say what the OpenAPI
// description marks as optional. (The doc comment below is that description.)
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
#[serde(try_from = "SendFields")]
pub struct SendBody {
    #[schema(min_length = 1)]
    form_id: String,
    /// A workflow registration sent on in its current phase (document 000 section 4), as
    /// `GET api/assigned-registration/{id}` gave it; absent for a new registration.
    #[serde(default)]
    #[schema(max_length = 64)]
    registration_id: Option<String>,
    #[serde(flatten)]
    content: SendContent,
}

/// Body of `POST api/guest/form/{guestId}`: the form is the guest link's.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(from = "SendFields")]
pub struct GuestSendBody {
    /// When sent, the guest link's form.
    #[serde(default)]
    form_id: Option<String>,
    #[serde(flatten)]
    content: SendContent,
}

/// Both bodies' fields as they are read. The bodies above describe them (OpenAPI) with their
/// content flattened, but serde reads a struct with a flattened part through a buffered copy
/// of the whole body, so every key and value of a send's values was made twice: reading the
/// body was a fifth of the handler's time at one client, and the copy a third of that
/// (decision 026). Read flat, the values are made once.
/// `registration_id` means nothing to a guest send and is ignored there, as any other
/// field it does not know.
#[derive(Deserialize)]
struct SendFields {
    #[serde(default)]
    form_id: Option<String>,
    #[serde(default)]
    registration_id: Option<String>,
    #[serde(default)]
    fill_token: Option<String>,
    #[serde(default)]
    values: Value,
}

impl SendFields {
    /// The form, the workflow registration and the content.
    fn split(self) -> (Option<String>, Option<String>, SendContent) {
        let content = SendContent {
            fill_token: self.fill_token,
            values: self.values,
        };
        (self.form_id, self.registration_id, content)
    }
}

impl TryFrom<SendFields> for SendBody {
    type Error = &'static str;

    fn try_from(fields: SendFields) -> std::result::Result<Self, Self::Error> {
        let (form_id, registration_id, content) = fields.split();
        Ok(SendBody {
            form_id: form_id.ok_or("missing field `form_id`")?,
            registration_id,
            content,
        })
    }
}

impl From<SendFields> for GuestSendBody {
    fn from(fields: SendFields) -> Self {
        let (form_id, _, content) = fields.split();
        GuestSendBody { form_id, content }
    }
}

/// What a fill token stands for: the sender, the form (and workflow registration) and the
/// values exactly as sent.
#[derive(serde::Serialize)]
struct Payload<'a> {
    /// A fill token is the sender's: the same token and values from someone else are no
    /// replay of theirs.
    sender: Option<&'a str>,
    form_id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    registration_id: Option<&'a str>,
    values: &'a Map<String, Value>,
}

impl Payload<'_> {
    fn hash(&self) -> Result<String> {
        let bytes = serde_json::to_vec(self).map_err(AppError::internal)?;
        Ok(tenancy::secrets::sha256_hex(&bytes))
    }
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
        (status = 200, description = "A resend of a stored registration: the original; or a workflow registration sent on (`registration_id`)", body = RegistrationJson),
        (status = 409, description = "The fill token was used for other values or by someone else; or the workflow registration moved on meanwhile", body = ErrorBody)
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
    match body.registration_id.filter(|id| !id.is_empty()) {
        Some(id) => send_on(&state, &ctx, form, &id, body.content, sender).await,
        None => store(&state, ctx.db(), form, body.content, sender).await,
    }
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
    store(&state, guest.db(), form, body.content, sender).await
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
/// upload or an outside address. `stored_before` lists the files a workflow registration
/// held before this send (another phase's user uploaded them).
async fn attach_files(
    db: &TenantDb,
    cached: &CachedForm,
    values: &mut Map<String, Value>,
    uploader: &Uploader<'_>,
    stored_before: &[String],
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
            // Files a workflow registration already held were checked when they came.
            .filter(|f| f.uploaded_by(uploader) || stored_before.contains(&f.file.id));
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
    state: &AppState,
    db: &TenantDb,
    cached: Arc<CachedForm>,
    body: SendContent,
    sender: Sender<'_>,
) -> Result<(StatusCode, Json<RegistrationJson>)> {
    let form = &cached.form;
    let fill_token = check_fill_token(body.fill_token)?;
    let submitted = submitted_values(body.values)?;
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
        validate_submission(&cached.definition, &submitted, &meta).map_err(field_errors)?;
    attach_files(db, &cached, &mut values, &sender.uploader, &[]).await?;
    let (wanted, phase, handover) = match &phase {
        Some(from) => match plan_move(state, &cached, &values, &submitted, &meta, &sender).await? {
            Some(handover) => (Status::Draft, handover.to_phase.clone(), Some(handover)),
            None => (Status::Completed, Some(from.clone()), None),
        },
        None => (Status::Completed, None, None),
    };
    // What the client sent decides whether a resend with the same fill token is a replay.
    let payload_hash = Payload {
        sender: sender.user_id.as_deref(),
        form_id: &form.id,
        registration_id: None,
        values: &submitted,
    }
    .hash()?;
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
        wanted,
        handover,
        schema: cached.schema_json.clone(),
        schema_hash: cached.schema_hash.clone(),
        allow_expired_credits: sender.is_admin,
        finish,
        outbox: crate::outbox::planned(&cached, phase.as_deref(), wanted == Status::Completed),
        phase,
    };
    let has_outbox = !new.outbox.is_empty();
    match db.writer().submit(new).await? {
        SubmitOutcome::Created(reg) => {
            if has_outbox {
                state.outbox.wake(db.client_id());
            }
            crate::routes::purchases::after_send(state, db.client_id()).await;
            Ok((StatusCode::CREATED, Json(RegistrationJson::new(reg, form))))
        }
        SubmitOutcome::Replayed(reg) => {
            Ok((StatusCode::OK, Json(RegistrationJson::new(reg, form))))
        }
        SubmitOutcome::Conflict => Err(AppError::Conflict(messages::DUPLICATE_SEND.to_owned())),
    }
}

/// The values object of a send (none is an empty one).
fn submitted_values(values: Value) -> Result<Map<String, Value>> {
    match values {
        Value::Object(map) => Ok(map),
        Value::Null => Ok(Map::new()),
        _ => Err(AppError::invalid("values", messages::SEND_VALUES_INVALID)),
    }
}

/// 422 with every field's problem, at `values/<field>`.
fn field_errors(errors: Vec<domain::submission::FieldError>) -> AppError {
    AppError::Unprocessable {
        message: messages::FORM_INVALID.to_owned(),
        errors: errors
            .into_iter()
            .map(|e| FieldError::new(&format!("values/{}", e.field.replace('.', "/")), e.message))
            .collect(),
    }
}

/// Where sending a workflow registration in the phase of `meta` takes it: the phase's
/// transition (checked against what the device claimed), or None when sending completes it.
async fn plan_move(
    state: &AppState,
    cached: &CachedForm,
    values: &Map<String, Value>,
    submitted: &Map<String, Value>,
    meta: &RegistrationMeta,
    sender: &Sender<'_>,
) -> Result<Option<Handover>> {
    let definition = &cached.definition;
    let transition =
        workflow::transition(definition, values, meta).map_err(|e| field_errors(vec![e]))?;
    workflow::check_claimed(submitted, transition.as_ref(), definition)
        .map_err(|e| field_errors(vec![e]))?;
    let from_phase = meta.phase.clone().unwrap_or_else(|| "1".to_owned());
    let Some(transition) = transition else {
        return Ok(None);
    };
    let assigned_username = match transition
        .assign_to
        .as_deref()
        .and_then(domain::ids::UserId::parse)
    {
        Some(id) => users::find_by_id(&state.platform, &id)
            .await?
            .map(|user| user.username),
        None => None,
    };
    Ok(Some(Handover {
        from_phase,
        to_phase: Some(transition.next_phase),
        assigned_to: transition.assign_to,
        assigned_username,
        by_user: sender.user_id.clone(),
        by_username: sender.username.clone(),
    }))
}

/// A workflow registration sent on in its current phase: the phase's answers replace what
/// it shows, and the phase's transition moves it on (or sending completes it). Only the user
/// it waits for, anyone who may fill in the form when it waits for nobody, or a manager of
/// the form's registrations may send it on.
async fn send_on(
    state: &AppState,
    ctx: &policy::ClientCtx,
    cached: Arc<CachedForm>,
    registration_id: &str,
    body: SendContent,
    sender: Sender<'_>,
) -> Result<(StatusCode, Json<RegistrationJson>)> {
    let form = &cached.form;
    let db = ctx.db();
    let fill_token = check_fill_token(body.fill_token)?
        .ok_or_else(|| AppError::invalid("fill_token", messages::SEND_VALUES_INVALID))?;
    let submitted = submitted_values(body.values)?;
    let payload_hash = Payload {
        sender: sender.user_id.as_deref(),
        form_id: &form.id,
        registration_id: Some(registration_id),
        values: &submitted,
    }
    .hash()?;
    // A resend of a send that made its move (the answer was lost) is answered as it is now,
    // wherever the registration went since.
    if let Some(reg) =
        workflow_db::replay(db, &form.id, registration_id, &fill_token, &payload_hash).await?
    {
        return Ok((StatusCode::OK, Json(RegistrationJson::new(reg, form))));
    }
    let open = workflow_db::find_open(db, registration_id)
        .await?
        .filter(|(reg, _)| reg.form_id == form.id);
    let Some((reg, assignment)) = open else {
        return Err(AppError::Conflict(messages::WORKFLOW_MOVED_ON.to_owned()));
    };
    policy::may_send_on(ctx, assignment.assigned_to.as_deref())?;
    let stored = reg.values.as_object().cloned().unwrap_or_default();
    let meta = RegistrationMeta {
        date: Some(domain::dates::local_datetime(reg.created_at)),
        username: reg.username.clone(),
        form_name: Some(form.name.clone()),
        serial_number: Some(reg.serial_number.to_string()),
        phase: Some(assignment.phase.clone()),
    };
    let mut values = workflow::continue_values(&cached.definition, &stored, &submitted, &meta)
        .map_err(field_errors)?;
    let before = tenancy::tenant::registrations::file_ids_in(
        &reg.values.to_string(),
        db.client_id().as_str(),
    );
    attach_files(db, &cached, &mut values, &sender.uploader, &before).await?;
    let handover = match plan_move(state, &cached, &values, &submitted, &meta, &sender).await? {
        Some(handover) => handover,
        None => Handover {
            from_phase: assignment.phase.clone(),
            to_phase: None,
            assigned_to: None,
            assigned_username: None,
            by_user: sender.user_id.clone(),
            by_username: sender.username.clone(),
        },
    };
    let finish = finisher(
        cached.clone(),
        form.form_summary.clone(),
        form.registration_name_token.clone(),
        values,
        meta,
    );
    let finished = finish(&Numbered {
        id: reg.id.clone(),
        serial_number: reg.serial_number,
        created_at: reg.created_at,
    });
    let to_phase = handover.to_phase.clone();
    let step = Advance {
        registration_id: reg.id.clone(),
        form_id: form.id.clone(),
        from_phase: assignment.phase,
        values: finished.values,
        summary: finished.summary,
        registration_name: finished.registration_name,
        handover,
        fill_token,
        payload_hash,
        allow_expired_credits: sender.is_admin,
        outbox: crate::outbox::planned(&cached, to_phase.as_deref(), to_phase.is_none()),
    };
    match workflow_db::advance(db, &step).await? {
        Advanced::Moved(reg) => {
            if !step.outbox.is_empty() {
                state.outbox.wake(db.client_id());
            }
            Ok((StatusCode::OK, Json(RegistrationJson::new(reg, form))))
        }
        Advanced::Replayed(reg) => Ok((StatusCode::OK, Json(RegistrationJson::new(reg, form)))),
        Advanced::Conflict => Err(AppError::Conflict(messages::DUPLICATE_SEND.to_owned())),
        Advanced::MovedOn => Err(AppError::Conflict(messages::WORKFLOW_MOVED_ON.to_owned())),
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
) -> tenancy::writer::Finish {
    Box::new(move |numbered| {
        let (mut values, mut meta) = (values, meta);
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
