//! The cross: a 19×19 grid of points without its four 5×5 corners (261 points), files
//! `a`–`s` left to right and ranks `1`–`19` bottom to top as Red sees it.
//!
//! Every point belongs to exactly one region: one of the four arms (each an army's camp)
//! or the middle part (the central 9×9). The river of each army is the edge between its
//! arm and the middle part; it has no points of its own.

use super::army::Army;
use crate::xiangqi::pattern::Offset;
use crate::Square;

/// Files and ranks of the grid the cross is cut from.
pub const SIZE: u8 = 19;
/// Cells of the grid, missing corners included (boards are indexed by grid cell).
pub const CELLS: usize = SIZE as usize * SIZE as usize;
/// Points of the cross.
pub const POINTS: usize = 261;
/// Width of the missing corners.
const CORNER: u8 = 5;

/// Where a point lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    /// An army's arm: its camp.
    Arm(Army),
    /// The central 9×9, files f–n, ranks 6–14.
    Middle,
}

const fn low(x: u8) -> bool {
    x < CORNER
}

const fn high(x: u8) -> bool {
    x >= SIZE - CORNER
}

/// The region of each grid cell; `None` for the missing corners.
const REGIONS: [Option<Region>; CELLS] = {
    let mut out = [None; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (file, rank) = ((i % SIZE as usize) as u8, (i / SIZE as usize) as u8);
        out[i] = if (low(file) || high(file)) && (low(rank) || high(rank)) {
            None
        } else if low(rank) {
            Some(Region::Arm(Army::Red))
        } else if high(file) {
            Some(Region::Arm(Army::Black))
        } else if high(rank) {
            Some(Region::Arm(Army::Yellow))
        } else if low(file) {
            Some(Region::Arm(Army::Green))
        } else {
            Some(Region::Middle)
        };
        i += 1;
    }
    out
};

/// The index of a grid cell in rank-major order (`a1, b1, …, s1, a2, …`).
#[inline]
pub const fn index(sq: Square) -> usize {
    sq.rank as usize * SIZE as usize + sq.file as usize
}

#[inline]
pub const fn square_at(i: usize) -> Square {
    Square::new((i % SIZE as usize) as u8, (i / SIZE as usize) as u8)
}

/// Whether `sq` is inside the 19×19 grid (it may still be a missing corner).
#[inline]
pub const fn on_grid(sq: Square) -> bool {
    sq.file < SIZE && sq.rank < SIZE
}

/// Whether `sq` is a point of the cross.
#[inline]
pub const fn exists(sq: Square) -> bool {
    on_grid(sq) && REGIONS[index(sq)].is_some()
}

/// The region of a point; `None` off the cross.
#[inline]
pub const fn region(sq: Square) -> Option<Region> {
    if on_grid(sq) {
        REGIONS[index(sq)]
    } else {
        None
    }
}

/// Whether `sq` is in the middle part.
#[inline]
pub fn in_middle(sq: Square) -> bool {
    region(sq) == Some(Region::Middle)
}

/// Whether `sq` is in `army`'s arm.
#[inline]
pub fn in_arm(army: Army, sq: Square) -> bool {
    region(sq) == Some(Region::Arm(army))
}

/// Whether `sq` is in `army`'s palace.
#[inline]
pub fn in_palace(army: Army, sq: Square) -> bool {
    army.palace().contains(sq.file, sq.rank)
}

/// The point `o` away from `sq`, if it is a point of the cross.
#[inline]
pub fn offset(sq: Square, o: Offset) -> Option<Square> {
    let file = sq.file as i16 + o.df as i16;
    let rank = sq.rank as i16 + o.dr as i16;
    if !(0..SIZE as i16).contains(&file) || !(0..SIZE as i16).contains(&rank) {
        return None;
    }
    let to = Square::new(file as u8, rank as u8);
    REGIONS[index(to)].is_some().then_some(to)
}

/// Every point of the cross, rank by rank from `a1` (`f1, g1, …, n1, f2, …`).
pub fn points() -> impl Iterator<Item = Square> {
    (0..CELLS).map(square_at).filter(|sq| exists(*sq))
}

/// The 45 points of each army's arm, rank by rank, by file within a rank.
const ARM_POINTS: [[Square; 45]; 4] = {
    let mut out = [[Square::new(0, 0); 45]; 4];
    let mut counts = [0usize; 4];
    let mut i = 0;
    while i < CELLS {
        if let Some(Region::Arm(army)) = REGIONS[i] {
            let a = army as usize;
            out[a][counts[a]] = square_at(i);
            counts[a] += 1;
        }
        i += 1;
    }
    out
};

/// The points of `army`'s arm, rank by rank.
pub fn arm_points(army: Army) -> &'static [Square; 45] {
    &ARM_POINTS[army.index()]
}

/// Why a square is not a point, for diagnostics of stored positions.
pub fn not_a_point(sq: Square) -> String {
    if on_grid(sq) {
        format!("{sq} is a missing corner point")
    } else {
        format!("{sq} is off the board")
    }
}

/// A big jump of the horse: from S through S+u, S+u+v, S+2u+v, S+3u+v to S+4u+2v,
/// with u the long direction and v the short one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BigJump {
    /// The four path points, relative to the start, in order.
    pub path: [Offset; 4],
    pub to: Offset,
}

const fn big_jump(u: Offset, v: Offset) -> BigJump {
    BigJump {
        path: [u, u.plus(v), u.times(2).plus(v), u.times(3).plus(v)],
        to: u.times(4).plus(v.times(2)),
    }
}

/// The eight big jumps: each of the four directions as u, with either side as v.
pub const BIG_JUMPS: [BigJump; 8] = {
    use crate::xiangqi::pattern::ORTHOGONAL;
    let mut out = [big_jump(ORTHOGONAL[0], ORTHOGONAL[1]); 8];
    let mut i = 0;
    while i < 4 {
        let u = ORTHOGONAL[i];
        out[2 * i] = big_jump(u, ORTHOGONAL[(i + 1) % 4]);
        out[2 * i + 1] = big_jump(u, ORTHOGONAL[(i + 3) % 4]);
        i += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    #[test]
    fn the_cross_has_261_points_in_five_regions() {
        assert_eq!(points().count(), POINTS);
        assert_eq!(points().filter(|p| in_middle(*p)).count(), 81);
        for army in Army::ALL {
            assert_eq!(points().filter(|p| in_arm(army, *p)).count(), 45);
            assert!(arm_points(army).iter().all(|p| in_arm(army, *p)), "{army}");
            let arm = army.arm();
            assert!(arm_points(army)
                .iter()
                .all(|p| arm.contains(p.file, p.rank)));
        }
        assert!(!exists(sq("e5")) && !exists(sq("a1")) && !exists(sq("o15")));
        assert!(exists(sq("e6")) && exists(sq("f5")) && exists(sq("s14")));
        assert!(!exists(sq("t1")) && !exists(sq("a20")));
        assert_eq!(region(sq("j1")), Some(Region::Arm(Army::Red)));
        assert_eq!(region(sq("s10")), Some(Region::Arm(Army::Black)));
        assert_eq!(region(sq("j19")), Some(Region::Arm(Army::Yellow)));
        assert_eq!(region(sq("a10")), Some(Region::Arm(Army::Green)));
        assert_eq!(region(sq("j10")), Some(Region::Middle));
        assert_eq!(points().next(), Some(sq("f1")));
    }

    #[test]
    fn big_jumps_are_the_corners_of_two_by_four_rectangles() {
        let mut targets: Vec<(i8, i8)> = BIG_JUMPS.iter().map(|j| (j.to.df, j.to.dr)).collect();
        targets.sort();
        targets.dedup();
        assert_eq!(targets.len(), 8);
        for j in BIG_JUMPS {
            let (a, b) = (j.to.df.abs(), j.to.dr.abs());
            assert!((a, b) == (4, 2) || (a, b) == (2, 4));
            // Each path point is one orthogonal step after the previous one.
            let mut at = Offset::new(0, 0);
            for p in j.path {
                assert_eq!((p.df - at.df).abs() + (p.dr - at.dr).abs(), 1);
                at = p;
            }
            // The last step is diagonal, away from the start.
            assert_eq!(((j.to.df - at.df).abs(), (j.to.dr - at.dr).abs()), (1, 1));
        }
    }
}
