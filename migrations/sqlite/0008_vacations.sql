-- Vacations (issue 18): a player's pause of the clocks of all their games on a server,
-- from `started_at` to `ends_at` (seconds), or to `ended_at` when ended early.
CREATE TABLE vacations (
    vacation_id INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    started_at  INTEGER NOT NULL,
    ends_at     INTEGER NOT NULL,
    ended_at    INTEGER
);
CREATE INDEX vacations_user ON vacations (guild_id, user_id, started_at);
-- A server's allowance of vacation days per 365 days (no row: the default, 21).
CREATE TABLE vacation_allowances (
    guild_id INTEGER PRIMARY KEY,
    days     INTEGER NOT NULL
);
