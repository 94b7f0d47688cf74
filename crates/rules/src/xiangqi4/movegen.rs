//! Where each piece may go, pseudo-legally (its own general's safety aside): the
//! classical moves on the cross, the horse's big jump from the middle part, the pawns'
//! states, and the cannon's reach in `teams`.

use super::army::{Armies, Army};
use super::board::{Board, Piece};
use super::geometry::{self, Region, BIG_JUMPS};
use super::options::Mode;
use crate::xiangqi::pattern::{Offset, DIAGONAL, ELEPHANT, HORSE, ORTHOGONAL};
use crate::xiangqi::Kind;
use crate::Square;

/// What decides how pieces move besides the board: the mode, and who is still in (a
/// pawn may step back out of an arm whose army is out).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub mode: Mode,
    pub in_game: Armies,
}

impl Rules {
    /// Whether a piece of `a` may capture a piece of `b`.
    #[inline]
    pub fn opposes(self, a: Army, b: Army) -> bool {
        self.mode.opposes(a, b)
    }

    /// The armies still in that may capture `army`'s pieces.
    pub fn opponents(self, army: Army) -> Armies {
        let mut out = Armies::NONE;
        for a in self.in_game.iter() {
            if self.opposes(a, army) {
                out = out.with(a);
            }
        }
        out
    }
}

/// Whether a piece of `army` may end on `to`: empty, or an opponent's piece.
#[inline]
fn open(board: &Board, rules: Rules, army: Army, to: Square) -> bool {
    match board.get(to) {
        None => true,
        Some(p) => rules.opposes(army, p.army),
    }
}

/// The index of an orthogonal offset in [`ORTHOGONAL`] (up, right, down, left).
pub const fn direction_index(o: Offset) -> usize {
    match (o.df, o.dr) {
        (0, 1) => 0,
        (1, 0) => 1,
        (0, -1) => 2,
        _ => 3,
    }
}

const fn bit(o: Offset) -> u8 {
    1 << direction_index(o)
}

/// How a pawn on a point may move: which of the four directions (bits in
/// [`ORTHOGONAL`] order), and whether it may go two points.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PawnSteps {
    pub directions: u8,
    pub two: bool,
}

impl PawnSteps {
    pub fn allows(self, o: Offset) -> bool {
        self.directions & bit(o) != 0
    }
}

/// Where the pawn stands decides its directions (docs/rules.md, Four-player xiangqi, and
/// its fine points):
/// - in its own arm before ever leaving it: forward only, one point;
/// - in the middle part: all four directions;
/// - back in its own arm: forward or sideways, never backward;
/// - in another army's arm: forward (towards that army's back line) or sideways, and
///   backward (towards the middle part) while that army is out.
///
/// Once a pawn has left its own arm (its flag; dropped pawns carry it from the start) it
/// reaches one or two points in each of its directions wherever it stands, its own arm
/// included; a pawn standing outside its own arm has always left it.
pub fn pawn_steps(at: Square, pawn: Piece, rules: Rules) -> PawnSteps {
    match geometry::region(at) {
        None => PawnSteps {
            directions: 0,
            two: false,
        },
        Some(Region::Middle) => PawnSteps {
            directions: 0b1111,
            two: true,
        },
        Some(Region::Arm(own)) if own == pawn.army => {
            let forward = bit(own.forward());
            let directions = if pawn.left_arm {
                let [a, b] = own.sideways();
                forward | bit(a) | bit(b)
            } else {
                forward
            };
            PawnSteps {
                directions,
                two: pawn.left_arm,
            }
        }
        Some(Region::Arm(other)) => {
            let [a, b] = other.sideways();
            let mut directions = bit(other.forward().neg()) | bit(a) | bit(b);
            if !rules.in_game.contains(other) {
                directions |= bit(other.forward());
            }
            PawnSteps {
                directions,
                two: true,
            }
        }
    }
}

/// How a dropped pawn is judged for "could it capture at once": all four directions,
/// one or two points (it has left its own arm, and it lands in the arm of an army that
/// is out, where backward is allowed too).
pub const DROPPED_PAWN_STEPS: PawnSteps = PawnSteps {
    directions: 0b1111,
    two: true,
};

/// Calls `visit` with each point a pawn of `army` on `from` with these `steps` could
/// move to, captures included; stops as soon as `visit` returns true, and says whether
/// it did.
fn pawn_targets(
    board: &Board,
    rules: Rules,
    from: Square,
    army: Army,
    steps: PawnSteps,
    visit: &mut impl FnMut(Square) -> bool,
) -> bool {
    for o in ORTHOGONAL {
        if !steps.allows(o) {
            continue;
        }
        let Some(one) = geometry::offset(from, o) else {
            continue;
        };
        if open(board, rules, army, one) && visit(one) {
            return true;
        }
        if steps.two && board.get(one).is_none() {
            if let Some(two) = geometry::offset(one, o) {
                if open(board, rules, army, two) && visit(two) {
                    return true;
                }
            }
        }
    }
    false
}

/// Calls `visit` with each point the piece `piece` on `from` could move to, captures
/// included, pseudo-legally. `from` need not hold the piece (drops ask where a piece
/// would reach); the rest of the board is read as it is. Stops as soon as `visit`
/// returns true, and says whether it did.
pub fn targets(
    board: &Board,
    rules: Rules,
    from: Square,
    piece: Piece,
    visit: &mut impl FnMut(Square) -> bool,
) -> bool {
    let army = piece.army;
    match piece.kind {
        Kind::General => {
            for o in ORTHOGONAL {
                if let Some(to) = geometry::offset(from, o) {
                    if geometry::in_palace(army, to) && open(board, rules, army, to) && visit(to) {
                        return true;
                    }
                }
            }
        }
        Kind::Advisor => {
            for o in DIAGONAL {
                if let Some(to) = geometry::offset(from, o) {
                    if geometry::in_palace(army, to) && open(board, rules, army, to) && visit(to) {
                        return true;
                    }
                }
            }
        }
        Kind::Elephant => {
            for leap in ELEPHANT {
                let (Some(eye), Some(to)) = (
                    geometry::offset(from, leap.block),
                    geometry::offset(from, leap.to),
                ) else {
                    continue;
                };
                if board.get(eye).is_none()
                    && geometry::in_arm(army, to)
                    && open(board, rules, army, to)
                    && visit(to)
                {
                    return true;
                }
            }
        }
        Kind::Horse => {
            for leap in HORSE {
                // A leg point that is missing (a corner) stops the move like a piece.
                let (Some(leg), Some(to)) = (
                    geometry::offset(from, leap.block),
                    geometry::offset(from, leap.to),
                ) else {
                    continue;
                };
                if board.get(leg).is_none() && open(board, rules, army, to) && visit(to) {
                    return true;
                }
            }
            if geometry::in_middle(from) {
                for jump in BIG_JUMPS {
                    if let Some(to) = big_jump_target(board, from, jump.path, jump.to) {
                        if open(board, rules, army, to) && visit(to) {
                            return true;
                        }
                    }
                }
            }
        }
        Kind::Rook => {
            for o in ORTHOGONAL {
                let mut at = from;
                while let Some(to) = geometry::offset(at, o) {
                    match board.get(to) {
                        None => {
                            if visit(to) {
                                return true;
                            }
                        }
                        Some(p) => {
                            if rules.opposes(army, p.army) && visit(to) {
                                return true;
                            }
                            break;
                        }
                    }
                    at = to;
                }
            }
        }
        Kind::Cannon => {
            let reach = rules.mode.cannon_reach();
            for o in ORTHOGONAL {
                let mut at = from;
                let mut steps: u8 = 0;
                let mut screened = false;
                while let Some(to) = geometry::offset(at, o) {
                    steps += 1;
                    match (board.get(to), screened) {
                        (None, false) => {
                            if visit(to) {
                                return true;
                            }
                        }
                        (None, true) => {}
                        (Some(_), false) => screened = true,
                        (Some(p), true) => {
                            if rules.opposes(army, p.army) && steps <= reach && visit(to) {
                                return true;
                            }
                            break;
                        }
                    }
                    at = to;
                }
            }
        }
        Kind::Pawn => {
            let steps = pawn_steps(from, piece, rules);
            return pawn_targets(board, rules, from, army, steps, visit);
        }
    }
    false
}

/// The target of a big jump from `from` when its four path points exist and are empty.
#[inline]
fn big_jump_target(board: &Board, from: Square, path: [Offset; 4], to: Offset) -> Option<Square> {
    for p in path {
        let at = geometry::offset(from, p)?;
        if board.get(at).is_some() {
            return None;
        }
    }
    geometry::offset(from, to)
}

/// Every point the piece on `from` could move to (pseudo-legally), in the order
/// [`targets`] finds them.
pub fn target_list(board: &Board, rules: Rules, from: Square, piece: Piece) -> Vec<Square> {
    let mut out = Vec::new();
    targets(board, rules, from, piece, &mut |to| {
        out.push(to);
        false
    });
    out
}

/// Whether a piece placed on `at` could capture at once: some point it reaches holds a
/// piece of an opponent. A pawn is judged as dropped: all four directions, one or two
/// points ([`DROPPED_PAWN_STEPS`]).
pub fn could_capture(board: &Board, rules: Rules, at: Square, piece: Piece) -> Option<Square> {
    let mut found = None;
    let mut visit = |to: Square| {
        if board.get(to).is_some() {
            found = Some(to);
            true
        } else {
            false
        }
    };
    if piece.kind == Kind::Pawn {
        pawn_targets(board, rules, at, piece.army, DROPPED_PAWN_STEPS, &mut visit);
    } else {
        targets(board, rules, at, piece, &mut visit);
    }
    found
}
