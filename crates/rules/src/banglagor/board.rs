//! The Banglagor board: 8 files × 12 ranks of squares, each empty or holding one column.
//!
//! Stored as rows of tokens, top rank first, so snapshots stay readable: `.` is an empty
//! square, `X3` a column of seat 1 three high, `O2` one of seat 2 two high, and a
//! trailing `*` marks a bound column (`O2*`).

use crate::{Dims, Seat, Square};
use serde::{Deserialize, Serialize};

pub const FILES: u8 = 8;
pub const RANKS: u8 = 12;
pub const DIMS: Dims = Dims::new(FILES, RANKS);
/// Squares on the board.
pub const CELLS: usize = FILES as usize * RANKS as usize;

/// One column: whose, how high (1 to 3), and whether it is bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Column {
    pub seat: Seat,
    pub height: u8,
    pub bound: bool,
}

impl Column {
    pub fn new(seat: Seat, height: u8) -> Column {
        Column {
            seat,
            height,
            bound: false,
        }
    }

    /// The column as a diagram token: `X3`, `O2*`.
    pub fn token(self) -> String {
        format!(
            "{}{}{}",
            symbol(self.seat),
            self.height,
            if self.bound { "*" } else { "" }
        )
    }

    /// Packs the column into a non-zero byte: height in bits 0–1, seat in bit 2, bound
    /// in bit 3.
    fn pack(self) -> u8 {
        debug_assert!((1..=3).contains(&self.height));
        self.height | (self.seat.index() as u8) << 2 | (self.bound as u8) << 3
    }

    fn unpack(cell: u8) -> Option<Column> {
        (cell != 0).then_some(Column {
            seat: if cell & 4 == 0 {
                Seat::FIRST
            } else {
                Seat::SECOND
            },
            height: cell & 3,
            bound: cell & 8 != 0,
        })
    }
}

/// How a seat's columns are written in diagrams.
pub fn symbol(seat: Seat) -> char {
    if seat == Seat::FIRST {
        'X'
    } else {
        'O'
    }
}

/// The squares orthogonally next to each square, by index; `NONE` pads the edges.
pub(crate) const NONE: u8 = u8::MAX;
pub(crate) static NEIGHBOURS: [[u8; 4]; CELLS] = neighbours();

const fn neighbours() -> [[u8; 4]; CELLS] {
    let mut table = [[NONE; 4]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (file, rank) = (i % FILES as usize, i / FILES as usize);
        let mut n = 0;
        if rank + 1 < RANKS as usize {
            table[i][n] = (i + FILES as usize) as u8;
            n += 1;
        }
        if file + 1 < FILES as usize {
            table[i][n] = (i + 1) as u8;
            n += 1;
        }
        if rank > 0 {
            table[i][n] = (i - FILES as usize) as u8;
            n += 1;
        }
        if file > 0 {
            table[i][n] = (i - 1) as u8;
        }
        i += 1;
    }
    table
}

/// The squares next to the square with index `i` (up, right, down, left, as they exist).
pub(crate) fn neighbours_of(i: usize) -> impl Iterator<Item = usize> {
    NEIGHBOURS[i]
        .into_iter()
        .take_while(|n| *n != NONE)
        .map(usize::from)
}

pub fn index(sq: Square) -> usize {
    DIMS.index(sq)
}

pub fn square_at(i: usize) -> Square {
    DIMS.square_at(i)
}

/// Whether two squares share a side.
pub fn adjacent(a: Square, b: Square) -> bool {
    a.file.abs_diff(b.file) + a.rank.abs_diff(b.rank) == 1
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "Vec<String>", try_from = "Vec<String>")]
pub struct Board {
    cells: [u8; CELLS],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    pub fn empty() -> Board {
        Board { cells: [0; CELLS] }
    }

    pub fn dims(&self) -> Dims {
        DIMS
    }

    pub fn get(&self, sq: Square) -> Option<Column> {
        self.at(index(sq))
    }

    pub fn set(&mut self, sq: Square, column: Option<Column>) {
        self.set_at(index(sq), column);
    }

    /// The column on the square with index `i`.
    pub(crate) fn at(&self, i: usize) -> Option<Column> {
        Column::unpack(self.cells[i])
    }

    pub(crate) fn set_at(&mut self, i: usize, column: Option<Column>) {
        self.cells[i] = column.map_or(0, Column::pack);
    }

    pub(crate) fn is_empty_at(&self, i: usize) -> bool {
        self.cells[i] == 0
    }

    /// The empty squares as a bit mask (bit `i` for the square with index `i`).
    pub(crate) fn empty_mask(&self) -> u128 {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == 0)
            .fold(0, |mask, (i, _)| mask | 1 << i)
    }

    /// Every column, rank by rank from `a1`.
    pub fn columns(&self) -> impl Iterator<Item = (Square, Column)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| Column::unpack(*c).map(|col| (square_at(i), col)))
    }

    /// How many columns `seat` has on the board.
    pub fn count(&self, seat: Seat) -> u8 {
        self.columns().filter(|(_, c)| c.seat == seat).count() as u8
    }

    /// The sum of the heights of `seat`'s columns on the board, bound ones included.
    pub fn total_height(&self, seat: Seat) -> u8 {
        self.columns()
            .filter(|(_, c)| c.seat == seat)
            .map(|(_, c)| c.height)
            .sum()
    }

    /// How many of `seat`'s columns are bound.
    pub fn bound_count(&self, seat: Seat) -> u8 {
        self.columns()
            .filter(|(_, c)| c.seat == seat && c.bound)
            .count() as u8
    }

    /// Rows of tokens separated by single spaces, top rank first.
    pub fn rows(&self) -> Vec<String> {
        (0..RANKS)
            .rev()
            .map(|rank| {
                (0..FILES)
                    .map(|file| {
                        self.get(Square::new(file, rank))
                            .map_or_else(|| ".".to_string(), Column::token)
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// Reads rows as [`Board::rows`] writes them. Blanks between tokens are optional
    /// (`X3.O2*` is three squares), and `x`/`o` may be written for `X`/`O`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, String> {
        if rows.len() != RANKS as usize {
            return Err(format!(
                "a banglagor board has {RANKS} rows, not {}",
                rows.len()
            ));
        }
        let mut board = Board::empty();
        for (i, row) in rows.iter().enumerate() {
            let rank = RANKS - 1 - i as u8;
            let cells = tokens(row.as_ref())
                .map_err(|e| format!("row {} (rank {}): {e}", i + 1, rank + 1))?;
            if cells.len() != FILES as usize {
                return Err(format!(
                    "row {} (rank {}) has {} squares, not {FILES}",
                    i + 1,
                    rank + 1,
                    cells.len()
                ));
            }
            for (file, column) in cells.into_iter().enumerate() {
                board.set(Square::new(file as u8, rank), column);
            }
        }
        Ok(board)
    }
}

/// The squares of one diagram row.
fn tokens(row: &str) -> Result<Vec<Option<Column>>, String> {
    let mut chars = row.chars().filter(|c| !c.is_whitespace()).peekable();
    let mut cells = Vec::new();
    while let Some(c) = chars.next() {
        let seat = match c {
            '.' => {
                cells.push(None);
                continue;
            }
            'X' | 'x' => Seat::FIRST,
            'O' | 'o' => Seat::SECOND,
            other => return Err(format!("“{other}” is not ., X or O")),
        };
        let height = match chars.next() {
            Some(d @ '1'..='3') => d as u8 - b'0',
            _ => return Err(format!("{c} must be followed by a height 1, 2 or 3")),
        };
        let bound = chars.next_if_eq(&'*').is_some();
        cells.push(Some(Column {
            seat,
            height,
            bound,
        }));
    }
    Ok(cells)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back() {
        let mut board = Board::empty();
        board.set(Square::new(3, 1), Some(Column::new(Seat::FIRST, 3)));
        board.set(
            Square::new(4, 11),
            Some(Column {
                seat: Seat::SECOND,
                height: 2,
                bound: true,
            }),
        );
        let rows = board.rows();
        assert_eq!(rows[0], ". . . . O2* . . .");
        assert_eq!(rows[10], ". . . X3 . . . .");
        assert_eq!(Board::from_rows(&rows), Ok(board.clone()));
        let squeezed: Vec<String> = rows.iter().map(|r| r.replace(' ', "")).collect();
        assert_eq!(Board::from_rows(&squeezed), Ok(board));
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        let corner: Vec<usize> = neighbours_of(0).collect();
        assert_eq!(corner, [8, 1]);
        let top_right: Vec<usize> = neighbours_of(CELLS - 1).collect();
        assert_eq!(top_right, [CELLS - 9, CELLS - 2]);
        assert_eq!(neighbours_of(20).count(), 4);
    }
}
