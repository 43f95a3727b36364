-- The SHA-256 of every uploaded file, so a device that uploads a file it kept offline can
-- ask whether the server has it already and never sends it twice.
CREATE TABLE IF NOT EXISTS file_digests (
    file_id TEXT PRIMARY KEY NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    sha256 TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS file_digests_sha256 ON file_digests (sha256);
