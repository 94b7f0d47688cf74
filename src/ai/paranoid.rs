//! Four-player xiangqi: the paranoid search.
//!
//! The seat to move plays against a coalition of everyone else (in `teams`: its side
//! is itself and its partner, the other side the two opponents). Each side's actions
//! maximise its own score, so the search is the same alpha-beta as for two players
//! (`search.rs`, reached through `with_position!` in `mod.rs` like every game's), the
//! sign flipping only where the side to act changes (`eval/xiangqi4.rs` says which seats
//! are a side). This file holds no code: it is the argument for that choice.
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
