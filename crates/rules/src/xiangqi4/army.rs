//! The four armies, one per seat, and how each is turned on the cross: which way is
//! forward, which arm is its camp, where its palace and back line are.
//!
//! Red sits south and is drawn as in classical xiangqi; each next army in turn order is
//! Red's setup turned a further quarter turn counter-clockwise (Black east, Yellow
//! north, Green west).

use crate::xiangqi::pattern::Offset;
use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// An army, in turn order: Red (seat 1), Black (2), Yellow (3), Green (4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Army {
    Red,
    Black,
    Yellow,
    Green,
}

/// An inclusive rectangle of points, zero-based files and ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rect {
    pub files: (u8, u8),
    pub ranks: (u8, u8),
}

impl Rect {
    pub const fn contains(self, file: u8, rank: u8) -> bool {
        file >= self.files.0 && file <= self.files.1 && rank >= self.ranks.0 && rank <= self.ranks.1
    }
}

impl Army {
    /// In turn order (counter-clockwise).
    pub const ALL: [Army; 4] = [Army::Red, Army::Black, Army::Yellow, Army::Green];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Army {
        Army::ALL[i % 4]
    }

    pub fn of(seat: Seat) -> Army {
        Army::from_index(seat.index())
    }

    pub fn seat(self) -> Seat {
        Seat::from_number(self as u8 + 1).expect("seats 1 to 4")
    }

    pub const fn name(self) -> &'static str {
        match self {
            Army::Red => "Red",
            Army::Black => "Black",
            Army::Yellow => "Yellow",
            Army::Green => "Green",
        }
    }

    /// The lower-case initial that marks this army's pieces in text diagrams and
    /// position lists: `r`, `b`, `y`, `g`.
    pub const fn letter(self) -> char {
        match self {
            Army::Red => 'r',
            Army::Black => 'b',
            Army::Yellow => 'y',
            Army::Green => 'g',
        }
    }

    /// Reads an army's initial (either case) or name.
    pub fn parse(text: &str) -> Option<Army> {
        let text = text.trim();
        Army::ALL.into_iter().find(|a| {
            text.eq_ignore_ascii_case(a.name())
                || (text.len() == 1 && text.eq_ignore_ascii_case(&a.letter().to_string()))
        })
    }

    /// The next army in turn order.
    pub const fn next(self) -> Army {
        Army::from_index(self as usize + 1)
    }

    /// The army before this one in turn order.
    pub const fn previous(self) -> Army {
        Army::from_index(self as usize + 3)
    }

    /// The partner in `teams`: the army opposite (Red and Yellow, Black and Green).
    pub const fn partner(self) -> Army {
        Army::from_index(self as usize + 2)
    }

    /// One point forward, from this army's back line towards the middle part.
    pub const fn forward(self) -> Offset {
        match self {
            Army::Red => Offset::new(0, 1),
            Army::Black => Offset::new(-1, 0),
            Army::Yellow => Offset::new(0, -1),
            Army::Green => Offset::new(1, 0),
        }
    }

    /// The two directions parallel to this army's back line.
    pub const fn sideways(self) -> [Offset; 2] {
        let f = self.forward();
        [Offset::new(f.dr, -f.df), Offset::new(-f.dr, f.df)]
    }

    /// The army's arm: its camp, a 9×5 classical half-board.
    pub const fn arm(self) -> Rect {
        match self {
            Army::Red => Rect {
                files: (5, 13),
                ranks: (0, 4),
            },
            Army::Black => Rect {
                files: (14, 18),
                ranks: (5, 13),
            },
            Army::Yellow => Rect {
                files: (5, 13),
                ranks: (14, 18),
            },
            Army::Green => Rect {
                files: (0, 4),
                ranks: (5, 13),
            },
        }
    }

    /// The palace: the 3×3 at the back centre of the arm.
    pub const fn palace(self) -> Rect {
        match self {
            Army::Red => Rect {
                files: (8, 10),
                ranks: (0, 2),
            },
            Army::Black => Rect {
                files: (16, 18),
                ranks: (8, 10),
            },
            Army::Yellow => Rect {
                files: (8, 10),
                ranks: (16, 18),
            },
            Army::Green => Rect {
                files: (0, 2),
                ranks: (8, 10),
            },
        }
    }

    /// The arm's extent in words, for messages: "files f–n, ranks 1–5".
    pub fn arm_words(self) -> String {
        let Rect { files, ranks } = self.arm();
        format!(
            "files {}–{}, ranks {}–{}",
            (b'a' + files.0) as char,
            (b'a' + files.1) as char,
            ranks.0 + 1,
            ranks.1 + 1
        )
    }
}

impl fmt::Display for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per army (per seat of the four-player game).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByArmy<T>(pub [T; 4]);

impl<T> ByArmy<T> {
    pub fn iter(&self) -> impl Iterator<Item = (Army, &T)> {
        self.0
            .iter()
            .enumerate()
            .map(|(i, v)| (Army::from_index(i), v))
    }
}

impl<T> Index<Army> for ByArmy<T> {
    type Output = T;
    fn index(&self, army: Army) -> &T {
        &self.0[army.index()]
    }
}

impl<T> IndexMut<Army> for ByArmy<T> {
    fn index_mut(&mut self, army: Army) -> &mut T {
        &mut self.0[army.index()]
    }
}

impl<T> Index<Seat> for ByArmy<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for ByArmy<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// A set of armies, as bits (Red is bit 0).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Armies(pub u8);

impl Armies {
    pub const NONE: Armies = Armies(0);
    pub const ALL: Armies = Armies(0b1111);

    pub const fn one(army: Army) -> Armies {
        Armies(1 << army as u8)
    }

    pub const fn contains(self, army: Army) -> bool {
        self.0 & (1 << army as u8) != 0
    }

    pub const fn with(self, army: Army) -> Armies {
        Armies(self.0 | (1 << army as u8))
    }

    pub const fn without(self, army: Army) -> Armies {
        Armies(self.0 & !(1 << army as u8))
    }

    pub const fn and(self, other: Armies) -> Armies {
        Armies(self.0 & other.0)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The armies in the set, in turn order.
    pub fn iter(self) -> impl Iterator<Item = Army> {
        Army::ALL.into_iter().filter(move |a| self.contains(*a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_army_is_reds_turned_a_quarter_turn_further() {
        for army in Army::ALL {
            let f = army.forward();
            let next = army.next().forward();
            // Counter-clockwise: (df, dr) → (−dr, df).
            assert_eq!(next, Offset::new(-f.dr, f.df), "{army}");
            for side in army.sideways() {
                assert_eq!(side.df * f.df + side.dr * f.dr, 0);
            }
            assert_eq!(army.partner().partner(), army);
            assert_eq!(Army::of(army.seat()), army);
        }
    }

    #[test]
    fn palaces_lie_at_the_back_centre_of_their_arms() {
        for army in Army::ALL {
            let palace = army.palace();
            for file in palace.files.0..=palace.files.1 {
                for rank in palace.ranks.0..=palace.ranks.1 {
                    assert!(army.arm().contains(file, rank));
                }
            }
        }
        assert_eq!(Army::Black.arm_words(), "files o–s, ranks 6–14");
    }
}
