//! Public self-registration (`/register/:client_uuid/:form_id?` in the web app), without
//! sign-in: `POST api/user/register/` and the confirmation of an existing account
//! (`/user/join/:token`). The page reads the client's public face from
//! `GET jsonapi/client/client/{uuid}` (`routes::clients`).

use crate::AppState;
use crate::answers::StatusMessage;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{ClientAddr, FormBody};
use crate::limits::Limit;
use crate::policy::table;
use crate::routes::account_mail;
use axum::Json;
use axum::extract::{Path, State};
use domain::ids::ClientId;
use domain::messages;
use domain::validate::is_valid_email;
use serde::{Deserialize, Serialize};
use tenancy::platform::{clients, directory, invites, memberships, users};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Confirmation mails per account and client per hour at most.
const JOIN_MAILS_PER_HOUR: i64 = 3;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(join_show))
        .routes(routes!(join))
}

/// Form data of `POST api/user/register/`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct RegisterForm {
    #[serde(default)]
    #[schema(format = Email, min_length = 3, max_length = 254, required = true)]
    email: String,
    #[serde(default)]
    #[schema(format = Uuid, required = true)]
    client_uuid: String,
    /// The form of the registration link, which must belong to the client.
    #[serde(default)]
    form_id: Option<String>,
}

/// `POST api/user/register/`: a new address gets an account in the client and a welcome
/// mail to choose a password; an existing account gets a mail with a link to confirm that
/// it joins the client (nobody can add someone else's account to a client). The answer is
/// the same either way, so it cannot be used to find accounts.
#[utoipa::path(post, path = "/api/user/register/", operation_id = table::USER_REGISTER.op, tag = "register",
    request_body(content(
        (RegisterForm = "application/x-www-form-urlencoded"),
        (RegisterForm = "multipart/form-data"),
        (RegisterForm = "application/json")
    )),
    responses(
        (status = 200, description = "Registered; the text is shown on completion", body = StatusMessage),
        (status = 404, description = "The link's client or form does not exist, or the client has self-registration switched off", body = ErrorBody),
        (status = 429, description = "Too many registrations from this address", body = ErrorBody)
    ))]
async fn register(
    State(state): State<AppState>,
    addr: ClientAddr,
    FormBody(form): FormBody<RegisterForm>,
) -> Result<Json<StatusMessage>> {
    state.limits.check(Limit::Register, &addr.key())?;
    let email = form.email.trim().to_lowercase();
    if !is_valid_email(&email) {
        return Err(AppError::invalid("email", messages::EMAIL_INVALID));
    }
    let client_id = ClientId::parse(form.client_uuid.trim())
        .ok_or(AppError::Missing(messages::REGISTER_CLIENT_UNKNOWN))?;
    let client = clients::find(&state.platform, &client_id)
        .await?
        .ok_or(AppError::Missing(messages::REGISTER_CLIENT_UNKNOWN))?;
    // Only a client that opened its link takes members this way (decision 020).
    if !client.user_register_enabled {
        return Err(AppError::Missing(messages::REGISTER_CLIENT_CLOSED));
    }
    if let Some(form_id) = form.form_id.as_deref().filter(|id| !id.is_empty()) {
        let owner = directory::client_of(&state.platform, "form", form_id).await?;
        if owner.as_ref() != Some(&client.id) {
            return Err(AppError::Missing(messages::REGISTER_FORM_UNKNOWN));
        }
    }
    match users::find_by_email(&state.platform, &email).await? {
        Some(user) => {
            let member = memberships::roles_in_client(&state.platform, &user.id, &client.id)
                .await?
                .is_some();
            let since = tenancy::now() - 3600;
            let recent =
                invites::issued_since(&state.platform, &user.id, &client.id, since).await?;
            if !member && !user.blocked && recent < JOIN_MAILS_PER_HOUR {
                account_mail::queue_join_confirmation(&state, &user, &client).await?;
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
    Ok(Json(StatusMessage::ok(messages::REGISTERED)))
}

/// What a confirmation link is about, for the page that asks to confirm it.
#[derive(Debug, Serialize, ToSchema)]
struct JoinInvite {
    client_name: String,
    email: String,
}

/// `GET api/user/join/{token}`: the client and account of an open confirmation link.
#[utoipa::path(get, path = "/api/user/join/{token}", operation_id = table::USER_JOIN_SHOW.op, tag = "register",
    params(("token" = String, Path, description = "The token of the mailed link")),
    responses(
        (status = 200, description = "The open invitation", body = JoinInvite),
        (status = 404, description = "The link is unknown, used or expired", body = ErrorBody)
    ))]
async fn join_show(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<JoinInvite>> {
    let invalid = || AppError::Missing(messages::JOIN_LINK_INVALID);
    let invite = invites::find(&state.platform, token.trim())
        .await?
        .ok_or_else(invalid)?;
    let client = clients::find(&state.platform, &invite.client)
        .await?
        .ok_or_else(invalid)?;
    let user = users::find_by_id(&state.platform, &invite.user)
        .await?
        .ok_or_else(invalid)?;
    Ok(Json(JoinInvite {
        client_name: client.name,
        email: user.email,
    }))
}

/// Body of `POST api/user/join`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct JoinForm {
    #[serde(default)]
    #[schema(min_length = 1, required = true)]
    token: String,
}

/// `POST api/user/join`: the account holder confirms; the account joins the client as
/// 'Formulier invuller'.
#[utoipa::path(post, path = "/api/user/join", operation_id = table::USER_JOIN.op, tag = "register",
    request_body(content(
        (JoinForm = "application/json"),
        (JoinForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The account is a member of the client now", body = StatusMessage),
        (status = 404, description = "The link is unknown, used or expired", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address", body = ErrorBody)
    ))]
async fn join(
    State(state): State<AppState>,
    addr: ClientAddr,
    FormBody(form): FormBody<JoinForm>,
) -> Result<Json<StatusMessage>> {
    state.limits.check(Limit::Register, &addr.key())?;
    let invalid = || AppError::Missing(messages::JOIN_LINK_INVALID);
    let invite = invites::redeem(&state.platform, form.token.trim())
        .await?
        .ok_or_else(invalid)?;
    state.caches.forget_membership(&invite.user, &invite.client);
    let client = clients::find(&state.platform, &invite.client)
        .await?
        .ok_or_else(invalid)?;
    Ok(Json(StatusMessage::ok(messages::joined(&client.name))))
}
