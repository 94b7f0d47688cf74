//! Move generation on the mailbox: every pseudo-legal move (each piece's pattern, with
//! its leg, eye, screen, palace and river), then the legal ones (those that leave the
//! mover's general unattacked and the generals not facing).
//!
//! The patterns come from [`super::pattern`], turned into mailbox index differences;
//! the board decides which points exist and where each region lies.

use super::action::Move;
use super::board::Board;
use super::pattern::{Leap, DIAGONAL, ELEPHANT, HORSE, ORTHOGONAL};
use super::piece::Side;
use super::point::{delta, Point, MAILBOX};
use super::region;

/// A pattern step as a mailbox index difference.
pub(super) const fn steps(offsets: [super::pattern::Offset; 4]) -> [isize; 4] {
    [
        delta(offsets[0]) as isize,
        delta(offsets[1]) as isize,
        delta(offsets[2]) as isize,
        delta(offsets[3]) as isize,
    ]
}

/// A leap with its blocking point, as mailbox index differences.
#[derive(Copy, Clone)]
pub(super) struct LeapStep {
    pub block: isize,
    pub to: isize,
}

pub(super) const fn leap_steps<const N: usize>(leaps: [Leap; N]) -> [LeapStep; N] {
    let mut out = [LeapStep { block: 0, to: 0 }; N];
    let mut i = 0;
    while i < N {
        out[i] = LeapStep {
            block: delta(leaps[i].block) as isize,
            to: delta(leaps[i].to) as isize,
        };
        i += 1;
    }
    out
}

pub(super) const LINES: [isize; 4] = steps(ORTHOGONAL);
const DIAGONALS: [isize; 4] = steps(DIAGONAL);
const HORSE_STEPS: [LeapStep; 8] = leap_steps(HORSE);
const ELEPHANT_STEPS: [LeapStep; 4] = leap_steps(ELEPHANT);

/// The 90 points' mailbox indices, rank by rank from `a0`.
static POINTS: [u8; 90] = {
    let mut out = [0u8; 90];
    let mut n = 0;
    while n < 90 {
        out[n] = match Point::new((n % 9) as u8, (n / 9) as u8) {
            Some(p) => p.index() as u8,
            None => unreachable!(),
        };
        n += 1;
    }
    out
};

/// More than any xiangqi position allows (a side has at most 2 × 17 rook moves, 2 × 17
/// cannon moves, 16 horse, 15 pawn, 8 elephant, 4 advisor and 4 general moves).
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        let none = Point::A0;
        MoveList {
            moves: [Move::new(none, none); MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.as_slice().iter().copied()
    }

    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
}

#[inline(always)]
fn at(index: usize, step: isize) -> usize {
    index.wrapping_add_signed(step)
}

#[inline(always)]
fn mv(from: usize, to: usize) -> Move {
    Move::new(Point::from_index(from), Point::from_index(to))
}

/// Whether two mailbox indices share a file or a rank.
#[inline(always)]
fn same_line(a: usize, b: usize) -> bool {
    (a ^ b) & 15 == 0 || a >> 4 == b >> 4
}

/// Whether two mailbox indices are diagonal neighbours (a horse's leg point, seen from
/// the point it attacks).
#[inline(always)]
fn diagonal_neighbours(a: usize, b: usize) -> bool {
    matches!(a.abs_diff(b), 15 | 17)
}

impl Board {
    /// Every pseudo-legal move of the side to move: each piece's pattern, but the
    /// mover's general may be left attacked.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        let side = self.side;
        for &index in POINTS.iter() {
            let index = index as usize;
            let cell = self.cells[index];
            if !cell.holds(side) {
                continue;
            }
            match cell.0 & 7 {
                1 => self.general_moves(index, side, out),
                2 => self.advisor_moves(index, side, out),
                3 => self.elephant_moves(index, side, out),
                4 => self.horse_moves(index, side, out),
                5 => self.rook_moves(index, side, out),
                6 => self.cannon_moves(index, side, out),
                _ => self.pawn_moves(index, side, out),
            }
        }
    }

    #[inline(always)]
    fn general_moves(&self, from: usize, side: Side, out: &mut MoveList) {
        for step in LINES {
            let to = at(from, step);
            if region::in_palace(side, to) && self.cells[to].open_to(side) {
                out.push(mv(from, to));
            }
        }
    }

    #[inline(always)]
    fn advisor_moves(&self, from: usize, side: Side, out: &mut MoveList) {
        for step in DIAGONALS {
            let to = at(from, step);
            if region::in_palace(side, to) && self.cells[to].open_to(side) {
                out.push(mv(from, to));
            }
        }
    }

    #[inline(always)]
    fn elephant_moves(&self, from: usize, side: Side, out: &mut MoveList) {
        for leap in ELEPHANT_STEPS {
            let to = at(from, leap.to);
            if region::in_half(side, to)
                && self.cells[at(from, leap.block)].is_empty()
                && self.cells[to].open_to(side)
            {
                out.push(mv(from, to));
            }
        }
    }

    #[inline(always)]
    fn horse_moves(&self, from: usize, side: Side, out: &mut MoveList) {
        for leap in HORSE_STEPS {
            let to = at(from, leap.to);
            if self.cells[at(from, leap.block)].is_empty() && self.cells[to].open_to(side) {
                out.push(mv(from, to));
            }
        }
    }

    #[inline(always)]
    fn rook_moves(&self, from: usize, side: Side, out: &mut MoveList) {
        for step in LINES {
            let mut to = at(from, step);
            while self.cells[to].is_empty() {
                out.push(mv(from, to));
                to = at(to, step);
            }
            if self.cells[to].open_to(side) {
                out.push(mv(from, to));
            }
        }
    }

    #[inline(always)]
    fn cannon_moves(&self, from: usize, side: Side, out: &mut MoveList) {
        for step in LINES {
            let mut to = at(from, step);
            while self.cells[to].is_empty() {
                out.push(mv(from, to));
                to = at(to, step);
            }
            if self.cells[to].is_off() {
                continue;
            }
            // `to` is the screen: the first piece behind it may be taken.
            to = at(to, step);
            while self.cells[to].is_empty() {
                to = at(to, step);
            }
            if self.cells[to].holds(side.other()) {
                out.push(mv(from, to));
            }
        }
    }

    #[inline(always)]
    fn pawn_moves(&self, from: usize, side: Side, out: &mut MoveList) {
        let ahead = at(from, side.forward() as isize * LINES[0]);
        if self.cells[ahead].open_to(side) {
            out.push(mv(from, ahead));
        }
        // Across the river a pawn also steps sideways.
        if region::in_half(side.other(), from) {
            for step in [LINES[1], LINES[3]] {
                let to = at(from, step);
                if self.cells[to].open_to(side) {
                    out.push(mv(from, to));
                }
            }
        }
    }

    /// Every legal move of the side to move, in generation order.
    pub fn legal_moves(&self) -> MoveList {
        let mut board = *self;
        let mut out = MoveList::new();
        board.legal_moves_into(&mut out);
        out
    }

    /// Every legal move, found by making the pseudo-legal ones on this board (which
    /// ends as it started).
    ///
    /// Only a move that could expose the general is made and tested: when the general is
    /// not attacked now, a move can create an attack on it only by emptying a point on
    /// its file or rank (opening a rook's or the other general's line, or moving a
    /// cannon's screen) or diagonally next to it (a horse's leg), or by filling a point
    /// on its file or rank (becoming a cannon's screen). General moves are always
    /// tested. Pawn attacks do not depend on other pieces, and captures only remove
    /// attackers.
    pub fn legal_moves_into(&mut self, out: &mut MoveList) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        let side = self.side;
        let general = self.generals[side.index()].index();
        let in_check = self.attacked(side);
        for mv in pseudo.iter() {
            let (from, to) = (mv.from.index(), mv.to.index());
            let risky = in_check
                || same_line(from, general)
                || same_line(to, general)
                || diagonal_neighbours(from, general);
            if risky {
                let captured = self.make(mv);
                let exposed = self.attacked(side);
                self.unmake(mv, captured);
                if exposed {
                    continue;
                }
            }
            out.push(mv);
        }
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }
}

const _: () = assert!(MAILBOX <= 256, "points are kept in a byte");
