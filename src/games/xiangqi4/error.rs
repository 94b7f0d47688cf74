//! Why a text is not an action ([`SyntaxError`]), and why an action cannot be played or
//! a player cannot withdraw ([`IllegalAction`]), in a player's words.

use super::army::Army;
use crate::games::xiangqi::Kind;
use crate::games::{Outcome, Reason, Square};
use thiserror::Error;

/// The text does not read as an action at all.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SyntaxError {
    #[error("type an action, like j4-j5 or R@g17")]
    Empty,
    #[error("“{0}” is not a xiangqi4 action: move a piece with from-to, like j4-j5, or drop a reserve piece with its letter, @ and the point, like R@g17")]
    NotAnAction(String),
    #[error(
        "there are no passes in xiangqi4: a player with no legal action is eliminated instead"
    )]
    Pass,
    #[error("name the piece to drop before the @: R, H, C or P, like R@{0}")]
    DropWithoutKind(Square),
}

/// The action (or withdrawal) cannot be played now.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalAction {
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// Off the grid or in a missing corner (the message says which).
    #[error("{0}")]
    NotAPoint(String),
    #[error("{0} is empty: there is no piece to move")]
    Empty(Square),
    #[error("{at} holds {owner}'s {kind}, not one of yours (you play {you})", kind = .kind.name())]
    NotYours {
        at: Square,
        owner: Army,
        kind: Kind,
        you: Army,
    },
    #[error("a move must leave {0}: name another point to go to")]
    SamePoint(Square),
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Square),
    #[error("{at} holds your partner {partner}'s {kind}: partners' pieces cannot be captured", kind = .kind.name())]
    Partner {
        at: Square,
        partner: Army,
        kind: Kind,
    },
    /// The piece does not move that way; `why` says how it moves or what is in the way.
    #[error("{action}: {why}")]
    CannotReach { action: String, why: String },
    #[error("{action} would leave your general on {general} in check")]
    LeavesGeneralAttacked { action: String, general: Square },
    #[error("only rooks, horses, cannons and pawns are dropped, never {}", with_article(*.0))]
    NotDroppable(Kind),
    #[error("you have no {kind} in reserve", kind = .0.name())]
    NoReserve(Kind),
    #[error("{0} is not empty: drop on an empty point")]
    DropOccupied(Square),
    /// `army` is `None` for a point of the middle part.
    #[error("a {kind} from your reserve may be dropped only in {arms} (the arm of the army it was taken from), not on {at}{place}", kind = .kind.name(), place = where_words(*.army))]
    DropWrongArm {
        kind: Kind,
        at: Square,
        army: Option<Army>,
        arms: String,
    },
    #[error("you already have {count} {kind}s on the board: a {kind} is dropped only while you have fewer than at the start ({start})", kind = .kind.name())]
    DropLimit {
        kind: Kind,
        count: usize,
        start: usize,
    },
    #[error("a {kind} dropped on {at} could capture on {target} at once: drop it where it cannot capture", kind = .kind.name())]
    DropCouldCapture {
        kind: Kind,
        at: Square,
        target: Square,
    },
    #[error("{0} is out of the game already")]
    NotInGame(Army),
    #[error("only resignation and timeout take a player out of the game (not “{0}”)")]
    NotAWithdrawal(Reason),
}

/// "a general", "an elephant".
fn with_article(kind: Kind) -> String {
    let name = kind.name();
    let article = if name.starts_with(['a', 'e']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// " in Black's arm", " in the middle part".
fn where_words(army: Option<Army>) -> String {
    match army {
        Some(a) => format!(" in {a}'s arm"),
        None => " in the middle part".to_string(),
    }
}

/// "Black's arm (files o–s, ranks 6–14)", joined with "and": where reserve pieces from
/// `armies` may be dropped.
pub fn arms_words(armies: &[Army]) -> String {
    let words: Vec<String> = armies
        .iter()
        .map(|a| format!("{a}'s arm ({})", a.arm_words()))
        .collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
