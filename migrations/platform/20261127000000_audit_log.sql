-- What platform admins and client managers did that cannot be undone (client removal, tenant
-- export and import): who, when, what, and which client by id only, so the log keeps no
-- content of a client that was erased.
CREATE TABLE IF NOT EXISTS audit_log (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    actor TEXT,
    action TEXT NOT NULL,
    client_id TEXT,
    batch_id TEXT
);
CREATE INDEX IF NOT EXISTS audit_log_by_client ON audit_log(client_id, at);
