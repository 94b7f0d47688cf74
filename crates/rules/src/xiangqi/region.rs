//! Regions of the classical board: each side's half (up to the river) and palace.
//! Tables by mailbox index, so that a move generator asks one load per target.

use super::piece::Side;
use super::point::{Point, MAILBOX};

const ON_BOARD: u8 = 1;
const RED_HALF: u8 = 2;
const BLACK_HALF: u8 = 4;
const RED_PALACE: u8 = 8;
const BLACK_PALACE: u8 = 16;

static REGIONS: [u8; MAILBOX] = {
    let mut table = [0u8; MAILBOX];
    let mut rank = 0;
    while rank < 10 {
        let mut file = 0;
        while file < 9 {
            let index = match Point::new(file, rank) {
                Some(p) => p.index(),
                None => unreachable!(),
            };
            let mut bits = ON_BOARD;
            bits |= if rank <= 4 { RED_HALF } else { BLACK_HALF };
            if file >= 3 && file <= 5 {
                if rank <= 2 {
                    bits |= RED_PALACE;
                }
                if rank >= 7 {
                    bits |= BLACK_PALACE;
                }
            }
            table[index] = bits;
            file += 1;
        }
        rank += 1;
    }
    table
};

/// Whether the mailbox cell is a point of the board.
#[inline(always)]
pub fn on_board(index: usize) -> bool {
    REGIONS[index] & ON_BOARD != 0
}

/// Whether the cell lies in `side`'s half (its side of the river).
#[inline(always)]
pub fn in_half(side: Side, index: usize) -> bool {
    let bit = match side {
        Side::Red => RED_HALF,
        Side::Black => BLACK_HALF,
    };
    REGIONS[index] & bit != 0
}

/// Whether the cell lies in `side`'s palace (the 3×3 at the back centre).
#[inline(always)]
pub fn in_palace(side: Side, index: usize) -> bool {
    let bit = match side {
        Side::Red => RED_PALACE,
        Side::Black => BLACK_PALACE,
    };
    REGIONS[index] & bit != 0
}

/// The five points an advisor of `side` may stand on: the palace's corners and centre.
pub fn advisor_point(side: Side, p: Point) -> bool {
    in_palace(side, p.index()) && (p.file() + back_rank_distance(side, p)) % 2 == 1
}

/// How many ranks `p` lies in front of `side`'s back rank.
fn back_rank_distance(side: Side, p: Point) -> u8 {
    match side {
        Side::Red => p.rank(),
        Side::Black => 9 - p.rank(),
    }
}

/// The seven points an elephant of `side` may stand on.
pub fn elephant_point(side: Side, p: Point) -> bool {
    let back = back_rank_distance(side, p);
    in_half(side, p.index())
        && p.file().is_multiple_of(2)
        && back.is_multiple_of(2)
        && (p.file() / 2 + back / 2) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_have_their_sizes() {
        for side in Side::BOTH {
            let count = |f: &dyn Fn(Point) -> bool| Point::all().filter(|p| f(*p)).count();
            assert_eq!(count(&|p| in_half(side, p.index())), 45);
            assert_eq!(count(&|p| in_palace(side, p.index())), 9);
            assert_eq!(count(&|p| advisor_point(side, p)), 5);
            assert_eq!(count(&|p| elephant_point(side, p)), 7);
        }
        let p = |s| Point::parse(s).unwrap();
        assert!(elephant_point(Side::Red, p("c0")) && elephant_point(Side::Red, p("e2")));
        assert!(elephant_point(Side::Black, p("c9")) && elephant_point(Side::Black, p("a7")));
        assert!(!elephant_point(Side::Red, p("e0")));
        assert!(advisor_point(Side::Red, p("e1")) && !advisor_point(Side::Red, p("e0")));
        assert_eq!((0..MAILBOX).filter(|i| on_board(*i)).count(), 90);
    }
}
