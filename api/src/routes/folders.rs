//! Folder trees: `api/client/{id}/folder/user` (what a user can fill in).

use crate::error::Result;
use crate::extract::ClientCtx;
use axum::routing::get;
use axum::{Json, Router};
use domain::access::Permission;
use serde_json::{Value, json};
use std::collections::HashMap;
use tenancy::tenant::folders::{self, Folder};
use tenancy::tenant::forms::{self, Form};

/// Routes of this resource.
pub fn router() -> Router<crate::AppState> {
    Router::new().route("/api/client/{client_id}/folder/user", get(user_tree))
}

/// `GET api/client/{id}/folder/user`: folders with the published forms this user may fill
/// in. Folders without such forms (also deeper down) are left out; hidden folders only
/// for users with 'eform view hidden folders'.
async fn user_tree(ctx: ClientCtx) -> Result<Json<Value>> {
    let folders = folders::list(&ctx.db).await?;
    let forms = forms::published_for_user(&ctx.db, ctx.auth.user.id.as_str(), &[]).await?;
    let show_hidden = ctx.access.may(Permission::ViewHiddenFolders);
    Ok(Json(Value::Array(tree(&folders, &forms, show_hidden))))
}

/// Builds the nested folder tree; pure so the pruning rules are easy to see.
fn tree(folders: &[Folder], forms: &[Form], show_hidden: bool) -> Vec<Value> {
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
    fn build(
        parent: Option<&str>,
        children: &HashMap<Option<&str>, Vec<&Folder>>,
        forms_in: &HashMap<&str, Vec<&Form>>,
    ) -> Vec<Value> {
        let Some(level) = children.get(&parent) else {
            return Vec::new();
        };
        level
            .iter()
            .filter_map(|folder| {
                let sub = build(Some(folder.id.as_str()), children, forms_in);
                let own: Vec<Value> = forms_in
                    .get(folder.id.as_str())
                    .into_iter()
                    .flatten()
                    .map(|form| json!({ "form_id": form.id, "form_name": form.name, "form_type": form.form_type }))
                    .collect();
                (!sub.is_empty() || !own.is_empty()).then(|| {
                    json!({
                        "folder_id": folder.id,
                        "folder_name": folder.name,
                        "folder_hidden": folder.hidden,
                        "children": sub,
                        "forms": own,
                    })
                })
            })
            .collect()
    }
    build(None, &children, &forms_in)
}
