//! Seats at the table: who plays which side. Seats print as numbers from 1.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A player's place in a game, zero-based inside; the first player is seat 1 on screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(u8);

impl Seat {
    pub const FIRST: Seat = Seat(0);
    pub const SECOND: Seat = Seat(1);

    /// The seat with the given number (1 for the first player).
    pub fn from_number(number: u8) -> Option<Seat> {
        (1..=4).contains(&number).then(|| Seat(number - 1))
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The next seat in turn order among `seats` seats; in a two-player game, the
    /// opponent.
    pub const fn next(self, seats: u8) -> Seat {
        Seat((self.0 + 1) % seats)
    }

    /// The first `seats` seats, in turn order.
    pub fn all(seats: usize) -> Vec<Seat> {
        (0..seats.min(4) as u8).map(Seat).collect()
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// One value for each seat of a two-player game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySeat<T>(pub [T; 2]);

impl<T> BySeat<T> {
    pub fn new(first: T, second: T) -> BySeat<T> {
        BySeat([first, second])
    }

    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}
