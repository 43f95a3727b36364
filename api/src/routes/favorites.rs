//! Favourite elements of the form builder (decision 010): per user, per client.

use crate::error::{AppError, Result};
use crate::extract::{ClientCtx, JsonBody};
use axum::extract::Path;
use axum::http::StatusCode;
use axum::routing::{delete, get};
use axum::{Json, Router};
use domain::access::Permission;
use domain::messages;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use tenancy::tenant::favorites::{self, Favorite};

/// Routes of this resource.
pub fn router() -> Router<crate::AppState> {
    Router::new()
        .route(
            "/api/client/{client_id}/favorite-elements",
            get(list).post(create),
        )
        .route(
            "/api/client/{client_id}/favorite-elements/{uuid}",
            delete(remove),
        )
}

fn favorite_json(favorite: Favorite) -> Value {
    json!({ "uuid": favorite.id, "favoriteName": favorite.name, "element": favorite.element })
}

/// `GET api/client/{id}/favorite-elements`: this user's favourites, newest first.
async fn list(ctx: ClientCtx) -> Result<Json<Value>> {
    ctx.require(Permission::ManageFormEdit)?;
    let list = favorites::list(&ctx.db, ctx.auth.user.id.as_str()).await?;
    Ok(Json(Value::Array(
        list.into_iter().map(favorite_json).collect(),
    )))
}

#[derive(Debug, Deserialize)]
struct NewFavorite {
    #[serde(rename = "favoriteName")]
    favorite_name: Option<String>,
    #[serde(default)]
    element: Value,
}

/// `POST api/client/{id}/favorite-elements`.
async fn create(
    ctx: ClientCtx,
    JsonBody(body): JsonBody<NewFavorite>,
) -> Result<(StatusCode, Json<Value>)> {
    ctx.require(Permission::ManageFormEdit)?;
    let name = body
        .favorite_name
        .as_deref()
        .map(str::trim)
        .filter(|name| !name.is_empty());
    let name =
        name.ok_or_else(|| AppError::invalid("favoriteName", messages::FAVORITE_NAME_REQUIRED))?;
    let saved = favorites::insert(&ctx.db, ctx.auth.user.id.as_str(), name, &body.element).await?;
    Ok((StatusCode::CREATED, Json(favorite_json(saved))))
}

/// `DELETE api/client/{id}/favorite-elements/{uuid}`: only the user's own (404 otherwise).
async fn remove(
    ctx: ClientCtx,
    Path(params): Path<HashMap<String, String>>,
) -> Result<Json<Value>> {
    ctx.require(Permission::ManageFormEdit)?;
    let id = params.get("uuid").ok_or(AppError::NotFound)?;
    if !favorites::delete(&ctx.db, ctx.auth.user.id.as_str(), id).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(json!({ "status": true })))
}
