//! Why a text is not an action ([`SyntaxError`]), and why an action cannot be played or
//! a player cannot withdraw ([`IllegalAction`]). `Display` is plain English for logs;
//! the bot's words say it to players.

use super::army::Army;
use super::explain::Why;
use crate::xiangqi::Kind;
use crate::{token, Outcome, Reason, Square};

/// The text does not read as an action at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    #[error("type an action, like j4-j5 or R@g17")]
    Empty,
    #[error("“{}” is not a xiangqi4 action", token(.0))]
    NotAnAction(String),
    #[error("there are no passes in xiangqi4")]
    Pass,
    #[error("name the piece to drop before the @, like R@{0}")]
    DropWithoutKind(Square),
}

/// The action (or withdrawal) cannot be played now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    #[error(transparent)]
    Syntax(SyntaxError),
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// Off the grid or in a missing corner.
    #[error("{0} is not a point of the board")]
    NotAPoint(Square),
    #[error("{0} is empty")]
    Empty(Square),
    #[error("{at} holds {owner}'s {}, not one of yours ({you})", .kind.name())]
    NotYours {
        at: Square,
        owner: Army,
        kind: Kind,
        you: Army,
    },
    #[error("a move must leave {0}")]
    SamePoint(Square),
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Square),
    #[error("{at} holds your partner {partner}'s {}", .kind.name())]
    Partner {
        at: Square,
        partner: Army,
        kind: Kind,
    },
    /// The piece does not move that way; `why` says how it moves or what is in the way.
    #[error("{action}: {why}")]
    CannotReach { action: String, why: Why },
    #[error("{action} would leave your general on {general} in check")]
    LeavesGeneralAttacked { action: String, general: Square },
    #[error("only rooks, horses, cannons and pawns are dropped, not the {}", .0.name())]
    NotDroppable(Kind),
    #[error("you have no {} in reserve", .0.name())]
    NoReserve(Kind),
    #[error("{0} is not empty")]
    DropOccupied(Square),
    /// `army` is `None` for a point of the middle part.
    #[error("a {} from your reserve may not be dropped on {at}", .kind.name())]
    DropWrongArm {
        kind: Kind,
        at: Square,
        army: Option<Army>,
        /// The armies it may go back to (their arms).
        arms: Vec<Army>,
    },
    #[error("you already have {count} of {} on the board (at most {start})", .kind.name())]
    DropLimit {
        kind: Kind,
        count: usize,
        start: usize,
    },
    #[error("a {} dropped on {at} could capture on {target} at once", .kind.name())]
    DropCouldCapture {
        kind: Kind,
        at: Square,
        target: Square,
    },
    #[error("{0} is out of the game already")]
    NotInGame(Army),
    #[error("only resignation and timeout take a player out (not {0})")]
    NotAWithdrawal(Reason),
}

impl From<SyntaxError> for IllegalAction {
    fn from(e: SyntaxError) -> IllegalAction {
        IllegalAction::Syntax(e)
    }
}
