-- The bot as a player (issue 17). A seat the bot plays holds the bot's own user id and
-- its level (1–5); seats of people have no level.
ALTER TABLE seats ADD COLUMN bot_level INTEGER;
-- A challenge may ask the bot to fill some of its seats, at one level.
ALTER TABLE challenges ADD COLUMN bot_seats INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN bot_level INTEGER;
