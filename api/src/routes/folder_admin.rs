//! Folder management (decision 010): the admin trees, create, delete, hide and rename.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::{AuthUser, ClientCtx, JsonBody};
use crate::routes::folders::Tree;
use crate::routes::forms::manages_forms;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, patch};
use axum::{Json, Router};
use domain::access::Permission;
use domain::messages;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use tenancy::platform::directory;
use tenancy::tenant::folders::{self, Folder};
use tenancy::tenant::forms;

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/client/{client_id}/folder",
            get(tree_with_forms).post(create),
        )
        .route("/api/client/{client_id}/folder/admin", get(tree_only))
        .route("/api/client/{client_id}/folder/{folder_id}", delete(remove))
        .route("/api/folder/{folder_id}/set-hidden", patch(set_hidden))
        .route("/api/folder/{folder_id}/rename", patch(rename))
}

/// 403 unless the user may see the form admin list.
fn require_form_admin(ctx: &ClientCtx) -> Result<()> {
    if manages_forms(ctx) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// `GET api/client/{id}/folder`: every folder with all its forms, published or not.
async fn tree_with_forms(ctx: ClientCtx) -> Result<Json<Value>> {
    require_form_admin(&ctx)?;
    let folders = folders::list(&ctx.db).await?;
    let forms = forms::list(&ctx.db).await?;
    let tree = Tree::new(
        &folders,
        &forms,
        ctx.access.may(Permission::ViewHiddenFolders),
    );
    Ok(Json(Value::Array(tree.below(None, false))))
}

/// `GET api/client/{id}/folder/admin`: the same tree without forms.
async fn tree_only(ctx: ClientCtx) -> Result<Json<Value>> {
    require_form_admin(&ctx)?;
    let folders = folders::list(&ctx.db).await?;
    let tree = Tree::new(&folders, &[], ctx.access.may(Permission::ViewHiddenFolders));
    Ok(Json(Value::Array(tree.below(None, false))))
}

/// One folder as Folder JSON, with its sub-folders (no forms).
async fn folder_json(ctx: &ClientCtx, folder: &Folder) -> Result<Value> {
    let folders = folders::list(&ctx.db).await?;
    Ok(Tree::new(&folders, &[], true).folder(folder, false))
}

/// A folder name with the surrounding spaces dropped; 422 when nothing is left.
fn folder_name(raw: Option<&str>) -> Result<String> {
    match raw.map(str::trim) {
        Some(name) if !name.is_empty() => Ok(name.to_owned()),
        _ => Err(AppError::invalid(
            "folder_name",
            messages::FOLDER_NAME_REQUIRED,
        )),
    }
}

#[derive(Debug, Deserialize)]
struct NewFolder {
    folder_name: Option<String>,
    form_folder: Option<String>,
    #[serde(default)]
    hidden: bool,
}

/// `POST api/client/{id}/folder`.
async fn create(
    State(state): State<AppState>,
    ctx: ClientCtx,
    JsonBody(body): JsonBody<NewFolder>,
) -> Result<(StatusCode, Json<Value>)> {
    ctx.require(Permission::ManageForms)?;
    if body.hidden {
        ctx.require(Permission::ViewHiddenFolders)?;
    }
    let name = folder_name(body.folder_name.as_deref())?;
    let parent = body.form_folder.filter(|id| !id.is_empty());
    if let Some(parent) = &parent {
        folders::find(&ctx.db, parent)
            .await?
            .ok_or_else(|| AppError::invalid("form_folder", messages::FOLDER_PARENT_UNKNOWN))?;
    }
    let id = folders::insert(&ctx.db, &name, parent.as_deref(), body.hidden).await?;
    directory::register(&state.platform, "folder", &id, &ctx.client.id).await?;
    let folder = folders::find(&ctx.db, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((StatusCode::CREATED, Json(folder_json(&ctx, &folder).await?)))
}

/// `DELETE api/client/{id}/folder/{folderId}`: refused (409) while forms remain in the
/// folder or below it, so no form is ever left without a folder by accident.
async fn remove(
    State(state): State<AppState>,
    ctx: ClientCtx,
    Path(params): Path<HashMap<String, String>>,
) -> Result<Json<Value>> {
    ctx.require(Permission::ManageForms)?;
    let folder_id = params.get("folder_id").ok_or(AppError::NotFound)?;
    folders::find(&ctx.db, folder_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let subtree = folders::subtree_ids(&ctx.db, folder_id).await?;
    if forms::count_in_folders(&ctx.db, &subtree).await? > 0 {
        return Err(AppError::Conflict(messages::FOLDER_NOT_EMPTY.to_owned()));
    }
    folders::delete(&ctx.db, folder_id).await?;
    for id in &subtree {
        directory::remove(&state.platform, "folder", id).await?;
        state
            .caches
            .directory
            .remove(&("folder".to_owned(), id.clone()));
    }
    Ok(Json(json!({ "status": true })))
}

/// The folder of a globally addressed call, in the client that owns it.
async fn owned_folder(
    state: &AppState,
    auth: AuthUser,
    folder_id: &str,
) -> Result<(ClientCtx, Folder)> {
    let ctx = ClientCtx::for_owner_of(state, auth, "folder", folder_id).await?;
    let folder = folders::find(&ctx.db, folder_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((ctx, folder))
}

#[derive(Debug, Deserialize)]
struct Hidden {
    hidden: bool,
}

/// `PATCH api/folder/{id}/set-hidden`.
async fn set_hidden(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(folder_id): Path<String>,
    JsonBody(body): JsonBody<Hidden>,
) -> Result<Json<Value>> {
    let (ctx, folder) = owned_folder(&state, auth, &folder_id).await?;
    ctx.require(Permission::ManageForms)?;
    ctx.require(Permission::ViewHiddenFolders)?;
    folders::set_hidden(&ctx.db, &folder.id, body.hidden).await?;
    Ok(Json(
        folder_json(
            &ctx,
            &Folder {
                hidden: body.hidden,
                ..folder
            },
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize)]
struct Rename {
    folder_name: Option<String>,
}

/// `PATCH api/folder/{id}/rename`.
async fn rename(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(folder_id): Path<String>,
    JsonBody(body): JsonBody<Rename>,
) -> Result<Json<Value>> {
    let (ctx, folder) = owned_folder(&state, auth, &folder_id).await?;
    ctx.require(Permission::ManageForms)?;
    let name = folder_name(body.folder_name.as_deref())?;
    folders::rename(&ctx.db, &folder.id, &name).await?;
    Ok(Json(folder_json(&ctx, &Folder { name, ..folder }).await?))
}
