-- Credits, paid modules and purchases (issue 14, decision 022); the daily dashboard report.

-- Credit bundles a client can buy: platform data an admin edits. Prices in cents, exclusive
-- of VAT (spec 002 section 3).
CREATE TABLE IF NOT EXISTS credit_bundles (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    credits INTEGER NOT NULL CHECK (credits > 0),
    price INTEGER NOT NULL CHECK (price >= 0),
    enabled INTEGER NOT NULL DEFAULT 1,
    position INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

-- The paid modules on offer, one per module (spec 002 section 3, 'Module offer').
CREATE TABLE IF NOT EXISTS module_offers (
    module TEXT PRIMARY KEY NOT NULL
        CHECK (module IN ('word', 'map_element', 'location', 'tracking', 'qr_code')),
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    price INTEGER NOT NULL CHECK (price >= 0),
    enabled INTEGER NOT NULL DEFAULT 1,
    updated_at INTEGER NOT NULL
);

-- What a client bought, and where its payment stands. Credits or the module are granted once:
-- granted_at is set in the same statement that claims the grant.
CREATE TABLE IF NOT EXISTS purchases (
    id TEXT PRIMARY KEY NOT NULL,
    client_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('credits', 'module')),
    name TEXT NOT NULL,
    bundle_id TEXT,
    credits INTEGER NOT NULL DEFAULT 0,
    module TEXT,
    -- Cents, exclusive of VAT, and the amount charged (with VAT).
    price INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    contact TEXT NOT NULL DEFAULT '{}',
    provider TEXT NOT NULL CHECK (provider IN ('invoice', 'mollie')),
    provider_ref TEXT,
    checkout_url TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'cancelled', 'expired')),
    granted_at INTEGER,
    confirmed_by TEXT,
    created_by TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS purchases_by_client ON purchases(client_id, created_at);
CREATE INDEX IF NOT EXISTS purchases_open ON purchases(status) WHERE status = 'pending';
CREATE UNIQUE INDEX IF NOT EXISTS purchases_by_payment ON purchases(provider, provider_ref)
    WHERE provider_ref IS NOT NULL;
-- Paid but not granted yet: what a crash between the two left, for the sweep.
CREATE INDEX IF NOT EXISTS purchases_ungranted ON purchases(status)
    WHERE status = 'paid' AND granted_at IS NULL;

-- One report per day (spec 002 section 3, 'Dashboard report').
CREATE TABLE IF NOT EXISTS dashboard_reports (
    report_date TEXT PRIMARY KEY NOT NULL,
    disk_free INTEGER NOT NULL,
    disk_total INTEGER NOT NULL,
    disk_available REAL NOT NULL,
    -- [{client_id, client_name, credit_count}]: credits used that day.
    credit_usage_per_client TEXT NOT NULL DEFAULT '[]',
    -- [{client_id, client_name, registration_count, disk_bytes}]
    registration_count_per_client TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL
);

-- The low-credit mail goes once per crossing: set when sent, cleared when credits are back
-- at or above the limit.
ALTER TABLE clients ADD COLUMN low_credit_warned INTEGER NOT NULL DEFAULT 0;

-- A first offer; admins change it in the web app.
INSERT OR IGNORE INTO credit_bundles (id, name, credits, price, enabled, position, created_at, updated_at) VALUES
    ('0193a8f0-0000-7000-8000-000000000001', 'Starter', 500, 6000, 1, 1, 0, 0),
    ('0193a8f0-0000-7000-8000-000000000002', 'Standaard', 2500, 25000, 1, 2, 0, 0),
    ('0193a8f0-0000-7000-8000-000000000003', 'Groot', 10000, 80000, 1, 3, 0, 0);
INSERT OR IGNORE INTO module_offers (module, name, description, price, enabled, updated_at) VALUES
    ('word', 'Word bijlagen', 'Registraties als Word-document of PDF bij e-mails.', 25000, 1, 0),
    ('map_element', 'Kaart', 'Kaartelement met objecten uit databronnen.', 50000, 1, 0),
    ('location', 'Locatie', 'GPS-locatie bij een registratie.', 25000, 1, 0),
    ('tracking', 'Route volgen', 'Een afgelegde route vastleggen.', 50000, 1, 0),
    ('qr_code', 'QR-code', 'QR-codes scannen in formulieren.', 15000, 1, 0);
