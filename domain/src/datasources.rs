//! Datasource files (document 002 section 5): which columns a map-features or search file
//! must have, and what each row holds, with a Dutch reason per refused row. Pure: the import
//! job reads the file (CSV or Excel) and hands the cells here row by row.

use crate::messages;
use serde::{Deserialize, Serialize};

/// What a datasource is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Objects on a map (lamp posts, trees), with a place and a status.
    MapFeatures,
    /// A list to search in (streets, addresses).
    Search,
}

impl Kind {
    pub fn parse(raw: &str) -> Option<Kind> {
        match raw {
            "map_features" => Some(Kind::MapFeatures),
            "search" => Some(Kind::Search),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::MapFeatures => "map_features",
            Kind::Search => "search",
        }
    }
}

/// The coordinate system of a map-features file (spec 002 section 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Crs {
    /// GPS latitude and longitude (`object.latitude`, `object.longitude`).
    #[serde(rename = "EPSG:4326")]
    Wgs84,
    /// Amersfoort / RD New metres (`object.x`, `object.y`).
    #[serde(rename = "EPSG:28992")]
    RdNew,
}

impl Crs {
    pub fn parse(raw: &str) -> Option<Crs> {
        match raw {
            "EPSG:4326" => Some(Crs::Wgs84),
            "EPSG:28992" => Some(Crs::RdNew),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Crs::Wgs84 => "EPSG:4326",
            Crs::RdNew => "EPSG:28992",
        }
    }

    /// The names of the two coordinate columns: (first, second) as a row gives them.
    pub fn columns(self) -> (&'static str, &'static str) {
        match self {
            Crs::Wgs84 => ("object.latitude", "object.longitude"),
            Crs::RdNew => ("object.x", "object.y"),
        }
    }
}

/// Where RD New coordinates are valid: the Netherlands and its waters (the bounds of
/// EPSG:28992's area of use, in metres).
pub const RD_BOUNDS: ((f64, f64), (f64, f64)) = ((-7_000.0, 300_000.0), (289_000.0, 629_000.0));

/// Where each column of a file is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Columns {
    name: usize,
    status: Option<usize>,
    coordinates: Option<(usize, usize)>,
    crs: Option<Crs>,
    /// The other columns: data fields by name.
    pub data: Vec<(String, usize)>,
}

/// The columns of a file's header for a datasource of `kind` (and `crs` for map features);
/// the Dutch text naming what is missing otherwise. Names are case-sensitive (spec).
pub fn columns(kind: Kind, crs: Option<Crs>, header: &[&str]) -> Result<Columns, String> {
    let find = |name: &str| header.iter().position(|cell| cell.trim() == name);
    let mut wanted = vec!["object.name"];
    let crs = match kind {
        Kind::Search => None,
        Kind::MapFeatures => {
            let crs = crs.unwrap_or(Crs::Wgs84);
            let (first, second) = crs.columns();
            wanted.extend(["object.status", first, second]);
            Some(crs)
        }
    };
    let missing: Vec<&str> = wanted
        .iter()
        .copied()
        .filter(|name| find(name).is_none())
        .collect();
    if !missing.is_empty() {
        return Err(messages::datasource_columns_missing(&missing));
    }
    let name = find("object.name").unwrap_or_default();
    let status = crs.and_then(|_| find("object.status"));
    let coordinates = crs.and_then(|crs| {
        let (first, second) = crs.columns();
        Some((find(first)?, find(second)?))
    });
    let known: Vec<usize> = [Some(name), status]
        .into_iter()
        .flatten()
        .chain(coordinates.map(|(a, b)| [a, b]).into_iter().flatten())
        .collect();
    let data = header
        .iter()
        .enumerate()
        .filter(|(at, cell)| !known.contains(at) && !cell.trim().is_empty())
        .map(|(at, cell)| (cell.trim().to_owned(), at))
        .collect();
    Ok(Columns {
        name,
        status,
        coordinates,
        crs,
        data,
    })
}

/// One row of a file, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub name: String,
    pub status: Option<String>,
    /// As the file gives them: (latitude, longitude) or RD (x, y); checked for their range.
    pub coordinates: Option<(f64, f64)>,
    /// The data fields, in the order of the header.
    pub data: Vec<(String, String)>,
}

/// A refused row: its number in the file (the header is row 1) and why, in Dutch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowError {
    pub row: usize,
    pub reason: String,
}

/// A number as Dutch files write it: a decimal point or comma.
fn number(cell: &str) -> Option<f64> {
    let text = cell.trim().replace(',', ".");
    text.parse::<f64>().ok().filter(|n| n.is_finite())
}

impl Columns {
    /// The data field names, in the order of the header.
    pub fn data_properties(&self) -> Vec<String> {
        self.data.iter().map(|(name, _)| name.clone()).collect()
    }

    /// Reads row `row_number` (1 is the header) from its cells.
    pub fn row(&self, row_number: usize, cells: &[&str]) -> Result<Row, RowError> {
        let refuse = |reason: String| RowError {
            row: row_number,
            reason,
        };
        let needed = [Some(self.name), self.status]
            .into_iter()
            .flatten()
            .chain(self.coordinates.map(|(a, b)| [a, b]).into_iter().flatten())
            .max()
            .unwrap_or(0);
        if cells.len() <= needed {
            return Err(refuse(messages::DATASOURCE_ROW_SHORT.to_owned()));
        }
        let cell = |at: usize| cells.get(at).map(|text| text.trim()).unwrap_or_default();
        let name = cell(self.name);
        if name.is_empty() {
            return Err(refuse(messages::DATASOURCE_ROW_NAME.to_owned()));
        }
        let coordinates = match (self.coordinates, self.crs) {
            (Some((first, second)), Some(crs)) => {
                let (Some(a), Some(b)) = (number(cell(first)), number(cell(second))) else {
                    return Err(refuse(messages::DATASOURCE_ROW_NUMBER.to_owned()));
                };
                let inside = match crs {
                    Crs::Wgs84 => (-90.0..=90.0).contains(&a) && (-180.0..=180.0).contains(&b),
                    Crs::RdNew => {
                        let ((x0, x1), (y0, y1)) = RD_BOUNDS;
                        (x0..=x1).contains(&a) && (y0..=y1).contains(&b)
                    }
                };
                if !inside {
                    return Err(refuse(messages::DATASOURCE_ROW_OUTSIDE.to_owned()));
                }
                Some((a, b))
            }
            _ => None,
        };
        Ok(Row {
            name: name.to_owned(),
            status: self.status.map(|at| cell(at).to_owned()),
            coordinates,
            data: self
                .data
                .iter()
                .map(|(field, at)| (field.clone(), cell(*at).to_owned()))
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_files_need_name_status_and_the_coordinates_of_their_system() {
        let header = [
            "object.name",
            "object.status",
            "object.x",
            "object.y",
            "paalnummer",
        ];
        let rd = columns(Kind::MapFeatures, Some(Crs::RdNew), &header).unwrap();
        assert_eq!(rd.data_properties(), ["paalnummer"]);
        let missing = columns(Kind::MapFeatures, Some(Crs::Wgs84), &header).unwrap_err();
        assert!(missing.contains("object.latitude") && missing.contains("object.longitude"));
        // Case-sensitive, as the spec says.
        let upper = columns(
            Kind::MapFeatures,
            Some(Crs::RdNew),
            &["Object.Name", "object.status", "object.x", "object.y"],
        );
        assert!(upper.unwrap_err().contains("object.name"));
        let search = columns(Kind::Search, None, &["object.name", "postcode", "wijk"]).unwrap();
        assert_eq!(search.data_properties(), ["postcode", "wijk"]);
        assert!(columns(Kind::Search, None, &["naam"]).is_err());
    }

    #[test]
    fn rows_are_refused_by_number_with_a_reason() {
        let header = [
            "object.name",
            "object.status",
            "object.x",
            "object.y",
            "paalnummer",
        ];
        let rd = columns(Kind::MapFeatures, Some(Crs::RdNew), &header).unwrap();
        let good = rd
            .row(2, &["Goed", "actief", "155000", "463000,5", "LP-1"])
            .unwrap();
        assert_eq!(good.coordinates, Some((155_000.0, 463_000.5)));
        assert_eq!(good.status.as_deref(), Some("actief"));
        assert_eq!(good.data, [("paalnummer".to_owned(), "LP-1".to_owned())]);
        let reason = |cells: &[&str]| rd.row(7, cells).unwrap_err();
        assert_eq!(
            reason(&["Geen getal", "actief", "abc", "463000"]).reason,
            messages::DATASOURCE_ROW_NUMBER
        );
        assert_eq!(
            reason(&["Buiten", "actief", "900000", "100000"]).reason,
            messages::DATASOURCE_ROW_OUTSIDE
        );
        assert_eq!(
            reason(&["", "actief", "136891", "455935"]).reason,
            messages::DATASOURCE_ROW_NAME
        );
        assert_eq!(
            reason(&["Kort", "actief"]).reason,
            messages::DATASOURCE_ROW_SHORT
        );
        assert_eq!(reason(&["Kort", "actief"]).row, 7);
        // A missing data cell is empty, not a refusal.
        assert!(
            rd.row(3, &["Zonder data", "actief", "155000", "463000"])
                .is_ok()
        );
        let gps = columns(
            Kind::MapFeatures,
            Some(Crs::Wgs84),
            &[
                "object.name",
                "object.status",
                "object.latitude",
                "object.longitude",
            ],
        )
        .unwrap();
        assert!(gps.row(2, &["Pool", "x", "91", "5"]).is_err());
        assert_eq!(
            gps.row(2, &["Dam", "x", "52.37", "4.89"])
                .unwrap()
                .coordinates,
            Some((52.37, 4.89))
        );
    }
}
