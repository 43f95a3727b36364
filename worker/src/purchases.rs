//! Purchases of credits and modules (issue 14, decision 022): payments go through a
//! provider — 'op factuur' (an admin confirms the order) by default, Mollie when it is
//! configured — and a paid purchase is granted exactly once.
//!
//! Granting is two writes in two databases: the platform claims the purchase
//! (`purchases::claim_grant`, one statement: one caller wins), then the credits are added to
//! the client's ledger under the purchase's id (or the module to the client). The second
//! write is safe to repeat, so [`sweep`] repeats it for recent grants: a crash between the
//! two loses nothing and adds nothing twice.

use crate::jobs::JobContext;
use serde::Deserialize;
use tenancy::TenancyError;
use tenancy::platform::purchases::{self, Purchase, Status};
use tenancy::platform::{audit, clients};
use tenancy::tenant::credits;

/// Grants of this age and younger are repeated by the sweep.
const SWEEP_SECS: i64 = 24 * 3600;

/// Why a payment could not be started or read.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("provider: {0}")]
    Provider(String),
    #[error("data: {0}")]
    Data(#[from] TenancyError),
}

/// Where a payment is made: the provider's id of it, and the address the buyer goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkout {
    pub reference: Option<String>,
    pub url: String,
}

/// What a payment needs to know of where it came from.
#[derive(Debug, Clone)]
pub struct Return {
    /// Where the buyer comes back to after paying (the web app).
    pub redirect_url: String,
    /// Where the provider reports the payment (this server).
    pub webhook_url: String,
}

/// A payment provider: start a payment for a purchase, and read where one stands.
pub trait PaymentProvider {
    /// `invoice` or `mollie`, as stored with the purchase.
    fn name(&self) -> &'static str;
    /// Starts the payment of `purchase`.
    fn start(
        &self,
        purchase: &Purchase,
        back: &Return,
    ) -> impl Future<Output = Result<Checkout, PaymentError>> + Send;
    /// Where the payment `reference` stands, read from the provider itself (never from what
    /// a webhook call claims).
    fn status(&self, reference: &str) -> impl Future<Output = Result<Status, PaymentError>> + Send;
}

/// 'Op factuur': the order is recorded as pending and the platform's sales address told;
/// an admin confirms it once the invoice is paid. The buyer goes back to the web app.
#[derive(Debug, Clone)]
pub struct Invoice;

impl PaymentProvider for Invoice {
    fn name(&self) -> &'static str {
        "invoice"
    }

    async fn start(&self, _purchase: &Purchase, back: &Return) -> Result<Checkout, PaymentError> {
        Ok(Checkout {
            reference: None,
            url: back.redirect_url.clone(),
        })
    }

    async fn status(&self, _reference: &str) -> Result<Status, PaymentError> {
        Ok(Status::Pending)
    }
}

/// Mollie's payments API (`POST /v2/payments`, `GET /v2/payments/{id}`), in the shapes of
/// its documentation. The amount is charged with VAT.
#[derive(Debug, Clone)]
pub struct Mollie {
    http: reqwest::Client,
    /// `https://api.mollie.com/v2`, or a local server in tests.
    base_url: String,
    api_key: String,
}

#[derive(Debug, Deserialize)]
struct MolliePayment {
    id: String,
    status: String,
    #[serde(rename = "_links", default)]
    links: MollieLinks,
}

#[derive(Debug, Default, Deserialize)]
struct MollieLinks {
    checkout: Option<MollieLink>,
}

#[derive(Debug, Deserialize)]
struct MollieLink {
    href: String,
}

impl Mollie {
    pub fn new(base_url: &str, api_key: &str) -> Result<Mollie, PaymentError> {
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(15))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|err| PaymentError::Provider(err.to_string()))?;
        Ok(Mollie {
            http,
            base_url: base_url.trim_end_matches('/').to_owned(),
            api_key: api_key.to_owned(),
        })
    }

    async fn read(answer: reqwest::Response) -> Result<MolliePayment, PaymentError> {
        let status = answer.status();
        if !status.is_success() {
            return Err(PaymentError::Provider(format!("Mollie answered {status}")));
        }
        answer
            .json()
            .await
            .map_err(|err| PaymentError::Provider(err.to_string()))
    }
}

impl PaymentProvider for Mollie {
    fn name(&self) -> &'static str {
        "mollie"
    }

    async fn start(&self, purchase: &Purchase, back: &Return) -> Result<Checkout, PaymentError> {
        let body = serde_json::json!({
            "amount": { "currency": "EUR", "value": domain::purchases::euros(purchase.amount) },
            "description": format!("eform: {}", purchase.name),
            "redirectUrl": back.redirect_url,
            "webhookUrl": back.webhook_url,
            "metadata": { "purchase_id": purchase.id },
        });
        let answer = self
            .http
            .post(format!("{}/payments", self.base_url))
            .bearer_auth(&self.api_key)
            // A retried request makes no second payment.
            .header("Idempotency-Key", &purchase.id)
            .json(&body)
            .send()
            .await
            .map_err(|err| PaymentError::Provider(err.to_string()))?;
        let payment = Mollie::read(answer).await?;
        let url = payment
            .links
            .checkout
            .map(|link| link.href)
            .ok_or_else(|| PaymentError::Provider("no checkout link".into()))?;
        Ok(Checkout {
            reference: Some(payment.id),
            url,
        })
    }

    async fn status(&self, reference: &str) -> Result<Status, PaymentError> {
        let answer = self
            .http
            .get(format!("{}/payments/{reference}", self.base_url))
            .bearer_auth(&self.api_key)
            .send()
            .await
            .map_err(|err| PaymentError::Provider(err.to_string()))?;
        let payment = Mollie::read(answer).await?;
        if payment.id != reference {
            return Err(PaymentError::Provider("another payment answered".into()));
        }
        // Mollie's states: open, pending, authorized, paid, canceled, expired, failed.
        Ok(match payment.status.as_str() {
            "paid" => Status::Paid,
            "canceled" => Status::Cancelled,
            "expired" => Status::Expired,
            "failed" => Status::Failed,
            _ => Status::Pending,
        })
    }
}

/// The provider this platform is configured with.
#[derive(Debug, Clone)]
pub enum Payments {
    Invoice(Invoice),
    Mollie(Mollie),
}

impl Payments {
    /// Mollie when an api key is configured, 'op factuur' otherwise.
    pub fn configured(
        mollie_key: Option<&str>,
        mollie_url: &str,
    ) -> Result<Payments, PaymentError> {
        Ok(match mollie_key.filter(|key| !key.is_empty()) {
            Some(key) => Payments::Mollie(Mollie::new(mollie_url, key)?),
            None => Payments::Invoice(Invoice),
        })
    }

    pub fn name(&self) -> &'static str {
        match self {
            Payments::Invoice(p) => p.name(),
            Payments::Mollie(p) => p.name(),
        }
    }

    pub async fn start(
        &self,
        purchase: &Purchase,
        back: &Return,
    ) -> Result<Checkout, PaymentError> {
        match self {
            Payments::Invoice(p) => p.start(purchase, back).await,
            Payments::Mollie(p) => p.start(purchase, back).await,
        }
    }

    pub async fn status(&self, reference: &str) -> Result<Status, PaymentError> {
        match self {
            Payments::Invoice(p) => p.status(reference).await,
            Payments::Mollie(p) => p.status(reference).await,
        }
    }
}

/// What a grant did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Granted {
    /// This call granted it.
    Now,
    /// It was granted before (its credits or module are there).
    Before,
    /// It is not paid and cannot be granted (failed, cancelled, expired).
    NotOpen,
}

/// Marks `purchase` paid and grants it once, whoever calls and however often (`by`: the
/// admin who confirmed it, None for the provider). Credits added this way should be followed
/// by a [`crate::jobs::WorkJob::Credits`] run for the client (held registrations, the
/// low-credit mark); the caller queues it.
pub async fn grant(
    ctx: &JobContext,
    purchase: &Purchase,
    by: Option<&str>,
) -> Result<Granted, TenancyError> {
    let claimed = purchases::claim_grant(&ctx.platform, &purchase.id, by).await?;
    let Some(current) = purchases::find(&ctx.platform, &purchase.id).await? else {
        return Ok(Granted::NotOpen);
    };
    if current.granted_at.is_none() {
        return Ok(Granted::NotOpen);
    }
    apply(ctx, &current).await?;
    if claimed {
        audit::record(
            &ctx.platform,
            by,
            "purchase.granted",
            &current.client_id,
            Some(&current.id),
        )
        .await?;
        tracing::info!(purchase = %current.id, client = %current.client_id, "purchase granted");
        Ok(Granted::Now)
    } else {
        Ok(Granted::Before)
    }
}

/// Adds what a claimed purchase brings; adding it again adds nothing. Answers whether
/// credits were added now.
async fn apply(ctx: &JobContext, purchase: &Purchase) -> Result<bool, TenancyError> {
    match purchase.kind.as_str() {
        "credits" => {
            let db = ctx.tenants.open(&purchase.client_id).await?;
            let today = domain::dates::local_datetime(tenancy::now());
            let expires = domain::purchases::years_after(
                today.get(..10).unwrap_or_default(),
                domain::purchases::VALID_YEARS,
            )
            .and_then(|date| domain::purchases::expiry_instant(&date));
            credits::add_once(
                &db,
                &purchase.id,
                &purchase.name,
                purchase.credits,
                expires,
                &purchase.contact,
            )
            .await
        }
        "module" => {
            if let Some(module) = &purchase.module {
                clients::add_module(&ctx.platform, &purchase.client_id, module).await?;
            }
            Ok(false)
        }
        _ => Ok(false),
    }
}

/// Applies the grants of the last day again (what a crash between claim and apply left);
/// answers the clients it added credits to now, for a credits run.
pub async fn sweep(ctx: &JobContext, now: i64) -> Result<Vec<String>, TenancyError> {
    let mut clients = Vec::new();
    for purchase in purchases::granted_since(&ctx.platform, now - SWEEP_SECS).await? {
        match apply(ctx, &purchase).await {
            Ok(true) => clients.push(purchase.client_id.to_string()),
            Ok(false) => {}
            // A client removed since: nothing to grant to.
            Err(TenancyError::UnknownClient(_)) => continue,
            Err(err) => return Err(err),
        }
    }
    clients.sort();
    clients.dedup();
    Ok(clients)
}
