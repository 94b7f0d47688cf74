-- A notice's direct messages each in its recipient's language: a JSON array of texts in
-- the order of `dm` (NULL in rows from before: they send `text` to everyone).
ALTER TABLE outbox ADD COLUMN dm_texts JSONB;
