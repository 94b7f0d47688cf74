//! Time limits: reminders at half time and a day before the end, and the loss when the
//! time runs out. Sent reminders are stored, so a restart neither loses nor repeats one.

use super::load::TIMED_OUT;
use super::play::Change;
use super::{Reply, Result, Table, TableError};
use crate::clock::{describe_span, DAY};
use crate::games::{Outcome, Reason, Seat};
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::store::{GameStatus, GameUpdate, NewAction, Ranking, StoreError};

/// Something to post because time passed: where, and to whom by direct message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub game: GameId,
    pub guild: GuildId,
    /// The game's thread, or its channel where it has none.
    pub channel: ChannelId,
    /// The game's channel: where notices go when its thread can no longer be reached.
    pub parent: ChannelId,
    /// Users who asked for direct messages (the bot falls back to the channel when a
    /// direct message cannot be delivered).
    pub dm: Vec<UserId>,
    /// Whether to post in the channel too (the player wants pings there, or it is the
    /// end of the game, which everyone should see).
    pub in_channel: bool,
    pub reply: Reply,
}

impl Table {
    /// A game's thread can no longer be reached (deleted, locked, no permission): the game
    /// plays on in its channel, where notices now go.
    pub async fn thread_lost(&self, game: GameId) -> Result<()> {
        tracing::warn!(%game, "the game's thread is out of reach: it plays on in its channel");
        Ok(self.store.clear_thread(game).await?)
    }

    /// Sends what is due at the clock's time: reminders, then losses on time.
    pub async fn tick(&self) -> Result<Vec<Notice>> {
        let now = self.now();
        let mut notices = Vec::new();
        for row in self.store.due_games(now).await? {
            let loaded = self.load(row).await?;
            let (Some(deadline), Some(seat)) = (loaded.row.deadline, loaded.game.to_move()) else {
                continue;
            };
            let user = loaded.user_at(seat);
            let channel = loaded.row.thread.unwrap_or(loaded.row.channel);
            let settings = self.store.settings(user).await?;
            let id = loaded.id();
            let route = |reply: Reply, players: Vec<UserId>, always_in_channel: bool| Notice {
                game: id,
                guild: loaded.row.guild,
                channel,
                parent: loaded.row.channel,
                dm: if settings.ping_dm {
                    players
                } else {
                    Vec::new()
                },
                in_channel: always_in_channel || settings.ping_thread || !settings.ping_dm,
                reply,
            };
            if now >= deadline && loaded.row.seats.len() > 2 {
                // A game of four goes on without the player whose time ran out.
                let mut next = loaded.game.clone();
                let notes = match next.withdraw(seat, Reason::Timeout) {
                    Ok(notes) => notes,
                    Err(e) => {
                        tracing::warn!(game = %id, "a timeout could not be applied: {e}");
                        continue;
                    }
                };
                let change = Change {
                    game: next,
                    service_outcome: None,
                    append: vec![NewAction {
                        seat: seat.number(),
                        user,
                        text: TIMED_OUT.to_string(),
                    }],
                    truncate_to: None,
                    new_turn: true,
                };
                let after = match self.commit(&loaded, change).await {
                    // A move got in first: nothing ran out.
                    Err(TableError::Changed) => continue,
                    other => other?,
                };
                let mut text = format!(
                    "⌛ {} ran out of time in game #{id} and is out.",
                    user.mention()
                );
                for note in notes {
                    text += &format!(" {note}.");
                }
                let next_user = after.to_move_user();
                match next_user {
                    _ if after.is_over() => {
                        text += &format!(" **Game over**: {}.", after.result_text())
                    }
                    Some(next) => {
                        let left = after.row.deadline.map_or(0, |d| d - now);
                        text += &format!(
                            "\n{}, your move ({} left).",
                            next.mention(),
                            describe_span(left)
                        );
                    }
                    None => {}
                }
                let reply = Reply {
                    text,
                    image: Some(
                        self.image(&after, after.game.to_move().or(Some(seat)))
                            .await?,
                    ),
                    pings: if after.is_over() {
                        after.row.seats.clone()
                    } else {
                        next_user.into_iter().chain([user]).collect()
                    },
                    ..Reply::default()
                };
                notices.push(route(reply, vec![user], true));
                continue;
            }
            if now >= deadline {
                let winners: Vec<Seat> = (1..=loaded.row.seats.len() as u8)
                    .filter_map(Seat::from_number)
                    .filter(|s| *s != seat)
                    .collect();
                let outcome = Outcome {
                    winners,
                    reason: Reason::Timeout,
                };
                let places = loaded
                    .row
                    .seats
                    .iter()
                    .map(|u| (*u, if *u == user { 2 } else { 1 }))
                    .collect();
                let update = GameUpdate {
                    game: id,
                    expected_version: loaded.row.version,
                    now,
                    state: loaded.row.state.clone(),
                    status: GameStatus::Finished,
                    turn_started: loaded.row.turn_started,
                    deadline: None,
                    result: Some(serde_json::to_string(&outcome).expect("outcomes serialize")),
                    append: Vec::new(),
                    truncate_to: None,
                    ranking: Some(Ranking {
                        guild: loaded.row.guild,
                        kind: loaded.row.kind.clone(),
                        places,
                        draw: false,
                    }),
                };
                match self.store.update_game(&update).await {
                    // A move got in first: nothing ran out.
                    Err(StoreError::Conflict) => continue,
                    other => other?,
                };
                let mut finished = loaded.clone();
                finished.row.status = GameStatus::Finished;
                finished.row.result = update.result.clone();
                let reply = Reply {
                    text: format!(
                        "⌛ {} ran out of time in game #{id}. **Game over**: {}.",
                        user.mention(),
                        finished.result_text()
                    ),
                    image: Some(self.image(&finished, Some(seat)).await?),
                    pings: finished.row.seats.clone(),
                    ..Reply::default()
                };
                notices.push(route(reply, finished.row.seats.clone(), true));
                continue;
            }
            let started = loaded.row.turn_started;
            let half = started + (deadline - started) / 2;
            // With one day per move, "a day before the end" is the start: skip it.
            let last_day_due = loaded.row.days_per_move > 1 && now >= deadline - DAY;
            let left = describe_span(deadline - now);
            let text = if last_day_due {
                // The later reminder makes the earlier one moot.
                let _ = self.store.claim_reminder(id, started, "half", now).await?;
                (settings.remind_last_day
                    && self
                        .store
                        .claim_reminder(id, started, "last_day", now)
                        .await?)
                    .then(|| {
                        format!(
                            "⏰ {}, a day is left for your move in game #{id} ({left} left).",
                            user.mention()
                        )
                    })
            } else if now >= half {
                (settings.remind_half && self.store.claim_reminder(id, started, "half", now).await?)
                    .then(|| format!("⏰ {}, half the time for your move in game #{id} has gone ({left} left).", user.mention()))
            } else {
                None
            };
            if let Some(text) = text {
                let reply = Reply {
                    text,
                    pings: vec![user],
                    ..Reply::default()
                };
                notices.push(route(reply, vec![user], false));
            }
        }
        Ok(notices)
    }
}
