//! Background work shared by several processes: a game whose deadline needs a look is
//! claimed by one process with a lease (`games.lease_owner`, `games.lease_until`), and
//! what the look decides (a reminder) is written together with the claim that it was sent.
//! A process that dies holding a lease loses it when the lease runs out, and another
//! takes the game over; nothing it did not commit is lost, and nothing it committed is
//! done again.

use super::{query, DbRow, GameRow, NoticeRow, ReminderKind, Result, Store, StoreError};
use crate::ids::GameId;

/// The latest time a game's clock may hold (the end of the year 9999); the earliest is
/// 1970. A stored time outside them is damage.
pub const LATEST_TIME: i64 = 253_402_300_799;

/// Whether a game's reminder or the end of its time is due at `$1`, as SQL. The
/// arithmetic runs only on times within 1970–[`LATEST_TIME`], so that no stored value
/// can take it out of range (PostgreSQL would fail the whole query, and with it every
/// game's deadline); a game with a time outside them is taken as due, so that it is
/// claimed, and reported by [`in_time_range`] with its id.
macro_rules! due_at_1 {
    () => {
        "(CASE WHEN deadline BETWEEN 0 AND 253402300799
                AND turn_started BETWEEN 0 AND 253402300799
           THEN $1 >= turn_started + (deadline - turn_started) / 2 OR $1 >= deadline - 86400
           ELSE TRUE END)"
    };
}

/// Why a game's clock cannot be used, if it holds a time outside 1970–[`LATEST_TIME`].
pub fn clock_damage(game: &GameRow) -> Option<String> {
    let in_range = |t: i64| (0..=LATEST_TIME).contains(&t);
    let deadline_ok = game.deadline.is_none_or(in_range);
    (!(in_range(game.turn_started) && deadline_ok)).then(|| {
        format!(
            "its turn started at {} and ends at {}, not times from 1970 to 9999: its deadlines are not looked at",
            game.turn_started,
            game.deadline.map_or("no time".to_string(), |d| d.to_string())
        )
    })
}

/// What a claim of background work takes: the rows of `table` (keyed by `key`) for
/// which `due` holds at `$1`, taken in `order`, each returned as `returning`.
pub(super) struct Claim {
    pub table: &'static str,
    pub key: &'static str,
    pub due: &'static str,
    pub order: &'static str,
    pub returning: &'static str,
}

/// The games whose clocks hold times in range; each other one is logged with its id and
/// left out, while the others go on.
fn in_time_range(games: Vec<GameRow>) -> Vec<GameRow> {
    games
        .into_iter()
        .filter(|game| match clock_damage(game) {
            None => true,
            Some(why) => {
                tracing::error!("{}", StoreError::DamagedGame { game: game.id, why });
                false
            }
        })
        .collect()
}

impl Store {
    /// Active games, on any server, with a reminder or the end of their time due (for
    /// tests and diagnostics; the deadline loop claims them with
    /// [`Store::claim_due_games`]). A game whose clock is damaged is logged and left out.
    pub async fn due_games(&self, now: i64) -> Result<Vec<GameRow>> {
        let rows = query(concat!(
            "SELECT * FROM games WHERE status = 'active' AND deadline IS NOT NULL AND ",
            due_at_1!(),
            " ORDER BY deadline"
        ))
        .bind(now)
        .fetch_all(self.on())
        .await?;
        Ok(in_time_range(self.listed(rows).await?))
    }

    /// Takes up to `limit` active games that have a reminder or the end of their time due
    /// at `now` and that no process holds (or whose holder's lease ran out), for `owner`
    /// until `until`, soonest deadline first. A game that cannot be read, or whose clock
    /// holds a time out of range, is logged with its id and left out (its lease runs out
    /// like any other, so it is logged once a lease). On PostgreSQL, games another process
    /// is taking or changing at this very moment are skipped rather than waited for
    /// (`SELECT … FOR NO KEY UPDATE SKIP LOCKED`: `FOR UPDATE`'s lock, weakened to what a
    /// change of non-key columns takes, so that a transaction merely writing a row that
    /// refers to the game, a reminder or an action, does not hide it); they are due again
    /// at the next round. On SQLite the one statement runs alone.
    pub async fn claim_due_games(
        &self,
        now: i64,
        owner: &str,
        until: i64,
        limit: i64,
    ) -> Result<Vec<GameRow>> {
        let due = concat!(
            "status = 'active' AND deadline IS NOT NULL AND ",
            due_at_1!()
        );
        let claim = Claim {
            table: "games",
            key: "game_id",
            due,
            order: "deadline, game_id",
            returning: "*",
        };
        let rows = self.claim(claim, now, owner, until, limit).await?;
        let mut games = in_time_range(self.listed(rows).await?);
        games.sort_by_key(|g| (g.deadline, g.id));
        Ok(games)
    }

    /// Gives up `owner`'s lease on a game it handled; nobody needs to look at it again
    /// before `next` (when its next reminder or the end of its time comes). A game that
    /// changed meanwhile (a move cleared the lease) is left as it is.
    pub async fn release_game(&self, game: GameId, owner: &str, next: i64) -> Result<()> {
        self.release("games", "game_id", game.0, owner, next).await
    }

    /// Takes up to `limit` rows of `claim.table` that are due at `now` and that no
    /// process holds (or whose holder's lease ran out), for `owner` until `until`: the
    /// one statement every claim of background work is. On PostgreSQL, rows another
    /// process is taking or changing at this very moment are skipped rather than waited
    /// for (see [`Store::claim_due_games`]); on SQLite the one statement runs alone.
    pub(super) async fn claim(
        &self,
        claim: Claim,
        now: i64,
        owner: &str,
        until: i64,
        limit: i64,
    ) -> Result<Vec<DbRow>> {
        let Claim {
            table,
            key,
            due,
            order,
            returning,
        } = claim;
        let skip_locked = self.dialect("", "\n               FOR NO KEY UPDATE SKIP LOCKED");
        Ok(query(format!(
            "UPDATE {table} SET lease_owner = $2, lease_until = $3
             WHERE {key} IN (
               SELECT {key} FROM {table}
               WHERE {due}
                 AND (lease_until IS NULL OR lease_until <= $1)
               ORDER BY {order} LIMIT $4{skip_locked})
             RETURNING {returning}"
        ))
        .bind(now)
        .bind(owner)
        .bind(until)
        .bind(limit)
        .fetch_all(self.on())
        .await?)
    }

    /// Gives up `owner`'s lease on the row of `table` whose `key` is `id`: nobody needs
    /// to look at it again before `next`. A row whose lease was cleared or taken over
    /// meanwhile is left as it is.
    pub(super) async fn release(
        &self,
        table: &str,
        key: &str,
        id: i64,
        owner: &str,
        next: i64,
    ) -> Result<()> {
        query(format!(
            "UPDATE {table} SET lease_owner = NULL, lease_until = $3
             WHERE {key} = $1 AND lease_owner = $2"
        ))
        .bind(id)
        .bind(owner)
        .bind(next)
        .execute(self.on())
        .await?;
        Ok(())
    }

    /// Records that the reminders `moot` of a turn will not be sent (a later one makes
    /// them moot) and, if `send` is given, claims that reminder and queues its notice for
    /// `lease` (who delivers it, until when) — all in one transaction, and only if the
    /// game is still at `version` (a move since started another turn). Returns the
    /// notice's id, or `None` when the reminder was already claimed (by this process or
    /// another) or the game moved on: a reminder is queued exactly once, or not at all.
    #[allow(clippy::too_many_arguments)]
    pub async fn queue_reminder(
        &self,
        game: GameId,
        version: i64,
        turn_started: i64,
        moot: &[ReminderKind],
        send: Option<(ReminderKind, &NoticeRow)>,
        now: i64,
        lease: (&str, i64),
    ) -> Result<Option<i64>> {
        let mut tx = self.begin().await?;
        let claim = |kind: ReminderKind| {
            query(
                "INSERT INTO reminders (game_id, turn_started, kind, sent_at)
                 SELECT $1, $2, $3, $4 WHERE EXISTS
                   (SELECT 1 FROM games WHERE game_id = $1 AND version = $5 AND status = 'active')
                 ON CONFLICT DO NOTHING",
            )
            .bind(game.0)
            .bind(turn_started)
            .bind(kind.as_str())
            .bind(now)
            .bind(version)
        };
        for kind in moot {
            claim(*kind).execute(tx.on()).await?;
        }
        let mut queued = None;
        if let Some((kind, notice)) = send {
            if claim(kind).execute(tx.on()).await? == 1 {
                queued = Some(Store::insert_notice(&mut tx, notice, now, Some(lease)).await?);
            }
        }
        tx.commit().await?;
        Ok(queued)
    }
}

#[cfg(test)]
mod tests {
    use super::LATEST_TIME;

    #[test]
    fn the_due_condition_bounds_times_by_the_latest_time() {
        let bound = format!("BETWEEN 0 AND {LATEST_TIME}");
        assert_eq!(due_at_1!().matches(&bound).count(), 2);
    }
}
