//! Guest forms: `api/guest/form/{guestId}`, filled in without signing in. The send is in
//! `routes::send`, the record search in `routes::registrations`.

use crate::AppState;
use crate::error::Result;
use crate::policy::{self, table};
use crate::routes::forms::FormJson;
use axum::Json;
use axum::extract::{Path, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show))
}

/// `GET api/guest/form/{guestId}`: the form behind a guest link, while guest access is on
/// and the form is published.
#[utoipa::path(get, path = "/api/guest/form/{guest_id}", operation_id = table::GUEST_FORM.op, tag = "guest",
    params(("guest_id" = String, Path)),
    responses((status = 200, description = "The form", body = FormJson)))]
async fn show(
    State(state): State<AppState>,
    Path(guest_id): Path<String>,
) -> Result<Json<FormJson>> {
    let guest = policy::guest_form(&state, &guest_id).await?;
    Ok(Json(FormJson::fill(&guest.form, guest.client.id.as_str())))
}
