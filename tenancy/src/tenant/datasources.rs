//! Queries on `datasources`, `datasource_features` and `datasource_place_tiles` (decision 023): the
//! client's lists of objects for map and search elements. Readers see a datasource's current
//! generation only; an import fills the next one and switches in one statement.

use crate::error::Result;
use crate::{TenantDb, new_id, now};
use sqlx::SqliteConnection;

/// A datasource.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Datasource {
    pub id: String,
    pub name: String,
    /// `map_features` or `search`.
    pub kind: String,
    /// `EPSG:4326` or `EPSG:28992` (map features).
    pub crs: Option<String>,
    pub file_id: Option<String>,
    pub generation: i64,
    pub feature_count: i64,
    /// JSON list of the data columns' names.
    pub data_properties: String,
    /// JSON list of `{row, reason}` of the last import.
    pub import_errors: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, name, kind, crs, file_id, generation, feature_count, data_properties, import_errors, created_at, updated_at";

/// Every datasource of a kind, by name.
pub async fn list(db: &TenantDb, kind: &str) -> Result<Vec<Datasource>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM datasources WHERE kind = ?1 ORDER BY name COLLATE NOCASE, id"
    )))
    .bind(kind)
    .fetch_all(db.pool())
    .await?)
}

/// The datasource with this id.
pub async fn find(db: &TenantDb, id: &str) -> Result<Option<Datasource>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM datasources WHERE id = ?1"
    )))
    .bind(id)
    .fetch_optional(db.pool())
    .await?)
}

/// Adds a datasource (empty until its first import); answers its id.
pub async fn insert(
    db: &TenantDb,
    name: &str,
    kind: &str,
    crs: Option<&str>,
    file_id: Option<&str>,
) -> Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO datasources (id, name, kind, crs, file_id, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
    )
    .bind(&id)
    .bind(name)
    .bind(kind)
    .bind(crs)
    .bind(file_id)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// Changes name, coordinate system and source file.
pub async fn update(
    db: &TenantDb,
    id: &str,
    name: &str,
    crs: Option<&str>,
    file_id: Option<&str>,
) -> Result<bool> {
    let changed = sqlx::query(
        "UPDATE datasources SET name = ?2, crs = ?3, file_id = ?4, updated_at = ?5 WHERE id = ?1",
    )
    .bind(id)
    .bind(name)
    .bind(crs)
    .bind(file_id)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(changed == 1)
}

/// One feature to write.
#[derive(Debug, Clone, PartialEq)]
pub struct NewFeature {
    pub name: String,
    pub status: Option<String>,
    /// (latitude, longitude) in WGS84, for map features.
    pub place: Option<(f64, f64)>,
    /// The data fields as a JSON object.
    pub data: String,
}

/// Features written per statement: SQLite binds at most 32,766 values.
const ROWS_PER_STATEMENT: usize = 400;

/// A written feature's place, for [`tiles`]: its id, (latitude, longitude).
pub type Place = (i64, (f64, f64));

/// Places per tile of the R*Tree.
pub const TILE_PLACES: usize = 32;

/// Neighbouring places of one import under one R*Tree entry: their bounding box and ids.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    /// The smallest feature id among them: unique, since a feature is in one tile only, and
    /// so removed with that feature (see [`remove_stale`]).
    pub id: i64,
    /// (west, south, east, north).
    pub bounds: (f64, f64, f64, f64),
    pub features: Vec<i64>,
}

/// Cuts the places of an import into tiles of [`TILE_PLACES`] neighbours, by
/// sort-tile-recursive packing: sorted by longitude into vertical slices of equal count, each
/// slice sorted by latitude and cut into tiles. Tiles follow where the places are dense, so
/// a viewport meets a few whatever the density, and they barely overlap.
pub fn tiles(mut places: Vec<Place>) -> Vec<Tile> {
    if places.is_empty() {
        return Vec::new();
    }
    let tile_count = places.len().div_ceil(TILE_PLACES);
    let slices = (tile_count as f64).sqrt().ceil() as usize;
    // Whole tiles per slice, so only each slice's last tile may be short.
    let per_slice = tile_count.div_ceil(slices) * TILE_PLACES;
    places.sort_unstable_by(|(_, (_, a)), (_, (_, b))| a.total_cmp(b));
    let mut tiles = Vec::with_capacity(tile_count);
    for slice in places.chunks_mut(per_slice) {
        slice.sort_unstable_by(|(_, (a, _)), (_, (b, _))| a.total_cmp(b));
        for part in slice.chunks(TILE_PLACES) {
            let mut bounds = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
            for &(_, (lat, lon)) in part {
                bounds = (
                    bounds.0.min(lon),
                    bounds.1.min(lat),
                    bounds.2.max(lon),
                    bounds.3.max(lat),
                );
            }
            let features: Vec<i64> = part.iter().map(|(id, _)| *id).collect();
            let id = features.iter().copied().min().unwrap_or_default();
            tiles.push(Tile {
                id,
                bounds,
                features,
            });
        }
    }
    tiles
}

/// Runs `write` on a connection with a page cache sized for an import step: a step touches
/// far more pages than the default 2 MB holds (R*Tree nodes, indexes), and with too small a
/// cache SQLite spills and reads pages back over and over.
async fn with_step_cache<T>(
    db: &TenantDb,
    write: impl AsyncFnOnce(&mut SqliteConnection) -> Result<T>,
) -> Result<T> {
    let mut conn = db.pool().acquire().await?;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "PRAGMA cache_size = -{STEP_CACHE_KIB}"
    )))
    .execute(&mut *conn)
    .await?;
    let written = write(&mut conn).await;
    sqlx::query("PRAGMA cache_size = -2000")
        .execute(&mut *conn)
        .await?;
    written
}

/// Writes features into generation `generation` of a datasource, in one transaction (one
/// import step); answers the places of those that have one, for [`tiles`].
pub async fn insert_features(
    db: &TenantDb,
    datasource: &str,
    generation: i64,
    features: &[NewFeature],
) -> Result<Vec<Place>> {
    with_step_cache(db, async |conn: &mut SqliteConnection| {
        use sqlx::Connection;
        let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
        let mut placed = Vec::with_capacity(features.len());
        for part in features.chunks(ROWS_PER_STATEMENT) {
            let values = vec!["(?, ?, ?, ?, ?, ?, ?)"; part.len()].join(", ");
            let sql = format!(
                "INSERT INTO datasource_features (datasource_id, generation, name, status, lat, lon, data)
                 VALUES {values} RETURNING id"
            );
            let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql));
            for feature in part {
                query = query
                    .bind(datasource)
                    .bind(generation)
                    .bind(&feature.name)
                    .bind(&feature.status)
                    .bind(feature.place.map(|(lat, _)| lat))
                    .bind(feature.place.map(|(_, lon)| lon))
                    .bind(&feature.data);
            }
            let ids = query.fetch_all(&mut *tx).await?;
            placed.extend(
                ids.into_iter()
                    .zip(part)
                    .filter_map(|(id, feature)| feature.place.map(|place| (id, place))),
            );
        }
        tx.commit().await?;
        Ok(placed)
    })
    .await
}

/// Puts tiles into the R*Tree in one transaction.
pub async fn insert_tiles(db: &TenantDb, tiles: &[Tile]) -> Result<()> {
    with_step_cache(db, async |conn: &mut SqliteConnection| {
        use sqlx::Connection;
        let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
        for part in tiles.chunks(ROWS_PER_STATEMENT) {
            let values = vec!["(?, ?, ?, ?, ?, ?)"; part.len()].join(", ");
            let sql = format!(
                "INSERT INTO datasource_place_tiles (id, min_lon, max_lon, min_lat, max_lat, features)
                 VALUES {values}"
            );
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for tile in part {
                let (west, south, east, north) = tile.bounds;
                query = query
                    .bind(tile.id)
                    .bind(west)
                    .bind(east)
                    .bind(south)
                    .bind(north)
                    .bind(serde_json::to_string(&tile.features)?);
            }
            query.execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(())
    })
    .await
}

/// Page cache (KiB) of a connection while it writes an import step.
const STEP_CACHE_KIB: u32 = 64 * 1024;

/// Makes `generation` the one readers see, with its count, data columns and refused rows; in
/// one statement, so a reader sees the old set or the new one.
pub async fn switch_generation(
    db: &TenantDb,
    id: &str,
    generation: i64,
    data_properties: &[String],
    import_errors: &str,
) -> Result<()> {
    sqlx::query(
        "UPDATE datasources SET generation = ?2,
                feature_count = (SELECT COUNT(*) FROM datasource_features WHERE datasource_id = ?1 AND generation = ?2),
                data_properties = ?3, import_errors = ?4, updated_at = ?5
         WHERE id = ?1",
    )
    .bind(id)
    .bind(generation)
    .bind(serde_json::to_string(data_properties)?)
    .bind(import_errors)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Removes up to `limit` features of a datasource that are not in generation `keep` (an old
/// set, or what a stopped import left); answers how many.
pub async fn remove_stale(db: &TenantDb, id: &str, keep: Option<i64>, limit: i64) -> Result<u64> {
    let mut tx = db.pool().begin_with("BEGIN IMMEDIATE").await?;
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM datasource_features
         WHERE datasource_id = ?1 AND (?2 IS NULL OR generation <> ?2) LIMIT ?3",
    )
    .bind(id)
    .bind(keep)
    .bind(limit)
    .fetch_all(&mut *tx)
    .await?;
    let list = serde_json::to_string(&ids)?;
    // A tile's id is one of its features' (all of one import), so it goes with that one.
    sqlx::query("DELETE FROM datasource_place_tiles WHERE id IN (SELECT value FROM json_each(?1))")
        .bind(&list)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM datasource_features WHERE id IN (SELECT value FROM json_each(?1))")
        .bind(&list)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(ids.len() as u64)
}

/// Removes a datasource's row (its features go with [`remove_stale`] first).
pub async fn delete(db: &TenantDb, id: &str) -> Result<bool> {
    let gone = sqlx::query("DELETE FROM datasources WHERE id = ?1")
        .bind(id)
        .execute(db.pool())
        .await?
        .rows_affected();
    Ok(gone == 1)
}

/// A feature as the read API answers it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Feature {
    pub id: i64,
    pub name: String,
    pub status: Option<String>,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    /// The data fields as a JSON object.
    pub data: String,
}

/// The status a feature without one is filtered and shown by ('Geen status').
pub const NO_STATUS: &str = "_none";

/// The current features of a map datasource inside a viewport, at most `limit`, and how many
/// are inside in all; with `statuses`, only features with one of them ([`NO_STATUS`] for
/// none). The R*Tree finds the tiles the box meets, each of their features is looked up by
/// id and kept when it lies inside. `CROSS JOIN` keeps SQLite from its own choice of walking
/// every feature of the datasource and asking the R*Tree for each (hundreds of milliseconds
/// at a million).
pub async fn in_box(
    db: &TenantDb,
    source: &Datasource,
    (west, south, east, north): (f64, f64, f64, f64),
    statuses: Option<&[String]>,
    limit: i64,
) -> Result<(Vec<Feature>, i64)> {
    macro_rules! matching {
        ($select:literal, $tail:literal) => {
            concat!(
                $select,
                " FROM datasource_place_tiles t CROSS JOIN json_each(t.features) m
                      CROSS JOIN datasource_features f ON f.id = m.value
                 WHERE t.max_lon >= ?2 AND t.min_lon <= ?4 AND t.max_lat >= ?3 AND t.min_lat <= ?5
                   AND f.lon BETWEEN ?2 AND ?4 AND f.lat BETWEEN ?3 AND ?5
                   AND f.datasource_id = ?1 AND f.generation = ?6 AND f.hidden = 0
                   AND (?7 IS NULL OR COALESCE(NULLIF(f.status, ''), '_none')
                        IN (SELECT value FROM json_each(?7))) ",
                $tail
            )
        };
    }
    let statuses = statuses.map(|list| serde_json::to_string(list).unwrap_or_default());
    let features: Vec<Feature> = sqlx::query_as(matching!(
        "SELECT f.id, f.name, f.status, f.lat, f.lon, f.data",
        "LIMIT ?8"
    ))
    .bind(&source.id)
    .bind(west)
    .bind(south)
    .bind(east)
    .bind(north)
    .bind(source.generation)
    .bind(&statuses)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    let total = if (features.len() as i64) < limit {
        features.len() as i64
    } else {
        sqlx::query_scalar(matching!("SELECT COUNT(*)", ""))
            .bind(&source.id)
            .bind(west)
            .bind(south)
            .bind(east)
            .bind(north)
            .bind(source.generation)
            .bind(&statuses)
            .fetch_one(db.pool())
            .await?
    };
    Ok((features, total))
}

/// The statuses the current features of a datasource have, sorted, with [`NO_STATUS`] for
/// features without one. Each step seeks the status index to the next status, so a million
/// features with three statuses cost four look-ups, not a scan.
pub async fn statuses(db: &TenantDb, source: &Datasource) -> Result<Vec<String>> {
    let mut found: Vec<String> = sqlx::query_scalar(
        "WITH RECURSIVE s(status) AS (
             SELECT MIN(status) FROM datasource_features
              WHERE datasource_id = ?1 AND generation = ?2 AND status > ''
             UNION ALL
             SELECT (SELECT MIN(status) FROM datasource_features
                      WHERE datasource_id = ?1 AND generation = ?2 AND status > s.status)
               FROM s WHERE s.status IS NOT NULL)
         SELECT status FROM s WHERE status IS NOT NULL",
    )
    .bind(&source.id)
    .bind(source.generation)
    .fetch_all(db.pool())
    .await?;
    let unset: bool = sqlx::query_scalar(
        "SELECT EXISTS(SELECT 1 FROM datasource_features
          WHERE datasource_id = ?1 AND generation = ?2 AND (status IS NULL OR status = ''))",
    )
    .bind(&source.id)
    .bind(source.generation)
    .fetch_one(db.pool())
    .await?;
    if unset && !found.iter().any(|s| s == NO_STATUS) {
        found.push(NO_STATUS.to_owned());
    }
    Ok(found)
}

/// Which features a page holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// What the fill-in offers: hidden features left out.
    Visible,
    /// Every feature (exports).
    All,
}

/// The current features of a datasource in import order, `limit` after the feature
/// `after_id` (the search list and exports walk them this way).
pub async fn page(
    db: &TenantDb,
    source: &Datasource,
    shown: Shown,
    after_id: i64,
    limit: i64,
) -> Result<Vec<Feature>> {
    Ok(sqlx::query_as(
        "SELECT id, name, status, lat, lon, data FROM datasource_features
         WHERE datasource_id = ?1 AND generation = ?2 AND id > ?3 AND (?5 OR hidden = 0)
         ORDER BY id LIMIT ?4",
    )
    .bind(&source.id)
    .bind(source.generation)
    .bind(after_id)
    .bind(limit)
    .bind(shown == Shown::All)
    .fetch_all(db.pool())
    .await?)
}

/// Applies a registration's feature actions to features of the datasource's current
/// generation, in one transaction; answers how many features it changed. Features that are
/// gone (the datasource was imported again since they were chosen) are passed over. Running
/// it twice changes nothing more.
pub async fn apply(
    db: &TenantDb,
    datasource_id: &str,
    changes: &[domain::feature_actions::Change],
) -> Result<u64> {
    use domain::feature_actions::Action;
    let mut tx = db.pool().begin_with("BEGIN IMMEDIATE").await?;
    let mut changed = 0;
    for change in changes {
        let found: Option<(Option<String>, String, i64)> = sqlx::query_as(
            "SELECT f.status, f.data, f.hidden FROM datasource_features f
             JOIN datasources d ON d.id = f.datasource_id AND d.generation = f.generation
             WHERE f.id = ?1 AND f.datasource_id = ?2",
        )
        .bind(change.feature_id)
        .bind(datasource_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((mut status, data, mut hidden)) = found else {
            continue;
        };
        let mut fields: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&data).unwrap_or_default();
        for action in &change.actions {
            match action {
                Action::SetStatus(next) => status = Some(next.clone()),
                Action::SetValue { column, value } => {
                    fields.insert(column.clone(), serde_json::Value::String(value.clone()));
                }
                Action::SetHidden => hidden = 1,
            }
        }
        sqlx::query(
            "UPDATE datasource_features SET status = ?2, data = ?3, hidden = ?4 WHERE id = ?1",
        )
        .bind(change.feature_id)
        .bind(status)
        .bind(serde_json::Value::Object(fields).to_string())
        .bind(hidden)
        .execute(&mut *tx)
        .await?;
        changed += 1;
    }
    tx.commit().await?;
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Places on a skewed grid: a dense town in a sparse country.
    fn places(count: i64) -> Vec<Place> {
        (1..=count)
            .map(|id| {
                let (a, b) = ((id * 7919 % 1000) as f64, (id * 104_729 % 997) as f64);
                let place = if id % 3 == 0 {
                    (52.0 + a / 100_000.0, 5.0 + b / 100_000.0)
                } else {
                    (50.8 + a / 400.0, 3.4 + b / 250.0)
                };
                (id, place)
            })
            .collect()
    }

    #[test]
    fn every_place_is_in_one_tile_within_its_bounds() {
        for count in [0, 1, 31, 32, 33, 1_000, 10_007] {
            let given = places(count);
            let tiles = tiles(given.clone());
            assert_eq!(
                tiles.len(),
                (count as usize).div_ceil(TILE_PLACES),
                "{count}"
            );
            let mut seen: Vec<i64> = tiles.iter().flat_map(|t| t.features.clone()).collect();
            seen.sort_unstable();
            assert_eq!(seen, (1..=count).collect::<Vec<_>>(), "{count}");
            for tile in &tiles {
                assert!(!tile.features.is_empty() && tile.features.len() <= TILE_PLACES);
                assert_eq!(Some(&tile.id), tile.features.iter().min());
                let (west, south, east, north) = tile.bounds;
                for id in &tile.features {
                    let (_, (lat, lon)) = given[(*id - 1) as usize];
                    assert!(west <= lon && lon <= east && south <= lat && lat <= north);
                }
            }
        }
    }

    /// Packing follows density: the town's tiles are far smaller than the country's.
    #[test]
    fn tiles_are_small_where_places_are_dense() {
        let tiles = tiles(places(30_000));
        let area = |t: &Tile| (t.bounds.2 - t.bounds.0) * (t.bounds.3 - t.bounds.1);
        let town = tiles
            .iter()
            .filter(|t| t.bounds.1 >= 52.0 && t.bounds.3 <= 52.01);
        let largest_in_town = town.map(area).fold(0.0, f64::max);
        let total: f64 = tiles.iter().map(area).sum();
        assert!(
            largest_in_town > 0.0 && largest_in_town < total / tiles.len() as f64 / 20.0,
            "{largest_in_town} {}",
            total / tiles.len() as f64
        );
    }
}
