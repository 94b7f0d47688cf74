//! Alpha-beta search over any [`Position`]: negamax with principal-variation windows,
//! iterative deepening, a transposition table, move ordering (the table's action, then
//! takes by gain, then killers, then history) and a quiescence search on takes.
//!
//! Scores are kept from the point of view of a *side*: the seat the search plays for
//! and its partners against everyone else. That makes multi-action turns (two stones
//! placed, extra moves after a capture) and four-player turn orders plain negamax: the
//! sign flips only where the side to act changes, not at every action. With one seat
//! per side it is ordinary two-player negamax; with the other three seats of a
//! four-player game as one side it is the paranoid search (see `paranoid.rs`).

use super::level::Budget;
use super::position::{Position, Terminal, HISTORY_SLOTS};
use super::tt::{Bound, Entry, Table};
use crate::games::Seat;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// Larger than any score.
pub const INF: i32 = 1_000_000;
/// A win now; a win `n` actions from the root scores `MATE - n`.
pub const MATE: i32 = 100_000;
/// Scores beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// What a draw is worth to the side searching, below an even position (a pawn is 100):
/// a little less than nothing, so that a level plays on where it can instead of
/// drifting into the no-progress draws of Yoté and Banglagor, and the stronger side
/// gets the chance to show it.
pub const CONTEMPT: i32 = 25;
/// Contempt holds for this many plies of a game, then fades to nothing at
/// [`CONTEMPT_GONE`]: bots that both refuse every draw can keep a no-progress rule from
/// ever ending a game (Banglagor's bots moved onto each other's land past 2,000 plies
/// rather than draw), and a game that long has shown what it had to show. Games between
/// levels mostly end by ply 120; the longest seen before contempt was about 600.
pub const CONTEMPT_FULL_UNTIL: usize = 200;
pub const CONTEMPT_GONE: usize = 400;

/// What a draw costs the side searching in a game `plies` long: [`CONTEMPT`], fading
/// linearly after [`CONTEMPT_FULL_UNTIL`] plies to 0 at [`CONTEMPT_GONE`].
pub fn contempt_after(plies: usize) -> i32 {
    let fading = CONTEMPT_GONE - CONTEMPT_FULL_UNTIL;
    let left = CONTEMPT_GONE.saturating_sub(plies.max(CONTEMPT_FULL_UNTIL));
    (CONTEMPT as usize * left / fading) as i32
}

/// Deepest path a search follows (quiescence included).
const MAX_PLY: usize = 96;
/// Deepest quiescence below the horizon.
const MAX_QUIESCENCE: u32 = 8;

/// What a search found at the root.
#[derive(Clone, Debug)]
pub struct RootResult<A> {
    /// The action chosen (after a level's noise, if any).
    pub action: A,
    /// Its score, from the root mover's side.
    pub score: i32,
    /// The best action by the search and its score (the same as the chosen one unless
    /// a low level erred on purpose).
    pub best: A,
    pub best_score: i32,
    /// The deepest iteration completed (0 if none was).
    pub depth: u8,
    pub nodes: u64,
    pub legal: usize,
}

pub struct Searcher<P: Position> {
    root: Seat,
    tt: Table<P::Action>,
    killers: Vec<[Option<P::Action>; 2]>,
    history: Vec<i32>,
    buffers: Vec<Vec<P::Action>>,
    /// Keys of the positions on the path (and, at first, of the game before the root).
    path: Vec<u64>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// What a draw costs the root's side ([`contempt_after`]).
    contempt: i32,
}

impl<P: Position> Searcher<P> {
    /// A searcher for `root`'s side with a table of `2^tt_bits` entries. `prior` holds
    /// the keys of earlier positions of the game that a repetition may come back to.
    pub fn new(root: Seat, tt_bits: u32, prior: &[u64]) -> Searcher<P> {
        Searcher {
            root,
            tt: Table::new(tt_bits),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; HISTORY_SLOTS],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            path: prior.to_vec(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            contempt: CONTEMPT,
        }
    }

    /// Sets what a draw costs the root's side (by default [`CONTEMPT`]); see
    /// [`contempt_after`].
    pub fn set_contempt(&mut self, contempt: i32) {
        self.contempt = contempt;
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn terminal_score(&self, terminal: Terminal, ply: usize, frame: bool) -> i32 {
        let for_root = match terminal {
            Terminal::Win => MATE - ply as i32,
            Terminal::Loss => -(MATE - ply as i32),
            Terminal::Draw => -self.contempt,
        };
        if frame {
            for_root
        } else {
            -for_root
        }
    }

    /// Whether the mover of `pos` is on the root's side.
    fn frame_of(&self, pos: &P) -> Option<bool> {
        pos.mover().map(|m| pos.allied(m, self.root))
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes & 1023 == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.aborted = true;
                }
            }
        }
    }

    /// The value of `child` in the frame of its parent (`frame`), searched to `depth`
    /// (quiescence when `quiet` is set).
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        child: &P,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        frame: bool,
        quiescence: Option<u32>,
    ) -> i32 {
        if let Some(t) = child.terminal(self.root) {
            self.tick();
            return self.terminal_score(t, ply, frame);
        }
        let Some(child_frame) = self.frame_of(child) else {
            return 0;
        };
        let same = child_frame == frame;
        let (a, b) = if same { (alpha, beta) } else { (-beta, -alpha) };
        let v = match quiescence {
            Some(q) => self.quiesce(child, ply, a, b, q),
            None => self.negamax(child, depth, ply, a, b),
        };
        if same {
            v
        } else {
            -v
        }
    }

    fn static_value(&self, pos: &P, frame: bool) -> i32 {
        let v = pos.evaluate(self.root);
        if frame {
            v
        } else {
            -v
        }
    }

    /// Orders `actions` for searching: the table's action, then takes by gain, then
    /// killers, then by history.
    fn order(&self, pos: &P, actions: &mut [P::Action], tt_move: Option<P::Action>, ply: usize) {
        let killers = self.killers[ply.min(MAX_PLY)];
        let mut keyed: Vec<(i32, P::Action)> = actions
            .iter()
            .map(|&a| {
                let score = if Some(a) == tt_move {
                    i32::MAX
                } else {
                    let gain = pos.gain(a);
                    if gain > 0 {
                        1_000_000 + gain
                    } else if killers[0] == Some(a) {
                        900_000
                    } else if killers[1] == Some(a) {
                        800_000
                    } else {
                        self.history[P::slot(a)].min(700_000)
                    }
                };
                (score, a)
            })
            .collect();
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        for (slot, (_, a)) in actions.iter_mut().zip(keyed) {
            *slot = a;
        }
    }

    fn negamax(&mut self, pos: &P, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.aborted {
            return 0;
        }
        let Some(frame) = self.frame_of(pos) else {
            return 0;
        };
        let key = pos.key();
        if P::REPETITION_DRAWS && ply > 0 && self.path.contains(&key) {
            self.tick();
            return self.terminal_score(Terminal::Draw, ply, frame);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, ply, alpha, beta, 0);
        }
        self.tick();
        let alpha_in = alpha;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if i32::from(e.depth) >= depth && ply > 0 {
                let score = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let mut actions = std::mem::take(&mut self.buffers[ply]);
        pos.actions(&mut actions);
        if actions.is_empty() {
            self.buffers[ply] = actions;
            return -(MATE - ply as i32);
        }
        self.order(pos, &mut actions, tt_move, ply);
        let mut best = -INF;
        let mut best_action = None;
        self.path.push(key);
        for (i, &a) in actions.iter().enumerate() {
            let mut child = pos.clone();
            if !child.play(a) {
                continue;
            }
            let v = if i == 0 {
                self.child_value(&child, depth - 1, ply + 1, alpha, beta, frame, None)
            } else {
                let probe =
                    self.child_value(&child, depth - 1, ply + 1, alpha, alpha + 1, frame, None);
                if probe > alpha && probe < beta && !self.aborted {
                    self.child_value(&child, depth - 1, ply + 1, alpha, beta, frame, None)
                } else {
                    probe
                }
            };
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_action = Some(a);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                if pos.gain(a) == 0 {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(a) {
                        k[1] = k[0];
                        k[0] = Some(a);
                    }
                    let h = &mut self.history[P::slot(a)];
                    *h = (*h + depth * depth).min(600_000);
                }
                break;
            }
        }
        self.path.pop();
        self.buffers[ply] = actions;
        if self.aborted || best_action.is_none() {
            return if best_action.is_none() && !self.aborted {
                -(MATE - ply as i32)
            } else {
                best.max(-INF + 1)
            };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            depth: depth as i16,
            bound,
            score: to_table(best, ply),
            best: best_action,
        });
        best
    }

    /// Quiescence: the static value, unless a take does better.
    fn quiesce(&mut self, pos: &P, ply: usize, mut alpha: i32, beta: i32, depth: u32) -> i32 {
        self.tick();
        if self.aborted {
            return 0;
        }
        let Some(frame) = self.frame_of(pos) else {
            return 0;
        };
        let stand = self.static_value(pos, frame);
        if depth >= MAX_QUIESCENCE || ply >= MAX_PLY || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut actions = std::mem::take(&mut self.buffers[ply]);
        pos.actions(&mut actions);
        if actions.is_empty() {
            self.buffers[ply] = actions;
            return -(MATE - ply as i32);
        }
        let mut takes: Vec<(i32, P::Action)> = actions
            .iter()
            .filter_map(|&a| {
                let g = pos.gain(a);
                (g > 0).then_some((g, a))
            })
            .collect();
        self.buffers[ply] = actions;
        takes.sort_by_key(|t| std::cmp::Reverse(t.0));
        let mut best = stand;
        for (_, a) in takes {
            let mut child = pos.clone();
            if !child.play(a) {
                continue;
            }
            let v = self.child_value(&child, 0, ply + 1, alpha, beta, frame, Some(depth + 1));
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The value of one root action for the root's side, searched `depth - 1` deep
    /// below it (the depth a root search of `depth` gives its actions), with up to
    /// `budget.nodes` more nodes. `None` if the action is refused or the search was cut
    /// short.
    pub fn score_action(
        &mut self,
        root_pos: &P,
        action: P::Action,
        depth: u8,
        budget: Budget,
        deadline: Option<Instant>,
    ) -> Option<i32> {
        let mut child = root_pos.clone();
        if !child.play(action) {
            return None;
        }
        self.aborted = false;
        self.node_limit = self.nodes + budget.nodes.max(1);
        self.deadline = deadline;
        self.path.push(root_pos.key());
        let v = self.child_value(
            &child,
            i32::from(depth.max(1)) - 1,
            1,
            -INF,
            INF,
            true,
            None,
        );
        self.path.pop();
        (!self.aborted).then_some(v)
    }

    /// Searches the root position with a level's budget and picks an action. `None`
    /// when the position has no mover or no legal action.
    pub fn search_root(
        &mut self,
        root_pos: &P,
        budget: Budget,
        deadline: Option<Instant>,
        seed: u64,
    ) -> Option<RootResult<P::Action>> {
        let mover = root_pos.mover()?;
        debug_assert!(root_pos.allied(mover, self.root));
        self.node_limit = budget.nodes.max(1);
        self.deadline = deadline;
        let mut rng = SmallRng::seed_from_u64(seed ^ root_pos.key());
        let mut actions = Vec::new();
        root_pos.actions(&mut actions);
        if actions.is_empty() {
            return None;
        }
        // Seeded tie-breaking: equal actions are tried (and so chosen) in an order that
        // depends on the seed; takes still come first.
        actions.shuffle(&mut rng);
        actions.sort_by_key(|a| -root_pos.gain(*a));
        let legal = actions.len();
        let children: Vec<(P::Action, P)> = actions
            .iter()
            .filter_map(|&a| {
                let mut child = root_pos.clone();
                child.play(a).then_some((a, child))
            })
            .collect();
        if children.is_empty() {
            return None;
        }
        let root_key = root_pos.key();
        // Scores of the last completed iteration, in `children`'s order.
        let mut scores: Vec<i32> = vec![0; children.len()];
        let mut order: Vec<usize> = (0..children.len()).collect();
        let mut completed = 0u8;
        let mut best_index = 0usize;
        let mut best_score = -INF;
        let exact_all = budget.noise > 0 || budget.blunder_percent > 0;
        for depth in 1..=i32::from(budget.depth.max(1)) {
            let mut iteration = scores.clone();
            let mut alpha = -INF;
            let mut iter_best: Option<usize> = None;
            let mut searched = 0usize;
            self.path.push(root_key);
            for (n, &i) in order.iter().enumerate() {
                let child = &children[i].1;
                let v = if exact_all || n == 0 {
                    self.child_value(child, depth - 1, 1, -INF, INF, true, None)
                } else {
                    let probe = self.child_value(child, depth - 1, 1, alpha, alpha + 1, true, None);
                    if probe > alpha && !self.aborted {
                        self.child_value(child, depth - 1, 1, alpha, INF, true, None)
                    } else {
                        probe
                    }
                };
                if self.aborted {
                    break;
                }
                searched += 1;
                iteration[i] = v;
                if iter_best.is_none() || v > alpha {
                    alpha = v;
                    iter_best = Some(i);
                }
            }
            self.path.pop();
            if searched == order.len() {
                completed = depth as u8;
                scores = iteration;
                if let Some(i) = iter_best {
                    best_index = i;
                    best_score = alpha;
                }
                // Best first next time; the rest by this iteration's scores where they
                // are exact, else keep their order.
                order.sort_by_key(|&i| if i == best_index { 0 } else { 1 });
                if exact_all {
                    order.sort_by_key(|&i| -scores[i]);
                }
            } else {
                // An unfinished iteration still counts where its first (previous best)
                // action was searched and another beat it.
                if let Some(i) = iter_best {
                    if searched > 1 && i != best_index && completed > 0 {
                        best_index = i;
                        best_score = alpha;
                    } else if completed == 0 {
                        best_index = i;
                        best_score = alpha;
                        scores = iteration;
                    }
                }
                break;
            }
            if self.aborted || best_score.abs() >= MATE_BOUND {
                break;
            }
        }
        if best_score == -INF {
            // Not even one action searched: take the first in order.
            best_index = order[0];
            best_score = scores[best_index];
        }
        let mut chosen = best_index;
        if exact_all && completed > 0 {
            chosen = noisy_pick(&scores, budget, &mut rng).unwrap_or(best_index);
        }
        Some(RootResult {
            action: children[chosen].0,
            score: if chosen == best_index {
                best_score
            } else {
                scores[chosen]
            },
            best: children[best_index].0,
            best_score,
            depth: completed,
            nodes: self.nodes,
            legal,
        })
    }
}

/// A low level's choice: sometimes one of the four best at random, else the best after
/// adding noise to every score.
fn noisy_pick(scores: &[i32], budget: Budget, rng: &mut SmallRng) -> Option<usize> {
    let mut ranked: Vec<usize> = (0..scores.len()).collect();
    ranked.sort_by_key(|&i| -scores[i]);
    if budget.blunder_percent > 0 && rng.gen_range(0..100) < budget.blunder_percent {
        let k = ranked.len().min(4);
        return ranked.get(rng.gen_range(0..k)).copied();
    }
    ranked
        .iter()
        .map(|&i| {
            let noise = if budget.noise > 0 {
                rng.gen_range(-budget.noise..=budget.noise)
            } else {
                0
            };
            (scores[i].saturating_add(noise), i)
        })
        .max_by_key(|(v, _)| *v)
        .map(|(_, i)| i)
}

/// Mate scores are stored relative to the node, so that they stay right wherever the
/// position is met again.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::position::Facts;

    /// A game of three positions: at the root, seat 1 takes a draw (action 0) or plays
    /// on (action 1) into a position a little worse for it than even.
    #[derive(Clone, Debug)]
    struct Fork {
        at: u8,
        worse_by: i32,
    }

    impl Position for Fork {
        type Action = u8;

        fn mover(&self) -> Option<Seat> {
            match self.at {
                0 => Some(Seat::FIRST),
                2 => Some(Seat::SECOND),
                _ => None,
            }
        }

        fn terminal(&self, _root: Seat) -> Option<Terminal> {
            (self.at == 1).then_some(Terminal::Draw)
        }

        fn actions(&self, out: &mut Vec<u8>) {
            out.clear();
            match self.at {
                0 => out.extend([0, 1]),
                // The game goes on beyond the horizon.
                2 => out.push(0),
                _ => {}
            }
        }

        fn play(&mut self, action: u8) -> bool {
            self.at = match (self.at, action) {
                (0, 0) => 1,
                (0, 1) => 2,
                (2, 0) => 0,
                _ => return false,
            };
            true
        }

        fn key(&self) -> u64 {
            u64::from(self.at)
        }

        fn evaluate(&self, root: Seat) -> i32 {
            if root == Seat::FIRST {
                -self.worse_by
            } else {
                self.worse_by
            }
        }

        fn gain(&self, _action: u8) -> i32 {
            0
        }

        fn slot(action: u8) -> usize {
            usize::from(action)
        }

        fn facts(&self, _action: u8) -> Facts {
            Facts::default()
        }
    }

    fn choice(worse_by: i32) -> (u8, i32) {
        let budget = Budget {
            depth: 1,
            nodes: 1_000,
            noise: 0,
            blunder_percent: 0,
        };
        let root = Fork { at: 0, worse_by };
        let mut searcher = Searcher::new(Seat::FIRST, 8, &[]);
        let result = searcher
            .search_root(&root, budget, None, 7)
            .expect("the root has actions");
        (result.action, result.score)
    }

    #[test]
    fn contempt_plays_on_rather_than_take_a_draw_when_a_little_worse() {
        assert_eq!(choice(CONTEMPT - 10), (1, -(CONTEMPT - 10)));
    }

    #[test]
    fn contempt_fades_after_a_long_game() {
        assert_eq!(contempt_after(0), CONTEMPT);
        assert_eq!(contempt_after(CONTEMPT_FULL_UNTIL), CONTEMPT);
        let midway = contempt_after((CONTEMPT_FULL_UNTIL + CONTEMPT_GONE) / 2);
        assert!(0 < midway && midway < CONTEMPT, "{midway}");
        assert_eq!(contempt_after(CONTEMPT_GONE), 0);
        assert_eq!(contempt_after(5_000), 0);
        // Without contempt a draw is worth exactly nothing: a little worse plays it.
        let budget = Budget {
            depth: 1,
            nodes: 1_000,
            noise: 0,
            blunder_percent: 0,
        };
        let mut searcher = Searcher::new(Seat::FIRST, 8, &[]);
        searcher.set_contempt(contempt_after(CONTEMPT_GONE));
        let root = Fork {
            at: 0,
            worse_by: 10,
        };
        let result = searcher.search_root(&root, budget, None, 7).unwrap();
        assert_eq!((result.action, result.score), (0, 0));
    }

    #[test]
    fn contempt_takes_the_draw_when_playing_on_is_clearly_worse() {
        assert_eq!(choice(CONTEMPT + 10), (0, -CONTEMPT));
    }
}
