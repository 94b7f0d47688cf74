//! Review of a finished game: its evaluation after every ply and its biggest mistakes.
//!
//! Every position of the game is searched at the given level (the same search as
//! [`super::choose`]), which gives the engine's best action there and its value for
//! the mover. The action actually played is then searched on its own, one iteration
//! shallower (the same depth below the root), on the same warm table. The mover's loss
//! on that ply is the best value less the played one.
//!
//! That scan is quick and shallow. Its biggest losses are then searched again at a
//! deeper level, the one `/hint` uses, and only those it confirms are called mistakes,
//! with its better action: a player who followed the hints is never told that they
//! were mistakes because the quick scan saw less than the hint did.
//!
//! Evaluations are from each seat's own view. In two-player games the value after a
//! ply is the searched value of the action played, turned to each seat's view (seat
//! 2's is minus seat 1's). In four-player xiangqi the searches are paranoid and belong
//! to the mover alone, so each seat's value after a ply is the static evaluation from
//! its own view; the losses (and so the mistakes) still come from the mover's searches.

use super::level::{Level, Limits};
use super::position::{Position, Terminal};
use super::search::{INF, MATE, MATE_BOUND};
use super::{budget_for, searcher_for, tt_bits, with_position};
use crate::games::{AnyGame, Game, GameOptions, LogEntry, LogError, Seat};
use std::time::Instant;

/// Evaluations are clamped to this for the turning point and graphs (a forced win is
/// worth this much and no more).
pub const CLAMP: i32 = 2_000;
/// A ply that loses at least this much (a piece, about) is a mistake.
pub const MISTAKE: i32 = 100;
/// A game turns where an evaluation moves at least this much in one ply (half a piece,
/// the bound of "about even" in a hint): a drawn game whose evaluation only trembled
/// has no turning point.
pub const TURNING: i32 = 50;
/// How many mistakes an analysis lists at most.
pub const MISTAKES_LISTED: usize = 5;
/// How many of the scan's biggest losses are searched again to confirm them: a few more
/// than are listed, for those the deeper search clears.
pub const CONFIRMED_AT_MOST: usize = MISTAKES_LISTED + 3;

/// One ply of the game as the engine saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyReview {
    /// Counted from 1, over the actions of the log (endings left out).
    pub ply: usize,
    pub seat: Seat,
    pub action: String,
    /// The engine's best action in the position before, and its value for the mover.
    pub best: String,
    pub best_score: i32,
    /// The value of the action played, for the mover.
    pub played_score: i32,
    /// How much the mover lost by it against the best action (0 or more).
    pub loss: i32,
    /// The evaluation after this ply, by seat (index 0 is seat 1), each from its own
    /// view, clamped to ±[`CLAMP`].
    pub eval: Vec<i32>,
}

/// A ply that lost much against the engine's best action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    pub ply: usize,
    pub seat: Seat,
    pub action: String,
    /// The engine's better action there.
    pub better: String,
    pub loss: i32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub plies: Vec<PlyReview>,
    /// The biggest mistakes (at least [`MISTAKE`] lost), biggest first, at most
    /// [`MISTAKES_LISTED`].
    pub mistakes: Vec<Mistake>,
    /// The ply after which seat 1's evaluation (in four-player games: any seat's)
    /// changed most: where the game turned.
    pub turning_point: Option<usize>,
}

impl Analysis {
    /// Seat `seat`'s evaluation after each ply.
    pub fn series(&self, seat: Seat) -> Vec<i32> {
        self.plies
            .iter()
            .map(|p| p.eval.get(seat.index()).copied().unwrap_or(0))
            .collect()
    }
}

/// Analyses a game from its options and its log (as [`AnyGame::log`] gives it, as
/// seat and text; endings are applied and not analysed), searching every position at
/// `level` and the biggest losses again at `confirm` (when it is the higher), with
/// `limits` and `seed`.
pub fn analyse<'a>(
    options: GameOptions,
    log: impl IntoIterator<Item = (Seat, &'a str)>,
    level: Level,
    confirm: Level,
    limits: Limits,
    seed: u64,
) -> Result<Analysis, LogError> {
    let mut game = options.start();
    let seats = game.seat_count();
    let mut plies = Vec::new();
    // The positions before the plies that lost a mistake's worth in the scan.
    let mut suspects: Vec<(usize, AnyGame)> = Vec::new();
    for (i, (seat, text)) in log.into_iter().enumerate() {
        let error = |error| LogError {
            index: i + 1,
            text: text.to_string(),
            error,
        };
        match LogEntry::read(text) {
            LogEntry::Ending(ending) => {
                game.end(seat, ending).map_err(error)?;
            }
            LogEntry::Action(action) => {
                let before = game.clone();
                let played = game.play(&action).map_err(error)?;
                if let Some(mut review) =
                    review_ply(&before, &played, plies.len() + 1, level, limits, seed)
                {
                    review.eval = eval_after(&game, review.seat, review.played_score, seats);
                    if review.loss >= MISTAKE {
                        suspects.push((plies.len(), before));
                    }
                    plies.push(review);
                }
            }
        }
    }
    suspects.sort_by(|(a, _), (b, _)| plies[*b].loss.cmp(&plies[*a].loss).then(a.cmp(b)));
    let mut mistakes: Vec<Mistake> = suspects
        .into_iter()
        .take(CONFIRMED_AT_MOST)
        .filter_map(|(i, before)| {
            let scanned = &plies[i];
            let p = if confirm > level {
                review_ply(&before, &scanned.action, scanned.ply, confirm, limits, seed)?
            } else {
                scanned.clone()
            };
            (p.loss >= MISTAKE).then_some(Mistake {
                ply: p.ply,
                seat: p.seat,
                action: p.action,
                better: p.best,
                loss: p.loss,
            })
        })
        .collect();
    mistakes.sort_by(|a, b| b.loss.cmp(&a.loss).then(a.ply.cmp(&b.ply)));
    mistakes.truncate(MISTAKES_LISTED);
    let turning_point = turning_point(&plies, seats);
    Ok(Analysis {
        plies,
        mistakes,
        turning_point,
    })
}

/// Searches the position before a ply and the action played there.
fn review_ply(
    before: &AnyGame,
    played: &str,
    ply: usize,
    level: Level,
    limits: Limits,
    seed: u64,
) -> Option<PlyReview> {
    let seat = before.to_move()?;
    let budget = budget_for(before.kind(), level, limits);
    let bits = tt_bits(level);
    with_position!(before, |pos, prior| {
        let deadline = limits.max_time.map(|t| Instant::now() + t);
        let mut searcher = searcher_for(before, seat, bits, prior);
        let result = searcher.search_root(&pos, budget, deadline, seed)?;
        let best = result.best.to_string();
        let best_score = result.best_score;
        let played_score = if best == played {
            best_score
        } else {
            let mut actions = Vec::new();
            pos.actions(&mut actions);
            let action = actions.into_iter().find(|a| a.to_string() == played)?;
            let deadline = limits.max_time.map(|t| Instant::now() + t);
            searcher
                .score_action(&pos, action, result.depth, budget, deadline)
                .unwrap_or(best_score)
        };
        Some(PlyReview {
            ply,
            seat,
            action: played.to_string(),
            best,
            best_score,
            played_score: played_score.min(best_score),
            loss: (clamp(best_score) - clamp(played_score)).max(0),
            eval: Vec::new(),
        })
    })
}

/// The evaluation after a ply, by seat, clamped.
fn eval_after(game: &AnyGame, mover: Seat, played_score: i32, seats: usize) -> Vec<i32> {
    if seats == 2 {
        let mine = clamp(played_score);
        return Seat::all(2)
            .into_iter()
            .map(|s| if s == mover { mine } else { -mine })
            .collect();
    }
    with_position!(game, |pos, _prior| {
        Seat::all(seats)
            .into_iter()
            .map(|s| match pos.terminal(s) {
                Some(Terminal::Win) => CLAMP,
                Some(Terminal::Loss) => -CLAMP,
                Some(Terminal::Draw) => 0,
                None => clamp(pos.evaluate(s)),
            })
            .collect()
    })
}

fn clamp(score: i32) -> i32 {
    if score >= MATE_BOUND {
        CLAMP
    } else if score <= -MATE_BOUND {
        -CLAMP
    } else {
        score.clamp(-CLAMP, CLAMP)
    }
}

/// The ply after which an evaluation changed most, if by [`TURNING`] or more.
fn turning_point(plies: &[PlyReview], seats: usize) -> Option<usize> {
    let watched: Vec<usize> = if seats == 2 {
        vec![0]
    } else {
        (0..seats).collect()
    };
    let mut best: Option<(i32, usize)> = None;
    let mut previous = vec![0; seats];
    for p in plies {
        for &s in &watched {
            let now = p.eval.get(s).copied().unwrap_or(0);
            let change = (now - previous[s]).abs();
            if change >= TURNING && best.is_none_or(|(c, _)| change > c) {
                best = Some((change, p.ply));
            }
        }
        previous.clone_from(&p.eval);
    }
    best.map(|(_, ply)| ply)
}

const _: () = assert!(CLAMP < MATE_BOUND && MATE < INF);

#[cfg(test)]
mod tests {
    use super::*;

    /// Plies of a game of two whose evaluations for seat 1 are `evals`.
    fn plies(evals: &[i32]) -> Vec<PlyReview> {
        evals
            .iter()
            .enumerate()
            .map(|(i, &e)| PlyReview {
                ply: i + 1,
                seat: if i % 2 == 0 {
                    Seat::FIRST
                } else {
                    Seat::SECOND
                },
                action: "a1".to_string(),
                best: "a1".to_string(),
                best_score: 0,
                played_score: 0,
                loss: 0,
                eval: vec![e, -e],
            })
            .collect()
    }

    #[test]
    fn a_game_turns_where_its_evaluation_moved_most() {
        assert_eq!(turning_point(&plies(&[10, -20, 30, 250, 240]), 2), Some(4));
        // The first of two equal swings, and a fall as much as a rise.
        assert_eq!(turning_point(&plies(&[0, -300, 0, 0]), 2), Some(2));
    }

    #[test]
    fn a_game_whose_evaluation_only_trembled_has_no_turning_point() {
        let trembling = [10, -20, 25, -24, TURNING - 25, 0];
        assert_eq!(turning_point(&plies(&trembling), 2), None);
        assert_eq!(turning_point(&plies(&[]), 2), None);
        // Half a piece at once is enough.
        assert_eq!(turning_point(&plies(&[0, TURNING]), 2), Some(2));
    }
}
