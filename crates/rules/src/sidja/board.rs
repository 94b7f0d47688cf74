//! The Sidja board: who stands on each square. Stored as rows of `X` (seat 1), `O`
//! (seat 2) and `.` (empty), top rank first, so snapshots stay readable.

use crate::{Dims, Seat, Square};
use serde::{Deserialize, Serialize};

/// Large enough for the 9×9 board.
const MAX_CELLS: usize = 81;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<String>", try_from = "Vec<String>")]
pub struct Board {
    size: u8,
    cells: [Option<Seat>; MAX_CELLS],
}

impl Board {
    pub fn empty(size: u8) -> Board {
        assert!(size as usize * size as usize <= MAX_CELLS && size % 2 == 1);
        Board {
            size,
            cells: [None; MAX_CELLS],
        }
    }

    pub fn dims(&self) -> Dims {
        Dims::square(self.size)
    }

    pub fn centre(&self) -> Square {
        Square::new(self.size / 2, self.size / 2)
    }

    pub fn get(&self, sq: Square) -> Option<Seat> {
        self.cells[self.dims().index(sq)]
    }

    pub fn set(&mut self, sq: Square, stone: Option<Seat>) {
        let i = self.dims().index(sq);
        self.cells[i] = stone;
    }

    /// Every stone on the board, rank by rank from `a1`.
    pub fn stones(&self) -> impl Iterator<Item = (Square, Seat)> + '_ {
        self.dims()
            .squares()
            .filter_map(|sq| self.get(sq).map(|seat| (sq, seat)))
    }

    pub fn count(&self, seat: Seat) -> u8 {
        self.cells.iter().filter(|c| **c == Some(seat)).count() as u8
    }

    /// Rows of `X`, `O` and `.`, top rank first.
    pub fn rows(&self) -> Vec<String> {
        (0..self.size)
            .rev()
            .map(|rank| {
                (0..self.size)
                    .map(|file| symbol(self.get(Square::new(file, rank))))
                    .collect()
            })
            .collect()
    }

    /// Reads rows as [`Board::rows`] writes them (blanks between cells allowed).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, String> {
        let size = rows.len();
        if ![5, 7, 9].contains(&size) {
            return Err(format!("a sidja board has 5, 7 or 9 rows, not {size}"));
        }
        let mut board = Board::empty(size as u8);
        for (i, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.as_ref().chars().filter(|c| *c != ' ').collect();
            if cells.len() != size {
                return Err(format!(
                    "row {} has {} cells, not {size}",
                    i + 1,
                    cells.len()
                ));
            }
            let rank = (size - 1 - i) as u8;
            for (file, c) in cells.into_iter().enumerate() {
                let stone = match c {
                    'X' | 'x' => Some(Seat::FIRST),
                    'O' | 'o' => Some(Seat::SECOND),
                    '.' | '+' => None,
                    other => return Err(format!("“{other}” is not X, O or .")),
                };
                board.set(Square::new(file as u8, rank), stone);
            }
        }
        Ok(board)
    }
}

/// How a seat's stone is drawn in text diagrams.
pub fn symbol(stone: Option<Seat>) -> char {
    match stone {
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
