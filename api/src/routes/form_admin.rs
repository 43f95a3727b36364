//! Form management (decision 010): create, change, delete, publish, revisions and copy.
//! Every change forgets the cached form at once, so fill-in calls never see the old one.

use crate::AppState;
use crate::answers::StatusOnly;
use crate::error::{AppError, FieldError, Result};
use crate::extract::{AuthUser, JsonBody};
use crate::input::checked_name;
use crate::policy::{self, ClientCtx, Route, table};
use crate::routes::folders::millis;
use crate::routes::forms::{AccessEntry, FormJson};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::access::Permission;
use domain::form::SchemaError;
use domain::ids::UserId;
use domain::messages;
use domain::notifications::{self, Problem};
use domain::periodic::{self, PeriodicMail};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use tenancy::platform::{directory, users};
use tenancy::tenant::forms::{self, Form, NewForm};
use tenancy::tenant::{folders, revisions};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource (`GET api/form/{id}` is in `routes::forms`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(update, remove))
        .routes(routes!(publish))
        .routes(routes!(unpublish))
        .routes(routes!(revision_list))
        .routes(routes!(restore))
        .routes(routes!(copy))
}

/// The admin Form JSON: the fill-in shape plus what only managers see.
pub async fn admin_json(state: &AppState, ctx: &ClientCtx, form: &Form) -> Result<FormJson> {
    let mut json = FormJson::fill(form, ctx.client.id.as_str());
    let editor = match &form.updated_by {
        Some(id) => users::find_by_id(&state.platform, &UserId::from_trusted(id.clone()))
            .await?
            .map(|user| user.username),
        None => None,
    };
    let (user_ids, group_ids) = forms::access_lists(ctx.db(), &form.id).await?;
    let access: Vec<AccessEntry> = user_ids
        .into_iter()
        .map(|id| AccessEntry {
            user_id: Some(id),
            group_id: None,
        })
        .chain(group_ids.into_iter().map(|id| AccessEntry {
            user_id: None,
            group_id: Some(id),
        }))
        .collect();
    json.email_settings = Some(form.email_settings.clone());
    json.webhook_integrations = Some(form.webhook_integrations.clone());
    json.registration_phase = Some(json!(domain::form::initial_phase(&form.form_type)));
    json.user = Some(json!(editor));
    json.users = Some(access);
    Ok(json)
}

/// The live form of a form-scoped management route, after the policy allowed it in the
/// client that owns the form.
pub async fn managed_form(
    state: &AppState,
    auth: AuthUser,
    form_id: &str,
    route: &Route,
) -> Result<(ClientCtx, Form)> {
    let ctx = policy::owner(state, auth, "form", form_id, route).await?;
    let form = reload(&ctx, form_id).await?;
    Ok((ctx, form))
}

/// The form as stored now, for answers after a change.
async fn reload(ctx: &ClientCtx, form_id: &str) -> Result<Form> {
    forms::find(ctx.db(), form_id)
        .await?
        .ok_or(AppError::NotFound)
}

/// 422 with one field error per schema or rule problem; the pointer follows the path
/// (`schema[2].name` -> `/schema/2/name`).
fn schema_errors(errors: Vec<SchemaError>) -> AppError {
    let errors = errors
        .into_iter()
        .map(|error| {
            FieldError::new(
                &error
                    .path
                    .replace('[', ".")
                    .replace(']', "")
                    .replace('.', "/"),
                error.message,
            )
        })
        .collect();
    AppError::Unprocessable {
        message: messages::FORM_NOT_SAVED.to_owned(),
        errors,
    }
}

/// The folder `folder_id` names in this client: 422 when none is given, 404 when it names
/// no folder here.
async fn existing_folder(ctx: &ClientCtx, folder_id: Option<&str>) -> Result<String> {
    let folder_id = folder_id
        .filter(|id| !id.is_empty())
        .ok_or_else(|| AppError::invalid("folder_id", messages::FOLDER_REQUIRED))?;
    Ok(folders::find(ctx.db(), folder_id)
        .await?
        .ok_or(AppError::Missing(messages::FOLDER_UNKNOWN))?
        .id)
}

/// A form name as stored; 422 when nothing visible is left, too long or invisible.
fn form_name(raw: Option<&str>) -> Result<String> {
    checked_name("form_name", raw, messages::FORM_NAME_REQUIRED)
}

/// Body of `POST api/form`.
#[derive(Debug, Deserialize, ToSchema)]
struct CreateBody {
    #[schema(schema_with = crate::input::name_schema, required = true)]
    form_name: Option<String>,
    /// default when left out.
    #[schema(schema_with = form_type_schema)]
    form_type: Option<String>,
    #[schema(required = true, min_length = 1)]
    folder_id: Option<String>,
    #[schema(format = Uuid, required = true)]
    client_id: Option<String>,
    #[schema(value_type = Option<Vec<Object>>)]
    schema: Option<Value>,
    #[schema(value_type = Option<Vec<Object>>)]
    rules: Option<Value>,
    #[schema(value_type = Option<Object>)]
    values: Option<Value>,
    #[schema(value_type = Option<Vec<Object>>)]
    email_settings: Option<Value>,
}

/// `form_type`: one of the form types (document 001 section 3).
fn form_type_schema() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(domain::form::FORM_TYPES.iter().copied()))
        .build()
}

/// linkedForm and computed elements are added by platform administrators only (document
/// 001 section 6), premium elements only to forms of clients with their module (document 002
/// section 2); the editor locks them, this keeps other clients of the API to the same rules.
fn require_rights_for_added(ctx: &ClientCtx, before: &Value, after: &Value) -> Result<()> {
    if !ctx.access.is_admin() && !domain::form::admin_only_added(before, after).is_empty() {
        return Err(AppError::Forbidden);
    }
    match domain::form::locked_premium_added(before, after, &ctx.client.modules).first() {
        Some((name, module)) => Err(AppError::invalid(
            "schema",
            &messages::premium_element_locked(name, module),
        )),
        None => Ok(()),
    }
}

/// `POST api/form`: a new, unpublished form; the schema starts empty unless one is sent.
#[utoipa::path(post, path = "/api/form", operation_id = table::FORM_CREATE.op, tag = "form admin",
    request_body = CreateBody,
    responses((status = 201, description = "Created", body = FormJson)))]
async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    JsonBody(body): JsonBody<CreateBody>,
) -> Result<(StatusCode, Json<FormJson>)> {
    let client_id = body.client_id.as_deref().unwrap_or_default();
    let ctx = policy::client_by_id(&state, auth, client_id, &table::FORM_CREATE).await?;
    let name = form_name(body.form_name.as_deref())?;
    let form_type = body.form_type.unwrap_or_else(|| "default".to_owned());
    if !domain::form::FORM_TYPES.contains(&form_type.as_str()) {
        let detail = messages::form_type_unknown(&form_type);
        return Err(AppError::invalid("form_type", &detail));
    }
    let folder_id = existing_folder(&ctx, body.folder_id.as_deref()).await?;
    let schema = body.schema.unwrap_or_else(|| json!([]));
    let rules = body.rules.unwrap_or_else(|| json!([]));
    domain::form::validate_schema(&schema, &rules).map_err(schema_errors)?;
    require_rights_for_added(&ctx, &json!([]), &schema)?;
    let email_settings = body.email_settings.unwrap_or_else(|| json!([]));
    check_notifications(&json!([]), &email_settings, &json!([]), &json!([]))?;
    let id = tenancy::new_id();
    let new = NewForm {
        folder_id: Some(folder_id),
        form_type,
        schema,
        rules,
        values: body.values.unwrap_or_else(|| json!({})),
        email_settings,
        updated_by: Some(ctx.auth.user.id.to_string()),
        ..NewForm::new(id.clone(), name)
    };
    forms::insert(ctx.db(), &new).await?;
    directory::register(&state.platform, "form", &id, &ctx.client.id).await?;
    let form = reload(&ctx, &id).await?;
    Ok((
        StatusCode::CREATED,
        Json(admin_json(&state, &ctx, &form).await?),
    ))
}

/// The permission a key of `settings` needs when it changes.
fn settings_permission(key: &str) -> Permission {
    match key {
        "search_enabled" | "searchable_fields" => Permission::ManageFormSearch,
        "weeklyRegistrationMail" => Permission::ManageFormRegistrationsWeeklyMail,
        _ => Permission::ManageFormEdit,
    }
}

/// The form after a PATCH body and the permissions its changed parts need. A part sent
/// unchanged needs nothing; parts with calls of their own (publication, guest id, access)
/// are ignored. Settings keys are merged over the stored ones; `guestID` stays the server's.
fn apply_patch(current: &Form, body: &Map<String, Value>) -> Result<(Form, Vec<Permission>)> {
    let mut next = current.clone();
    let mut needed = Vec::new();
    let mut changed = |key: &str, now: Value, permission: Permission| -> Option<Value> {
        let sent = body.get(key)?;
        (*sent != now).then(|| {
            needed.push(permission);
            sent.clone()
        })
    };
    let text = |value: Value| value.as_str().map(str::to_owned);
    if let Some(name) = changed("form_name", json!(current.name), Permission::ManageFormName) {
        next.name = form_name(name.as_str())?;
    }
    if let Some(folder) = changed(
        "folder_id",
        json!(current.folder_id),
        Permission::ManageFormName,
    ) {
        next.folder_id = Some(
            text(folder)
                .ok_or_else(|| AppError::invalid("folder_id", messages::FOLDER_REQUIRED))?,
        );
    }
    if let Some(schema) = changed("schema", current.schema.clone(), Permission::ManageFormEdit) {
        // A stored null reads as no elements (`domain::form`); a sent one is not a list.
        if schema.is_null() {
            return Err(AppError::invalid("schema", messages::SCHEMA_NOT_A_LIST));
        }
        next.schema = schema;
    }
    if let Some(values) = changed("values", current.values.clone(), Permission::ManageFormEdit) {
        next.values = typed(values, Value::is_object)?;
    }
    if let Some(summary) = changed(
        "form_summary",
        json!(current.form_summary),
        Permission::ManageFormEdit,
    ) {
        next.form_summary = text(typed(summary, text_or_null)?);
    }
    if let Some(token) = changed(
        "registrationNameToken",
        json!(current.registration_name_token),
        Permission::ManageFormEdit,
    ) {
        next.registration_name_token = text(typed(token, text_or_null)?);
    }
    if let Some(settings) = changed(
        "form_settings",
        current.form_settings.clone(),
        Permission::ManageFormEdit,
    ) {
        next.form_settings = typed(settings, Value::is_object)?;
    }
    if let Some(rules) = changed(
        "rules",
        current.rules.clone(),
        Permission::ManageFormConditions,
    ) {
        if rules.is_null() {
            return Err(AppError::invalid("rules", messages::RULES_NOT_A_LIST));
        }
        next.rules = rules;
    }
    if let Some(emails) = changed(
        "email_settings",
        current.email_settings.clone(),
        Permission::ManageFormEmails,
    ) {
        next.email_settings = emails;
    }
    if let Some(hooks) = changed(
        "webhook_integrations",
        current.webhook_integrations.clone(),
        Permission::ManageFormIntegrations,
    ) {
        next.webhook_integrations = hooks;
    }
    match body.get("settings") {
        Some(Value::Object(sent)) => {
            let mut settings = current.settings.as_object().cloned().unwrap_or_default();
            for (key, value) in sent.iter().filter(|(key, _)| key.as_str() != "guestID") {
                if settings.get(key).unwrap_or(&Value::Null) != value {
                    needed.push(settings_permission(key));
                    settings.insert(key.clone(), value.clone());
                }
            }
            next.settings = Value::Object(settings);
        }
        // Settings of another type than stored cannot be merged key by key.
        Some(sent) if *sent != current.settings => return Err(wrong_type()),
        _ => {}
    }
    Ok((next, needed))
}

/// A changed part that no other check reads, if it has its documented type (`FormPatch`):
/// stored as sent, a list for the settings or a number for the summary would be a form the
/// builder and the send path cannot read. An unchanged part is not looked at, so a form
/// stored before this check can still be edited.
fn typed(value: Value, fits: fn(&Value) -> bool) -> Result<Value> {
    if fits(&value) {
        Ok(value)
    } else {
        Err(wrong_type())
    }
}

fn wrong_type() -> AppError {
    AppError::BadRequest(messages::BAD_JSON.to_owned())
}

/// Text or null: a summary or a registration name token.
fn text_or_null(value: &Value) -> bool {
    value.is_string() || value.is_null()
}

/// A changed weekly or monthly mail setting must be one the job can send (document 001
/// section 5: each recipient a valid e-mail address).
fn check_periodic_mail(current: &Form, next: &Form) -> Result<()> {
    let setting = |form: &Form| {
        form.settings
            .get(periodic::SETTING)
            .cloned()
            .unwrap_or(Value::Null)
    };
    let sent = setting(next);
    if sent == setting(current) {
        return Ok(());
    }
    PeriodicMail::parse(&sent).map(drop).map_err(|problems| {
        let message = problems
            .first()
            .map_or(messages::PERIODIC_MAIL_INVALID, |(_, text)| text);
        AppError::Unprocessable {
            message: message.to_owned(),
            errors: problems
                .iter()
                .map(|(path, text)| {
                    let field = format!("settings/{}/{path}", periodic::SETTING);
                    FieldError::new(field.trim_end_matches('/'), *text)
                })
                .collect(),
        }
    })
}

/// Field errors of one notification part, each pointing at its field
/// (`/email_settings/0/to_addresses/1`; a problem with the whole list at `/email_settings`).
fn notification_errors(part: &str, problems: Vec<Problem>) -> impl Iterator<Item = FieldError> {
    problems.into_iter().map(move |(path, text)| {
        let field = format!("{part}/{path}");
        FieldError::new(field.trim_end_matches('/'), text)
    })
}

/// A sent notification part checked as a list: `notifications` reads a stored `null` as no
/// settings, but a sent one would be stored as it came, where the builder needs a list.
fn sent_list<T>(
    value: &Value,
    check: fn(&Value) -> std::result::Result<T, Vec<Problem>>,
) -> std::result::Result<T, Vec<Problem>> {
    if value.is_null() {
        return Err(vec![(String::new(), messages::HOOKS_INVALID)]);
    }
    check(value)
}

/// Changed e-mail settings and integrations must be ones the jobs can send (document 001
/// section 5). Only a changed part is checked: settings stored before these checks existed
/// do not block a change of another part. Problems of both parts are answered together; the
/// message is the spec's failure text of the first part with a problem.
fn check_notifications(
    emails_before: &Value,
    emails: &Value,
    hooks_before: &Value,
    hooks: &Value,
) -> Result<()> {
    let mut message = None;
    let mut errors = Vec::new();
    if emails != emails_before
        && let Err(problems) = sent_list(emails, notifications::email_settings)
    {
        message.get_or_insert(messages::EMAIL_SETTINGS_NOT_SAVED);
        errors.extend(notification_errors("email_settings", problems));
    }
    if hooks != hooks_before
        && let Err(problems) = sent_list(hooks, notifications::webhooks)
    {
        message.get_or_insert(messages::INTEGRATIONS_NOT_SAVED);
        errors.extend(notification_errors("webhook_integrations", problems));
    }
    match message {
        None => Ok(()),
        Some(message) => Err(AppError::Unprocessable {
            message: message.to_owned(),
            errors,
        }),
    }
}

/// True when the settings switch guest access on.
fn guest_access(form: &Form) -> bool {
    form.settings
        .get("guestAccess")
        .and_then(Value::as_bool)
        .unwrap_or(false)
}

/// Gives `next` the guest link its settings ask for: a fresh guest id when guest access is
/// switched on (the old link stops working), none when it is off. Returns the guest ids
/// to forget and to register in the directory.
fn settle_guest_id(before: &Form, next: &mut Form) -> (Option<String>, Option<String>) {
    let wanted = guest_access(next);
    if wanted && (!guest_access(before) || next.guest_id.is_none()) {
        let fresh = tenancy::new_id();
        next.settings["guestID"] = json!(fresh);
        let old = next.guest_id.replace(fresh.clone());
        return (old, Some(fresh));
    }
    if !wanted {
        if let Some(settings) = next.settings.as_object_mut() {
            settings.remove("guestID");
        }
        return (next.guest_id.take(), None);
    }
    (None, None)
}

/// Guest map links that no longer lead anywhere leave the directory (and its cache).
async fn forget_guest_maps(state: &AppState, uuids: impl Iterator<Item = String>) -> Result<()> {
    for uuid in uuids {
        directory::remove(&state.platform, "guest_map", &uuid).await?;
        state
            .caches
            .directory
            .remove(&("guest_map".to_owned(), uuid));
    }
    Ok(())
}

/// Stores a changed form with its revision, moves its guest link in the directory and
/// forgets the cached copy; answers the form as stored.
async fn save(state: &AppState, ctx: &ClientCtx, before: &Form, mut next: Form) -> Result<Form> {
    let (gone, fresh) = settle_guest_id(before, &mut next);
    let user = &ctx.auth.user;
    forms::update(ctx.db(), &next, Some(user.id.as_str())).await?;
    if let Some(old) = gone {
        directory::remove(&state.platform, "guest", &old).await?;
        state.caches.directory.remove(&("guest".to_owned(), old));
    }
    if let Some(fresh) = fresh {
        directory::register(&state.platform, "guest", &fresh, &ctx.client.id).await?;
    }
    let (maps_before, maps_after) = (
        domain::form::guest_map_uuids(&before.schema),
        domain::form::guest_map_uuids(&next.schema),
    );
    for uuid in maps_after.iter().filter(|u| !maps_before.contains(u)) {
        directory::register(&state.platform, "guest_map", uuid, &ctx.client.id).await?;
    }
    forget_guest_maps(
        state,
        maps_before.into_iter().filter(|u| !maps_after.contains(u)),
    )
    .await?;
    state.caches.forget_form(&ctx.client.id, &next.id);
    let stored = reload(ctx, &next.id).await?;
    revisions::insert(
        ctx.db(),
        &stored,
        Some(user.id.as_str()),
        Some(&user.username),
    )
    .await?;
    Ok(stored)
}

// Documentation only: `apply_patch` reads the body's parts one by one, so that a part left
// out is left as it is.
/// The parts of a form a PATCH changes, any of them (the web sends the whole form). Parts
/// with calls of their own (publication, the guest id, access) are not read here.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
struct FormPatch {
    #[schema(nullable = false)]
    form_name: Option<String>,
    /// A folder of the form's client.
    #[schema(nullable = false)]
    folder_id: Option<String>,
    /// The elements.
    #[schema(value_type = Vec<Object>, nullable = false, required = false)]
    schema: Option<Value>,
    /// Default values of the form builder.
    #[schema(value_type = Object, nullable = false, required = false)]
    values: Option<Value>,
    form_summary: Option<String>,
    #[schema(rename = "registrationNameToken")]
    registration_name_token: Option<String>,
    /// form_complete_action.
    #[schema(value_type = Object, nullable = false, required = false)]
    form_settings: Option<Value>,
    #[schema(value_type = Vec<Object>, nullable = false, required = false)]
    rules: Option<Value>,
    #[schema(value_type = Vec<Object>, nullable = false, required = false)]
    email_settings: Option<Value>,
    #[schema(value_type = Vec<Object>, nullable = false, required = false)]
    webhook_integrations: Option<Value>,
    /// Merged over the stored settings key by key; `guestID` stays the server's.
    #[schema(value_type = Object, nullable = false, required = false)]
    settings: Option<Value>,
}

/// `PATCH api/form/{id}`: the whole form; each changed part needs its own permission, and
/// the call needs one of the permissions that change a part. A body that changes nothing
/// stores nothing (no revision, no 'last changed by').
#[utoipa::path(patch, path = "/api/form/{form_id}", operation_id = table::FORM_UPDATE.op, tag = "form admin",
    params(("form_id" = String, Path)),
    request_body(content = FormPatch, description = "The whole form or the parts to change"),
    responses((status = 200, description = "The form as stored", body = FormJson)))]
async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
    JsonBody(body): JsonBody<Map<String, Value>>,
) -> Result<Json<FormJson>> {
    let (ctx, current) = managed_form(&state, auth, &form_id, &table::FORM_UPDATE).await?;
    let (next, needed) = apply_patch(&current, &body)?;
    if needed.is_empty() {
        return Ok(Json(admin_json(&state, &ctx, &current).await?));
    }
    for permission in needed {
        ctx.require(permission)?;
    }
    if next.folder_id != current.folder_id {
        existing_folder(&ctx, next.folder_id.as_deref()).await?;
    }
    if next.schema != current.schema || next.rules != current.rules {
        domain::form::validate_schema(&next.schema, &next.rules).map_err(schema_errors)?;
        require_rights_for_added(&ctx, &current.schema, &next.schema)?;
    }
    check_periodic_mail(&current, &next)?;
    check_notifications(
        &current.email_settings,
        &next.email_settings,
        &current.webhook_integrations,
        &next.webhook_integrations,
    )?;
    let stored = save(&state, &ctx, &current, next).await?;
    Ok(Json(admin_json(&state, &ctx, &stored).await?))
}

/// `DELETE api/form/{id}`: the form disappears everywhere; its registrations stay.
#[utoipa::path(delete, path = "/api/form/{form_id}", operation_id = table::FORM_DELETE.op, tag = "form admin",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "Deleted", body = StatusOnly)))]
async fn remove(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<StatusOnly>> {
    let (ctx, form) = managed_form(&state, auth, &form_id, &table::FORM_DELETE).await?;
    forms::mark_deleted(ctx.db(), &form.id).await?;
    if let Some(guest_id) = form.guest_id {
        directory::remove(&state.platform, "guest", &guest_id).await?;
        state
            .caches
            .directory
            .remove(&("guest".to_owned(), guest_id));
    }
    forget_guest_maps(
        &state,
        domain::form::guest_map_uuids(&form.schema).into_iter(),
    )
    .await?;
    state.caches.forget_form(&ctx.client.id, &form.id);
    Ok(Json(StatusOnly::OK))
}

/// Publishes or unpublishes, each with its own permission.
async fn set_published(
    state: AppState,
    auth: AuthUser,
    form_id: &str,
    published: bool,
) -> Result<Json<FormJson>> {
    let route = if published {
        &table::FORM_PUBLISH
    } else {
        &table::FORM_UNPUBLISH
    };
    let (ctx, form) = managed_form(&state, auth, form_id, route).await?;
    forms::set_published(ctx.db(), &form.id, published).await?;
    state.caches.forget_form(&ctx.client.id, &form.id);
    let stored = reload(&ctx, &form.id).await?;
    Ok(Json(admin_json(&state, &ctx, &stored).await?))
}

/// `POST api/form/{id}/publish` (the body's list of ids only repeats the path).
#[utoipa::path(post, path = "/api/form/{form_id}/publish", operation_id = table::FORM_PUBLISH.op, tag = "form admin",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "The form, published", body = FormJson)))]
async fn publish(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<FormJson>> {
    set_published(state, auth, &form_id, true).await
}

/// `POST api/form/{id}/unpublish`.
#[utoipa::path(post, path = "/api/form/{form_id}/unpublish", operation_id = table::FORM_UNPUBLISH.op, tag = "form admin",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "The form, unpublished", body = FormJson)))]
async fn unpublish(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<FormJson>> {
    set_published(state, auth, &form_id, false).await
}

/// Who made a revision.
#[derive(Debug, Serialize, ToSchema)]
struct RevisionUser {
    username: Option<String>,
}

/// One stored version of a form.
#[derive(Debug, Serialize, ToSchema)]
struct RevisionEntry {
    revision_id: String,
    /// Epoch milliseconds.
    updated_at: i64,
    user: RevisionUser,
}

/// `GET api/form/{id}/revisions`: newest first.
#[utoipa::path(get, path = "/api/form/{form_id}/revisions", operation_id = table::FORM_REVISIONS.op, tag = "form admin",
    params(("form_id" = String, Path)),
    responses((status = 200, description = "Revisions, newest first", body = Vec<RevisionEntry>)))]
async fn revision_list(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Vec<RevisionEntry>>> {
    let (ctx, form) = managed_form(&state, auth, &form_id, &table::FORM_REVISIONS).await?;
    let list = revisions::list(ctx.db(), &form.id)
        .await?
        .into_iter()
        .map(|rev| RevisionEntry {
            revision_id: rev.id,
            updated_at: millis(rev.created_at),
            user: RevisionUser {
                username: rev.username,
            },
        })
        .collect();
    Ok(Json(list))
}

/// `GET api/form/{id}/revision-restore/{revision_id}`: the form as it was in that revision,
/// back in its folder while that folder exists. Publication, access and the guest link stay
/// as they are now: they have calls of their own, and an old guest link must never come back.
#[utoipa::path(get, path = "/api/form/{form_id}/revision-restore/{revision_id}", operation_id = table::FORM_REVISION_RESTORE.op, tag = "form admin",
    params(("form_id" = String, Path), ("revision_id" = String, Path)),
    responses((status = 200, description = "The form as restored", body = FormJson)))]
async fn restore(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, revision_id)): Path<(String, String)>,
) -> Result<Json<FormJson>> {
    let (ctx, current) =
        managed_form(&state, auth, &form_id, &table::FORM_REVISION_RESTORE).await?;
    let old = revisions::find(ctx.db(), &current.id, &revision_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let mut settings = old.settings.clone();
    for key in ["guestAccess", "guestID"] {
        match current.settings.get(key) {
            Some(value) => settings[key] = value.clone(),
            None => {
                if let Some(map) = settings.as_object_mut() {
                    map.remove(key);
                }
            }
        }
    }
    let folder_id = match old.folder_id.as_deref() {
        Some(id) if folders::find(ctx.db(), id).await?.is_some() => old.folder_id.clone(),
        _ => current.folder_id.clone(),
    };
    let restored = Form {
        settings,
        folder_id,
        guest_id: current.guest_id.clone(),
        ..old
    };
    let stored = save(&state, &ctx, &current, restored).await?;
    Ok(Json(admin_json(&state, &ctx, &stored).await?))
}

/// Body of `POST api/form/{id}/copy`.
#[derive(Debug, Deserialize, ToSchema)]
struct CopyBody {
    /// The client to copy to; this form's client when left out.
    client_id: Option<String>,
    #[schema(required = true, min_length = 1)]
    folder_id: Option<String>,
}

/// `POST api/form/{id}/copy`: 'Kopie van {name}' in a folder of this or another client of
/// the user (where the user needs 'eform manage forms'), unpublished, without guest access,
/// guest maps or users.
#[utoipa::path(post, path = "/api/form/{form_id}/copy", operation_id = table::FORM_COPY.op, tag = "form admin",
    params(("form_id" = String, Path)),
    request_body = CopyBody,
    responses((status = 201, description = "The copy", body = FormJson)))]
async fn copy(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
    JsonBody(body): JsonBody<CopyBody>,
) -> Result<(StatusCode, Json<FormJson>)> {
    let (source, form) = managed_form(&state, auth, &form_id, &table::FORM_COPY).await?;
    let target = match body
        .client_id
        .as_deref()
        .filter(|id| *id != source.client.id.as_str())
    {
        Some(raw) => {
            policy::client_by_id(&state, source.auth.clone(), raw, &table::FORM_CREATE).await?
        }
        None => source,
    };
    target.require(Permission::ManageForms)?;
    let folder_id = existing_folder(&target, body.folder_id.as_deref()).await?;
    let mut settings = form.settings.clone();
    if let Some(map) = settings.as_object_mut() {
        map.remove("guestID");
        map.insert("guestAccess".to_owned(), json!(false));
    }
    let id = tenancy::new_id();
    let new = NewForm {
        id: id.clone(),
        folder_id: Some(folder_id),
        name: messages::copy_name(&form.name),
        form_type: form.form_type.clone(),
        schema: domain::form::without_guest_maps(&form.schema),
        rules: form.rules.clone(),
        values: form.values.clone(),
        email_settings: form.email_settings.clone(),
        webhook_integrations: form.webhook_integrations.clone(),
        settings,
        form_settings: form.form_settings.clone(),
        form_summary: form.form_summary.clone(),
        registration_name_token: form.registration_name_token.clone(),
        guest_id: None,
        published: false,
        updated_by: Some(target.auth.user.id.to_string()),
    };
    forms::insert(target.db(), &new).await?;
    directory::register(&state.platform, "form", &id, &target.client.id).await?;
    let stored = reload(&target, &id).await?;
    Ok((
        StatusCode::CREATED,
        Json(admin_json(&state, &target, &stored).await?),
    ))
}
