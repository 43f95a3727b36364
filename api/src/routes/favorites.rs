//! Favourite elements of the form builder (decision 010): per user, per client.

use crate::AppState;
use crate::answers::StatusOnly;
use crate::error::{AppError, Result};
use crate::extract::{AuthUser, JsonBody};
use crate::input::checked_name;
use crate::policy::{self, table};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::messages;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tenancy::tenant::favorites::{self, Favorite};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Largest stored element, as JSON text: an element with a big subform fits easily.
const MAX_ELEMENT_BYTES: usize = 256 * 1024;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(remove))
}

/// A favourite element.
#[derive(Debug, Serialize, ToSchema)]
struct FavoriteJson {
    uuid: String,
    #[serde(rename = "favoriteName")]
    favorite_name: String,
    /// The element as the editor saved it.
    #[schema(value_type = Object)]
    element: Value,
}

impl From<Favorite> for FavoriteJson {
    fn from(favorite: Favorite) -> FavoriteJson {
        FavoriteJson {
            uuid: favorite.id,
            favorite_name: favorite.name,
            element: favorite.element,
        }
    }
}

/// `GET api/client/{id}/favorite-elements`: this user's favourites, newest first.
#[utoipa::path(get, path = "/api/client/{client_id}/favorite-elements", operation_id = table::FAVORITES_LIST.op, tag = "form editor",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "The user's favourites", body = Vec<FavoriteJson>)))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<Vec<FavoriteJson>>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FAVORITES_LIST).await?;
    let list = favorites::list(ctx.db(), ctx.auth.user.id.as_str()).await?;
    Ok(Json(list.into_iter().map(FavoriteJson::from).collect()))
}

/// Body of `POST api/client/{id}/favorite-elements`.
#[derive(Debug, Deserialize, ToSchema)]
struct NewFavorite {
    #[serde(rename = "favoriteName")]
    #[schema(schema_with = crate::input::name_schema, required = true)]
    favorite_name: Option<String>,
    #[serde(default)]
    #[schema(value_type = Object, required = true)]
    element: Value,
}

/// `POST api/client/{id}/favorite-elements`.
#[utoipa::path(post, path = "/api/client/{client_id}/favorite-elements", operation_id = table::FAVORITE_CREATE.op, tag = "form editor",
    params(("client_id" = String, Path)),
    request_body = NewFavorite,
    responses((status = 201, description = "Saved", body = FavoriteJson)))]
async fn create(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
    JsonBody(body): JsonBody<NewFavorite>,
) -> Result<(StatusCode, Json<FavoriteJson>)> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FAVORITE_CREATE).await?;
    let name = checked_name(
        "favoriteName",
        body.favorite_name.as_deref(),
        messages::FAVORITE_NAME_REQUIRED,
    )?;
    if !body.element.is_object() {
        return Err(AppError::invalid("element", messages::ELEMENT_INVALID));
    }
    if body.element.to_string().len() > MAX_ELEMENT_BYTES {
        return Err(AppError::invalid("element", messages::TOO_LARGE));
    }
    let saved =
        favorites::insert(ctx.db(), ctx.auth.user.id.as_str(), &name, &body.element).await?;
    Ok((StatusCode::CREATED, Json(saved.into())))
}

/// `DELETE api/client/{id}/favorite-elements/{uuid}`: only the user's own (404 otherwise).
#[utoipa::path(delete, path = "/api/client/{client_id}/favorite-elements/{uuid}", operation_id = table::FAVORITE_DELETE.op, tag = "form editor",
    params(("client_id" = String, Path), ("uuid" = String, Path)),
    responses((status = 200, description = "Deleted", body = StatusOnly)))]
async fn remove(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((client_id, uuid)): Path<(String, String)>,
) -> Result<Json<StatusOnly>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::FAVORITE_DELETE).await?;
    if !favorites::delete(ctx.db(), ctx.auth.user.id.as_str(), &uuid).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(StatusOnly::OK))
}
