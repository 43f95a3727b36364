-- Folders hold forms; nested through parent_id.
CREATE TABLE IF NOT EXISTS folders (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    parent_id TEXT REFERENCES folders(id) ON DELETE CASCADE,
    hidden INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS folders_by_parent ON folders(parent_id);

-- Forms. JSON columns hold the parts of the Form entity the server passes through whole;
-- the schema is validated by domain::form before it is stored.
CREATE TABLE IF NOT EXISTS forms (
    id TEXT PRIMARY KEY NOT NULL,
    folder_id TEXT REFERENCES folders(id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    form_type TEXT NOT NULL DEFAULT 'default' CHECK (form_type IN ('default', 'workflow')),
    schema TEXT NOT NULL DEFAULT '[]',
    rules TEXT NOT NULL DEFAULT '[]',
    form_values TEXT NOT NULL DEFAULT '{}',
    email_settings TEXT NOT NULL DEFAULT '[]',
    webhook_integrations TEXT NOT NULL DEFAULT '[]',
    settings TEXT NOT NULL DEFAULT '{}',
    form_settings TEXT NOT NULL DEFAULT '{}',
    form_summary TEXT,
    registration_name_token TEXT,
    guest_id TEXT UNIQUE,
    published_at INTEGER,
    next_serial INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    updated_by TEXT
);
CREATE INDEX IF NOT EXISTS forms_by_folder ON forms(folder_id);

-- Who may fill in a form. No rows: every user of the client may.
CREATE TABLE IF NOT EXISTS form_access (
    form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
    user_id TEXT,
    group_id TEXT,
    CHECK ((user_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX IF NOT EXISTS form_access_unique ON form_access(form_id, COALESCE(user_id, ''), COALESCE(group_id, ''));

-- Schemas as they were when registrations were filled in, stored once per distinct schema
-- (content-addressed) instead of once per registration.
CREATE TABLE IF NOT EXISTS form_schemas (
    hash TEXT PRIMARY KEY NOT NULL,
    schema TEXT NOT NULL
);

-- Sent registrations. fill_token makes a send idempotent: the same token with the same
-- payload answers the original, with another payload it is refused.
CREATE TABLE IF NOT EXISTS registrations (
    id TEXT PRIMARY KEY NOT NULL,
    form_id TEXT NOT NULL REFERENCES forms(id),
    serial_number INTEGER NOT NULL,
    fill_token TEXT UNIQUE,
    payload_hash TEXT NOT NULL,
    user_id TEXT,
    username TEXT,
    registration_name TEXT,
    summary TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL CHECK (status IN ('completed', 'hold', 'draft')),
    phase TEXT,
    reg_values TEXT NOT NULL,
    schema_hash TEXT NOT NULL REFERENCES form_schemas(hash),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted_at INTEGER,
    UNIQUE (form_id, serial_number)
);
CREATE INDEX IF NOT EXISTS registrations_by_user ON registrations(user_id, created_at);
CREATE INDEX IF NOT EXISTS registrations_by_form ON registrations(form_id, created_at);

-- Uploaded files; the bytes live in files/<id> beside the database.
CREATE TABLE IF NOT EXISTS files (
    id TEXT PRIMARY KEY NOT NULL,
    filename TEXT NOT NULL,
    mime TEXT NOT NULL,
    size INTEGER NOT NULL,
    created_by TEXT,
    created_at INTEGER NOT NULL
);
