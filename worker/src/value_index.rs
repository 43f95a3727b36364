//! Building a value index of a form (decision 018): asked for by the registrations list
//! when a manager sorts or filters a big form on a path without one. Running it again, or
//! after a crash at any point, finishes the same index (`tenancy::tenant::value_indexes`).

use crate::jobs::JobContext;
use domain::ids::ClientId;
use tenancy::tenant::value_indexes;

/// Builds the value index `index_id` of a client; nothing when it is gone or ready.
pub async fn run(
    ctx: &JobContext,
    client_uuid: &str,
    index_id: i64,
) -> Result<(), tenancy::TenancyError> {
    let Some(client) = ClientId::parse(client_uuid) else {
        return Ok(());
    };
    let db = ctx.tenants.open(&client).await?;
    let Some(index) = value_indexes::find(&db, index_id).await? else {
        return Ok(());
    };
    if index.ready {
        return Ok(());
    }
    let started = std::time::Instant::now();
    value_indexes::build(&db, &index).await?;
    tracing::info!(
        client = client_uuid,
        form = %index.form_id,
        path = %index.path,
        kind = index.kind.as_str(),
        seconds = started.elapsed().as_secs_f64(),
        "value index ready"
    );
    Ok(())
}
