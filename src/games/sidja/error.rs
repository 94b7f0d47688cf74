//! Why a Sidja action cannot be played: typed, with the squares and counts a player
//! needs (put into words by `crate::i18n`).

use super::Action;
use crate::games::{Dims, Outcome, Square};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    Syntax(String),
    PassTyped,
    GameOver(Outcome),
    NoSuchSeat(crate::games::Seat),
    OffBoard {
        square: Square,
        dims: Dims,
    },
    Centre(Square),
    Taken(Square),
    StillPlacing(u8),
    AllPlaced,
    Empty(Square),
    NotYours(Square),
    Occupied(Square),
    NotAStep {
        from: Square,
        to: Square,
        /// Whether stones step diagonally too (the `sidja` variant).
        diagonals: bool,
    },
    MustCapture(Action),
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
