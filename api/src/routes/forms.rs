//! Forms as the fill-in side reads them: `api/form/{id}`, `api/form/{id}/anonymous`,
//! `api/forms/published/{client}`.

use crate::AppState;
use crate::error::Result;
use crate::extract::AuthUser;
use crate::policy::{self, ClientCtx, table};
use crate::routes::folders::millis;
use crate::routes::form_admin;
use axum::Json;
use axum::extract::{Path, State};
use serde::Serialize;
use serde_json::{Map, Value};
use tenancy::tenant::forms::{self, Form};
use tenancy::tenant::user_groups;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show))
        .routes(routes!(anonymous))
        .routes(routes!(metadata))
        .routes(routes!(published))
}

/// Who may fill in a form: a user or a group (admin shape).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AccessEntry {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_id: Option<String>,
}

/// The Form entity (document 000 section 3). The fields marked 'admin shape' are present
/// only for users who manage the client's forms (decision 010).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FormJson {
    pub form_id: String,
    pub form_guest_id: Option<String>,
    pub form_name: String,
    /// default or workflow.
    pub form_type: String,
    pub folder_id: Option<String>,
    pub client_id: String,
    pub client_uuid: String,
    /// The elements.
    #[schema(value_type = Vec<Object>)]
    pub schema: Value,
    /// Default values of the form builder.
    #[schema(value_type = Object)]
    pub values: Value,
    #[schema(value_type = Vec<Object>)]
    pub rules: Value,
    /// guestAccess, guestID, search_enabled, searchable_fields, bad_internet_mode, ...
    #[schema(value_type = Object)]
    pub settings: Value,
    /// form_complete_action.
    #[schema(value_type = Object)]
    pub form_settings: Value,
    pub form_summary: Option<String>,
    #[serde(rename = "registrationNameToken")]
    pub registration_name_token: Option<String>,
    /// Epoch milliseconds; null while unpublished.
    pub published_at: Option<i64>,
    /// Epoch milliseconds.
    pub updated_at: i64,
    /// Admin shape.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub email_settings: Option<Value>,
    /// Admin shape.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub webhook_integrations: Option<Value>,
    /// Admin shape: '1' for workflow forms, null otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub registration_phase: Option<Value>,
    /// Admin shape: the user name of the last editor, or null.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub user: Option<Value>,
    /// Admin shape: the users and groups that may fill it in (none: everyone of the client).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub users: Option<Vec<AccessEntry>>,
}

impl FormJson {
    /// The fill-in shape of a form of `client_id`.
    pub fn fill(form: &Form, client_id: &str) -> FormJson {
        FormJson {
            form_id: form.id.clone(),
            form_guest_id: form.guest_id.clone(),
            form_name: form.name.clone(),
            form_type: form.form_type.clone(),
            folder_id: form.folder_id.clone(),
            client_id: client_id.to_owned(),
            client_uuid: client_id.to_owned(),
            schema: form.schema.clone(),
            values: form.values.clone(),
            rules: form.rules.clone(),
            settings: form.settings.clone(),
            form_settings: form.form_settings.clone(),
            form_summary: form.form_summary.clone(),
            registration_name_token: form.registration_name_token.clone(),
            published_at: form.published_at.map(millis),
            updated_at: millis(form.updated_at),
            email_settings: None,
            webhook_integrations: None,
            registration_phase: None,
            user: None,
            users: None,
        }
    }
}

/// `GET api/form/{form_id}`: the admin shape for users who manage the client's forms, the
/// fill-in shape for users who may fill it in.
#[utoipa::path(get, path = "/api/form/{form_id}", operation_id = table::FORM_SHOW.op, tag = "forms",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "The form", body = FormJson)))]
async fn show(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<FormJson>> {
    let policy::FormCtx { ctx, form } =
        policy::form(&state, auth, &form_id, &table::FORM_SHOW).await?;
    if ctx.manages_forms() {
        return Ok(Json(
            form_admin::admin_json(&state, &ctx, &form.form).await?,
        ));
    }
    Ok(Json(FormJson::fill(&form.form, ctx.client.id.as_str())))
}

/// `GET api/form/{id}/metadata`.
#[derive(Debug, Serialize, ToSchema)]
struct Metadata {
    /// Word file id -> processed.
    email_word_files_processed: Map<String, Value>,
}

/// `GET api/form/{form_id}/metadata`: the processing state of the Word templates the form's
/// e-mail settings use (polled by the form shell while any is false).
#[utoipa::path(get, path = "/api/form/{form_id}/metadata", operation_id = table::FORM_METADATA.op, tag = "forms",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "Word processing state", body = Metadata)))]
async fn metadata(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Metadata>> {
    let form = policy::form(&state, auth, &form_id, &table::FORM_METADATA).await?;
    let templates: Vec<String> =
        domain::notifications::email_settings(&form.form.form.email_settings)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|setting| setting.word.map(|word| word.file_id))
            .collect();
    let processed = tenancy::tenant::word_templates::processed(form.ctx.db(), &templates).await?;
    Ok(Json(Metadata {
        email_word_files_processed: processed
            .into_iter()
            .map(|(id, done)| (id, Value::Bool(done)))
            .collect(),
    }))
}

/// `GET api/form/{id}/anonymous`.
#[derive(Debug, Serialize, ToSchema)]
struct AnonymousForm {
    client_uuid: String,
    form_id: String,
    form_name: String,
}

/// `GET api/form/{form_id}/anonymous`: the client a form belongs to, for the public
/// registration page (no sign-in).
#[utoipa::path(get, path = "/api/form/{form_id}/anonymous", operation_id = table::FORM_ANONYMOUS.op, tag = "forms",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "The form's client", body = AnonymousForm)))]
async fn anonymous(
    State(state): State<AppState>,
    Path(form_id): Path<String>,
) -> Result<Json<AnonymousForm>> {
    let (client, form) = policy::public_form(&state, &form_id).await?;
    Ok(Json(AnonymousForm {
        client_uuid: client.id.to_string(),
        form_id: form.id,
        form_name: form.name,
    }))
}

/// One entry of `GET api/forms/published/{client}`.
#[derive(Debug, Serialize, ToSchema)]
struct PublishedEntry {
    form: PublishedForm,
}

#[derive(Debug, Serialize, ToSchema)]
struct PublishedForm {
    form_id: String,
    form_name: String,
}

/// `GET api/forms/published/{client}`: published forms the user may fill in.
#[utoipa::path(get, path = "/api/forms/published/{client_id}", operation_id = table::FORMS_PUBLISHED.op, tag = "forms",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "Forms to fill in", body = Vec<PublishedEntry>)))]
async fn published(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<Vec<PublishedEntry>>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FORMS_PUBLISHED).await?;
    let forms = fillable_forms(&ctx).await?;
    Ok(Json(
        forms
            .into_iter()
            .map(|form| PublishedEntry {
                form: PublishedForm {
                    form_id: form.id,
                    form_name: form.name,
                },
            })
            .collect(),
    ))
}

/// The published forms this user may fill in, through the user's own grants or groups.
pub async fn fillable_forms(ctx: &ClientCtx) -> Result<Vec<Form>> {
    let user = ctx.auth.user.id.as_str();
    let groups = user_groups::of_user(ctx.db(), user).await?;
    Ok(forms::published_for_user(ctx.db(), user, &groups).await?)
}
