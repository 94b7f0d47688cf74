//! The position the rules work on: the pieces in a padded mailbox, where the generals
//! stand, whose move it is, and the position's Zobrist key; made and unmade move by move.

use super::action::Move;
use super::kind::Kind;
use super::piece::{Cell, Piece, Side};
use super::point::{Point, MAILBOX};
use super::region;
use super::zobrist::{BLACK_TO_MOVE, PIECE_KEYS};
use std::fmt;

/// Pieces on the board and the side to move. Every board holds exactly one general per
/// side (its constructors check it).
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Board {
    pub(super) cells: [Cell; MAILBOX],
    pub(super) generals: [Point; 2],
    pub(super) side: Side,
    key: u64,
}

/// The start position, red to move.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Board {
    /// A board from its pieces, checking only that each side has exactly one general;
    /// [`super::fen`] checks the rest of what a real position needs.
    pub fn from_pieces(
        pieces: impl IntoIterator<Item = (Point, Piece)>,
        side: Side,
    ) -> Result<Board, [usize; 2]> {
        let mut cells = [Cell::OFF; MAILBOX];
        for p in Point::all() {
            cells[p.index()] = Cell::EMPTY;
        }
        let mut board = Board {
            cells,
            generals: [Point::A0; 2],
            side: Side::Red,
            key: 0,
        };
        let mut generals = [0usize; 2];
        for (at, piece) in pieces {
            if piece.kind == Kind::General {
                generals[piece.side.index()] += 1;
                board.generals[piece.side.index()] = at;
            }
            board.cells[at.index()] = Cell::of(piece);
        }
        if generals != [1, 1] {
            return Err(generals);
        }
        board.side = side;
        board.key = board.compute_key();
        Ok(board)
    }

    /// The key computed from scratch (the kept one must always equal it).
    pub fn compute_key(&self) -> u64 {
        let pieces = Point::all()
            .map(|p| PIECE_KEYS[self.cells[p.index()].0 as usize][p.index()])
            .fold(0, |a, b| a ^ b);
        match self.side {
            Side::Red => pieces,
            Side::Black => pieces ^ BLACK_TO_MOVE,
        }
    }

    /// The position's Zobrist key: equal positions (pieces and side to move) have equal
    /// keys.
    pub fn key(&self) -> u64 {
        self.key
    }

    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The piece on `p`, if any.
    pub fn get(&self, p: Point) -> Option<Piece> {
        self.cells[p.index()].piece()
    }

    /// Where `side`'s general stands.
    pub fn general(&self, side: Side) -> Point {
        self.generals[side.index()]
    }

    /// Every piece, rank by rank from `a0`, by file within a rank.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Piece)> + '_ {
        Point::all().filter_map(|p| self.get(p).map(|piece| (p, piece)))
    }

    /// How many pieces `side` has on the board.
    pub fn count(&self, side: Side) -> usize {
        self.pieces()
            .filter(|(_, piece)| piece.side == side)
            .count()
    }

    /// Plays a move (legal or at least pseudo-legal), returning what stood on its target
    /// so that [`Board::unmake`] can put it back.
    #[inline(always)]
    pub fn make(&mut self, mv: Move) -> Cell {
        let (from, to) = (mv.from.index(), mv.to.index());
        let moving = self.cells[from];
        let captured = self.cells[to];
        self.cells[to] = moving;
        self.cells[from] = Cell::EMPTY;
        self.key ^= PIECE_KEYS[moving.0 as usize][from]
            ^ PIECE_KEYS[moving.0 as usize][to]
            ^ PIECE_KEYS[captured.0 as usize][to]
            ^ BLACK_TO_MOVE;
        if moving == Cell::of(Piece::new(self.side, Kind::General)) {
            self.generals[self.side.index()] = mv.to;
        }
        self.side = self.side.other();
        captured
    }

    /// Takes back `mv`, the last move made, which captured `captured`.
    #[inline(always)]
    pub fn unmake(&mut self, mv: Move, captured: Cell) {
        let (from, to) = (mv.from.index(), mv.to.index());
        self.side = self.side.other();
        let moving = self.cells[to];
        self.cells[from] = moving;
        self.cells[to] = captured;
        self.key ^= PIECE_KEYS[moving.0 as usize][from]
            ^ PIECE_KEYS[moving.0 as usize][to]
            ^ PIECE_KEYS[captured.0 as usize][to]
            ^ BLACK_TO_MOVE;
        if moving == Cell::of(Piece::new(self.side, Kind::General)) {
            self.generals[self.side.index()] = mv.from;
        }
    }

    /// Whether `p` lies where a piece of its kind and side may ever stand: generals and
    /// advisors in their palace, elephants on their seven points, pawns never behind
    /// their starting rank and, before the river, only on their starting files.
    pub fn reachable(p: Point, piece: Piece) -> bool {
        let side = piece.side;
        match piece.kind {
            Kind::General => region::in_palace(side, p.index()),
            Kind::Advisor => region::advisor_point(side, p),
            Kind::Elephant => region::elephant_point(side, p),
            Kind::Pawn => {
                let ahead = match side {
                    Side::Red => p.rank(),
                    Side::Black => 9 - p.rank(),
                };
                ahead >= 5 || (ahead >= 3 && p.file().is_multiple_of(2))
            }
            Kind::Horse | Kind::Rook | Kind::Cannon => true,
        }
    }

    /// Rows of letters, rank 9 first: FEN's letters (`K A B N R C P`, red upper case),
    /// `.` for an empty point.
    pub fn rows(&self) -> Vec<String> {
        (0..10)
            .rev()
            .map(|rank| {
                (0..9)
                    .map(|file| {
                        let p = Point::new(file, rank).expect("on the board");
                        self.get(p).map_or('.', Piece::fen_letter)
                    })
                    .collect()
            })
            .collect()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", super::fen::board_fen(self))?;
        write!(f, " {}", if self.side == Side::Red { 'w' } else { 'b' })
    }
}
