//! Why a text is not an action ([`SyntaxError`]), and why an action cannot be played or
//! a player cannot withdraw ([`IllegalAction`]): typed, put into words by `crate::i18n`.

use super::army::Army;
use super::explain::Why;
use crate::games::xiangqi::Kind;
use crate::games::{Outcome, Reason, Square};

/// The text does not read as an action at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxError {
    Empty,
    NotAnAction(String),
    Pass,
    DropWithoutKind(Square),
}

/// The action (or withdrawal) cannot be played now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    Syntax(SyntaxError),
    GameOver(Outcome),
    /// Off the grid or in a missing corner.
    NotAPoint(Square),
    Empty(Square),
    NotYours {
        at: Square,
        owner: Army,
        kind: Kind,
        you: Army,
    },
    SamePoint(Square),
    OwnPiece(Square),
    Partner {
        at: Square,
        partner: Army,
        kind: Kind,
    },
    /// The piece does not move that way; `why` says how it moves or what is in the way.
    CannotReach {
        action: String,
        why: Why,
    },
    LeavesGeneralAttacked {
        action: String,
        general: Square,
    },
    NotDroppable(Kind),
    NoReserve(Kind),
    DropOccupied(Square),
    /// `army` is `None` for a point of the middle part.
    DropWrongArm {
        kind: Kind,
        at: Square,
        army: Option<Army>,
        /// The armies it may go back to (their arms).
        arms: Vec<Army>,
    },
    DropLimit {
        kind: Kind,
        count: usize,
        start: usize,
    },
    DropCouldCapture {
        kind: Kind,
        at: Square,
        target: Square,
    },
    NotInGame(Army),
    NotAWithdrawal(Reason),
}

impl From<SyntaxError> for IllegalAction {
    fn from(e: SyntaxError) -> IllegalAction {
        IllegalAction::Syntax(e)
    }
}
