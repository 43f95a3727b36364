//! Mails about a user's account: a one-time link to set a password, queued as a job.

use crate::AppState;
use crate::error::Result;
use domain::messages;
use tenancy::platform::clients::Client;
use tenancy::platform::invites;
use tenancy::platform::password_tokens::{self, Purpose};
use tenancy::platform::users::User;
use worker::jobs::{MailJob, MailKind};
use worker::mail::OutgoingMail;

/// Web route that sets a password from a one-time token (see web/src/config/paths.ts).
fn set_password_link(state: &AppState, token: &str) -> String {
    format!("{}/user/reset-password/{token}", state.config.base_url())
}

/// Queues the 'Wachtwoord vergeten?' mail with a fresh one-time link.
pub async fn queue_password_reset(state: &AppState, user: &User) -> Result<()> {
    let token = password_tokens::issue(&state.platform, &user.id, Purpose::Reset).await?;
    let mail = OutgoingMail {
        id: tenancy::new_id(),
        to: user.email.clone(),
        subject: messages::MAIL_RESET_SUBJECT.to_owned(),
        text: messages::mail_reset_body(&set_password_link(state, &token)),
        attachments: Vec::new(),
        ..OutgoingMail::default()
    };
    state
        .queue
        .push_mail(MailJob {
            client_uuid: None,
            kind: MailKind::PasswordReset,
            mail,
        })
        .await?;
    Ok(())
}

/// Queues the welcome mail of a user in a client, with a link to set a password.
pub async fn queue_welcome(state: &AppState, user: &User, client: &Client) -> Result<()> {
    let token = password_tokens::issue(&state.platform, &user.id, Purpose::Welcome).await?;
    let mail = OutgoingMail {
        id: tenancy::new_id(),
        to: user.email.clone(),
        subject: messages::MAIL_WELCOME_SUBJECT.to_owned(),
        text: messages::mail_welcome_body(&client.name, &set_password_link(state, &token)),
        attachments: Vec::new(),
        ..OutgoingMail::default()
    };
    let client_uuid = Some(client.id.to_string());
    state
        .queue
        .push_mail(MailJob {
            client_uuid,
            kind: MailKind::Welcome,
            mail,
        })
        .await?;
    Ok(())
}

/// Queues the mail with which an existing account confirms joining a client.
pub async fn queue_join_confirmation(state: &AppState, user: &User, client: &Client) -> Result<()> {
    let token = invites::issue(&state.platform, &user.id, &client.id).await?;
    let link = format!("{}/user/join/{token}", state.config.base_url());
    let mail = OutgoingMail {
        id: tenancy::new_id(),
        to: user.email.clone(),
        subject: messages::mail_join_subject(&client.name),
        text: messages::mail_join_body(&client.name, &link),
        attachments: Vec::new(),
        ..OutgoingMail::default()
    };
    state
        .queue
        .push_mail(MailJob {
            client_uuid: Some(client.id.to_string()),
            kind: MailKind::JoinConfirmation,
            mail,
        })
        .await?;
    Ok(())
}
