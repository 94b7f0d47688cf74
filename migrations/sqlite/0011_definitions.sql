-- What defines a game (its kind, options and seats) is also written into its record, as
-- entry 0 of its action log, so that changing one row cannot silently make it another
-- game: the game row and the seats are checked against it whenever the record is
-- replayed. Games made before carry what their rows say now.
-- `snapshot_rebuilds` counts the times a stored position was found to differ from its
-- record and was rebuilt, so that `boardpost db check` still reports it afterwards.
INSERT INTO actions (game_id, n, seat, user_id, text, at)
SELECT g.game_id, 0, 0, 0,
       json_object(
           'kind', g.kind,
           'options', json(g.options),
           'seats', (SELECT json_group_array(s.user_id)
                     FROM (SELECT user_id FROM seats WHERE game_id = g.game_id ORDER BY seat) s),
           'bots', (SELECT json_group_array(json_array(b.seat, b.bot_level))
                    FROM (SELECT seat, bot_level FROM seats
                          WHERE game_id = g.game_id AND bot_level IS NOT NULL ORDER BY seat) b)),
       g.created_at
FROM games g
WHERE NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.game_id AND a.n = 0);

ALTER TABLE games ADD COLUMN snapshot_rebuilds INTEGER NOT NULL DEFAULT 0;
