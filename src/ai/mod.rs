//! Game-playing engines for every game (issue #17, "A worthy opponent"): pure code, no
//! I/O, no async.
//!
//! [`choose`] picks an action for the seat to move in an [`AnyGame`], at one of five
//! [`Level`]s, and says why in a typed [`Reason`] (the front ends put it into words).
//! [`analysis::analyse`] replays a finished game and finds its evaluation after every
//! ply and its biggest mistakes.
//!
//! **One action at a time.** Where a turn holds several actions (two stones placed in
//! sidja, a sudan extra move after a capture), `choose` returns the next action only;
//! the caller plays it and calls `choose` again while the same seat is to move. The
//! searches know about such turns: the sign of a score flips only where the side to
//! act changes.
//!
//! **Deterministic.** A level is a node budget (see [`Level::budget`]), so the same
//! position, level and seed give the same action on any machine; the seed breaks ties
//! and drives the deliberate mistakes of levels 1 and 2. [`Limits::max_time`] (2 s by
//! default) is a safety net only: the budgets stay well below it on a slow machine.
//!
//! Layout: `position.rs` is what a search needs of a game ([`position::Searchable`]
//! leads from an engine to its search position), `eval/` each game's position and
//! evaluation, `search.rs` the alpha-beta search, `tt.rs` its table,
//! `paranoid.rs` the four-player search (and why it is paranoid), `level.rs` the
//! levels, `reason.rs` the reasons, `analysis.rs` the review of a finished game.

pub mod analysis;
pub mod eval;
pub mod level;
pub mod paranoid;
pub mod position;
pub mod reason;
pub mod search;
pub mod tt;

pub use analysis::{analyse, Analysis, Mistake, PlyReview, MISTAKE, TURNING};
pub use level::{Budget, Level, LevelError, Limits};
pub use reason::{Outlook, Reason};
pub use search::{MATE, MATE_BOUND};

use crate::games::{each_kind, AnyGame, Game, GameKind};
use position::{Position, Searchable};
use search::{RootResult, Searcher};
use std::time::Instant;

/// An action chosen for the seat to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The action's canonical text, as [`AnyGame::play`] takes it.
    pub action: String,
    /// Its value from the mover's side, centipawn-like (100 is about a pawn, a stone or
    /// a column's unit of height); beyond ±[`MATE_BOUND`] a forced win or loss, see
    /// [`plies_to_end`].
    pub score: i32,
    pub reason: Reason,
    /// The deepest search iteration completed, in actions.
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
}

/// For a score beyond ±[`MATE_BOUND`]: in how many actions the game is won (positive)
/// or lost (negative), this one included.
pub fn plies_to_end(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// Picks an action for the seat to move, with the default [`Limits`]. `None` when the
/// game is over.
pub fn choose(game: &AnyGame, level: Level, seed: u64) -> Option<Choice> {
    choose_with(game, level, seed, Limits::default())
}

/// Picks an action for the seat to move within `limits`. `None` when the game is over.
pub fn choose_with(game: &AnyGame, level: Level, seed: u64, limits: Limits) -> Option<Choice> {
    let budget = budget_for(game.kind(), level, limits);
    choose_within(game, budget, tt_bits(level), seed, limits)
}

/// Picks an action within a budget that is not a level's (the tournament tries budgets
/// with it), with a transposition table of `2^bits` entries.
pub fn choose_within(
    game: &AnyGame,
    budget: Budget,
    bits: u32,
    seed: u64,
    limits: Limits,
) -> Option<Choice> {
    game.to_move()?;
    let deadline = limits.max_time.map(|t| Instant::now() + t);
    with_position!(game, |pos, prior| {
        let mut searcher = searcher_for(game, pos.mover()?, bits, prior);
        let result = searcher.search_root(&pos, budget, deadline, seed)?;
        Some(choice_of(&pos, &result))
    })
}

/// Runs `$body` with `$pos` bound to the search position of an [`AnyGame`] and
/// `$prior` to the keys of earlier positions a repetition may return to (each game's
/// [`Searchable`]).
macro_rules! with_position {
    ($game:expr, |$pos:ident, $prior:ident| $body:expr) => {
        crate::games::each_game!($game, engine => {
            let $pos = crate::ai::position::Searchable::position(&**engine);
            let $prior: &[u64] = crate::ai::position::Searchable::prior(&**engine);
            $body
        })
    };
}
pub(crate) use with_position;

/// A level's budget for a game, within `limits`.
pub fn budget_for(kind: GameKind, level: Level, limits: Limits) -> Budget {
    scaled_for(kind, level_budget(kind, level), limits)
}

/// A level's budget in a game, before the game's node cost (each game's
/// [`Searchable::level_budget`]).
fn level_budget(kind: GameKind, level: Level) -> Budget {
    each_kind!(kind, E => <E as Searchable>::level_budget(level))
}

/// Any budget scaled for a game (its nodes' cost) and by `limits`, as a level's is.
pub fn scaled_for(kind: GameKind, budget: Budget, limits: Limits) -> Budget {
    let node_percent = each_kind!(kind, E => <E as Searchable>::NODE_PERCENT);
    budget.scaled(node_percent * u64::from(limits.node_percent), 100 * 100)
}

/// A searcher for `root` in `game`, with the contempt of a game that long.
fn searcher_for<P: Position>(
    game: &AnyGame,
    root: crate::games::Seat,
    bits: u32,
    prior: &[u64],
) -> Searcher<P> {
    let mut searcher = Searcher::new(root, bits, prior);
    searcher.set_contempt(search::contempt_after(game.history().len()));
    searcher
}

fn tt_bits(level: Level) -> u32 {
    match level {
        Level::L1 | Level::L2 => 14,
        Level::L3 => 16,
        Level::L4 | Level::L5 => 18,
    }
}

/// The choice and its reason, from a root search.
fn choice_of<P: Position>(pos: &P, result: &RootResult<P::Action>) -> Choice {
    Choice {
        action: result.action.to_string(),
        score: result.score,
        reason: reason::reason_for(pos, result),
        depth: result.depth,
        nodes: result.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A level's name must mean something in every game: each level searches deeper
    /// or more nodes than the one below, never shallower, and errs no more. (Yoté's
    /// level 3 has fewer nodes than level 2, whose search stops at depth 3.)
    #[test]
    fn every_level_searches_more_than_the_one_below_in_every_game() {
        for &kind in GameKind::ALL {
            for pair in Level::ALL.windows(2) {
                let lower = budget_for(kind, pair[0], Limits::default());
                let upper = budget_for(kind, pair[1], Limits::default());
                let why = format!(
                    "{kind:?}: level {} {upper:?}, level {} {lower:?}",
                    pair[1], pair[0]
                );
                assert!(upper.depth >= lower.depth, "{why}");
                assert!(
                    upper.depth > lower.depth || upper.nodes > lower.nodes,
                    "{why}"
                );
                assert!(upper.noise <= lower.noise, "{why}");
                assert!(upper.blunder_percent <= lower.blunder_percent, "{why}");
            }
        }
    }

    /// In Yoté a level from 3 up has at least ten times the nodes of the one below
    /// (see Yoté's [`Searchable::level_budget`]): four times, elsewhere's step, drew
    /// most of its games.
    #[test]
    fn yote_levels_from_three_up_are_ten_times_apart() {
        let nodes = |level| budget_for(GameKind::Yote, level, Limits::default()).nodes;
        assert_eq!(nodes(Level::L5), Level::L5.budget().nodes);
        assert!(nodes(Level::L5) >= 10 * nodes(Level::L4));
        assert!(nodes(Level::L4) >= 10 * nodes(Level::L3));
    }

    /// `ai/mod.rs` names no game: each game's search position and costs come from its
    /// [`Searchable`] through the game list, so a new game needs no line here.
    #[test]
    fn the_search_dispatch_names_no_game() {
        let text = include_str!("mod.rs");
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for kind in GameKind::ALL {
                let variant = format!("{kind:?}");
                assert!(
                    !line.contains(&variant) && !line.contains(kind.name()),
                    "{line}"
                );
            }
        }
    }
}
