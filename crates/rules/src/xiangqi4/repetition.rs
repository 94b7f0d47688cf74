//! The repetition draw: the same position with the same player to move for the third
//! time. A position is the pieces (point, army, kind, pawn flag), the reserves (kinds
//! and where they came from) and the player to move, counted at turn starts.
//!
//! Positions are kept as 64-bit keys (FNV-1a of a fixed encoding, so a stored game and
//! its replay agree whatever the build). A capture or an elimination makes every
//! earlier position unreachable (the pieces on the board and in reserve only ever
//! become fewer then), so the list starts afresh at each.

use super::army::{Army, ByArmy};
use super::board::{Board, Reserve};
use serde::{Deserialize, Serialize};

/// How many times a position must occur to draw.
pub const REPEATS: usize = 3;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

struct Fnv(u64);

impl Fnv {
    fn byte(&mut self, b: u8) {
        self.0 = (self.0 ^ b as u64).wrapping_mul(FNV_PRIME);
    }
}

/// The key of a position.
pub fn key(board: &Board, reserves: &ByArmy<Reserve>, to_move: Army) -> u64 {
    let mut h = Fnv(FNV_OFFSET);
    h.byte(to_move.index() as u8);
    for (sq, p) in board.pieces() {
        h.byte(sq.file);
        h.byte(sq.rank);
        h.byte(p.army.index() as u8);
        h.byte(p.kind.index() as u8 | if p.left_arm { 0x80 } else { 0 });
    }
    // A separator no point can produce, then each reserve in a fixed order.
    h.byte(0xff);
    for (army, reserve) in reserves.iter() {
        for (kind, origin, n) in reserve.entries() {
            h.byte(army.index() as u8);
            h.byte(kind.index() as u8);
            h.byte(origin.index() as u8);
            h.byte(n);
        }
    }
    h.0
}

/// The positions met at turn starts since the last capture or elimination.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen(Vec<u64>);

impl Seen {
    /// Records a turn start; returns how often its position has now occurred.
    pub fn record(&mut self, key: u64) -> usize {
        self.0.push(key);
        self.0.iter().filter(|k| **k == key).count()
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Kind;
    use crate::xiangqi4::board::Piece;
    use crate::Square;

    #[test]
    fn keys_tell_pieces_flags_reserves_and_the_mover_apart() {
        let mut board = Board::empty();
        board.set(Square::new(9, 9), Some(Piece::new(Army::Red, Kind::Pawn)));
        let reserves = ByArmy::<Reserve>::default();
        let base = key(&board, &reserves, Army::Red);
        assert_eq!(base, key(&board, &reserves, Army::Red));
        assert_ne!(base, key(&board, &reserves, Army::Black));
        let mut flagged = board;
        flagged.set(
            Square::new(9, 9),
            Some(Piece {
                left_arm: true,
                ..Piece::new(Army::Red, Kind::Pawn)
            }),
        );
        assert_ne!(base, key(&flagged, &reserves, Army::Red));
        let mut other = reserves;
        other[Army::Red].add(Kind::Rook, Army::Black);
        let mut elsewhere = reserves;
        elsewhere[Army::Red].add(Kind::Rook, Army::Green);
        assert_ne!(
            key(&board, &other, Army::Red),
            key(&board, &elsewhere, Army::Red)
        );
        let mut seen = Seen::default();
        assert_eq!(seen.record(base), 1);
        assert_eq!(seen.record(7), 1);
        assert_eq!(seen.record(base), 2);
    }
}
