//! Word templates of e-mail settings (document 001 sections 4 and 7): after the upload
//! (`POST /api/file-upload/email-word`), processing on the job queue; the form's metadata
//! (`forms::metadata`) says when each is done.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use crate::policy::{self, table};
use crate::routes::review::Success;
use axum::Json;
use axum::extract::{Path, State};
use domain::messages;
use tenancy::tenant::{files, word_templates};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use worker::jobs::WorkJob;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(process))
}

/// `GET /api/process-word-file/{form_id}/{file_id}`: queues the processing of an uploaded
/// template for the form; until it is done the form's metadata says false for it.
#[utoipa::path(get, path = "/api/process-word-file/{form_id}/{file_id}", operation_id = table::WORD_FILE_PROCESS.op, tag = "forms",
    params(("form_id" = String, Path), ("file_id" = String, Path)),
    responses((status = 200, description = "Queued", body = Success)))]
async fn process(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, file_id)): Path<(String, String)>,
) -> Result<Json<Success>> {
    let form = policy::form(&state, auth, &form_id, &table::WORD_FILE_PROCESS).await?;
    let db = form.ctx.db();
    files::find(db, &file_id)
        .await?
        .ok_or(AppError::Missing(messages::WORD_FILE_MISSING))?;
    word_templates::register(db, &file_id, &form_id).await?;
    // Not queued, it would never be processed (nothing sweeps templates): the caller is told
    // and asks again.
    state
        .queue
        .push_work(WorkJob::WordTemplate {
            client_uuid: db.client_id().as_str().to_owned(),
            file_id,
        })
        .await
        .map_err(AppError::internal)?;
    Ok(Json(Success::new()))
}
