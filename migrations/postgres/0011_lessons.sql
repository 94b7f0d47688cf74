-- Lesson progress (issue 45), as SQLite's 0015 in PostgreSQL's types: where each player
-- is in each game's course. A course is data shipped with the program
-- (assets/lessons/), so steps are named by their stable ids; a step the course no
-- longer has is met by the table, not by the schema.
CREATE TABLE lesson_progress (
    user_id    BIGINT NOT NULL,
    kind       TEXT NOT NULL,
    step_id    TEXT NOT NULL,      -- the current step
    played     JSONB NOT NULL,     -- array of the actions played in it so far
    step_state TEXT NOT NULL CHECK (step_state IN ('open', 'solved', 'shown', 'finished')),
    solved     JSONB NOT NULL,     -- array of the ids of steps the player solved
    shown      JSONB NOT NULL,     -- array of the ids of steps whose answer was shown
    version    BIGINT NOT NULL DEFAULT 0,  -- bumped by every change
    started_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    -- The player's courses in the order they were last touched (1, 2, …): the
    -- course to go on with, even when two are touched within one second.
    touched    BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
);
CREATE INDEX lesson_progress_recent ON lesson_progress (user_id, touched);
