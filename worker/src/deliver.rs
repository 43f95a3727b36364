//! One delivery of the outbox: take the row under a lease, read the registration it is for,
//! send the e-mail or call the webhook, and write down how it went: success, or an error
//! tried again after a growing wait until [`MAX_ATTEMPTS`].

use crate::jobs::{DeliverJob, JobContext};
use domain::document::Block;
use domain::form::Element;
use domain::ids::ClientId;
use domain::messages;
use domain::tokens::{RegistrationMeta, TokenContext};
use serde_json::{Map, Value};
use tenancy::TenantDb;
use tenancy::tenant::deliveries::{self, Delivery};
use tenancy::tenant::registrations::Registration;

/// Attempts before a delivery is given up (about a day and a half with a 10 s start).
pub const MAX_ATTEMPTS: i64 = 10;
/// The longest wait between two attempts.
const MAX_WAIT_SECS: i64 = 6 * 3600;

/// How one attempt went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    /// Delivered; the answer to show, and the files an e-mail carried (JSON).
    Delivered {
        answer: String,
        attachments: Option<String>,
    },
    /// Not delivered; `permanent` when trying again cannot help (no valid recipient).
    Failed { answer: String, permanent: bool },
}

impl Attempt {
    pub fn failed(answer: impl Into<String>) -> Attempt {
        Attempt::Failed {
            answer: answer.into(),
            permanent: false,
        }
    }

    pub fn refused(answer: impl Into<String>) -> Attempt {
        Attempt::Failed {
            answer: answer.into(),
            permanent: true,
        }
    }
}

/// What a finished job reports for its metrics.
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    pub ok: bool,
    pub job_name: &'static str,
}

/// Why a delivery could not even be looked at (left to the sweep to queue again).
#[derive(Debug, thiserror::Error)]
pub enum DeliverError {
    #[error("tenant: {0}")]
    Tenant(#[from] tenancy::TenancyError),
    #[error("unknown client {0}")]
    Client(String),
}

/// The wait before attempt `attempts + 1`: `base`, then three times longer each time.
pub fn retry_wait(base: i64, attempts: i64) -> i64 {
    let exponent = u32::try_from((attempts - 1).clamp(0, 20)).unwrap_or(20);
    base.max(1)
        .saturating_mul(3_i64.saturating_pow(exponent))
        .min(MAX_WAIT_SECS)
}

/// Runs the delivery `job` names; None when there was nothing to do (finished already, or
/// another job holds it).
pub async fn run(ctx: &JobContext, job: &DeliverJob) -> Result<Option<Outcome>, DeliverError> {
    let client = ClientId::parse(&job.client_uuid)
        .ok_or_else(|| DeliverError::Client(job.client_uuid.clone()))?;
    let db = ctx.tenants.open(&client).await?;
    let Some(row) = deliveries::take(&db, &job.delivery_id, ctx.settings.lease_secs).await? else {
        return Ok(None);
    };
    let attempt = match Loaded::read(ctx, &db, &client, &row).await? {
        None => Attempt::refused(messages::DELIVERY_REGISTRATION_GONE),
        Some(loaded) => match row.channel.as_str() {
            "email" => crate::notice::deliver(ctx, &db, &loaded, &row).await,
            "datasource" => crate::feature_actions::deliver(&db, &loaded, &row).await,
            _ => crate::webhook::deliver(ctx, &db, &loaded, &row).await,
        },
    };
    let job_name = match row.channel.as_str() {
        "email" => "deliver.email",
        "datasource" => "deliver.datasource",
        _ => "deliver.webhook",
    };
    let ok = matches!(attempt, Attempt::Delivered { .. });
    record(&db, &row, attempt, ctx.settings.retry_base_secs).await?;
    Ok(Some(Outcome { ok, job_name }))
}

/// Writes the attempt down in the row.
async fn record(
    db: &TenantDb,
    row: &Delivery,
    attempt: Attempt,
    retry_base: i64,
) -> Result<(), DeliverError> {
    match attempt {
        Attempt::Delivered {
            answer,
            attachments,
        } => {
            tracing::info!(delivery = %row.idempotency_key, kind = %row.hook_type, "delivered");
            deliveries::succeed(db, &row.id, &answer, attachments.as_deref()).await?;
        }
        Attempt::Failed { answer, permanent } => {
            let retry_at = (!permanent && row.attempts < MAX_ATTEMPTS)
                .then(|| tenancy::now() + retry_wait(retry_base, row.attempts));
            tracing::warn!(delivery = %row.idempotency_key, kind = %row.hook_type, attempts = row.attempts, ?retry_at, %answer, "delivery failed");
            deliveries::fail(db, &row.id, &answer, retry_at).await?;
        }
    }
    Ok(())
}

/// A registration read for a delivery: what its texts, documents and payloads need.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub registration: Registration,
    pub client_name: String,
    pub form_name: String,
    /// The form's settings now (developer mode).
    pub form_settings: Value,
    /// The schema it was filled in with.
    pub schema: Vec<Element>,
    pub values: Map<String, Value>,
    pub meta: RegistrationMeta,
}

impl Loaded {
    /// None when the registration is gone.
    pub async fn read(
        ctx: &JobContext,
        db: &TenantDb,
        client: &ClientId,
        row: &Delivery,
    ) -> Result<Option<Loaded>, DeliverError> {
        let Some(registration) =
            tenancy::tenant::registrations::find_any(db, &row.form_id, &row.registration_id)
                .await?
        else {
            return Ok(None);
        };
        let form = tenancy::tenant::forms::find(db, &row.form_id).await?;
        let client_name = tenancy::platform::clients::find(&ctx.platform, client)
            .await?
            .map(|c| c.name)
            .unwrap_or_default();
        // Read leniently: a schema kept with an old registration still reads, element by
        // element, the way its answers were given.
        let schema: Vec<Element> =
            serde_json::from_str(registration.schema.get()).unwrap_or_default();
        let values = registration.values.as_object().cloned().unwrap_or_default();
        let form_name = form.as_ref().map(|f| f.name.clone()).unwrap_or_default();
        let meta = RegistrationMeta {
            date: Some(domain::dates::local_datetime(registration.created_at)),
            username: registration.username.clone(),
            form_name: Some(form_name.clone()),
            serial_number: Some(registration.serial_number.to_string()),
            phase: registration.phase.clone(),
        };
        Ok(Some(Loaded {
            client_name,
            form_name,
            form_settings: form.map(|f| f.settings).unwrap_or(Value::Null),
            schema,
            values,
            meta,
            registration,
        }))
    }

    /// What tokens in texts of this registration read.
    pub fn tokens(&self) -> TokenContext<'_> {
        TokenContext {
            schema: &self.schema,
            values: &self.values,
            registration: &self.meta,
        }
    }

    /// The registration laid out for reading.
    pub fn blocks(&self, hide_empty: bool) -> Vec<Block> {
        domain::document::layout(&self.schema, &self.values, hide_empty)
    }

    /// Its date as people read it ("25 nov 2026 14:07").
    pub fn display_date(&self) -> String {
        self.meta
            .date
            .as_deref()
            .map(domain::tokens::format_display_date)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_grow_threefold_up_to_six_hours() {
        assert_eq!(retry_wait(10, 1), 10);
        assert_eq!(retry_wait(10, 2), 30);
        assert_eq!(retry_wait(10, 3), 90);
        assert_eq!(retry_wait(10, 9), MAX_WAIT_SECS);
        assert_eq!(retry_wait(0, 1), 1);
        assert_eq!(retry_wait(10, 10_000), MAX_WAIT_SECS);
    }
}
