-- Self-registration through /register/:client_uuid joins a user only to a client that has it
-- switched on (decision 020). New clients start with it off; clients made before this switch
-- existed accepted every registration link, so they keep it on until someone switches it off.
ALTER TABLE clients ADD COLUMN user_register_enabled INTEGER NOT NULL DEFAULT 0;
UPDATE clients SET user_register_enabled = 1;
