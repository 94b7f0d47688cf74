//! The bracket-by-bracket weighted-matching procedure (see the module above).

use std::collections::{BTreeMap, HashMap};

use super::colour::colour_for;
use super::dynamic::Dynamic;
use super::entrant::{entrant, Entrant, Float};
use super::wide::{Bits, Weight, Wide};
use super::{NoLegalPairing, Pairing, MAX_PLAYERS};
use crate::tournament::{Colour, Points, Tournament};

/// Bits needed to write `value` (0 for 0).
fn bits_for(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// Where each criterion's field lies in an edge weight (bit offsets from the bottom).
struct Layout {
    group_bits: u32,
    score_shift: HashMap<Points, u32>,
    played: usize,
    /// Offsets, named by criterion.
    completion: u32,
    c6: u32,
    c7: u32,
    c8_pairs: u32,
    c8_scores: u32,
    c9: u32,
    colours: [u32; 4],
    floats: [u32; 4],
    float_scores: [u32; 4],
    /// The lowest fields, left for the generation-order decisions.
    order_exchanges: u32,
    /// Bits of the whole weight (the completion field holds at most 3 a pair).
    total: u32,
}

impl Layout {
    fn new(players: &[Entrant], played: usize) -> Layout {
        // Score levels from the lowest up, each wide enough to count its players.
        let mut counts: BTreeMap<Points, usize> = BTreeMap::new();
        for player in players {
            *counts.entry(player.score).or_default() += 1;
        }
        let mut score_shift = HashMap::new();
        let mut score_bits = 0u32;
        let mut largest = 0usize;
        for (&score, &count) in &counts {
            score_shift.insert(score, score_bits);
            score_bits += bits_for(count);
            largest = largest.max(count);
        }
        // bbpPairings sizes the counting fields by the largest score group; a bracket with
        // its moved-down players and the next group can hold more pairs than that, and the
        // sums then carry into the criteria above (even into completion: the bye can go to
        // a player who already had one). Fields wide enough for every player never carry.
        let _ = largest;
        let g = bits_for(players.len()).max(1);
        let s = score_bits;
        // From the bottom up, the reverse of the priority order.
        let mut offset = 0u32;
        let mut take = |width: u32| {
            let at = offset;
            offset += width;
            at
        };
        let _order_last = take(1);
        let _order_pairs = take(g);
        let order_exchanges = take(g);
        let _order_first = take(g);
        let mut float_scores = [u32::MAX; 4];
        if played > 1 {
            float_scores[3] = take(s);
            float_scores[2] = take(s);
        }
        if played > 0 {
            float_scores[1] = take(s);
            float_scores[0] = take(s);
        }
        let mut floats = [u32::MAX; 4];
        if played > 1 {
            floats[3] = take(g);
            floats[2] = take(g);
        }
        if played > 0 {
            floats[1] = take(g);
            floats[0] = take(g);
        }
        let colour_13 = take(g);
        let colour_12 = take(g);
        let colour_11 = take(g);
        let colour_10 = take(g);
        let c9 = take(2 * g);
        let c8_scores = take(s);
        let c8_pairs = take(g);
        let c7 = take(s);
        let c6 = take(g);
        let completion = take(0);
        Layout {
            group_bits: g,
            score_shift,
            played,
            completion,
            c6,
            c7,
            c8_pairs,
            c8_scores,
            c9,
            colours: [colour_10, colour_11, colour_12, colour_13],
            floats,
            float_scores,
            order_exchanges,
            total: completion + 2,
        }
    }

    fn shift(&self, score: Points) -> u32 {
        self.score_shift[&score]
    }
}

/// Facts about the round that every weight needs.
struct Round<'a> {
    players: &'a [Entrant],
    layout: Layout,
    last_round: bool,
    top_threshold: Points,
    forbidden: &'a std::collections::BTreeSet<(u16, u16)>,
}

impl Round<'_> {
    /// C1, C3 and the organiser's forbidden pairs.
    fn compatible(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        if pa.opponents.contains(&pb.id) {
            return false;
        }
        let key = (pa.id.min(pb.id), pa.id.max(pb.id));
        if self.forbidden.contains(&key) {
            return false;
        }
        !pa.absolute()
            || !pb.absolute()
            || pa.preference != pb.preference
            || (self.last_round && (pa.score > self.top_threshold || pb.score > self.top_threshold))
    }

    fn is_bye_candidate(&self, player: usize, bye_score: Points) -> bool {
        let p = &self.players[player];
        p.bye_eligible && p.score <= bye_score
    }

    /// The weight of the pair (`higher`, `lower`), `higher` ranked above `lower`, as bits.
    #[allow(clippy::too_many_arguments)]
    fn edge_bits(
        &self,
        higher: usize,
        lower: usize,
        lower_in_bracket: bool,
        lower_in_next: bool,
        bye_score: Points,
        single_downfloater_gets_bye: bool,
        unplayed_ranks: &HashMap<u32, u64>,
    ) -> Bits {
        let mut bits = Bits::with_width(self.layout.total + 4);
        if !self.compatible(higher, lower) {
            return bits;
        }
        let layout = &self.layout;
        let (h, l) = (&self.players[higher], &self.players[lower]);
        let completion = 1
            + u64::from(!self.is_bye_candidate(higher, bye_score))
            + u64::from(!self.is_bye_candidate(lower, bye_score));
        bits.add_at(layout.completion, completion);
        if lower_in_bracket {
            bits.add_at(layout.c6, 1);
            bits.add_at(layout.c7 + layout.shift(h.score), 1);
        }
        if lower_in_next {
            bits.add_at(layout.c8_pairs, 1);
            bits.add_at(layout.c8_scores + layout.shift(h.score), 1);
        }
        if single_downfloater_gets_bye {
            if h.score == bye_score {
                bits.add_at(layout.c9, unplayed_ranks[&h.played_games]);
            }
            if l.score == bye_score {
                bits.add_at(layout.c9, unplayed_ranks[&l.played_games]);
            }
        }
        if !lower_in_bracket {
            return bits;
        }
        // C10–C13, with `lower` as the player and `higher` as the opponent, as in bbpPairings.
        let (p, o) = (l, h);
        let c10 =
            !p.absolute_imbalance() || !o.absolute_imbalance() || p.preference != o.preference;
        let c11 = !p.absolute()
            || !o.absolute()
            || p.preference != o.preference
            || if p.imbalance == o.imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let yielding = if p.imbalance > o.imbalance { o } else { p };
                yielding.repeated != p.preference.map(Colour::opposite)
            };
        let c12 = p.preference != o.preference || p.preference.is_none();
        let c13 = (!p.strong && !p.absolute())
            || (!o.strong && !o.absolute())
            || (p.absolute() && o.absolute())
            || p.preference != o.preference;
        for (offset, ok) in layout.colours.iter().zip([c10, c11, c12, c13]) {
            if ok {
                bits.add_at(*offset, 1);
            }
        }
        for back in 0..2 {
            if layout.played <= back {
                continue;
            }
            // C14/C16: residents who downfloated and are paired now; C15/C17: MDP opponents
            // who did not upfloat then.
            let down = u64::from(l.floats[back] == Float::Down)
                + u64::from(h.score <= l.score && h.floats[back] == Float::Down);
            bits.add_at(layout.floats[2 * back], down);
            let up_ok = !(h.score > l.score && l.floats[back] == Float::Up);
            if up_ok {
                bits.add_at(layout.floats[2 * back + 1], 1);
            }
            // C18/C20 and C19/C21: the same, by score.
            if l.floats[back] == Float::Down {
                bits.add_at(layout.float_scores[2 * back] + layout.shift(l.score), 1);
            }
            if h.floats[back] == Float::Down {
                bits.add_at(layout.float_scores[2 * back] + layout.shift(h.score), 1);
            }
            if up_ok {
                bits.add_at(layout.float_scores[2 * back + 1] + layout.shift(h.score), 1);
            }
        }
        bits
    }
}

const NONE: usize = usize::MAX;

/// A weighted matching over some of the players, for one bracket: its own vertices only
/// ("relaxed": the players below are left out, taken to absorb whoever floats down, which
/// the round's completion check then confirms), or everyone still to be paired ("full").
/// Weights are given without the completion field; in full mode it is added here.
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

fn small<W: Weight>(value: u64) -> W {
    let mut bits = Bits::with_width(W::BITS);
    bits.add_at(0, value);
    W::from_bits(&bits)
}

pub fn pair(tournament: &Tournament) -> Result<Pairing, NoLegalPairing> {
    let mut played = tournament.played_rounds();
    // A round in which everyone already has an entry counts as played (all were given byes).
    if !tournament.players.is_empty()
        && tournament
            .players
            .iter()
            .all(|player| player.rounds.len() > played)
    {
        played += 1;
    }
    if let Some(total) = tournament.total_rounds {
        if played >= usize::from(total) {
            return Err(NoLegalPairing::TournamentOver(total));
        }
    }
    let to_pair = |player: &crate::tournament::Player| {
        player.rounds.len() <= played && !tournament.absent_next.contains(&player.id)
    };
    let mut players: Vec<Entrant> = Vec::new();
    let mut rank = 0;
    for (index, player) in tournament.players.iter().enumerate() {
        let counts = to_pair(player) || player.rounds.iter().any(|e| e.was_paired());
        if to_pair(player) {
            let mut entrant = entrant(tournament, index, played);
            entrant.rank = rank;
            players.push(entrant);
        }
        if counts {
            rank += 1;
        }
    }
    if players.len() > MAX_PLAYERS {
        return Err(NoLegalPairing::TooManyPlayers(players.len()));
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    if players.is_empty() {
        return Ok(Pairing::default());
    }
    let layout = Layout::new(&players, played);
    let bits = layout.total + 4;
    macro_rules! run {
        ($w:ty) => {
            pair_with::<$w>(tournament, &players, layout, played)
        };
    }
    if bits <= 126 {
        run!(u128)
    } else if bits <= 256 {
        run!(Wide<4>)
    } else if bits <= 512 {
        run!(Wide<8>)
    } else if bits <= 1024 {
        run!(Wide<16>)
    } else if bits <= 2048 {
        run!(Wide<32>)
    } else if bits <= 4096 {
        run!(Wide<64>)
    } else {
        run!(Wide<160>)
    }
}

/// What the round's pairing needs everywhere.
struct Context<'a, W> {
    round: &'a Round<'a>,
    n: usize,
    bye_score: Points,
    /// C9 as set up before the first bracket: it then weighs the edges outside the
    /// brackets too.
    initial_single: bool,
    unplayed_ranks: HashMap<u32, u64>,
    not_candidate: Vec<bool>,
    _weight: std::marker::PhantomData<W>,
}

/// One bracket to pair: `bracket` holds the moved-down players, then the residents, then
/// the next score group.
struct Bracket<'b> {
    bracket: &'b [usize],
    moved_down: usize,
    residents_end: usize,
    group_start_vertex: usize,
    next_group_vertex: usize,
    single: bool,
}

/// The outcome of pairing one bracket.
struct Attempt<W> {
    pairs: Vec<(usize, usize)>,
    /// The other pairs of the last matching: those of the floaters and the next score
    /// group, which C8 weighed.
    lookahead: Vec<(usize, usize)>,
    carried: Vec<usize>,
    carried_moved_down: usize,
    carried_lower: HashMap<(usize, usize), W>,
    next_single: bool,
}

impl<W: Weight> Context<'_, W> {
    fn score(&self, v: usize) -> Points {
        self.round.players[v].score
    }

    #[allow(clippy::too_many_lines)]
    fn pair_bracket(
        &self,
        spec: &Bracket,
        carried_lower: &HashMap<(usize, usize), W>,
        paired: &[Option<usize>],
        full: bool,
    ) -> Attempt<W> {
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

/// Clears the completion field (the top of the weight) from `bits`.
fn strip_completion(bits: &mut Bits, offset: u32) {
    let limb = (offset / 64) as usize;
    let within = offset % 64;
    for (index, value) in bits.limbs.iter_mut().enumerate() {
        if index > limb {
            *value = 0;
        } else if index == limb {
            *value &= (1u64 << within) - 1;
        }
    }
}

/// The matching that keeps the round completable (C4) and finds the bye's score (C5):
/// everyone still to be paired, weighted by completion with an eligible bye, then the
/// lowest score for the bye, then pairs within the top score group.
struct Completion<'a> {
    round: &'a Round<'a>,
    dynamic: Dynamic<u128>,
}

impl<'a> Completion<'a> {
    fn new(round: &'a Round<'a>) -> Self {
        let players = round.players;
        let n = players.len();
        let mut levels: Vec<Points> = players.iter().map(|p| p.score).collect();
        levels.sort_unstable();
        levels.dedup();
        let level = |score: Points| levels.binary_search(&score).unwrap_or(0) as u128;
        let top = players.first().map_or(0, |p| p.score);
        let count_bits = u128::from(bits_for(n) + 1);
        let level_bits = u128::from(bits_for(n * levels.len().max(1)) + 1);
        let mut dynamic = Dynamic::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if !round.compatible(a, b) {
                    continue;
                }
                let completion =
                    1 + u128::from(!players[a].bye_eligible) + u128::from(!players[b].bye_eligible);
                let weight = (completion << (level_bits + count_bits))
                    | ((level(players[a].score) + level(players[b].score)) << count_bits)
                    | u128::from(players[b].score >= top);
                dynamic.set(a, b, weight);
            }
        }
        dynamic.solve();
        Completion { round, dynamic }
    }

    /// Whether everyone left is paired but for at most one eligible player, scoring at most
    /// `bye_score` when given.
    fn complete(&self, bye_score: Option<Points>) -> bool {
        self.complete_in(&self.dynamic, bye_score)
    }

    fn complete_in(&self, dynamic: &Dynamic<u128>, bye_score: Option<Points>) -> bool {
        let mates = dynamic.mates();
        let mut exposed = (0..mates.len()).filter(|&v| mates[v] == v && !dynamic.is_gone(v));
        match (exposed.next(), exposed.next()) {
            (None, _) => true,
            (Some(v), None) => {
                let player = &self.round.players[v];
                player.bye_eligible && bye_score.is_none_or(|score| player.score <= score)
            }
            _ => false,
        }
    }
}

fn pair_with<W: Weight>(
    tournament: &Tournament,
    players: &[Entrant],
    layout: Layout,
    played: usize,
) -> Result<Pairing, NoLegalPairing> {
    let n = players.len();
    let points = &tournament.points;
    let last_round = tournament
        .total_rounds
        .is_some_and(|total| played + 1 >= usize::from(total));
    let round = Round {
        players,
        layout,
        last_round,
        top_threshold: (played as Points * points.win.max(points.draw)) / 2,
        forbidden: &tournament.forbidden_pairs,
    };
    let score = |v: usize| players[v].score;
    let top_score = score(0);

    let mut completion = Completion::new(&round);
    if !completion.complete(None) {
        return Err(NoLegalPairing::Impossible);
    }
    let first = completion.dynamic.mates();
    let mut bye_score: Points = 0;
    let mut initial_single = false;
    let mut unplayed_ranks: HashMap<u32, u64> = HashMap::new();
    if n % 2 == 1 {
        let bye = (0..n).find(|&v| first[v] == v).unwrap_or(n - 1);
        bye_score = score(bye);
        if bye_score >= top_score {
            initial_single = (0..n)
                .take_while(|&v| score(v) >= top_score)
                .all(|v| score(first[v]) >= top_score);
        }
        let mut counts: Vec<u32> = players
            .iter()
            .filter(|p| p.score == bye_score)
            .map(|p| p.played_games)
            .collect();
        counts.sort_by(|a, b| b.cmp(a));
        for (rank, count) in counts.into_iter().enumerate() {
            unplayed_ranks.insert(count, rank as u64);
        }
    }
    let not_candidate: Vec<bool> = (0..n)
        .map(|v| !round.is_bye_candidate(v, bye_score))
        .collect();
    let context = Context::<W> {
        round: &round,
        n,
        bye_score,
        initial_single,
        unplayed_ranks,
        not_candidate,
        _weight: std::marker::PhantomData,
    };

    let mut paired: Vec<Option<usize>> = vec![None; n];
    let mut carried_lower: HashMap<(usize, usize), W> = HashMap::new();
    let mut bracket: Vec<usize> = (0..n).take_while(|&v| score(v) >= top_score).collect();
    let mut next_group_start = bracket.len();
    let mut moved_down = 0usize;
    let mut group_start_vertex = 0usize;
    let mut single = initial_single;
    while bracket.len() > 1 || next_group_start < n {
        let residents_end = bracket.len();
        let next_group_vertex = group_start_vertex + (residents_end - moved_down);
        let next_score = (next_group_start < n).then(|| score(next_group_start));
        while next_group_start < n && Some(score(next_group_start)) == next_score {
            bracket.push(next_group_start);
            next_group_start += 1;
        }
        let spec = Bracket {
            bracket: &bracket,
            moved_down,
            residents_end,
            group_start_vertex,
            next_group_vertex,
            single,
        };
        // The bracket alone is enough unless the players below matter to its criteria: when
        // there are none, or where the bye is at stake (C9, or the next bracket's C9).
        let bye_at_stake = n % 2 == 1 && next_score.is_some_and(|next| bye_score >= next);
        let mut full = next_group_start >= n || single || initial_single || bye_at_stake;
        let attempt = loop {
            let attempt = context.pair_bracket(&spec, &carried_lower, &paired, full);
            for &(a, b) in &attempt.pairs {
                completion.dynamic.remove_vertex(a);
                completion.dynamic.remove_vertex(b);
            }
            completion.dynamic.solve();
            let accepted = full || {
                let mut check = completion.dynamic.clone();
                for &(a, b) in &attempt.lookahead {
                    check.remove_vertex(a);
                    check.remove_vertex(b);
                }
                check.solve();
                completion.complete_in(&check, Some(bye_score))
            };
            if accepted {
                break attempt;
            }
            // The players below cannot absorb this bracket's floaters: pair it again with
            // everyone in view.
            for &(a, b) in &attempt.pairs {
                completion.dynamic.restore_vertex(a);
                completion.dynamic.restore_vertex(b);
            }
            full = true;
        };
        for &(a, b) in &attempt.pairs {
            paired[a] = Some(b);
            paired[b] = Some(a);
        }
        for (&(a, b), weight) in &attempt.carried_lower {
            if weight.is_zero() {
                completion.dynamic.set(a, b, 0);
            }
        }
        bracket = attempt.carried;
        moved_down = attempt.carried_moved_down;
        carried_lower = attempt.carried_lower;
        single = attempt.next_single;
        group_start_vertex = next_group_vertex;
    }

    let initial = tournament.initial_colour();
    let mut games: Vec<(usize, usize)> = Vec::new();
    let mut bye = None;
    for v in 0..n {
        match paired[v] {
            Some(mate) if v < mate => games.push((v, mate)),
            Some(_) => {}
            None => bye = Some(v),
        }
    }
    // Board order (C.04.2 3.6): the higher player's score, then the lower player's, then
    // the higher player's rank. Vertices are in rank order, so the first is the higher.
    games.sort_by(|&(a, b), &(c, d)| {
        score(c)
            .cmp(&score(a))
            .then(score(d).cmp(&score(b)))
            .then(a.cmp(&c))
    });
    let games = games
        .into_iter()
        .map(|(higher, lower)| {
            let colour = colour_for(&players[higher], &players[lower], true, initial);
            let (h, l) = (players[higher].id, players[lower].id);
            match colour {
                Colour::White => (h, l),
                Colour::Black => (l, h),
            }
        })
        .collect();
    Ok(Pairing {
        games,
        bye: bye.map(|v| players[v].id),
    })
}

fn score_bits_total(players: &[Entrant]) -> u32 {
    let mut counts: BTreeMap<Points, usize> = BTreeMap::new();
    for player in players {
        *counts.entry(player.score).or_default() += 1;
    }
    counts.values().map(|&count| bits_for(count)).sum()
}
