//! The two sides and their pieces, and how a piece is kept in a mailbox cell.

use super::kind::Kind;
use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Red (seat 1, moves first, starts on ranks 0–4) or black (seat 2, ranks 5–9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    Red,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::Black];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    pub const fn seat(self) -> Seat {
        match self {
            Side::Red => Seat::FIRST,
            Side::Black => Seat::SECOND,
        }
    }

    pub const fn from_seat(seat: Seat) -> Side {
        if seat.index() == 0 {
            Side::Red
        } else {
            Side::Black
        }
    }

    /// "red" or "black".
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Black => "black",
        }
    }

    /// Ranks a step forward adds: up the board for red, down for black.
    pub const fn forward(self) -> i8 {
        match self {
            Side::Red => 1,
            Side::Black => -1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: whose, and of what kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// The piece's mailbox code (see [`Cell`]).
    pub const fn code(self) -> u8 {
        1 + self.kind as u8 + 8 * self.side as u8
    }

    /// FEN's letter: upper case for red, lower for black, with FEN's usual `B` for the
    /// elephant and `N` for the horse (`rnbakabnr`).
    pub const fn fen_letter(self) -> char {
        let upper = match self.kind {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        };
        match self.side {
            Side::Red => upper,
            Side::Black => upper.to_ascii_lowercase(),
        }
    }

    /// "red horse".
    pub fn name(self) -> String {
        format!("{} {}", self.side, self.kind.name())
    }
}

/// What a mailbox cell holds: nothing, a piece, or the edge of the world. Codes: 0 empty,
/// 1–7 a red piece (1 + kind), 9–15 a black one (9 + kind), 16 off the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

impl Cell {
    pub const EMPTY: Cell = Cell(0);
    pub const OFF: Cell = Cell(16);

    pub const fn of(piece: Piece) -> Cell {
        Cell(piece.code())
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn is_off(self) -> bool {
        self.0 == Cell::OFF.0
    }

    /// The piece in the cell, if any.
    pub const fn piece(self) -> Option<Piece> {
        if self.0 == 0 || self.0 >= 16 {
            return None;
        }
        let side = if self.0 & 8 == 0 {
            Side::Red
        } else {
            Side::Black
        };
        Some(Piece::new(side, Kind::ALL[((self.0 & 7) - 1) as usize]))
    }

    /// Whether a piece of `side` may end a move here: the point exists and is empty or
    /// holds an enemy piece.
    #[inline(always)]
    pub const fn open_to(self, side: Side) -> bool {
        match side {
            Side::Red => self.0 == 0 || (self.0 >= 9 && self.0 <= 15),
            Side::Black => self.0 < 8,
        }
    }

    /// Whether the cell holds a piece of `side`.
    #[inline(always)]
    pub const fn holds(self, side: Side) -> bool {
        match side {
            Side::Red => self.0 >= 1 && self.0 <= 7,
            Side::Black => self.0 >= 9 && self.0 <= 15,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_hold_every_piece() {
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let piece = Piece::new(side, kind);
                let cell = Cell::of(piece);
                assert_eq!(cell.piece(), Some(piece));
                assert!(cell.holds(side) && !cell.holds(side.other()));
                assert!(!cell.open_to(side) && cell.open_to(side.other()));
            }
            assert!(Cell::EMPTY.open_to(side) && !Cell::OFF.open_to(side));
        }
        assert_eq!(Cell::OFF.piece(), None);
        assert_eq!(Cell::EMPTY.piece(), None);
    }
}
