//! Workflow registrations waiting for the signed-in user (document 000 section 2
//! `assigned_registration_list`, screen 9, section 7 `GET api/assigned-registrations` and
//! `GET api/assigned-registration/{id}`): those handed to the user, and those handed to
//! nobody of forms the user may fill in, in every client of the user.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use crate::policy::{self, ClientCtx, table};
use crate::routes::registrations::{RegistrationJson, history_of};
use axum::Json;
use axum::extract::{Path, State};
use serde::Serialize;
use tenancy::tenant::workflow::{self, Assignment};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Most registrations a client contributes to the list.
const LIST_LIMIT: i64 = 500;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(show))
}

/// One row of screen 9: form name, phase, summary, last change.
#[derive(Debug, Serialize, ToSchema)]
struct AssignedRow {
    #[serde(rename = "_id")]
    id: String,
    form_id: String,
    form_name: String,
    client_id: String,
    registration_serial_number: i64,
    registration_phase: String,
    /// Sanitised HTML.
    form_summary: String,
    /// RFC 3339, UTC: the last move.
    registration_updated_at: String,
    /// False when it was handed to nobody (anyone who fills in the form can take it up).
    assigned_to_me: bool,
}

/// `GET api/assigned-registrations`.
#[derive(Debug, Serialize, ToSchema)]
struct AssignedList {
    registrations: Vec<AssignedRow>,
}

/// True when the user may take this registration up: it waits for them, or for nobody in a
/// form they may fill in, or they manage the form's registrations.
async fn may_take(state: &AppState, ctx: &ClientCtx, assignment: &Assignment) -> Result<bool> {
    if policy::may_send_on(ctx, assignment.assigned_to.as_deref()).is_err() {
        return Ok(false);
    }
    match assignment.assigned_to {
        Some(_) => Ok(true),
        None => policy::fills(state, ctx, &assignment.form_id).await,
    }
}

/// `GET api/assigned-registrations`: the user's workflow registrations waiting for them,
/// most recently moved first.
#[utoipa::path(get, path = "/api/assigned-registrations", operation_id = table::ASSIGNED_REGISTRATIONS.op, tag = "workflow",
    responses((status = 200, description = "Waiting for the user", body = AssignedList)))]
async fn list(State(state): State<AppState>, auth: AuthUser) -> Result<Json<AssignedList>> {
    let mut rows = Vec::new();
    for ctx in policy::my_clients(&state, &auth).await? {
        let user = ctx.auth.user.id.to_string();
        for assignment in workflow::waiting_for(ctx.db(), &user, LIST_LIMIT).await? {
            if !may_take(&state, &ctx, &assignment).await? {
                continue;
            }
            let Ok(form) = state.caches.form(ctx.db(), &assignment.form_id).await else {
                continue; // the form was removed
            };
            let Some((reg, _)) = workflow::find_open(ctx.db(), &assignment.registration_id).await?
            else {
                continue;
            };
            rows.push(AssignedRow {
                id: reg.id,
                form_id: reg.form_id,
                form_name: form.form.name.clone(),
                client_id: ctx.client.id.to_string(),
                registration_serial_number: reg.serial_number,
                registration_phase: assignment.phase,
                form_summary: reg.summary,
                registration_updated_at: domain::dates::rfc3339_utc(assignment.updated_at),
                assigned_to_me: assignment.assigned_to.is_some(),
            });
        }
    }
    rows.sort_by(|a, b| b.registration_updated_at.cmp(&a.registration_updated_at));
    Ok(Json(AssignedList {
        registrations: rows,
    }))
}

/// `GET api/assigned-registration/{id}`: one registration waiting for the user, with its
/// values and moves, to fill in its current phase. 404 for one that waits for someone else.
#[utoipa::path(get, path = "/api/assigned-registration/{registration_id}", operation_id = table::ASSIGNED_REGISTRATION_SHOW.op, tag = "workflow",
    params(("registration_id" = String, Path)),
    responses((status = 200, description = "The registration in its current phase", body = RegistrationJson)))]
async fn show(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(registration_id): Path<String>,
) -> Result<Json<RegistrationJson>> {
    for ctx in policy::my_clients(&state, &auth).await? {
        let Some((reg, assignment)) = workflow::find_open(ctx.db(), &registration_id).await? else {
            continue;
        };
        if !may_take(&state, &ctx, &assignment).await? {
            break;
        }
        let form = state.caches.form(ctx.db(), &reg.form_id).await?;
        let workflow_history = history_of(ctx.db(), &form.form, &reg.id).await?;
        return Ok(Json(RegistrationJson {
            workflow_history,
            client_id: Some(ctx.client.id.to_string()),
            ..RegistrationJson::new(reg, &form.form)
        }));
    }
    Err(AppError::NotFound)
}
