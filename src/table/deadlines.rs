//! Time limits: reminders at half time and a day before the end, and the loss when the
//! time runs out. Sent reminders are stored, so a restart neither loses nor repeats one;
//! every notice waits in the outbox until the front end says it was delivered, and is
//! tried again until then.

use super::words::span;
use super::{Reply, Result, Table, TableError};
use crate::clock::DAY;
use crate::games::{Ending, Game};
use crate::i18n::Msg;
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::msg;
use crate::store::{GameRow, NoticeRow, ReminderKind};

/// Something to post because time passed: where, and to whom by direct message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Its place in the outbox (0 before it is queued); also the nonce of its posts.
    pub id: i64,
    pub game: GameId,
    pub guild: GuildId,
    /// The game's thread, or its channel where it has none.
    pub channel: ChannelId,
    /// The game's channel: where notices go when its thread can no longer be reached.
    pub parent: ChannelId,
    /// Users who asked for direct messages, each with the text in their language (the
    /// bot falls back to the channel when a direct message cannot be delivered).
    pub dm: Vec<(UserId, String)>,
    /// Whether to post in the channel too (the player wants pings there, or it is the
    /// end of the game, which everyone should see).
    pub in_channel: bool,
    pub reply: Reply,
}

/// How long a notice handed out waits for word of its delivery before it is tried again.
const FIRST_RETRY: i64 = 60;

impl Notice {
    fn to_row(&self) -> NoticeRow {
        NoticeRow {
            id: self.id,
            game: self.game,
            guild: self.guild,
            channel: self.channel,
            parent: self.parent,
            dm: self.dm.clone(),
            in_channel: self.in_channel,
            text: self.reply.text.clone(),
            pings: self.reply.pings.clone(),
            image: self
                .reply
                .image
                .as_ref()
                .map(|a| (a.name.clone(), a.bytes.clone())),
        }
    }

    fn from_row(row: NoticeRow) -> Notice {
        Notice {
            id: row.id,
            game: row.game,
            guild: row.guild,
            channel: row.channel,
            parent: row.parent,
            dm: row.dm,
            in_channel: row.in_channel,
            reply: Reply {
                text: row.text,
                pings: row.pings,
                image: row
                    .image
                    .map(|(name, bytes)| super::Attachment { name, bytes }),
                ..Reply::default()
            },
        }
    }
}

impl Table {
    /// The notice `id` was delivered (Discord accepted every post of it).
    pub async fn notice_sent(&self, id: i64) -> Result<()> {
        Ok(self.store.notice_sent(id, self.now()).await?)
    }

    /// Delivering the notice `id` failed: it is tried again later, waiting longer each
    /// time.
    pub async fn notice_failed(&self, id: i64) -> Result<()> {
        Ok(self.store.notice_failed(id, self.now()).await?)
    }

    /// Notices handed out before but not delivered (Discord failed, or the bot stopped
    /// before it could say), whose next try is due. A damaged one is reported with its id
    /// and put off like a failure; the others go on.
    pub async fn undelivered(&self) -> Result<Vec<Notice>> {
        let mut notices = Vec::new();
        for row in self.store.due_notices(self.now()).await? {
            match row {
                Ok(row) => notices.push(Notice::from_row(row)),
                Err(damaged) => {
                    tracing::warn!("{damaged}");
                    self.store.notice_failed(damaged.id, self.now()).await?;
                }
            }
        }
        Ok(notices)
    }

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
            let id = row.id;
            // One game's trouble (a damaged row, a failed write) is logged with its id;
            // every other game is still served.
            match self.tick_game(row, now).await {
                Ok(notice) => notices.extend(notice),
                Err(e) => tracing::error!(game = %id, "its deadline could not be handled: {e}"),
            }
        }
        // Each notice waits in the outbox until its delivery is confirmed.
        for notice in &mut notices {
            notice.id = self
                .store
                .queue_notice(&notice.to_row(), now, now + FIRST_RETRY)
                .await?;
        }
        Ok(notices)
    }

    /// What the clock means for one game now: a loss on time, a reminder, or nothing.
    async fn tick_game(&self, row: GameRow, now: i64) -> Result<Option<Notice>> {
        let loaded = self.load(row).await?;
        let (Some(deadline), Some(seat)) = (loaded.row.deadline, loaded.game.to_move()) else {
            return Ok(None);
        };
        let user = loaded.user_at(seat);
        let channel = loaded.row.thread.unwrap_or(loaded.row.channel);
        let settings = self.store.settings(user).await?;
        let id = loaded.id();
        let route = |reply: Reply, dm: Vec<(UserId, String)>, always_in_channel: bool| Notice {
            id: 0,
            game: id,
            guild: loaded.row.guild,
            channel,
            parent: loaded.row.channel,
            dm: if settings.ping_dm { dm } else { Vec::new() },
            in_channel: always_in_channel || settings.ping_thread || !settings.ping_dm,
            reply,
        };
        if now >= deadline {
            // Through the one write path, like a resignation: a game of two ends, a
            // game of four goes on without the player.
            let (after, notes) = match self
                .apply_ending(&loaded, seat, user, Ending::Timeout)
                .await
            {
                // A move got in first: nothing ran out.
                Err(TableError::Changed) => return Ok(None),
                Err(TableError::Refused(why)) => {
                    tracing::warn!(game = %id, "a timeout could not be applied: {why}");
                    return Ok(None);
                }
                other => other?,
            };
            let lead = msg!(
                "ran-out-of-time",
                user = user.mention(),
                game = id.to_string()
            );
            let lang = self.guild_lang(loaded.row.guild).await?;
            let text = self.leaving_text(&after, lead.clone(), &notes, lang);
            let (pings, dm) = if after.is_over() {
                (after.row.seats.clone(), after.row.seats.clone())
            } else {
                (
                    after.to_move_user().into_iter().chain([user]).collect(),
                    vec![user],
                )
            };
            let mut dm_texts = Vec::with_capacity(dm.len());
            for player in dm {
                let theirs = self.lang_of(player).await?;
                dm_texts.push((
                    player,
                    self.leaving_text(&after, lead.clone(), &notes, theirs),
                ));
            }
            let reply = Reply {
                text,
                image: Some(
                    self.image(&after, after.game.to_move().or(Some(seat)), lang)
                        .await?,
                ),
                pings,
                ..Reply::default()
            };
            return Ok(Some(route(reply, dm_texts, true)));
        }
        let started = loaded.row.turn_started;
        let half = started + (deadline - started) / 2;
        // With one day per move, "a day before the end" is the start: skip it.
        let last_day_due = loaded.row.days_per_move > 1 && now >= deadline - DAY;
        let left = span(deadline - now);
        let reminder: Option<Msg> = if last_day_due {
            // The later reminder makes the earlier one moot.
            let _ = self
                .store
                .claim_reminder(id, started, ReminderKind::Half, now)
                .await?;
            (settings.remind_last_day
                && self
                    .store
                    .claim_reminder(id, started, ReminderKind::LastDay, now)
                    .await?)
                .then(|| {
                    msg!(
                        "reminder-last-day",
                        user = user.mention(),
                        game = id.to_string(),
                        left = left.clone()
                    )
                })
        } else if now >= half {
            (settings.remind_half
                && self
                    .store
                    .claim_reminder(id, started, ReminderKind::Half, now)
                    .await?)
                .then(|| {
                    msg!(
                        "reminder-half",
                        user = user.mention(),
                        game = id.to_string(),
                        left = left.clone()
                    )
                })
        } else {
            None
        };
        let Some(reminder) = reminder else {
            return Ok(None);
        };
        // A reminder speaks to one player: in their language, in the channel too.
        let text = reminder.tr(self.lang_of(user).await?);
        let reply = Reply {
            text: text.clone(),
            pings: vec![user],
            ..Reply::default()
        };
        Ok(Some(route(reply, vec![(user, text)], false)))
    }
}
