-- What defines a game (its kind, options and seats) is also written into its record, as
-- entry 0 of its action log, so that changing one row cannot silently make it another
-- game: the game row and the seats are checked against it whenever the record is
-- replayed. Games made before carry what their rows say now.
-- `snapshot_rebuilds` counts the times a stored position was found to differ from its
-- record and was rebuilt, so that `boardpost db check` still reports it afterwards.
INSERT INTO actions (game_id, n, seat, user_id, text, at)
SELECT g.game_id, 0, 0, 0,
       json_build_object(
           'kind', g.kind,
           'options', g.options,
           'seats', COALESCE((SELECT json_agg(s.user_id ORDER BY s.seat)
                              FROM seats s WHERE s.game_id = g.game_id), '[]'::json),
           'bots', COALESCE((SELECT json_agg(json_build_array(s.seat, s.bot_level) ORDER BY s.seat)
                             FROM seats s
                             WHERE s.game_id = g.game_id AND s.bot_level IS NOT NULL),
                            '[]'::json))::text,
       g.created_at
FROM games g
WHERE NOT EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.game_id AND a.n = 0);

ALTER TABLE games ADD COLUMN snapshot_rebuilds BIGINT NOT NULL DEFAULT 0;
