-- Work that runs on the job queue with progress a user follows (exports now; imports and
-- client removal later): one row per batch, read by the progress calls. In the platform
-- database because a batch may outlive its client's file (client removal).
--
-- A job works a batch under a lease (runner, lease_until) that it renews with every bit of
-- progress: a second delivery of the same job (a retry, a sweep after a crash) can take the
-- batch over only once the lease has run out, so two runners never write one batch.
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
    -- The token in the link that fetches the result without an api-key (a browser download
    -- of a large export streams to disk; it cannot send a header). Random per batch; the
    -- link also needs the creator's permission when it is used.
    link_token TEXT,
    error TEXT,
    runner TEXT,
    lease_until INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    expires_at INTEGER
);
CREATE INDEX IF NOT EXISTS batches_by_client ON batches(client_id, created_at);
CREATE INDEX IF NOT EXISTS batches_expiring ON batches(expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS batches_open ON batches(status) WHERE status IN ('queued', 'running');

-- Periodic jobs (trash purge, periodic mails) are claimed per period, so several worker
-- processes never start the same run twice; finished_at stays empty until the run is done,
-- so a run whose job was lost is queued again.
CREATE TABLE IF NOT EXISTS scheduled_runs (
    job TEXT NOT NULL,
    period TEXT NOT NULL,
    claimed_at INTEGER NOT NULL,
    finished_at INTEGER,
    PRIMARY KEY (job, period)
);
