//! Buying credits and modules (document 002 sections 4, 5 and 7; issue 14; decision 022):
//! the bundles and module offers of a client, the orders, where they stand, the admins'
//! confirmation of an order on invoice, and Mollie's payment webhook.

use crate::AppState;
use crate::answers::{ContactFields, StatusMessage};
use crate::error::{AppError, ErrorBody, FieldError, Result};
use crate::extract::{AuthUser, FormBody, JsonBody, QueryParams};
use crate::policy::{self, ClientCtx, table};
use axum::Json;
use axum::extract::{Path, State};
use domain::messages;
use domain::purchases::Contact;
use serde::{Deserialize, Serialize};
use tenancy::platform::clients::Client;
use tenancy::platform::offers;
use tenancy::platform::purchases::{self, NewPurchase, Purchase, Status};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use worker::jobs::{MailJob, MailKind, WorkJob};
use worker::mail::OutgoingMail;
use worker::purchases::{Granted, Return};

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(bundles))
        .routes(routes!(buy_credits))
        .routes(routes!(modules))
        .routes(routes!(buy_module))
        .routes(routes!(client_purchases))
        .routes(routes!(open_purchases))
        .routes(routes!(confirm))
        .routes(routes!(mollie_webhook))
}

/// A bundle as the buy screen shows it; prices in cents, exclusive of VAT.
#[derive(Debug, Serialize, ToSchema)]
struct BundleJson {
    id: String,
    name: String,
    credits: i64,
    price: i64,
    #[serde(rename = "pricePerCredit")]
    price_per_credit: f64,
}

/// `GET api/clients/{id}/credit-bundles`: the bundles on offer.
#[utoipa::path(get, path = "/api/clients/{client_id}/credit-bundles", operation_id = table::CREDIT_BUNDLES.op, tag = "credits",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "The bundles on offer", body = Vec<BundleJson>)))]
async fn bundles(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<Vec<BundleJson>>> {
    policy::client_by_id(&state, auth, &client_id, &table::CREDIT_BUNDLES).await?;
    let list = offers::bundles(&state.platform).await?;
    Ok(Json(
        list.into_iter()
            .filter(|bundle| bundle.enabled)
            .map(|bundle| BundleJson {
                price_per_credit: domain::purchases::price_per_credit(bundle.price, bundle.credits),
                id: bundle.id,
                name: bundle.name,
                credits: bundle.credits,
                price: bundle.price,
            })
            .collect(),
    ))
}

/// The contact fields and the terms, as every buy form sends them.
#[derive(Debug, Deserialize, ToSchema)]
struct BuyBody {
    /// The bundle (credit-buy).
    #[serde(default)]
    bundle: Option<String>,
    /// The module (modules-buy).
    #[serde(default)]
    selected_module: Option<String>,
    #[serde(flatten)]
    #[schema(value_type = ContactFields)]
    contact: Contact,
    /// The terms checkbox; the button is disabled without it.
    #[serde(default)]
    terms: Option<bool>,
}

/// Where a purchase goes on: the address the buyer is sent to (the provider's checkout, or
/// back to the credits page for an order on invoice).
#[derive(Debug, Serialize, ToSchema)]
struct Ordered {
    /// Always 'success'.
    status: String,
    message: String,
    purchase_id: String,
    /// `invoice` or `mollie`.
    provider: String,
    #[serde(rename = "checkout-url")]
    checkout_url: String,
}

/// The checks every buy form shares: the contact fields and the terms.
fn checked(body: &BuyBody) -> Result<Contact> {
    let contact = body.contact.clone().tidy();
    let mut errors: Vec<FieldError> = contact
        .problems()
        .into_iter()
        .map(|(field, text)| FieldError::new(field, text))
        .collect();
    if body.terms != Some(true) {
        errors.push(FieldError::new("terms", messages::PURCHASE_TERMS_REQUIRED));
    }
    if let Some(first) = errors.first() {
        return Err(AppError::Unprocessable {
            message: first.detail.clone(),
            errors,
        });
    }
    Ok(contact)
}

/// Records the purchase, starts its payment and, for an order on invoice, tells sales.
async fn order(
    state: &AppState,
    ctx: &ClientCtx,
    new: NewPurchase<'_>,
    message: &str,
) -> Result<Json<Ordered>> {
    let id = purchases::insert(&state.platform, &new).await?;
    let purchase = purchases::find(&state.platform, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    let base = state.config.base_url();
    let back = Return {
        redirect_url: format!("{base}/clients/{}/credits?purchase={id}", ctx.client.id),
        webhook_url: format!("{base}/api/payments/mollie"),
    };
    let checkout = match state.payments.start(&purchase, &back).await {
        Ok(checkout) => checkout,
        Err(err) => {
            tracing::warn!(purchase = %id, error = %err, "starting a payment failed");
            purchases::set_status(&state.platform, &id, Status::Failed).await?;
            return Err(AppError::Conflict(messages::PAYMENT_UNAVAILABLE.to_owned()));
        }
    };
    if let Some(reference) = &checkout.reference {
        purchases::set_checkout(&state.platform, &id, reference, &checkout.url).await?;
    }
    if state.payments.name() == "invoice" {
        tell_sales(state, &ctx.client, &purchase).await?;
    }
    Ok(Json(Ordered {
        status: "success".to_owned(),
        message: if state.payments.name() == "invoice" {
            messages::ORDER_RECEIVED.to_owned()
        } else {
            message.to_owned()
        },
        purchase_id: id,
        provider: state.payments.name().to_owned(),
        checkout_url: checkout.url,
    }))
}

/// The mail to the platform's sales address about an order on invoice.
async fn tell_sales(state: &AppState, client: &Client, purchase: &Purchase) -> Result<()> {
    let contact: Contact = serde_json::from_str(&purchase.contact).unwrap_or_default();
    let text = format!(
        "Klant: {}\nBestelling: {}\nPrijs: EUR {} (excl. btw), EUR {} (incl. btw)\n\nContact:\n{}\n{} {}\n{}\n{}\nBtw-nummer: {}\n\nBevestig de bestelling in eform (Admin dashboard, Openstaande bestellingen) zodra de factuur is betaald.\nBestelling: {}",
        client.name,
        purchase.name,
        domain::purchases::euros(purchase.price),
        domain::purchases::euros(purchase.amount),
        contact.contact_company,
        contact.contact_firstname,
        contact.contact_lastname,
        contact.address(),
        contact.contact_email,
        contact.contact_tax_number,
        purchase.id,
    );
    let mail = OutgoingMail {
        id: format!("order-{}", purchase.id),
        to: state.config.sales_email.clone(),
        subject: messages::order_subject(&client.name),
        text,
        ..OutgoingMail::default()
    };
    state
        .queue
        .push_mail(MailJob {
            client_uuid: Some(client.id.to_string()),
            kind: MailKind::Order,
            mail,
        })
        .await?;
    Ok(())
}

/// `POST api/clients/{id}/credit-buy`: orders a bundle; answers where to pay.
#[utoipa::path(post, path = "/api/clients/{client_id}/credit-buy", operation_id = table::CREDIT_BUY.op, tag = "credits",
    params(("client_id" = String, Path)),
    request_body(content = BuyBody, content_type = "application/json"),
    responses(
        (status = 200, description = "Ordered; the buyer goes to checkout-url", body = Ordered),
        (status = 409, description = "The payment could not be started", body = ErrorBody),
        (status = 422, description = "A field is missing or wrong, or the bundle is not on offer", body = ErrorBody)
    ))]
async fn buy_credits(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
    JsonBody(body): JsonBody<BuyBody>,
) -> Result<Json<Ordered>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CREDIT_BUY).await?;
    let contact = checked(&body)?;
    let bundle = match body.bundle.as_deref() {
        Some(id) => offers::bundle(&state.platform, id).await?,
        None => None,
    }
    .filter(|bundle| bundle.enabled)
    .ok_or_else(|| AppError::invalid("bundle", messages::BUNDLE_UNKNOWN))?;
    let user = ctx.auth.user.id.to_string();
    let new = NewPurchase {
        client_id: &ctx.client.id,
        kind: "credits",
        name: &bundle.name,
        bundle_id: Some(&bundle.id),
        credits: bundle.credits,
        module: None,
        price: bundle.price,
        amount: domain::purchases::with_vat(bundle.price),
        contact: serde_json::to_string(&contact).map_err(AppError::internal)?,
        provider: state.payments.name(),
        created_by: Some(&user),
    };
    order(&state, &ctx, new, messages::CREDITS_BOUGHT).await
}

/// A module offer as the buy screen shows it; price in cents, exclusive of VAT.
#[derive(Debug, Serialize, ToSchema)]
struct ModuleJson {
    /// The module: word, map_element, location, tracking, qr_code.
    #[serde(rename = "type")]
    module: String,
    name: String,
    description: String,
    price: i64,
    enabled: bool,
    /// The client holds it already.
    owned: bool,
}

/// `GET api/clients/{id}/modules`: the modules on offer, and which the client holds.
#[utoipa::path(get, path = "/api/clients/{client_id}/modules", operation_id = table::CLIENT_MODULES.op, tag = "credits",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "The module offers", body = Vec<ModuleJson>)))]
async fn modules(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<Vec<ModuleJson>>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CLIENT_MODULES).await?;
    let list = offers::modules(&state.platform).await?;
    Ok(Json(
        list.into_iter()
            .map(|offer| ModuleJson {
                owned: ctx.client.modules.contains(&offer.module),
                module: offer.module,
                name: offer.name,
                description: offer.description,
                price: offer.price,
                enabled: offer.enabled,
            })
            .collect(),
    ))
}

/// `POST api/clients/{id}/modules-buy`: orders a module; answers where to pay.
#[utoipa::path(post, path = "/api/clients/{client_id}/modules-buy", operation_id = table::MODULE_BUY.op, tag = "credits",
    params(("client_id" = String, Path)),
    request_body(content = BuyBody, content_type = "application/json"),
    responses(
        (status = 200, description = "Ordered; the buyer goes to checkout-url", body = Ordered),
        (status = 409, description = "The payment could not be started", body = ErrorBody),
        (status = 422, description = "No module chosen, a field missing or wrong, or the module not on offer", body = ErrorBody)
    ))]
async fn buy_module(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
    JsonBody(body): JsonBody<BuyBody>,
) -> Result<Json<Ordered>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::MODULE_BUY).await?;
    let chosen = body
        .selected_module
        .as_deref()
        .map(str::trim)
        .filter(|module| !module.is_empty())
        .ok_or_else(|| AppError::invalid("selected_module", messages::MODULE_NOT_CHOSEN))?
        .to_owned();
    let contact = checked(&body)?;
    let offer = offers::module(&state.platform, &chosen)
        .await?
        .filter(|offer| offer.enabled)
        .ok_or_else(|| AppError::invalid("selected_module", messages::MODULE_UNKNOWN))?;
    if ctx.client.modules.contains(&offer.module) {
        return Err(AppError::invalid("selected_module", messages::MODULE_OWNED));
    }
    let user = ctx.auth.user.id.to_string();
    let new = NewPurchase {
        client_id: &ctx.client.id,
        kind: "module",
        name: &offer.name,
        bundle_id: None,
        credits: 0,
        module: Some(&offer.module),
        price: offer.price,
        amount: domain::purchases::with_vat(offer.price),
        contact: serde_json::to_string(&contact).map_err(AppError::internal)?,
        provider: state.payments.name(),
        created_by: Some(&user),
    };
    order(&state, &ctx, new, messages::CREDITS_BOUGHT).await
}

/// A purchase as the credits screen and the admins' list show it.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct PurchaseJson {
    id: String,
    client_id: String,
    /// The client's name (the admins' list).
    #[serde(skip_serializing_if = "Option::is_none")]
    client_name: Option<String>,
    /// `credits` or `module`.
    kind: String,
    name: String,
    credits: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    module: Option<String>,
    /// Cents, exclusive of VAT.
    price: i64,
    /// Cents charged (with VAT).
    amount: i64,
    /// `invoice` or `mollie`.
    provider: String,
    /// pending, paid, failed, cancelled or expired.
    status: String,
    /// RFC 3339, UTC.
    created: String,
    /// RFC 3339, UTC; once credits or the module were granted.
    #[serde(skip_serializing_if = "Option::is_none")]
    granted: Option<String>,
    /// The contact fields of the order.
    #[schema(value_type = ContactFields)]
    contact: Contact,
}

impl PurchaseJson {
    fn of(purchase: Purchase, client_name: Option<String>) -> PurchaseJson {
        PurchaseJson {
            client_id: purchase.client_id.to_string(),
            client_name,
            kind: purchase.kind,
            name: purchase.name,
            credits: purchase.credits,
            module: purchase.module,
            price: purchase.price,
            amount: purchase.amount,
            provider: purchase.provider,
            status: purchase.status.as_str().to_owned(),
            created: domain::dates::rfc3339_utc(purchase.created_at),
            granted: purchase.granted_at.map(domain::dates::rfc3339_utc),
            contact: serde_json::from_str(&purchase.contact).unwrap_or_default(),
            id: purchase.id,
        }
    }
}

/// `GET api/clients/{id}/purchases`: the client's orders, newest first.
#[utoipa::path(get, path = "/api/clients/{client_id}/purchases", operation_id = table::CLIENT_PURCHASES.op, tag = "credits",
    params(("client_id" = String, Path)),
    responses((status = 200, description = "The orders", body = Vec<PurchaseJson>)))]
async fn client_purchases(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_id): Path<String>,
) -> Result<Json<Vec<PurchaseJson>>> {
    let ctx = policy::client_by_id(&state, auth, &client_id, &table::CLIENT_PURCHASES).await?;
    let list = purchases::of_client(&state.platform, &ctx.client.id).await?;
    Ok(Json(
        list.into_iter()
            .map(|purchase| PurchaseJson::of(purchase, None))
            .collect(),
    ))
}

/// The admins' list's filter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct OpenQuery {
    /// Only `pending` (the default).
    #[param(pattern = "^pending$")]
    status: Option<String>,
}

/// `GET api/purchases`: the orders waiting for an admin's confirmation, oldest first.
#[utoipa::path(get, path = "/api/purchases", operation_id = table::PURCHASES_OPEN.op, tag = "credits",
    params(OpenQuery),
    responses(
        (status = 200, description = "The open orders", body = Vec<PurchaseJson>),
        (status = 422, description = "A status other than `pending`", body = ErrorBody)
    ))]
async fn open_purchases(
    State(state): State<AppState>,
    auth: AuthUser,
    QueryParams(query): QueryParams<OpenQuery>,
) -> Result<Json<Vec<PurchaseJson>>> {
    policy::require_admin(&auth)?;
    if query
        .status
        .as_deref()
        .is_some_and(|status| status != "pending")
    {
        return Err(AppError::invalid("status", messages::BAD_QUERY));
    }
    let mut answer = Vec::new();
    for purchase in purchases::with_status(&state.platform, Status::Pending).await? {
        let name = tenancy::platform::clients::find(&state.platform, &purchase.client_id)
            .await?
            .map(|client| client.name);
        // Orders of a removed client are not for anyone to confirm.
        if name.is_some() {
            answer.push(PurchaseJson::of(purchase, name));
        }
    }
    Ok(Json(answer))
}

/// `POST api/purchases/{id}/confirm`: an admin confirms an order on invoice (its invoice is
/// paid): the credits or the module are granted, once, however often it is confirmed.
#[utoipa::path(post, path = "/api/purchases/{purchase_id}/confirm", operation_id = table::PURCHASE_CONFIRM.op, tag = "credits",
    params(("purchase_id" = String, Path)),
    responses(
        (status = 200, description = "Granted (now or before)", body = StatusMessage),
        (status = 409, description = "The order failed, was cancelled or expired", body = ErrorBody)
    ))]
async fn confirm(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(purchase_id): Path<String>,
) -> Result<Json<StatusMessage>> {
    policy::require_admin(&auth)?;
    let purchase = purchases::find(&state.platform, &purchase_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let by = auth.user.id.to_string();
    granted(&state, &purchase, Some(&by)).await
}

/// Grants a paid purchase and starts what follows (held registrations, the low-credit mark).
async fn granted(
    state: &AppState,
    purchase: &Purchase,
    by: Option<&str>,
) -> Result<Json<StatusMessage>> {
    let ctx = state.job_context().map_err(AppError::internal)?;
    let outcome = worker::purchases::grant(&ctx, purchase, by).await?;
    match outcome {
        Granted::Now | Granted::Before => {
            if purchase.kind == "credits" {
                queue_credits_run(state, &purchase.client_id.to_string()).await;
            }
            Ok(Json(StatusMessage::ok(if purchase.kind == "credits" {
                messages::CREDITS_ADDED
            } else {
                messages::MODULE_GRANTED
            })))
        }
        Granted::NotOpen => Err(AppError::Conflict(messages::PURCHASE_NOT_OPEN.to_owned())),
    }
}

/// Queues a credits run for a client (release what is held, the low-credit mark); a lost
/// one is made up by the next send or addition.
pub(crate) async fn queue_credits_run(state: &AppState, client_uuid: &str) {
    let job = WorkJob::Credits {
        client_uuid: client_uuid.to_owned(),
    };
    if let Err(err) = state.queue.push_work(job).await {
        tracing::warn!(client = client_uuid, error = %err, "queueing a credits run failed");
    }
}

/// After a send: the client's credits are looked at (its low-credit limit), at most once a
/// minute per client, so the mail goes out soon after a send took them below it.
pub(crate) async fn after_send(state: &AppState, client: &domain::ids::ClientId) {
    if state.caches.credit_check_due(client) {
        queue_credits_run(state, client.as_str()).await;
    }
}

/// Mollie's webhook call: only the payment's id; its status is read from Mollie itself.
#[derive(Debug, Deserialize, ToSchema)]
struct MollieCall {
    #[serde(default)]
    #[schema(pattern = "\\S", required = true)]
    id: String,
}

/// `POST api/payments/mollie`: Mollie says a payment changed. The payment is fetched from
/// Mollie (what the call claims is never believed) and, once paid, granted exactly once;
/// Mollie calls again after any answer but 200, so unknown payments answer 200 too.
#[utoipa::path(post, path = "/api/payments/mollie", operation_id = table::PAYMENT_WEBHOOK.op, tag = "credits",
    request_body(content(
        (MollieCall = "application/x-www-form-urlencoded"),
        (MollieCall = "application/json")
    )),
    responses(
        (status = 200, description = "Heard", body = StatusMessage),
        (status = 400, description = "No payment named", body = ErrorBody),
        (status = 409, description = "The payment could not be read from Mollie now (Mollie calls again)", body = ErrorBody)
    ))]
async fn mollie_webhook(
    State(state): State<AppState>,
    FormBody(call): FormBody<MollieCall>,
) -> Result<Json<StatusMessage>> {
    let reference = call.id.trim();
    if reference.is_empty() {
        // Mollie always names the payment: this call is not Mollie's.
        return Err(AppError::BadRequest(messages::BAD_JSON.to_owned()));
    }
    let heard = || Ok(Json(StatusMessage::ok("ok")));
    let Some(purchase) = purchases::find_by_payment(&state.platform, "mollie", reference).await?
    else {
        return heard();
    };
    let status = match state.payments.status(reference).await {
        Ok(status) => status,
        Err(err) => {
            tracing::warn!(purchase = %purchase.id, error = %err, "reading a Mollie payment failed");
            return Err(AppError::Conflict(messages::PAYMENT_UNAVAILABLE.to_owned()));
        }
    };
    match status {
        Status::Paid => drop(granted(&state, &purchase, None).await?),
        Status::Pending => {}
        other => purchases::set_status(&state.platform, &purchase.id, other).await?,
    }
    heard()
}
