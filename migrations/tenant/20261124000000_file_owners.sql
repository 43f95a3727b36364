-- A send may refer only to files uploaded to this client by its sender: signed-in uploads
-- keep files.created_by; a guest upload records here the form whose guest link it came
-- through. (A table, not a column: tenant migrations must be re-runnable, decision 001.)
CREATE TABLE IF NOT EXISTS guest_uploads (
    file_id TEXT PRIMARY KEY NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    form_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS files_created_at ON files (created_at);
