-- Form builder (issue 5). Migrations must stay re-runnable, so new facts about forms get
-- tables of their own rather than ALTER TABLE.

-- Deleted forms. Deleting only marks a form: its registrations keep pointing at it.
CREATE TABLE IF NOT EXISTS form_deletions (
    form_id TEXT PRIMARY KEY NOT NULL REFERENCES forms(id),
    deleted_at INTEGER NOT NULL
);

-- Every accepted change of a form: the whole form after the change, so a restore brings
-- back exactly what was there.
CREATE TABLE IF NOT EXISTS form_revisions (
    id TEXT PRIMARY KEY NOT NULL,
    form_id TEXT NOT NULL REFERENCES forms(id),
    form TEXT NOT NULL,
    user_id TEXT,
    username TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS form_revisions_by_form ON form_revisions(form_id, created_at);

-- User groups of the client; form_access.group_id points here.
CREATE TABLE IF NOT EXISTS user_groups (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS user_group_members (
    group_id TEXT NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX IF NOT EXISTS user_group_members_by_user ON user_group_members(user_id);

-- Elements a user saved in the form builder to add again later, per user.
CREATE TABLE IF NOT EXISTS favorite_elements (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    element TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS favorite_elements_by_user ON favorite_elements(user_id, created_at);
