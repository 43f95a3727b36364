-- Which client this file belongs to, checked on every open so a misplaced file is refused.
CREATE TABLE IF NOT EXISTS tenant_meta (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

-- Credits ledger: bought bundles and manual additions; one credit is used per registration.
CREATE TABLE IF NOT EXISTS credits (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    credits_total INTEGER NOT NULL CHECK (credits_total >= 0),
    credits_left INTEGER NOT NULL CHECK (credits_left >= 0),
    credit_expire_date INTEGER,
    contact TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS credits_by_expiry ON credits(credit_expire_date);
