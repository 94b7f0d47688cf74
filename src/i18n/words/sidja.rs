//! Sidja's errors, notes and previews in words.

use crate::games::sidja::{IllegalAction, Note, Preview};
use crate::games::Square;
use crate::i18n::{token, Localize, Msg};
use crate::msg;

fn squares(list: &[Square]) -> String {
    let names: Vec<String> = list.iter().map(|q| q.to_string()).collect();
    names.join(", ")
}

impl Localize for IllegalAction {
    fn msg(&self) -> Msg {
        use IllegalAction::*;
        match self {
            Syntax(text) => msg!("sidja-syntax", text = token(text)),
            PassTyped => msg!("sidja-pass-typed"),
            GameOver(outcome) => msg!("error-game-over", outcome = outcome.msg()),
            NoSuchSeat(seat) => msg!("error-no-such-seat", seat = seat.number()),
            OffBoard { square, dims } => msg!(
                "error-off-board",
                square = square.to_string(),
                dims = dims.to_string()
            ),
            Centre(sq) => msg!("sidja-centre", square = sq.to_string()),
            Taken(sq) => msg!("sidja-taken", square = sq.to_string()),
            StillPlacing(n) => msg!("sidja-still-placing", count = *n),
            AllPlaced => msg!("sidja-all-placed"),
            Empty(sq) => msg!("sidja-empty", square = sq.to_string()),
            NotYours(sq) => msg!("sidja-not-yours", square = sq.to_string()),
            Occupied(sq) => msg!("sidja-occupied", square = sq.to_string()),
            NotAStep {
                from,
                to,
                diagonals,
            } => msg!(
                if *diagonals {
                    "sidja-not-a-step-any-direction"
                } else {
                    "sidja-not-a-step-orthogonal"
                },
                from = from.to_string(),
                to = to.to_string()
            ),
            MustCapture(action) => msg!("sidja-must-capture", action = action.to_string()),
            SameStone(sq) => msg!("sidja-same-stone", square = sq.to_string()),
        }
    }
}

impl Localize for Note {
    fn msg(&self) -> Msg {
        match self {
            Note::Passes(seat) => msg!("sidja-note-passes", seat = seat.number()),
            Note::DeclinesExtraMove(seat) => {
                msg!("sidja-note-declines-extra-move", seat = seat.number())
            }
            Note::Captures {
                action,
                squares: list,
            } => msg!(
                "sidja-note-captures",
                action = action.to_string(),
                squares = squares(list),
                count = list.len()
            ),
        }
    }
}

impl Localize for Preview {
    fn msg(&self) -> Msg {
        match self {
            Preview::Captures(list) => msg!(
                "preview-captures",
                squares = squares(list),
                count = list.len()
            ),
            Preview::EndsTurn => msg!("preview-ends-turn"),
            Preview::Places => msg!("sidja-preview-places"),
            Preview::Steps => msg!("preview-step-no-capture"),
        }
    }
}
