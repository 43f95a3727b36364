//! Sign-in and session: `api/user/*`.

use crate::AppState;
use crate::answers::StatusMessage;
use crate::error::{AppError, Result};
use crate::extract::{AuthUser, ClientAddr, FormBody};
use crate::limits::Limit;
use crate::policy::table;
use crate::routes::account_mail;
use axum::Json;
use axum::extract::State;
use domain::messages;
use domain::validate::{MIN_PASSWORD_LEN, is_valid_email};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use tenancy::platform::memberships::ClientOfUser;
use tenancy::platform::password_tokens::Purpose;
use tenancy::platform::{
    login_failures, memberships, notifications, password_tokens, tokens, users,
};
use tenancy::secrets;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Reset mails one account receives per hour at most; more requests answer the same but
/// send nothing, so nobody can flood someone's mailbox.
const RESET_MAILS_PER_HOUR: i64 = 3;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(info))
        .routes(routes!(password_forgotten))
        .routes(routes!(password_reset))
}

/// A client as listed for a user.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientEntry {
    id: String,
    uuid: String,
    name: String,
    /// True while this user must still accept the client's terms.
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

/// Form data of `POST api/user/login`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LoginForm {
    /// The e-mail address (or the user name).
    #[serde(default)]
    #[schema(min_length = 1, pattern = "\\S", required = true)]
    username: String,
    #[serde(default)]
    #[schema(min_length = 1, required = true)]
    password: String,
}

/// A successful sign-in.
#[derive(Debug, Serialize, ToSchema)]
struct LoginAnswer {
    status: bool,
    /// Goes in the `api-key` header of every later call.
    api_key: String,
    id: String,
    email: String,
    username: String,
    /// Global roles (admin, eform_employee).
    roles: Vec<String>,
    clients: Vec<ClientEntry>,
    message: String,
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

fn role_names(roles: &[domain::access::Role]) -> Vec<String> {
    roles.iter().map(|r| r.as_str().to_owned()).collect()
}

/// `POST api/user/login` with form data username (the e-mail address) and password.
#[utoipa::path(post, path = "/api/user/login", operation_id = table::USER_LOGIN.op, tag = "user",
    request_body(content(
        (LoginForm = "application/x-www-form-urlencoded"),
        (LoginForm = "multipart/form-data"),
        (LoginForm = "application/json")
    )),
    responses(
        (status = 200, description = "Signed in", body = LoginAnswer),
        (status = 401, description = "Wrong e-mail address or password, or a blocked account", body = crate::error::ErrorBody),
        (status = 429, description = "Too many failed attempts for the account or the address", body = crate::error::ErrorBody)
    ))]
async fn login(
    State(state): State<AppState>,
    addr: ClientAddr,
    FormBody(form): FormBody<LoginForm>,
) -> Result<Json<LoginAnswer>> {
    // Spaces typed around the address are no part of it.
    let account = form
        .username
        .trim_matches(|c: char| c.is_ascii_whitespace())
        .to_owned();
    if account.is_empty() || form.password.is_empty() {
        return Err(AppError::BadRequest(
            messages::LOGIN_FIELDS_REQUIRED.to_owned(),
        ));
    }
    let user = users::find_by_login(&state.platform, &account).await?;
    // Failures count per account, whichever of its names (e-mail or user name) was typed.
    let counted = match &user {
        Some(user) => user.id.to_string(),
        None => account.to_lowercase(),
    };
    let address = addr.key();
    if login_failures::is_limited(&state.platform, &counted, &address).await? {
        tracing::warn!(account = %counted, %address, "login rate limited");
        return Err(AppError::TooManyRequests(
            messages::LOGIN_RATE_LIMITED.to_owned(),
        ));
    }
    let stored = user.as_ref().and_then(|u| u.password_hash.clone());
    let Some(user) = user else {
        verify(form.password, None).await?;
        login_failures::record(&state.platform, &counted, &address).await?;
        return Err(AppError::LoginFailed(messages::LOGIN_FAILED));
    };
    if !verify(form.password, stored).await? {
        login_failures::record(&state.platform, &counted, &address).await?;
        return Err(AppError::LoginFailed(messages::LOGIN_FAILED));
    }
    if user.blocked {
        return Err(AppError::LoginFailed(messages::LOGIN_BLOCKED));
    }
    login_failures::clear_account(&state.platform, &counted).await?;
    users::touch_last_access(&state.platform, &user.id).await?;
    let api_key = tokens::issue(&state.platform, &user.id).await?;
    let clients = memberships::clients_of_user(&state.platform, &user.id).await?;
    Ok(Json(LoginAnswer {
        status: true,
        api_key,
        id: user.id.to_string(),
        email: user.email,
        username: user.username,
        roles: role_names(&user.global_roles),
        clients: client_entries(clients),
        message: String::new(),
    }))
}

/// `POST api/user/logout`: revokes the api key of this request.
#[utoipa::path(post, path = "/api/user/logout", operation_id = table::USER_LOGOUT.op, tag = "user",
    responses((status = 200, description = "Signed out", body = StatusMessage)))]
async fn logout(State(state): State<AppState>, auth: AuthUser) -> Result<Json<StatusMessage>> {
    tokens::revoke(&state.platform, &auth.api_key).await?;
    state
        .caches
        .sessions
        .remove(&secrets::token_hash(&auth.api_key));
    Ok(Json(StatusMessage::ok(messages::LOGGED_OUT)))
}

/// A message from the platform to every user (spec 000 screen 1).
#[derive(Debug, Serialize, ToSchema)]
struct Notification {
    /// info, warning, error or success.
    #[serde(rename = "type")]
    kind: String,
    message: String,
}

/// `GET api/user/info`.
#[derive(Debug, Serialize, ToSchema)]
struct UserInfo {
    id: String,
    email: String,
    username: String,
    /// Global roles (admin, eform_employee).
    roles: Vec<String>,
    clients: Vec<ClientEntry>,
    server_notification: Option<Notification>,
    /// Name of this deployment, for the admins' environment banner.
    environment: String,
}

/// `GET api/user/info`: the user's clients and the current server notification.
#[utoipa::path(get, path = "/api/user/info", operation_id = table::USER_INFO.op, tag = "user",
    responses((status = 200, description = "The signed-in user", body = UserInfo)))]
async fn info(State(state): State<AppState>, auth: AuthUser) -> Result<Json<UserInfo>> {
    let clients = memberships::clients_of_user(&state.platform, &auth.user.id).await?;
    let server_notification = notifications::current(&state.platform)
        .await?
        .map(|(kind, message)| Notification { kind, message });
    let user = auth.user;
    Ok(Json(UserInfo {
        id: user.id.to_string(),
        email: user.email,
        username: user.username,
        roles: role_names(&user.global_roles),
        clients: client_entries(clients),
        server_notification,
        environment: state.config.environment.clone(),
    }))
}

/// Form data of `POST api/user/password-forgotten`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ForgottenForm {
    #[serde(default)]
    #[schema(format = Email, min_length = 3, max_length = 254, required = true)]
    email: String,
}

/// `POST api/user/password-forgotten`: mails a one-time link when the address is known.
/// The answer is the same either way, so it cannot be used to find accounts.
#[utoipa::path(post, path = "/api/user/password-forgotten", operation_id = table::USER_PASSWORD_FORGOTTEN.op, tag = "user",
    request_body(content(
        (ForgottenForm = "application/x-www-form-urlencoded"),
        (ForgottenForm = "multipart/form-data"),
        (ForgottenForm = "application/json")
    )),
    responses(
        (status = 200, description = "The same neutral text for known and unknown addresses", body = StatusMessage),
        (status = 429, description = "Too many requests from this address", body = crate::error::ErrorBody)
    ))]
async fn password_forgotten(
    State(state): State<AppState>,
    addr: ClientAddr,
    FormBody(form): FormBody<ForgottenForm>,
) -> Result<Json<StatusMessage>> {
    state.limits.check(Limit::PasswordForgotten, &addr.key())?;
    let email = form.email.trim();
    if !is_valid_email(email) {
        return Err(AppError::invalid("email", messages::EMAIL_INVALID));
    }
    match users::find_by_email(&state.platform, email).await? {
        Some(user) if !user.blocked => {
            let since = tenancy::now() - 3600;
            let recent =
                password_tokens::issued_since(&state.platform, &user.id, Purpose::Reset, since)
                    .await?;
            if recent < RESET_MAILS_PER_HOUR {
                account_mail::queue_password_reset(&state, &user).await?;
            } else {
                tracing::info!("password reset mail skipped: enough sent this hour");
            }
        }
        _ => tracing::info!("password reset asked for an unknown or blocked address"),
    }
    Ok(Json(StatusMessage::ok(messages::PASSWORD_FORGOTTEN_SENT)))
}

/// Form data of `POST api/user/password-reset`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ResetForm {
    /// The token of the link.
    #[serde(default)]
    #[schema(min_length = 1, required = true)]
    token: String,
    #[serde(default)]
    #[schema(min_length = 8, max_length = 256, required = true)]
    password: String,
}

/// `POST api/user/password-reset`: sets a new password through a one-time link and signs
/// the user out everywhere.
#[utoipa::path(post, path = "/api/user/password-reset", operation_id = table::USER_PASSWORD_RESET.op, tag = "user",
    request_body(content(
        (ResetForm = "application/x-www-form-urlencoded"),
        (ResetForm = "multipart/form-data"),
        (ResetForm = "application/json")
    )),
    responses(
        (status = 200, description = "Password set; every session of the user ended", body = StatusMessage),
        (status = 404, description = "The link is unknown, used or expired", body = crate::error::ErrorBody),
        (status = 429, description = "Too many attempts from this address", body = crate::error::ErrorBody)
    ))]
async fn password_reset(
    State(state): State<AppState>,
    addr: ClientAddr,
    FormBody(form): FormBody<ResetForm>,
) -> Result<Json<StatusMessage>> {
    state.limits.check(Limit::PasswordReset, &addr.key())?;
    if form.password.chars().count() < MIN_PASSWORD_LEN {
        return Err(AppError::invalid("password", messages::PASSWORD_TOO_SHORT));
    }
    if form.password.chars().count() > MAX_PASSWORD_LEN {
        return Err(AppError::invalid("password", messages::PASSWORD_TOO_LONG));
    }
    let token = form.token.trim();
    let invalid = || AppError::Missing(messages::RESET_LINK_INVALID);
    // A bad link is refused before the costly hash; `redeem` checks it again atomically.
    password_tokens::holder(&state.platform, token)
        .await?
        .ok_or_else(invalid)?;
    let password = form.password;
    let hash = tokio::task::spawn_blocking(move || secrets::hash_password(&password))
        .await
        .map_err(AppError::internal)??;
    let user = password_tokens::redeem(&state.platform, token, &hash)
        .await?
        .ok_or_else(invalid)?;
    // Every session of the user was revoked; forget the cached ones too.
    state
        .caches
        .sessions
        .remove_where(|_, cached| cached.id == user);
    Ok(Json(StatusMessage::ok(messages::PASSWORD_CHANGED)))
}

/// Longest password accepted: Argon2 takes any length, but nobody types more.
const MAX_PASSWORD_LEN: usize = 256;
