-- Decision 023: the R*Tree holds tiles of up to 32 neighbouring places of one import, each
-- with its features' ids, instead of one entry per place. SQLite's R*Tree inserts one entry
-- at a time (about 7 µs each, more than half of importing a million features); a tile costs
-- one insert for 32 places, and a viewport read checks each feature of the tiles it meets.
-- What was there becomes tiles of one place.
CREATE VIRTUAL TABLE IF NOT EXISTS datasource_place_tiles USING rtree(
    id, min_lon, max_lon, min_lat, max_lat, +features
);
INSERT INTO datasource_place_tiles (id, min_lon, max_lon, min_lat, max_lat, features)
    SELECT id, min_lon, max_lon, min_lat, max_lat, json_array(id) FROM datasource_places;
DROP TABLE datasource_places;
