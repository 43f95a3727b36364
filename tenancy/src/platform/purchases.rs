//! Queries on `purchases`: what clients bought and where each payment stands. A purchase is
//! granted once: [`claim_grant`] marks it in the one statement that decides who grants it.

use super::Platform;
use crate::error::Result;
use crate::{new_id, now};
use domain::ids::ClientId;

/// Where a purchase's payment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Pending,
    Paid,
    Failed,
    Cancelled,
    Expired,
}

impl Status {
    /// Stored and answered name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Paid => "paid",
            Status::Failed => "failed",
            Status::Cancelled => "cancelled",
            Status::Expired => "expired",
        }
    }

    /// Reads a stored name (Mollie's `canceled` included).
    pub fn parse(raw: &str) -> Option<Status> {
        Some(match raw {
            "pending" | "open" => Status::Pending,
            "paid" => Status::Paid,
            "failed" => Status::Failed,
            "cancelled" | "canceled" => Status::Cancelled,
            "expired" => Status::Expired,
            _ => return None,
        })
    }
}

/// A purchase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Purchase {
    pub id: String,
    pub client_id: ClientId,
    /// `credits` or `module`.
    pub kind: String,
    /// What was bought, as it was offered then.
    pub name: String,
    pub bundle_id: Option<String>,
    pub credits: i64,
    pub module: Option<String>,
    /// Cents without VAT, and the amount charged.
    pub price: i64,
    pub amount: i64,
    /// The contact fields, as JSON.
    pub contact: String,
    /// `invoice` or `mollie`.
    pub provider: String,
    pub provider_ref: Option<String>,
    pub checkout_url: Option<String>,
    pub status: Status,
    pub granted_at: Option<i64>,
    pub confirmed_by: Option<String>,
    pub created_by: Option<String>,
    pub created_at: i64,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    client_id: String,
    kind: String,
    name: String,
    bundle_id: Option<String>,
    credits: i64,
    module: Option<String>,
    price: i64,
    amount: i64,
    contact: String,
    provider: String,
    provider_ref: Option<String>,
    checkout_url: Option<String>,
    status: String,
    granted_at: Option<i64>,
    confirmed_by: Option<String>,
    created_by: Option<String>,
    created_at: i64,
}

impl From<Row> for Purchase {
    fn from(row: Row) -> Purchase {
        Purchase {
            id: row.id,
            client_id: ClientId::from_trusted(row.client_id),
            kind: row.kind,
            name: row.name,
            bundle_id: row.bundle_id,
            credits: row.credits,
            module: row.module,
            price: row.price,
            amount: row.amount,
            contact: row.contact,
            provider: row.provider,
            provider_ref: row.provider_ref,
            checkout_url: row.checkout_url,
            status: Status::parse(&row.status).unwrap_or(Status::Failed),
            granted_at: row.granted_at,
            confirmed_by: row.confirmed_by,
            created_by: row.created_by,
            created_at: row.created_at,
        }
    }
}

const COLUMNS: &str = "id, client_id, kind, name, bundle_id, credits, module, price, amount, contact, provider, provider_ref, checkout_url, status, granted_at, confirmed_by, created_by, created_at";

/// A purchase to record.
#[derive(Debug, Clone)]
pub struct NewPurchase<'a> {
    pub client_id: &'a ClientId,
    pub kind: &'a str,
    pub name: &'a str,
    pub bundle_id: Option<&'a str>,
    pub credits: i64,
    pub module: Option<&'a str>,
    pub price: i64,
    pub amount: i64,
    pub contact: String,
    pub provider: &'a str,
    pub created_by: Option<&'a str>,
}

/// Records a pending purchase; answers its id.
pub async fn insert(db: &Platform, new: &NewPurchase<'_>) -> Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO purchases (id, client_id, kind, name, bundle_id, credits, module, price, amount, contact, provider, status, created_by, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'pending', ?12, ?13, ?13)",
    )
    .bind(&id)
    .bind(new.client_id.as_str())
    .bind(new.kind)
    .bind(new.name)
    .bind(new.bundle_id)
    .bind(new.credits)
    .bind(new.module)
    .bind(new.price)
    .bind(new.amount)
    .bind(&new.contact)
    .bind(new.provider)
    .bind(new.created_by)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// Where the payment of a purchase is made (the provider's id and checkout address).
pub async fn set_checkout(db: &Platform, id: &str, provider_ref: &str, url: &str) -> Result<()> {
    sqlx::query(
        "UPDATE purchases SET provider_ref = ?2, checkout_url = ?3, updated_at = ?4 WHERE id = ?1",
    )
    .bind(id)
    .bind(provider_ref)
    .bind(url)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The purchase with this id.
pub async fn find(db: &Platform, id: &str) -> Result<Option<Purchase>> {
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM purchases WHERE id = ?1"
    )))
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(Purchase::from))
}

/// The purchase of a provider's payment.
pub async fn find_by_payment(
    db: &Platform,
    provider: &str,
    reference: &str,
) -> Result<Option<Purchase>> {
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM purchases WHERE provider = ?1 AND provider_ref = ?2"
    )))
    .bind(provider)
    .bind(reference)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(Purchase::from))
}

/// A client's purchases, newest first.
pub async fn of_client(db: &Platform, client: &ClientId) -> Result<Vec<Purchase>> {
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM purchases WHERE client_id = ?1 ORDER BY created_at DESC, id"
    )))
    .bind(client.as_str())
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Purchase::from).collect())
}

/// Every purchase with this status, oldest first.
pub async fn with_status(db: &Platform, status: Status) -> Result<Vec<Purchase>> {
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM purchases WHERE status = ?1 ORDER BY created_at, id"
    )))
    .bind(status.as_str())
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Purchase::from).collect())
}

/// Records a payment's new status while it is open; a paid purchase stays paid.
pub async fn set_status(db: &Platform, id: &str, status: Status) -> Result<()> {
    sqlx::query(
        "UPDATE purchases SET status = ?2, updated_at = ?3 WHERE id = ?1 AND status <> 'paid'",
    )
    .bind(id)
    .bind(status.as_str())
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Marks the purchase paid (by `confirmed_by`, or the provider when None) and claims its
/// grant: true for exactly one caller, however many confirm it at once.
pub async fn claim_grant(db: &Platform, id: &str, confirmed_by: Option<&str>) -> Result<bool> {
    let at = now();
    let claimed = sqlx::query(
        "UPDATE purchases SET status = 'paid', granted_at = ?2, confirmed_by = COALESCE(?3, confirmed_by), updated_at = ?2
         WHERE id = ?1 AND granted_at IS NULL AND status IN ('pending', 'paid')",
    )
    .bind(id)
    .bind(at)
    .bind(confirmed_by)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(claimed == 1)
}

/// Purchases claimed for granting (paid, granted_at set) since `since`: the sweep grants
/// them again, which adds nothing twice (the grant is keyed by the purchase).
pub async fn granted_since(db: &Platform, since: i64) -> Result<Vec<Purchase>> {
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM purchases WHERE status = 'paid' AND granted_at >= ?1 ORDER BY granted_at"
    )))
    .bind(since)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Purchase::from).collect())
}
