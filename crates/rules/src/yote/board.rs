//! The Yoté board, 6 files × 5 ranks: who stands on each square. Stored as rows of `X`
//! (seat 1), `O` (seat 2) and `.` (empty), top rank first, so snapshots stay readable.

use crate::{Dims, Seat, Square};
use serde::{Deserialize, Serialize};

/// 6 files (`a`–`f`) × 5 ranks (`1`–`5`).
pub const DIMS: Dims = Dims::new(6, 5);
const CELLS: usize = 30;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<String>", try_from = "Vec<String>")]
pub struct Board {
    cells: [Option<Seat>; CELLS],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            cells: [None; CELLS],
        }
    }

    pub fn dims(&self) -> Dims {
        DIMS
    }

    /// Who stands on `sq`; `None` for an empty square (the square must be on the board).
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Seat> {
        self.cells[DIMS.index(sq)]
    }

    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Seat>) {
        self.cells[DIMS.index(sq)] = piece;
    }

    /// Every piece on the board, rank by rank from `a1`.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Seat)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|seat| (DIMS.square_at(i), seat)))
    }

    /// The squares of `seat`'s pieces, rank by rank from `a1`.
    pub fn squares_of(&self, seat: Seat) -> impl Iterator<Item = Square> + '_ {
        self.pieces()
            .filter(move |(_, s)| *s == seat)
            .map(|(sq, _)| sq)
    }

    pub fn count(&self, seat: Seat) -> u8 {
        self.cells.iter().filter(|c| **c == Some(seat)).count() as u8
    }

    /// Rows of `X`, `O` and `.`, top rank first.
    pub fn rows(&self) -> Vec<String> {
        (0..DIMS.ranks)
            .rev()
            .map(|rank| {
                (0..DIMS.files)
                    .map(|file| symbol(self.get(Square::new(file, rank))))
                    .collect()
            })
            .collect()
    }

    /// Reads rows as [`Board::rows`] writes them (blanks between cells allowed).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, String> {
        let (files, ranks) = (DIMS.files as usize, DIMS.ranks as usize);
        if rows.len() != ranks {
            return Err(format!("a yoté board has {ranks} rows, not {}", rows.len()));
        }
        let mut board = Board::empty();
        for (i, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.as_ref().chars().filter(|c| *c != ' ').collect();
            if cells.len() != files {
                return Err(format!(
                    "row {} has {} cells, not {files}",
                    i + 1,
                    cells.len()
                ));
            }
            let rank = (ranks - 1 - i) as u8;
            for (file, c) in cells.into_iter().enumerate() {
                let piece = match c {
                    'X' | 'x' => Some(Seat::FIRST),
                    'O' | 'o' => Some(Seat::SECOND),
                    '.' => None,
                    other => return Err(format!("“{other}” is not X, O or .")),
                };
                board.set(Square::new(file as u8, rank), piece);
            }
        }
        Ok(board)
    }
}

/// How a seat's piece is drawn in text diagrams.
pub fn symbol(piece: Option<Seat>) -> char {
    match piece {
        Some(Seat::FIRST) => 'X',
        Some(_) => 'O',
        None => '.',
    }
}

impl From<Board> for Vec<String> {
    fn from(board: Board) -> Vec<String> {
        board.rows()
    }
}

impl TryFrom<Vec<String>> for Board {
    type Error = String;
    fn try_from(rows: Vec<String>) -> Result<Board, String> {
        Board::from_rows(&rows)
    }
}
