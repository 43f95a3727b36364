//! What clients can buy, as platform admins edit it (issue 14, decision 022): the credit
//! bundles and the module offers. Purchases copy what they bought, so a change applies to
//! orders made after it.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::{AuthUser, JsonBody};
use crate::policy::{self, table};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::messages;
use serde::{Deserialize, Serialize};
use tenancy::platform::offers::{self, Bundle, ModuleOffer};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(bundles, create_bundle))
        .routes(routes!(update_bundle))
        .routes(routes!(modules))
        .routes(routes!(update_module))
}

/// A bundle as admins edit it; price in cents, exclusive of VAT.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
struct BundleOffer {
    #[serde(default)]
    id: String,
    /// Not blank.
    #[serde(default)]
    #[schema(pattern = "\\S", required = true)]
    name: String,
    #[serde(default)]
    #[schema(minimum = 1, required = true)]
    credits: i64,
    /// Cents, at most 100 million euros. Without a default: a bundle without a price is
    /// refused, not made free.
    #[serde(default)]
    #[schema(value_type = i64, minimum = 0, maximum = 10_000_000_000_i64, required = true)]
    price: Option<i64>,
    #[serde(default = "yes")]
    enabled: bool,
    #[serde(default)]
    position: i64,
}

fn yes() -> bool {
    true
}

impl BundleOffer {
    fn of(bundle: Bundle) -> BundleOffer {
        BundleOffer {
            id: bundle.id,
            name: bundle.name,
            credits: bundle.credits,
            price: Some(bundle.price),
            enabled: bundle.enabled,
            position: bundle.position,
        }
    }

    /// The bundle to store, or the Dutch reason why not.
    fn checked(self, id: String) -> Result<Bundle> {
        let name = self.name.trim().to_owned();
        let price = self
            .price
            .filter(|price| (0..=10_000_000_000).contains(price));
        let (Some(price), false, true) = (price, name.is_empty(), self.credits > 0) else {
            return Err(AppError::invalid("price", messages::OFFER_INVALID));
        };
        Ok(Bundle {
            id,
            name,
            credits: self.credits,
            price,
            enabled: self.enabled,
            position: self.position,
        })
    }
}

/// `GET api/credit-bundles`: every bundle, also the ones switched off (admins).
#[utoipa::path(get, path = "/api/credit-bundles", operation_id = table::OFFER_BUNDLES.op, tag = "offers",
    responses((status = 200, description = "The bundles", body = Vec<BundleOffer>)))]
async fn bundles(State(state): State<AppState>, auth: AuthUser) -> Result<Json<Vec<BundleOffer>>> {
    policy::require_admin(&auth)?;
    let list = offers::bundles(&state.platform).await?;
    Ok(Json(list.into_iter().map(BundleOffer::of).collect()))
}

/// `POST api/credit-bundles`: a new bundle (admins).
#[utoipa::path(post, path = "/api/credit-bundles", operation_id = table::OFFER_BUNDLE_CREATE.op, tag = "offers",
    request_body(content = BundleOffer, content_type = "application/json"),
    responses(
        (status = 201, description = "Added", body = BundleOffer),
        (status = 422, description = "No name, no credits or a negative price", body = ErrorBody)
    ))]
async fn create_bundle(
    State(state): State<AppState>,
    auth: AuthUser,
    JsonBody(offer): JsonBody<BundleOffer>,
) -> Result<(StatusCode, Json<BundleOffer>)> {
    policy::require_admin(&auth)?;
    let bundle = offer.checked(String::new())?;
    let id = offers::insert_bundle(&state.platform, &bundle).await?;
    let made = offers::bundle(&state.platform, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((StatusCode::CREATED, Json(BundleOffer::of(made))))
}

/// `PATCH api/credit-bundles/{id}`: a bundle changed, or switched off (admins).
#[utoipa::path(patch, path = "/api/credit-bundles/{bundle_id}", operation_id = table::OFFER_BUNDLE_UPDATE.op, tag = "offers",
    params(("bundle_id" = String, Path)),
    request_body(content = BundleOffer, content_type = "application/json"),
    responses(
        (status = 200, description = "Saved", body = BundleOffer),
        (status = 422, description = "No name, no credits or a negative price", body = ErrorBody)
    ))]
async fn update_bundle(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(bundle_id): Path<String>,
    JsonBody(offer): JsonBody<BundleOffer>,
) -> Result<Json<BundleOffer>> {
    policy::require_admin(&auth)?;
    offers::bundle(&state.platform, &bundle_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let bundle = offer.checked(bundle_id.clone())?;
    offers::update_bundle(&state.platform, &bundle).await?;
    let saved = offers::bundle(&state.platform, &bundle_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(BundleOffer::of(saved)))
}

/// A module offer as admins edit it; price in cents, exclusive of VAT.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
struct ModuleOfferJson {
    /// word, map_element, location, tracking or qr_code.
    #[serde(default, rename = "type")]
    module: String,
    /// Not blank.
    #[serde(default)]
    #[schema(pattern = "\\S", required = true)]
    name: String,
    #[serde(default)]
    description: String,
    /// Cents. Without a default: an offer without a price is refused, not made free.
    #[serde(default)]
    #[schema(value_type = i64, minimum = 0, required = true)]
    price: Option<i64>,
    #[serde(default = "yes")]
    enabled: bool,
}

/// `GET api/module-offers`: every module offer (admins).
#[utoipa::path(get, path = "/api/module-offers", operation_id = table::OFFER_MODULES.op, tag = "offers",
    responses((status = 200, description = "The module offers", body = Vec<ModuleOfferJson>)))]
async fn modules(
    State(state): State<AppState>,
    auth: AuthUser,
) -> Result<Json<Vec<ModuleOfferJson>>> {
    policy::require_admin(&auth)?;
    let list = offers::modules(&state.platform).await?;
    Ok(Json(
        list.into_iter()
            .map(|offer| ModuleOfferJson {
                module: offer.module,
                name: offer.name,
                description: offer.description,
                price: Some(offer.price),
                enabled: offer.enabled,
            })
            .collect(),
    ))
}

/// `PATCH api/module-offers/{module}`: a module's offer changed (admins).
#[utoipa::path(patch, path = "/api/module-offers/{module}", operation_id = table::OFFER_MODULE_UPDATE.op, tag = "offers",
    params(("module" = String, Path)),
    request_body(content = ModuleOfferJson, content_type = "application/json"),
    responses(
        (status = 200, description = "Saved", body = ModuleOfferJson),
        (status = 422, description = "No name or a negative price", body = ErrorBody)
    ))]
async fn update_module(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(module): Path<String>,
    JsonBody(offer): JsonBody<ModuleOfferJson>,
) -> Result<Json<ModuleOfferJson>> {
    policy::require_admin(&auth)?;
    offers::module(&state.platform, &module)
        .await?
        .ok_or(AppError::NotFound)?;
    let name = offer.name.trim().to_owned();
    let (Some(price), false) = (offer.price.filter(|price| *price >= 0), name.is_empty()) else {
        return Err(AppError::invalid("price", messages::OFFER_INVALID));
    };
    let saved = ModuleOffer {
        module: module.clone(),
        name,
        description: offer.description.trim().to_owned(),
        price,
        enabled: offer.enabled,
    };
    offers::update_module(&state.platform, &saved).await?;
    Ok(Json(ModuleOfferJson {
        module,
        name: saved.name,
        description: saved.description,
        price: Some(saved.price),
        enabled: saved.enabled,
    }))
}
