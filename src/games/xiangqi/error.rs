//! Why a move text cannot be played, in a player's words: the text is unreadable
//! ([`SyntaxError`]), or it names no legal move in the position ([`IllegalMove`], with
//! the rule that forbids it as a [`Refusal`]).

use super::action::Move;
use super::kind::Kind;
use super::piece::{Piece, Side};
use super::point::Point;
use crate::games::Outcome;
use thiserror::Error;

/// A move text that is not a move, whatever the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SyntaxError {
    #[error("type a move, like h2-e2 or C2.5")]
    Empty,
    #[error("there are no passes in xiangqi: a player without a legal move has lost")]
    Pass,
    #[error("“{0}” is not a move: write coordinates like h2-e2 (ICCS), or WXF like C2.5, H8+7, R1+1 or +C.5")]
    Unreadable(String),
    #[error("{0} is not a point: files run from a to i and ranks from 0 to 9")]
    OffBoard(String),
    #[error("{0}-{0} does not move: the piece must go to another point")]
    SamePoint(Point),
    #[error("“{0}” is not a piece letter: use K A E H R C P (B for the elephant and N for the horse also work)")]
    PieceLetter(char),
    #[error("“{0}”: files and steps are counted from 1 to 9, not 0")]
    Zero(String),
    #[error("“{text}”: {article} {kind} never moves along its rank, so it takes + or -, not . or =", article = article(*.kind), kind = .kind.name())]
    NotSideways { text: String, kind: Kind },
    #[error("“{0}”: mark tandem pieces with + (front) and - (rear), like +C.5, C+.5 or 3+.4 (and 33.4 for the middle pawn of file 3)")]
    Tandem(String),
}

/// Why a move breaks the rules in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    #[error("{0} is empty")]
    Empty(Point),
    #[error("{at} holds a {piece}, not one of yours", piece = .piece.name())]
    NotYours { at: Point, piece: Piece },
    #[error("{at} holds your own {kind}", kind = .kind.name())]
    OwnPiece { at: Point, kind: Kind },
    #[error("the general moves one point up, down, left or right")]
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
    #[error("a horse moves one point straight, then one diagonally outwards")]
    HorseStep,
    #[error("the horse's leg at {0} is blocked")]
    HorseLeg(Point),
    #[error("{article} {kind} moves along its file or rank", article = article(*.0), kind = .0.name())]
    NotALine(Kind),
    #[error("the rook's way is blocked at {0}")]
    RookBlocked(Point),
    #[error("a cannon moves without capturing only along an open line, and {0} is in the way")]
    CannonBlocked(Point),
    #[error("a cannon captures by jumping over exactly one piece, and there is none between")]
    CannonNoScreen,
    #[error("a cannon captures by jumping over exactly one piece, and there are {0} between")]
    CannonScreens(usize),
    #[error("a pawn never moves backward")]
    PawnBackward,
    #[error("a pawn moves sideways only after crossing the river")]
    PawnSideways,
    #[error("a pawn moves one point at a time")]
    PawnStep,
    #[error("that move leaves your general in check")]
    LeavesCheck,
    #[error(
        "that move leaves the generals facing each other on the {0} file with nothing between"
    )]
    GeneralsFace(char),
}

/// A move text, read, that names no legal move here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error("seat {0} does not play in this game of two")]
    NoSuchSeat(crate::games::Seat),
    #[error("{mv} is not a legal move: {why}")]
    NotLegal { mv: Move, why: Refusal },
    #[error("no {piece} stands on file {file}", piece = .piece.name())]
    NoPieceOnFile { piece: Piece, file: u8 },
    #[error("{}", tandem_choice(.piece, *.file, *.count, .choices))]
    TandemChoice {
        piece: Piece,
        file: u8,
        count: usize,
        /// How to write each of the pieces, front first.
        choices: Vec<String>,
    },
    #[error("no two {piece}s stand on one file, so none is the front or rear one", piece = .piece.name())]
    NoTandem { piece: Piece },
    #[error("{side} pawns stand in tandem on files {first} and {second}: put the file first, like {first}+ or {second}-")]
    TandemFiles { side: Side, first: u8, second: u8 },
    #[error("the {kind} on {at} cannot go to file {file}: {why}", kind = .kind.name())]
    BadFile {
        kind: Kind,
        at: Point,
        file: u8,
        why: &'static str,
    },
    #[error("the {kind} on {at} cannot go {steps} point{s} {way}: the board ends", kind = .kind.name(), s = if *.steps == 1 { "" } else { "s" })]
    OffTheBoard {
        kind: Kind,
        at: Point,
        steps: u8,
        way: &'static str,
    },
    #[error("the {kind} on {at} is on file {file} already: a sideways move goes to another file", kind = .kind.name())]
    SameFile { kind: Kind, at: Point, file: u8 },
}

/// Why a move text cannot be played: either kind of error.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalAction {
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// "a" or "an" before a kind's name.
pub fn article(kind: Kind) -> &'static str {
    match kind {
        Kind::Advisor | Kind::Elephant => "an",
        _ => "a",
    }
}

fn number_word(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        n => n.to_string(),
    }
}

/// "there are two red cannons on file 2: write +C or -C".
fn tandem_choice(piece: &Piece, file: u8, count: usize, choices: &[String]) -> String {
    let listed = match choices.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    };
    if count == 1 {
        format!(
            "only one {} stands on file {file}: write {listed}",
            piece.name()
        )
    } else {
        format!(
            "there are {} {}s on file {file}: write {listed}",
            number_word(count),
            piece.name()
        )
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
