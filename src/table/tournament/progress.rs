//! How a running tournament moves on. A tournament game that ends (by any change: the
//! one write path calls [`Table::tournament_game_over`]) has its result written with it;
//! then the tournament's next step is decided from what is stored and written in one
//! transaction guarded by the tournament's version: a round's end announced, a Swiss's
//! next round paired, the end. Two processes deciding the same step write it once.
//! A background look ([`Table::tournament_tick`]) takes the steps a stopped process left.

use super::super::deadlines::game_notice;
use super::super::{Result, Table, TableError};
use super::standings::{decided, number_of};
use super::start::next_swiss_round;
use super::TournamentRecord;
use crate::games::{Ending, Game, Reason};
use crate::i18n::Lang;
use crate::ids::{GameId, TournamentId, UserId};
use crate::msg;
use crate::store::{
    BoardResult, NoticeRow, PairingResult, Side, StoreError, TournamentAdvance, TournamentFormat,
    TournamentGame, TournamentState, TournamentWithdrawal, Withdrawal,
};

/// How many times a step is decided again when another change got in first.
const TRIES: usize = 4;
/// How many tournaments one background look takes.
const TOURNAMENTS_PER_CLAIM: i64 = 20;
/// How long after a background look a tournament is looked at again (seconds): the
/// steps are taken when games end; this only finishes what a stopped process left.
const LOOK_AGAIN: i64 = 3600;

/// What a step does.
struct Step {
    rounds_done: u16,
    new_round: bool,
    finished: bool,
    /// Announce the standings after round `rounds_done`.
    announce: bool,
}

/// The result a game's end writes into its pairing (white sits in the first seat).
pub(in crate::table) fn pairing_result(outcome: &crate::games::Outcome) -> PairingResult {
    let result = match outcome.winners.as_slice() {
        [] => BoardResult::Draw,
        [seat, ..] if seat.number() == 1 => BoardResult::Won(Side::White),
        _ => BoardResult::Won(Side::Black),
    };
    PairingResult {
        result,
        timeout: outcome.reason == Reason::Timeout,
    }
}

impl Table {
    /// After a tournament game ended: a player who has now run out of time in every game
    /// they had is withdrawn, and the tournament takes its next step. The game's end is
    /// written already; trouble here is logged and left to the background look.
    pub(in crate::table) async fn tournament_game_over(
        &self,
        entry: TournamentGame,
        game: GameId,
        loser_on_time: Option<UserId>,
    ) {
        if let Some(user) = loser_on_time {
            if let Err(e) = self.withdraw_if_out_of_time(entry.tournament, user).await {
                tracing::warn!(tournament = %entry.tournament, "a loss on time was not looked at: {e}");
            }
        }
        // A game decided without play (a withdrawn player's) is not told on its own.
        let ended = (!entry.decided).then_some(game);
        if let Err(e) = self.step_tournament_after(entry.tournament, ended).await {
            tracing::warn!(tournament = %entry.tournament, "its next step waits for the background look: {e}");
        }
    }

    /// Withdraws `user` when every game they had in the tournament is over and each was
    /// lost on time (issue 44, item 5); games decided without play (forfeits, results
    /// struck out by another's withdrawal) are not theirs to play. Their results stand:
    /// every game is finished.
    async fn withdraw_if_out_of_time(&self, id: TournamentId, user: UserId) -> Result<()> {
        for _ in 0..TRIES {
            let Some(record) = self.store.tournament_anywhere(id).await? else {
                return Ok(());
            };
            let Some(number) = number_of(&record, user) else {
                return Ok(());
            };
            let withdrawn = record
                .entrants
                .iter()
                .any(|e| e.user == user && e.withdrawn.is_some());
            let theirs: Vec<_> = record
                .pairings
                .iter()
                .filter(|p| p.black.is_some() && (p.white == number || p.black == Some(number)))
                .filter(|p| p.forfeit.is_none() && !p.struck)
                .collect();
            let lost_on_time = |p: &&crate::store::PairingRow| {
                let lost = if p.white == number {
                    Side::Black
                } else {
                    Side::White
                };
                p.timeout && p.result == Some(BoardResult::Won(lost))
            };
            if withdrawn
                || record.row.state != TournamentState::Running
                || theirs.is_empty()
                || !theirs.iter().all(lost_on_time)
            {
                return Ok(());
            }
            let withdrawal = TournamentWithdrawal {
                id,
                expected_version: record.row.version,
                now: self.now(),
                user,
                why: Withdrawal::OutOfTime,
                forfeits: Vec::new(),
                struck: Vec::new(),
            };
            match self.store.withdraw_entrant(&withdrawal).await {
                Err(StoreError::Conflict) => continue,
                other => return Ok(other?),
            }
        }
        Err(TableError::Changed)
    }

    /// Decides and writes a running tournament's next step, if one is due; decided again
    /// when another change got in first. A game's end and the background look call it;
    /// any number of processes may at once, and the step is written once.
    pub async fn step_tournament(&self, id: TournamentId) -> Result<()> {
        self.step_tournament_after(id, None).await
    }

    /// [`Table::step_tournament`] after `ended`, a game of the tournament, ended: a
    /// round-robin then posts its crosstable with the game's result, in the same
    /// guarded write as any step it made due.
    async fn step_tournament_after(&self, id: TournamentId, ended: Option<GameId>) -> Result<()> {
        for _ in 0..TRIES {
            let Some(record) = self.store.tournament_anywhere(id).await? else {
                return Ok(());
            };
            match self.take_step(record, ended).await {
                Err(TableError::Changed) => continue,
                other => return other,
            }
        }
        Err(TableError::Changed)
    }

    /// The step a tournament as read is due for, written guarded by its version; for a
    /// round-robin, with the post of the game that just `ended`, if one did.
    async fn take_step(&self, record: TournamentRecord, ended: Option<GameId>) -> Result<()> {
        if record.row.state != TournamentState::Running {
            return Ok(());
        }
        // A round-robin's games all go on at once: each end is told with the crosstable,
        // and its rounds' ends are not. A Swiss tells the end of each round.
        let round_robin = record.row.format != TournamentFormat::Swiss;
        let ended = ended
            .filter(|_| round_robin)
            .and_then(|game| record.pairings.iter().find(|p| p.game == Some(game)))
            .filter(|p| p.result.is_some() && p.forfeit.is_none() && !p.struck)
            .cloned();
        let step = match (due_step(&record), &ended) {
            (Some(step), _) => step,
            (None, Some(_)) => Step {
                rounds_done: record.row.rounds_done,
                new_round: false,
                finished: false,
                announce: false,
            },
            (None, None) => return Ok(()),
        };
        let announce = if round_robin {
            ended.is_some()
        } else {
            step.announce
        };
        let lang = self.guild_lang(record.row.guild).await?;
        let mut after = record.clone();
        after.row.rounds_done = step.rounds_done;
        let mut pairings = Vec::new();
        let mut finished = step.finished;
        let mut rounds_paired = record.row.rounds_paired;
        let mut ended_early = false;
        if step.new_round {
            match next_swiss_round(self, &after).await? {
                Ok(plan) => {
                    pairings = self.round_pairings(&after, &plan).await?;
                    rounds_paired = plan.round;
                }
                // Nobody left to pair, or no pairing the rules allow (everyone has met):
                // the event ends with the rounds played.
                Err(why) => {
                    tracing::info!(tournament = %record.row.id, "no next round: {why}");
                    finished = true;
                    ended_early = true;
                }
            }
        }
        after.row.state = if finished {
            TournamentState::Finished
        } else {
            TournamentState::Running
        };
        let mut notices = Vec::new();
        if announce || finished {
            if let Some(notice) = self
                .round_announcement(&after, finished, ended_early, ended.as_ref(), lang)
                .await?
            {
                notices.push(notice);
            }
        }
        let announce = self.game_announcer(&after, lang).await?;
        let advance = TournamentAdvance {
            id: record.row.id,
            expected_version: record.row.version,
            now: self.now(),
            rounds_done: step.rounds_done,
            rounds_paired,
            pairings,
            finished,
            notices,
        };
        match self.store.advance_tournament(&advance, &announce).await {
            Err(StoreError::Conflict) => Err(TableError::Changed),
            other => other.map(|_| ()).map_err(Into::into),
        }
    }

    /// The standings after a round, or after a round-robin's game that `ended`, or at
    /// the end with the winners, with the crosstable, posted in the tournament's channel;
    /// `None` when the tournament has no game to post it with.
    async fn round_announcement(
        &self,
        record: &TournamentRecord,
        finished: bool,
        ended_early: bool,
        ended: Option<&crate::store::PairingRow>,
        lang: Lang,
    ) -> Result<Option<NoticeRow>> {
        let number = record.row.id.to_string();
        // A notice belongs to a game: the one that ended, else the last game of the
        // rounds it speaks of.
        let Some(game) = ended.and_then(|p| p.game).or_else(|| {
            record
                .pairings
                .iter()
                .filter(|p| p.round <= record.row.rounds_done.max(1))
                .filter_map(|p| p.game)
                .max_by_key(|g| g.0)
        }) else {
            tracing::error!(tournament = %record.row.id, "no game to post its standings with");
            return Ok(None);
        };
        let standings = self.announced_standings(record, lang).await?;
        let mut text = if finished {
            let names = self.entrant_names(record).await?;
            let best = super::standings::standings_of(record, &names);
            let winners: Vec<String> = super::standings::winners(&best)
                .into_iter()
                .filter_map(|n| super::standings::user_numbered(record, n))
                .map(|u| u.mention())
                .collect();
            msg!(
                "tournament-over",
                tournament = number.as_str(),
                winner = winners.join(", "),
                winners = winners.len()
            )
            .tr(lang)
        } else if let Some(p) = ended {
            let mention = |n: u16| super::standings::mentioned(record, n);
            let games = record.pairings.iter().filter(|p| p.black.is_some());
            msg!(
                "tournament-game-result",
                tournament = number.as_str(),
                game = game.to_string(),
                white = mention(p.white),
                black = p.black.map_or_else(String::new, mention),
                result = super::show::result_msg(p),
                over = games.clone().filter(|p| decided(p)).count(),
                games = games.count()
            )
            .tr(lang)
        } else {
            msg!(
                "tournament-round-over",
                tournament = number.as_str(),
                round = record.row.rounds_done,
                rounds = total_rounds(record)
            )
            .tr(lang)
        };
        if ended_early {
            text += "\n";
            text += &msg!("tournament-no-more-pairings").tr(lang);
        }
        text += "\n";
        text += &standings;
        // The crosstable's first page (a Swiss's leaders), posted with the text
        // standings, which stay for screen readers.
        let image = Some(self.crosstable_png(record, 1, lang).await?);
        Ok(Some(NoticeRow {
            id: 0,
            game: Some(game),
            guild: record.row.guild,
            // In the tournament's thread, where Discord opened one; else its channel.
            channel: record.row.thread.unwrap_or(record.row.channel),
            parent: record.row.channel,
            dm: Vec::new(),
            in_channel: true,
            text,
            pings: Vec::new(),
            image,
            thread: None,
            buttons: Vec::new(),
        }))
    }

    /// The background look: takes tournaments that may have a step waiting (a process
    /// stopped between a game's end and the step it made due, or between an entry that
    /// filled a tournament and its start), takes their steps, ends the games of
    /// withdrawn players still going on, and lets them be for [`LOOK_AGAIN`].
    pub async fn tournament_tick(&self) -> Result<()> {
        let now = self.now();
        let claimed = self
            .store
            .claim_tournaments(now, &self.owner, now + self.lease, TOURNAMENTS_PER_CLAIM)
            .await?;
        for id in claimed {
            if let Err(e) = self.look_at_tournament(id).await {
                tracing::warn!(tournament = %id, "the background look failed: {e}");
            }
            if let Err(e) = self
                .store
                .release_tournament(id, &self.owner, now + LOOK_AGAIN)
                .await
            {
                tracing::warn!(tournament = %id, "its hold could not be given up: {e}");
            }
        }
        Ok(())
    }

    async fn look_at_tournament(&self, id: TournamentId) -> Result<()> {
        let Some(record) = self.store.tournament_anywhere(id).await? else {
            return Ok(());
        };
        if record.row.state == TournamentState::Open {
            let lang = self.guild_lang(record.row.guild).await?;
            self.start_by_rule(id, lang).await?;
            return Ok(());
        }
        self.end_decided_games(&record).await?;
        self.step_tournament(id).await
    }

    /// Ends the games still going on whose pairing was decided without them (forfeited or
    /// struck out by a withdrawal): the withdrawn player resigns them.
    pub(super) async fn end_decided_games(&self, record: &TournamentRecord) -> Result<()> {
        for p in &record.pairings {
            let (Some(game), Some(black)) = (p.game, p.black) else {
                continue;
            };
            if p.result.is_some() || !(p.forfeit.is_some() || p.struck) {
                continue;
            }
            let withdrawn = |number: u16| {
                record
                    .entrants
                    .iter()
                    .any(|e| e.number == Some(number) && e.withdrawn.is_some())
            };
            let leaver = if withdrawn(p.white) { p.white } else { black };
            if let Err(e) = self.resign_for(record, game, leaver).await {
                tracing::warn!(%game, "a withdrawn player's game could not be ended: {e}");
            }
        }
        Ok(())
    }

    /// Ends a game as if the player numbered `leaver` resigned, through the one write path.
    async fn resign_for(&self, record: &TournamentRecord, game: GameId, leaver: u16) -> Result<()> {
        let Some(user) = super::standings::user_numbered(record, leaver) else {
            return Ok(());
        };
        let Some(row) = self.store.game(record.row.guild, game).await? else {
            return Ok(());
        };
        let loaded = self.load(row).await?;
        if loaded.is_over() {
            return Ok(());
        }
        let Some(seat) = loaded.seat_of(user) else {
            return Ok(());
        };
        let after = match self.apply_ending(&loaded, seat, user, Ending::Resign).await {
            Ok((after, _)) => after,
            Err(TableError::Changed) => return Ok(()),
            Err(e) => return Err(e),
        };
        // Told in the game's thread, as a resignation would be.
        let lang = self.guild_lang(record.row.guild).await?;
        let text = msg!(
            "tournament-game-forfeited",
            game = game.to_string(),
            user = user.mention(),
            tournament = record.row.id.to_string(),
            result = after.result_msg()
        )
        .tr(lang);
        let others = after.row.seats.iter().copied().filter(|u| *u != user);
        self.queue_notice(&NoticeRow {
            pings: others.collect(),
            ..game_notice(&after.row, text)
        })
        .await
    }
}

/// The rounds a tournament plays: a Swiss's set number, a round-robin's every round.
fn total_rounds(record: &TournamentRecord) -> u16 {
    record.row.rounds.unwrap_or(record.row.rounds_paired)
}

/// The step a running tournament is due for, if any: for a Swiss, once every result of
/// the round paired last is known, its end (and the next round, or the end of the event);
/// for a round-robin, whose rounds are all played at once, the end of the leading rounds
/// with every result known, and the end once all are.
fn due_step(record: &TournamentRecord) -> Option<Step> {
    let row = &record.row;
    let round_over = |round: u16| {
        record
            .pairings
            .iter()
            .filter(|p| p.round == round)
            .all(decided)
    };
    match row.format {
        TournamentFormat::Swiss => {
            let current = row.rounds_paired;
            if current == 0 || row.rounds_done >= current || !round_over(current) {
                return None;
            }
            let last = current >= row.rounds.unwrap_or(current);
            Some(Step {
                rounds_done: current,
                new_round: !last,
                finished: last,
                announce: true,
            })
        }
        _ => {
            let done = (1..=row.rounds_paired)
                .take_while(|r| round_over(*r))
                .last()
                .unwrap_or(0);
            if done <= row.rounds_done {
                return None;
            }
            Some(Step {
                rounds_done: done,
                new_round: false,
                finished: done == row.rounds_paired,
                announce: true,
            })
        }
    }
}

/// The loser of a game lost on time, if it was.
pub(in crate::table) fn loser_on_time(loaded: &crate::table::load::Loaded) -> Option<UserId> {
    let outcome = loaded.game.outcome()?;
    if outcome.reason != Reason::Timeout {
        return None;
    }
    loaded
        .game
        .seats_in()
        .into_iter()
        .chain(crate::games::Seat::all(loaded.game.seat_count()))
        .find(|s| !outcome.winners.contains(s))
        .map(|s| loaded.user_at(s))
}
