//! The seven kinds of xiangqi pieces, shared by the classical and the four-player game.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A kind of piece. Letters follow WXF: K A E H R C P.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    General,
    Advisor,
    Elephant,
    Horse,
    Rook,
    Cannon,
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The WXF letter, upper case: K A E H R C P.
    pub const fn letter(self) -> char {
        match self {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'E',
            Kind::Horse => 'H',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }

    /// Reads a piece letter in either case. Besides WXF's letters it takes the western
    /// ones FEN often uses: `B` (bishop) for the elephant, `N` (knight) for the horse,
    /// and `G` for the general.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' | 'G' => Kind::General,
            'A' => Kind::Advisor,
            'E' | 'B' => Kind::Elephant,
            'H' | 'N' => Kind::Horse,
            'R' => Kind::Rook,
            'C' => Kind::Cannon,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }

    /// The traditional character: red's set when `red`, else black's.
    pub const fn character(self, red: bool) -> char {
        match (self, red) {
            (Kind::General, true) => '帥',
            (Kind::General, false) => '將',
            (Kind::Advisor, true) => '仕',
            (Kind::Advisor, false) => '士',
            (Kind::Elephant, true) => '相',
            (Kind::Elephant, false) => '象',
            (Kind::Horse, true) => '傌',
            (Kind::Horse, false) => '馬',
            (Kind::Rook, true) => '俥',
            (Kind::Rook, false) => '車',
            (Kind::Cannon, true) => '炮',
            (Kind::Cannon, false) => '砲',
            (Kind::Pawn, true) => '兵',
            (Kind::Pawn, false) => '卒',
        }
    }

    /// The English name, for messages ("the horse on b0 …").
    pub const fn name(self) -> &'static str {
        match self {
            Kind::General => "general",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Rook => "rook",
            Kind::Cannon => "cannon",
            Kind::Pawn => "pawn",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One value per kind of piece.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByKind<T>(pub [T; 7]);

impl<T> Index<Kind> for ByKind<T> {
    type Output = T;
    fn index(&self, kind: Kind) -> &T {
        &self.0[kind.index()]
    }
}

impl<T> IndexMut<Kind> for ByKind<T> {
    fn index_mut(&mut self, kind: Kind) -> &mut T {
        &mut self.0[kind.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_read_back() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_letter(kind.letter()), Some(kind));
            assert_eq!(
                Kind::from_letter(kind.letter().to_ascii_lowercase()),
                Some(kind)
            );
        }
        assert_eq!(Kind::from_letter('b'), Some(Kind::Elephant));
        assert_eq!(Kind::from_letter('N'), Some(Kind::Horse));
        assert_eq!(Kind::from_letter('x'), None);
    }
}
