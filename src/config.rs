//! Settings from the environment (and `.env`), with errors that say what to fix.

use std::env;
use thiserror::Error;

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/boardpost.db";

#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// The bot's token; without it the bot cannot connect.
    pub discord_token: Option<String>,
    /// A server for instant command registration while developing.
    pub dev_guild_id: Option<u64>,
    pub database_url: String,
}

/// Written out by hand so the token can never reach a log.
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field(
                "discord_token",
                &self.discord_token.as_ref().map(|_| "(set, hidden)"),
            )
            .field("dev_guild_id", &self.dev_guild_id)
            .field("database_url", &self.database_url)
            .finish()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    #[error("DEV_GUILD_ID must be a server id (a number like 123456789012345678), not “{0}”")]
    BadGuildId(String),
}

impl Config {
    /// Reads `.env` if there is one, then the environment.
    pub fn load() -> Result<Config, ConfigError> {
        // A missing .env is normal: settings may come from the environment alone.
        let _ = dotenvy::dotenv();
        Config::from_lookup(|key| env::var(key).ok())
    }

    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let non_empty = |key: &str| {
            get(key)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let dev_guild_id = match non_empty("DEV_GUILD_ID") {
            None => None,
            Some(text) => Some(text.parse().map_err(|_| ConfigError::BadGuildId(text))?),
        };
        Ok(Config {
            discord_token: non_empty("DISCORD_TOKEN"),
            dev_guild_id,
            database_url: non_empty("DATABASE_URL")
                .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_settings_fall_back_to_defaults() {
        let config =
            Config::from_lookup(|key| (key == "DISCORD_TOKEN").then(|| " ".into())).unwrap();
        assert_eq!(config.discord_token, None);
        assert_eq!(config.database_url, DEFAULT_DATABASE_URL);
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let config =
            Config::from_lookup(|key| (key == "DISCORD_TOKEN").then(|| "secret-token".into()))
                .unwrap();
        assert!(!format!("{config:?}").contains("secret-token"));
    }

    #[test]
    fn a_bad_guild_id_is_named() {
        let err =
            Config::from_lookup(|key| (key == "DEV_GUILD_ID").then(|| "abc".into())).unwrap_err();
        assert!(err.to_string().contains("abc"));
    }
}
