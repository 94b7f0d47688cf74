//! Why a move text cannot be played (typed; put into words by `crate::i18n`): the text is unreadable
//! ([`SyntaxError`]), or it names no legal move in the position ([`IllegalMove`], with
//! the rule that forbids it as a [`Refusal`]).

use super::action::Move;
use super::kind::Kind;
use super::piece::{Piece, Side};
use super::point::Point;
use crate::games::Outcome;

/// A move text that is not a move, whatever the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxError {
    Empty,
    Pass,
    Unreadable(String),
    OffBoard(String),
    SamePoint(Point),
    PieceLetter(char),
    Zero(String),
    NotSideways { text: String, kind: Kind },
    Tandem(String),
}

/// Why a move breaks the rules in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Empty(Point),
    NotYours { at: Point, piece: Piece },
    OwnPiece { at: Point, kind: Kind },
    GeneralStep,
    GeneralPalace,
    AdvisorStep,
    AdvisorPalace,
    ElephantStep,
    ElephantEye(Point),
    ElephantRiver,
    HorseStep,
    HorseLeg(Point),
    NotALine(Kind),
    RookBlocked(Point),
    CannonBlocked(Point),
    CannonNoScreen,
    CannonScreens(usize),
    PawnBackward,
    PawnSideways,
    PawnStep,
    LeavesCheck,
    GeneralsFace(char),
}

/// A move text, read, that names no legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver(Outcome),
    NoSuchSeat(crate::games::Seat),
    NotLegal {
        mv: Move,
        why: Refusal,
    },
    NoPieceOnFile {
        piece: Piece,
        file: u8,
    },
    TandemChoice {
        piece: Piece,
        file: u8,
        count: usize,
        /// How to write each of the pieces, front first.
        choices: Vec<String>,
    },
    NoTandem {
        piece: Piece,
    },
    TandemFiles {
        side: Side,
        first: u8,
        second: u8,
    },
    BadFile {
        kind: Kind,
        at: Point,
        file: u8,
    },
    OffTheBoard {
        kind: Kind,
        at: Point,
        steps: u8,
        forward: bool,
    },
    SameFile {
        kind: Kind,
        at: Point,
        file: u8,
    },
}

/// Why a move text cannot be played: either kind of error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    Syntax(SyntaxError),
    Illegal(IllegalMove),
}

impl From<SyntaxError> for IllegalAction {
    fn from(e: SyntaxError) -> IllegalAction {
        IllegalAction::Syntax(e)
    }
}

impl From<IllegalMove> for IllegalAction {
    fn from(e: IllegalMove) -> IllegalAction {
        IllegalAction::Illegal(e)
    }
}

impl From<crate::games::EndRefused> for IllegalAction {
    fn from(refused: crate::games::EndRefused) -> IllegalAction {
        IllegalAction::Illegal(match refused {
            crate::games::EndRefused::Over(outcome) => IllegalMove::GameOver(outcome),
            crate::games::EndRefused::NoSuchSeat(seat) => IllegalMove::NoSuchSeat(seat),
        })
    }
}
