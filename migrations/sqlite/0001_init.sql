-- boardpost schema. Times are unix seconds (UTC); Discord ids are 64-bit integers.
-- A game's truth is its kind, options and action log; `games.state` is a cache that
-- replaying the log reproduces.

CREATE TABLE users (
    user_id     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    -- Where to be pinged when it is your move, and which reminders to get.
    ping_thread INTEGER NOT NULL DEFAULT 1,
    ping_dm     INTEGER NOT NULL DEFAULT 0,
    remind_half INTEGER NOT NULL DEFAULT 1,
    remind_last_day INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE games (
    game_id       INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    kind          TEXT NOT NULL,
    options       TEXT NOT NULL,                -- JSON, effective options
    status        TEXT NOT NULL CHECK (status IN ('active', 'finished')),
    version       INTEGER NOT NULL DEFAULT 0,   -- bumped by every change of the game
    state         TEXT NOT NULL,                -- JSON snapshot (a cache)
    days_per_move INTEGER NOT NULL,
    turn_started  INTEGER NOT NULL,             -- when the seat to move got the move
    deadline      INTEGER,                      -- NULL once finished
    result        TEXT,                         -- JSON outcome, NULL while active
    created_at    INTEGER NOT NULL,
    finished_at   INTEGER
);
CREATE INDEX games_guild_status ON games (guild_id, status);
CREATE INDEX games_deadline ON games (status, deadline);
CREATE INDEX games_thread ON games (thread_id);

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,   -- 1 for the first player
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

-- One row per typed action (automatic passes are not typed and not stored).
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    n       INTEGER NOT NULL,   -- 1, 2, … in the order played
    seat    INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    text    TEXT NOT NULL,      -- canonical
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, n)
);

CREATE TABLE challenges (
    challenge_id  INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    challenger    INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    options       TEXT NOT NULL,                -- JSON array of key=value texts
    days_per_move INTEGER NOT NULL,
    first         TEXT NOT NULL CHECK (first IN ('challenger', 'opponent', 'random')),
    seats         INTEGER NOT NULL,             -- players the game needs
    status        TEXT NOT NULL CHECK (status IN ('open', 'started', 'declined', 'cancelled')),
    game_id       INTEGER REFERENCES games (game_id),
    created_at    INTEGER NOT NULL
);
CREATE INDEX challenges_guild_status ON challenges (guild_id, status);

-- Who is in a challenge: the challenger, named opponents (accepted = 0 until they
-- accept) and those who took open seats.
CREATE TABLE challenge_players (
    challenge_id INTEGER NOT NULL REFERENCES challenges (challenge_id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    accepted     INTEGER NOT NULL,
    joined_at    INTEGER NOT NULL,
    PRIMARY KEY (challenge_id, user_id)
);

-- A pending draw offer or takeback request; those who agreed so far.
CREATE TABLE offers (
    game_id    INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('draw', 'takeback')),
    version    INTEGER NOT NULL,   -- the game version it was made at; stale after a move
    agreed     TEXT NOT NULL,      -- JSON array of user ids who agree
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
);

-- Reminders sent, so a restart neither loses nor repeats one. A turn is identified by
-- the time it began (`games.turn_started`).
CREATE TABLE reminders (
    game_id      INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    turn_started INTEGER NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('half', 'last_day')),
    sent_at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, turn_started, kind)
);

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    user_id  INTEGER NOT NULL,
    rating   REAL NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    wins     INTEGER NOT NULL DEFAULT 0,
    draws    INTEGER NOT NULL DEFAULT 0,
    losses   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, kind, user_id)
);

-- Small named values: the local front end's clock offset, for one.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
