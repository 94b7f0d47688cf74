//! Points of the 9×10 board, named in ICCS: files `a`–`i` from red's left, ranks `0`–`9`
//! from red's side (`e0` is red's general at the start).
//!
//! A point is its index in a padded mailbox: 16 cells a row, two rows of padding below
//! rank 0 and above rank 9, two padding cells left of file `a` and five right of file
//! `i`. Any step a xiangqi piece makes (at most two points along an axis) from a point of
//! the board lands on a cell of the mailbox, so move generation never checks bounds: it
//! reads the cell and finds it off the board.

use super::pattern::Offset;
use serde::{Deserialize, Serialize};
use std::fmt;

pub const FILES: u8 = 9;
pub const RANKS: u8 = 10;

/// Cells a mailbox row holds.
pub const STRIDE: i16 = 16;
/// Padding rows below rank 0 (and above rank 9).
const PAD_ROWS: u8 = 2;
/// Padding cells left of file `a`.
const PAD_FILES: u8 = 2;
/// Cells in the mailbox: 14 rows of 16.
pub const MAILBOX: usize = ((RANKS + 2 * PAD_ROWS) as usize) * STRIDE as usize;

/// A point of the board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// Red's left corner.
    pub const A0: Point = Point(PAD_ROWS * STRIDE as u8 + PAD_FILES);

    /// The point on `file` (0 = `a`) and `rank` (0 = red's back rank), if it exists.
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file < FILES && rank < RANKS {
            Some(Point((rank + PAD_ROWS) * STRIDE as u8 + PAD_FILES + file))
        } else {
            None
        }
    }

    /// The point at a mailbox index known to be on the board.
    pub(crate) const fn from_index(index: usize) -> Point {
        Point(index as u8)
    }

    /// The point's mailbox index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for `a` … 8 for `i`.
    pub const fn file(self) -> u8 {
        self.0 % STRIDE as u8 - PAD_FILES
    }

    /// 0 (red's back rank) … 9 (black's).
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE as u8 - PAD_ROWS
    }

    /// The point `offset` away, if it is on the board.
    pub const fn offset(self, offset: Offset) -> Option<Point> {
        let file = self.file() as i8 + offset.df;
        let rank = self.rank() as i8 + offset.dr;
        if file < 0 || rank < 0 {
            None
        } else {
            Point::new(file as u8, rank as u8)
        }
    }

    /// Every point, rank by rank from `a0`, by file within a rank.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..RANKS).flat_map(|rank| (0..FILES).filter_map(move |file| Point::new(file, rank)))
    }

    /// The file's letter, `a`–`i`.
    pub fn file_letter(self) -> char {
        (b'a' + self.file()) as char
    }

    /// Reads `e0` (either case). `None` unless it is exactly a file letter and a rank
    /// digit of the board.
    pub fn parse(text: &str) -> Option<Point> {
        match text.as_bytes() {
            [f, r] => Point::from_chars(*f as char, *r as char),
            _ => None,
        }
    }

    /// The point named by a file letter and a rank digit.
    pub fn from_chars(file: char, rank: char) -> Option<Point> {
        let f = file.to_ascii_lowercase();
        if !('a'..='i').contains(&f) || !rank.is_ascii_digit() {
            return None;
        }
        Point::new(f as u8 - b'a', rank as u8 - b'0')
    }
}

/// A step as a difference of mailbox indices.
pub const fn delta(offset: Offset) -> i16 {
    offset.df as i16 + offset.dr as i16 * STRIDE
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_letter(), self.rank())
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let text = String::deserialize(d)?;
        Point::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("“{text}” is not a point")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_name_and_read_back() {
        assert_eq!(Point::all().count(), 90);
        for p in Point::all() {
            assert_eq!(Point::parse(&p.to_string()), Some(p));
            assert_eq!(Point::new(p.file(), p.rank()), Some(p));
            assert!(p.index() < MAILBOX);
        }
        assert_eq!(Point::parse("E0"), Point::new(4, 0));
        assert_eq!(Point::parse("j0"), None);
        assert_eq!(Point::parse("a10"), None);
    }

    #[test]
    fn points_sort_rank_by_rank() {
        let mut all: Vec<Point> = Point::all().collect();
        let listed = all.clone();
        all.sort();
        assert_eq!(all, listed);
    }

    #[test]
    fn two_steps_from_the_board_stay_in_the_mailbox() {
        for p in Point::all() {
            for df in -2i16..=2 {
                for dr in -2i16..=2 {
                    let i = p.index() as i16 + df + dr * STRIDE;
                    assert!((0..MAILBOX as i16).contains(&i));
                }
            }
        }
    }
}
