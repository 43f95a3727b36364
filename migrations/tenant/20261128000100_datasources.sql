-- Datasources (issue 15, decision 023): lists of objects imported from a file, for the map
-- and search elements. A datasource shows one generation of features; a re-import writes the
-- next generation beside it and switches `generation` in one statement, so readers see the
-- old set until the new one is complete, never a mix.
CREATE TABLE IF NOT EXISTS datasources (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('map_features', 'search')),
    crs TEXT CHECK (crs IS NULL OR crs IN ('EPSG:4326', 'EPSG:28992')),
    -- The uploaded source file (`files`).
    file_id TEXT,
    generation INTEGER NOT NULL DEFAULT 0,
    feature_count INTEGER NOT NULL DEFAULT 0,
    -- The data columns' names, and the rows the last import refused ([{row, reason}]).
    data_properties TEXT NOT NULL DEFAULT '[]',
    import_errors TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS datasource_features (
    -- Also the id in `datasource_places`.
    id INTEGER PRIMARY KEY,
    datasource_id TEXT NOT NULL,
    generation INTEGER NOT NULL,
    name TEXT NOT NULL,
    status TEXT,
    lat REAL,
    lon REAL,
    -- The data fields as a JSON object.
    data TEXT NOT NULL DEFAULT '{}',
    -- Set by a registration's feature action (setHidden): no longer on the map or in the
    -- search list, still in exports.
    hidden INTEGER NOT NULL DEFAULT 0
);
-- A generation's features in import order (the rowid ends each entry): the search list, exports
-- and the removal of an old generation walk it; an import only ever appends to it.
CREATE INDEX IF NOT EXISTS datasource_features_by_generation
    ON datasource_features(datasource_id, generation);
CREATE INDEX IF NOT EXISTS datasource_features_by_status
    ON datasource_features(datasource_id, generation, status);

-- Where each map feature is, for viewport (bbox) queries.
CREATE VIRTUAL TABLE IF NOT EXISTS datasource_places USING rtree(
    id, min_lon, max_lon, min_lat, max_lat
);
