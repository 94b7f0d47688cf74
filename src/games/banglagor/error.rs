//! Why a Banglagor action cannot be played: typed, with the squares and heights a
//! player needs (put into words by `crate::i18n`).

use crate::games::{Outcome, Square};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    Syntax(String),
    PassTyped,
    GameOver(Outcome),
    NoSuchSeat(crate::games::Seat),
    OffBoard(Square),
    StillPlacing,
    AllPlaced,
    BadHeight(u8),
    NoneLeft {
        height: u8,
        /// Columns left to place, by height 1, 2, 3.
        in_hand: [u8; 3],
    },
    NotYourLand {
        square: Square,
        ranks: &'static str,
    },
    BorderRow {
        square: Square,
        ranks: &'static str,
    },
    Taken(Square),
    Empty(Square),
    NotYours(Square),
    Bound(Square),
    NotBound(Square),
    Unreachable {
        from: Square,
        to: Square,
        height: u8,
    },
    PathLength {
        from: Square,
        height: u8,
        taken: u8,
    },
    NotAStep(Square, Square),
    PathBlocked(Square),
    NotOnLastRank {
        from: Square,
        rank: u8,
    },
    Occupied(Square),
    SameSquare(Square),
    NotAdjacent {
        target: Square,
        to: Square,
    },
    NoEnemy(Square),
    ChooseTarget {
        what: String,
        options: Vec<String>,
    },
}

impl From<crate::games::EndRefused> for IllegalAction {
    fn from(refused: crate::games::EndRefused) -> IllegalAction {
        match refused {
            crate::games::EndRefused::Over(outcome) => IllegalAction::GameOver(outcome),
            crate::games::EndRefused::NoSuchSeat(seat) => IllegalAction::NoSuchSeat(seat),
        }
    }
}
