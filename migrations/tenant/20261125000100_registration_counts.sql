-- How many registrations each form has per tab ('completed', 'draft', or in the trash), kept
-- by triggers so every write path (the group-commit writer, trash and restore, workflow
-- moves, the purge) keeps it right: the unfiltered registrations list of a form with a million
-- registrations answers its count without counting them (decision 015). Hold registrations
-- are never listed and not counted.
CREATE TABLE IF NOT EXISTS registration_counts (
    form_id TEXT NOT NULL,
    tab TEXT NOT NULL CHECK (tab IN ('completed', 'draft', 'trash')),
    n INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (form_id, tab)
) WITHOUT ROWID;

-- Recomputed from the rows on every run of this migration (it is re-runnable): right for a
-- file that had registrations before the counts existed.
DELETE FROM registration_counts;
INSERT INTO registration_counts (form_id, tab, n)
SELECT form_id,
       CASE WHEN deleted_at IS NOT NULL THEN 'trash' ELSE status END,
       COUNT(*)
FROM registrations
WHERE status <> 'hold'
GROUP BY 1, 2;

CREATE TRIGGER IF NOT EXISTS registration_counts_insert AFTER INSERT ON registrations
WHEN NEW.status <> 'hold'
BEGIN
    INSERT INTO registration_counts (form_id, tab, n)
    VALUES (NEW.form_id, CASE WHEN NEW.deleted_at IS NOT NULL THEN 'trash' ELSE NEW.status END, 1)
    ON CONFLICT (form_id, tab) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER IF NOT EXISTS registration_counts_delete AFTER DELETE ON registrations
WHEN OLD.status <> 'hold'
BEGIN
    UPDATE registration_counts SET n = n - 1
    WHERE form_id = OLD.form_id AND tab = CASE WHEN OLD.deleted_at IS NOT NULL THEN 'trash' ELSE OLD.status END;
END;

CREATE TRIGGER IF NOT EXISTS registration_counts_update AFTER UPDATE OF status, deleted_at, form_id ON registrations
BEGIN
    UPDATE registration_counts SET n = n - 1
    WHERE OLD.status <> 'hold' AND form_id = OLD.form_id
      AND tab = CASE WHEN OLD.deleted_at IS NOT NULL THEN 'trash' ELSE OLD.status END;
    INSERT INTO registration_counts (form_id, tab, n)
    SELECT NEW.form_id, CASE WHEN NEW.deleted_at IS NOT NULL THEN 'trash' ELSE NEW.status END, 1
    WHERE NEW.status <> 'hold'
    ON CONFLICT (form_id, tab) DO UPDATE SET n = n + 1;
END;
