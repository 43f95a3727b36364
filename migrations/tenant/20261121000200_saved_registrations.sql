-- Registrations saved on a device and synced, per user. `version` goes up with every
-- accepted change; a device that sends a change based on an older version gets a conflict
-- instead of overwriting a newer copy. Deleted ones stay as tombstones until purged, so
-- the user's other devices learn of the deletion.
CREATE TABLE IF NOT EXISTS saved_registrations (
    fill_token TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL,
    form_id TEXT NOT NULL,
    entry TEXT NOT NULL,
    version INTEGER NOT NULL,
    client_updated_at TEXT,
    deleted_at TEXT,
    server_updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS saved_registrations_by_user ON saved_registrations(user_id, server_updated_at);
