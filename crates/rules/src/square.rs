//! Squares of rectangular boards, named like chess: file letter from the first player's
//! left, rank number from the first player's side (`a1` is the first player's left corner).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The size of a rectangular board, in files (columns) and ranks (rows).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    pub files: u8,
    pub ranks: u8,
}

impl Dims {
    pub const fn new(files: u8, ranks: u8) -> Dims {
        Dims { files, ranks }
    }

    pub const fn square(n: u8) -> Dims {
        Dims { files: n, ranks: n }
    }

    pub fn area(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    pub fn contains(self, sq: Square) -> bool {
        sq.file < self.files && sq.rank < self.ranks
    }

    /// Index of a square in a rank-major array (`a1, b1, …, a2, …`).
    pub fn index(self, sq: Square) -> usize {
        sq.rank as usize * self.files as usize + sq.file as usize
    }

    pub fn square_at(self, index: usize) -> Square {
        Square::new(
            (index % self.files as usize) as u8,
            (index / self.files as usize) as u8,
        )
    }

    /// Every square, rank by rank from the first player's side, by file within a rank.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.area()).map(move |i| self.square_at(i))
    }

    /// The square `steps` times `dir` away from `sq`, if it is on the board.
    pub fn offset(self, sq: Square, dir: Dir, steps: i8) -> Option<Square> {
        let file = sq.file as i16 + dir.df as i16 * steps as i16;
        let rank = sq.rank as i16 + dir.dr as i16 * steps as i16;
        if file < 0 || rank < 0 || file >= self.files as i16 || rank >= self.ranks as i16 {
            None
        } else {
            Some(Square::new(file as u8, rank as u8))
        }
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.files, self.ranks)
    }
}

/// A square, by zero-based file and rank. It prints as `c3`, and is stored so too.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Reads a square leniently: any case, surrounding blanks ignored. Checks syntax
    /// only; whether the square is on a given board is the caller's question.
    pub fn parse(text: &str) -> Option<Square> {
        let (sq, rest) = Square::parse_prefix(text.trim())?;
        rest.is_empty().then_some(sq)
    }

    /// Reads a square at the start of `text` and returns it with what follows.
    pub fn parse_prefix(text: &str) -> Option<(Square, &str)> {
        let mut chars = text.char_indices();
        let (_, letter) = chars.next()?;
        if !letter.is_ascii_alphabetic() {
            return None;
        }
        let file = letter.to_ascii_lowercase() as u8 - b'a';
        let digits_end = text[1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(text.len(), |i| i + 1);
        let digits = &text[1..digits_end];
        // Ranks are at most two digits on every board we play; a leading zero is not
        // a rank.
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        Some((Square::new(file, rank - 1), &text[digits_end..]))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

impl From<Square> for String {
    fn from(sq: Square) -> String {
        sq.to_string()
    }
}

impl TryFrom<String> for Square {
    type Error = String;
    fn try_from(text: String) -> Result<Square, String> {
        Square::parse(&text).ok_or_else(|| format!("“{text}” is not a square"))
    }
}

/// A direction on the grid, as steps in file and rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dir {
    pub df: i8,
    pub dr: i8,
}

impl Dir {
    pub const fn new(df: i8, dr: i8) -> Dir {
        Dir { df, dr }
    }

    /// Up, right, down, left.
    pub const ORTHOGONAL: [Dir; 4] = [
        Dir::new(0, 1),
        Dir::new(1, 0),
        Dir::new(0, -1),
        Dir::new(-1, 0),
    ];

    /// The orthogonal directions, then the diagonal ones.
    pub const ALL: [Dir; 8] = [
        Dir::new(0, 1),
        Dir::new(1, 0),
        Dir::new(0, -1),
        Dir::new(-1, 0),
        Dir::new(1, 1),
        Dir::new(1, -1),
        Dir::new(-1, -1),
        Dir::new(-1, 1),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_print_and_parse_leniently() {
        assert_eq!(Square::new(2, 2).to_string(), "c3");
        assert_eq!(Square::parse("C3"), Some(Square::new(2, 2)));
        assert_eq!(Square::parse(" h12 "), Some(Square::new(7, 11)));
        assert_eq!(Square::parse("c0"), None);
        assert_eq!(Square::parse("c03"), None);
        assert_eq!(Square::parse("3c"), None);
        assert_eq!(Square::parse("c"), None);
        assert_eq!(Square::parse("c123"), None);
        assert_eq!(Square::parse("é3"), None);
    }

    #[test]
    fn squares_are_numbered_rank_by_rank() {
        let dims = Dims::square(5);
        let all: Vec<String> = dims.squares().map(|s| s.to_string()).collect();
        assert_eq!(&all[..6], ["a1", "b1", "c1", "d1", "e1", "a2"]);
        assert_eq!(dims.index(Square::new(2, 2)), 12);
        assert_eq!(dims.offset(Square::new(0, 0), Dir::new(-1, 0), 1), None);
        assert_eq!(
            dims.offset(Square::new(0, 0), Dir::new(1, 1), 2),
            Some(Square::new(2, 2))
        );
    }
}
