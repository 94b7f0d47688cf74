//! Banglagor's errors, notes and previews in words.

use super::join_or;
use crate::games::banglagor::{Attack, IllegalAction, Note, Preview};
use crate::i18n::{token, Localize, Msg};
use crate::msg;

/// "removes e4 (strength 5 against 3)", "binds e4 (strength 2 against 3)".
pub fn attack_msg(a: &Attack) -> Msg {
    msg!(
        if a.removed {
            "banglagor-attack-removes"
        } else {
            "banglagor-attack-binds"
        },
        target = a.target.to_string(),
        strength = a.strength,
        height = a.height
    )
}

impl Localize for IllegalAction {
    fn msg(&self) -> Msg {
        use IllegalAction::*;
        let sq = |s: &crate::games::Square| s.to_string();
        match self {
            Syntax(text) => msg!("banglagor-syntax", text = token(text)),
            PassTyped => msg!("banglagor-pass-typed"),
            GameOver(outcome) => msg!("error-game-over", outcome = outcome.msg()),
            NoSuchSeat(seat) => msg!("error-no-such-seat", seat = seat.number()),
            OffBoard(square) => msg!("error-off-board", square = sq(square), dims = "8×12"),
            StillPlacing => msg!("banglagor-still-placing"),
            AllPlaced => msg!("banglagor-all-placed"),
            BadHeight(h) => msg!("banglagor-bad-height", height = *h),
            NoneLeft { height, in_hand } => msg!(
                "banglagor-none-left",
                height = *height,
                ones = in_hand[0],
                twos = in_hand[1],
                threes = in_hand[2]
            ),
            NotYourLand { square, ranks } => {
                msg!(
                    "banglagor-not-your-land",
                    square = sq(square),
                    ranks = *ranks
                )
            }
            BorderRow { square, ranks } => {
                msg!("banglagor-border-row", square = sq(square), ranks = *ranks)
            }
            Taken(s) => msg!("banglagor-taken", square = sq(s)),
            Empty(s) => msg!("banglagor-empty", square = sq(s)),
            NotYours(s) => msg!("banglagor-not-yours", square = sq(s)),
            Bound(s) => msg!("banglagor-bound", square = sq(s)),
            NotBound(s) => msg!("banglagor-not-bound", square = sq(s)),
            Unreachable { from, to, height } => msg!(
                "banglagor-unreachable",
                from = sq(from),
                to = sq(to),
                height = *height
            ),
            PathLength {
                from,
                height,
                taken,
            } => msg!(
                "banglagor-path-length",
                from = sq(from),
                height = *height,
                taken = *taken
            ),
            NotAStep(a, b) => msg!("banglagor-not-a-step", from = sq(a), to = sq(b)),
            PathBlocked(s) => msg!("banglagor-path-blocked", square = sq(s)),
            NotOnLastRank { from, rank } => {
                msg!("banglagor-not-on-last-rank", from = sq(from), rank = *rank)
            }
            Occupied(s) => msg!("banglagor-occupied", square = sq(s)),
            SameSquare(s) => msg!("banglagor-same-square", square = sq(s)),
            NotAdjacent { target, to } => {
                msg!("banglagor-not-adjacent", target = sq(target), to = sq(to))
            }
            NoEnemy(s) => msg!("banglagor-no-enemy", square = sq(s)),
            ChooseTarget { what, options } => {
                msg!(
                    "banglagor-choose-target",
                    action = what,
                    options = join_or(options)
                )
            }
        }
    }
}

impl Localize for Note {
    fn msg(&self) -> Msg {
        match self {
            Note::Passes(seat) => msg!("banglagor-note-passes", seat = seat.number()),
            Note::Attacks { action, attack } => msg!(
                "banglagor-note-attack",
                action = action.to_string(),
                what = attack_msg(attack)
            ),
        }
    }
}

impl Localize for Preview {
    fn msg(&self) -> Msg {
        match self {
            Preview::Removes(t) => msg!("banglagor-preview-removes", target = t.to_string()),
            Preview::Binds(t) => msg!("banglagor-preview-binds", target = t.to_string()),
            Preview::Passes => msg!("banglagor-preview-passes"),
            Preview::Places => msg!("banglagor-preview-places"),
            Preview::Frees(sq) => msg!("banglagor-preview-frees", square = sq.to_string()),
            Preview::Moves => msg!("banglagor-preview-moves"),
            Preview::Relocates => msg!("banglagor-preview-relocates"),
        }
    }
}
