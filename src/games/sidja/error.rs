//! Why a Sidja action cannot be played, in a player's words.

use super::Action;
use crate::games::{Dims, Outcome, Square};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalAction {
    #[error("“{0}” is not a sidja action: place a stone by naming a square (c1) or move one with from-to (b3-c3)")]
    Syntax(String),
    #[error("passes are automatic: `pass` can be typed only in sudan, right after a capture, to decline the extra move it earns")]
    PassTyped,
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error("seat {0} does not play in this game of two")]
    NoSuchSeat(crate::games::Seat),
    #[error("{square} is off the {dims} board")]
    OffBoard { square: Square, dims: Dims },
    #[error("{0} is the centre: it stays empty until every stone is placed")]
    Centre(Square),
    #[error("{0} is taken: place your stone on an empty square")]
    Taken(Square),
    #[error(
        "stones are still being placed ({0} left in your hand): name an empty square, like c1"
    )]
    StillPlacing(u8),
    #[error("every stone is placed: move one of yours a step, like b3-c3")]
    AllPlaced,
    #[error("{0} is empty: move one of your stones")]
    Empty(Square),
    #[error("{0} holds no stone of yours")]
    NotYours(Square),
    #[error("{0} is occupied: a stone moves to an empty square")]
    Occupied(Square),
    #[error("{from}-{to} is not a step: stones move one square {how}")]
    NotAStep {
        from: Square,
        to: Square,
        how: &'static str,
    },
    #[error("after a capture you must go on capturing, and {0} captures nothing")]
    MustCapture(Action),
    #[error("after a capture the stone on {0} must go on capturing")]
    SameStone(Square),
}

impl From<crate::games::EndRefused> for IllegalAction {
    fn from(refused: crate::games::EndRefused) -> IllegalAction {
        match refused {
            crate::games::EndRefused::Over(outcome) => IllegalAction::GameOver(outcome),
            crate::games::EndRefused::NoSuchSeat(seat) => IllegalAction::NoSuchSeat(seat),
        }
    }
}
