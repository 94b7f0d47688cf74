-- Languages. A player's own choice (`language`: 'en', 'ru', or NULL for "as Discord
-- says") and the locale Discord last reported for them (`locale`, like 'ru' or 'en-US'),
-- for what reaches them outside an interaction (reminders, direct messages).
ALTER TABLE users ADD COLUMN language TEXT;
ALTER TABLE users ADD COLUMN locale TEXT;

-- A server's language for public messages: its own choice (`language`, set by members
-- with Manage Server) or else the locale Discord reports for it (`locale`).
CREATE TABLE guilds (
    guild_id INTEGER PRIMARY KEY,
    locale   TEXT,
    language TEXT
);
