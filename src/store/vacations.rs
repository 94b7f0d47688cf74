//! Vacations: a player's pause of the clocks of their games on a server, and each
//! server's allowance of vacation days.

use super::{column, db_id, first, query, DbRow, On, Result, Store, Tx};
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

/// A game of the player's as the table read it before a vacation starts or ends: the
/// version it was at, and whether the player was to move then (their time limit moves
/// with the vacation).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameSeen {
    pub game: GameId,
    pub version: i64,
    pub to_move: bool,
}

/// What starting a vacation came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VacationStart {
    /// Started: the vacation's id.
    Started(i64),
    /// The player is away already, on this vacation.
    Away(Vacation),
    /// It would take more days than the allowance leaves: the seconds of vacation the
    /// player used in the year before.
    OverAllowance { used: i64 },
    /// One of the games changed since it was read: read them again.
    Changed,
}

/// What ending a vacation came to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VacationEnd {
    Ended,
    /// It had ended already.
    Over,
    /// One of the games changed since it was read: read them again.
    Changed,
}

/// The key of the PostgreSQL lock a player's vacation starts on a server take, so that
/// two of them at once are one after the other (the first of two 32-bit keys names
/// what is locked; the pair's key space is apart from single 64-bit keys, like the
/// migrator's).
const VACATION_LOCK: i64 = 0x7661_6361;

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
        Store::vacations_from(self.on(), guild, user, since).await
    }

    async fn vacations_from(
        on: On<'_>,
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
        .fetch_all(on)
        .await?;
        rows.iter().map(vacation_from).collect()
    }

    /// The vacations `users` are on at `now`, in one read (for lists that show who is
    /// away): each user's latest-ending one.
    pub async fn vacations_at(
        &self,
        guild: GuildId,
        users: &[UserId],
        now: i64,
    ) -> Result<Vec<Vacation>> {
        if users.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT * FROM vacations WHERE guild_id = $1 AND ended_at IS NULL
               AND started_at <= $2 AND ends_at > $2 AND user_id IN ({})
             ORDER BY ends_at",
            super::placeholders(3, users.len())
        );
        let mut q = query(sql).bind(db_id(guild.0)).bind(now);
        for user in users {
            q = q.bind(db_id(user.0));
        }
        let rows = q.fetch_all(self.on()).await?;
        rows.iter().map(vacation_from).collect()
    }

    /// The vacation a player is on at `now`, if any.
    pub async fn vacation_at(
        &self,
        guild: GuildId,
        user: UserId,
        now: i64,
    ) -> Result<Option<Vacation>> {
        Store::vacation_then(self.on(), guild, user, now).await
    }

    async fn vacation_then(
        on: On<'_>,
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
        .fetch_optional(on)
        .await?;
        row.as_ref().map(vacation_from).transpose()
    }

    /// Starts a vacation from `now` to `ends_at` unless the player is away already or it
    /// would take more than `allowance` seconds in the year from `year_from`, and moves
    /// on by its length the time limits of the games where they are to move; all in one
    /// transaction that holds the player's vacations and `games`, each of which must
    /// still be at the version it was seen at ([`VacationStart::Changed`] if not: a move
    /// that handed them the turn came first).
    #[allow(clippy::too_many_arguments)]
    pub async fn start_vacation(
        &self,
        guild: GuildId,
        user: UserId,
        now: i64,
        ends_at: i64,
        allowance: i64,
        year_from: i64,
        games: &[GameSeen],
    ) -> Result<VacationStart> {
        let mut tx = self.begin().await?;
        self.hold_vacations(&mut tx, guild, user).await?;
        if let Some(current) = Store::vacation_then(tx.on(), guild, user, now).await? {
            return Ok(VacationStart::Away(current));
        }
        let used = Store::vacations_from(tx.on(), guild, user, year_from)
            .await?
            .iter()
            .fold(0i64, |sum, v| sum.saturating_add(v.used(now)));
        if ends_at - now > allowance.saturating_sub(used) {
            return Ok(VacationStart::OverAllowance { used });
        }
        if !self.hold_games(&mut tx, games).await? {
            return Ok(VacationStart::Changed);
        }
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
        Store::shift_deadlines(&mut tx, &to_move(games), ends_at - now, now).await?;
        tx.commit().await?;
        Ok(VacationStart::Started(id))
    }

    /// Ends a vacation early at `now` and moves the time limits of the games where the
    /// player is to move back by the part not taken, in one transaction that holds
    /// `games` as [`Store::start_vacation`] does.
    pub async fn end_vacation(
        &self,
        vacation: &Vacation,
        now: i64,
        games: &[GameSeen],
    ) -> Result<VacationEnd> {
        let mut tx = self.begin().await?;
        if !self.hold_games(&mut tx, games).await? {
            return Ok(VacationEnd::Changed);
        }
        let ended =
            query("UPDATE vacations SET ended_at = $2 WHERE vacation_id = $1 AND ended_at IS NULL")
                .bind(vacation.id)
                .bind(now)
                .execute(tx.on())
                .await?;
        if ended != 1 {
            return Ok(VacationEnd::Over);
        }
        let by = -(vacation.ends_at - now).max(0);
        Store::shift_deadlines(&mut tx, &to_move(games), by, now).await?;
        tx.commit().await?;
        Ok(VacationEnd::Ended)
    }

    /// Makes a player's vacation starts on a server wait for each other: SQLite's
    /// transaction holds the write lock already; PostgreSQL takes a lock for the player
    /// until the transaction ends.
    async fn hold_vacations(&self, tx: &mut Tx, guild: GuildId, user: UserId) -> Result<()> {
        if self.backend() == super::Backend::Postgres {
            let mixed = guild.0 ^ user.0;
            let key = ((mixed >> 32) ^ mixed) as u32 as i32;
            query("SELECT pg_advisory_xact_lock($1::int4, $2::int4)")
                .bind(VACATION_LOCK)
                .bind(i64::from(key))
                .execute(tx.on())
                .await?;
        }
        Ok(())
    }

    /// Holds each of `games`, in the order of their ids (so that two holders of several
    /// games wait for each other rather than deadlock), and checks it is still active at
    /// the version it was seen at.
    async fn hold_games(&self, tx: &mut Tx, games: &[GameSeen]) -> Result<bool> {
        let mut ordered = games.to_vec();
        ordered.sort_by_key(|g| g.game.0);
        for seen in &ordered {
            let row =
                query(self.for_update(
                    "SELECT version FROM games WHERE game_id = $1 AND status = 'active'",
                ))
                .bind(seen.game.0)
                .fetch_optional(tx.on())
                .await?;
            match row {
                Some(row) if first::<i64>(&row)? == seen.version => {}
                _ => return Ok(false),
            }
        }
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
        self.write(
            "INSERT INTO vacation_allowances (guild_id, days) VALUES ($1, $2)
             ON CONFLICT (guild_id) DO UPDATE SET days = excluded.days",
            db_id(guild.0),
            days,
        )
        .await
    }
}

/// The games where the player is to move.
fn to_move(games: &[GameSeen]) -> Vec<GameId> {
    games.iter().filter(|g| g.to_move).map(|g| g.game).collect()
}
