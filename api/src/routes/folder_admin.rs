//! Folder management (decision 010): the admin trees, create, delete, hide and rename.

use crate::AppState;
use crate::answers::StatusOnly;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{AuthUser, JsonBody};
use crate::input::checked_name;
use crate::policy::{self, ClientCtx, table};
use crate::routes::folders::{FolderJson, Tree};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::access::Permission;
use domain::messages;
use serde::Deserialize;
use tenancy::platform::directory;
use tenancy::tenant::folders::{self, Folder};
use tenancy::tenant::forms;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tree_with_forms, create))
        .routes(routes!(tree_only))
        .routes(routes!(remove))
        .routes(routes!(set_hidden))
        .routes(routes!(rename))
}

/// `GET api/client/{id}/folder`: every folder with all its forms, published or not.
#[utoipa::path(get, path = "/api/client/{client_id}/folder", operation_id = table::FOLDER_TREE.op, tag = "folders",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "The form admin tree", body = Vec<FolderJson>)))]
async fn tree_with_forms(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<Vec<FolderJson>>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FOLDER_TREE).await?;
    let folders = folders::list(ctx.db()).await?;
    let forms = forms::list(ctx.db()).await?;
    let tree = Tree::new(
        &folders,
        &forms,
        ctx.access.may(Permission::ViewHiddenFolders),
    );
    Ok(Json(tree.below(None, false)))
}

/// `GET api/client/{id}/folder/admin`: the same tree without forms.
#[utoipa::path(get, path = "/api/client/{client_id}/folder/admin", operation_id = table::FOLDER_ADMIN_TREE.op, tag = "folders",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "The folder tree without forms", body = Vec<FolderJson>)))]
async fn tree_only(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<Vec<FolderJson>>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FOLDER_ADMIN_TREE).await?;
    let folders = folders::list(ctx.db()).await?;
    let tree = Tree::new(&folders, &[], ctx.access.may(Permission::ViewHiddenFolders));
    Ok(Json(tree.below(None, false)))
}

/// One folder as Folder JSON, with its sub-folders (no forms).
async fn folder_json(ctx: &ClientCtx, folder: &Folder) -> Result<FolderJson> {
    let folders = folders::list(ctx.db()).await?;
    Ok(Tree::new(&folders, &[], true).folder(folder, false))
}

/// Body of `POST api/client/{id}/folder`.
#[derive(Debug, Deserialize, ToSchema)]
struct NewFolder {
    #[schema(schema_with = crate::input::name_schema, required = true)]
    folder_name: Option<String>,
    /// The parent folder; empty or null for the top level.
    form_folder: Option<String>,
    #[serde(default)]
    hidden: bool,
}

/// `POST api/client/{id}/folder`.
#[utoipa::path(post, path = "/api/client/{client_id}/folder", operation_id = table::FOLDER_CREATE.op, tag = "folders",
    params(("client_id" = String, Path)),
    request_body = NewFolder,
    responses(
        (status = 201, description = "Created", body = FolderJson),
        (status = 404, description = "The client or the parent folder does not exist", body = ErrorBody)
    ))]
async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
    JsonBody(body): JsonBody<NewFolder>,
) -> Result<(StatusCode, Json<FolderJson>)> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FOLDER_CREATE).await?;
    if body.hidden {
        ctx.require(Permission::ViewHiddenFolders)?;
    }
    let name = checked_name(
        "folder_name",
        body.folder_name.as_deref(),
        messages::FOLDER_NAME_REQUIRED,
    )?;
    let parent = body.form_folder.filter(|id| !id.is_empty());
    if let Some(parent) = &parent {
        folders::find(ctx.db(), parent)
            .await?
            .ok_or(AppError::Missing(messages::FOLDER_PARENT_UNKNOWN))?;
    }
    let id = folders::insert(ctx.db(), &name, parent.as_deref(), body.hidden).await?;
    directory::register(&state.platform, "folder", &id, &ctx.client.id).await?;
    let folder = folders::find(ctx.db(), &id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((StatusCode::CREATED, Json(folder_json(&ctx, &folder).await?)))
}

/// `DELETE api/client/{id}/folder/{folderId}`: refused (409) while forms remain in the
/// folder or below it, so no form is ever left without a folder by accident.
#[utoipa::path(delete, path = "/api/client/{client_id}/folder/{folder_id}", operation_id = table::FOLDER_DELETE.op, tag = "folders",
    params(("client_id" = String, Path), ("folder_id" = String, Path)),
    responses(
        (status = 200, description = "Deleted with its sub-folders", body = StatusOnly),
        (status = 409, description = "Forms remain in the folder or below it", body = ErrorBody)
    ))]
async fn remove(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((client_id, folder_id)): Path<(String, String)>,
) -> Result<Json<StatusOnly>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FOLDER_DELETE).await?;
    folders::find(ctx.db(), &folder_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let subtree = folders::subtree_ids(ctx.db(), &folder_id).await?;
    if forms::count_in_folders(ctx.db(), &subtree).await? > 0 {
        return Err(AppError::Conflict(messages::FOLDER_NOT_EMPTY.to_owned()));
    }
    folders::delete(ctx.db(), &folder_id).await?;
    for id in &subtree {
        directory::remove(&state.platform, "folder", id).await?;
        state
            .caches
            .directory
            .remove(&("folder".to_owned(), id.clone()));
    }
    Ok(Json(StatusOnly::OK))
}

/// The folder of a globally addressed call, in the client that owns it.
async fn owned_folder(
    state: &AppState,
    auth: AuthUser,
    folder_id: &str,
    route: &table::Route,
) -> Result<(ClientCtx, Folder)> {
    let ctx = policy::owner(state, auth, "folder", folder_id, route).await?;
    let folder = folders::find(ctx.db(), folder_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((ctx, folder))
}

/// Body of `PATCH api/folder/{id}/set-hidden`.
#[derive(Debug, Deserialize, ToSchema)]
struct Hidden {
    hidden: bool,
}

/// `PATCH api/folder/{id}/set-hidden`.
#[utoipa::path(patch, path = "/api/folder/{folder_id}/set-hidden", operation_id = table::FOLDER_SET_HIDDEN.op, tag = "folders",
    params(("folder_id" = String, Path)),
    request_body = Hidden,
    responses((status = 200, description = "The folder", body = FolderJson)))]
async fn set_hidden(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(folder_id): Path<String>,
    JsonBody(body): JsonBody<Hidden>,
) -> Result<Json<FolderJson>> {
    let (ctx, folder) = owned_folder(&state, auth, &folder_id, &table::FOLDER_SET_HIDDEN).await?;
    folders::set_hidden(ctx.db(), &folder.id, body.hidden).await?;
    let folder = Folder {
        hidden: body.hidden,
        ..folder
    };
    Ok(Json(folder_json(&ctx, &folder).await?))
}

/// Body of `PATCH api/folder/{id}/rename`.
#[derive(Debug, Deserialize, ToSchema)]
struct Rename {
    #[schema(schema_with = crate::input::name_schema, required = true)]
    folder_name: Option<String>,
}

/// `PATCH api/folder/{id}/rename`.
#[utoipa::path(patch, path = "/api/folder/{folder_id}/rename", operation_id = table::FOLDER_RENAME.op, tag = "folders",
    params(("folder_id" = String, Path)),
    request_body = Rename,
    responses((status = 200, description = "The folder", body = FolderJson)))]
async fn rename(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(folder_id): Path<String>,
    JsonBody(body): JsonBody<Rename>,
) -> Result<Json<FolderJson>> {
    let (ctx, folder) = owned_folder(&state, auth, &folder_id, &table::FOLDER_RENAME).await?;
    let name = checked_name(
        "folder_name",
        body.folder_name.as_deref(),
        messages::FOLDER_NAME_REQUIRED,
    )?;
    folders::rename(ctx.db(), &folder.id, &name).await?;
    Ok(Json(folder_json(&ctx, &Folder { name, ..folder }).await?))
}
