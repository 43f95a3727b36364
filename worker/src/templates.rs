//! Processing an uploaded Word template (`GET /api/process-word-file/...`): checked, its
//! split tokens joined, its tokens listed, kept ready for merges. Running it again redoes the
//! same work; a template that is not a Word document is marked done with the reason, so the
//! form is never blocked by it.

use crate::jobs::JobContext;
use domain::ids::ClientId;
use tenancy::tenant::word_templates;

/// Processes the template `file_id` of a client.
pub async fn run(
    ctx: &JobContext,
    client_uuid: &str,
    file_id: &str,
) -> Result<(), tenancy::TenancyError> {
    let Some(client) = ClientId::parse(client_uuid) else {
        return Ok(());
    };
    let db = ctx.tenants.open(&client).await?;
    let Ok(bytes) = tokio::fs::read(db.files_dir().join(file_id)).await else {
        word_templates::failed(&db, file_id, domain::messages::WORD_FILE_MISSING).await?;
        return Ok(());
    };
    let prepared = tokio::task::spawn_blocking(move || crate::word::prepare(&bytes))
        .await
        .map_err(|err| tenancy::TenancyError::Io(std::io::Error::other(err)))?;
    match prepared {
        Ok(prepared) => {
            word_templates::prepared(&db, file_id, &prepared.tokens, &prepared.docx).await?;
        }
        Err(err) => word_templates::failed(&db, file_id, &err.to_string()).await?,
    }
    Ok(())
}
