//! The datasource delivery of a registration (issue 15, document 001 section 3): the feature
//! actions of one map or search element (`domain::feature_actions`) applied to the features
//! the registration selected, in the client's own database. Its status shows on the
//! registration as `datasource_hooks`; a failed attempt is retried like e-mails and webhooks,
//! and applying twice gives the same features.

use crate::deliver::{Attempt, Loaded};
use domain::feature_actions::plan;
use domain::form::Element;
use domain::messages;
use tenancy::TenantDb;
use tenancy::tenant::datasources as store;
use tenancy::tenant::deliveries::Delivery;

/// Applies the element's actions; the answer says how many features changed.
pub async fn deliver(db: &TenantDb, loaded: &Loaded, row: &Delivery) -> Attempt {
    let Some(plan) = serde_json::from_str::<Element>(&row.setting)
        .ok()
        .as_ref()
        .and_then(plan)
    else {
        return Attempt::refused(messages::HOOKS_INVALID);
    };
    let changes = plan.changes(&loaded.values);
    match store::apply(db, &plan.datasource_id, &changes).await {
        Ok(changed) => Attempt::Delivered {
            answer: format!("{changed} features changed"),
            attachments: None,
        },
        Err(err) => Attempt::failed(err.to_string()),
    }
}
