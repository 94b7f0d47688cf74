-- The thread a tournament's announcement opened, where its round and final posts go;
-- NULL where threads are not allowed (its posts stay in its channel) or before Discord
-- made it.
ALTER TABLE tournaments ADD COLUMN thread_id INTEGER;
-- A thread out of reach is forgotten by its id.
CREATE INDEX tournaments_thread ON tournaments (thread_id);
