-- Whether a server's finished games get their animated replay posted in their thread
-- (/settings replay_gif); on unless the server turns it off. As SQLite's 0008.
ALTER TABLE guilds ADD COLUMN replay_gif BOOLEAN NOT NULL DEFAULT TRUE;
