//! A move and how it is written. Canonical text is ICCS with a hyphen (`h2-e2`); input
//! is ICCS (`h2e2`, any case) or WXF (`C2.5`), read for syntax here and resolved against
//! a position by [`super::Xiangqi`]'s `parse_action`.

use super::error::SyntaxError;
use super::iccs;
use super::point::Point;
use super::wxf::Wxf;
use std::fmt;

/// A move from one point to another. Captures are not written: a move onto an enemy
/// piece takes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Point,
    pub to: Point,
}

impl Move {
    pub const fn new(from: Point, to: Point) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// A move text read for syntax only: coordinates, or WXF relative to the mover.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    Iccs(Move),
    Wxf(Wxf),
}

impl Notation {
    /// Reads a move text: ICCS when it looks like two points, WXF otherwise.
    pub fn parse(text: &str) -> Result<Notation, SyntaxError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SyntaxError::Empty);
        }
        if text.eq_ignore_ascii_case("pass") {
            return Err(SyntaxError::Pass);
        }
        match iccs::parse(text)? {
            Some(mv) => Ok(Notation::Iccs(mv)),
            None => Wxf::parse(text).map(Notation::Wxf),
        }
    }
}
