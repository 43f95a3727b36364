-- Self-registration with an address that already has an account: the account holder
-- confirms through a mailed one-time link before the account joins the client.
CREATE TABLE IF NOT EXISTS membership_invites (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
);
CREATE INDEX IF NOT EXISTS membership_invites_user ON membership_invites (user_id, client_id);
