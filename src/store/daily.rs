//! The puzzle of the day: which servers post one and where, each server's puzzle of each
//! day, and who answered it.

use super::{column, db_id, query, NoticeRow, Result, Store, StoreError};
use crate::games::GameKind;
use crate::ids::{ChannelId, GuildId};

/// A server's puzzle of one day (days since 1970, UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyRow {
    pub guild: GuildId,
    pub day: i64,
    pub puzzle: i64,
    pub channel: ChannelId,
}

/// How the members of a server did on a puzzle of the day.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DailyTally {
    pub answered: i64,
    pub solved: i64,
}

impl Store {
    /// Sets the channel a server's puzzle of the day is posted in (`None`: not posted).
    pub async fn set_puzzle_channel(
        &self,
        guild: GuildId,
        channel: Option<ChannelId>,
    ) -> Result<()> {
        self.write(
            "INSERT INTO guilds (guild_id, puzzle_channel) VALUES ($1, $2)
             ON CONFLICT (guild_id) DO UPDATE SET puzzle_channel = excluded.puzzle_channel",
            db_id(guild.0),
            channel.map(|c| db_id(c.0)),
        )
        .await
    }

    /// Up to `limit` servers that post a puzzle of the day and have none for `day` yet,
    /// each with its channel.
    pub async fn guilds_without_daily(
        &self,
        day: i64,
        limit: i64,
    ) -> Result<Vec<(GuildId, ChannelId)>> {
        let rows = query(
            "SELECT guild_id, puzzle_channel FROM guilds g
             WHERE puzzle_channel IS NOT NULL AND NOT EXISTS
               (SELECT 1 FROM daily_puzzles d WHERE d.guild_id = g.guild_id AND d.day = $1)
             ORDER BY guild_id LIMIT $2",
        )
        .bind(day)
        .bind(limit)
        .fetch_all(self.on())
        .await?;
        rows.iter()
            .map(|row| {
                let what = || "a server with a puzzle channel".to_string();
                let guild: i64 = column(row, &what, "guild_id")?;
                let channel: i64 = column(row, &what, "puzzle_channel")?;
                Ok((GuildId(guild as u64), ChannelId(channel as u64)))
            })
            .collect()
    }

    /// The id of the everyone's puzzle of game `kind` whose rating is nearest `rating`
    /// that server `guild` has not had as a puzzle of the day.
    pub async fn fresh_daily_puzzle(
        &self,
        guild: GuildId,
        kind: GameKind,
        rating: f64,
    ) -> Result<Option<i64>> {
        let row = query(
            "SELECT puzzle_id FROM puzzles p
             WHERE p.owner IS NULL AND p.kind = $2 AND NOT EXISTS
               (SELECT 1 FROM daily_puzzles d WHERE d.guild_id = $1 AND d.puzzle_id = p.puzzle_id)
             ORDER BY ABS(p.rating - $3), p.puzzle_id LIMIT 1",
        )
        .bind(db_id(guild.0))
        .bind(kind.name())
        .bind(rating)
        .fetch_optional(self.on())
        .await?;
        row.map(|row| column(&row, &|| "a puzzle".to_string(), "puzzle_id"))
            .transpose()
    }

    /// Records a server's puzzle of the day and queues its post, in one transaction:
    /// false, and nothing written, if the server has one for that day already (another
    /// process got there first).
    pub async fn post_daily(&self, daily: DailyRow, post: &NoticeRow, now: i64) -> Result<bool> {
        let mut tx = self.begin().await?;
        let written = query(
            "INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, posted_at)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        )
        .bind(db_id(daily.guild.0))
        .bind(daily.day)
        .bind(daily.puzzle)
        .bind(db_id(daily.channel.0))
        .bind(now)
        .execute(tx.on())
        .await?;
        if written != 1 {
            return Ok(false);
        }
        Store::insert_notice(&mut tx, post, now, None).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// A server's puzzle of day `day`, if it had one.
    pub async fn daily(&self, guild: GuildId, day: i64) -> Result<Option<DailyRow>> {
        let row = query(
            "SELECT puzzle_id, channel_id FROM daily_puzzles WHERE guild_id = $1 AND day = $2",
        )
        .bind(db_id(guild.0))
        .bind(day)
        .fetch_optional(self.on())
        .await?;
        let what = || format!("server {guild}'s puzzle of day {day}");
        row.map(|row| {
            Ok::<_, StoreError>(DailyRow {
                guild,
                day,
                puzzle: column(&row, &what, "puzzle_id")?,
                channel: ChannelId(column::<i64>(&row, &what, "channel_id")? as u64),
            })
        })
        .transpose()
    }

    /// How many members answered a server's puzzle of day `day`, and how many solved it.
    pub async fn daily_tally(&self, guild: GuildId, day: i64) -> Result<DailyTally> {
        let row = query(
            "SELECT COUNT(*) AS answered, COALESCE(SUM(CASE WHEN solved THEN 1 ELSE 0 END), 0)
                AS solved
             FROM daily_answers WHERE guild_id = $1 AND day = $2",
        )
        .bind(db_id(guild.0))
        .bind(day)
        .fetch_one(self.on())
        .await?;
        let what = || format!("the answers to server {guild}'s puzzle of day {day}");
        Ok(DailyTally {
            answered: column(&row, &what, "answered")?,
            solved: column(&row, &what, "solved")?,
        })
    }
}
