//! Yoté's errors, notes and previews in words.

use super::{join_and, join_or};
use crate::games::yote::{Capture, IllegalAction, Note, Preview};
use crate::i18n::{token, Localize, Msg};
use crate::msg;

/// "captures c4 and d5, removes b2".
fn capture_msg(capture: &Capture) -> Msg {
    let jumped: Vec<String> = capture.jumped().map(|sq| sq.to_string()).collect();
    match capture.bonus() {
        Some(bonus) => msg!(
            "yote-captures-and-removes",
            squares = join_and(&jumped),
            count = jumped.len(),
            bonus = bonus.to_string()
        ),
        None => msg!(
            "preview-captures",
            squares = join_and(&jumped),
            count = jumped.len()
        ),
    }
}

impl Localize for IllegalAction {
    fn msg(&self) -> Msg {
        use IllegalAction::*;
        match self {
            Syntax(text) => msg!("yote-syntax", text = token(text)),
            BonusWithoutCapture(text) => msg!("yote-bonus-without-capture", text = token(text)),
            TooManyJumps(n) => msg!("yote-too-many-jumps", count = *n),
            PassTyped => msg!("yote-pass-typed"),
            GameOver(outcome) => msg!("error-game-over", outcome = outcome.msg()),
            NoSuchSeat(seat) => msg!("error-no-such-seat", seat = seat.number()),
            OffBoard { square, dims } => msg!(
                "error-off-board",
                square = square.to_string(),
                dims = dims.to_string()
            ),
            NoReserve => msg!("yote-no-reserve"),
            Occupied(sq) => msg!("yote-occupied", square = sq.to_string()),
            Empty(sq) => msg!("yote-empty", square = sq.to_string()),
            NotYours(sq) => msg!("yote-not-yours", square = sq.to_string()),
            NotAStep {
                from,
                to,
                looks_like_a_jump,
            } => msg!(
                if *looks_like_a_jump {
                    "yote-not-a-step-but-a-jump"
                } else {
                    "yote-not-a-step"
                },
                from = from.to_string(),
                to = to.to_string()
            ),
            NotAJump { from, to } => {
                msg!(
                    "yote-not-a-jump",
                    from = from.to_string(),
                    to = to.to_string()
                )
            }
            NothingToJump { from, over, to } => msg!(
                "yote-nothing-to-jump",
                from = from.to_string(),
                over = over.to_string(),
                to = to.to_string()
            ),
            LandingTaken { from, to } => msg!(
                "yote-landing-taken",
                from = from.to_string(),
                to = to.to_string()
            ),
            BonusNeeded { chain, choices } => {
                let texts: Vec<String> = choices.iter().map(|sq| format!("{chain}/{sq}")).collect();
                msg!(
                    "yote-bonus-needed",
                    chain = chain,
                    choices = join_or(&texts)
                )
            }
            NoBonusLeft { chain, bonus } => {
                msg!(
                    "yote-no-bonus-left",
                    chain = chain,
                    bonus = bonus.to_string()
                )
            }
            BonusJumped(sq) => msg!("yote-bonus-jumped", square = sq.to_string()),
            BonusNotTheirs(sq) => msg!("yote-bonus-not-theirs", square = sq.to_string()),
        }
    }
}

impl Localize for Note {
    fn msg(&self) -> Msg {
        match self {
            Note::Passes(seat) => msg!("yote-note-passes", seat = seat.number()),
            Note::Captures(capture) => msg!(
                "yote-note-captures",
                action = capture.to_string(),
                what = capture_msg(capture)
            ),
        }
    }
}

impl Localize for Preview {
    fn msg(&self) -> Msg {
        match self {
            Preview::Passes => msg!("yote-preview-passes"),
            Preview::Drops => msg!("yote-preview-drops"),
            Preview::Steps => msg!("yote-preview-steps"),
            Preview::Captures(capture) => capture_msg(capture),
        }
    }
}
