-- Server tournaments (issue 44): round-robin sections, all games at once, and Swiss
-- events paired round by round. A tournament belongs to the server it was made on.
CREATE TABLE tournaments (
    tournament_id   INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,   -- where it was made: its announcements go there
    organiser       INTEGER NOT NULL,
    kind            TEXT NOT NULL,
    options         TEXT NOT NULL,      -- JSON array of key=value texts, as challenges
    format          TEXT NOT NULL CHECK (format IN ('round_robin', 'double_round_robin', 'swiss')),
    rounds          INTEGER,            -- a Swiss event's rounds; NULL for a round-robin
    days_per_move   INTEGER NOT NULL,
    max_players     INTEGER NOT NULL,   -- the entry limit
    start_when_full INTEGER NOT NULL,   -- starts when the limit is reached
    rated           INTEGER NOT NULL,
    bye_points      INTEGER NOT NULL,   -- tenths of a point for the Swiss pairing bye
    state           TEXT NOT NULL CHECK (state IN ('open', 'running', 'finished')),
    rounds_paired   INTEGER NOT NULL DEFAULT 0,
    rounds_done     INTEGER NOT NULL DEFAULT 0,  -- rounds finished and announced
    version         INTEGER NOT NULL DEFAULT 0,  -- bumped by every change
    created_at      INTEGER NOT NULL,
    started_at      INTEGER,
    finished_at     INTEGER,
    -- The process looking over it in the background (a round left unpaired by a process
    -- that stopped), and until when; after a look, when it next needs one.
    lease_owner     TEXT,
    lease_until     INTEGER
);
CREATE INDEX tournaments_guild ON tournaments (guild_id, tournament_id);
CREATE INDEX tournaments_state ON tournaments (state, lease_until);

-- Who entered: `entry` is the order of entry, `number` the pairing number given at the
-- start. A player who withdraws keeps the row, with when and why.
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    entry         INTEGER NOT NULL,
    number        INTEGER,
    joined_at     INTEGER NOT NULL,
    withdrawn_at  INTEGER,
    withdrawn_why TEXT CHECK (withdrawn_why IN ('self', 'organiser', 'out_of_time')),
    PRIMARY KEY (tournament_id, user_id)
);

-- The games of each round by board, by pairing number; `black` NULL is a bye. The result
-- of a played game is written with the game's last change; `forfeit` names the winner of
-- a game decided without play (a withdrawal); `struck` marks a result struck out.
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    white         INTEGER NOT NULL,
    black         INTEGER,
    game_id       INTEGER REFERENCES games (game_id),
    result        TEXT CHECK (result IN ('white', 'black', 'draw')),
    timeout       INTEGER NOT NULL DEFAULT 0,
    forfeit       TEXT CHECK (forfeit IN ('white', 'black')),
    struck        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE UNIQUE INDEX tournament_pairings_game ON tournament_pairings (game_id);

-- A notice may ask the front end to open a thread for its game from its post (a game a
-- tournament started, which no interaction answers).
ALTER TABLE outbox ADD COLUMN thread_name TEXT;
