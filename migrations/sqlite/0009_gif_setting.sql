-- Whether a server's finished games get their animated replay posted in their thread
-- (/settings replay_gif); on unless the server turns it off.
ALTER TABLE guilds ADD COLUMN replay_gif INTEGER NOT NULL DEFAULT 1;
