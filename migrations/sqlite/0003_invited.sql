-- Whether a challenge's player was named by the challenger (1) or took an open seat (0):
-- a named opponent may decline the challenge, an open-seat taker only leaves their seat.
ALTER TABLE challenge_players ADD COLUMN invited INTEGER NOT NULL DEFAULT 1;
-- Rows from before: named opponents were written with the challenge, so they joined at
-- its creation; anyone who joined later took an open seat.
UPDATE challenge_players SET invited = (
    joined_at = (SELECT created_at FROM challenges c
                 WHERE c.challenge_id = challenge_players.challenge_id)
);
