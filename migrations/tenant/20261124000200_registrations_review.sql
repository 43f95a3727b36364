-- The registrations list (document 001 screen 12): a tab of a form, newest first, without
-- reading the rows of the other tabs; and the trash purge, oldest first.
CREATE INDEX IF NOT EXISTS registrations_review ON registrations(form_id, status, deleted_at, created_at);
CREATE INDEX IF NOT EXISTS registrations_trashed ON registrations(deleted_at) WHERE deleted_at IS NOT NULL;

-- Resends asked for, until e-mails and webhooks exist to send again (decision 015).
CREATE TABLE IF NOT EXISTS registration_resends (
    registration_id TEXT NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
    user_id TEXT,
    asked_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS registration_resends_by_registration ON registration_resends(registration_id);
