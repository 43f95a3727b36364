-- Indexes on single value paths of one form, made on demand when a manager sorts or filters
-- a big form on that path (decision 018): 'order' is an expression index on the value,
-- 'text' a trigram FTS5 table kept by triggers. Their names derive from id (rv_o_<id>,
-- rv_t_<id>). A row is 'building' from the moment a job is asked for until the index is
-- complete; only 'ready' ones are used by the registrations list.
CREATE TABLE IF NOT EXISTS value_indexes (
    id INTEGER PRIMARY KEY,
    form_id TEXT NOT NULL REFERENCES forms(id),
    path TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('order', 'text')),
    state TEXT NOT NULL CHECK (state IN ('building', 'ready')),
    -- A text index fills the rows that were there when it was made up to this serial number
    -- in steps; the triggers keep the newer ones.
    backfill_to INTEGER NOT NULL DEFAULT 0,
    requested_at INTEGER NOT NULL,
    ready_at INTEGER,
    UNIQUE (form_id, path, kind)
);
