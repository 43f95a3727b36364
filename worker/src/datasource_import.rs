//! The import of a datasource's file (document 002 sections 4 and 5, issue 15, decision 023): a
//! batch that reads the CSV (';', UTF-8, a BOM tolerated) or Excel workbook (first sheet), checks
//! each row (`domain::datasources`), turns RD New coordinates into WGS84 (`domain::rd`), writes
//! the features as the datasource's next generation, in steps that report progress. Only when
//! all are written does the datasource switch to them (one statement), then the old set goes.
//!
//! Run again (a retry, a `kill -9`), it starts over: whatever a stopped run wrote is not the
//! current generation and is removed first.

use crate::batch::{BatchError, Lease};
use crate::jobs::JobContext;
use domain::datasources::{self, Columns, Crs, Kind, RowError};
use serde::{Deserialize, Serialize};
use tenancy::tenant::datasources::{self as store, NewFeature};

/// Batch kind of a datasource import.
pub const DATASOURCE_IMPORT: &str = "datasource.import";
/// Rows written per step (one transaction each).
const STEP: usize = 20_000;
/// Refused rows kept with the datasource (the detail screen shows 10).
const ERRORS_KEPT: usize = 1_000;
/// Old features removed per transaction after the switch.
const REMOVE_STEP: i64 = 20_000;
/// Tiles written per transaction of the places step: about as many places as a step of rows.
const TILES_PER_STEP: usize = STEP / store::TILE_PLACES;

/// What an import batch is asked to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportParams {
    pub datasource_id: String,
}

/// A file's header, and its rows still in the file: a step of them is turned into cells at a
/// time, so a file of a million rows never stands in memory as a million lists of cells.
struct Sheet {
    header: Vec<String>,
    rows: Rows,
}

enum Rows {
    /// The CSV's text (valid UTF-8) from after its BOM; its first record is the header.
    Csv { bytes: Vec<u8>, start: usize },
    /// The first sheet of a workbook; its first row is the header.
    Excel(calamine::Range<calamine::Data>),
}

fn csv_reader(text: &[u8]) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(false)
        .flexible(true)
        .from_reader(text)
}

/// A workbook cell as the CSV would hold it: whole numbers without a fraction.
fn cell_text(cell: &calamine::Data) -> String {
    match cell {
        calamine::Data::Float(n) if n.fract() == 0.0 && n.abs() < 1e15 => {
            format!("{}", *n as i64)
        }
        other => other.to_string(),
    }
}

impl Rows {
    /// The rows after the header.
    fn count(&self) -> usize {
        match self {
            Rows::Csv { bytes, start } => {
                let mut reader = csv_reader(&bytes[*start..]);
                let mut record = csv::ByteRecord::new();
                let mut count = 0usize;
                // A record that does not read still counts: it becomes a refused row.
                while reader.read_byte_record(&mut record).unwrap_or(true) {
                    count += 1;
                }
                count.saturating_sub(1)
            }
            Rows::Excel(range) => range.height().saturating_sub(1),
        }
    }

    /// Hands `each` the rows after the header, `step` at a time with the index of the first;
    /// stops when it answers false.
    fn steps(&self, step: usize, mut each: impl FnMut(usize, Vec<Vec<String>>) -> bool) {
        let mut first = 0;
        let mut batch = Vec::with_capacity(step);
        let mut push = |row: Vec<String>, batch: &mut Vec<Vec<String>>| -> bool {
            batch.push(row);
            if batch.len() < step {
                return true;
            }
            let full = std::mem::replace(batch, Vec::with_capacity(step));
            let at = first;
            first += full.len();
            each(at, full)
        };
        let going = match self {
            Rows::Csv { bytes, start } => {
                let mut reader = csv_reader(&bytes[*start..]);
                let mut going = true;
                for record in reader.records().skip(1) {
                    // A broken quote and the like: the row is kept empty, and refused as too short.
                    let row = record
                        .map(|record| record.iter().map(str::to_owned).collect())
                        .unwrap_or_default();
                    if !push(row, &mut batch) {
                        going = false;
                        break;
                    }
                }
                going
            }
            Rows::Excel(range) => range
                .rows()
                .skip(1)
                .all(|row| push(row.iter().map(cell_text).collect(), &mut batch)),
        };
        if going && !batch.is_empty() {
            each(first, batch);
        }
    }
}

/// Opens a file as a sheet: an Excel workbook (a zip) by its first sheet, anything else as a
/// CSV with ';'. None when it is neither (not UTF-8 text, not a workbook).
fn read_sheet(bytes: Vec<u8>) -> Result<Option<Sheet>, String> {
    if bytes.starts_with(b"PK\x03\x04") {
        use calamine::Reader;
        let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes))
            .map_err(|_| domain::messages::DATASOURCE_FILE_TYPE.to_owned())?;
        let Some(Ok(range)) = book.worksheet_range_at(0) else {
            return Ok(None);
        };
        let header = range
            .rows()
            .next()
            .map(|row| row.iter().map(cell_text).collect())
            .unwrap_or_default();
        return Ok(Some(Sheet {
            header,
            rows: Rows::Excel(range),
        }));
    }
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return Ok(None);
    };
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let header = match csv_reader(&bytes[start..]).records().next() {
        Some(Ok(record)) => record.iter().map(str::to_owned).collect(),
        _ => return Ok(None),
    };
    Ok(Some(Sheet {
        header,
        rows: Rows::Csv { bytes, start },
    }))
}

/// The feature's place, (latitude, longitude) in WGS84, from a row's coordinates.
fn place(crs: Option<Crs>, (a, b): (f64, f64)) -> (f64, f64) {
    match crs {
        Some(Crs::RdNew) => domain::rd::to_wgs84(a, b),
        _ => (a, b),
    }
}

/// Imports the file of the batch's datasource.
pub async fn run(ctx: &JobContext, lease: &Lease<'_>) -> Result<(), BatchError> {
    let params: ImportParams = serde_json::from_str(&lease.batch.params)
        .map_err(|err| BatchError::Permanent(format!("batch params: {err}")))?;
    let db = ctx.tenants.open(&lease.batch.client_id).await?;
    let Some(source) = store::find(&db, &params.datasource_id).await? else {
        return Err(BatchError::Permanent("the datasource is gone".into()));
    };
    // What a stopped run left behind goes first.
    while store::remove_stale(&db, &source.id, Some(source.generation), REMOVE_STEP).await? > 0 {}
    let kind = Kind::parse(&source.kind)
        .ok_or_else(|| BatchError::Permanent("unknown datasource kind".into()))?;
    let crs = source.crs.as_deref().and_then(Crs::parse);
    let bytes = match &source.file_id {
        Some(file) => tokio::fs::read(db.files_dir().join(file)).await?,
        None => return refuse(&db, &source, domain::messages::DATASOURCE_FILE_TYPE).await,
    };
    let sheet = match tokio::task::spawn_blocking(move || read_sheet(bytes))
        .await
        .map_err(|err| BatchError::Retry(err.to_string()))?
    {
        Ok(Some(sheet)) => sheet,
        Ok(None) => return refuse(&db, &source, domain::messages::DATASOURCE_FILE_TYPE).await,
        Err(reason) => return refuse(&db, &source, &reason).await,
    };
    let header: Vec<&str> = sheet.header.iter().map(String::as_str).collect();
    let columns = match datasources::columns(kind, crs, &header) {
        Ok(columns) => columns,
        Err(reason) => return refuse(&db, &source, &reason).await,
    };
    let (sheet, count) = tokio::task::spawn_blocking(move || {
        let count = sheet.rows.count();
        (sheet, count)
    })
    .await
    .map_err(|err| BatchError::Retry(err.to_string()))?;
    // Steps: the rows, then (map features) their places.
    let placed_kind = kind == Kind::MapFeatures;
    let total = if placed_kind { count * 2 } else { count };
    if !lease
        .set_total(i64::try_from(total).unwrap_or(i64::MAX))
        .await?
    {
        return Ok(());
    }
    let generation = source.generation + 1;
    let mut errors: Vec<RowError> = Vec::new();
    let mut refused = 0usize;
    let mut places: Vec<store::Place> = Vec::new();
    // One thread reads and checks the next step while this one writes the last: the two
    // overlap, and at most two steps wait between them.
    let (sender, mut steps) = tokio::sync::mpsc::channel(2);
    let reader = tokio::task::spawn_blocking(move || {
        sheet.rows.steps(STEP, |first, rows| {
            let step = features_of(&rows, first, &columns, crs);
            sender.blocking_send((first + rows.len(), step)).is_ok()
        });
        columns
    });
    while let Some((done, (features, step_errors))) = steps.recv().await {
        refused += step_errors.len();
        errors.extend(
            step_errors
                .into_iter()
                .take(ERRORS_KEPT.saturating_sub(errors.len())),
        );
        places.extend(store::insert_features(&db, &source.id, generation, &features).await?);
        if !lease
            .progress(i64::try_from(done).unwrap_or(i64::MAX))
            .await?
        {
            // Stopped or taken over: the next run removes what this one wrote.
            return Ok(());
        }
    }
    let columns = reader
        .await
        .map_err(|err| BatchError::Retry(err.to_string()))?;
    // The places of the whole import into the R*Tree as tiles of neighbours (`store::tiles`).
    let tiles = tokio::task::spawn_blocking(move || store::tiles(places))
        .await
        .map_err(|err| BatchError::Retry(err.to_string()))?;
    let mut done = count;
    for part in tiles.chunks(TILES_PER_STEP) {
        store::insert_tiles(&db, part).await?;
        done += part.iter().map(|tile| tile.features.len()).sum::<usize>();
        if !lease
            .progress(i64::try_from(done).unwrap_or(i64::MAX))
            .await?
        {
            return Ok(());
        }
    }
    let errors_json =
        serde_json::to_string(&errors).map_err(|err| BatchError::Retry(err.to_string()))?;
    store::switch_generation(
        &db,
        &source.id,
        generation,
        &columns.data_properties(),
        &errors_json,
    )
    .await?;
    // The old set, now that no reader sees it.
    while store::remove_stale(&db, &source.id, Some(generation), REMOVE_STEP).await? > 0 {}
    lease.finish("", tenancy::now()).await?;
    tracing::info!(datasource = %source.id, rows = count, refused, "datasource imported");
    Ok(())
}

/// The features of a step of rows (from row index `first`), and the rows it refused.
fn features_of(
    rows: &[Vec<String>],
    first: usize,
    columns: &Columns,
    crs: Option<Crs>,
) -> (Vec<NewFeature>, Vec<RowError>) {
    let mut features = Vec::with_capacity(rows.len());
    let mut errors = Vec::new();
    for (offset, cells) in rows.iter().enumerate() {
        // The header is row 1: the first data row is row 2.
        let number = first + offset + 2;
        let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
        let row = match columns.row(number, &cells) {
            Ok(row) => row,
            Err(error) => {
                errors.push(error);
                continue;
            }
        };
        let place = row.coordinates.map(|coordinates| place(crs, coordinates));
        let data: serde_json::Map<String, serde_json::Value> = row
            .data
            .into_iter()
            .map(|(field, value)| (field, serde_json::Value::String(value)))
            .collect();
        features.push(NewFeature {
            name: row.name,
            status: row.status,
            place,
            data: serde_json::Value::Object(data).to_string(),
        });
    }
    (features, errors)
}

/// The whole file is refused: the reason is kept as the datasource's import error (row 1),
/// its current features stay, and the batch fails.
async fn refuse(
    db: &tenancy::TenantDb,
    source: &store::Datasource,
    reason: &str,
) -> Result<(), BatchError> {
    let errors = serde_json::to_string(&[RowError {
        row: 1,
        reason: reason.to_owned(),
    }])
    .map_err(|err| BatchError::Retry(err.to_string()))?;
    let properties: Vec<String> = serde_json::from_str(&source.data_properties).unwrap_or_default();
    store::switch_generation(db, &source.id, source.generation, &properties, &errors).await?;
    Err(BatchError::Permanent(reason.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Rows {
        fn all(&self) -> Vec<Vec<String>> {
            let mut all = Vec::new();
            self.steps(3, |first, rows| {
                assert_eq!(first, all.len());
                all.extend(rows);
                true
            });
            assert_eq!(all.len(), self.count());
            all
        }
    }

    fn fixture(name: &str) -> Vec<u8> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata")
            .join(name);
        std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
    }

    /// PROJ's answers for the RD New fixture, made with pyproj (testdata/README.md).
    #[test]
    fn rd_new_rows_land_where_proj_puts_them() {
        let sheet = read_sheet(fixture("lantaarnpalen-rd.csv"))
            .unwrap()
            .unwrap();
        let header: Vec<&str> = sheet.header.iter().map(String::as_str).collect();
        let columns = datasources::columns(Kind::MapFeatures, Some(Crs::RdNew), &header).unwrap();
        let (features, errors) = features_of(&sheet.rows.all(), 0, &columns, Some(Crs::RdNew));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(features.len(), 40);
        let expected = String::from_utf8(fixture("lantaarnpalen-rd.expected.csv")).unwrap();
        for (line, feature) in expected.lines().skip(1).zip(&features) {
            let cells: Vec<&str> = line.split(';').collect();
            assert_eq!(cells[0], feature.name);
            let (lat, lon) = feature.place.unwrap();
            let (want_lat, want_lon): (f64, f64) =
                (cells[1].parse().unwrap(), cells[2].parse().unwrap());
            // 1e-7 degrees is about a centimetre.
            assert!(
                (lat - want_lat).abs() < 1e-7 && (lon - want_lon).abs() < 1e-7,
                "{line}: {lat}, {lon}"
            );
        }
    }

    /// The same rows in an Excel workbook import as the same features.
    #[test]
    fn an_excel_workbook_gives_the_features_of_its_csv() {
        let read = |name: &str| {
            let sheet = read_sheet(fixture(name)).unwrap().unwrap();
            let header: Vec<&str> = sheet.header.iter().map(String::as_str).collect();
            let columns =
                datasources::columns(Kind::MapFeatures, Some(Crs::RdNew), &header).unwrap();
            features_of(&sheet.rows.all(), 0, &columns, Some(Crs::RdNew))
        };
        let (csv, _) = read("lantaarnpalen-rd.csv");
        let (excel, errors) = read("lantaarnpalen-rd.xlsx");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(excel, csv);
    }

    #[test]
    fn bad_rows_are_reported_by_number_and_good_ones_kept() {
        let sheet = read_sheet(fixture("lantaarnpalen-rd-bad.csv"))
            .unwrap()
            .unwrap();
        let header: Vec<&str> = sheet.header.iter().map(String::as_str).collect();
        let columns = datasources::columns(Kind::MapFeatures, Some(Crs::RdNew), &header).unwrap();
        let (features, errors) = features_of(&sheet.rows.all(), 0, &columns, Some(Crs::RdNew));
        assert_eq!(features.len(), 2);
        let rows: Vec<usize> = errors.iter().map(|error| error.row).collect();
        assert_eq!(rows.len(), 4, "{errors:?}");
        assert!(rows.iter().all(|row| *row >= 3 && *row <= 7), "{rows:?}");
    }

    #[test]
    fn neither_csv_nor_excel_is_refused() {
        assert!(read_sheet(vec![0xff, 0xfe, 0x00, 0x41]).unwrap().is_none());
        let with_bom = read_sheet("\u{feff}object.name;postcode\nDorpsstraat;3800 AB\n".into())
            .unwrap()
            .unwrap();
        assert_eq!(with_bom.header, ["object.name", "postcode"]);
        assert_eq!(
            with_bom.rows.all(),
            [vec!["Dorpsstraat".to_owned(), "3800 AB".to_owned()]]
        );
    }
}
