//! Why a Yoté action cannot be played: typed, with the squares a player needs.
//! `Display` is plain English for logs; the bot's words say it to players.

use crate::{token, Dims, EndRefused, Outcome, Seat, Square};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    #[error("“{}” is not a yoté action", token(.0))]
    Syntax(String),
    #[error("“{}”: only a capture removes a bonus piece", token(.0))]
    BonusWithoutCapture(String),
    #[error("a capture has at most 12 jumps, not {0}")]
    TooManyJumps(usize),
    #[error("passes are automatic and never typed in Yoté")]
    PassTyped,
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error("seat {0} does not play in this game of two")]
    NoSuchSeat(Seat),
    #[error("{square} is off the {dims} board")]
    OffBoard { square: Square, dims: Dims },
    #[error("no pieces left in reserve")]
    NoReserve,
    #[error("{0} is not empty")]
    Occupied(Square),
    #[error("{0} is empty")]
    Empty(Square),
    #[error("{0} holds no piece of yours")]
    NotYours(Square),
    #[error("{from}-{to} is not a step")]
    NotAStep {
        from: Square,
        to: Square,
        /// It goes two squares in a line: the player may have meant a jump.
        looks_like_a_jump: bool,
    },
    #[error("{from}x{to} is not a jump")]
    NotAJump { from: Square, to: Square },
    #[error("{from}x{to} jumps over {over}, which holds no enemy piece")]
    NothingToJump {
        from: Square,
        over: Square,
        to: Square,
    },
    #[error("{from}x{to} lands on {to}, which is not empty")]
    LandingTaken { from: Square, to: Square },
    #[error("{chain} must also remove one of the opponent's pieces: {}", bonus_choices(.chain, .choices))]
    BonusNeeded { chain: String, choices: Vec<Square> },
    #[error("{chain} leaves the opponent no piece to remove: write it without /{bonus}")]
    NoBonusLeft { chain: String, bonus: Square },
    #[error("{0} is jumped by this capture already")]
    BonusJumped(Square),
    #[error("{0} holds no piece of the opponent")]
    BonusNotTheirs(Square),
}

/// Each way to write the capture with its bonus: `c3xc5/a5, c3xc5/f5`.
fn bonus_choices(chain: &str, choices: &[Square]) -> String {
    let texts: Vec<String> = choices.iter().map(|sq| format!("{chain}/{sq}")).collect();
    texts.join(", ")
}

impl From<EndRefused> for IllegalAction {
    fn from(refused: EndRefused) -> IllegalAction {
        match refused {
            EndRefused::Over(outcome) => IllegalAction::GameOver(outcome),
            EndRefused::NoSuchSeat(seat) => IllegalAction::NoSuchSeat(seat),
        }
    }
}
