//! Four-player xiangqi's errors, notes and previews in words. Armies go to the messages
//! as keys (`red`, `black`, `yellow`, `green`) and pieces as letters, so that each
//! language names them in the form its sentence needs.

use crate::games::xiangqi::Kind;
use crate::games::xiangqi4::{
    ActionNote, Army, Cause, Elimination, IllegalAction, Missing, Note, Preview, SyntaxError,
    Taken, Why,
};
use crate::games::Seat;
use crate::i18n::{token, Arg, Localize, Msg};
use crate::msg;

fn army(a: Army) -> Arg {
    Arg::Text(a.name().to_ascii_lowercase())
}

/// A seat's army, as the messages take it (`army = …`).
pub(crate) fn seat_army(seat: Seat) -> Arg {
    army(Army::of(seat))
}

fn kind(k: Kind) -> Arg {
    Arg::Text(k.letter().to_string())
}

/// The armies' names, each in the form the message `item` gives it, joined with "and"
/// or "or".
fn armies(item: &'static str, list: &[Army], or: bool) -> Arg {
    let words: Vec<Arg> = list
        .iter()
        .map(|a| msg!(item, army = army(*a)).into())
        .collect();
    let (last, rest) = match words.split_last() {
        None => return Arg::Text(String::new()),
        Some((last, [])) => return last.clone(),
        Some(split) => split,
    };
    msg!(
        if or { "list-or" } else { "list-and" },
        head = Arg::List(rest.to_vec()),
        last = last.clone()
    )
    .into()
}

impl Localize for SyntaxError {
    fn msg(&self) -> Msg {
        match self {
            SyntaxError::Empty => msg!("xiangqi4-type-an-action"),
            SyntaxError::NotAnAction(text) => msg!("xiangqi4-not-an-action", text = token(text)),
            SyntaxError::Pass => msg!("xiangqi4-pass"),
            SyntaxError::DropWithoutKind(sq) => {
                msg!("xiangqi4-drop-without-kind", at = sq.to_string())
            }
        }
    }
}

impl Localize for IllegalAction {
    fn msg(&self) -> Msg {
        use IllegalAction::*;
        match self {
            Syntax(e) => e.msg(),
            GameOver(outcome) => msg!("error-game-over", outcome = outcome.msg()),
            NotAPoint(sq) => msg!(
                if crate::games::xiangqi4::geometry::on_grid(*sq) {
                    "xiangqi4-missing-corner"
                } else {
                    "xiangqi4-off-board"
                },
                at = sq.to_string()
            ),
            Empty(sq) => msg!("xiangqi4-empty", at = sq.to_string()),
            NotYours {
                at,
                owner,
                kind: k,
                you,
            } => msg!(
                "xiangqi4-not-yours",
                at = at.to_string(),
                army = army(*owner),
                kind = kind(*k),
                you = army(*you)
            ),
            SamePoint(sq) => msg!("xiangqi4-same-point", at = sq.to_string()),
            OwnPiece(sq) => msg!("xiangqi4-own-piece", at = sq.to_string()),
            Partner {
                at,
                partner,
                kind: k,
            } => msg!(
                "xiangqi4-partner",
                at = at.to_string(),
                army = army(*partner),
                kind = kind(*k)
            ),
            CannotReach { action, why } => {
                msg!("xiangqi4-cannot-reach", action = action, why = why.msg())
            }
            LeavesGeneralAttacked { action, general } => msg!(
                "xiangqi4-leaves-general-attacked",
                action = action,
                at = general.to_string()
            ),
            NotDroppable(k) => msg!("xiangqi4-not-droppable", kind = kind(*k)),
            NoReserve(k) => msg!("xiangqi4-no-reserve", kind = kind(*k)),
            DropOccupied(sq) => msg!("xiangqi4-drop-occupied", at = sq.to_string()),
            DropWrongArm {
                kind: k,
                at,
                army: place,
                arms,
            } => msg!(
                match place {
                    Some(_) => "xiangqi4-drop-wrong-arm",
                    None => "xiangqi4-drop-in-the-middle",
                },
                kind = kind(*k),
                at = at.to_string(),
                army = place.map_or(Arg::Text(String::new()), army),
                arms = armies("xiangqi4-arm-of", arms, true)
            ),
            DropLimit {
                kind: k,
                count,
                start,
            } => msg!(
                "xiangqi4-drop-limit",
                kind = kind(*k),
                count = *count,
                start = *start
            ),
            DropCouldCapture {
                kind: k,
                at,
                target,
            } => msg!(
                "xiangqi4-drop-could-capture",
                kind = kind(*k),
                at = at.to_string(),
                target = target.to_string()
            ),
            NotInGame(a) => msg!("xiangqi4-not-in-game", army = army(*a)),
            NotAWithdrawal(reason) => msg!("xiangqi4-not-a-withdrawal", reason = reason.msg()),
        }
    }
}

fn missing(m: &Missing) -> Msg {
    match m {
        Missing::OffBoard => msg!("xiangqi4-point-off-board"),
        Missing::Corner(sq) => msg!("xiangqi4-point-missing-corner", at = sq.to_string()),
    }
}

impl Localize for Why {
    fn msg(&self) -> Msg {
        use Why::*;
        match self {
            GeneralStep => msg!("xiangqi4-why-general-step"),
            GeneralPalace => msg!("xiangqi4-why-general-palace"),
            AdvisorStep => msg!("xiangqi4-why-advisor-step"),
            AdvisorPalace => msg!("xiangqi4-why-advisor-palace"),
            ElephantStep => msg!("xiangqi4-why-elephant-step"),
            ElephantArm => msg!("xiangqi4-why-elephant-arm"),
            ElephantEye(sq) => msg!("xiangqi4-why-elephant-eye", at = sq.to_string()),
            HorseLegTaken(sq) => msg!("xiangqi4-why-horse-leg-taken", at = sq.to_string()),
            HorseLegMissing(m) => msg!("xiangqi4-why-horse-leg-missing", point = missing(m)),
            BigJumpFromMiddleOnly => msg!("xiangqi4-why-big-jump-middle"),
            BigJumpPassesTaken(sq) => {
                msg!("xiangqi4-why-big-jump-taken", at = sq.to_string())
            }
            BigJumpPassesMissing(m) => msg!("xiangqi4-why-big-jump-missing", point = missing(m)),
            HorseStep => msg!("xiangqi4-why-horse-step"),
            RookLine => msg!("xiangqi4-why-rook-line"),
            CannonLine => msg!("xiangqi4-why-cannon-line"),
            LineEndsAtCorner => msg!("xiangqi4-why-line-corner"),
            InTheWay(sq) => msg!("xiangqi4-why-in-the-way", at = sq.to_string()),
            NotOpen => msg!("xiangqi4-why-not-open"),
            CannonQuietBlocked(sq) => msg!(
                "xiangqi4-why-cannon-quiet",
                at = sq.map_or_else(String::new, |s| s.to_string())
            ),
            CannonNoScreen => msg!("xiangqi4-why-cannon-no-screen"),
            CannonScreens(n) => msg!("xiangqi4-why-cannon-screens", count = *n),
            CannonReach {
                reach,
                target,
                distance,
            } => msg!(
                "xiangqi4-why-cannon-reach",
                reach = *reach,
                at = target.to_string(),
                distance = *distance
            ),
            PawnMiddle => msg!("xiangqi4-why-pawn-middle"),
            PawnOwnArmFirst => msg!("xiangqi4-why-pawn-own-arm-first"),
            PawnBackInOwnArm => msg!("xiangqi4-why-pawn-back-in-own-arm"),
            PawnOtherArm(a) => msg!("xiangqi4-why-pawn-other-arm", army = army(*a)),
            PawnOtherArmOut(a) => msg!("xiangqi4-why-pawn-other-arm-out", army = army(*a)),
            PawnOffBoard => msg!("xiangqi4-why-pawn-off-board"),
            PawnBetweenTaken(sq) => msg!("xiangqi4-why-pawn-between", at = sq.to_string()),
        }
    }
}

/// "takes Yellow's cannon on m17".
fn takes(t: &Taken) -> Msg {
    msg!(
        "xiangqi4-takes",
        army = seat_army(t.seat),
        kind = kind(t.kind),
        at = t.at.to_string()
    )
}

impl Localize for Note {
    fn msg(&self) -> Msg {
        match self {
            Note::Action(note) => note.msg(),
            Note::Out(elimination) => elimination.msg(),
        }
    }
}

impl Localize for ActionNote {
    fn msg(&self) -> Msg {
        let mut parts: Vec<Arg> = self.taken.iter().map(|t| takes(t).into()).collect();
        if !self.checks.is_empty() {
            let list: Vec<Army> = self.checks.iter().map(|s| Army::of(*s)).collect();
            parts.push(
                msg!(
                    "xiangqi4-check-to",
                    armies = armies("xiangqi4-check-to-army", &list, false)
                )
                .into(),
            );
        }
        msg!(
            "xiangqi4-note",
            action = self.action.to_string(),
            effects = Arg::List(parts)
        )
    }
}

impl Localize for Preview {
    fn msg(&self) -> Msg {
        let mut parts: Vec<Arg> = Vec::new();
        if self.drop {
            parts.push(msg!("xiangqi4-preview-drop").into());
        }
        if let Some(t) = &self.taken {
            parts.push(takes(t).into());
        }
        if self.check {
            parts.push(msg!("xiangqi-check").into());
        }
        if parts.is_empty() {
            parts.push(msg!("xiangqi4-preview-move").into());
        }
        for seat in &self.out {
            parts.push(msg!("xiangqi4-preview-out", army = seat_army(*seat)).into());
        }
        msg!("xiangqi4-preview", effects = Arg::List(parts))
    }
}

impl Localize for Elimination {
    fn msg(&self) -> Msg {
        let who = army(self.army());
        let by = self.credited.map(seat_army);
        let id = match (self.cause, by.is_some()) {
            (Cause::Resigned, _) => "xiangqi4-out-resigned",
            (Cause::Timeout, _) => "xiangqi4-out-timeout",
            (Cause::Mated, true) => "xiangqi4-out-mated-by",
            (Cause::Mated, false) => "xiangqi4-out-mated",
            (Cause::Stalemated, true) => "xiangqi4-out-stalemated-by",
            (Cause::Stalemated, false) => "xiangqi4-out-stalemated",
            (Cause::GeneralCaptured, true) => "xiangqi4-out-general-captured-by",
            (Cause::GeneralCaptured, false) => "xiangqi4-out-general-captured",
        };
        let out = msg!(
            id,
            army = who,
            by = by.clone().unwrap_or(Arg::Text(String::new()))
        );
        match by {
            Some(by) if !self.transferred.is_empty() => {
                let letters: Vec<String> = self.transferred.iter().map(|k| k.to_string()).collect();
                msg!(
                    "xiangqi4-out-with-transfer",
                    out = out,
                    by = by,
                    pieces = letters.join(" ")
                )
            }
            _ => out,
        }
    }
}
