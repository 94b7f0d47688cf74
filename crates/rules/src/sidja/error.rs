//! Why a Sidja action cannot be played: typed, with the squares and counts a player
//! needs. `Display` is plain English for logs; the bot's words say it to players.

use super::Action;
use crate::{token, Dims, EndRefused, Outcome, Seat, Square};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    #[error("“{}” is not a sidja action", token(.0))]
    Syntax(String),
    #[error("passes are automatic: `pass` only declines sudan's extra move")]
    PassTyped,
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error("seat {0} does not play in this game of two")]
    NoSuchSeat(Seat),
    #[error("{square} is off the {dims} board")]
    OffBoard { square: Square, dims: Dims },
    #[error("{0} is the centre")]
    Centre(Square),
    #[error("{0} is taken")]
    Taken(Square),
    #[error("stones are still being placed ({0} left in hand)")]
    StillPlacing(u8),
    #[error("every stone is placed")]
    AllPlaced,
    #[error("{0} is empty")]
    Empty(Square),
    #[error("{0} holds no stone of yours")]
    NotYours(Square),
    #[error("{0} is occupied")]
    Occupied(Square),
    #[error("{from}-{to} is not a step")]
    NotAStep {
        from: Square,
        to: Square,
        /// Whether stones step diagonally too (the `sidja` variant).
        diagonals: bool,
    },
    #[error("after a capture you must go on capturing, and {0} captures nothing")]
    MustCapture(Action),
    #[error("after a capture the stone on {0} must go on capturing")]
    SameStone(Square),
}

impl From<EndRefused> for IllegalAction {
    fn from(refused: EndRefused) -> IllegalAction {
        match refused {
            EndRefused::Over(outcome) => IllegalAction::GameOver(outcome),
            EndRefused::NoSuchSeat(seat) => IllegalAction::NoSuchSeat(seat),
        }
    }
}
