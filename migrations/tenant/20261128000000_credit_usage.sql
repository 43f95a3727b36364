-- Credits used per day (Amsterdam date), kept by the transaction that uses them: the credit
-- usage charts and the daily dashboard report read it (issue 14, decision 022). One statement
-- per group-commit batch, not per registration.
CREATE TABLE IF NOT EXISTS credit_usage (
    day TEXT PRIMARY KEY NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- Registrations on hold, oldest first: released when credits are added. Partial, so sends
-- that are not held pay nothing for it.
CREATE INDEX IF NOT EXISTS registrations_held ON registrations(created_at, serial_number)
    WHERE status = 'hold';
