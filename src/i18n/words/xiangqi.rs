//! Xiangqi's errors, notes and previews in words. Pieces go to the messages as their
//! letter (`$kind`: K A E H R C P) and side (`$side`: red, black), so that each language
//! names them in the form its sentence needs.

use super::join_or;
use crate::games::xiangqi::{
    Check, Effects, FenError, IllegalAction, IllegalMove, Kind, Note, Preview, Refusal, Side,
    SyntaxError,
};
use crate::i18n::{token, Arg, Localize, Msg};
use crate::msg;

fn kind(k: Kind) -> Arg {
    Arg::Text(k.letter().to_string())
}

fn side(s: Side) -> Arg {
    Arg::Text(s.name().to_string())
}

impl Localize for SyntaxError {
    fn msg(&self) -> Msg {
        match self {
            SyntaxError::Empty => msg!("xiangqi-type-a-move"),
            SyntaxError::Pass => msg!("xiangqi-pass"),
            SyntaxError::Unreadable(text) => msg!("xiangqi-unreadable", text = token(text)),
            SyntaxError::OffBoard(text) => msg!("xiangqi-not-a-point", text = token(text)),
            SyntaxError::SamePoint(p) => msg!("xiangqi-same-point", at = p.to_string()),
            SyntaxError::PieceLetter(c) => msg!("xiangqi-piece-letter", letter = c.to_string()),
            SyntaxError::Zero(text) => msg!("xiangqi-zero", text = token(text)),
            SyntaxError::NotSideways { text, kind: k } => {
                msg!("xiangqi-not-sideways", text = token(text), kind = kind(*k))
            }
            SyntaxError::Tandem(text) => msg!("xiangqi-tandem", text = token(text)),
        }
    }
}

impl Localize for Refusal {
    fn msg(&self) -> Msg {
        use Refusal::*;
        match self {
            Empty(p) => msg!("xiangqi-empty", at = p.to_string()),
            NotYours { at, piece } => msg!(
                "xiangqi-not-yours",
                at = at.to_string(),
                side = side(piece.side),
                kind = kind(piece.kind)
            ),
            OwnPiece { at, kind: k } => {
                msg!("xiangqi-own-piece", at = at.to_string(), kind = kind(*k))
            }
            GeneralStep => msg!("xiangqi-general-step"),
            GeneralPalace => msg!("xiangqi-general-palace"),
            AdvisorStep => msg!("xiangqi-advisor-step"),
            AdvisorPalace => msg!("xiangqi-advisor-palace"),
            ElephantStep => msg!("xiangqi-elephant-step"),
            ElephantEye(p) => msg!("xiangqi-elephant-eye", at = p.to_string()),
            ElephantRiver => msg!("xiangqi-elephant-river"),
            HorseStep => msg!("xiangqi-horse-step"),
            HorseLeg(p) => msg!("xiangqi-horse-leg", at = p.to_string()),
            NotALine(k) => msg!("xiangqi-not-a-line", kind = kind(*k)),
            RookBlocked(p) => msg!("xiangqi-rook-blocked", at = p.to_string()),
            CannonBlocked(p) => msg!("xiangqi-cannon-blocked", at = p.to_string()),
            CannonNoScreen => msg!("xiangqi-cannon-no-screen"),
            CannonScreens(n) => msg!("xiangqi-cannon-screens", count = *n),
            PawnBackward => msg!("xiangqi-pawn-backward"),
            PawnSideways => msg!("xiangqi-pawn-sideways"),
            PawnStep => msg!("xiangqi-pawn-step"),
            LeavesCheck => msg!("xiangqi-leaves-check"),
            GeneralsFace(file) => msg!("xiangqi-generals-face", file = file.to_string()),
        }
    }
}

impl Localize for IllegalMove {
    fn msg(&self) -> Msg {
        use IllegalMove::*;
        match self {
            GameOver(outcome) => msg!("error-game-over", outcome = outcome.msg()),
            NoSuchSeat(seat) => msg!("error-no-such-seat", seat = seat.number()),
            NotLegal { mv, why } => {
                msg!("xiangqi-not-legal", mv = mv.to_string(), why = why.msg())
            }
            NoPieceOnFile { piece, file } => msg!(
                "xiangqi-no-piece-on-file",
                side = side(piece.side),
                kind = kind(piece.kind),
                file = *file
            ),
            TandemChoice {
                piece,
                file,
                count,
                choices,
            } => msg!(
                "xiangqi-tandem-choice",
                side = side(piece.side),
                kind = kind(piece.kind),
                file = *file,
                count = *count,
                choices = join_or(choices)
            ),
            NoTandem { piece } => msg!(
                "xiangqi-no-tandem",
                side = side(piece.side),
                kind = kind(piece.kind)
            ),
            TandemFiles {
                side: s,
                first,
                second,
            } => msg!(
                "xiangqi-tandem-files",
                side = side(*s),
                first = *first,
                second = *second
            ),
            BadFile { kind: k, at, file } => msg!(
                "xiangqi-bad-file",
                kind = kind(*k),
                at = at.to_string(),
                file = *file
            ),
            OffTheBoard {
                kind: k,
                at,
                steps,
                forward,
            } => msg!(
                if *forward {
                    "xiangqi-off-the-board-forward"
                } else {
                    "xiangqi-off-the-board-back"
                },
                kind = kind(*k),
                at = at.to_string(),
                steps = *steps
            ),
            SameFile { kind: k, at, file } => msg!(
                "xiangqi-same-file",
                kind = kind(*k),
                at = at.to_string(),
                file = *file
            ),
        }
    }
}

impl Localize for IllegalAction {
    fn msg(&self) -> Msg {
        match self {
            IllegalAction::Syntax(e) => e.msg(),
            IllegalAction::Illegal(e) => e.msg(),
        }
    }
}

impl Localize for FenError {
    fn msg(&self) -> Msg {
        use FenError::*;
        match self {
            Empty => msg!("fen-empty"),
            RankCount(n) => msg!("fen-rank-count", count = *n),
            RankWidth { rank, text, points } => {
                msg!(
                    "fen-rank-width",
                    rank = *rank,
                    text = token(text),
                    points = *points
                )
            }
            Letter { letter, rank } => {
                msg!("fen-letter", letter = letter.to_string(), rank = *rank)
            }
            NoSide => msg!("fen-no-side"),
            Side(text) => msg!("fen-side", text = token(text)),
            Counter(text) => msg!("fen-counter", text = token(text)),
            MoveNumberZero => msg!("fen-move-number-zero"),
            Extra(text) => msg!("fen-extra", text = token(text)),
            Generals { side: s, count } => msg!("fen-generals", side = side(*s), count = *count),
            TooMany {
                side: s,
                kind: k,
                count,
                max,
            } => msg!(
                "fen-too-many",
                side = side(*s),
                kind = kind(*k),
                count = *count,
                max = *max
            ),
            Misplaced { piece, at } => msg!(
                "fen-misplaced",
                side = side(piece.side),
                kind = kind(piece.kind),
                at = at.to_string()
            ),
            GeneralTakeable { side: s } => msg!(
                "fen-general-takeable",
                side = side(*s),
                other = side(s.other())
            ),
        }
    }
}

/// "takes the horse on h9", "check", "checkmate" (joined with commas).
fn effects_list(e: &Effects) -> Vec<Arg> {
    let mut parts: Vec<Arg> = Vec::new();
    if let Some(k) = e.captured {
        parts.push(msg!("xiangqi-takes", kind = kind(k), at = e.mv.to.to_string()).into());
    }
    match e.check {
        Check::None => {}
        Check::Check => parts.push(msg!("xiangqi-check").into()),
        Check::Checkmate => parts.push(msg!("xiangqi-checkmate").into()),
        Check::NoLegalMove(s) => parts.push(msg!("xiangqi-leaves-no-move", side = side(s)).into()),
    }
    parts
}

impl Localize for Note {
    fn msg(&self) -> Msg {
        msg!(
            "xiangqi-note",
            mv = self.0.mv.to_string(),
            effects = Arg::List(effects_list(&self.0))
        )
    }
}

impl Localize for Preview {
    fn msg(&self) -> Msg {
        let parts = effects_list(&self.0);
        if parts.is_empty() {
            msg!("xiangqi-quiet-move")
        } else {
            msg!("xiangqi-preview", effects = Arg::List(parts))
        }
    }
}
