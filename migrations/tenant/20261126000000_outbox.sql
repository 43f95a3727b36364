-- The outbox (document 001 sections 3 and 4, hook status): every e-mail and webhook a
-- registration must cause is recorded in the transaction that stores or moves it, so a crash
-- between the commit and the queue loses nothing. A dispatcher puts due rows on the job queue;
-- the delivery job takes a row under a lease, so two copies of one job never both send.
CREATE TABLE IF NOT EXISTS deliveries (
    id TEXT PRIMARY KEY NOT NULL,
    -- registration x event (the send, a workflow move, a resend) x channel x hook: what a
    -- receiver may use to drop a repeat (Message-ID, the Idempotency-Key header).
    idempotency_key TEXT NOT NULL UNIQUE,
    registration_id TEXT NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
    form_id TEXT NOT NULL,
    -- email or webhook
    channel TEXT NOT NULL,
    -- The place of the setting in the form's list, and its name as shown to managers.
    hook_index INTEGER NOT NULL,
    hook_name TEXT NOT NULL,
    -- email, post-to-url, sia-signal-create or schouten-merge-registrations
    hook_type TEXT NOT NULL,
    -- The phase the registration reached (workflow forms).
    phase TEXT,
    -- The setting as it was when the registration was committed (JSON).
    setting TEXT NOT NULL,
    -- pending, error or success
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    -- When it should be tried (again); NULL once it succeeded or was given up.
    next_attempt_at INTEGER,
    -- When the dispatcher last put it on the queue (NULL: not queued).
    queued_at INTEGER,
    -- A delivery job holds it until then.
    lease_until INTEGER,
    -- The last answer: the receiver's status and the start of its body, or the error.
    last_answer TEXT,
    -- The files an e-mail carried, kept for download-emails (JSON list of {filename, path}).
    attachments TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    delivered_at INTEGER
);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries(next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS deliveries_by_registration ON deliveries(registration_id, created_at);

-- A resend is now a set of new deliveries (event "resend-<id>"), which says who asked and when
-- better than this note did.
DROP TABLE IF EXISTS registration_resends;
