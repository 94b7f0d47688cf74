//! A step's task: a typed predicate on the position before the player's turn, the
//! turn's actions and the position after them, read through the engines' own views
//! (pieces on the board, checked generals, outcomes, players still in). Nothing here
//! re-derives a rule.

use crate::games::{AnyGame, BoardPiece, Game, Reason, Seat};
use crate::i18n::words::{join_and, seat_army};
use crate::i18n::{Localize, Msg};
use crate::msg;
use serde::Deserialize;

/// What the player must do in a step.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Task {
    /// Put `count` new pieces of one's own on the board in the turn (stones placed,
    /// columns placed, pieces dropped), one of them on `at` if given.
    #[serde(alias = "drop")]
    Place {
        #[serde(default = "one")]
        count: u8,
        #[serde(default)]
        at: Option<String>,
    },
    /// Bring one of one's pieces to `to` (the one from `from`, if given).
    MoveTo {
        #[serde(default)]
        from: Option<String>,
        to: String,
    },
    /// Capture (remove) at least `count` enemy pieces in the turn, every one of `at`
    /// among them; with `at_once`, all of them with one action.
    Capture {
        #[serde(default)]
        at: Vec<String>,
        #[serde(default = "one")]
        count: u8,
        #[serde(default)]
        at_once: bool,
    },
    /// Make `count` capturing actions in one turn: the extra moves a capture earns.
    CaptureMoves { count: u8 },
    /// Capture, then end the turn with `pass` instead of the extra move.
    DeclineExtra,
    /// Bind the enemy column on `at`.
    Bind { at: String },
    /// Free one's bound column on `at`.
    Free { at: String },
    /// Give check.
    Check,
    /// Checkmate: the opponent is in check with no legal move.
    Mate,
    /// Leave the opponent without a legal move, not in check.
    Stalemate,
    /// Win the game.
    Win,
    /// Put the player of seat `seat` out of the game.
    Eliminate { seat: u8 },
}

fn one() -> u8 {
    1
}

/// The player's pieces that are on the board after and were not before: `(square,
/// piece)` for each square that holds one of the player's pieces now and held none of
/// theirs before.
fn arrived(before: &AnyGame, after: &AnyGame, seat: Seat) -> Vec<BoardPiece> {
    let old = before.pieces();
    after
        .pieces()
        .into_iter()
        .filter(|p| p.seat == seat && !old.iter().any(|o| o.seat == seat && o.at == p.at))
        .collect()
}

/// The opponents' pieces that were on the board before and are gone after: a piece is
/// gone when its square no longer holds a piece of its owner.
fn removed(before: &AnyGame, after: &AnyGame, seat: Seat) -> Vec<String> {
    let new = after.pieces();
    before
        .pieces()
        .into_iter()
        .filter(|p| p.seat != seat && !new.iter().any(|n| n.seat == p.seat && n.at == p.at))
        .map(|p| p.at)
        .collect()
}

fn piece_at(game: &AnyGame, at: &str) -> Option<BoardPiece> {
    game.pieces().into_iter().find(|p| p.at == at)
}

/// The seats whose general is attacked in the position (none in games without
/// generals).
fn checked_seats(game: &AnyGame) -> Vec<Seat> {
    match game {
        AnyGame::Xiangqi(g) => g
            .checked_general()
            .and_then(|point| piece_at(game, &point.to_string()))
            .map(|p| p.seat)
            .into_iter()
            .collect(),
        AnyGame::Xiangqi4(g) => g
            .checked_generals()
            .into_iter()
            .filter_map(|sq| piece_at(game, &sq.to_string()))
            .map(|p| p.seat)
            .collect(),
        _ => Vec::new(),
    }
}

fn gives_check(after: &AnyGame, seat: Seat) -> bool {
    checked_seats(after).iter().any(|s| *s != seat)
}

fn won_by(after: &AnyGame, seat: Seat, reason: Option<Reason>) -> bool {
    after
        .outcome()
        .is_some_and(|o| o.winners.contains(&seat) && reason.is_none_or(|r| o.reason == r))
}

/// The enemy pieces each action of the turn removed, action by action.
fn removed_by_action(before: &AnyGame, turn: &[String], seat: Seat) -> Vec<Vec<String>> {
    let mut now = before.clone();
    let mut out = Vec::with_capacity(turn.len());
    for action in turn {
        let prior = now.clone();
        if now.play(action).is_err() {
            break;
        }
        out.push(removed(&prior, &now, seat));
    }
    out
}

impl Task {
    /// Checks what the course file cannot express: squares written in lower case.
    pub(super) fn validate(&self) -> Result<(), String> {
        let squares: Vec<&String> = match self {
            Task::Place { at, .. } => at.iter().collect(),
            Task::MoveTo { from, to } => from.iter().chain([to]).collect(),
            Task::Capture { at, .. } => at.iter().collect(),
            Task::Bind { at } | Task::Free { at } => vec![at],
            Task::Eliminate { seat } => {
                return Seat::from_number(*seat)
                    .map(|_| ())
                    .ok_or_else(|| format!("there is no seat {seat}"))
            }
            _ => Vec::new(),
        };
        match squares
            .into_iter()
            .find(|s| s.is_empty() || s.chars().any(|c| c.is_ascii_uppercase()))
        {
            Some(bad) => Err(format!("square “{bad}” should be written in lower case")),
            None => Ok(()),
        }
    }

    /// Whether the turn (`turn`, played by `seat` from `before`, giving `after`) did
    /// the task.
    pub fn is_done(&self, before: &AnyGame, turn: &[String], after: &AnyGame, seat: Seat) -> bool {
        match self {
            Task::Place { count, at } => {
                let new = arrived(before, after, seat);
                let moved_away = before
                    .pieces()
                    .into_iter()
                    .filter(|p| p.seat == seat)
                    .any(|p| piece_at(after, &p.at).is_none_or(|n| n.seat != seat));
                !moved_away
                    && new.len() >= *count as usize
                    && at.as_ref().is_none_or(|at| new.iter().any(|p| &p.at == at))
            }
            Task::MoveTo { from, to } => {
                let came = arrived(before, after, seat)
                    .into_iter()
                    .any(|p| &p.at == to);
                let left = from.as_ref().is_none_or(|from| {
                    before
                        .pieces()
                        .iter()
                        .any(|p| p.seat == seat && &p.at == from)
                        && piece_at(after, from).is_none_or(|p| p.seat != seat)
                });
                came && left
            }
            Task::Capture { at, count, at_once } => {
                let gone = removed(before, after, seat);
                let enough = if *at_once {
                    removed_by_action(before, turn, seat)
                        .iter()
                        .any(|r| r.len() >= *count as usize)
                } else {
                    gone.len() >= *count as usize
                };
                enough && at.iter().all(|sq| gone.contains(sq))
            }
            Task::CaptureMoves { count } => {
                removed_by_action(before, turn, seat)
                    .iter()
                    .filter(|r| !r.is_empty())
                    .count()
                    >= *count as usize
            }
            Task::DeclineExtra => {
                turn.last().is_some_and(|a| a == "pass") && !removed(before, after, seat).is_empty()
            }
            Task::Bind { at } => {
                let bound = |g: &AnyGame| {
                    piece_at(g, at).is_some_and(|p| p.seat != seat && p.bound == Some(true))
                };
                bound(after) && !bound(before)
            }
            Task::Free { at } => {
                let bound = |g: &AnyGame| {
                    piece_at(g, at).is_some_and(|p| p.seat == seat && p.bound == Some(true))
                };
                bound(before) && piece_at(after, at).is_some_and(|p| p.bound == Some(false))
            }
            Task::Check => gives_check(after, seat),
            Task::Mate => won_by(after, seat, Some(Reason::Checkmate)),
            Task::Stalemate => won_by(after, seat, Some(Reason::NoLegalMove)),
            Task::Win => won_by(after, seat, None),
            Task::Eliminate { seat: out } => Seat::from_number(*out).is_some_and(|out| {
                before.seats_in().contains(&out) && !after.seats_in().contains(&out)
            }),
        }
    }

    /// Why the turn does not do the task, in words: what it did instead.
    pub fn missed(&self, before: &AnyGame, _turn: &[String], after: &AnyGame, seat: Seat) -> Msg {
        if let Some(outcome) = after.outcome() {
            if !outcome.winners.contains(&seat) {
                return msg!("lesson-why-lost", outcome = outcome.msg());
            }
        }
        match self {
            Task::Place { count, at } => match at {
                Some(at) => msg!("lesson-why-place-at", square = at.as_str()),
                None => msg!("lesson-why-place", count = *count),
            },
            Task::MoveTo { to, .. } => msg!("lesson-why-move-to", square = to.as_str()),
            Task::Capture { at, count, .. } => {
                let gone = removed(before, after, seat);
                if gone.is_empty() {
                    msg!("lesson-why-captured-nothing")
                } else if at.is_empty() {
                    msg!(
                        "lesson-why-captured-too-few",
                        squares = join_and(&gone),
                        count = gone.len(),
                        needed = *count
                    )
                } else {
                    msg!(
                        "lesson-why-captured-other",
                        squares = join_and(&gone),
                        count = gone.len(),
                        wanted = join_and(at),
                        wanted_count = at.len()
                    )
                }
            }
            Task::CaptureMoves { count } => msg!("lesson-why-capture-again", count = *count),
            Task::DeclineExtra => msg!("lesson-why-decline"),
            Task::Bind { at } => msg!("lesson-why-bind", square = at.as_str()),
            Task::Free { at } => msg!("lesson-why-free", square = at.as_str()),
            Task::Check => msg!("lesson-why-check"),
            Task::Mate => {
                if gives_check(after, seat) {
                    msg!("lesson-why-mate-escapes")
                } else {
                    msg!("lesson-why-check")
                }
            }
            Task::Stalemate => {
                if gives_check(after, seat) {
                    msg!("lesson-why-stalemate-check")
                } else if after.outcome().is_some() {
                    msg!("lesson-why-win")
                } else {
                    msg!("lesson-why-stalemate")
                }
            }
            Task::Win => msg!("lesson-why-win"),
            Task::Eliminate { seat: out } => msg!(
                "lesson-why-eliminate",
                army = seat_army(Seat::from_number(*out).unwrap_or(Seat::SECOND))
            ),
        }
    }
}
