//! Queries on `credit_bundles` and `module_offers`: what clients can buy (platform data an
//! admin edits).

use super::Platform;
use crate::error::Result;
use crate::{new_id, now};

/// A credit bundle; `price` in cents, exclusive of VAT.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Bundle {
    pub id: String,
    pub name: String,
    pub credits: i64,
    pub price: i64,
    pub enabled: bool,
    pub position: i64,
}

/// A module offer; `price` in cents, exclusive of VAT.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ModuleOffer {
    pub module: String,
    pub name: String,
    pub description: String,
    pub price: i64,
    pub enabled: bool,
}

/// Every bundle in order (the disabled ones too, for admins).
pub async fn bundles(db: &Platform) -> Result<Vec<Bundle>> {
    Ok(sqlx::query_as(
        "SELECT id, name, credits, price, enabled, position FROM credit_bundles ORDER BY position, credits, id",
    )
    .fetch_all(db.pool())
    .await?)
}

/// The bundle with this id.
pub async fn bundle(db: &Platform, id: &str) -> Result<Option<Bundle>> {
    Ok(sqlx::query_as(
        "SELECT id, name, credits, price, enabled, position FROM credit_bundles WHERE id = ?1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?)
}

/// Adds a bundle; answers its id.
pub async fn insert_bundle(db: &Platform, bundle: &Bundle) -> Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO credit_bundles (id, name, credits, price, enabled, position, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
    )
    .bind(&id)
    .bind(&bundle.name)
    .bind(bundle.credits)
    .bind(bundle.price)
    .bind(bundle.enabled)
    .bind(bundle.position)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// Changes a bundle; false when there is none with its id. Purchases keep what they were
/// bought for: they copy the bundle's name, credits and price.
pub async fn update_bundle(db: &Platform, bundle: &Bundle) -> Result<bool> {
    let changed = sqlx::query(
        "UPDATE credit_bundles SET name = ?2, credits = ?3, price = ?4, enabled = ?5, position = ?6, updated_at = ?7
         WHERE id = ?1",
    )
    .bind(&bundle.id)
    .bind(&bundle.name)
    .bind(bundle.credits)
    .bind(bundle.price)
    .bind(bundle.enabled)
    .bind(bundle.position)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(changed == 1)
}

/// Every module offer, by module.
pub async fn modules(db: &Platform) -> Result<Vec<ModuleOffer>> {
    Ok(sqlx::query_as(
        "SELECT module, name, description, price, enabled FROM module_offers ORDER BY module",
    )
    .fetch_all(db.pool())
    .await?)
}

/// The offer of one module.
pub async fn module(db: &Platform, module: &str) -> Result<Option<ModuleOffer>> {
    Ok(sqlx::query_as(
        "SELECT module, name, description, price, enabled FROM module_offers WHERE module = ?1",
    )
    .bind(module)
    .fetch_optional(db.pool())
    .await?)
}

/// Changes a module's offer; false when the module has none.
pub async fn update_module(db: &Platform, offer: &ModuleOffer) -> Result<bool> {
    let changed = sqlx::query(
        "UPDATE module_offers SET name = ?2, description = ?3, price = ?4, enabled = ?5, updated_at = ?6
         WHERE module = ?1",
    )
    .bind(&offer.module)
    .bind(&offer.name)
    .bind(&offer.description)
    .bind(offer.price)
    .bind(offer.enabled)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(changed == 1)
}
