//! Why a move text cannot be played: the text is unreadable ([`SyntaxError`]), or it
//! names no legal move in the position ([`IllegalMove`], with the rule that forbids it
//! as a [`Refusal`]). `Display` is plain English for logs; the bot's words say it to
//! players.

use super::action::Move;
use super::kind::Kind;
use super::piece::{Piece, Side};
use super::point::Point;
use crate::{token, EndRefused, Outcome, Seat};

/// A move text that is not a move, whatever the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    #[error("type a move, like h2-e2 or C2.5")]
    Empty,
    #[error("there are no passes in xiangqi")]
    Pass,
    #[error("“{}” is not a move", token(.0))]
    Unreadable(String),
    #[error("{} is not a point", token(.0))]
    OffBoard(String),
    #[error("{0}-{0} does not move")]
    SamePoint(Point),
    #[error("“{0}” is not a piece letter")]
    PieceLetter(char),
    #[error("“{}”: files and steps are counted from 1, not 0", token(.0))]
    Zero(String),
    #[error("“{}”: the {} never moves along its rank", token(.text), .kind.name())]
    NotSideways { text: String, kind: Kind },
    #[error("“{}”: mark tandem pieces with + and -", token(.0))]
    Tandem(String),
}

/// Why a move breaks the rules in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("{0} is empty")]
    Empty(Point),
    #[error("{at} holds a {}, not one of yours", .piece.name())]
    NotYours { at: Point, piece: Piece },
    #[error("{at} holds your own {}", .kind.name())]
    OwnPiece { at: Point, kind: Kind },
    #[error("the general moves one point orthogonally")]
    GeneralStep,
    #[error("the general cannot leave the palace")]
    GeneralPalace,
    #[error("an advisor moves one point diagonally")]
    AdvisorStep,
    #[error("an advisor cannot leave the palace")]
    AdvisorPalace,
    #[error("an elephant moves exactly two points diagonally")]
    ElephantStep,
    #[error("the elephant's eye at {0} is blocked")]
    ElephantEye(Point),
    #[error("an elephant cannot cross the river")]
    ElephantRiver,
    #[error("a horse moves one point straight, then one diagonally")]
    HorseStep,
    #[error("the horse's leg at {0} is blocked")]
    HorseLeg(Point),
    #[error("the {} moves along its file or rank", .0.name())]
    NotALine(Kind),
    #[error("the rook's way is blocked at {0}")]
    RookBlocked(Point),
    #[error("the cannon's way is blocked at {0}")]
    CannonBlocked(Point),
    #[error("a cannon captures over exactly one piece, and there is none")]
    CannonNoScreen,
    #[error("a cannon captures over exactly one piece, and there are {0}")]
    CannonScreens(usize),
    #[error("a pawn never moves backward")]
    PawnBackward,
    #[error("a pawn moves sideways only after crossing the river")]
    PawnSideways,
    #[error("a pawn moves one point at a time")]
    PawnStep,
    #[error("that move leaves your general in check")]
    LeavesCheck,
    #[error("that move leaves the generals facing each other on the {0} file")]
    GeneralsFace(char),
}

/// A move text, read, that names no legal move here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error("seat {0} does not play in this game of two")]
    NoSuchSeat(Seat),
    #[error("{mv} is not a legal move: {why}")]
    NotLegal { mv: Move, why: Refusal },
    #[error("no {} stands on file {file}", .piece.name())]
    NoPieceOnFile { piece: Piece, file: u8 },
    #[error("{count} {} pieces on file {file}: write {}", .piece.name(), .choices.join(" or "))]
    TandemChoice {
        piece: Piece,
        file: u8,
        count: usize,
        /// How to write each of the pieces, front first.
        choices: Vec<String>,
    },
    #[error("no two of the {} pieces stand on one file", .piece.name())]
    NoTandem { piece: Piece },
    #[error("{side} pawns stand in tandem on files {first} and {second}: put the file first")]
    TandemFiles { side: Side, first: u8, second: u8 },
    #[error("the {} on {at} cannot go to file {file}", .kind.name())]
    BadFile { kind: Kind, at: Point, file: u8 },
    #[error("the {} on {at} cannot go {steps} points {}: the board ends", .kind.name(), if *.forward { "forward" } else { "back" })]
    OffTheBoard {
        kind: Kind,
        at: Point,
        steps: u8,
        forward: bool,
    },
    #[error("the {} on {at} is on file {file} already", .kind.name())]
    SameFile { kind: Kind, at: Point, file: u8 },
}

/// Why a move text cannot be played: either kind of error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    #[error(transparent)]
    Syntax(SyntaxError),
    #[error(transparent)]
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

impl From<EndRefused> for IllegalAction {
    fn from(refused: EndRefused) -> IllegalAction {
        IllegalAction::Illegal(match refused {
            EndRefused::Over(outcome) => IllegalMove::GameOver(outcome),
            EndRefused::NoSuchSeat(seat) => IllegalMove::NoSuchSeat(seat),
        })
    }
}
