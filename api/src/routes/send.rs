//! Sending a registration: `POST api/registration/` (signed in) and
//! `POST api/guest/form/{guestId}` (guests). The server validates against the form's schema
//! and rules — never trusting the client — and answers only after the registration is
//! durably committed by the tenant's group-commit writer.

use crate::AppState;
use crate::cache::CachedForm;
use crate::error::{AppError, FieldError, Result};
use crate::extract::{AuthUser, JsonBody};
use crate::routes::forms::{cached_form, fillable};
use crate::routes::guest;
use crate::routes::registrations::registration_json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
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
use tenancy::tenant::registrations::{Finished, NewRegistration, Status, SubmitOutcome};

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/registration/", post(send))
        .route("/api/registration", post(send))
        .route("/api/guest/form/{guest_id}", post(guest_send))
}

/// The Registration entity as the client sends it; other fields of the entity are the
/// server's to decide and are ignored.
#[derive(Debug, Deserialize)]
pub struct SendBody {
    #[serde(default)]
    form_id: Option<String>,
    #[serde(default)]
    fill_token: Option<String>,
    #[serde(default)]
    values: Value,
    #[serde(default)]
    registration_phase: Option<String>,
}

/// What a fill token stands for: the form and the values exactly as sent.
#[derive(serde::Serialize)]
struct Payload<'a> {
    form_id: &'a str,
    values: &'a Map<String, Value>,
}

/// Who sends.
struct Sender {
    user_id: Option<String>,
    username: Option<String>,
    is_admin: bool,
}

/// `POST api/registration/`.
async fn send(
    State(state): State<AppState>,
    auth: AuthUser,
    JsonBody(body): JsonBody<SendBody>,
) -> Result<(StatusCode, Json<Value>)> {
    let form_id = body
        .form_id
        .clone()
        .ok_or_else(|| AppError::invalid("form_id", messages::NOT_FOUND))?;
    let (ctx, form) = fillable(&state, auth, &form_id).await?;
    let sender = Sender {
        user_id: Some(ctx.auth.user.id.to_string()),
        username: Some(ctx.auth.user.username.clone()),
        is_admin: ctx.access.is_admin(),
    };
    store(&ctx.db, form, body, sender).await
}

/// `POST api/guest/form/{guestId}`: a send without sign-in, while guest access is on.
async fn guest_send(
    State(state): State<AppState>,
    Path(guest_id): Path<String>,
    JsonBody(body): JsonBody<SendBody>,
) -> Result<(StatusCode, Json<Value>)> {
    let (_client, db, form) = guest::open_form(&state, &guest_id).await?;
    if body.form_id.as_deref().is_some_and(|id| id != form.id) {
        return Err(AppError::NotFound);
    }
    let form = cached_form(&state, &db, &form.id).await?;
    store(
        &db,
        form,
        body,
        Sender {
            user_id: None,
            username: None,
            is_admin: false,
        },
    )
    .await
}

/// A fill token is an opaque client-made id; keep it to something an index should hold.
fn check_fill_token(token: Option<String>) -> Result<Option<String>> {
    match token.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty()) {
        Some(token) if token.len() > 128 || token.chars().any(char::is_control) => Err(
            AppError::invalid("fill_token", messages::SEND_VALUES_INVALID),
        ),
        other => Ok(other),
    }
}

async fn store(
    db: &TenantDb,
    cached: Arc<CachedForm>,
    body: SendBody,
    sender: Sender,
) -> Result<(StatusCode, Json<Value>)> {
    let form = &cached.form;
    let fill_token = check_fill_token(body.fill_token)?;
    let submitted: Map<String, Value> = match body.values {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        _ => return Err(AppError::invalid("values", messages::SEND_VALUES_INVALID)),
    };
    let phase = if form.form_type == "workflow" {
        body.registration_phase.or_else(|| Some("1".to_owned()))
    } else {
        None
    };
    let meta = RegistrationMeta {
        date: Some(domain::dates::local_datetime(tenancy::now())),
        username: sender.username.clone(),
        form_name: Some(form.name.clone()),
        serial_number: None,
        phase: phase.clone(),
    };
    let values = validate_submission(&cached.definition, &submitted, &meta).map_err(|errors| {
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
    // What the client sent decides whether a resend with the same fill token is a replay.
    let payload = serde_json::to_vec(&Payload {
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
            Ok((StatusCode::CREATED, Json(registration_json(&reg, form))))
        }
        SubmitOutcome::Replayed(reg) => Ok((StatusCode::OK, Json(registration_json(&reg, form)))),
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
