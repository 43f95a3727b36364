//! What a registration's e-mails carried (document 001 section 7, download-emails): the
//! registration PDF, the Word document and the files each notification attached, kept per
//! delivery by the worker (decision 017) and given back as one zip.

use crate::AppState;
use crate::error::{AppError, ErrorBody, Result};
use crate::extract::AuthUser;
use crate::policy::{self, table};
use axum::Json;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use domain::messages;
use serde::{Deserialize, Serialize};
use std::io::Write;
use tenancy::TenantDb;
use tenancy::tenant::{deliveries, registrations};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(download_emails))
        .routes(routes!(emails_zip))
}

/// `GET .../download-emails`.
#[derive(Debug, Serialize, ToSchema)]
struct DownloadLink {
    status: String,
    /// The zip, fetched with the same sign-in.
    url: String,
}

/// One file a mail carried, as the worker listed it.
#[derive(Debug, Deserialize)]
struct Kept {
    filename: String,
    path: std::path::PathBuf,
}

/// The files of each delivered e-mail of a registration: (folder in the zip, files).
async fn carried(db: &TenantDb, form_id: &str, id: &str) -> Result<Vec<(String, Vec<Kept>)>> {
    registrations::find_any(db, form_id, id)
        .await?
        .ok_or(AppError::NotFound)?;
    let mut found = Vec::new();
    for delivery in deliveries::for_registration(db, id).await? {
        let files: Vec<Kept> = delivery
            .attachments
            .as_deref()
            .and_then(|json| serde_json::from_str(json).ok())
            .unwrap_or_default();
        if !files.is_empty() {
            let at =
                domain::dates::local_datetime(delivery.delivered_at.unwrap_or(delivery.updated_at));
            let folder = format!("{} {}", at.replace(':', "."), delivery.hook_name);
            found.push((zip_name(&folder), files));
        }
    }
    Ok(found)
}

/// A name a zip and every file system accept.
fn zip_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " -_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    cleaned
        .trim()
        .trim_start_matches('.')
        .chars()
        .take(100)
        .collect()
}

/// `GET api/form/{form_id}/registrations/{registration_id}/download-emails`: where to fetch
/// the zip of what the registration's e-mails carried; 404 when they carried nothing.
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/{registration_id}/download-emails", operation_id = table::REGISTRATION_DOWNLOAD_EMAILS.op, tag = "registrations review",
    params(("form_id" = String, Path), ("registration_id" = String, Path)),
    responses(
        (status = 200, description = "The zip's address", body = DownloadLink),
        (status = 404, description = "No such registration, or its e-mails carried no files", body = ErrorBody)
    ))]
async fn download_emails(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, registration_id)): Path<(String, String)>,
) -> Result<Json<DownloadLink>> {
    let route = &table::REGISTRATION_DOWNLOAD_EMAILS;
    let ctx = policy::owner(&state, auth, "form", &form_id, route).await?;
    if carried(ctx.db(), &form_id, &registration_id)
        .await?
        .is_empty()
    {
        return Err(AppError::Missing(messages::NO_EMAIL_ATTACHMENTS));
    }
    Ok(Json(DownloadLink {
        status: "success".to_owned(),
        url: format!("/api/form/{form_id}/registrations/{registration_id}/emails-zip"),
    }))
}

/// `GET api/form/{form_id}/registrations/{registration_id}/emails-zip`: the zip, one folder
/// per e-mail (its date and name) holding what it carried.
#[utoipa::path(get, path = "/api/form/{form_id}/registrations/{registration_id}/emails-zip", operation_id = table::REGISTRATION_EMAILS_ZIP.op, tag = "registrations review",
    params(("form_id" = String, Path), ("registration_id" = String, Path)),
    responses(
        (status = 200, description = "The zip", content_type = "application/zip", body = Vec<u8>),
        (status = 404, description = "No such registration, or its e-mails carried no files", body = ErrorBody)
    ))]
async fn emails_zip(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((form_id, registration_id)): Path<(String, String)>,
) -> Result<Response> {
    let ctx = policy::owner(
        &state,
        auth,
        "form",
        &form_id,
        &table::REGISTRATION_EMAILS_ZIP,
    )
    .await?;
    let mails = carried(ctx.db(), &form_id, &registration_id).await?;
    if mails.is_empty() {
        return Err(AppError::Missing(messages::NO_EMAIL_ATTACHMENTS));
    }
    // Mail attachments are a few megabytes at most: the zip is made in memory, off the
    // async threads.
    let bytes = tokio::task::spawn_blocking(move || build_zip(&mails))
        .await
        .map_err(AppError::internal)?
        .map_err(AppError::internal)?;
    let name = format!("e-mails registratie {registration_id}.zip");
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                crate::routes::files::attachment(&name),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        Body::from(bytes),
    )
        .into_response())
}

fn build_zip(mails: &[(String, Vec<Kept>)]) -> std::io::Result<Vec<u8>> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (folder, files) in mails {
        for (index, file) in files.iter().enumerate() {
            // A file the trash purge removed since is left out.
            let Ok(bytes) = std::fs::read(&file.path) else {
                continue;
            };
            let name = format!("{folder}/{}-{}", index + 1, zip_name(&file.filename));
            zip.start_file(name, options)
                .map_err(std::io::Error::other)?;
            zip.write_all(&bytes)?;
        }
    }
    Ok(zip.finish().map_err(std::io::Error::other)?.into_inner())
}
