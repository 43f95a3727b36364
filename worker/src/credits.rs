//! When a client's credits change (issue 14, decision 022): registrations kept on hold are
//! released oldest first as far as the credits reach, their e-mails and webhooks then run;
//! and the low-credit mail goes to the client's managers once per crossing of its limit.
//! [`WorkJob::Credits`](crate::jobs::WorkJob::Credits) runs both; it is safe to run twice
//! and beside sends.

use crate::jobs::JobContext;
use crate::mail::OutgoingMail;
use domain::access::Role;
use domain::ids::ClientId;
use std::collections::HashMap;
use tenancy::TenancyError;
use tenancy::platform::{clients, memberships, users};
use tenancy::tenant::{credits, deliveries, forms, registrations};

/// Registrations released in one transaction.
const RELEASE_CHUNK: i64 = 500;

/// What a run of the job did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CreditsRun {
    pub released: u64,
    pub low_credit_mailed: bool,
}

/// Why the job must be tried again.
#[derive(Debug, thiserror::Error)]
pub enum CreditsError {
    #[error("data: {0}")]
    Data(#[from] TenancyError),
    #[error("mail: {0}")]
    Mail(#[from] crate::mail::MailError),
}

/// Releases what credits allow, then looks at the low-credit limit.
pub async fn run(ctx: &JobContext, client_uuid: &str) -> Result<CreditsRun, CreditsError> {
    let Some(client_id) = ClientId::parse(client_uuid) else {
        return Ok(CreditsRun::default());
    };
    let Some(client) = clients::find(&ctx.platform, &client_id).await? else {
        return Ok(CreditsRun::default()); // removed meanwhile
    };
    let db = ctx.tenants.open(&client.id).await?;
    let released = release(&db).await?;
    if released > 0 {
        ctx.outbox.wake(&client.id);
        tracing::info!(client = %client.id, released, "held registrations released");
    }
    let low_credit_mailed = low_credit(ctx, &client, &db).await?;
    Ok(CreditsRun {
        released,
        low_credit_mailed,
    })
}

/// Releases held registrations until none are held or no credits are left.
pub async fn release(db: &tenancy::TenantDb) -> Result<u64, TenancyError> {
    if registrations::held_count(db).await? == 0 {
        return Ok(0);
    }
    // The e-mail settings, integrations and feature actions of every form, read once.
    let mut hooks = HashMap::new();
    for form in forms::list(db).await? {
        let due = domain::notifications::form_hooks(
            &form.email_settings,
            &form.webhook_integrations,
            &form.schema,
        );
        hooks.insert(form.id, due);
    }
    let planned = |form: &str, phase: Option<&str>| {
        hooks
            .get(form)
            .map(|due| deliveries::planned(due, phase, true))
            .unwrap_or_default()
    };
    let mut released = 0;
    loop {
        let now = registrations::release_held(db, RELEASE_CHUNK, &planned).await?;
        released += now;
        if now < u64::try_from(RELEASE_CHUNK).unwrap_or(u64::MAX) {
            return Ok(released);
        }
    }
}

/// Mails the client's managers when its credits are below its limit and they were not told
/// since the credits last were above it; clears that mark when the credits are back.
async fn low_credit(
    ctx: &JobContext,
    client: &clients::Client,
    db: &tenancy::TenantDb,
) -> Result<bool, CreditsError> {
    let limit = client.low_credit_email_limit;
    if limit <= 0 {
        return Ok(false);
    }
    let left = credits::left(db, false).await?;
    if left >= limit {
        clients::clear_low_credit_mail(&ctx.platform, &client.id).await?;
        return Ok(false);
    }
    let to = recipients(ctx, client).await?;
    if to.is_empty() || !clients::claim_low_credit_mail(&ctx.platform, &client.id).await? {
        return Ok(false);
    }
    let mail = OutgoingMail {
        id: format!("low-credit-{}-{}", client.id, tenancy::new_id()),
        to: to.join(", "),
        subject: domain::messages::low_credit_subject(&client.name),
        text: domain::messages::low_credit_body(&client.name, left, limit),
        ..OutgoingMail::default()
    };
    if let Err(err) = ctx.mailer.send(&mail).await {
        // Not sent: the next run tries again.
        clients::clear_low_credit_mail(&ctx.platform, &client.id).await?;
        return Err(err.into());
    }
    Ok(true)
}

/// Who hears that credits run low: the client's managers and financial users, and its
/// contact address.
async fn recipients(
    ctx: &JobContext,
    client: &clients::Client,
) -> Result<Vec<String>, TenancyError> {
    let mut to = Vec::new();
    for member in memberships::members_of_client(&ctx.platform, &client.id).await? {
        let roles = memberships::roles_in_client(&ctx.platform, &member.id, &client.id)
            .await?
            .unwrap_or_default();
        let concerned = roles
            .iter()
            .any(|role| matches!(role, Role::ClientManager | Role::Financial));
        if concerned
            && let Some(user) = users::find_by_id(&ctx.platform, &member.id).await?
            && !user.blocked
        {
            to.push(user.email);
        }
    }
    if let Some(contact) = client.contact.get("email").and_then(|v| v.as_str())
        && domain::validate::is_valid_email(contact)
    {
        to.push(contact.to_owned());
    }
    to.sort();
    to.dedup();
    Ok(to)
}
