-- Word templates of e-mail settings (document 001 sections 3, 4 and 7): the uploaded .docx
-- stays an uploaded file; its processing (checked, split tokens joined, tokens listed) is
-- kept here, and `email_word_files_processed` of the form's metadata reads `processed`.
CREATE TABLE IF NOT EXISTS word_templates (
    file_id TEXT PRIMARY KEY NOT NULL,
    form_id TEXT NOT NULL,
    processed INTEGER NOT NULL DEFAULT 0,
    -- JSON list of the tokens found.
    tokens TEXT,
    -- The template with every token in one run, as merges read it.
    prepared BLOB,
    -- Why processing failed (a Dutch text), if it did.
    error TEXT,
    updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS word_templates_by_form ON word_templates(form_id);
