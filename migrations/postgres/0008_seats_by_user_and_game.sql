-- A player's games, newest first (`/games`, `/move` without a number): the player's
-- seats in the order of their games, with the seat to list a game once, so that the
-- listing reads as many seats as it lists games. With only `seats_user`, SQLite checked
-- each game of the server against every seat of the player.
CREATE INDEX seats_user_game ON seats (user_id, game_id, seat);
DROP INDEX seats_user;
