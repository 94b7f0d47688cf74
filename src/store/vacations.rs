//! Vacations: a player's pause of the clocks of their games on a server, and each
//! server's allowance of vacation days.

use super::{column, db_id, first, query, DbRow, Result, Store};
use crate::ids::{GameId, GuildId, UserId};

/// A vacation as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vacation {
    pub id: i64,
    pub guild: GuildId,
    pub user: UserId,
    pub started_at: i64,
    /// When it was to end.
    pub ends_at: i64,
    /// When it was ended early, if it was.
    pub ended_at: Option<i64>,
}

impl Vacation {
    /// When the player is back: its end, or when it was ended early.
    pub fn until(&self) -> i64 {
        self.ended_at.map_or(self.ends_at, |e| e.min(self.ends_at))
    }

    /// Seconds of it used by `now`.
    pub fn used(&self, now: i64) -> i64 {
        (self.until().min(now) - self.started_at).max(0)
    }
}

fn vacation_from(row: &DbRow) -> Result<Vacation> {
    let id: i64 = column(row, &|| "a vacation".to_string(), "vacation_id")?;
    let what = || format!("vacation #{id}");
    Ok(Vacation {
        id,
        guild: GuildId(column::<i64>(row, &what, "guild_id")? as u64),
        user: UserId(column::<i64>(row, &what, "user_id")? as u64),
        started_at: column(row, &what, "started_at")?,
        ends_at: column(row, &what, "ends_at")?,
        ended_at: column(row, &what, "ended_at")?,
    })
}

impl Store {
    /// A player's vacations on a server that started at `since` or later, oldest first.
    pub async fn vacations_since(
        &self,
        guild: GuildId,
        user: UserId,
        since: i64,
    ) -> Result<Vec<Vacation>> {
        let rows = query(
            "SELECT * FROM vacations WHERE guild_id = $1 AND user_id = $2 AND started_at >= $3
             ORDER BY started_at, vacation_id",
        )
        .bind(db_id(guild.0))
        .bind(db_id(user.0))
        .bind(since)
        .fetch_all(self.on())
        .await?;
        rows.iter().map(vacation_from).collect()
    }

    /// The vacation a player is on at `now`, if any.
    pub async fn vacation_at(
        &self,
        guild: GuildId,
        user: UserId,
        now: i64,
    ) -> Result<Option<Vacation>> {
        let row = query(
            "SELECT * FROM vacations WHERE guild_id = $1 AND user_id = $2
               AND ended_at IS NULL AND started_at <= $3 AND ends_at > $3
             ORDER BY ends_at DESC LIMIT 1",
        )
        .bind(db_id(guild.0))
        .bind(db_id(user.0))
        .bind(now)
        .fetch_optional(self.on())
        .await?;
        row.as_ref().map(vacation_from).transpose()
    }

    /// Starts a vacation and moves the time limits of `games` (those where the player is
    /// to move) on by its length, together.
    pub async fn start_vacation(
        &self,
        guild: GuildId,
        user: UserId,
        now: i64,
        ends_at: i64,
        games: &[GameId],
    ) -> Result<i64> {
        let mut tx = self.begin().await?;
        let row = query(
            "INSERT INTO vacations (guild_id, user_id, started_at, ends_at)
             VALUES ($1, $2, $3, $4) RETURNING vacation_id",
        )
        .bind(db_id(guild.0))
        .bind(db_id(user.0))
        .bind(now)
        .bind(ends_at)
        .fetch_one(tx.on())
        .await?;
        let id: i64 = first(&row)?;
        Store::shift_deadlines(&mut tx, games, ends_at - now, now).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Ends a vacation early at `now` and moves the time limits of `games` back by the
    /// part not taken. False if it had already ended.
    pub async fn end_vacation(
        &self,
        vacation: &Vacation,
        now: i64,
        games: &[GameId],
    ) -> Result<bool> {
        let mut tx = self.begin().await?;
        let ended =
            query("UPDATE vacations SET ended_at = $2 WHERE vacation_id = $1 AND ended_at IS NULL")
                .bind(vacation.id)
                .bind(now)
                .execute(tx.on())
                .await?;
        if ended != 1 {
            return Ok(false);
        }
        Store::shift_deadlines(&mut tx, games, -(vacation.ends_at - now).max(0), now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Moves the turns of active games by `by` seconds (their start and their time
    /// limit, so reminders keep their place in the turn). A claim on a game's deadline
    /// work is brought to `now`, so the deadline loop looks at it again under its new
    /// time (what a claim guards is guarded again where it is written: reminders by
    /// their record, losses on time by the game's version).
    async fn shift_deadlines(
        tx: &mut super::Tx,
        games: &[GameId],
        by: i64,
        now: i64,
    ) -> Result<()> {
        for game in games {
            query(
                "UPDATE games SET deadline = deadline + $2, turn_started = turn_started + $2,
                   lease_until = CASE WHEN lease_until > $3 THEN $3 ELSE lease_until END
                 WHERE game_id = $1 AND status = 'active' AND deadline IS NOT NULL",
            )
            .bind(game.0)
            .bind(by)
            .bind(now)
            .execute(tx.on())
            .await?;
        }
        Ok(())
    }

    /// A server's allowance of vacation days per 365 days, if it set one.
    pub async fn vacation_allowance(&self, guild: GuildId) -> Result<Option<i64>> {
        let row = query("SELECT days FROM vacation_allowances WHERE guild_id = $1")
            .bind(db_id(guild.0))
            .fetch_optional(self.on())
            .await?;
        row.as_ref().map(first).transpose()
    }

    pub async fn set_vacation_allowance(&self, guild: GuildId, days: i64) -> Result<()> {
        query(
            "INSERT INTO vacation_allowances (guild_id, days) VALUES ($1, $2)
             ON CONFLICT (guild_id) DO UPDATE SET days = excluded.days",
        )
        .bind(db_id(guild.0))
        .bind(days)
        .execute(self.on())
        .await?;
        Ok(())
    }
}
