-- Work that runs on the job queue with progress a user follows (exports now; imports and
-- client removal later): one row per batch, read by the progress calls. In the platform
-- database because a batch may outlive its client's file (client removal).
CREATE TABLE IF NOT EXISTS batches (
    id TEXT PRIMARY KEY NOT NULL,
    client_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    subject TEXT,
    created_by TEXT,
    params TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    total INTEGER NOT NULL DEFAULT 0,
    processed INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    error TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    expires_at INTEGER
);
CREATE INDEX IF NOT EXISTS batches_by_client ON batches(client_id, created_at);
CREATE INDEX IF NOT EXISTS batches_expiring ON batches(expires_at) WHERE expires_at IS NOT NULL;

-- Periodic jobs (trash purge, periodic mails) are claimed per period, so several worker
-- processes never start the same run twice.
CREATE TABLE IF NOT EXISTS scheduled_runs (
    job TEXT NOT NULL,
    period TEXT NOT NULL,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (job, period)
);
