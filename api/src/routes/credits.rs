//! A client's credits as JSON:API resources (document 002 section 7,
//! `jsonapi/eform_credit/eform_credit`): the ledger of bought and added bundles, and the
//! admins' addition by hand ('Credits zijn toegevoegd aan klant.').

use crate::AppState;
use crate::answers::ContactFields;
use crate::error::{AppError, Result};
use crate::extract::{AuthUser, QueryParams};
use crate::jsonapi::{ErrorDocument, One, Ref, answer, body, invalid};
use crate::policy::{self, table};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use domain::messages;
use domain::purchases::{Contact, ManualCredits};
use serde::{Deserialize, Serialize};
use tenancy::platform::audit;
use tenancy::tenant::credits::{self, Credit};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

const KIND: &str = "eform_credit--eform_credit";

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create))
}

/// A bundle of the ledger.
#[derive(Debug, Serialize, ToSchema)]
struct CreditAttributes {
    name: String,
    /// RFC 3339, UTC.
    created: String,
    credits_total: i64,
    /// 0 once expired, for everyone but admins (spec 002 section 1).
    credits_left: i64,
    /// `YYYY-MM-DD`, the last day they count.
    credit_expire_date: Option<String>,
    /// The contact fields, when the bundle was bought or added with them.
    #[schema(value_type = ContactFields)]
    contact: Contact,
    /// The contact's address in one line.
    contact_address: String,
}

#[derive(Debug, Serialize, ToSchema)]
struct CreditRelationships {
    client_id: One,
}

#[derive(Debug, Serialize, ToSchema)]
struct CreditResource {
    /// Always `eform_credit--eform_credit`.
    #[serde(rename = "type")]
    kind: String,
    id: String,
    attributes: CreditAttributes,
    relationships: CreditRelationships,
}

#[derive(Debug, Serialize, ToSchema)]
struct CreditList {
    data: Vec<CreditResource>,
}

#[derive(Debug, Serialize, ToSchema)]
struct CreditDocument {
    data: CreditResource,
}

/// The last day (`YYYY-MM-DD`) credits that stop counting at `instant` count.
pub(crate) fn last_day(instant: i64) -> String {
    domain::dates::local_datetime(instant - 1)
        .get(..10)
        .unwrap_or_default()
        .to_owned()
}

fn resource(client: &str, credit: Credit, admin: bool) -> CreditResource {
    let expired = credit
        .credit_expire_date
        .is_some_and(|at| at <= tenancy::now());
    let contact: Contact = serde_json::from_str(&credit.contact).unwrap_or_default();
    CreditResource {
        kind: KIND.to_owned(),
        attributes: CreditAttributes {
            name: credit.name,
            created: domain::dates::rfc3339_utc(credit.created_at),
            credits_total: credit.credits_total,
            credits_left: if expired && !admin {
                0
            } else {
                credit.credits_left
            },
            credit_expire_date: credit.credit_expire_date.map(last_day),
            contact_address: contact.address(),
            contact,
        },
        relationships: CreditRelationships {
            client_id: One {
                data: Ref::new("client--client", client),
            },
        },
        id: credit.id,
    }
}

/// The list's filter.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListFilter {
    /// The client.
    #[serde(rename = "filter[client_id.id]", default)]
    #[param(rename = "filter[client_id.id]", required = true)]
    client: String,
}

/// `GET jsonapi/eform_credit/eform_credit?filter[client_id.id]=…`: the client's credits,
/// newest first.
#[utoipa::path(get, path = "/jsonapi/eform_credit/eform_credit", operation_id = table::CREDITS_LIST.op, tag = "credits",
    params(ListFilter),
    responses((status = 200, description = "The credits", body = CreditList, content_type = "application/vnd.api+json")))]
async fn list(
    State(state): State<AppState>,
    auth: AuthUser,
    QueryParams(filter): QueryParams<ListFilter>,
) -> Result<Response> {
    let ctx = policy::client_by_id(&state, auth, &filter.client, &table::CREDITS_LIST).await?;
    let admin = ctx.access.is_admin();
    let data = credits::list(ctx.db())
        .await?
        .into_iter()
        .map(|credit| resource(ctx.client.id.as_str(), credit, admin))
        .collect();
    answer(StatusCode::OK, &CreditList { data })
}

/// `POST jsonapi/eform_credit/eform_credit`: what an admin adds by hand.
#[derive(Debug, Deserialize, ToSchema)]
struct NewCreditDocument {
    data: NewCreditData,
}

#[derive(Debug, Deserialize, ToSchema)]
struct NewCreditData {
    /// `eform_credit--eform_credit`.
    #[serde(rename = "type")]
    #[schema(pattern = "^eform_credit--eform_credit$")]
    kind: String,
    attributes: NewCreditAttributes,
    relationships: NewCreditRelationships,
}

#[derive(Debug, Deserialize, ToSchema)]
struct NewCreditAttributes {
    #[serde(default)]
    name: String,
    #[serde(flatten)]
    #[schema(value_type = ContactFields)]
    contact: Contact,
    #[schema(schema_with = crate::jsonapi::whole_number_schema, required = true)]
    credits_total: Option<serde_json::Value>,
    /// `YYYY-MM-DD`; two years ahead when absent.
    credit_expire_date: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
struct NewCreditRelationships {
    client_id: One,
}

/// `POST jsonapi/eform_credit/eform_credit` ('admin add client credits'): adds credits by
/// hand; held registrations are released as far as they reach.
#[utoipa::path(post, path = "/jsonapi/eform_credit/eform_credit", operation_id = table::CREDIT_CREATE.op, tag = "credits",
    request_body(content = NewCreditDocument, content_type = "application/vnd.api+json"),
    responses(
        (status = 201, description = "Added", body = CreditDocument, content_type = "application/vnd.api+json"),
        (status = 422, description = "A value that cannot be saved", body = ErrorDocument, content_type = "application/vnd.api+json")
    ))]
async fn create(State(state): State<AppState>, auth: AuthUser, bytes: Bytes) -> Result<Response> {
    let document: NewCreditDocument = body(&bytes)?;
    let data = document.data;
    let client = data.relationships.client_id.data.id;
    let ctx = policy::client_by_id(&state, auth, &client, &table::CREDIT_CREATE).await?;
    if data.kind != KIND {
        return invalid(messages::JSON_API_WRONG_TYPE);
    }
    let today = domain::dates::local_datetime(tenancy::now());
    let checked = ManualCredits::check(
        &data.attributes.name,
        data.attributes.contact,
        data.attributes.credits_total.as_ref(),
        data.attributes.credit_expire_date.as_deref(),
        today.get(..10).unwrap_or_default(),
    );
    let manual = match checked {
        Ok(manual) => manual,
        Err(problems) => {
            let details: Vec<String> = problems.into_iter().map(|(_, text)| text).collect();
            return crate::jsonapi::invalid_all(&details);
        }
    };
    let id = tenancy::new_id();
    credits::add_once(
        ctx.db(),
        &id,
        &manual.name,
        manual.credits_total,
        domain::purchases::expiry_instant(&manual.expires_on),
        &serde_json::to_string(&manual.contact).map_err(AppError::internal)?,
    )
    .await?;
    let by = ctx.auth.user.id.to_string();
    audit::record(
        &state.platform,
        Some(&by),
        "credits.added",
        &ctx.client.id,
        None,
    )
    .await?;
    crate::routes::purchases::queue_credits_run(&state, ctx.client.id.as_str()).await;
    let added = credits::list(ctx.db())
        .await?
        .into_iter()
        .find(|credit| credit.id == id)
        .ok_or(AppError::NotFound)?;
    answer(
        StatusCode::CREATED,
        &CreditDocument {
            data: resource(ctx.client.id.as_str(), added, true),
        },
    )
}
