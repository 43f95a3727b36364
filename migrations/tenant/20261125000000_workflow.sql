-- Workflow forms (document 000 section 4, document 001 section 4): a registration on its way
-- through the phases waits for one user (or for anyone who may fill in the form, when it was
-- handed to nobody), and every move is recorded. The registration itself keeps its current
-- phase in `registrations.phase` and stays 'draft' until a phase without a transition
-- completes it.
CREATE TABLE IF NOT EXISTS workflow_assignments (
    registration_id TEXT PRIMARY KEY NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
    form_id TEXT NOT NULL,
    -- NULL: handed to nobody.
    assigned_to TEXT,
    phase TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS workflow_assignments_by_user ON workflow_assignments(assigned_to, updated_at);
CREATE INDEX IF NOT EXISTS workflow_assignments_by_form ON workflow_assignments(form_id, updated_at);

CREATE TABLE IF NOT EXISTS workflow_transitions (
    id TEXT PRIMARY KEY NOT NULL,
    registration_id TEXT NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
    from_phase TEXT NOT NULL,
    -- NULL: the send completed the registration.
    to_phase TEXT,
    assigned_to TEXT,
    assigned_username TEXT,
    by_user TEXT,
    by_username TEXT,
    -- The send that made the move: a resend of it is answered, not moved again.
    fill_token TEXT UNIQUE,
    payload_hash TEXT,
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS workflow_transitions_by_registration ON workflow_transitions(registration_id, at);
