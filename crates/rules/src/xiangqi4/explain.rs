//! Why a piece cannot go to a point: how it moves, or what is in its way ([`Why`], put
//! into words by the bot). Called only once move generation has said no.

use super::army::Army;
use super::board::{Board, Piece};
use super::geometry::{self, Region, BIG_JUMPS};
use super::movegen::{pawn_steps, Rules};
use crate::xiangqi::pattern::{Offset, HORSE};
use crate::xiangqi::Kind;
use crate::Square;

/// Why a piece cannot go to a point. `Display` is plain English for logs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Why {
    #[error("the general steps one point orthogonally")]
    GeneralStep,
    #[error("the general stays in its palace")]
    GeneralPalace,
    #[error("an advisor steps one point diagonally")]
    AdvisorStep,
    #[error("advisors stay in their palace")]
    AdvisorPalace,
    #[error("an elephant moves two points diagonally")]
    ElephantStep,
    #[error("elephants never leave their own arm")]
    ElephantArm,
    #[error("its eye point {0} is taken")]
    ElephantEye(Square),
    #[error("its leg point {0} is taken")]
    HorseLegTaken(Square),
    /// The horse's leg point does not exist.
    #[error("its leg point is {0}")]
    HorseLegMissing(Missing),
    #[error("only a horse in the middle part makes the big jump")]
    BigJumpFromMiddleOnly,
    #[error("the big jump passes {0}, which is taken")]
    BigJumpPassesTaken(Square),
    #[error("the big jump would pass {0}")]
    BigJumpPassesMissing(Missing),
    #[error("a horse moves one point straight, then one diagonally outwards")]
    HorseStep,
    #[error("a rook moves along a straight line")]
    RookLine,
    #[error("a cannon moves along a straight line")]
    CannonLine,
    /// A line through a missing corner of the cross.
    #[error("the line ends at a missing corner of the cross")]
    LineEndsAtCorner,
    #[error("{0} is in the way")]
    InTheWay(Square),
    #[error("the way is not open")]
    NotOpen,
    /// A cannon's quiet move with a piece in the way (the first one, if any).
    #[error("a cannon moves without capturing only through empty points")]
    CannonQuietBlocked(Option<Square>),
    #[error("a cannon captures over exactly one piece, and there is none")]
    CannonNoScreen,
    #[error("a cannon captures over exactly one piece, and there are {0}")]
    CannonScreens(usize),
    /// Teams: a cannon captures at most `reach` points away; the target is `distance` away.
    #[error("in teams a cannon captures at most {reach} points away, and {target} is {distance}")]
    CannonReach {
        reach: u8,
        target: Square,
        distance: u8,
    },
    #[error("in the middle part a pawn moves one or two points in a straight line")]
    PawnMiddle,
    #[error("a pawn that has not left its own arm moves one point forward only")]
    PawnOwnArmFirst,
    #[error("back in its own arm a pawn never moves backward")]
    PawnBackInOwnArm,
    /// In another army's arm, that army still in the game.
    #[error("in {0}'s arm a pawn moves backward only once {0} is out")]
    PawnOtherArm(Army),
    /// In another army's arm, that army out.
    #[error("in {0}'s arm a pawn moves one or two points ({0} is out)")]
    PawnOtherArmOut(Army),
    #[error("the pawn is off the board")]
    PawnOffBoard,
    #[error("the point between, {0}, is taken")]
    PawnBetweenTaken(Square),
}

/// A point that does not exist.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Missing {
    #[error("off the board")]
    OffBoard,
    #[error("{0}, a missing corner point")]
    Corner(Square),
}

/// The point `o` from `from`, or why there is no such point.
fn point_at(from: Square, o: Offset) -> Result<Square, Missing> {
    let (file, rank) = (
        from.file as i16 + o.df as i16,
        from.rank as i16 + o.dr as i16,
    );
    if !(0..19).contains(&file) || !(0..19).contains(&rank) {
        return Err(Missing::OffBoard);
    }
    let sq = Square::new(file as u8, rank as u8);
    if geometry::exists(sq) {
        Ok(sq)
    } else {
        Err(Missing::Corner(sq))
    }
}

/// The unit step from `from` towards `to` and the distance, when both are on one line.
fn line(from: Square, to: Square) -> Option<(Offset, u8)> {
    let (df, dr) = (
        to.file as i16 - from.file as i16,
        to.rank as i16 - from.rank as i16,
    );
    match (df, dr) {
        (0, 0) => None,
        (0, d) => Some((Offset::new(0, d.signum() as i8), d.unsigned_abs() as u8)),
        (d, 0) => Some((Offset::new(d.signum() as i8, 0), d.unsigned_abs() as u8)),
        _ => None,
    }
}

/// The points strictly between `from` and `to` on a line, `None` where a point is
/// missing (a corner of the cross).
fn between(from: Square, step: Offset, distance: u8) -> Vec<Option<Square>> {
    (1..distance as i8)
        .map(|k| point_at(from, step.times(k)).ok())
        .collect()
}

/// Why the piece `piece` on `from` cannot move to `to` (a point of the cross that is
/// empty or holds an opponent's piece).
pub fn why_not(board: &Board, rules: Rules, from: Square, piece: Piece, to: Square) -> Why {
    let (df, dr) = (
        to.file as i16 - from.file as i16,
        to.rank as i16 - from.rank as i16,
    );
    let army = piece.army;
    match piece.kind {
        Kind::General if df.abs() + dr.abs() != 1 => Why::GeneralStep,
        Kind::General => Why::GeneralPalace,
        Kind::Advisor if df.abs() != 1 || dr.abs() != 1 => Why::AdvisorStep,
        Kind::Advisor => Why::AdvisorPalace,
        Kind::Elephant if df.abs() != 2 || dr.abs() != 2 => Why::ElephantStep,
        Kind::Elephant if !geometry::in_arm(army, to) => Why::ElephantArm,
        Kind::Elephant => Why::ElephantEye(Square::new(
            (from.file as i16 + df / 2) as u8,
            (from.rank as i16 + dr / 2) as u8,
        )),
        Kind::Horse => horse(board, from, df, dr),
        Kind::Rook => match line(from, to) {
            None => Why::RookLine,
            Some((step, distance)) => blocked(board, between(from, step, distance)),
        },
        Kind::Cannon => cannon(board, rules, from, to),
        Kind::Pawn => pawn(board, rules, from, piece, to),
    }
}

fn horse(board: &Board, from: Square, df: i16, dr: i16) -> Why {
    let offset = (df as i8, dr as i8);
    if let Some(leap) = HORSE.iter().find(|l| (l.to.df, l.to.dr) == offset) {
        return match point_at(from, leap.block) {
            Ok(leg) if board.get(leg).is_some() => Why::HorseLegTaken(leg),
            // A leg point on the board and empty: the move generator would have allowed
            // the move, so only a missing point is left.
            Ok(_) => Why::HorseStep,
            Err(missing) => Why::HorseLegMissing(missing),
        };
    }
    if let Some(jump) = BIG_JUMPS.iter().find(|j| (j.to.df, j.to.dr) == offset) {
        if !geometry::in_middle(from) {
            return Why::BigJumpFromMiddleOnly;
        }
        for o in jump.path {
            match point_at(from, o) {
                Ok(p) if board.get(p).is_some() => return Why::BigJumpPassesTaken(p),
                Ok(_) => {}
                Err(missing) => return Why::BigJumpPassesMissing(missing),
            }
        }
    }
    Why::HorseStep
}

/// Why a line between two points is not open: a missing point or a piece in the way.
fn blocked(board: &Board, points: Vec<Option<Square>>) -> Why {
    for p in points {
        match p {
            None => return Why::LineEndsAtCorner,
            Some(p) if board.get(p).is_some() => return Why::InTheWay(p),
            Some(_) => {}
        }
    }
    Why::NotOpen
}

fn cannon(board: &Board, rules: Rules, from: Square, to: Square) -> Why {
    let Some((step, distance)) = line(from, to) else {
        return Why::CannonLine;
    };
    let points = between(from, step, distance);
    if points.iter().any(Option::is_none) {
        return Why::LineEndsAtCorner;
    }
    let screens: Vec<Square> = points
        .iter()
        .flatten()
        .copied()
        .filter(|p| board.get(*p).is_some())
        .collect();
    if board.get(to).is_none() {
        return Why::CannonQuietBlocked(screens.first().copied());
    }
    match screens.len() {
        0 => Why::CannonNoScreen,
        1 => Why::CannonReach {
            reach: rules.mode.cannon_reach(),
            target: to,
            distance,
        },
        n => Why::CannonScreens(n),
    }
}

fn pawn(board: &Board, rules: Rules, from: Square, piece: Piece, to: Square) -> Why {
    let steps = pawn_steps(from, piece, rules);
    let how = match geometry::region(from) {
        Some(Region::Middle) => Why::PawnMiddle,
        Some(Region::Arm(own)) if own == piece.army && !piece.left_arm => Why::PawnOwnArmFirst,
        Some(Region::Arm(own)) if own == piece.army => Why::PawnBackInOwnArm,
        Some(Region::Arm(other)) if rules.in_game.contains(other) => Why::PawnOtherArm(other),
        Some(Region::Arm(other)) => Why::PawnOtherArmOut(other),
        None => Why::PawnOffBoard,
    };
    if let Some((step, 2)) = line(from, to) {
        if steps.two && steps.allows(step) {
            let mid = between(from, step, 2)[0];
            if let Some(mid) = mid.filter(|m| board.get(*m).is_some()) {
                return Why::PawnBetweenTaken(mid);
            }
        }
    }
    how
}
