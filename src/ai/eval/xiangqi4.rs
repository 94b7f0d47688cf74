//! Four-player xiangqi: the searches play the engine itself (a copy keeping only the
//! end of its record, all that the rules read of it).
//!
//! Evaluation for the seat the search plays for: each army's worth (material with
//! small positional bonuses, and reserve pieces at a little less than their board
//! value: they still have to be dropped). In `ffa` the seat's worth against the mean of
//! the opponents still in, plus a bonus for each opponent already out; in `teams` the
//! seat's and its partner's worth against both opponents', with a large weight on
//! armies out.

use super::terminal_of;
use crate::ai::position::{Facts, KeyBuilder, Position, Searchable, Terminal, HISTORY_SLOTS};
use crate::games::xiangqi::Kind;
use crate::games::xiangqi4::{geometry, Action, Army, ByArmy, Mode, Xiangqi4};
use crate::games::{Game, Seat, Square};

/// Records longer than this are cut back to the tail the rules read.
const RECORD_KEPT: usize = 12;

#[derive(Clone, Debug)]
pub struct Xiangqi4Pos(pub Xiangqi4);

impl Xiangqi4Pos {
    pub fn new(game: &Xiangqi4) -> Xiangqi4Pos {
        Xiangqi4Pos(game.search_copy())
    }

    /// Each army's worth: pieces on the board and in reserve.
    fn worth(&self) -> ByArmy<i32> {
        let g = &self.0;
        let mut out = ByArmy([0; 4]);
        for (sq, p) in g.board().pieces() {
            out[p.army] += value(p.kind) + placement(p.kind, p.left_arm, p.army, sq);
        }
        for army in Army::ALL {
            for (kind, _, n) in g.reserve_of(army.seat()).entries() {
                out[army] += value(kind) * 4 / 5 * i32::from(n);
            }
        }
        out
    }
}

impl Searchable for Xiangqi4 {
    type Pos = Xiangqi4Pos;
    const NODE_PERCENT: u64 = 10;

    fn position(&self) -> Xiangqi4Pos {
        Xiangqi4Pos::new(self)
    }
}

/// Material values, by kind (a general's value is the army's being in the game).
pub fn value(kind: Kind) -> i32 {
    match kind {
        Kind::General => 0,
        Kind::Advisor => 150,
        Kind::Elephant => 150,
        Kind::Horse => 450,
        Kind::Rook => 900,
        Kind::Cannon => 450,
        Kind::Pawn => 100,
    }
}

fn placement(kind: Kind, left_arm: bool, army: Army, sq: Square) -> i32 {
    match kind {
        // A pawn out of its arm moves one or two points in every allowed direction.
        Kind::Pawn if left_arm => 90,
        Kind::Horse | Kind::Rook | Kind::Cannon if geometry::in_middle(sq) => 20,
        Kind::Horse | Kind::Rook if !geometry::in_arm(army, sq) => 25,
        _ => 0,
    }
}

/// The worth of an army that is out.
const OUT: i32 = 1_500;

impl Position for Xiangqi4Pos {
    type Action = Action;

    fn mover(&self) -> Option<Seat> {
        self.0.to_move()
    }

    fn allied(&self, seat: Seat, root: Seat) -> bool {
        seat == root || (self.0.mode() == Mode::Teams && Army::of(seat) == Army::of(root).partner())
    }

    fn terminal(&self, root: Seat) -> Option<Terminal> {
        match self.0.outcome() {
            Some(o) => Some(terminal_of(o, root)),
            None if self.0.mode() == Mode::Ffa && !self.0.is_in(Army::of(root)) => {
                Some(Terminal::Loss)
            }
            None => None,
        }
    }

    fn actions(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend(self.0.legal_actions());
    }

    fn play(&mut self, action: Action) -> bool {
        if self.0.try_play(action).is_err() {
            return false;
        }
        if self.0.record_len() > RECORD_KEPT {
            self.0 = self.0.search_copy();
        }
        true
    }

    fn key(&self) -> u64 {
        let mut k = KeyBuilder::default();
        k.add(self.0.position_key());
        let left = self.0.quiet_limit().saturating_sub(self.0.quiet_actions());
        if left < 24 {
            k.add(1000 + left as u64);
        }
        k.finish()
    }

    fn evaluate(&self, root: Seat) -> i32 {
        let g = &self.0;
        let worth = self.worth();
        let me = Army::of(root);
        match g.mode() {
            Mode::Ffa => {
                let opponents: Vec<Army> = Army::ALL
                    .into_iter()
                    .filter(|a| *a != me && g.is_in(*a))
                    .collect();
                let out = 3 - opponents.len() as i32;
                let mean = if opponents.is_empty() {
                    0
                } else {
                    opponents.iter().map(|a| worth[*a]).sum::<i32>() / opponents.len() as i32
                };
                worth[me] - mean + out * OUT / 3
            }
            Mode::Teams => {
                let team = |a: Army| {
                    let mut v = 0;
                    for army in [a, a.partner()] {
                        v += if g.is_in(army) { worth[army] } else { -OUT };
                    }
                    v
                };
                team(me) - team(me.next())
            }
        }
    }

    fn gain(&self, action: Action) -> i32 {
        let Action::Move { from, to } = action else {
            return 0;
        };
        let board = self.0.board();
        match (board.get(to), board.get(from)) {
            (Some(victim), Some(attacker)) => {
                let v = if victim.kind == Kind::General {
                    5_000
                } else {
                    value(victim.kind).max(50)
                };
                v * 10 - value(attacker.kind) / 10 + 1
            }
            _ => 0,
        }
    }

    fn slot(action: Action) -> usize {
        let i = |sq: Square| geometry::index(sq);
        match action {
            Action::Move { from, to } => (i(from) * 361 + i(to)) % (HISTORY_SLOTS - 2_000),
            Action::Drop { kind, to } => {
                HISTORY_SLOTS - 2_000 + (kind.index() * 361 + i(to)) % 2_000
            }
        }
    }

    fn facts(&self, action: Action) -> Facts {
        let captures = u8::from(self.gain(action) > 0);
        let mut next = self.0.search_copy();
        let check = next.try_play(action).is_ok()
            && next.steps().last().is_some_and(|s| !s.checks.is_empty());
        Facts {
            captures,
            check,
            places: matches!(action, Action::Drop { .. }),
            threat: None,
        }
    }
}
