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
use domain::form::{Element, ElementType, Form};
use domain::review::{RawReview, Review};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};
use tenancy::tenant::{files, forms, registrations};

/// Batch kind of a CSV export.
pub const CSV: &str = "export.csv";
/// Batch kind of a CSV export with the uploaded files, as a zip.
pub const CSV_WITH_ATTACHMENTS: &str = "export.csv_with_attachments";
/// How long a finished export can be downloaded.
pub const KEPT_SECS: i64 = 24 * 3600;
/// Registrations read and written at a time.
const CHUNK: i64 = 2_000;

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
    #[error("csv: {0}")]
    Csv(#[from] csv::Error),
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
/// Two threads share the work: this task reads the next chunk from SQLite while a blocking
/// thread turns the previous one into CSV lines, and at most two chunks wait in between, so
/// memory stays flat whatever the size.
pub(crate) async fn write_csv(
    db: &tenancy::TenantDb,
    form: &forms::Form,
    definition: &Form,
    review: &Review,
    path: &Path,
    attachments: Option<&mut Vec<(i64, String)>>,
    lease: Option<&Lease<'_>>,
) -> Result<Option<i64>, ExportError> {
    let collect_files = attachments.is_some();
    let (chunks, receive) = std::sync::mpsc::sync_channel::<Vec<registrations::ExportRow>>(2);
    let writer = {
        let definition = definition.clone();
        let workflow = form.form_type == "workflow";
        let path = path.to_owned();
        let client = db.client_id().as_str().to_owned();
        tokio::task::spawn_blocking(move || -> Result<Vec<(i64, String)>, ExportError> {
            let columns = Columns::of(&definition, workflow);
            let mut writer = csv_writer(&path)?;
            writer.write_record(columns.header())?;
            let mut found = Vec::new();
            for chunk in receive {
                for row in &chunk {
                    columns.write_row(&mut writer, row)?;
                    if collect_files {
                        found.extend(
                            registrations::file_ids_in(&row.reg_values, &client)
                                .into_iter()
                                .map(|id| (row.serial_number, id)),
                        );
                    }
                }
            }
            writer
                .into_inner()
                .map_err(|err| err.into_error())?
                .sync_all()?;
            Ok(found)
        })
    };
    let (mut after, mut done, mut stopped) = (0_i64, 0_i64, false);
    loop {
        let rows = registrations::export_chunk(db, &form.id, review, after, CHUNK).await?;
        let Some(last) = rows.last() else { break };
        after = last.serial_number;
        done += i64::try_from(rows.len()).unwrap_or(0);
        if chunks.send(rows).is_err() {
            break; // the writer stopped on an error, which it answers below
        }
        if let Some(lease) = lease
            && !lease.progress(done).await?
        {
            stopped = true;
            break;
        }
    }
    drop(chunks);
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

/// A CSV writer to `path`: a BOM first (so Excel reads UTF-8), ';' between cells.
fn csv_writer(path: &Path) -> Result<csv::Writer<std::fs::File>, ExportError> {
    let mut file = std::fs::File::create(path)?;
    file.write_all("\u{feff}".as_bytes())?;
    Ok(csv::WriterBuilder::new()
        .delimiter(b';')
        .terminator(csv::Terminator::CRLF)
        .from_writer(file))
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

/// The fields of a stored JSON object, each still as its JSON text, sorted by name for a
/// binary search (a stored object's keys are sorted already). Keys are borrowed from the text
/// when they need no unescaping, as data names never do.
struct Fields<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'a> Fields<'a> {
    /// The fields of `text`; none when it is not a JSON object.
    fn of(text: &'a str) -> Fields<'a> {
        let mut fields: Vec<(Cow<'a, str>, &'a RawValue)> =
            serde_json::from_str::<FieldList<'a>>(text)
                .map(|list| list.0)
                .unwrap_or_default();
        if !fields.is_sorted_by(|a, b| a.0 <= b.0) {
            fields.sort_by(|a, b| a.0.cmp(&b.0));
        }
        Fields(fields)
    }

    fn get(&self, name: &str) -> Option<&'a RawValue> {
        self.0
            .binary_search_by(|(key, _)| key.as_ref().cmp(name))
            .ok()
            .map(|index| self.0[index].1)
    }
}

/// A JSON object read as its list of (name, JSON text) pairs, without a map.
struct FieldList<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'de> serde::Deserialize<'de> for FieldList<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = FieldList<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<FieldList<'de>, M::Error> {
                let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(64));
                while let Some(key) = map.next_key::<Key<'de>>()? {
                    fields.push((key.0, map.next_value::<&'de RawValue>()?));
                }
                Ok(FieldList(fields))
            }
        }
        deserializer.deserialize_map(Visit)
    }
}

/// A key borrowed from the text when it has no escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> serde::Deserialize<'de> for Key<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a field name")
            }
            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(text)))
            }
            fn visit_str<E>(self, text: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(text.to_owned())))
            }
        }
        deserializer.deserialize_str(Visit)
    }
}

/// One column of the CSV.
enum Column<'a> {
    Serial,
    Date,
    User,
    Phase,
    /// An element of the main form.
    Element(&'a Element),
    /// A field of a subform's entries: the subform's name and the field.
    Entry(&'a str, &'a Element),
}

/// The columns of a form's export, in the order of its elements.
struct Columns<'a> {
    columns: Vec<(String, Column<'a>)>,
}

impl<'a> Columns<'a> {
    fn of(form: &'a Form, workflow: bool) -> Columns<'a> {
        let mut columns = vec![
            ("Serienummer".to_owned(), Column::Serial),
            ("Datum".to_owned(), Column::Date),
            ("Invuller".to_owned(), Column::User),
        ];
        if workflow {
            columns.push(("Fase".to_owned(), Column::Phase));
        }
        for element in &form.schema {
            if element.element_type.is_layout() {
                continue;
            }
            if element.element_type == ElementType::Subform {
                for field in element.subform_schema() {
                    if field.element_type.is_layout() {
                        continue;
                    }
                    let header = format!("{}: {}", label(element), label(field));
                    columns.push((header, Column::Entry(&element.name, field)));
                }
                continue;
            }
            columns.push((label(element).to_owned(), Column::Element(element)));
        }
        Columns { columns }
    }

    fn header(&self) -> Vec<String> {
        self.columns
            .iter()
            .map(|(name, _)| neutralise(name).into_owned())
            .collect()
    }

    /// Writes one registration as a CSV line. Its values are read as they are stored: each
    /// column takes its field's JSON text, so no value tree is built for the whole record.
    fn write_row(
        &self,
        writer: &mut csv::Writer<std::fs::File>,
        row: &registrations::ExportRow,
    ) -> Result<(), ExportError> {
        let values = Fields::of(&row.reg_values);
        for (_, column) in &self.columns {
            let text: Cow<'_, str> = match column {
                Column::Serial => Cow::Owned(row.serial_number.to_string()),
                Column::Date => Cow::Owned(domain::tokens::format_display_date(
                    &domain::dates::local_datetime(row.created_at),
                )),
                Column::User => Cow::Borrowed(row.username.as_deref().unwrap_or_default()),
                Column::Phase => Cow::Borrowed(row.phase.as_deref().unwrap_or_default()),
                Column::Element(element) => {
                    domain::tokens::display_raw(element, values.get(&element.name))
                }
                Column::Entry(subform, field) => {
                    let entries: Vec<&RawValue> = values
                        .get(subform)
                        .and_then(|raw| serde_json::from_str(raw.get()).ok())
                        .unwrap_or_default();
                    Cow::Owned(
                        entries
                            .iter()
                            .map(|entry| {
                                let entry = Fields::of(entry.get());
                                domain::tokens::display_raw(field, entry.get(&field.name))
                                    .into_owned()
                            })
                            .collect::<Vec<_>>()
                            .join("\n"),
                    )
                }
            };
            writer.write_field(neutralise(&text).as_bytes())?;
        }
        writer.write_record(None::<&[u8]>)?;
        Ok(())
    }
}

/// An element's column name: its label, or its data name when it has none.
fn label(element: &Element) -> &str {
    if element.label.trim().is_empty() {
        &element.name
    } else {
        &element.label
    }
}

/// A cell a spreadsheet would run as a formula gets a leading quote; numbers stay numbers.
fn neutralise(text: &str) -> Cow<'_, str> {
    let risky = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let number = text.strip_prefix('-').is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
    });
    if risky && !number {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::neutralise;

    #[test]
    fn formulas_are_neutralised_and_numbers_kept() {
        for (cell, expected) in [
            ("=SUM(A1:A9)", "'=SUM(A1:A9)"),
            ("+31 6 1234", "'+31 6 1234"),
            ("@cmd", "'@cmd"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("-2+3", "'-2+3"),
            ("-12,5", "-12,5"),
            ("Lantaarnpaal", "Lantaarnpaal"),
            ("", ""),
        ] {
            assert_eq!(neutralise(cell), expected, "{cell:?}");
        }
    }
}
