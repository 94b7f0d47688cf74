//! Four-player xiangqi: the paranoid search.
//!
//! The seat to move plays against a coalition of everyone else (in `teams`: its side
//! is itself and its partner, the other side the two opponents). Each side's actions
//! maximise its own score, so the search is the same alpha-beta as for two players
//! (`search.rs`), the sign flipping only where the side to act changes.
//!
//! Why paranoid rather than max-n or Monte Carlo tree search:
//! - In `teams` the game *is* two-sided and zero-sum: paranoid is exact there, not an
//!   assumption.
//! - In `ffa`, max-n allows only shallow pruning and so reaches about one ply less in
//!   the same budget; with ~60 legal actions per army, one full round (four plies) is
//!   already hard to reach in 2 s on one thread, and a search that does not see the
//!   reply of the next player misses the commonest tactic (a piece left hanging to the
//!   player after you). Paranoid alpha-beta, with the quiescence search on captures,
//!   sees those replies and is cautious in exactly the way a bot among three humans
//!   should be: it does not leave pieces where anyone can take them.
//! - Monte Carlo playouts need thousands of games to the end per move; a four-player
//!   game lasts hundreds of actions, each with a full legality check, and random
//!   playouts of xiangqi say little about a position. Two seconds buy a few hundred
//!   playouts, far too few.
//!
//! The cost of paranoia in `ffa` is passivity when the others are not really allied;
//! the evaluation (own worth against the *mean* of the opponents, plus a bonus for each
//! opponent out) keeps it keen on material and on eliminations it can bring about.

use super::eval::xiangqi4::Xiangqi4Pos;
use super::level::Budget;
use super::search::{RootResult, Searcher};
use crate::games::xiangqi4::{Action, Xiangqi4};
use crate::games::Game;
use std::time::Instant;

/// Transposition table size of a four-player search (entries, as a power of two).
const TT_BITS: u32 = 16;

/// Searches a four-player position for the seat to move.
pub fn search(
    game: &Xiangqi4,
    budget: Budget,
    deadline: Option<Instant>,
    seed: u64,
) -> Option<(RootResult<Action>, Xiangqi4Pos)> {
    let root = game.to_move()?;
    let pos = Xiangqi4Pos::new(game);
    let mut searcher = Searcher::new(root, TT_BITS, &[]);
    let result = searcher.search_root(&pos, budget, deadline, seed)?;
    Some((result, pos))
}
