//! Each game's [`Position`](super::position::Position): how the searches play it, hash
//! it and weigh it.

pub mod banglagor;
pub mod sidja;
pub mod xiangqi;
pub mod xiangqi4;
pub mod yote;

use super::position::Terminal;
use crate::games::{Outcome, Seat};

/// How a finished game ends for `root`, by its outcome's winners.
pub fn terminal_of(outcome: &Outcome, root: Seat) -> Terminal {
    if outcome.winners.is_empty() {
        Terminal::Draw
    } else if outcome.winners.contains(&root) {
        Terminal::Win
    } else {
        Terminal::Loss
    }
}
