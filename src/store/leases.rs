//! Background work shared by several processes: a game whose deadline needs a look is
//! claimed by one process with a lease (`games.lease_owner`, `games.lease_until`), and
//! what the look decides (a reminder) is written together with the claim that it was sent.
//! A process that dies holding a lease loses it when the lease runs out, and another
//! takes the game over; nothing it did not commit is lost, and nothing it committed is
//! done again.

use super::{query, GameRow, NoticeRow, ReminderKind, Result, Store};
use crate::ids::GameId;

impl Store {
    /// Takes up to `limit` active games that have a reminder or the end of their time due
    /// at `now` and that no process holds (or whose holder's lease ran out), for `owner`
    /// until `until`, soonest deadline first. A game that cannot be read is logged and
    /// left out (its lease runs out like any other). On PostgreSQL, games another process
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
        let rows = query(self.dialect(
            "UPDATE games SET lease_owner = $2, lease_until = $3
             WHERE game_id IN (
               SELECT game_id FROM games
               WHERE status = 'active' AND deadline IS NOT NULL
                 AND ($1 >= turn_started + (deadline - turn_started) / 2
                      OR $1 >= deadline - 86400)
                 AND (lease_until IS NULL OR lease_until <= $1)
               ORDER BY deadline, game_id LIMIT $4)
             RETURNING *",
            "UPDATE games SET lease_owner = $2, lease_until = $3
             WHERE game_id IN (
               SELECT game_id FROM games
               WHERE status = 'active' AND deadline IS NOT NULL
                 AND ($1 >= turn_started + (deadline - turn_started) / 2
                      OR $1 >= deadline - 86400)
                 AND (lease_until IS NULL OR lease_until <= $1)
               ORDER BY deadline, game_id LIMIT $4
               FOR NO KEY UPDATE SKIP LOCKED)
             RETURNING *",
        ))
        .bind(now)
        .bind(owner)
        .bind(until)
        .bind(limit)
        .fetch_all(self.on())
        .await?;
        let mut games = self.listed(rows).await?;
        games.sort_by_key(|g| (g.deadline, g.id));
        Ok(games)
    }

    /// Gives up `owner`'s lease on a game it handled; nobody needs to look at it again
    /// before `next` (when its next reminder or the end of its time comes). A game that
    /// changed meanwhile (a move cleared the lease) is left as it is.
    pub async fn release_game(&self, game: GameId, owner: &str, next: i64) -> Result<()> {
        query(
            "UPDATE games SET lease_owner = NULL, lease_until = $3
             WHERE game_id = $1 AND lease_owner = $2",
        )
        .bind(game.0)
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
