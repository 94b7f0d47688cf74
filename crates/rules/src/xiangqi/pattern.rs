//! How xiangqi pieces move, as offsets on a grid of points, independent of the board's
//! shape. The classical board (9×10) and the four-player cross (19×19 without its
//! corners) both walk these tables; each board decides which points exist and which
//! regions (palace, own half or arm) a piece may enter.

/// A step on the grid: files to the right, ranks up (as seen from the first player).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Offset {
    pub df: i8,
    pub dr: i8,
}

impl Offset {
    pub const fn new(df: i8, dr: i8) -> Offset {
        Offset { df, dr }
    }

    pub const fn neg(self) -> Offset {
        Offset::new(-self.df, -self.dr)
    }

    pub const fn plus(self, o: Offset) -> Offset {
        Offset::new(self.df + o.df, self.dr + o.dr)
    }

    pub const fn times(self, k: i8) -> Offset {
        Offset::new(self.df * k, self.dr * k)
    }
}

/// Rook, cannon and general lines, pawn steps: up, right, down, left.
pub const ORTHOGONAL: [Offset; 4] = [
    Offset::new(0, 1),
    Offset::new(1, 0),
    Offset::new(0, -1),
    Offset::new(-1, 0),
];

/// Advisor steps.
pub const DIAGONAL: [Offset; 4] = [
    Offset::new(1, 1),
    Offset::new(1, -1),
    Offset::new(-1, -1),
    Offset::new(-1, 1),
];

/// A move that must pass an intermediate point: the horse's leg, the elephant's eye.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Leap {
    /// The point that must exist and be empty.
    pub block: Offset,
    pub to: Offset,
}

/// The horse: one point straight (the leg), then one diagonally outwards.
pub const HORSE: [Leap; 8] = [
    Leap {
        block: Offset::new(0, 1),
        to: Offset::new(-1, 2),
    },
    Leap {
        block: Offset::new(0, 1),
        to: Offset::new(1, 2),
    },
    Leap {
        block: Offset::new(1, 0),
        to: Offset::new(2, 1),
    },
    Leap {
        block: Offset::new(1, 0),
        to: Offset::new(2, -1),
    },
    Leap {
        block: Offset::new(0, -1),
        to: Offset::new(1, -2),
    },
    Leap {
        block: Offset::new(0, -1),
        to: Offset::new(-1, -2),
    },
    Leap {
        block: Offset::new(-1, 0),
        to: Offset::new(-2, -1),
    },
    Leap {
        block: Offset::new(-1, 0),
        to: Offset::new(-2, 1),
    },
];

/// The horse seen from its target: a horse standing at `to` (relative to the attacked
/// point) attacks it when the point `block` (relative to the attacked point) is empty.
/// Used to test whether a point is attacked without generating the horse's moves.
pub const HORSE_ATTACKS: [Leap; 8] = {
    let mut out = [Leap {
        block: Offset::new(0, 0),
        to: Offset::new(0, 0),
    }; 8];
    let mut i = 0;
    while i < 8 {
        let h = HORSE[i];
        // The horse stands at -to; its leg is at -to + block.
        out[i] = Leap {
            block: h.to.neg().plus(h.block),
            to: h.to.neg(),
        };
        i += 1;
    }
    out
};

/// The elephant: two points diagonally, the middle one (the eye) empty.
pub const ELEPHANT: [Leap; 4] = [
    Leap {
        block: Offset::new(1, 1),
        to: Offset::new(2, 2),
    },
    Leap {
        block: Offset::new(1, -1),
        to: Offset::new(2, -2),
    },
    Leap {
        block: Offset::new(-1, -1),
        to: Offset::new(-2, -2),
    },
    Leap {
        block: Offset::new(-1, 1),
        to: Offset::new(-2, 2),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn horse_attacks_mirror_horse_moves() {
        // A horse at h attacks t = h + to when h + block is empty; seen from t, the
        // horse stands at t - to and its leg at t - to + block.
        for (m, a) in HORSE.iter().zip(HORSE_ATTACKS.iter()) {
            assert_eq!(a.to, m.to.neg());
            assert_eq!(a.block, m.block.plus(m.to.neg()));
            // The leg is always next to the horse, diagonal to the attacked point.
            assert_eq!(a.block.df.abs() + a.block.dr.abs(), 2);
        }
    }
}
