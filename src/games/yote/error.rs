//! Why a Yoté action cannot be played: typed, with the squares a player needs (put into
//! words by `crate::i18n`).

use crate::games::{Dims, Outcome, Square};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    Syntax(String),
    BonusWithoutCapture(String),
    TooManyJumps(usize),
    PassTyped,
    GameOver(Outcome),
    NoSuchSeat(crate::games::Seat),
    OffBoard {
        square: Square,
        dims: Dims,
    },
    NoReserve,
    Occupied(Square),
    Empty(Square),
    NotYours(Square),
    NotAStep {
        from: Square,
        to: Square,
        /// It goes two squares in a line: the player may have meant a jump.
        looks_like_a_jump: bool,
    },
    NotAJump {
        from: Square,
        to: Square,
    },
    NothingToJump {
        from: Square,
        over: Square,
        to: Square,
    },
    LandingTaken {
        from: Square,
        to: Square,
    },
    BonusNeeded {
        chain: String,
        choices: Vec<Square>,
    },
    NoBonusLeft {
        chain: String,
        bonus: Square,
    },
    BonusJumped(Square),
    BonusNotTheirs(Square),
}

impl From<crate::games::EndRefused> for IllegalAction {
    fn from(refused: crate::games::EndRefused) -> IllegalAction {
        match refused {
            crate::games::EndRefused::Over(outcome) => IllegalAction::GameOver(outcome),
            crate::games::EndRefused::NoSuchSeat(seat) => IllegalAction::NoSuchSeat(seat),
        }
    }
}
