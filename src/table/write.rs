//! The one write path of a game. Every change (a move, the bot's turn, a resignation, a
//! loss on time, an agreed draw or takeback) is a [`Change`]: [`Table::prepare`] turns
//! it into the row as it will stand and a guarded [`GameUpdate`], and [`Table::write`]
//! makes it in one transaction that succeeds only if the game is still at the version
//! that was read. [`Table::commit`] does both; [`Table::apply_ending`] is the way out of
//! a game by the service's rules.

use super::load::Loaded;
use super::{refuse, Result, Table};
use crate::clock::DAY;
use crate::games::{AnyGame, Ending, Game, Seat};
use crate::i18n::{Localize, Msg};
use crate::ids::UserId;
use crate::store::{
    encode_outcome, encode_state, GameStatus, GameUpdate, KeptLine, NewAction, Ranking, Settles,
};

/// A change of a game to write: the new position and what goes with it. How the game
/// stands (over or not, who won) is the engine's to say.
pub(super) struct Change {
    pub game: AnyGame,
    pub append: Vec<NewAction>,
    pub truncate_to: Option<i64>,
    /// Whether another turn begins (a fresh time limit).
    pub new_turn: bool,
    /// The conditional lines that go on from the new position (all others go).
    pub keep: Vec<KeptLine>,
}

/// Actions played by `user` at `seat`, as the log records them.
pub(super) fn logged(
    seat: Seat,
    user: UserId,
    actions: &[String],
) -> impl Iterator<Item = NewAction> + '_ {
    actions.iter().map(move |text| NewAction {
        seat: seat.number(),
        user,
        text: text.clone(),
    })
}

impl Table {
    /// The one write path of a game: a change in one guarded transaction (rating the
    /// game if it ends), returning the game as it now stands. Whether the player the
    /// change hands the turn to is away on vacation is decided inside the write.
    pub(super) async fn commit(&self, loaded: &Loaded, change: Change) -> Result<Loaded> {
        self.commit_agreed(loaded, change, None).await
    }

    /// [`Table::commit`] of a change that carries out an agreement (a draw, a takeback):
    /// written only if the offer still stands with everyone in `settles` agreeing (where
    /// there is a stored offer).
    pub(super) async fn commit_agreed(
        &self,
        loaded: &Loaded,
        change: Change,
        settles: Option<Settles>,
    ) -> Result<Loaded> {
        let (after, mut update) = self.prepare(loaded, change, None);
        update.settles = settles;
        Ok(self.write(after, update).await?.0)
    }

    /// When the player a change hands the turn to is back from vacation, if they are
    /// away: their time starts then. Read before the write, for what is said with it;
    /// the write decides again.
    pub(super) async fn next_back(&self, loaded: &Loaded, change: &Change) -> Result<Option<i64>> {
        if !change.new_turn || change.game.outcome().is_some() {
            return Ok(None);
        }
        let Some(seat) = change.game.to_move() else {
            return Ok(None);
        };
        match loaded.row.seats.get(seat.index()) {
            Some(user) => self.away_until(loaded.row.guild, *user).await,
            None => Ok(None),
        }
    }

    /// The game after a change, and the write that makes it so (not yet done): a caller
    /// may add to the write what the change makes known (a notice) before [`Table::write`].
    /// `back`: when the player to move next returns from vacation, if they are away as
    /// read before (their turn starts then); the write checks it where it is decided.
    pub(super) fn prepare(
        &self,
        loaded: &Loaded,
        change: Change,
        back: Option<i64>,
    ) -> (Loaded, GameUpdate) {
        let now = self.now();
        let outcome = change.game.outcome().cloned();
        let new_turn = change.new_turn && outcome.is_none();
        let to_move = change
            .game
            .to_move()
            .filter(|_| new_turn)
            .and_then(|seat| loaded.row.seats.get(seat.index()).copied());
        let mut row = loaded.row.clone();
        if outcome.is_some() {
            row.status = GameStatus::Finished;
            row.deadline = None;
            row.finished_at = Some(now);
        } else if change.new_turn {
            let start = back.map_or(now, |b| b.max(now));
            row.turn_started = start;
            // Days per move are bounded where the game is read; the start (a return from
            // vacation) is a stored value too, so the deadline saturates, never wraps.
            row.deadline = Some(start.saturating_add(row.days_per_move.saturating_mul(DAY)));
        }
        row.result = outcome.as_ref().map(encode_outcome);
        row.state = encode_state(&change.game);
        // The read's word on conditional lines was about the version before.
        row.lines_stored = None;
        let after = Loaded {
            row,
            game: change.game,
        };
        // Games against the bot are unrated: its strength is chosen, not earned, and
        // must not move people's ratings.
        let ranking = outcome
            .as_ref()
            .filter(|_| !loaded.has_bot())
            .map(|o| Ranking {
                guild: after.row.guild,
                kind: after.row.kind.clone(),
                places: after.places(),
                draw: o.is_draw(),
            });
        let update = GameUpdate {
            game: after.row.id,
            expected_version: loaded.row.version,
            now,
            state: after.row.state.clone(),
            status: after.row.status,
            new_turn,
            turn_started: after.row.turn_started,
            deadline: after.row.deadline,
            to_move,
            result: after.row.result.clone(),
            settles: None,
            append: change.append,
            truncate_to: change.truncate_to,
            ranking,
            notice: None,
            premoves: change.keep,
            pairing_result: None,
        };
        (after, update)
    }

    /// Does the write [`Table::prepare`] made; the game as it now stands, and the id of
    /// the notice written with it, if any.
    ///
    /// This is where every game ends: a tournament game's result is written into its
    /// pairing with the change (unrated if the tournament is, or if the pairing was
    /// decided without the game), and the tournament then takes its next step.
    pub(super) async fn write(
        &self,
        after: Loaded,
        mut update: GameUpdate,
    ) -> Result<(Loaded, Option<i64>)> {
        let tournament = match after.game.outcome() {
            Some(outcome) if update.status == GameStatus::Finished => {
                let entry = self.store.tournament_of_game(after.row.id).await?;
                if let Some(entry) = &entry {
                    update.pairing_result = Some(super::tournament::pairing_result(outcome));
                    if !entry.rated || entry.decided {
                        update.ranking = None;
                    }
                }
                entry
            }
            _ => None,
        };
        let written = self.store.update_game_with_notice(&update).await?;
        let mut after = after;
        after.row.version = written.version;
        after.row.turn_started = written.turn_started;
        after.row.deadline = written.deadline;
        self.verified(after.row.id, written.version, &after.game);
        if let Some(entry) = tournament {
            let on_time = super::tournament::loser_on_time(&after);
            self.tournament_game_over(entry, after.row.id, on_time)
                .await;
        }
        Ok((after, written.notice))
    }

    /// Ends the game by the service's rules, or takes the player at `seat` out of a
    /// game of more than two, through the one write path. Returns the game after it
    /// and the notes of what followed (eliminations).
    pub(super) async fn apply_ending(
        &self,
        loaded: &Loaded,
        seat: Seat,
        user: UserId,
        ending: Ending,
    ) -> Result<(Loaded, Vec<Msg>)> {
        let (change, notes) = self.ending(loaded, seat, user, ending)?;
        Ok((self.commit(loaded, change).await?, notes))
    }

    /// The change that ends the game (or takes the player at `seat` out), and the notes
    /// of what followed; refused if the engine refuses it.
    pub(super) fn ending(
        &self,
        loaded: &Loaded,
        seat: Seat,
        user: UserId,
        ending: Ending,
    ) -> Result<(Change, Vec<Msg>)> {
        let mut next = loaded.game.clone();
        let notes = match next.end(seat, ending) {
            Ok(notes) => notes.iter().map(Localize::msg).collect(),
            Err(e) => return refuse(e.msg()),
        };
        let new_turn = next.to_move() != loaded.game.to_move();
        let change = Change {
            game: next,
            append: vec![NewAction {
                seat: seat.number(),
                user,
                text: ending.as_str().to_string(),
            }],
            truncate_to: None,
            new_turn,
            keep: Vec::new(),
        };
        Ok((change, notes))
    }
}
