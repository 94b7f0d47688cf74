//! Sidja family: the searches play the engine itself (a copy without its record).
//!
//! Evaluation: stones (captured stones decide both the one-stone end and the stall
//! rule), captures the mover can make next (weighed more than the opponent's: the
//! mover strikes first), mobility and blocked stones, and, as the stall counter nears
//! its end, the lead in captures that the stall rule will score.

use crate::ai::position::{Facts, KeyBuilder, Position, Searchable};
use crate::games::sidja::{Action, Sidja};
use crate::games::{Game, Seat, Square};

#[derive(Clone, Debug)]
pub struct SidjaPos(pub Sidja);

impl SidjaPos {
    pub fn new(game: &Sidja) -> SidjaPos {
        SidjaPos(game.search_copy())
    }
}

impl Searchable for Sidja {
    type Pos = SidjaPos;

    fn position(&self) -> SidjaPos {
        SidjaPos::new(self)
    }
}

/// Per seat: steps available, stones that cannot step, the best capture of one step,
/// and the sum of captures over all steps.
#[derive(Default, Clone, Copy)]
struct Activity {
    steps: i32,
    blocked: i32,
    best_capture: i32,
    captures: i32,
}

fn activity(game: &Sidja, seat: Seat) -> Activity {
    let board = game.board();
    let dims = game.dims();
    let dirs = game.options().variant.move_dirs();
    let mut out = Activity::default();
    for (from, stone) in board.stones() {
        if stone != seat {
            continue;
        }
        let mut any = false;
        for d in dirs {
            if let Some(to) = dims.offset(from, *d, 1) {
                if board.get(to).is_none() {
                    any = true;
                    out.steps += 1;
                    let c = game.captures_of_step(from, to, seat) as i32;
                    out.captures += c;
                    out.best_capture = out.best_capture.max(c);
                }
            }
        }
        if !any {
            out.blocked += 1;
        }
    }
    out
}

impl Position for SidjaPos {
    type Action = Action;

    super::played_by_its_engine!();

    fn key(&self) -> u64 {
        let g = &self.0;
        let mut k = KeyBuilder::default();
        let mut word = 0u64;
        let mut bits = 0;
        for sq in g.dims().squares() {
            let cell = match g.board().get(sq) {
                None => 0,
                Some(s) => 1 + s.index() as u64,
            };
            word = word << 2 | cell;
            bits += 2;
            if bits == 64 {
                k.add(word);
                word = 0;
                bits = 0;
            }
        }
        k.add(word);
        k.add(g.to_move().map_or(9, |s| s.index() as u64));
        k.add(u64::from(g.in_hand(Seat::FIRST)) << 8 | u64::from(g.in_hand(Seat::SECOND)));
        k.add(u64::from(g.placed_this_turn()));
        k.add(format_continuation(g));
        k.add(u64::from(g.captured_by(Seat::FIRST)) << 8 | u64::from(g.captured_by(Seat::SECOND)));
        // The stall counter only matters near its end; keeping it out elsewhere lets
        // transpositions meet.
        let left = g.stall_limit().saturating_sub(g.quiet_turns());
        if left < 24 {
            k.add(1000 + u64::from(left));
        }
        k.finish()
    }

    fn evaluate(&self, root: Seat) -> i32 {
        let g = &self.0;
        let other = root.next(2);
        let stones = |s: Seat| i32::from(g.board().count(s)) + i32::from(g.in_hand(s));
        let lead = stones(root) - stones(other);
        let mut score = lead * 100;
        let mine = activity(g, root);
        let theirs = activity(g, other);
        let mover = g.to_move();
        let strike = |a: &Activity, moving: bool| {
            if moving {
                a.best_capture * 45 + a.captures * 4
            } else {
                a.best_capture * 15 + a.captures * 2
            }
        };
        score += strike(&mine, mover == Some(root)) - strike(&theirs, mover == Some(other));
        if !g.is_placing() {
            score += (mine.steps - theirs.steps) * 3;
            score += (theirs.blocked - mine.blocked) * 2;
            if mine.steps == 0 {
                score -= 30;
            }
            if theirs.steps == 0 {
                score += 30;
            }
            // The stall rule will score the captures: a lead counts for more as it nears.
            let left = i32::from(g.stall_limit().saturating_sub(g.quiet_turns()));
            if left < 10 {
                score += lead.signum() * (10 - left) * 40;
            }
        }
        score
    }

    fn gain(&self, action: Action) -> i32 {
        match (action, self.0.to_move()) {
            (Action::Move { from, to }, Some(seat)) => {
                self.0.captures_of_step(from, to, seat) as i32 * 100
            }
            _ => 0,
        }
    }

    fn slot(action: Action) -> usize {
        let index = |sq: Square| sq.rank as usize * 9 + sq.file as usize;
        match action {
            Action::Place(sq) => index(sq),
            Action::Move { from, to } => 128 + index(from) * 81 + index(to),
            Action::Pass => 127,
        }
    }

    fn facts(&self, action: Action) -> Facts {
        Facts {
            captures: (self.gain(action) / 100) as u8,
            check: false,
            places: matches!(action, Action::Place(_)),
            threat: None,
        }
    }
}

fn format_continuation(g: &Sidja) -> u64 {
    use crate::games::sidja::Continuation;
    match g.continuation_now() {
        None => 0,
        Some(Continuation::AnyMove) => 1,
        Some(Continuation::Capturing) => 2,
        Some(Continuation::Stone(sq)) => 3 + (u64::from(sq.file) << 8 | u64::from(sq.rank)),
    }
}
