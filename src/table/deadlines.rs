//! Time limits: reminders at half time and a day before the end, and the loss when the
//! time runs out. Sent reminders are stored, so a restart neither loses nor repeats one;
//! every notice waits in the outbox until the front end says it was delivered, and is
//! tried again until then.
//!
//! Several processes may share the work: each game due is claimed by one of them with a
//! lease, and what it decides is written with its notice in one transaction (a loss on
//! time with the game's change, a reminder with the claim that it was sent), so a notice
//! is queued exactly once. A process that dies mid-way has its games and its undelivered
//! notices taken over by another when its leases run out.

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
    /// The game it is about; none for a server's own post (the puzzle of the day).
    pub game: Option<GameId>,
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

/// How many due games one claim takes: a batch decided, drawn and delivered before the
/// next is claimed, so that what a round holds does not grow with the games due at once.
const GAMES_PER_CLAIM: i64 = 50;
/// How many undelivered notices one claim takes.
const NOTICES_PER_CLAIM: i64 = 20;

/// A batch of what time made due ([`Table::tick_batch`]): its notices, queued in the
/// outbox and held by this process for delivery, and the replays of the games it ended,
/// still being drawn.
#[derive(Debug)]
pub struct DueBatch {
    pub notices: Vec<Notice>,
    /// Whether more games may be due at the same time (the claim was full).
    pub more: bool,
    replays: Vec<tokio::task::JoinHandle<()>>,
}

impl DueBatch {
    /// Waits until the replays of the games this batch ended are drawn and queued in the
    /// outbox, so that they are not held in memory while further batches are drawn.
    pub async fn replays_queued(&mut self) {
        for replay in self.replays.drain(..) {
            if let Err(e) = replay.await {
                tracing::error!(error = %e, "a replay could not be drawn");
            }
        }
    }
}

/// A batch of notices that earlier deliveries left in the outbox ([`Table::undelivered_by`]).
#[derive(Debug)]
pub struct Undelivered {
    pub notices: Vec<Notice>,
    /// Whether more may be waiting (the claim was full).
    pub more: bool,
}

/// When a game handled at `now` next needs a look: its next reminder or the end of its
/// time (at least a second on; a lease from now if none is ahead).
fn next_look(row: &GameRow, now: i64, lease: i64) -> i64 {
    let Some(deadline) = row.deadline else {
        return now + lease;
    };
    let started = row.turn_started;
    let half = started + (deadline - started) / 2;
    let last_day = (row.days_per_move > 1).then_some(deadline - DAY);
    [Some(half), last_day, Some(deadline)]
        .into_iter()
        .flatten()
        .filter(|t| *t > now)
        .min()
        .unwrap_or(now + lease)
}

/// A post in a game's thread (its channel where it has none), pinging nobody.
pub(super) fn game_notice(row: &GameRow, text: String) -> NoticeRow {
    NoticeRow {
        id: 0,
        game: Some(row.id),
        guild: row.guild,
        channel: row.thread.unwrap_or(row.channel),
        parent: row.channel,
        dm: Vec::new(),
        in_channel: true,
        text,
        pings: Vec::new(),
        image: None,
        thread: None,
        buttons: Vec::new(),
    }
}

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
            thread: self.reply.thread.as_ref().map(|t| t.name.clone()),
            buttons: self
                .reply
                .buttons
                .iter()
                .map(|b| (b.id.clone(), b.label.clone()))
                .collect(),
        }
    }

    /// A queued notice as it is delivered. Rows queued by older versions may name the
    /// bot, or a person twice, among those to ping or message: each is named once, and
    /// the bot never.
    fn from_row(row: NoticeRow, bot: Option<UserId>) -> Notice {
        let mut seen = std::collections::HashSet::new();
        let dm = row
            .dm
            .into_iter()
            .filter(|(user, _)| Some(*user) != bot && seen.insert(*user))
            .collect();
        Notice {
            id: row.id,
            game: row.game,
            guild: row.guild,
            channel: row.channel,
            parent: row.parent,
            dm,
            in_channel: row.in_channel,
            reply: Reply {
                text: row.text,
                pings: super::reply::people_once(row.pings, bot),
                image: row
                    .image
                    .map(|(name, bytes)| super::Attachment { name, bytes }),
                thread: row
                    .game
                    .zip(row.thread)
                    .map(|(game, name)| super::ThreadRequest { game, name }),
                buttons: row
                    .buttons
                    .into_iter()
                    .map(|(id, label)| super::Button {
                        id,
                        label,
                        style: super::ButtonStyle::Primary,
                    })
                    .collect(),
                ..Reply::default()
            },
        }
    }
}

impl Table {
    /// Queues a notice held by nobody: the next delivery of notices, by any process,
    /// posts it.
    pub(super) async fn queue_notice(&self, notice: &NoticeRow) -> Result<()> {
        let now = self.now();
        self.store
            .queue_notice(notice, now, (self.worker(), now))
            .await?;
        Ok(())
    }

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
    /// Each is claimed for this process with a lease, so no other delivers it meanwhile.
    pub async fn undelivered(&self) -> Result<Vec<Notice>> {
        Ok(self.undelivered_by(self.now()).await?.notices)
    }

    /// As [`Table::undelivered`], a claim at a time: notices whose next try was due by
    /// `due_by`. A notice claimed here is sent, put off past `due_by` or held under a
    /// lease, so a caller that keeps one `due_by` while it asks again meets each notice
    /// once, and stops.
    pub async fn undelivered_by(&self, due_by: i64) -> Result<Undelivered> {
        let mut notices = Vec::new();
        let until = self.now().max(due_by) + self.lease;
        let claimed = self
            .store
            .claim_notices(due_by, &self.owner, until, NOTICES_PER_CLAIM)
            .await?;
        let more = claimed.len() as i64 >= NOTICES_PER_CLAIM;
        for row in claimed {
            match row {
                Ok(row) => notices.push(Notice::from_row(row, self.bot_user())),
                Err(damaged) => {
                    tracing::warn!("{damaged}");
                    self.store.notice_failed(damaged.id, self.now()).await?;
                }
            }
        }
        Ok(Undelivered { notices, more })
    }

    /// A thread a notice of `game` went to can no longer be reached (deleted, locked, no
    /// permission): the game (or the tournament whose thread it was) goes on in its
    /// channel, where notices now go.
    pub async fn thread_lost(&self, game: GameId, thread: ChannelId) -> Result<()> {
        tracing::warn!(%game, thread = thread.0, "a thread is out of reach: its posts go to its channel");
        Ok(self.store.clear_thread(game, thread).await?)
    }

    /// Everything due at the clock's time: reminders and losses on time, for front ends
    /// that show them all at once (the terminal, tests). Works a batch at a time like
    /// [`Table::tick_batch`], each batch's replays drawn before the next batch.
    /// Tournaments are looked at too ([`Table::tournament_tick`]); what that queues waits
    /// in the outbox.
    pub async fn tick(&self) -> Result<Vec<Notice>> {
        let now = self.now();
        if let Err(e) = self.tournament_tick().await {
            tracing::warn!("the tournaments could not be looked at: {e}");
        }
        // Posts queued here are delivered with the outbox's other notices.
        if let Err(e) = self.daily_tick().await {
            tracing::warn!("the puzzles of the day could not be posted: {e}");
        }
        let mut notices = Vec::new();
        loop {
            let mut batch = self.tick_batch(now).await?;
            batch.replays_queued().await;
            notices.append(&mut batch.notices);
            if !batch.more {
                return Ok(notices);
            }
        }
    }

    /// One batch of what is due at `now`: up to [`GAMES_PER_CLAIM`] games claimed for
    /// this process with a lease, each decided (a reminder, a loss on time) with its
    /// notice queued in the outbox, held by this process for delivery until its delivery
    /// is confirmed. A game claimed at `now` is held past `now`, so asking again with the
    /// same `now` until [`DueBatch::more`] is false goes through every game due once.
    pub async fn tick_batch(&self, now: i64) -> Result<DueBatch> {
        let due = self
            .store
            .claim_due_games(now, &self.owner, now + self.lease, GAMES_PER_CLAIM)
            .await?;
        let mut batch = DueBatch {
            notices: Vec::new(),
            more: due.len() as i64 >= GAMES_PER_CLAIM,
            replays: Vec::new(),
        };
        for row in due {
            let id = row.id;
            let next = next_look(&row, now, self.lease);
            // One game's trouble (a damaged row, a failed write) is logged with its id,
            // and the game is looked at again when its lease runs out; every other game
            // is still served.
            match self.tick_game(row, now).await {
                Ok((notice, replay)) => {
                    batch.notices.extend(notice);
                    batch.replays.extend(replay);
                    if let Err(e) = self.store.release_game(id, &self.owner, next).await {
                        tracing::warn!(game = %id, "its lease could not be given up: {e}");
                    }
                }
                Err(e) => tracing::error!(game = %id, "its deadline could not be handled: {e}"),
            }
        }
        Ok(batch)
    }

    /// What the clock means for one game now: a loss on time, a reminder, or nothing;
    /// with the drawing of the replay of a game it ended.
    async fn tick_game(
        &self,
        row: GameRow,
        now: i64,
    ) -> Result<(Option<Notice>, Option<tokio::task::JoinHandle<()>>)> {
        let loaded = self.load(row).await?;
        let (Some(deadline), Some(seat)) = (loaded.row.deadline, loaded.game.to_move()) else {
            return Ok((None, None));
        };
        // The bot's turn is played by the bot (at once, or after a restart): it is
        // neither reminded nor timed out.
        if loaded.bot_to_move() {
            return Ok((None, None));
        }
        let user = loaded.user_at(seat);
        let channel = loaded.row.thread.unwrap_or(loaded.row.channel);
        let settings = self.store.settings(user).await?;
        let id = loaded.id();
        let route = |reply: Reply, dm: Vec<(UserId, String)>, always_in_channel: bool| Notice {
            id: 0,
            game: Some(id),
            guild: loaded.row.guild,
            channel,
            parent: loaded.row.channel,
            dm: if settings.ping_dm { dm } else { Vec::new() },
            in_channel: always_in_channel || settings.ping_thread || !settings.ping_dm,
            reply,
        };
        let lease = (self.worker(), now + self.lease);
        if now >= deadline {
            // Through the one write path, like a resignation, with its notice: the game's
            // change and the notice are written together or not at all. A game of two
            // ends, a game of four goes on without the player.
            let (change, notes) = match self.ending(&loaded, seat, user, Ending::Timeout) {
                Err(TableError::Refused(why)) => {
                    tracing::warn!(game = %id, "a timeout could not be applied: {why}");
                    return Ok((None, None));
                }
                other => other?,
            };
            let back = self.next_back(&loaded, &change).await?;
            let (after, mut update) = self.prepare(&loaded, change, back);
            let lead = msg!(
                "ran-out-of-time",
                user = user.mention(),
                game = id.to_string()
            );
            let lang = self.guild_lang(loaded.row.guild).await?;
            let text = self.leaving_text(&after, lead.clone(), &notes, lang);
            let (pings, dm) = if after.is_over() {
                // The players once each: the bot may hold several seats, and it is told
                // nothing.
                let people = super::people_once(after.row.seats.iter().copied(), self.bot_user());
                (people.clone(), people)
            } else {
                (
                    // The bot, if it is to move now, is never pinged: it plays at once.
                    after
                        .to_move_user()
                        .filter(|_| !after.bot_to_move())
                        .into_iter()
                        .chain([user])
                        .collect(),
                    vec![user],
                )
            };
            // Each direct message in its recipient's language.
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
            let mut notice = route(reply, dm_texts, true);
            update.notice = Some((notice.to_row(), lease.0.to_string(), lease.1));
            let replay = match self.write(after, update).await {
                // A move got in first: nothing ran out.
                Err(TableError::Changed) => return Ok((None, None)),
                Err(e) => return Err(e),
                Ok((written, queued)) => {
                    notice.id = queued.unwrap_or_default();
                    // A game lost on time gets its replay like any other that ends.
                    self.queue_replay(&written, written.game.to_move().or(Some(seat)), lang)
                        .await
                }
            };
            return Ok((Some(notice), replay));
        }
        let started = loaded.row.turn_started;
        let half = started + (deadline - started) / 2;
        // With one day per move, "a day before the end" is the start: skip it.
        let last_day_due = loaded.row.days_per_move > 1 && now >= deadline - DAY;
        let left = span(deadline - now);
        let reminder = |id_: &'static str| {
            msg!(
                id_,
                user = user.mention(),
                game = id.to_string(),
                left = left.clone()
            )
        };
        // The later reminder makes the earlier one moot.
        let (kind, moot, reminder): (_, _, Option<Msg>) = if last_day_due {
            (
                ReminderKind::LastDay,
                &[ReminderKind::Half][..],
                settings
                    .remind_last_day
                    .then(|| reminder("reminder-last-day")),
            )
        } else if now >= half {
            (
                ReminderKind::Half,
                &[][..],
                settings.remind_half.then(|| reminder("reminder-half")),
            )
        } else {
            return Ok((None, None));
        };
        // A reminder speaks to one player: in their language, in the channel too.
        let notice = match reminder {
            Some(reminder) => {
                let text = reminder.tr(self.lang_of(user).await?);
                let reply = Reply {
                    text: text.clone(),
                    pings: vec![user],
                    ..Reply::default()
                };
                Some(route(reply, vec![(user, text)], false))
            }
            None => None,
        };
        // Claimed and queued in one transaction, if the turn is still the one loaded:
        // exactly once, by whichever process gets there first.
        let row = notice.as_ref().map(Notice::to_row);
        let queued = self
            .store
            .queue_reminder(
                id,
                loaded.row.version,
                started,
                moot,
                row.as_ref().map(|row| (kind, row)),
                now,
                lease,
            )
            .await?;
        let notice = queued.zip(notice).map(|(queued, mut notice)| {
            notice.id = queued;
            notice
        });
        Ok((notice, None))
    }
}
