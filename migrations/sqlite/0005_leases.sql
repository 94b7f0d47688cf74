-- Several processes may share a database (on PostgreSQL; on SQLite the same code runs
-- with one writer at a time): background work is claimed with a lease. A game's deadline
-- work and a notice's delivery are held by one process (`lease_owner`) until
-- `lease_until` (unix seconds); a process that dies loses them when that time passes.
-- After handling a game, `lease_until` is also when it next needs a look.
ALTER TABLE games ADD COLUMN lease_owner TEXT;
ALTER TABLE games ADD COLUMN lease_until INTEGER;
ALTER TABLE outbox ADD COLUMN lease_owner TEXT;
ALTER TABLE outbox ADD COLUMN lease_until INTEGER;
