//! Users (names and settings), ratings and small named values.

use super::{column, db_id, placeholders, query, DbRow, Result, Store};
use crate::i18n::LangChoice;
use crate::ids::{ChannelId, GuildId, UserId};
use crate::rating;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UserSettings {
    /// Be pinged in the game's thread.
    pub ping_thread: bool,
    /// Be sent a direct message.
    pub ping_dm: bool,
    /// A reminder when half the time for a move has gone.
    pub remind_half: bool,
    /// A reminder a day before the time runs out.
    pub remind_last_day: bool,
}

impl Default for UserSettings {
    fn default() -> UserSettings {
        UserSettings {
            ping_thread: true,
            ping_dm: false,
            remind_half: true,
            remind_last_day: true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRow {
    pub id: UserId,
    pub name: String,
    pub settings: UserSettings,
    /// The language the user chose for what the bot tells them.
    pub language: LangChoice,
    /// The locale Discord last reported for them (`ru`, `en-US`).
    pub locale: Option<String>,
}

/// What the bot knows of a server: its language, and its own settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildRow {
    /// The locale Discord last reported for the server.
    pub locale: Option<String>,
    /// The server's own choice, which goes before its locale.
    pub language: LangChoice,
    /// Whether a game that ends gets its animated replay posted in its thread.
    pub replay_gif: bool,
    /// The channel the server's puzzle of the day is posted in, if it is posted.
    pub puzzle_channel: Option<ChannelId>,
}

impl Default for GuildRow {
    fn default() -> GuildRow {
        GuildRow {
            locale: None,
            language: LangChoice::Auto,
            replay_gif: true,
            puzzle_channel: None,
        }
    }
}

/// A stored language choice; one that cannot be read is logged and read as "auto" (the
/// player or server sees Discord's language and can choose again).
fn language_from(row: &DbRow, what: &dyn Fn() -> String) -> LangChoice {
    match column::<Option<String>>(row, what, "language") {
        Ok(None) => LangChoice::Auto,
        Ok(Some(text)) => text.parse().unwrap_or_else(|e| {
            tracing::warn!("{}: language {e}: read as auto", what());
            LangChoice::Auto
        }),
        Err(e) => {
            tracing::warn!("{e}: read as auto");
            LangChoice::Auto
        }
    }
}

/// A stored locale; one that cannot be read is logged and left out.
fn locale_from(row: &DbRow, what: &dyn Fn() -> String) -> Option<String> {
    column::<Option<String>>(row, what, "locale").unwrap_or_else(|e| {
        tracing::warn!("{e}: read as unknown");
        None
    })
}

#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub user: UserId,
    /// Always a finite number (a row whose rating is not is a [`DamagedRating`]).
    pub rating: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// A rating row that cannot be used: a rating that is not a finite number (`NaN`,
/// infinite, text), or a column that cannot be read. Named by what the row stores
/// (server, game kind, user), as text, since a damaged row's ids may not read either.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {kind} rating of user {user} on server {guild} is damaged in the database: {why}")]
pub struct DamagedRating {
    pub guild: String,
    pub kind: String,
    pub user: String,
    pub why: String,
}

/// The largest finite rating either way: a stored rating outside (`NaN` and the
/// infinities included, and on SQLite text, which sorts above every number) is damage.
const RATING_BOUND: f64 = f64::MAX;

/// A rating row in typed values, or why it cannot be used.
pub(super) fn rating_from(row: &DbRow) -> std::result::Result<RatingRow, String> {
    let what = String::new;
    let read = |e: super::StoreError| match e {
        super::StoreError::Corrupt { why, .. } => why,
        other => other.to_string(),
    };
    let rating: f64 = column(row, &what, "rating").map_err(read)?;
    if !rating::is_usable(rating) {
        return Err(format!("its rating is {rating}, not a finite number"));
    }
    Ok(RatingRow {
        user: UserId(column::<i64>(row, &what, "user_id").map_err(read)? as u64),
        rating,
        games: column(row, &what, "games").map_err(read)?,
        wins: column(row, &what, "wins").map_err(read)?,
        draws: column(row, &what, "draws").map_err(read)?,
        losses: column(row, &what, "losses").map_err(read)?,
    })
}

/// A user row in typed values. A name that cannot be read (not text) is logged and
/// read as empty, so the user shows as "player N" and keeps playing; other damage is an
/// error naming the user.
fn user_from(row: &DbRow) -> Result<UserRow> {
    let id: i64 = column(row, &|| "a user".to_string(), "user_id")?;
    let what = || format!("user {id}");
    let name = column::<String>(row, &what, "name").unwrap_or_else(|e| {
        tracing::warn!("{e}: shown without a name");
        String::new()
    });
    Ok(UserRow {
        id: UserId(id as u64),
        name,
        settings: UserSettings {
            ping_thread: column(row, &what, "ping_thread")?,
            ping_dm: column(row, &what, "ping_dm")?,
            remind_half: column(row, &what, "remind_half")?,
            remind_last_day: column(row, &what, "remind_last_day")?,
        },
        language: language_from(row, &what),
        locale: locale_from(row, &what),
    })
}

impl Store {
    /// Records a user's current display name (kept for images and lists).
    pub async fn remember_user(&self, id: UserId, name: &str) -> Result<()> {
        self.remember(
            "INSERT INTO users (user_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            "UPDATE users SET name = $2 WHERE user_id = $1 AND name <> $2",
            db_id(id.0),
            name,
        )
        .await
    }

    /// Records a value seen with every request (a name, a locale): inserted if the row is
    /// new, updated if it changed, and otherwise nothing written. (One upsert with a
    /// `WHERE` would lock the row even when nothing changes, which on PostgreSQL is a
    /// write, and a wait for the disk, with every request.)
    async fn remember(
        &self,
        insert: &'static str,
        update: &'static str,
        id: i64,
        value: &str,
    ) -> Result<()> {
        self.write(insert, id, value).await?;
        self.write(update, id, value).await
    }

    /// Records the locale Discord reports for a user.
    pub async fn remember_locale(&self, id: UserId, locale: &str) -> Result<()> {
        self.remember(
            "INSERT INTO users (user_id, name, locale) VALUES ($1, '', $2) ON CONFLICT DO NOTHING",
            "UPDATE users SET locale = $2 WHERE user_id = $1 AND locale IS DISTINCT FROM $2",
            db_id(id.0),
            locale,
        )
        .await
    }

    /// Sets the language a user chose (`Auto`: as Discord says).
    pub async fn set_language(&self, id: UserId, language: LangChoice) -> Result<()> {
        self.write(
            "INSERT INTO users (user_id, name, language) VALUES ($1, '', $2)
             ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            db_id(id.0),
            language.stored(),
        )
        .await
    }

    /// What the bot knows of a server's language.
    pub async fn guild(&self, id: GuildId) -> Result<GuildRow> {
        let row = query("SELECT * FROM guilds WHERE guild_id = $1")
            .bind(db_id(id.0))
            .fetch_optional(self.on())
            .await?;
        let what = || format!("server {id}");
        Ok(row
            .map(|row| GuildRow {
                locale: locale_from(&row, &what),
                language: language_from(&row, &what),
                // A setting that cannot be read is logged and read as its default, on.
                replay_gif: column(&row, &what, "replay_gif").unwrap_or_else(|e| {
                    tracing::warn!("{e}: replays read as on");
                    true
                }),
                // Likewise read as off, logged with its server.
                puzzle_channel: column::<Option<i64>>(&row, &what, "puzzle_channel")
                    .unwrap_or_else(|e| {
                        tracing::warn!("{e}: the puzzle of the day read as off");
                        None
                    })
                    .map(|c| ChannelId(c as u64)),
            })
            .unwrap_or_default())
    }

    /// Records the locale Discord reports for a server.
    pub async fn remember_guild_locale(&self, id: GuildId, locale: &str) -> Result<()> {
        self.remember(
            "INSERT INTO guilds (guild_id, locale) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            "UPDATE guilds SET locale = $2 WHERE guild_id = $1 AND locale IS DISTINCT FROM $2",
            db_id(id.0),
            locale,
        )
        .await
    }

    /// Sets the language a server chose for its public messages.
    pub async fn set_guild_language(&self, id: GuildId, language: LangChoice) -> Result<()> {
        self.write(
            "INSERT INTO guilds (guild_id, language) VALUES ($1, $2)
             ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            db_id(id.0),
            language.stored(),
        )
        .await
    }

    /// Sets whether a server's finished games get their animated replay posted.
    pub async fn set_guild_replay_gif(&self, id: GuildId, on: bool) -> Result<()> {
        self.write(
            "INSERT INTO guilds (guild_id, replay_gif) VALUES ($1, $2)
             ON CONFLICT (guild_id) DO UPDATE SET replay_gif = excluded.replay_gif",
            db_id(id.0),
            on,
        )
        .await
    }

    pub async fn user(&self, id: UserId) -> Result<Option<UserRow>> {
        let row = query("SELECT * FROM users WHERE user_id = $1")
            .bind(db_id(id.0))
            .fetch_optional(self.on())
            .await?;
        row.as_ref().map(user_from).transpose()
    }

    /// The users of these ids that the store knows, in one query (a board's players'
    /// names), in no particular order.
    pub async fn users(&self, ids: &[UserId]) -> Result<Vec<UserRow>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut q = query(format!(
            "SELECT * FROM users WHERE user_id IN ({})",
            placeholders(1, ids.len())
        ));
        for id in ids {
            q = q.bind(db_id(id.0));
        }
        let rows = q.fetch_all(self.on()).await?;
        rows.iter().map(user_from).collect()
    }

    pub async fn settings(&self, id: UserId) -> Result<UserSettings> {
        Ok(self.user(id).await?.map(|u| u.settings).unwrap_or_default())
    }

    pub async fn set_settings(&self, id: UserId, s: UserSettings) -> Result<()> {
        query(
            "INSERT INTO users (user_id, name, ping_thread, ping_dm, remind_half, remind_last_day)
             VALUES ($1, '', $2, $3, $4, $5)
             ON CONFLICT (user_id) DO UPDATE SET ping_thread = excluded.ping_thread,
               ping_dm = excluded.ping_dm, remind_half = excluded.remind_half,
               remind_last_day = excluded.remind_last_day",
        )
        .bind(db_id(id.0))
        .bind(s.ping_thread)
        .bind(s.ping_dm)
        .bind(s.remind_half)
        .bind(s.remind_last_day)
        .execute(self.on())
        .await?;
        Ok(())
    }

    /// The best ratings of a game kind in a server. A rating that cannot be used is left
    /// out (by the query, so the others fill the list) and so is a row that cannot be
    /// read, logged with its user, server and kind.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        kind: &str,
        limit: i64,
    ) -> Result<Vec<RatingRow>> {
        let rows = query(
            "SELECT CAST(user_id AS TEXT) AS user_text, * FROM ratings
             WHERE guild_id = $1 AND kind = $2 AND rating BETWEEN $4 AND $5
             ORDER BY rating DESC, games DESC, user_id LIMIT $3",
        )
        .bind(db_id(guild.0))
        .bind(kind)
        .bind(limit)
        .bind(-RATING_BOUND)
        .bind(RATING_BOUND)
        .fetch_all(self.on())
        .await?;
        let mut board = Vec::with_capacity(rows.len());
        for row in &rows {
            match rating_from(row) {
                Ok(rating) => board.push(rating),
                Err(why) => {
                    let user = column::<Option<String>>(row, &String::new, "user_text");
                    let damaged = DamagedRating {
                        guild: guild.to_string(),
                        kind: kind.to_string(),
                        user: label(user),
                        why,
                    };
                    tracing::error!("{damaged}: left out of the leaderboard");
                }
            }
        }
        Ok(board)
    }

    /// Every rating row that cannot be used, in the order of their keys (for
    /// `boardpost db check`). Found by the query: a rating that is not a finite number on
    /// either backend, and on SQLite, which keeps any value in any column, a column of
    /// another type.
    pub async fn damaged_ratings(&self) -> Result<Vec<DamagedRating>> {
        let rows = query(self.dialect(
            "SELECT CAST(guild_id AS TEXT) AS guild_text, CAST(kind AS TEXT) AS kind_text,
               CAST(user_id AS TEXT) AS user_text, * FROM ratings
             WHERE NOT (rating BETWEEN $1 AND $2) OR typeof(rating) <> 'real'
               OR typeof(guild_id) <> 'integer' OR typeof(user_id) <> 'integer'
               OR typeof(kind) <> 'text' OR typeof(games) <> 'integer'
               OR typeof(wins) <> 'integer' OR typeof(draws) <> 'integer'
               OR typeof(losses) <> 'integer'
             ORDER BY guild_id, kind, user_id",
            "SELECT CAST(guild_id AS TEXT) AS guild_text, kind AS kind_text,
               CAST(user_id AS TEXT) AS user_text, * FROM ratings
             WHERE NOT (rating BETWEEN $1 AND $2)
             ORDER BY guild_id, kind, user_id",
        ))
        .bind(-RATING_BOUND)
        .bind(RATING_BOUND)
        .fetch_all(self.on())
        .await?;
        let text = |row: &DbRow, name: &str| label(column(row, &String::new, name));
        Ok(rows
            .iter()
            .filter_map(|row| {
                let why = match rating_from(row) {
                    Ok(_) => return None,
                    Err(why) => why,
                };
                Some(DamagedRating {
                    guild: text(row, "guild_text"),
                    kind: text(row, "kind_text"),
                    user: text(row, "user_text"),
                    why,
                })
            })
            .collect())
    }

    pub async fn meta(&self, key: &str) -> Result<Option<String>> {
        let row = query("SELECT value FROM meta WHERE key = $1")
            .bind(key)
            .fetch_optional(self.on())
            .await?;
        row.map(|r| column(&r, &|| format!("the value {key}"), "value"))
            .transpose()
    }

    pub async fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        self.write(
            "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )
        .await
    }
}

/// A stored key as text for a report of damage; one that is not text says so.
fn label(text: Result<Option<String>>) -> String {
    match text {
        Ok(Some(text)) => text,
        Ok(None) => "(none)".to_string(),
        Err(_) => "(not text)".to_string(),
    }
}
