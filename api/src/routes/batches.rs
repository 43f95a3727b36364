//! Batches a user started and follows (document 002 section 7, `api/batch/process/
//! {batchName}`): client removal, snapshots, exports and datasource imports, and how each of
//! them is started.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::extract::AuthUser;
use crate::policy::table;
use axum::Json;
use axum::extract::{Path, State};
use domain::access::Role;
use serde::Serialize;
use tenancy::platform::batches::{self, Batch, NewBatch};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use worker::jobs::WorkJob;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(process))
}

/// Records a batch and puts it on the work queue; answers it as stored. It is queued after it
/// is recorded, so should the push fail, the schedule's sweep queues it (`worker::batch`) and
/// the batch is never lost.
pub(crate) async fn start_batch(state: &AppState, new: &NewBatch<'_>) -> Result<Batch> {
    let id = batches::insert(&state.platform, new).await?;
    let job = WorkJob::Batch {
        client_uuid: new.client_id.as_str().to_owned(),
        batch_id: id.clone(),
    };
    if let Err(err) = state.queue.push_work(job).await {
        tracing::warn!(batch = %id, kind = new.kind, error = %err, "queueing a batch failed; the sweep will queue it");
    }
    batches::find(&state.platform, &id)
        .await?
        .ok_or(AppError::NotFound)
}

/// Where a batch stands; the web app asks until `items_in_queue` is 0.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct BatchProcess {
    batch_name: String,
    total_items: i64,
    /// What is left to do; 0 once the batch is done, failed or cancelled.
    items_in_queue: i64,
    /// queued, running, done, failed or cancelled.
    status: String,
    /// That a batch failed, in Dutch (why is in the server's log, not in answers).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl BatchProcess {
    pub(crate) fn of(batch: &Batch) -> BatchProcess {
        let left = if batch.status.is_final() {
            0
        } else {
            // Not counted yet: one item, so the web app keeps asking.
            (batch.total - batch.processed).max(1)
        };
        BatchProcess {
            batch_name: batch.id.clone(),
            total_items: batch.total,
            items_in_queue: left,
            status: batch.status.as_str().to_owned(),
            error: batch
                .error
                .as_ref()
                .map(|_| domain::messages::BATCH_FAILED.to_owned()),
        }
    }
}

/// `GET api/batch/process/{batchName}`: a batch's progress, for the user who started it
/// (or a platform admin). Read from the platform, so it still answers once the client it
/// removed is gone.
#[utoipa::path(get, path = "/api/batch/process/{batch_name}", operation_id = table::BATCH_PROCESS.op, tag = "batches",
    params(("batch_name" = String, Path)),
    responses((status = 200, description = "Where it stands", body = BatchProcess)))]
async fn process(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(batch_name): Path<String>,
) -> Result<Json<BatchProcess>> {
    let batch = batches::find(&state.platform, &batch_name)
        .await?
        .ok_or(AppError::NotFound)?;
    let own = batch.created_by.as_deref() == Some(&auth.user.id.to_string());
    if !own && !auth.user.global_roles.contains(&Role::Admin) {
        return Err(AppError::NotFound);
    }
    Ok(Json(BatchProcess::of(&batch)))
}
