//! Banglagor: the searches play the engine itself (a copy without its record).
//!
//! Evaluation: total heights (on the board and in hand), and how near the smaller is to
//! half the larger (the win condition, 2·smaller < larger); bound columns (they neither
//! move nor add strength); free columns on enemy land (they keep the draw count from
//! running out, and on the enemy's last rank they may relocate anywhere); attack
//! potential (enemy columns that the free columns around them already outweigh); and
//! the draw count pulling a game without invasions towards a draw.

use crate::ai::position::{Facts, KeyBuilder, Position, Searchable};
use crate::games::banglagor::{in_land, relocation_rank, Action, Banglagor, DIMS, QUIET_LIMIT};
use crate::games::{Dir, Game, Seat, Square};

#[derive(Clone, Debug)]
pub struct BanglagorPos(pub Banglagor);

impl BanglagorPos {
    pub fn new(game: &Banglagor) -> BanglagorPos {
        BanglagorPos(game.search_copy())
    }
}

impl Searchable for Banglagor {
    type Pos = BanglagorPos;
    const NODE_PERCENT: u64 = 40;

    fn position(&self) -> BanglagorPos {
        BanglagorPos::new(self)
    }
}

fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    Dir::ORTHOGONAL
        .into_iter()
        .filter_map(move |d| DIMS.offset(sq, d, 1))
}

/// The strength `seat`'s free columns around `target` have, leaving out the square
/// `without` (a column that is about to move away).
fn strength(game: &Banglagor, seat: Seat, target: Square, without: Option<Square>) -> i32 {
    neighbours(target)
        .filter(|n| Some(*n) != without)
        .filter_map(|n| game.board().get(n))
        .filter(|c| c.seat == seat && !c.bound)
        .map(|c| i32::from(c.height))
        .sum()
}

fn height_with_hand(game: &Banglagor, seat: Seat) -> i32 {
    let hand = game.in_hand(seat);
    i32::from(game.total_height(seat))
        + (0..3)
            .map(|i| i32::from(hand[i]) * (i as i32 + 1))
            .sum::<i32>()
}

impl Position for BanglagorPos {
    type Action = Action;

    super::played_by_its_engine!();

    fn key(&self) -> u64 {
        let g = &self.0;
        let mut k = KeyBuilder::default();
        let mut word = 0u64;
        let mut n = 0;
        for (sq, c) in g.board().columns() {
            let code = DIMS.index(sq) as u64 * 16
                + u64::from(c.height) * 4
                + c.seat.index() as u64 * 2
                + u64::from(c.bound);
            word = word << 11 | code;
            n += 1;
            if n == 5 {
                k.add(word);
                word = 0;
                n = 0;
            }
        }
        k.add(word);
        k.add(g.to_move().map_or(9, |s| s.index() as u64));
        for seat in [Seat::FIRST, Seat::SECOND] {
            let h = g.in_hand(seat);
            k.add(u64::from(h[0]) | u64::from(h[1]) << 8 | u64::from(h[2]) << 16);
        }
        k.add(u64::from(g.quiet_turns()));
        k.finish()
    }

    fn evaluate(&self, root: Seat) -> i32 {
        let g = &self.0;
        let other = root.next(2);
        let mine = height_with_hand(g, root);
        let theirs = height_with_hand(g, other);
        let mut score = (mine - theirs) * 40 + 600 * (mine - theirs) / (mine + theirs).max(1);
        let mover = g.to_move();
        for (sq, c) in g.board().columns() {
            let sign = if c.seat == root { 1 } else { -1 };
            let h = i32::from(c.height);
            let mut v = 0;
            if c.bound {
                v -= 10 + 12 * h;
            } else if !in_land(c.seat, sq) {
                v += 12;
                if sq.rank == relocation_rank(c.seat) {
                    v += 25;
                }
            } else {
                // Columns nearer the enemy reach it sooner.
                let ahead = if c.seat == Seat::FIRST {
                    i32::from(sq.rank)
                } else {
                    11 - i32::from(sq.rank)
                };
                v += ahead * h / 2;
            }
            // Pressure on this column from the enemy's free columns around it.
            let enemy = c.seat.next(2);
            let pressure = strength(g, enemy, sq, None);
            if pressure > h {
                v -= if mover == Some(enemy) { 20 * h } else { 6 * h };
            } else if pressure > 0 {
                v -= 3;
            }
            score += sign * v;
        }
        if !g.is_placing() {
            let quiet = i32::from(g.quiet_turns());
            let left = i32::from(QUIET_LIMIT) - quiet;
            if left < 8 {
                score = score * (left + 4) / 12;
            }
        }
        score
    }

    fn gain(&self, action: Action) -> i32 {
        let g = &self.0;
        let (from, target) = match action {
            Action::Move {
                from,
                target: Some(t),
                ..
            }
            | Action::Relocate {
                from,
                target: Some(t),
                ..
            } => (from, t),
            _ => return 0,
        };
        let (Some(seat), Some(moving), Some(victim)) =
            (g.to_move(), g.board().get(from), g.board().get(target))
        else {
            return 0;
        };
        // The moved column stands next to the target after the move; the others
        // around it keep their places.
        let around = strength(g, seat, target, Some(from));
        let total = around + i32::from(moving.height);
        if total > i32::from(victim.height) {
            100 * i32::from(victim.height)
        } else if victim.bound {
            1
        } else {
            20
        }
    }

    fn slot(action: Action) -> usize {
        let index = |sq: Square| DIMS.index(sq);
        match action {
            Action::Place { height, at } => usize::from(height) * 96 + index(at),
            Action::Move { from, to, .. } | Action::Relocate { from, to, .. } => {
                400 + index(from) * 96 + index(to)
            }
            Action::Free(sq) => 9_700 + index(sq),
        }
    }

    fn facts(&self, action: Action) -> Facts {
        let gain = self.gain(action);
        Facts {
            captures: u8::from(gain >= 100),
            check: false,
            places: matches!(action, Action::Place { .. }),
            threat: if (1..100).contains(&gain) {
                action.target().map(|t| t.to_string())
            } else {
                None
            },
        }
    }
}
