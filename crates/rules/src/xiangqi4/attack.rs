//! Check: whether a piece of an opponent still in could capture on a point. It is
//! pseudo-legal (the attacker's own pins do not matter) and is read backwards from the
//! point, so it costs a few rays and leaps rather than generating every enemy move.

use super::army::{Armies, Army};
use super::board::Board;
use super::geometry::{self, BIG_JUMPS};
use super::movegen::{pawn_steps, Rules};
use crate::xiangqi::pattern::{DIAGONAL, ELEPHANT, HORSE_ATTACKS, ORTHOGONAL};
use crate::xiangqi::Kind;
use crate::Square;

/// The armies among `by` with a piece that could capture on `target` (whatever stands
/// there). With `first`, stops at the first attacker found.
pub fn attackers(board: &Board, rules: Rules, target: Square, by: Armies, first: bool) -> Armies {
    let mut found = Armies::NONE;
    macro_rules! hit {
        ($army:expr) => {{
            found = found.with($army);
            if first {
                return found;
            }
        }};
    }
    let ours = |army: Army| by.contains(army);
    let reach = rules.mode.cannon_reach();

    // Lines: the first piece met may be a rook (or a general next door, if the point is
    // in its palace); the second, a cannon within reach.
    for o in ORTHOGONAL {
        let mut at = target;
        let mut steps: u8 = 0;
        let mut screened = false;
        while let Some(next) = geometry::offset(at, o) {
            at = next;
            steps += 1;
            let Some(p) = board.get(at) else { continue };
            if !screened {
                if ours(p.army) {
                    match p.kind {
                        Kind::Rook => hit!(p.army),
                        Kind::General if steps == 1 && geometry::in_palace(p.army, target) => {
                            hit!(p.army)
                        }
                        _ => {}
                    }
                }
                screened = true;
            } else {
                if ours(p.army) && p.kind == Kind::Cannon && steps <= reach {
                    hit!(p.army);
                }
                break;
            }
        }
    }

    // Horses, normal moves: the horse stands at target + to, its leg at target + block.
    for leap in HORSE_ATTACKS {
        let Some(at) = geometry::offset(target, leap.to) else {
            continue;
        };
        let Some(p) = board.get(at) else { continue };
        if p.kind != Kind::Horse || !ours(p.army) {
            continue;
        }
        if geometry::offset(target, leap.block).is_some_and(|leg| board.get(leg).is_none()) {
            hit!(p.army);
        }
    }

    // Horses, big jumps: from a start in the middle part, every path point empty.
    for jump in BIG_JUMPS {
        let Some(start) = geometry::offset(target, jump.to.neg()) else {
            continue;
        };
        let Some(p) = board.get(start) else { continue };
        if p.kind != Kind::Horse || !ours(p.army) || !geometry::in_middle(start) {
            continue;
        }
        let clear = jump
            .path
            .iter()
            .all(|o| geometry::offset(start, *o).is_some_and(|at| board.get(at).is_none()));
        if clear {
            hit!(p.army);
        }
    }

    // Pawns: one point from wherever they may step that way; two points, over an empty
    // point, from wherever they may step that way with two-point reach (a pawn that has
    // left its own arm, in any part of the board).
    for o in ORTHOGONAL {
        let Some(one) = geometry::offset(target, o) else {
            continue;
        };
        match board.get(one) {
            Some(p) => {
                if p.kind == Kind::Pawn && ours(p.army) && pawn_steps(one, p, rules).allows(o.neg())
                {
                    hit!(p.army);
                }
            }
            None => {
                let Some(two) = geometry::offset(one, o) else {
                    continue;
                };
                if let Some(p) = board.get(two) {
                    if p.kind == Kind::Pawn && ours(p.army) {
                        let steps = pawn_steps(two, p, rules);
                        if steps.two && steps.allows(o.neg()) {
                            hit!(p.army);
                        }
                    }
                }
            }
        }
    }

    // Advisors and elephants reach only points of their own palace or arm.
    for o in DIAGONAL {
        let Some(at) = geometry::offset(target, o) else {
            continue;
        };
        if let Some(p) = board.get(at) {
            if p.kind == Kind::Advisor && ours(p.army) && geometry::in_palace(p.army, target) {
                hit!(p.army);
            }
        }
    }
    for leap in ELEPHANT {
        let (Some(eye), Some(at)) = (
            geometry::offset(target, leap.block),
            geometry::offset(target, leap.to),
        ) else {
            continue;
        };
        if let Some(p) = board.get(at) {
            if p.kind == Kind::Elephant
                && ours(p.army)
                && geometry::in_arm(p.army, target)
                && board.get(eye).is_none()
            {
                hit!(p.army);
            }
        }
    }
    found
}

/// Whether `army`'s general on `at` is attacked by an opponent still in.
pub fn in_check(board: &Board, rules: Rules, army: Army, at: Square) -> bool {
    !attackers(board, rules, at, rules.opponents(army), true).is_empty()
}

/// Whether a change on `sq` could open or close an attack on a general on `general`:
/// `sq` is on the general's file or rank (rook and cannon lines, pawn steps), or within
/// three points each way (horse legs and big-jump paths). Moves touching neither their
/// start nor their end here cannot change the general's safety.
#[inline]
pub fn near_or_aligned(general: Square, sq: Square) -> bool {
    sq.file == general.file
        || sq.rank == general.rank
        || (sq.file.abs_diff(general.file) <= 3 && sq.rank.abs_diff(general.rank) <= 3)
}
