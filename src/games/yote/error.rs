//! Why a Yoté action cannot be played, in a player's words.

use crate::games::{Dims, Outcome, Square};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalAction {
    #[error("“{0}” is not a yoté action: drop a piece with @c3 (or c3), step with c3-c4, capture by jumping with c3xc5 (then /b2 names the piece you remove)")]
    Syntax(String),
    #[error("“{0}”: only a capture removes a bonus piece, so a drop or a step has no /")]
    BonusWithoutCapture(String),
    #[error("a capture has at most 12 jumps, not {0}")]
    TooManyJumps(usize),
    #[error("passes are automatic: the bot passes for a player with no legal action, and `pass` is never typed in Yoté (only in sudan sidja, to decline an extra move)")]
    PassTyped,
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error("seat {0} does not play in this game of two")]
    NoSuchSeat(crate::games::Seat),
    #[error("{square} is off the {dims} board")]
    OffBoard { square: Square, dims: Dims },
    #[error("you have no pieces left in reserve: step or capture with a piece on the board")]
    NoReserve,
    #[error("{0} is not empty")]
    Occupied(Square),
    #[error("{0} holds no piece of yours: it is empty")]
    Empty(Square),
    #[error("{0} holds no piece of yours")]
    NotYours(Square),
    #[error("{from}-{to} is not a step: a piece steps one square up, down, left or right{hint}")]
    NotAStep {
        from: Square,
        to: Square,
        /// How to write it when it looks like a jump.
        hint: String,
    },
    #[error("{from}x{to} is not a jump: a piece jumps over the enemy piece next to it (up, down, left or right) onto the square right behind it")]
    NotAJump { from: Square, to: Square },
    #[error("{from}x{to} jumps over {over}, which holds no enemy piece")]
    NothingToJump {
        from: Square,
        over: Square,
        to: Square,
    },
    #[error("{from}x{to} lands on {to}, which is not empty")]
    LandingTaken { from: Square, to: Square },
    #[error("{chain} must also remove one of the opponent's pieces from the board: choose {}", choices_text(.chain, .choices))]
    BonusNeeded { chain: String, choices: Vec<Square> },
    #[error("{chain} leaves the opponent no piece on the board, so there is nothing to remove: write it without /{bonus}")]
    NoBonusLeft { chain: String, bonus: Square },
    #[error("{0} is jumped by this capture already: remove another of the opponent's pieces")]
    BonusJumped(Square),
    #[error(
        "{0} holds no piece of the opponent: the bonus removes one of their pieces from the board"
    )]
    BonusNotTheirs(Square),
}

/// `c3xc5/a1, c3xc5/b2 or c3xc5/e4`.
fn choices_text(chain: &str, choices: &[Square]) -> String {
    let texts: Vec<String> = choices.iter().map(|sq| format!("{chain}/{sq}")).collect();
    match texts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

impl From<crate::games::EndRefused> for IllegalAction {
    fn from(refused: crate::games::EndRefused) -> IllegalAction {
        match refused {
            crate::games::EndRefused::Over(outcome) => IllegalAction::GameOver(outcome),
            crate::games::EndRefused::NoSuchSeat(seat) => IllegalAction::NoSuchSeat(seat),
        }
    }
}
