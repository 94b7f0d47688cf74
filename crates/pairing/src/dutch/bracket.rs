//! One bracket of the round, paired by a maximum-weight matching and the generation
//! order of the rules (C.04.3 Articles 3–4), in a graph of the bracket and the next score
//! group, or of everyone left when the players below matter.

use std::collections::HashMap;

use super::dynamic::Dynamic;
use super::weights::{small, strip_completion, Round};
use super::wide::{Bits, Weight};
use crate::tournament::Points;

const NONE: usize = usize::MAX;

/// Which players a bracket's matching holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scope {
    /// The bracket and the next score group only: the players below are taken to absorb
    /// whoever floats down, which the round's completion check then confirms.
    Bracket,
    /// Everyone still to be paired, with the completion field in the weights.
    Round,
}

/// A weighted matching over some of the players, for one bracket. Weights are given
/// without the completion field; in `Scope::Round` it is added here.
struct BracketMatcher<W> {
    vertices: Vec<usize>,
    local: Vec<usize>,
    dynamic: Dynamic<W>,
    /// Weights as given (without the completion field), by local indices.
    lower: Vec<W>,
    /// In full mode, each vertex's completion contribution (not a bye candidate) and the
    /// field's offset.
    completion: Option<(Vec<bool>, u32)>,
    locked: Vec<(usize, usize)>,
}

impl<W: Weight> BracketMatcher<W> {
    fn new(n: usize, vertices: Vec<usize>, completion: Option<(Vec<bool>, u32)>) -> Self {
        let mut local = vec![NONE; n];
        for (index, &v) in vertices.iter().enumerate() {
            local[v] = index;
        }
        let size = vertices.len();
        BracketMatcher {
            dynamic: Dynamic::new(size),
            lower: vec![W::zero(); size * size],
            vertices,
            local,
            completion,
            locked: Vec::new(),
        }
    }

    fn contains(&self, v: usize) -> bool {
        self.local[v] != NONE
    }

    /// Sets the weight of (a, b), given without the completion field.
    fn set(&mut self, a: usize, b: usize, lower: W) {
        let (la, lb) = (self.local[a], self.local[b]);
        let size = self.vertices.len();
        self.lower[la * size + lb] = lower;
        self.lower[lb * size + la] = lower;
        let weight = match &self.completion {
            Some((not_candidate, offset)) if !lower.is_zero() => {
                let mut bits = Bits::with_width(W::BITS);
                bits.add_at(
                    *offset,
                    1 + u64::from(not_candidate[a]) + u64::from(not_candidate[b]),
                );
                lower + W::from_bits(&bits)
            }
            _ => lower,
        };
        self.dynamic.set(la, lb, weight);
    }

    /// Sets the full weight of an edge that leaves the bracket (full mode only).
    fn set_full(&mut self, a: usize, b: usize, weight: W) {
        self.dynamic.set(self.local[a], self.local[b], weight);
    }

    fn lower(&self, a: usize, b: usize) -> W {
        self.lower[self.local[a] * self.vertices.len() + self.local[b]]
    }

    /// Fixes the pair (a, b), matched in the last solution.
    fn lock(&mut self, a: usize, b: usize) {
        self.locked.push((a, b));
        self.dynamic.remove_pair(self.local[a], self.local[b]);
    }

    /// Each player's partner in a heaviest matching (itself when unmatched or outside).
    fn solve(&mut self, n: usize) -> Vec<usize> {
        self.dynamic.solve();
        let mates = self.dynamic.mates();
        let mut out: Vec<usize> = (0..n).collect();
        for (index, &v) in self.vertices.iter().enumerate() {
            out[v] = self.vertices[mates[index]];
        }
        for &(a, b) in &self.locked {
            out[a] = b;
            out[b] = a;
        }
        out
    }
}

/// What every bracket of the round needs.
pub(super) struct Context<'a> {
    pub(super) round: &'a Round<'a>,
    pub(super) n: usize,
    pub(super) bye_score: Points,
    /// C9 as set up before the first bracket: it then weighs the edges outside the
    /// brackets too.
    pub(super) initial_single: bool,
    pub(super) unplayed_ranks: HashMap<u32, u64>,
    pub(super) not_candidate: Vec<bool>,
}

/// One bracket to pair: `bracket` holds the moved-down players, then the residents, then
/// the next score group. Vertices are players in rank order.
pub(super) struct Bracket<'b> {
    pub(super) bracket: &'b [usize],
    pub(super) moved_down: usize,
    pub(super) residents_end: usize,
    /// The first resident's vertex, and the first vertex of the next score group.
    pub(super) group_start_vertex: usize,
    pub(super) next_group_vertex: usize,
    /// C9 applies: the bracket's single downfloater gets the bye.
    pub(super) single: bool,
}

/// The outcome of pairing one bracket.
pub(super) struct Attempt<W> {
    pub(super) pairs: Vec<(usize, usize)>,
    /// The other pairs of the last matching: those of the floaters and the next score
    /// group, which C8 weighed.
    pub(super) lookahead: Vec<(usize, usize)>,
    /// The players left for the next bracket: the downfloaters first, then the next score
    /// group.
    pub(super) carried: Vec<usize>,
    pub(super) carried_moved_down: usize,
    /// The weights between the downfloaters as the bracket left them, which the next
    /// bracket keeps.
    pub(super) carried_lower: HashMap<(usize, usize), W>,
    pub(super) next_single: bool,
}

impl Context<'_> {
    fn score(&self, v: usize) -> Points {
        self.round.players[v].score
    }

    /// Pairs one bracket in the generation order of the rules (which moved-down players,
    /// their opponents, the exchanges, each S1 player's opponent), each step fixed by
    /// solving again with a small preference added.
    #[allow(clippy::too_many_lines)]
    pub(super) fn pair_bracket<W: Weight>(
        &self,
        spec: &Bracket,
        carried_lower: &HashMap<(usize, usize), W>,
        paired: &[Option<usize>],
        scope: Scope,
    ) -> Attempt<W> {
        let full = scope == Scope::Round;
        let n = self.n;
        let layout = &self.round.layout;
        let g = layout.group_bits;
        let bracket = spec.bracket;
        let h = bracket.len();
        let moved_down = spec.moved_down;
        let residents_end = spec.residents_end;
        let group_start_vertex = spec.group_start_vertex;
        let next_group_vertex = spec.next_group_vertex;
        let score = |v: usize| self.score(v);
        let vertices: Vec<usize> = if full {
            let mut in_bracket = vec![false; n];
            for &v in bracket {
                in_bracket[v] = true;
            }
            let mut all: Vec<usize> = bracket.to_vec();
            all.extend((0..n).filter(|&v| paired[v].is_none() && !in_bracket[v]));
            all
        } else {
            bracket.to_vec()
        };
        let completion = full.then(|| (self.not_candidate.clone(), layout.completion));
        let mut matcher: BracketMatcher<W> = BracketMatcher::new(n, vertices, completion);
        // Base weights: every pair whose lower member is a resident or in the next group;
        // pairs of moved-down players keep the weights they had.
        let mut base: Vec<Vec<W>> = vec![Vec::new(); h];
        for larger in 0..h {
            base[larger] = vec![W::zero(); larger];
            for smaller in 0..larger {
                let (a, b) = (bracket[smaller], bracket[larger]);
                let weight = if larger < moved_down {
                    carried_lower
                        .get(&(a.min(b), a.max(b)))
                        .copied()
                        .unwrap_or(W::zero())
                } else {
                    let mut bits = self.round.edge_bits(
                        a,
                        b,
                        larger < residents_end,
                        larger >= residents_end,
                        self.bye_score,
                        spec.single,
                        &self.unplayed_ranks,
                    );
                    strip_completion(&mut bits, layout.completion);
                    W::from_bits(&bits)
                };
                base[larger][smaller] = weight;
                matcher.set(a, b, weight);
            }
        }
        if full {
            // Edges leaving the bracket keep the weights set before the first bracket.
            let outside: Vec<usize> = matcher.vertices[h..].to_vec();
            for (index, &a) in outside.iter().enumerate() {
                for &b in bracket.iter().chain(&outside[index + 1..]) {
                    let (higher, lower) = (a.min(b), a.max(b));
                    let bits = self.round.edge_bits(
                        higher,
                        lower,
                        false,
                        false,
                        self.bye_score,
                        self.initial_single,
                        &self.unplayed_ranks,
                    );
                    matcher.set_full(a, b, W::from_bits(&bits));
                }
            }
        }
        let resident_count = residents_end - moved_down;
        let in_residents = |v: usize| v >= group_start_vertex && v < next_group_vertex;
        let mut matched = vec![false; n];
        let mut stable = matcher.solve(n);

        // Which moved-down players are paired here: the higher ones first, score by score.
        let mut mdp_score = 0;
        let mut left = 0usize;
        let mut left_matched = 0usize;
        for i in 0..moved_down {
            if i == 0 || score(bracket[i]) < mdp_score {
                mdp_score = score(bracket[i]);
                left = 0;
                left_matched = 0;
                let mut j = i;
                while j < h && score(bracket[j]) >= mdp_score {
                    left += 1;
                    if in_residents(stable[bracket[j]]) {
                        left_matched += 1;
                    }
                    j += 1;
                }
            }
            if left_matched == 0 {
                continue;
            }
            let v = bracket[i];
            if left <= left_matched {
                matched[v] = true;
                continue;
            }
            left -= 1;
            if !in_residents(stable[v]) {
                for r in moved_down..residents_end {
                    let weight = base[r][i];
                    if !weight.is_zero() {
                        matcher.set(v, bracket[r], weight + small(1));
                    }
                }
                stable = matcher.solve(n);
            }
            if in_residents(stable[v]) {
                matched[v] = true;
                left_matched -= 1;
                for r in moved_down..residents_end {
                    let weight = base[r][i];
                    if !weight.is_zero() {
                        matcher.set(v, bracket[r], weight + small(resident_count as u64 + 1));
                    }
                }
            }
        }

        // Their opponents: the highest possible, in order.
        for i in 0..moved_down {
            let v = bracket[i];
            if !matched[v] {
                continue;
            }
            let mut addend = h as u64;
            for r in (moved_down..residents_end).rev() {
                if matched[bracket[r]] {
                    continue;
                }
                let weight = base[r][i];
                if !weight.is_zero() {
                    matcher.set(v, bracket[r], weight + small(addend));
                    addend += 1;
                }
            }
            stable = matcher.solve(n);
            let mate = stable[v];
            matched[mate] = true;
            matcher.lock(v, mate);
        }

        // The remainder: residents not paired with a moved-down player.
        let remainder: Vec<usize> = (moved_down..residents_end)
            .filter(|&r| stable[bracket[r]] >= group_start_vertex)
            .collect();
        let remainder_pairs = remainder
            .iter()
            .filter(|&&r| stable[bracket[r]] < bracket[r])
            .count();
        let forward = |stable: &[usize], v: usize| stable[v] > v && stable[v] < next_group_vertex;
        // The exchange preferences: fewest exchanges, then the smallest difference of BSNs.
        let exchange_weight = |base: &Vec<Vec<W>>, smaller: usize, larger: usize, index: usize| {
            let weight = base[larger][smaller];
            if weight.is_zero() {
                return weight;
            }
            let in_s1 = u64::from(index < remainder_pairs);
            // ((in_s1 << 2g) − index) << 1, applied with wrap-around as in bbpPairings.
            let mut bonus = Bits::with_width(W::BITS);
            bonus.add_at(2 * g + 1, in_s1);
            weight + W::from_bits(&bonus) - small(2 * index as u64)
        };
        for (pi, &p) in remainder.iter().enumerate() {
            for &o in &remainder[pi + 1..] {
                matcher.set(bracket[p], bracket[o], exchange_weight(&base, p, o, pi));
            }
        }
        stable = matcher.solve(n);
        let exchange_count = remainder[..remainder_pairs]
            .iter()
            .filter(|&&p| !forward(&stable, bracket[p]))
            .count();

        // Exchange the lowest S1 players possible.
        let mut remaining = exchange_count;
        let mut index = remainder_pairs;
        while index > 0 && remaining > 0 {
            index -= 1;
            let p = remainder[index];
            let v = bracket[p];
            if forward(&stable, v) {
                for &o in &remainder[index + 1..] {
                    let weight = exchange_weight(&base, p, o, index);
                    if !weight.is_zero() {
                        matcher.set(v, bracket[o], weight - small(1));
                    }
                }
                stable = matcher.solve(n);
            }
            let exchange = !forward(&stable, v);
            if exchange {
                remaining -= 1;
            }
            for &o in &remainder[index + 1..] {
                if exchange {
                    base[o][p] = W::zero();
                }
                matcher.set(v, bracket[o], exchange_weight(&base, p, o, index));
            }
        }

        // Bring up the highest S2 players possible.
        let mut remaining = exchange_count;
        let mut index = remainder_pairs;
        while index < remainder.len() && remaining > 1 {
            let p = remainder[index];
            let v = bracket[p];
            let already = forward(&stable, v);
            if !already {
                for &o in &remainder[index + 1..] {
                    let weight = exchange_weight(&base, p, o, index);
                    if !weight.is_zero() {
                        matcher.set(v, bracket[o], weight + small(1));
                    }
                }
                stable = matcher.solve(n);
            }
            if forward(&stable, v) {
                remaining -= 1;
                for &o in &remainder[..index] {
                    base[p][o] = W::zero();
                    matcher.set(v, bracket[o], W::zero());
                }
                for o in residents_end..h {
                    base[o][p] = W::zero();
                    matcher.set(v, bracket[o], W::zero());
                }
            }
            if !already {
                for &o in &remainder[index + 1..] {
                    matcher.set(v, bracket[o], exchange_weight(&base, p, o, index));
                }
            }
            index += 1;
        }

        // Fix who is in S1 and who in S2, and drop the exchange preferences.
        for (pi, &p) in remainder.iter().enumerate() {
            for &o in &remainder[pi + 1..] {
                if !forward(&stable, bracket[p]) || forward(&stable, bracket[o]) {
                    base[o][p] = W::zero();
                }
                matcher.set(bracket[p], bracket[o], base[o][p]);
            }
        }

        // Each S1 player's opponent: the highest possible, in order.
        for &p in &remainder {
            let v = bracket[p];
            if !forward(&stable, v) {
                continue;
            }
            let mut addend = 0u64;
            for &o in remainder.iter().rev() {
                if o <= p || matched[bracket[o]] {
                    continue;
                }
                let weight = base[o][p];
                if !weight.is_zero() {
                    matcher.set(v, bracket[o], weight + small(addend));
                }
                addend += 1;
            }
            stable = matcher.solve(n);
            let mate = stable[v];
            matched[v] = true;
            matched[mate] = true;
            matcher.lock(v, mate);
        }

        // The next bracket: this one's downfloaters, then the next score group.
        let appended = (residents_end < h).then(|| score(bracket[residents_end]));
        let mut next_single =
            self.n % 2 == 1 && appended.is_some_and(|next| self.bye_score >= next);
        let mut pairs = Vec::new();
        let mut carried = Vec::new();
        let mut carried_moved_down = 0;
        for (i, &v) in bracket.iter().enumerate() {
            if i < residents_end && matched[v] {
                if v < stable[v] {
                    pairs.push((v, stable[v]));
                }
            } else {
                carried.push(v);
                if i < residents_end {
                    carried_moved_down += 1;
                }
                if next_single && appended.is_some_and(|next| score(stable[v]) < next) {
                    next_single = false;
                }
            }
        }
        let mut next_lower = HashMap::new();
        for (index, &a) in carried[..carried_moved_down].iter().enumerate() {
            for &b in &carried[index + 1..carried_moved_down] {
                if matcher.contains(a) && matcher.contains(b) {
                    next_lower.insert((a.min(b), a.max(b)), matcher.lower(a, b));
                }
            }
        }
        let lookahead = carried
            .iter()
            .filter(|&&v| stable[v] != v && v < stable[v])
            .map(|&v| (v, stable[v]))
            .collect();
        Attempt {
            pairs,
            lookahead,
            carried,
            carried_moved_down,
            carried_lower: next_lower,
            next_single,
        }
    }
}
