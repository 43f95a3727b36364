//! Folder trees: `api/client/{id}/folder/user` (what a user can fill in), and the tree
//! builder the folder admin calls share.

use crate::AppState;
use crate::error::Result;
use crate::extract::AuthUser;
use crate::policy::{self, table};
use crate::routes::forms::fillable_forms;
use axum::Json;
use axum::extract::{Path, State};
use domain::access::Permission;
use serde::Serialize;
use std::collections::HashMap;
use tenancy::tenant::folders::{self, Folder};
use tenancy::tenant::forms::Form;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(user_tree))
}

/// A form as listed in a folder tree (decision 010).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FormSummary {
    form_id: String,
    form_name: String,
    form_type: String,
    folder_id: Option<String>,
    /// Epoch milliseconds; null while unpublished.
    published_at: Option<i64>,
    /// Epoch milliseconds.
    updated_at: i64,
}

/// A folder with everything below it (decision 010).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FolderJson {
    folder_id: String,
    folder_name: String,
    folder_hidden: bool,
    /// The parent folder; null at the top level.
    form_folder: Option<String>,
    #[schema(no_recursion)]
    children: Vec<FolderJson>,
    forms: Vec<FormSummary>,
}

/// `GET api/client/{id}/folder/user`: folders with the published forms this user may fill
/// in. Folders without such forms (also deeper down) are left out; hidden folders only
/// for users with 'eform view hidden folders'.
#[utoipa::path(get, path = "/api/client/{client_id}/folder/user", operation_id = table::FOLDER_USER_TREE.op, tag = "folders",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "The folder tree for filling in", body = Vec<FolderJson>)))]
async fn user_tree(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<Vec<FolderJson>>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FOLDER_USER_TREE).await?;
    let folders = folders::list(ctx.db()).await?;
    let forms = fillable_forms(&ctx).await?;
    let tree = Tree::new(
        &folders,
        &forms,
        ctx.access.may(Permission::ViewHiddenFolders),
    );
    Ok(Json(tree.below(None, true)))
}

/// Timestamps go out in milliseconds (decision 010); the tables keep seconds.
pub fn millis(secs: i64) -> i64 {
    secs.saturating_mul(1000)
}

/// The nested folder tree of a client; pure so the pruning rules are easy to see.
pub struct Tree<'a> {
    children: HashMap<Option<&'a str>, Vec<&'a Folder>>,
    forms_in: HashMap<&'a str, Vec<&'a Form>>,
}

impl<'a> Tree<'a> {
    /// The tree of these folders and forms; hidden folders (and all below them) only when
    /// `show_hidden`.
    pub fn new(folders: &'a [Folder], forms: &'a [Form], show_hidden: bool) -> Tree<'a> {
        let mut children: HashMap<Option<&str>, Vec<&Folder>> = HashMap::new();
        for folder in folders.iter().filter(|f| show_hidden || !f.hidden) {
            children
                .entry(folder.parent_id.as_deref())
                .or_default()
                .push(folder);
        }
        let mut forms_in: HashMap<&str, Vec<&Form>> = HashMap::new();
        for form in forms {
            if let Some(folder) = form.folder_id.as_deref() {
                forms_in.entry(folder).or_default().push(form);
            }
        }
        Tree { children, forms_in }
    }

    /// The folders under `parent` (None: the top level); with `prune`, folders without
    /// forms (also deeper down) are left out.
    pub fn below(&self, parent: Option<&str>, prune: bool) -> Vec<FolderJson> {
        let Some(level) = self.children.get(&parent) else {
            return Vec::new();
        };
        level
            .iter()
            .map(|folder| self.folder(folder, prune))
            .filter(|json| !prune || !json.children.is_empty() || !json.forms.is_empty())
            .collect()
    }

    /// One folder with everything below it.
    pub fn folder(&self, folder: &Folder, prune: bool) -> FolderJson {
        let forms = self
            .forms_in
            .get(folder.id.as_str())
            .into_iter()
            .flatten()
            .map(|form| FormSummary {
                form_id: form.id.clone(),
                form_name: form.name.clone(),
                form_type: form.form_type.clone(),
                folder_id: form.folder_id.clone(),
                published_at: form.published_at.map(millis),
                updated_at: millis(form.updated_at),
            })
            .collect();
        FolderJson {
            folder_id: folder.id.clone(),
            folder_name: folder.name.clone(),
            folder_hidden: folder.hidden,
            form_folder: folder.parent_id.clone(),
            children: self.below(Some(folder.id.as_str()), prune),
            forms,
        }
    }
}
