//! Yoté: the searches play the engine itself (a copy without its record).
//!
//! Evaluation: pieces on the board and in reserve (a reserve piece is safe from the
//! bonus removal, so it counts a little more), the captures each side could make next
//! (every capture is worth two pieces while the opponent has one on the board: the
//! jumped piece and the bonus), and the stall rule pulling a quiet game towards a draw.

use crate::ai::level::{Budget, Level};
use crate::ai::position::{Facts, KeyBuilder, Position, Searchable};
use crate::games::yote::{Action, Yote, DIMS, STALL_TURNS};
use crate::games::{Dir, Game, Seat, Square};

#[derive(Clone, Debug)]
pub struct YotePos(pub Yote);

impl YotePos {
    pub fn new(game: &Yote) -> YotePos {
        YotePos(game.search_copy())
    }
}

impl Searchable for Yote {
    type Pos = YotePos;

    fn position(&self) -> YotePos {
        YotePos::new(self)
    }

    /// Between levels 3 and 4 Yoté is a draw unless one side blunders a capture, and
    /// four times the nodes (one level's step elsewhere) did not make the weaker side
    /// blunder often enough to show. So level 3 searches 5,000 nodes and level 4
    /// 50,000, against level 5's 600,000, ten times apart (the matches that chose them
    /// are in `docs/strength.md`).
    fn level_budget(level: Level) -> Budget {
        let budget = level.budget();
        match level {
            Level::L3 => Budget {
                nodes: 5_000,
                ..budget
            },
            Level::L4 => Budget {
                nodes: 50_000,
                ..budget
            },
            _ => budget,
        }
    }
}

/// Single jumps `seat` could make now, and how many distinct enemy pieces they hit.
fn jumps(game: &Yote, seat: Seat) -> (i32, i32) {
    let board = game.board();
    let enemy = seat.next(2);
    let mut count = 0;
    let mut hit = 0u32;
    for from in board.squares_of(seat) {
        for d in Dir::ORTHOGONAL {
            let (Some(over), Some(to)) = (DIMS.offset(from, d, 1), DIMS.offset(from, d, 2)) else {
                continue;
            };
            if board.get(over) == Some(enemy) && board.get(to).is_none() {
                count += 1;
                hit |= 1 << DIMS.index(over);
            }
        }
    }
    (count, hit.count_ones() as i32)
}

impl Position for YotePos {
    type Action = Action;

    super::played_by_its_engine!();

    fn key(&self) -> u64 {
        let g = &self.0;
        let mut word = 0u64;
        for sq in DIMS.squares() {
            let cell = match g.board().get(sq) {
                None => 0,
                Some(s) => 1 + s.index() as u64,
            };
            word = word << 2 | cell;
        }
        let mut k = KeyBuilder::default();
        k.add(word);
        k.add(g.to_move().map_or(9, |s| s.index() as u64));
        k.add(u64::from(g.in_hand(Seat::FIRST)) << 8 | u64::from(g.in_hand(Seat::SECOND)));
        let left = STALL_TURNS.saturating_sub(g.quiet_turns());
        if left < 24 {
            k.add(1000 + u64::from(left));
        }
        k.finish()
    }

    fn evaluate(&self, root: Seat) -> i32 {
        let g = &self.0;
        let board = g.board();
        let other = root.next(2);
        let on_board = |s: Seat| i32::from(board.count(s));
        let reserve = |s: Seat| i32::from(g.in_hand(s));
        let mut score = (on_board(root) + reserve(root) - on_board(other) - reserve(other)) * 100
            + (reserve(root) - reserve(other)) * 8;
        let mover = g.to_move();
        // A capture takes the jumped piece and, while one is left, a bonus piece.
        let worth = |victim: Seat| if on_board(victim) > 1 { 2 } else { 1 };
        let (my_jumps, my_hits) = jumps(g, root);
        let (their_jumps, their_hits) = jumps(g, other);
        let threat = |jumps: i32, hits: i32, victim: Seat, moving: bool| {
            if jumps == 0 {
                0
            } else if moving {
                worth(victim) * 55 + hits * 8
            } else {
                worth(victim) * 15 + hits * 10
            }
        };
        score += threat(my_jumps, my_hits, other, mover == Some(root));
        score -= threat(their_jumps, their_hits, root, mover == Some(other));
        // Quiet turns pull the game towards the stall draw.
        let left = i32::from(STALL_TURNS.saturating_sub(g.quiet_turns()));
        if left < 20 {
            score = score * (left + 4) / 24;
        }
        score
    }

    fn gain(&self, action: Action) -> i32 {
        match action {
            Action::Capture(c) => {
                let jumped = c.landings().len() as i32;
                (jumped + i32::from(c.bonus().is_some())) * 100
            }
            _ => 0,
        }
    }

    fn slot(action: Action) -> usize {
        let index = |sq: Square| DIMS.index(sq);
        match action {
            Action::Drop(sq) => index(sq),
            Action::Step { from, to } => 32 + index(from) * 30 + index(to),
            Action::Capture(c) => {
                let bonus = c.bonus().map_or(30, index);
                1000 + (index(c.from()) * 30 + index(c.to())) * 11 + bonus % 11
            }
        }
    }

    fn facts(&self, action: Action) -> Facts {
        Facts {
            captures: (self.gain(action) / 100) as u8,
            check: false,
            places: matches!(action, Action::Drop(_)),
            threat: None,
        }
    }
}
