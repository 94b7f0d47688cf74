//! Users (names and settings), ratings and small named values.

use super::{db_id, Result, Store};
use crate::ids::{GuildId, UserId};
use sqlx::Row;

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
}

#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub user: UserId,
    pub rating: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

fn user_from(row: &sqlx::sqlite::SqliteRow) -> UserRow {
    UserRow {
        id: UserId(row.get::<i64, _>("user_id") as u64),
        name: row.get("name"),
        settings: UserSettings {
            ping_thread: row.get("ping_thread"),
            ping_dm: row.get("ping_dm"),
            remind_half: row.get("remind_half"),
            remind_last_day: row.get("remind_last_day"),
        },
    }
}

impl Store {
    /// Records a user's current display name (kept for images and lists).
    pub async fn remember_user(&self, id: UserId, name: &str) -> Result<()> {
        sqlx::query(
            "INSERT INTO users (user_id, name) VALUES (?, ?)
             ON CONFLICT (user_id) DO UPDATE SET name = excluded.name WHERE name <> excluded.name",
        )
        .bind(db_id(id.0))
        .bind(name)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn user(&self, id: UserId) -> Result<Option<UserRow>> {
        let row = sqlx::query("SELECT * FROM users WHERE user_id = ?")
            .bind(db_id(id.0))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(user_from))
    }

    /// The user with this name (the local front end names its users).
    pub async fn user_by_name(&self, name: &str) -> Result<Option<UserRow>> {
        let row = sqlx::query(
            "SELECT * FROM users WHERE name = ? COLLATE NOCASE ORDER BY user_id LIMIT 1",
        )
        .bind(name)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(user_from))
    }

    pub async fn settings(&self, id: UserId) -> Result<UserSettings> {
        Ok(self.user(id).await?.map(|u| u.settings).unwrap_or_default())
    }

    pub async fn set_settings(&self, id: UserId, s: UserSettings) -> Result<()> {
        sqlx::query(
            "INSERT INTO users (user_id, name, ping_thread, ping_dm, remind_half, remind_last_day)
             VALUES (?, '', ?, ?, ?, ?)
             ON CONFLICT (user_id) DO UPDATE SET ping_thread = excluded.ping_thread,
               ping_dm = excluded.ping_dm, remind_half = excluded.remind_half,
               remind_last_day = excluded.remind_last_day",
        )
        .bind(db_id(id.0))
        .bind(s.ping_thread)
        .bind(s.ping_dm)
        .bind(s.remind_half)
        .bind(s.remind_last_day)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The best ratings of a game kind in a server.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        kind: &str,
        limit: i64,
    ) -> Result<Vec<RatingRow>> {
        let rows = sqlx::query(
            "SELECT * FROM ratings WHERE guild_id = ? AND kind = ?
             ORDER BY rating DESC, games DESC, user_id LIMIT ?",
        )
        .bind(db_id(guild.0))
        .bind(kind)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| RatingRow {
                user: UserId(r.get::<i64, _>("user_id") as u64),
                rating: r.get("rating"),
                games: r.get("games"),
                wins: r.get("wins"),
                draws: r.get("draws"),
                losses: r.get("losses"),
            })
            .collect())
    }

    pub async fn meta(&self, key: &str) -> Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT value FROM meta WHERE key = ?")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?)
    }

    pub async fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        sqlx::query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
            .bind(key)
            .bind(value)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
