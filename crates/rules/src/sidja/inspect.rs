//! Read-only views for the engines of `crate::ai`: a copy of the position without the
//! record (searches copy positions at every node, and the rules never read the record),
//! and the counters an evaluation weighs.

use super::{Continuation, Sidja};
use crate::{Seat, Square};

impl Sidja {
    /// The same position with an empty record and no endings: what a search copies.
    /// The rules never read the record, so every action plays out the same on it.
    pub fn search_copy(&self) -> Sidja {
        Sidja {
            options: self.options,
            board: self.board.clone(),
            in_hand: self.in_hand,
            captured: self.captured,
            to_move: self.to_move,
            placed_this_turn: self.placed_this_turn,
            continuation: self.continuation,
            turn_captured: self.turn_captured,
            captures_this_turn: self.captures_this_turn,
            quiet_turns: self.quiet_turns,
            outcome: self.outcome.clone(),
            steps: Vec::new(),
            endings: Vec::new(),
        }
    }

    /// Stones placed so far in the placement turn under way.
    pub fn placed_this_turn(&self) -> u8 {
        self.placed_this_turn
    }

    /// Quiet turns that end the game by the stall rule.
    pub fn stall_limit(&self) -> u16 {
        2 * self.options.stall_rounds()
    }

    /// How many enemy stones `seat` would capture by stepping `from`-`to` (whether or
    /// not the step is legal now).
    pub fn captures_of_step(&self, from: Square, to: Square, seat: Seat) -> u32 {
        self.capture_mask(from, to, seat).count_ones()
    }

    /// The continuation under way, if any (re-exported for evaluations).
    pub fn continuation_now(&self) -> Option<Continuation> {
        self.continuation
    }
}
