-- Conditional moves (issue 18): a line of a player's future actions in a game of two,
-- played for them when the opponent answers as foreseen. `version` is the game's version
-- the line continues from: any other change of the game leaves the line stale.
CREATE TABLE premoves (
    premove_id INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    actions    TEXT NOT NULL,      -- JSON array of canonical action texts, the opponent's first
    created_at INTEGER NOT NULL
);
CREATE INDEX premoves_game ON premoves (game_id, version);
