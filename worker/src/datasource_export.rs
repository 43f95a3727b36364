//! The export of a datasource (document 002 sections 4 and 7, issue 15): a batch that writes
//! the current features as a file the import takes back: ';' between cells, UTF-8 with a BOM
//! (so Excel reads it), the columns the import requires for the datasource's kind and
//! coordinate system, then one column per data field. RD New datasources are written in RD
//! New again (`domain::rd::from_wgs84`, to the millimetre), so an export, edited in Excel and
//! uploaded, gives the same places. Cells a spreadsheet would run as a formula are
//! neutralised, as in the registrations export.
//!
//! Features are read a page at a time and written straight to disk under this runner's name;
//! only a whole file is kept. Should the datasource be imported again meanwhile (its
//! generation changes), the export starts over, so a file never mixes two imports.

use crate::batch::{BatchError, Lease};
use crate::export::lines::write_line;
use crate::jobs::JobContext;
use domain::datasources::{Crs, Kind};
use serde::{Deserialize, Serialize};
use std::io::Write;
use tenancy::tenant::datasources::{self as store, Feature};

/// Batch kind of a datasource export.
pub const DATASOURCE_EXPORT: &str = "datasource.export";
/// How long a finished export can be downloaded.
pub const KEPT_SECS: i64 = 24 * 3600;
/// Features read per page (and per progress report).
const PAGE: i64 = 5_000;

/// What an export batch is asked to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportParams {
    pub datasource_id: String,
}

/// The columns of an export: the import's required ones, then the data fields.
fn header(kind: Kind, crs: Option<Crs>, data: &[String]) -> Vec<String> {
    let mut columns = vec!["object.name".to_owned()];
    if kind == Kind::MapFeatures {
        columns.push("object.status".to_owned());
        let (first, second) = crs.unwrap_or(Crs::Wgs84).columns();
        columns.extend([first.to_owned(), second.to_owned()]);
    }
    columns.extend(data.iter().cloned());
    columns
}

/// One feature's cells, in the order of [`header`].
fn cells(feature: &Feature, kind: Kind, crs: Option<Crs>, data: &[String]) -> Vec<String> {
    let mut cells = vec![feature.name.clone()];
    if kind == Kind::MapFeatures {
        cells.push(feature.status.clone().unwrap_or_default());
        let (first, second) = match (feature.lat, feature.lon, crs.unwrap_or(Crs::Wgs84)) {
            (Some(lat), Some(lon), Crs::Wgs84) => (format!("{lat:.8}"), format!("{lon:.8}")),
            (Some(lat), Some(lon), Crs::RdNew) => {
                let (x, y) = domain::rd::from_wgs84(lat, lon);
                (format!("{x:.3}"), format!("{y:.3}"))
            }
            _ => (String::new(), String::new()),
        };
        cells.extend([first, second]);
    }
    let fields: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&feature.data).unwrap_or_default();
    cells.extend(data.iter().map(|name| match fields.get(name) {
        Some(serde_json::Value::String(text)) => text.clone(),
        Some(serde_json::Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }));
    cells
}

/// Exports the batch's datasource.
pub async fn run(ctx: &JobContext, lease: &Lease<'_>) -> Result<(), BatchError> {
    let params: ExportParams = serde_json::from_str(&lease.batch.params)
        .map_err(|err| BatchError::Permanent(format!("batch params: {err}")))?;
    let db = ctx.tenants.open(&lease.batch.client_id).await?;
    let Some(source) = store::find(&db, &params.datasource_id).await? else {
        return Err(BatchError::Permanent("the datasource is gone".into()));
    };
    let kind = Kind::parse(&source.kind)
        .ok_or_else(|| BatchError::Permanent("unknown datasource kind".into()))?;
    let crs = source.crs.as_deref().and_then(Crs::parse);
    let data: Vec<String> = serde_json::from_str(&source.data_properties).unwrap_or_default();
    if !lease.set_total(source.feature_count).await? {
        return Ok(());
    }
    let exports = ctx
        .tenants
        .tenant_dir(&lease.batch.client_id)
        .join(tenancy::registry::EXPORTS);
    std::fs::create_dir_all(&exports)?;
    let partial = exports.join(format!(".{}.{}.csv.partial", lease.batch.id, lease.runner));
    let written = write(lease, &db, &source, kind, crs, &data, &partial).await;
    let kept = match written {
        Ok(kept) => kept,
        Err(err) => {
            let _ = std::fs::remove_file(&partial);
            return Err(err);
        }
    };
    if !kept {
        let _ = std::fs::remove_file(&partial);
        return Ok(());
    }
    // Imported again while this ran: the file may hold a bit of both; start over.
    let now = store::find(&db, &source.id).await?;
    if now.as_ref().map(|now| now.generation) != Some(source.generation) {
        let _ = std::fs::remove_file(&partial);
        return Err(BatchError::Retry(
            "the datasource was imported again".into(),
        ));
    }
    let name = format!("{}.{}.csv", lease.batch.id, lease.runner);
    std::fs::rename(&partial, exports.join(&name))?;
    let result = format!("{}/{name}", tenancy::registry::EXPORTS);
    if !lease.finish(&result, tenancy::now() + KEPT_SECS).await? {
        let _ = std::fs::remove_file(exports.join(&name));
    }
    Ok(())
}

/// Writes the file page by page; false when the batch was stopped or taken over.
async fn write(
    lease: &Lease<'_>,
    db: &tenancy::TenantDb,
    source: &store::Datasource,
    kind: Kind,
    crs: Option<Crs>,
    data: &[String],
    path: &std::path::Path,
) -> Result<bool, BatchError> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut line = Vec::with_capacity(1 << 16);
    line.extend_from_slice("\u{feff}".as_bytes());
    let columns = header(kind, crs, data);
    write_line(&mut line, columns.iter().map(String::as_str));
    out.write_all(&line)?;
    let (mut after, mut done) = (0, 0);
    loop {
        let features = store::page(db, source, store::Shown::All, after, PAGE).await?;
        let Some(last) = features.last() else { break };
        after = last.id;
        line.clear();
        for feature in &features {
            let row = cells(feature, kind, crs, data);
            write_line(&mut line, row.iter().map(String::as_str));
        }
        out.write_all(&line)?;
        done += i64::try_from(features.len()).unwrap_or(0);
        if !lease.progress(done).await? {
            return Ok(false);
        }
    }
    out.into_inner()
        .map_err(|err| BatchError::Retry(err.to_string()))?
        .sync_all()?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feature(lat: f64, lon: f64, data: &str) -> Feature {
        Feature {
            id: 1,
            name: "=Paal 1".into(),
            status: Some("actief".into()),
            lat: Some(lat),
            lon: Some(lon),
            data: data.into(),
        }
    }

    fn line(cells: &[String]) -> String {
        let mut out = Vec::new();
        write_line(&mut out, cells.iter().map(String::as_str));
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn rd_features_are_written_in_rd_new_with_their_data_fields() {
        let data = vec!["type".to_owned(), "hoogte".to_owned()];
        let (lat, lon) = domain::rd::to_wgs84(155_000.0, 463_000.0);
        let row = cells(
            &feature(lat, lon, r#"{"type":"LED; 40W","hoogte":"6"}"#),
            Kind::MapFeatures,
            Some(Crs::RdNew),
            &data,
        );
        assert_eq!(
            line(&header(Kind::MapFeatures, Some(Crs::RdNew), &data)),
            "object.name;object.status;object.x;object.y;type;hoogte\r\n"
        );
        assert_eq!(
            line(&row),
            "'=Paal 1;actief;155000.000;463000.000;\"LED; 40W\";6\r\n"
        );
    }

    #[test]
    fn search_items_have_only_a_name_and_their_fields() {
        let data = vec!["postcode".to_owned()];
        let row = cells(
            &feature(0.0, 0.0, r#"{"postcode":"3811 AA"}"#),
            Kind::Search,
            None,
            &data,
        );
        assert_eq!(
            line(&header(Kind::Search, None, &data)),
            "object.name;postcode\r\n"
        );
        assert_eq!(line(&row), "'=Paal 1;3811 AA\r\n");
    }
}
