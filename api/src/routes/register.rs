//! Public self-registration (`/register/:client_uuid/:form_id?` in the web app):
//! `GET jsonapi/client/client/{uuid}` and `POST api/user/register/`, without sign-in.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::FormBody;
use crate::routes::account_mail;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::ids::ClientId;
use domain::messages;
use domain::validate::is_valid_email;
use serde::Deserialize;
use serde_json::{Value, json};
use tenancy::platform::{clients, directory, memberships, users};

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/jsonapi/client/client/{client_id}", get(client))
        .route("/api/user/register/", post(register))
        .route("/api/user/register", post(register))
}

/// `GET jsonapi/client/client/{uuid}`: the public face of a client (name and the intro text
/// of its registration page), as a JSON:API resource.
async fn client(
    State(state): State<AppState>,
    Path(client_id): Path<String>,
) -> Result<Json<Value>> {
    let id = ClientId::parse(&client_id).ok_or(AppError::NotFound)?;
    let client = clients::find(&state.platform, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(json!({
        "data": {
            "type": "client--client",
            "id": client.id,
            "attributes": {
                "name": client.name,
                "user_register_intro_text": client.user_register_intro_text.map(|value| json!({ "value": value, "format": "filtered_html" })),
            }
        }
    })))
}

#[derive(Debug, Deserialize)]
struct RegisterForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    client_uuid: String,
    #[serde(default)]
    form_id: Option<String>,
}

/// `POST api/user/register/`: makes the address a user of the client (a new account gets a
/// welcome mail with a link to choose a password). The answer is the same whether or not
/// the address already had an account, so it cannot be used to find accounts.
async fn register(
    State(state): State<AppState>,
    FormBody(form): FormBody<RegisterForm>,
) -> Result<Json<Value>> {
    let email = form.email.trim().to_lowercase();
    if !is_valid_email(&email) {
        return Err(AppError::invalid("email", messages::EMAIL_INVALID));
    }
    let client_id = ClientId::parse(form.client_uuid.trim())
        .ok_or_else(|| AppError::BadRequest(messages::REGISTER_CLIENT_UNKNOWN.to_owned()))?;
    let client = clients::find(&state.platform, &client_id)
        .await?
        .ok_or_else(|| AppError::BadRequest(messages::REGISTER_CLIENT_UNKNOWN.to_owned()))?;
    if let Some(form_id) = form.form_id.as_deref().filter(|id| !id.is_empty()) {
        let owner = directory::client_of(&state.platform, "form", form_id).await?;
        if owner.as_ref() != Some(&client.id) {
            return Err(AppError::BadRequest(
                messages::REGISTER_FORM_UNKNOWN.to_owned(),
            ));
        }
    }
    match users::find_by_email(&state.platform, &email).await? {
        Some(user) => {
            if memberships::roles_in_client(&state.platform, &user.id, &client.id)
                .await?
                .is_none()
            {
                memberships::set_roles(&state.platform, &user.id, &client.id, &[]).await?;
                state
                    .caches
                    .access
                    .remove(&(user.id.clone(), client.id.clone()));
            }
        }
        None => {
            let id = users::insert(
                &state.platform,
                users::NewUser {
                    username: &email,
                    email: &email,
                    password_hash: None,
                    global_roles: Vec::new(),
                },
            )
            .await?;
            memberships::set_roles(&state.platform, &id, &client.id, &[]).await?;
            let user = users::find_by_id(&state.platform, &id)
                .await?
                .ok_or(AppError::NotFound)?;
            account_mail::queue_welcome(&state, &user, &client).await?;
        }
    }
    Ok(Json(
        json!({ "status": true, "message": messages::REGISTERED }),
    ))
}
