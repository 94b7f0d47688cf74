//! Settings from the environment (and `.env`), with errors that say what to fix.

use std::env;
use thiserror::Error;

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/boardpost.db";

/// The URL of the database `text` names: a URL (`sqlite://…`, `postgres://…`) as it is, a
/// plain path (`games.db`, `./x/y.db`) as the SQLite file there; `None` when it is blank.
/// The bot's `DATABASE_URL` and every command's `--db` are read through this.
pub fn database_url(text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let scheme = text.split_once("://").map(|(scheme, _)| scheme);
    let is_url = text.starts_with("sqlite:")
        || scheme.is_some_and(|s| {
            s.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        });
    if is_url {
        return Some(text.to_string());
    }
    // The SQLite driver decodes `%` escapes and ends the file name at `?`; `:memory:`
    // would name no file at all.
    let mut path = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => path.push_str("%25"),
            '?' => path.push_str("%3F"),
            ':' => path.push_str("%3A"),
            c => path.push(c),
        }
    }
    Some(format!("sqlite://{path}"))
}

#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// The bot's token; without it the bot cannot connect.
    pub discord_token: Option<String>,
    /// A server for instant command registration while developing.
    pub dev_guild_id: Option<u64>,
    pub database_url: String,
    /// The shards this process runs (`SHARDS=a-b/N`); `None`: as many as Discord
    /// recommends, all in this process.
    pub shards: Option<ShardRange>,
}

/// Shards `first` to `last` (inclusive) of `total`, as `SHARDS=0-3/16` says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl std::str::FromStr for ShardRange {
    type Err = ConfigError;

    fn from_str(text: &str) -> Result<ShardRange, ConfigError> {
        let bad = || ConfigError::BadShards(crate::i18n::token(text));
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (range.trim(), range.trim()),
        };
        let number = |t: &str| t.parse::<u32>().map_err(|_| bad());
        let range = ShardRange {
            first: number(first)?,
            last: number(last)?,
            total: number(total.trim())?,
        };
        if range.first > range.last || range.last >= range.total {
            return Err(bad());
        }
        Ok(range)
    }
}

/// A database URL as it may be shown: a password in it (`postgres://user:secret@host/db`)
/// is replaced by `***`.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _password)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

/// Written out by hand so the token (and a database password) can never reach a log.
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field(
                "discord_token",
                &self.discord_token.as_ref().map(|_| "(set, hidden)"),
            )
            .field("dev_guild_id", &self.dev_guild_id)
            .field("database_url", &redact_url(&self.database_url))
            .field("shards", &self.shards)
            .finish()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    #[error("DEV_GUILD_ID must be a server id (a number like 123456789012345678), not “{0}”")]
    BadGuildId(String),
    #[error("SHARDS must say which shards of how many this process runs, like 0-3/16 (shards 0 to 3 of 16) or 2/4, not “{0}”")]
    BadShards(String),
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
            Some(text) => Some(
                text.parse()
                    .map_err(|_| ConfigError::BadGuildId(crate::i18n::token(&text)))?,
            ),
        };
        let shards = non_empty("SHARDS").map(|t| t.parse()).transpose()?;
        Ok(Config {
            discord_token: non_empty("DISCORD_TOKEN"),
            dev_guild_id,
            shards,
            database_url: get("DATABASE_URL")
                .and_then(|text| database_url(&text))
                .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_a_range_of_a_total() {
        let range = |t: &str| t.parse::<ShardRange>();
        assert_eq!(
            range("0-3/16"),
            Ok(ShardRange {
                first: 0,
                last: 3,
                total: 16
            })
        );
        assert_eq!(
            range(" 2/4 "),
            Ok(ShardRange {
                first: 2,
                last: 2,
                total: 4
            })
        );
        for bad in ["", "3", "3-1/4", "0-4/4", "a-b/c", "0-1/", "-1/2"] {
            assert!(range(bad).is_err(), "{bad}");
        }
        let config = Config::from_lookup(|key| (key == "SHARDS").then(|| "x".into()));
        assert!(config.unwrap_err().to_string().contains("like 0-3/16"));
    }

    #[test]
    fn blank_settings_fall_back_to_defaults() {
        let config =
            Config::from_lookup(|key| (key == "DISCORD_TOKEN").then(|| " ".into())).unwrap();
        assert_eq!(config.discord_token, None);
        assert_eq!(config.database_url, DEFAULT_DATABASE_URL);
    }

    #[test]
    fn a_database_is_a_url_or_the_path_of_a_sqlite_file() {
        for url in [
            "sqlite://data/boardpost.db",
            "sqlite:games.db",
            "postgres://bot:secret@db.example/boardpost",
            "postgresql://localhost/bp?sslmode=require",
            "mysql://elsewhere/db",
        ] {
            assert_eq!(database_url(url).as_deref(), Some(url));
        }
        for (path, url) in [
            ("games.db", "sqlite://games.db"),
            (" ./x/y.db ", "sqlite://./x/y.db"),
            (
                "/var/lib/boardpost/games.db",
                "sqlite:///var/lib/boardpost/games.db",
            ),
            ("odd?name%.db", "sqlite://odd%3Fname%25.db"),
            (":memory:", "sqlite://%3Amemory%3A"),
        ] {
            assert_eq!(database_url(path).as_deref(), Some(url), "{path}");
        }
        assert_eq!(database_url("  "), None);
        let config =
            Config::from_lookup(|key| (key == "DATABASE_URL").then(|| "games.db".into())).unwrap();
        assert_eq!(config.database_url, "sqlite://games.db");
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let config =
            Config::from_lookup(|key| (key == "DISCORD_TOKEN").then(|| "secret-token".into()))
                .unwrap();
        assert!(!format!("{config:?}").contains("secret-token"));
    }

    #[test]
    fn database_passwords_are_never_shown() {
        assert_eq!(
            redact_url("postgres://bot:s3cr%40t@db.example:5432/boardpost?sslmode=require"),
            "postgres://bot:***@db.example:5432/boardpost?sslmode=require"
        );
        assert_eq!(
            redact_url("postgres://bot@localhost/boardpost"),
            "postgres://bot@localhost/boardpost"
        );
        assert_eq!(
            redact_url("sqlite://data/boardpost.db"),
            "sqlite://data/boardpost.db"
        );
        let config = Config::from_lookup(|key| {
            (key == "DATABASE_URL").then(|| "postgres://u:hunter2@h/db".into())
        })
        .unwrap();
        assert!(!format!("{config:?}").contains("hunter2"));
    }

    #[test]
    fn a_bad_guild_id_is_named() {
        let err =
            Config::from_lookup(|key| (key == "DEV_GUILD_ID").then(|| "abc".into())).unwrap_err();
        assert!(err.to_string().contains("abc"));
    }
}
