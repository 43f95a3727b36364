-- Users of the platform. Global roles (admin, eform_employee) live here; client roles on memberships.
CREATE TABLE users (
    id TEXT PRIMARY KEY NOT NULL,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT,
    global_roles TEXT NOT NULL DEFAULT '[]',
    blocked INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    last_access_at INTEGER
);

-- Client organisations (tenants). The id is a UUID and names the tenant's data folder.
CREATE TABLE clients (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    modules TEXT NOT NULL DEFAULT '[]',
    low_credit_email_limit INTEGER NOT NULL DEFAULT 0,
    user_register_intro_text TEXT,
    terms_and_conditions_required INTEGER NOT NULL DEFAULT 0,
    contact TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
);

-- A user's roles in one client ("user permission" in the specification).
CREATE TABLE memberships (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    roles TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, client_id)
);
CREATE INDEX memberships_by_client ON memberships(client_id);

-- Users who must accept a client's terms and conditions, and when they did.
CREATE TABLE terms_users (
    client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    accepted_at INTEGER,
    PRIMARY KEY (client_id, user_id)
);

-- Api keys, stored as SHA-256 of the random token so a leaked database holds no usable key.
CREATE TABLE api_tokens (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
);
CREATE INDEX api_tokens_by_user ON api_tokens(user_id);

-- One-time links to set a password (reset and welcome), hashed like api keys.
CREATE TABLE password_tokens (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('reset', 'welcome')),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
);

-- Failed logins, for rate limiting per account and per address (kept in the database so
-- every API node sees the same counts).
CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY,
    account TEXT NOT NULL COLLATE NOCASE,
    address TEXT NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX login_failures_by_account ON login_failures(account, at);
CREATE INDEX login_failures_by_address ON login_failures(address, at);

-- Every globally addressable id (form, guest id, datasource, map, group, registration) and its client.
CREATE TABLE directory (
    id TEXT PRIMARY KEY NOT NULL,
    kind TEXT NOT NULL,
    client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE
);
CREATE INDEX directory_by_client ON directory(client_id);

-- Message shown to every signed-in user (type info, warning, error or success).
CREATE TABLE server_notifications (
    id INTEGER PRIMARY KEY,
    type TEXT NOT NULL CHECK (type IN ('info', 'warning', 'error', 'success')),
    message TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL
);
