//! Sign-in and session: `api/user/*`.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::{AuthUser, FormBody, PeerAddr};
use crate::routes::account_mail;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::messages;
use domain::validate::{MIN_PASSWORD_LEN, is_valid_email};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::OnceLock;
use tenancy::platform::memberships::ClientOfUser;
use tenancy::platform::{
    login_failures, memberships, notifications, password_tokens, tokens, users,
};
use tenancy::secrets;

/// Routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/user/login", post(login))
        .route("/api/user/logout", post(logout))
        .route("/api/user/info", get(info))
        .route("/api/user/password-forgotten", post(password_forgotten))
        .route("/api/user/password-reset", post(password_reset))
}

/// A client as listed for a user.
#[derive(Debug, Serialize)]
struct ClientEntry {
    id: String,
    uuid: String,
    name: String,
    terms_and_conditions_required: bool,
}

fn client_entries(clients: Vec<ClientOfUser>) -> Vec<ClientEntry> {
    clients
        .into_iter()
        .map(|c| ClientEntry {
            id: c.id.to_string(),
            uuid: c.id.to_string(),
            name: c.name,
            terms_and_conditions_required: c.terms_pending,
        })
        .collect()
}

#[derive(Debug, Deserialize)]
struct LoginForm {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
}

/// A hash to verify against when the account does not exist, so a wrong e-mail address
/// costs as much time as a wrong password and does not reveal which accounts exist.
fn dummy_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| secrets::hash_password(&secrets::new_token()).unwrap_or_default())
}

async fn verify(password: String, stored: Option<String>) -> Result<bool> {
    tokio::task::spawn_blocking(move || {
        let found = stored.is_some();
        let matches =
            secrets::verify_password(&password, stored.as_deref().unwrap_or_else(|| dummy_hash()));
        found && matches
    })
    .await
    .map_err(AppError::internal)
}

/// `POST api/user/login` with form data username (the e-mail address) and password.
async fn login(
    State(state): State<AppState>,
    PeerAddr(addr): PeerAddr,
    FormBody(form): FormBody<LoginForm>,
) -> Result<Json<Value>> {
    let account = form.username.trim().to_owned();
    if account.is_empty() || form.password.is_empty() {
        return Err(AppError::BadRequest(
            messages::LOGIN_FIELDS_REQUIRED.to_owned(),
        ));
    }
    if login_failures::is_limited(&state.platform, &account, &addr).await? {
        tracing::warn!(%account, %addr, "login rate limited");
        return Err(AppError::TooManyRequests(
            messages::LOGIN_RATE_LIMITED.to_owned(),
        ));
    }
    let user = users::find_by_login(&state.platform, &account).await?;
    let stored = user.as_ref().and_then(|u| u.password_hash.clone());
    let Some(user) = user else {
        verify(form.password, None).await?;
        login_failures::record(&state.platform, &account, &addr).await?;
        return Err(AppError::LoginFailed(messages::LOGIN_FAILED));
    };
    if !verify(form.password, stored).await? {
        login_failures::record(&state.platform, &account, &addr).await?;
        return Err(AppError::LoginFailed(messages::LOGIN_FAILED));
    }
    if user.blocked {
        return Err(AppError::LoginFailed(messages::LOGIN_BLOCKED));
    }
    login_failures::clear_account(&state.platform, &account).await?;
    users::touch_last_access(&state.platform, &user.id).await?;
    let api_key = tokens::issue(&state.platform, &user.id).await?;
    let clients = memberships::clients_of_user(&state.platform, &user.id).await?;
    Ok(Json(json!({
        "status": true,
        "api_key": api_key,
        "id": user.id,
        "email": user.email,
        "username": user.username,
        "roles": user.global_roles,
        "clients": client_entries(clients),
        "message": "",
    })))
}

/// `POST api/user/logout`: revokes the api key of this request.
async fn logout(State(state): State<AppState>, auth: AuthUser) -> Result<Json<Value>> {
    tokens::revoke(&state.platform, &auth.api_key).await?;
    state
        .caches
        .sessions
        .remove(&secrets::token_hash(&auth.api_key));
    Ok(Json(
        json!({ "status": true, "message": messages::LOGGED_OUT }),
    ))
}

/// `GET api/user/info`: the user's clients and the current server notification.
async fn info(State(state): State<AppState>, auth: AuthUser) -> Result<Json<Value>> {
    let clients = memberships::clients_of_user(&state.platform, &auth.user.id).await?;
    let notification = notifications::current(&state.platform)
        .await?
        .map(|(kind, message)| json!({ "type": kind, "message": message }));
    Ok(Json(json!({
        "id": auth.user.id,
        "email": auth.user.email,
        "username": auth.user.username,
        "roles": auth.user.global_roles,
        "clients": client_entries(clients),
        "server_notification": notification,
        "environment": state.config.environment,
    })))
}

#[derive(Debug, Deserialize)]
struct ForgottenForm {
    #[serde(default)]
    email: String,
}

/// `POST api/user/password-forgotten`: mails a one-time link when the address is known.
/// The answer is the same either way, so it cannot be used to find accounts.
async fn password_forgotten(
    State(state): State<AppState>,
    FormBody(form): FormBody<ForgottenForm>,
) -> Result<Json<Value>> {
    let email = form.email.trim();
    if !is_valid_email(email) {
        return Err(AppError::invalid("email", messages::EMAIL_INVALID));
    }
    match users::find_by_email(&state.platform, email).await? {
        Some(user) if !user.blocked => account_mail::queue_password_reset(&state, &user).await?,
        _ => tracing::info!("password reset asked for an unknown or blocked address"),
    }
    Ok(Json(
        json!({ "status": true, "message": messages::PASSWORD_FORGOTTEN_SENT }),
    ))
}

#[derive(Debug, Deserialize)]
struct ResetForm {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

/// `POST api/user/password-reset`: sets a new password through a one-time link and signs
/// the user out everywhere.
async fn password_reset(
    State(state): State<AppState>,
    FormBody(form): FormBody<ResetForm>,
) -> Result<Json<Value>> {
    if form.password.chars().count() < MIN_PASSWORD_LEN {
        return Err(AppError::invalid("password", messages::PASSWORD_TOO_SHORT));
    }
    let password = form.password;
    let hash = tokio::task::spawn_blocking(move || secrets::hash_password(&password))
        .await
        .map_err(AppError::internal)??;
    match password_tokens::redeem(&state.platform, form.token.trim(), &hash).await? {
        Some(user) => {
            // Every session of the user was revoked; forget the cached ones too.
            state
                .caches
                .sessions
                .remove_where(|_, cached| cached.id == user);
            Ok(Json(
                json!({ "status": true, "message": messages::PASSWORD_CHANGED }),
            ))
        }
        None => Err(AppError::BadRequest(
            messages::RESET_LINK_INVALID.to_owned(),
        )),
    }
}
