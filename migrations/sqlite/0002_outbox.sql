-- Notices (reminders, losses on time) waiting to be delivered. A notice is written here
-- when it becomes due and marked sent only once Discord accepted it; until then it is
-- tried again with a growing wait, across restarts. Its id is the nonce Discord uses to
-- keep a retried post from showing twice.
CREATE TABLE outbox (
    notice_id   INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,   -- the game's thread, or its channel
    parent_id   INTEGER NOT NULL,   -- the game's channel
    dm          TEXT NOT NULL,      -- JSON array of user ids to message directly
    in_channel  INTEGER NOT NULL,
    text        TEXT NOT NULL,
    pings       TEXT NOT NULL,      -- JSON array of user ids
    image_name  TEXT,
    image       BLOB,
    created_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at INTEGER NOT NULL,
    sent_at     INTEGER
);

CREATE INDEX outbox_due ON outbox (next_try_at) WHERE sent_at IS NULL;
