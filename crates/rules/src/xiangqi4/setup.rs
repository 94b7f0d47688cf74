//! The start position: each army as in classical xiangqi, seen from its own side. Red
//! stands on ranks 1–4; the others are Red's setup turned a quarter turn each.

use super::army::Army;
use super::board::{Board, Piece};
use crate::xiangqi::Kind;
use crate::Square;

/// Red's pieces: back line R H E A K A E H R on rank 1, cannons on g3 and m3, pawns on
/// f4 h4 j4 l4 n4 (zero-based files and ranks).
const RED: [(Kind, u8, u8); 16] = [
    (Kind::Rook, 5, 0),
    (Kind::Horse, 6, 0),
    (Kind::Elephant, 7, 0),
    (Kind::Advisor, 8, 0),
    (Kind::General, 9, 0),
    (Kind::Advisor, 10, 0),
    (Kind::Elephant, 11, 0),
    (Kind::Horse, 12, 0),
    (Kind::Rook, 13, 0),
    (Kind::Cannon, 6, 2),
    (Kind::Cannon, 12, 2),
    (Kind::Pawn, 5, 3),
    (Kind::Pawn, 7, 3),
    (Kind::Pawn, 9, 3),
    (Kind::Pawn, 11, 3),
    (Kind::Pawn, 13, 3),
];

/// `sq` turned a quarter turn counter-clockwise about the centre (j10).
pub const fn quarter_turn(sq: Square) -> Square {
    Square::new(18 - sq.rank, sq.file)
}

/// Where Red's piece on `sq` stands in `army`'s setup.
pub fn turned(army: Army, sq: Square) -> Square {
    (0..army.index()).fold(sq, |at, _| quarter_turn(at))
}

/// The board at the start of a game.
pub fn start_board() -> Board {
    let mut board = Board::empty();
    for army in Army::ALL {
        for (kind, file, rank) in RED {
            board.set(
                turned(army, Square::new(file, rank)),
                Some(Piece::new(army, kind)),
            );
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi4::geometry;

    #[test]
    fn generals_start_at_j1_s10_j19_and_a10() {
        let generals = start_board().generals();
        let names: Vec<String> = Army::ALL
            .iter()
            .map(|a| generals[*a].unwrap().to_string())
            .collect();
        assert_eq!(names, ["j1", "s10", "j19", "a10"]);
    }

    #[test]
    fn every_army_starts_in_its_own_arm() {
        let board = start_board();
        assert_eq!(board.pieces().count(), 64);
        for (sq, piece) in board.pieces() {
            assert!(geometry::in_arm(piece.army, sq), "{} on {sq}", piece.code());
        }
        assert_eq!(
            board.tokens()[..9].join(" "),
            "rRf1 rHg1 rEh1 rAi1 rKj1 rAk1 rEl1 rHm1 rRn1"
        );
        let yellow_cannons: Vec<String> = board
            .pieces_of(Army::Yellow)
            .filter(|(_, p)| p.kind == Kind::Cannon)
            .map(|(sq, _)| sq.to_string())
            .collect();
        assert_eq!(yellow_cannons, ["g17", "m17"]);
    }
}
