//! Is a general attacked? Looked at from the general's point outwards: along its file
//! and rank for rooks, the other general (facing on an open file) and cannons (behind
//! exactly one screen); at the eight horse points whose leg next to the general is
//! empty; and at the three points from which an enemy pawn steps onto it.

use super::board::Board;
use super::kind::Kind;
use super::movegen::{leap_steps, LeapStep, LINES};
use super::pattern::HORSE_ATTACKS;
use super::piece::{Cell, Piece, Side};

const HORSE_ATTACK_STEPS: [LeapStep; 8] = leap_steps(HORSE_ATTACKS);

impl Board {
    /// Whether `side`'s general is attacked by the other side: a piece of theirs could
    /// take it, or the two generals face each other on a file with nothing between.
    #[inline]
    pub fn attacked(&self, side: Side) -> bool {
        self.attack_test::<true>(side)
    }

    /// Whether a piece of the other side could take `side`'s general (facing generals
    /// left out).
    pub fn attacked_by_pieces(&self, side: Side) -> bool {
        self.attack_test::<false>(side)
    }

    #[inline(always)]
    fn attack_test<const FACING: bool>(&self, side: Side) -> bool {
        let general = self.generals[side.index()].index();
        let enemy = side.other();
        let cells = &self.cells;
        let rook = Cell::of(Piece::new(enemy, Kind::Rook));
        let their_general = Cell::of(Piece::new(enemy, Kind::General));
        let cannon = Cell::of(Piece::new(enemy, Kind::Cannon));
        for step in LINES {
            let mut i = general.wrapping_add_signed(step);
            while cells[i].is_empty() {
                i = i.wrapping_add_signed(step);
            }
            let first = cells[i];
            if first.is_off() {
                continue;
            }
            // The generals never share a rank (their palaces are ranks apart), so an
            // enemy general first on any line faces this one on their file.
            if first == rook || (FACING && first == their_general) {
                return true;
            }
            i = i.wrapping_add_signed(step);
            while cells[i].is_empty() {
                i = i.wrapping_add_signed(step);
            }
            if cells[i] == cannon {
                return true;
            }
        }
        let horse = Cell::of(Piece::new(enemy, Kind::Horse));
        for leap in HORSE_ATTACK_STEPS {
            if cells[general.wrapping_add_signed(leap.to)] == horse
                && cells[general.wrapping_add_signed(leap.block)].is_empty()
            {
                return true;
            }
        }
        // An enemy pawn takes by stepping forward (towards this side) or, across the
        // river (where this general always is for it), sideways.
        let pawn = Cell::of(Piece::new(enemy, Kind::Pawn));
        cells[general.wrapping_add_signed(side.forward() as isize * LINES[0])] == pawn
            || cells[general + 1] == pawn
            || cells[general - 1] == pawn
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.attacked(self.side)
    }

    /// Whether the generals face each other on an open file.
    pub fn generals_face(&self) -> bool {
        let (red, black) = (self.generals[0], self.generals[1]);
        if red.file() != black.file() {
            return false;
        }
        let step = LINES[0];
        let mut i = red.index().wrapping_add_signed(step);
        while self.cells[i].is_empty() {
            i = i.wrapping_add_signed(step);
        }
        i == black.index()
    }
}
