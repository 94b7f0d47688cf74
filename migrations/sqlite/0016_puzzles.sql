-- Puzzles (issue 45): positions where one move or a short forced line wins, each rated
-- like a player (Glicko-2). `owner` NULL: served to everyone; else a private puzzle of
-- that player (their own missed wins), served to them only and first.
CREATE TABLE puzzles (
    puzzle_id   INTEGER PRIMARY KEY,
    puzzle_key  TEXT NOT NULL UNIQUE,  -- "sidja-0001", "g123-p14"
    kind        TEXT NOT NULL,
    options     TEXT NOT NULL,         -- JSON array of key=value texts
    moves       TEXT NOT NULL,         -- JSON array: the actions from the start to the position
    line        TEXT NOT NULL,         -- JSON array: the solution, the solver's action first
    theme       TEXT NOT NULL,         -- "capture", "mate-in-2", …
    source      TEXT NOT NULL,         -- where it was found: "bot:SEED:PLY", "game:ID:PLY"
    owner       INTEGER,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    solved      INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL
);
-- Serving walks one game's public puzzles by rating, up and down from the player's.
CREATE INDEX puzzles_public ON puzzles (kind, rating) WHERE owner IS NULL;
CREATE INDEX puzzles_owner ON puzzles (owner, puzzle_id) WHERE owner IS NOT NULL;

-- A player's puzzle rating in each game.
CREATE TABLE puzzle_ratings (
    user_id    INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    solved     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, kind)
);

-- A player's first attempt at a puzzle, the one that rates both: one row per player and
-- puzzle, so that a puzzle is rated once however often its answer is sent.
CREATE TABLE puzzle_attempts (
    user_id       INTEGER NOT NULL,
    puzzle_id     INTEGER NOT NULL REFERENCES puzzles (puzzle_id) ON DELETE CASCADE,
    solved        INTEGER NOT NULL,
    at            INTEGER NOT NULL,
    rating_before REAL NOT NULL,       -- the player's rating in the puzzle's game
    rating_after  REAL NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_puzzle ON puzzle_attempts (puzzle_id);

-- The puzzle a player is solving: the line's actions played so far. `version` guards
-- each answer, so that two answers sent at once are taken once.
CREATE TABLE puzzle_progress (
    user_id    INTEGER PRIMARY KEY,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles (puzzle_id) ON DELETE CASCADE,
    played     TEXT NOT NULL,          -- JSON array of canonical action texts
    state      TEXT NOT NULL CHECK (state IN ('open', 'solved', 'failed')),
    version    INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    -- The server and day of the puzzle of the day it was opened from, if it was.
    daily_guild INTEGER,
    daily_day   INTEGER
);

-- The puzzle of the day: the channel a server posts it in (NULL: off).
ALTER TABLE guilds ADD COLUMN puzzle_channel INTEGER;
CREATE INDEX guilds_puzzle_channel ON guilds (guild_id) WHERE puzzle_channel IS NOT NULL;

-- Each server's puzzle of each day (days since 1970, UTC), written with its post.
CREATE TABLE daily_puzzles (
    guild_id   INTEGER NOT NULL,
    day        INTEGER NOT NULL,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles (puzzle_id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    posted_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day)
);
-- Who answered a server's puzzle of the day, and whether they solved it.
CREATE TABLE daily_answers (
    guild_id INTEGER NOT NULL,
    day      INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    solved   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day, user_id)
);

-- Finished games waiting to be searched for puzzles, claimed with a lease by one
-- process; `mined_at` once done.
CREATE TABLE puzzle_mining (
    game_id     INTEGER PRIMARY KEY REFERENCES games (game_id) ON DELETE CASCADE,
    queued_at   INTEGER NOT NULL,
    lease_owner TEXT,
    lease_until INTEGER,
    mined_at    INTEGER,
    found       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX puzzle_mining_due ON puzzle_mining (queued_at) WHERE mined_at IS NULL;

-- A notice need not belong to a game (a server's puzzle of the day), and may carry
-- buttons: SQLite cannot drop NOT NULL in place, so the outbox is built again.
CREATE TABLE outbox_new (
    notice_id   INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER REFERENCES games (game_id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    parent_id   INTEGER NOT NULL,
    dm          TEXT NOT NULL,
    in_channel  INTEGER NOT NULL,
    text        TEXT NOT NULL,
    pings       TEXT NOT NULL,
    image_name  TEXT,
    image       BLOB,
    created_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at INTEGER NOT NULL,
    sent_at     INTEGER,
    lease_owner TEXT,
    lease_until INTEGER,
    dm_texts    TEXT,
    thread_name TEXT,
    buttons     TEXT                   -- JSON array of [id, label] pairs
);
INSERT INTO outbox_new (notice_id, game_id, guild_id, channel_id, parent_id, dm, in_channel,
    text, pings, image_name, image, created_at, attempts, next_try_at, sent_at, lease_owner,
    lease_until, dm_texts, thread_name)
SELECT notice_id, game_id, guild_id, channel_id, parent_id, dm, in_channel, text, pings,
    image_name, image, created_at, attempts, next_try_at, sent_at, lease_owner, lease_until,
    dm_texts, thread_name
FROM outbox;
-- Ids are the nonces of posts: the count goes on from where it was, never reused.
DELETE FROM sqlite_sequence WHERE name = 'outbox_new';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'outbox_new', seq FROM sqlite_sequence WHERE name = 'outbox';
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_try_at) WHERE sent_at IS NULL;
