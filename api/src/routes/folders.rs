//! Folder trees: `api/client/{id}/folder/user` (what a user can fill in), and the tree
//! builder the folder admin calls share.

use crate::error::Result;
use crate::extract::ClientCtx;
use crate::routes::forms::fillable_forms;
use axum::routing::get;
use axum::{Json, Router};
use domain::access::Permission;
use serde_json::{Value, json};
use std::collections::HashMap;
use tenancy::tenant::folders::{self, Folder};
use tenancy::tenant::forms::Form;

/// Routes of this resource.
pub fn router() -> Router<crate::AppState> {
    Router::new().route("/api/client/{client_id}/folder/user", get(user_tree))
}

/// `GET api/client/{id}/folder/user`: folders with the published forms this user may fill
/// in. Folders without such forms (also deeper down) are left out; hidden folders only
/// for users with 'eform view hidden folders'.
async fn user_tree(ctx: ClientCtx) -> Result<Json<Value>> {
    let folders = folders::list(&ctx.db).await?;
    let forms = fillable_forms(&ctx).await?;
    let tree = Tree::new(
        &folders,
        &forms,
        ctx.access.may(Permission::ViewHiddenFolders),
    );
    Ok(Json(Value::Array(tree.below(None, true))))
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

    /// The folders under `parent` (None: the top level) as Folder JSON; with `prune`,
    /// folders without forms (also deeper down) are left out.
    pub fn below(&self, parent: Option<&str>, prune: bool) -> Vec<Value> {
        let Some(level) = self.children.get(&parent) else {
            return Vec::new();
        };
        level
            .iter()
            .filter_map(|folder| {
                let json = self.folder(folder, prune);
                let empty = json["children"].as_array().is_none_or(Vec::is_empty)
                    && json["forms"].as_array().is_none_or(Vec::is_empty);
                (!prune || !empty).then_some(json)
            })
            .collect()
    }

    /// One folder with everything below it.
    pub fn folder(&self, folder: &Folder, prune: bool) -> Value {
        let forms: Vec<Value> = self
            .forms_in
            .get(folder.id.as_str())
            .into_iter()
            .flatten()
            .map(|form| {
                json!({
                    "form_id": form.id,
                    "form_name": form.name,
                    "form_type": form.form_type,
                    "folder_id": form.folder_id,
                    "published_at": form.published_at.map(millis),
                    "updated_at": millis(form.updated_at),
                })
            })
            .collect();
        json!({
            "folder_id": folder.id,
            "folder_name": folder.name,
            "folder_hidden": folder.hidden,
            "form_folder": folder.parent_id,
            "children": self.below(Some(folder.id.as_str()), prune),
            "forms": forms,
        })
    }
}
