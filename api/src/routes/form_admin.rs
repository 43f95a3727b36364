//! Form management (decision 010): create, change, delete, publish, revisions and copy.
//! Every change forgets the cached form at once, so fill-in calls never see the old one.

use crate::AppState;
use crate::error::{AppError, FieldError, Result};
use crate::extract::{AuthUser, ClientCtx, JsonBody};
use crate::routes::folders::millis;
use crate::routes::forms::{form_json, manages_forms};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use domain::access::Permission;
use domain::form::SchemaError;
use domain::ids::{ClientId, UserId};
use domain::messages;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use tenancy::platform::{directory, users};
use tenancy::tenant::forms::{self, Form, NewForm};
use tenancy::tenant::{folders, revisions};

/// Routes of this resource (`GET api/form/{id}` is in `routes::forms`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/form", post(create))
        .route("/api/form/{form_id}", patch(update).delete(remove))
        .route("/api/form/{form_id}/publish", post(publish))
        .route("/api/form/{form_id}/unpublish", post(unpublish))
        .route("/api/form/{form_id}/revisions", get(revision_list))
        .route(
            "/api/form/{form_id}/revision-restore/{revision_id}",
            get(restore),
        )
        .route("/api/form/{form_id}/copy", post(copy))
}

/// The admin Form JSON: the fill-in shape plus what only managers see.
pub async fn admin_json(state: &AppState, ctx: &ClientCtx, form: &Form) -> Result<Value> {
    let mut json = form_json(form, ctx.client.id.as_str());
    let editor = match &form.updated_by {
        Some(id) => users::find_by_id(&state.platform, &UserId::from_trusted(id.clone()))
            .await?
            .map(|user| user.username),
        None => None,
    };
    let (user_ids, group_ids) = forms::access_lists(&ctx.db, &form.id).await?;
    let access: Vec<Value> = user_ids
        .iter()
        .map(|id| json!({ "user_id": id }))
        .chain(group_ids.iter().map(|id| json!({ "group_id": id })))
        .collect();
    json["email_settings"] = form.email_settings.clone();
    json["webhook_integrations"] = form.webhook_integrations.clone();
    json["registration_phase"] = json!(domain::form::initial_phase(&form.form_type));
    json["user"] = json!(editor);
    json["users"] = Value::Array(access);
    Ok(json)
}

/// The live form of a globally addressed call, after checking the user holds `permission`
/// in the client that owns it.
pub async fn managed_form(
    state: &AppState,
    auth: AuthUser,
    form_id: &str,
    permission: Permission,
) -> Result<(ClientCtx, Form)> {
    let ctx = ClientCtx::for_owner_of(state, auth, "form", form_id).await?;
    ctx.require(permission)?;
    let form = forms::find(&ctx.db, form_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((ctx, form))
}

/// The form as stored now, for answers after a change.
async fn reload(ctx: &ClientCtx, form_id: &str) -> Result<Form> {
    forms::find(&ctx.db, form_id)
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

/// 422 unless `folder_id` names a folder of this client.
async fn existing_folder(ctx: &ClientCtx, folder_id: Option<&str>) -> Result<String> {
    let missing = || AppError::invalid("folder_id", messages::FOLDER_REQUIRED);
    let folder_id = folder_id.filter(|id| !id.is_empty()).ok_or_else(missing)?;
    Ok(folders::find(&ctx.db, folder_id)
        .await?
        .ok_or_else(missing)?
        .id)
}

/// A form name without surrounding spaces; 422 when nothing is left.
fn form_name(raw: Option<&str>) -> Result<String> {
    match raw.map(str::trim) {
        Some(name) if !name.is_empty() => Ok(name.to_owned()),
        _ => Err(AppError::invalid("form_name", messages::FORM_NAME_REQUIRED)),
    }
}

#[derive(Debug, Deserialize)]
struct CreateBody {
    form_name: Option<String>,
    form_type: Option<String>,
    folder_id: Option<String>,
    client_id: Option<String>,
    schema: Option<Value>,
    rules: Option<Value>,
    values: Option<Value>,
    email_settings: Option<Value>,
}

/// linkedForm and computed elements are added by platform administrators only (document
/// 001 section 6); the editor hides them from others, this keeps other clients of the API
/// to the same rule.
fn require_admin_for_added(ctx: &ClientCtx, before: &Value, after: &Value) -> Result<()> {
    if ctx.access.is_admin() || domain::form::admin_only_added(before, after).is_empty() {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// `POST api/form`: a new, unpublished form; the schema starts empty unless one is sent.
async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    JsonBody(body): JsonBody<CreateBody>,
) -> Result<(StatusCode, Json<Value>)> {
    let client_id = body
        .client_id
        .as_deref()
        .and_then(ClientId::parse)
        .ok_or(AppError::NotFound)?;
    let ctx = ClientCtx::resolve(&state, auth, &client_id).await?;
    ctx.require(Permission::ManageForms)?;
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
    require_admin_for_added(&ctx, &json!([]), &schema)?;
    let id = tenancy::new_id();
    let new = NewForm {
        id: id.clone(),
        folder_id: Some(folder_id),
        name,
        form_type,
        schema,
        rules,
        values: body.values.unwrap_or_else(|| json!({})),
        email_settings: body.email_settings.unwrap_or_else(|| json!([])),
        webhook_integrations: json!([]),
        settings: json!({}),
        form_settings: json!({}),
        form_summary: None,
        registration_name_token: None,
        guest_id: None,
        published: false,
        updated_by: Some(ctx.auth.user.id.to_string()),
    };
    forms::insert(&ctx.db, &new).await?;
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
        next.schema = schema;
    }
    if let Some(values) = changed("values", current.values.clone(), Permission::ManageFormEdit) {
        next.values = values;
    }
    if let Some(summary) = changed(
        "form_summary",
        json!(current.form_summary),
        Permission::ManageFormEdit,
    ) {
        next.form_summary = text(summary);
    }
    if let Some(token) = changed(
        "registrationNameToken",
        json!(current.registration_name_token),
        Permission::ManageFormEdit,
    ) {
        next.registration_name_token = text(token);
    }
    if let Some(settings) = changed(
        "form_settings",
        current.form_settings.clone(),
        Permission::ManageFormEdit,
    ) {
        next.form_settings = settings;
    }
    if let Some(rules) = changed(
        "rules",
        current.rules.clone(),
        Permission::ManageFormConditions,
    ) {
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
    if let Some(Value::Object(sent)) = body.get("settings") {
        let mut settings = current.settings.as_object().cloned().unwrap_or_default();
        for (key, value) in sent.iter().filter(|(key, _)| key.as_str() != "guestID") {
            if settings.get(key).unwrap_or(&Value::Null) != value {
                needed.push(settings_permission(key));
                settings.insert(key.clone(), value.clone());
            }
        }
        next.settings = Value::Object(settings);
    }
    Ok((next, needed))
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

/// Stores a changed form with its revision, moves its guest link in the directory and
/// forgets the cached copy; answers the form as stored.
async fn save(state: &AppState, ctx: &ClientCtx, before: &Form, mut next: Form) -> Result<Form> {
    let (gone, fresh) = settle_guest_id(before, &mut next);
    let user = &ctx.auth.user;
    forms::update(&ctx.db, &next, Some(user.id.as_str())).await?;
    if let Some(old) = gone {
        directory::remove(&state.platform, "guest", &old).await?;
        state.caches.directory.remove(&("guest".to_owned(), old));
    }
    if let Some(fresh) = fresh {
        directory::register(&state.platform, "guest", &fresh, &ctx.client.id).await?;
    }
    state.caches.forget_form(&ctx.client.id, &next.id);
    let stored = reload(ctx, &next.id).await?;
    revisions::insert(
        &ctx.db,
        &stored,
        Some(user.id.as_str()),
        Some(&user.username),
    )
    .await?;
    Ok(stored)
}

/// `PATCH api/form/{id}`: the whole form; each changed part needs its own permission.
async fn update(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
    JsonBody(body): JsonBody<Map<String, Value>>,
) -> Result<Json<Value>> {
    let ctx = ClientCtx::for_owner_of(&state, auth, "form", &form_id).await?;
    // Only form managers change forms at all: a body without changes would otherwise let
    // any user of the client write a revision in their name.
    if !manages_forms(&ctx) {
        return Err(AppError::Forbidden);
    }
    let current = forms::find(&ctx.db, &form_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let (next, needed) = apply_patch(&current, &body)?;
    for permission in needed {
        ctx.require(permission)?;
    }
    if next.folder_id != current.folder_id {
        existing_folder(&ctx, next.folder_id.as_deref()).await?;
    }
    if next.schema != current.schema || next.rules != current.rules {
        domain::form::validate_schema(&next.schema, &next.rules).map_err(schema_errors)?;
        require_admin_for_added(&ctx, &current.schema, &next.schema)?;
    }
    let stored = save(&state, &ctx, &current, next).await?;
    Ok(Json(admin_json(&state, &ctx, &stored).await?))
}

/// `DELETE api/form/{id}`: the form disappears everywhere; its registrations stay.
async fn remove(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    let (ctx, form) = managed_form(&state, auth, &form_id, Permission::ManageFormDelete).await?;
    forms::mark_deleted(&ctx.db, &form.id).await?;
    if let Some(guest_id) = form.guest_id {
        directory::remove(&state.platform, "guest", &guest_id).await?;
        state
            .caches
            .directory
            .remove(&("guest".to_owned(), guest_id));
    }
    state.caches.forget_form(&ctx.client.id, &form.id);
    Ok(Json(json!({ "status": true })))
}

/// Publishes or unpublishes, each with its own permission.
async fn set_published(
    state: AppState,
    auth: AuthUser,
    form_id: &str,
    published: bool,
) -> Result<Json<Value>> {
    let permission = if published {
        Permission::ManageFormPublish
    } else {
        Permission::ManageFormUnpublish
    };
    let (ctx, form) = managed_form(&state, auth, form_id, permission).await?;
    forms::set_published(&ctx.db, &form.id, published).await?;
    state.caches.forget_form(&ctx.client.id, &form.id);
    let stored = reload(&ctx, &form.id).await?;
    Ok(Json(admin_json(&state, &ctx, &stored).await?))
}

/// `POST api/form/{id}/publish` (the body's list of ids only repeats the path).
async fn publish(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    set_published(state, auth, &form_id, true).await
}

/// `POST api/form/{id}/unpublish`.
async fn unpublish(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    set_published(state, auth, &form_id, false).await
}

/// `GET api/form/{id}/revisions`: newest first.
async fn revision_list(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
) -> Result<Json<Value>> {
    let (ctx, form) =
        managed_form(&state, auth, &form_id, Permission::ManageFormRevisionsView).await?;
    let list: Vec<Value> = revisions::list(&ctx.db, &form.id)
        .await?
        .into_iter()
        .map(|rev| json!({ "revision_id": rev.id, "updated_at": millis(rev.created_at), "user": { "username": rev.username } }))
        .collect();
    Ok(Json(Value::Array(list)))
}

/// `GET api/form/{id}/revision-restore/{revision_id}`: the form as it was in that revision,
/// back in its folder while that folder exists. Publication, access and the guest link stay
/// as they are now: they have calls of their own, and an old guest link must never come back.
async fn restore(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, revision_id)): Path<(String, String)>,
) -> Result<Json<Value>> {
    let (ctx, current) =
        managed_form(&state, auth, &form_id, Permission::ManageFormRevisionsView).await?;
    ctx.require(Permission::ManageFormEdit)?;
    let old = revisions::find(&ctx.db, &current.id, &revision_id)
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
        Some(id) if folders::find(&ctx.db, id).await?.is_some() => old.folder_id.clone(),
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

#[derive(Debug, Deserialize)]
struct CopyBody {
    client_id: Option<String>,
    folder_id: Option<String>,
}

/// `POST api/form/{id}/copy`: 'Kopie van {name}' in a folder of this or another client of
/// the user, unpublished, without guest access or users.
async fn copy(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(form_id): Path<String>,
    JsonBody(body): JsonBody<CopyBody>,
) -> Result<(StatusCode, Json<Value>)> {
    let (source, form) = managed_form(&state, auth, &form_id, Permission::ManageFormEdit).await?;
    let target = match body
        .client_id
        .as_deref()
        .filter(|id| *id != source.client.id.as_str())
    {
        Some(raw) => {
            let client_id = ClientId::parse(raw).ok_or(AppError::NotFound)?;
            ClientCtx::resolve(&state, source.auth.clone(), &client_id).await?
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
        schema: form.schema.clone(),
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
    forms::insert(&target.db, &new).await?;
    directory::register(&state.platform, "form", &id, &target.client.id).await?;
    let stored = reload(&target, &id).await?;
    Ok((
        StatusCode::CREATED,
        Json(admin_json(&state, &target, &stored).await?),
    ))
}
