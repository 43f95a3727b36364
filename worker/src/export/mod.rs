//! Registrations exports (document 001 section 4 'Download'): the selection of the list
//! (tab and filters) as a CSV, or a zip with that CSV and every uploaded file of the
//! selected registrations.
//!
//! The CSV is Excel-friendly: UTF-8 with a BOM, ';' between cells, the registration date as
//! the spec shows dates ('DD MMM YYYY HH:mm'), one column per element of the form (a subform
//! field is one column whose cell lists the entries' values, one per line), and every cell
//! that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage
//! return) neutralised with a leading quote. Rows are read from SQLite a chunk at a time and
//! written straight to disk, so no export is ever held in memory; the batch row carries the
//! progress. A job that runs again (a retry, or after a crash) starts over under a name of
//! its own runner and keeps only a finished file (`crate::batch`).

use crate::batch::{BatchError, Lease};
use crate::jobs::JobContext;
use domain::form::Form;
use domain::review::{RawReview, Review};
use lines::{Formatted, Lines};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tenancy::tenant::{files, forms, registrations};

pub(crate) mod lines;

/// Batch kind of a CSV export.
pub const CSV: &str = "export.csv";
/// Batch kind of a CSV export with the uploaded files, as a zip.
pub const CSV_WITH_ATTACHMENTS: &str = "export.csv_with_attachments";
/// How long a finished export can be downloaded.
pub const KEPT_SECS: i64 = 24 * 3600;
/// Most registrations read and written at a time.
const CHUNK_ROWS: i64 = 1_000;
/// About how many bytes of stored values a chunk holds at most: registrations with big
/// values (drawings, tracks) come in fewer at a time, so memory stays flat whatever their
/// size.
const CHUNK_BYTES: usize = 4 << 20;
/// Threads that turn chunks into CSV lines: formatting a registration takes about twice as
/// long as reading it, so two keep up with the one reader.
const FORMATTERS: usize = 2;
/// How often the batch row hears how far an export is: each report is a commit on the
/// platform database (an fsync), too slow to make per chunk; well within any lease.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// What an export batch is asked to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportParams {
    pub form_id: String,
    /// The list's tab and filters (its sort does not apply: exports run in serial order).
    pub review: RawReview,
}

/// Why an export could not be made.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ExportError {
    #[error("batch params: {0}")]
    Params(String),
    #[error("data: {0}")]
    Data(#[from] tenancy::TenancyError),
    #[error("file: {0}")]
    Io(#[from] std::io::Error),
    #[error("zip: {0}")]
    Zip(#[from] zip::result::ZipError),
    #[error("{0}")]
    Batch(#[from] BatchError),
}

impl From<ExportError> for BatchError {
    fn from(err: ExportError) -> BatchError {
        match err {
            // A bad request (params, a removed form) will not get better.
            ExportError::Params(reason) => BatchError::Permanent(reason),
            ExportError::Batch(err) => err,
            other => BatchError::Retry(other.to_string()),
        }
    }
}

/// Makes the export of a batch this runner holds. What it writes carries the runner's name
/// and is removed when the runner stops early; only a finished file gets the batch's name.
pub async fn run(ctx: &JobContext, lease: &Lease<'_>) -> Result<(), BatchError> {
    let dir = ctx
        .tenants
        .tenant_dir(&lease.batch.client_id)
        .join(tenancy::registry::EXPORTS);
    let partials = [
        dir.join(format!(".{}.{}.csv.partial", lease.batch.id, lease.runner)),
        dir.join(format!(".{}.{}.zip.partial", lease.batch.id, lease.runner)),
    ];
    let outcome = export(ctx, lease, &dir, &partials).await;
    for partial in &partials {
        let _ = std::fs::remove_file(partial);
    }
    outcome.map_err(BatchError::from)
}

async fn export(
    ctx: &JobContext,
    lease: &Lease<'_>,
    dir: &Path,
    partials: &[PathBuf; 2],
) -> Result<(), ExportError> {
    let batch = &lease.batch;
    let params: ExportParams =
        serde_json::from_str(&batch.params).map_err(|err| ExportError::Params(err.to_string()))?;
    let review = Review::parse(&params.review).map_err(ExportError::Params)?;
    let db = ctx.tenants.open(&batch.client_id).await?;
    let form = forms::find_with_deleted(&db, &params.form_id)
        .await?
        .ok_or_else(|| ExportError::Params(format!("form {} is gone", params.form_id)))?;
    let definition = domain::form::validate_schema(&form.schema, &form.rules)
        .map_err(|errors| ExportError::Params(format!("{errors:?}")))?;
    let total = registrations::count(&db, &form.id, &review).await?;
    if !lease.set_total(total).await? {
        return Ok(());
    }
    std::fs::create_dir_all(dir)?;
    let with_files = batch.kind == CSV_WITH_ATTACHMENTS;
    let [csv_path, zip_path] = partials;
    let mut attachments = with_files.then(Vec::new);
    let written = write_csv(
        &db,
        &form,
        &definition,
        &review,
        csv_path,
        attachments.as_mut(),
        Some(lease),
    )
    .await?;
    if written.is_none() {
        return Ok(()); // cancelled or taken over: what was written goes
    }
    let attachments = attachments.unwrap_or_default();
    let (partial, name) = if with_files {
        let stored = files::find_all(&db, &unique_ids(&attachments)).await?;
        let (zip_at, csv_at, files_dir) = (zip_path.clone(), csv_path.clone(), db.files_dir());
        // Copying every file is long blocking I/O: off the async threads.
        tokio::task::spawn_blocking(move || {
            write_zip(&zip_at, &csv_at, &attachments, &stored, &files_dir)
        })
        .await
        .map_err(|err| ExportError::Io(std::io::Error::other(err)))??;
        (zip_path, format!("{}.{}.zip", batch.id, lease.runner))
    } else {
        (csv_path, format!("{}.{}.csv", batch.id, lease.runner))
    };
    // A name of this runner's own: a runner that lost the batch removes only its own file,
    // never the one the batch's result names.
    std::fs::rename(partial, dir.join(&name))?;
    let result = format!("{}/{name}", tenancy::registry::EXPORTS);
    if !lease.finish(&result, tenancy::now() + KEPT_SECS).await? {
        let _ = std::fs::remove_file(dir.join(&name));
    }
    Ok(())
}

/// Writes the CSV of the registrations `review` selects to `path`, reporting progress to
/// `lease` when there is one; collects (serial, file id) of every uploaded file when
/// `attachments` is given. Answers how many rows it wrote, or None when the lease was lost
/// (cancelled or taken over) before the end.
///
/// This task reads chunks from SQLite while [`write_file`] turns the ones before into CSV
/// and writes them, with at most a few chunks in between, so memory stays flat whatever the
/// size.
pub(crate) async fn write_csv(
    db: &tenancy::TenantDb,
    form: &forms::Form,
    definition: &Form,
    review: &Review,
    path: &Path,
    attachments: Option<&mut Vec<(i64, String)>>,
    lease: Option<&Lease<'_>>,
) -> Result<Option<i64>, ExportError> {
    let (mut inputs, receivers): (Vec<_>, Vec<_>) = (0..FORMATTERS)
        .map(|_| tokio::sync::mpsc::channel::<Vec<registrations::ExportRow>>(1))
        .unzip();
    let writer = {
        let definition = definition.clone();
        let workflow = form.form_type == "workflow";
        let path = path.to_owned();
        let files_of = attachments
            .is_some()
            .then(|| db.client_id().as_str().to_owned());
        tokio::task::spawn_blocking(move || {
            write_file(&path, &definition, workflow, files_of.as_deref(), receivers)
        })
    };
    let (mut after, mut limit, mut done, mut stopped) = (0_i64, CHUNK_ROWS, 0_i64, false);
    let mut reported: Option<(Instant, i64)> = None;
    let mut reader = registrations::ExportReader::open(db, &form.id, review).await?;
    for input in (0..inputs.len()).cycle() {
        let rows = reader.chunk(after, limit).await?;
        let Some(last) = rows.last() else { break };
        after = last.serial_number;
        done += i64::try_from(rows.len()).unwrap_or(0);
        limit = chunk_after(&rows);
        if inputs[input].send(rows).await.is_err() {
            break; // the writer stopped on an error, which it answers below
        }
        let due = reported.is_none_or(|(at, _)| at.elapsed() >= PROGRESS_EVERY);
        if let Some(lease) = lease
            && due
        {
            reported = Some((Instant::now(), done));
            if !lease.progress(done).await? {
                stopped = true;
                break;
            }
        }
    }
    // The last rows count too, and a cancel that came since is heard before the file is kept.
    if let Some(lease) = lease
        && !stopped
        && reported.is_some_and(|(_, at)| at != done)
        && !lease.progress(done).await?
    {
        stopped = true;
    }
    inputs.clear();
    let found = writer
        .await
        .map_err(|err| ExportError::Io(std::io::Error::other(err)))??;
    if stopped {
        return Ok(None);
    }
    if let Some(attachments) = attachments {
        attachments.extend(found);
    }
    Ok(Some(done))
}

/// How many registrations the chunk after `rows` may hold: [`CHUNK_ROWS`], fewer when these
/// were big.
fn chunk_after(rows: &[registrations::ExportRow]) -> i64 {
    let largest = rows
        .iter()
        .map(|row| row.reg_values.len())
        .max()
        .unwrap_or(0);
    i64::try_from(CHUNK_BYTES / largest.max(1))
        .unwrap_or(CHUNK_ROWS)
        .clamp(1, CHUNK_ROWS)
}

/// Writes the CSV file at `path` from the chunks that come in on `inputs`, and answers the
/// (serial, file id) of every uploaded file when `files_of` names the client.
///
/// Each input has a thread of its own that turns its chunks into CSV lines, so formatting
/// runs beside itself and beside the reading. The chunks are dealt to the inputs in turn,
/// and their lines are written in that same turn, so the file keeps their order.
fn write_file(
    path: &Path,
    definition: &Form,
    workflow: bool,
    files_of: Option<&str>,
    inputs: Vec<tokio::sync::mpsc::Receiver<Vec<registrations::ExportRow>>>,
) -> Result<Vec<(i64, String)>, ExportError> {
    let mut file = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
    // A BOM first, so Excel reads UTF-8.
    file.write_all("\u{feff}".as_bytes())?;
    file.write_all(&Lines::of(definition, workflow).header())?;
    let found = std::thread::scope(|scope| -> Result<_, ExportError> {
        let (formatters, outputs): (Vec<_>, Vec<_>) = inputs
            .into_iter()
            .map(|mut input| {
                let (output, formatted) = std::sync::mpsc::sync_channel::<Formatted>(1);
                let formatter = scope.spawn(move || {
                    let mut lines = Lines::of(definition, workflow);
                    while let Some(rows) = input.blocking_recv() {
                        if output.send(lines.chunk(&rows, files_of)).is_err() {
                            break; // the file failed, which its thread answers
                        }
                    }
                });
                (formatter, formatted)
            })
            .unzip();
        let mut found = Vec::new();
        for formatted in outputs.iter().cycle() {
            // None: no chunk is left.
            let Ok((lines, files)) = formatted.recv() else {
                break;
            };
            file.write_all(&lines)?;
            found.extend(files);
        }
        drop(outputs);
        for formatter in formatters {
            formatter
                .join()
                .map_err(|_| std::io::Error::other("a CSV formatter panicked"))?;
        }
        Ok(found)
    })?;
    file.into_inner()
        .map_err(std::io::IntoInnerError::into_error)?
        .sync_all()?;
    Ok(found)
}

fn unique_ids(attachments: &[(i64, String)]) -> Vec<String> {
    let mut ids: Vec<String> = attachments.iter().map(|(_, id)| id.clone()).collect();
    ids.sort();
    ids.dedup();
    ids
}

/// The zip of an export: `registraties.csv` and `bestanden/<serial>-<name>` per file
/// (files are stored as they are: photos and PDFs do not shrink).
fn write_zip(
    path: &Path,
    csv_path: &Path,
    attachments: &[(i64, String)],
    stored: &[files::StoredFile],
    files_dir: &Path,
) -> Result<(), ExportError> {
    let file = std::fs::File::create(path)?;
    let mut zip = zip::ZipWriter::new(file);
    let deflated = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(true);
    let kept = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .large_file(true);
    zip.start_file("registraties.csv", deflated)?;
    std::io::copy(&mut std::fs::File::open(csv_path)?, &mut zip)?;
    let mut names = std::collections::HashSet::new();
    for (serial, id) in attachments {
        let Some(file) = stored.iter().find(|f| &f.id == id) else {
            continue;
        };
        let name = format!(
            "bestanden/{serial}-{}",
            file.filename.replace(['/', '\\'], "_")
        );
        if !names.insert(name.clone()) {
            continue;
        }
        let Ok(mut source) = std::fs::File::open(files_dir.join(&file.id)) else {
            continue;
        };
        zip.start_file(name, kept)?;
        std::io::copy(&mut source, &mut zip)?;
    }
    zip.finish()?.sync_all()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::lines::tests::{definition, schema, text_of};
    use super::*;
    use tenancy::registry::TenantRegistry;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    #[test]
    fn big_registrations_come_in_smaller_chunks() {
        let row = |size: usize| registrations::ExportRow {
            serial_number: 1,
            created_at: 0,
            username: None,
            phase: None,
            reg_values: "x".repeat(size),
        };
        assert_eq!(chunk_after(&[row(1_000)]), CHUNK_ROWS);
        assert_eq!(chunk_after(&[row(1_000), row(CHUNK_BYTES / 10)]), 10);
        assert_eq!(chunk_after(&[row(CHUNK_BYTES * 2)]), 1);
        assert_eq!(chunk_after(&[]), CHUNK_ROWS);
    }

    /// An export of several chunks, one of them cut short by a big registration, written by
    /// the formatters in turn: every selected registration once, in serial order, each line
    /// as it would be alone.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_export_of_many_chunks_has_every_registration_once_in_order() -> TestResult {
        let dir = tempfile::tempdir()?;
        let registry = TenantRegistry::new(dir.path(), 4);
        let client = domain::ids::ClientId::parse(&tenancy::new_id()).ok_or("client id")?;
        let db = registry.create(&client).await?;
        let form_id = tenancy::new_id();
        forms::insert(
            &db,
            &forms::NewForm {
                schema: schema(),
                published: true,
                ..forms::NewForm::new(form_id.clone(), "Meldingen".into())
            },
        )
        .await?;
        let form = forms::find(&db, &form_id).await?.ok_or("form")?;
        // Straight into the file, as years of sends would leave them: every seventh a draft
        // (not selected), every other one without a user, multi-byte text everywhere, one
        // value of 600 KB and one that is no JSON.
        let file = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(registry.tenant_dir(&client).join("tenant.db"))
            .foreign_keys(false);
        let raw = sqlx::SqlitePool::connect_with(file).await?;
        sqlx::query(
            "INSERT INTO registrations (id, form_id, serial_number, payload_hash, username, status,
                                        phase, reg_values, schema_hash, created_at, updated_at)
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
             SELECT 'r' || i, ?1, i, 'h', CASE WHEN i % 2 = 1 THEN 'Zoë \"de\"; ' || i END,
                    CASE WHEN i % 7 = 0 THEN 'draft' ELSE 'completed' END, NULL,
                    CASE i WHEN 1500 THEN json_object('naam', replace(hex(zeroblob(150000)), '0', 'é'))
                           WHEN 1501 THEN 'geen JSON'
                           ELSE json_object('naam', 'Melding ë ' || i, 'aantal', i, 'vink', json('true'),
                                            'posten', json_array(json_object('post', '€ ' || i, 'bedrag', i / 10.0)))
                    END,
                    'h', 1767225600 + i * 37, 1767225600 + i * 37
             FROM n",
        )
        .bind(&form_id)
        .execute(&raw)
        .await?;
        // (serial, created at, user, phase, values)
        type Stored = (i64, i64, Option<String>, Option<String>, String);
        let stored: Vec<Stored> = sqlx::query_as(
            "SELECT serial_number, created_at, username, phase, reg_values FROM registrations
             WHERE status = 'completed' ORDER BY serial_number",
        )
        .fetch_all(&raw)
        .await?;

        let definition = definition()?;
        let path = dir.path().join("export.csv");
        let review = Review::parse(&RawReview::default())?;
        let written = write_csv(&db, &form, &definition, &review, &path, None, None).await?;
        assert_eq!(written, Some(i64::try_from(stored.len())?));
        let mut expected = "\u{feff}".to_owned();
        expected += std::str::from_utf8(&Lines::of(&definition, false).header())?;
        for (serial_number, created_at, username, phase, reg_values) in stored {
            let row = registrations::ExportRow {
                serial_number,
                created_at,
                username,
                phase,
                reg_values,
            };
            expected += &text_of(&definition, &[row])?;
        }
        assert!(
            std::fs::read_to_string(&path)? == expected,
            "the file differs"
        );
        Ok(())
    }
}
