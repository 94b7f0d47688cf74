//! Drops: a reserve piece (rook, horse, cannon or pawn) put on an empty point of the arm
//! of the army it was most recently taken from, only while the player has fewer of that
//! kind on the board than at the start, and never where it could capture at once. A
//! dropped pawn counts as having left its own arm; for "could capture at once" it is
//! judged with all four directions and its two-point reach (docs/rules.md, Four-player
//! xiangqi: the arm it lands in is an eliminated army's, where a pawn may also step
//! back). (Whether the drop leaves the player's general attacked is the game's check,
//! as for moves.)

use super::army::Army;
use super::board::{droppable_index, start_count, Board, Piece, Reserve, DROPPABLE};
use super::error::IllegalAction;
use super::geometry::{self, Region};
use super::movegen::{could_capture, Rules};
use crate::xiangqi::Kind;
use crate::Square;

/// The piece a drop of `kind` by `army` puts on the board.
pub fn dropped(army: Army, kind: Kind) -> Piece {
    Piece {
        army,
        kind,
        left_arm: kind == Kind::Pawn,
    }
}

/// Calls `visit` with each drop `army` may make (its general's safety aside), kinds in
/// [`DROPPABLE`] order; stops when `visit` returns true, and says whether it did.
pub fn drops(
    board: &Board,
    rules: Rules,
    army: Army,
    reserve: &Reserve,
    visit: &mut impl FnMut(Kind, Square) -> bool,
) -> bool {
    if reserve.is_empty() {
        return false;
    }
    for kind in DROPPABLE {
        if reserve.count_kind(kind) == 0 || board.count(army, kind) >= start_count(kind) {
            continue;
        }
        let piece = dropped(army, kind);
        for origin in reserve.origins(kind) {
            for &to in geometry::arm_points(origin) {
                if board.get(to).is_none()
                    && could_capture(board, rules, to, piece).is_none()
                    && visit(kind, to)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// Says whether `army` may drop `kind` on `to` (its general's safety aside), and if
/// not, why.
pub fn check_drop(
    board: &Board,
    rules: Rules,
    army: Army,
    reserve: &Reserve,
    kind: Kind,
    to: Square,
) -> Result<(), IllegalAction> {
    if droppable_index(kind).is_none() {
        return Err(IllegalAction::NotDroppable(kind));
    }
    if !geometry::exists(to) {
        return Err(IllegalAction::NotAPoint(to));
    }
    let origins = reserve.origins(kind);
    if origins.is_empty() {
        return Err(IllegalAction::NoReserve(kind));
    }
    let arm = match geometry::region(to) {
        Some(Region::Arm(a)) => Some(a),
        _ => None,
    };
    if !arm.is_some_and(|a| origins.contains(&a)) {
        return Err(IllegalAction::DropWrongArm {
            kind,
            at: to,
            army: arm,
            arms: origins.clone(),
        });
    }
    if board.get(to).is_some() {
        return Err(IllegalAction::DropOccupied(to));
    }
    let count = board.count(army, kind);
    if count >= start_count(kind) {
        return Err(IllegalAction::DropLimit {
            kind,
            count,
            start: start_count(kind),
        });
    }
    if let Some(target) = could_capture(board, rules, to, dropped(army, kind)) {
        return Err(IllegalAction::DropCouldCapture {
            kind,
            at: to,
            target,
        });
    }
    Ok(())
}
