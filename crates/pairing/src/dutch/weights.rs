//! The pairing criteria as fields of an edge weight: completion (C4) at the top, then C6
//! to C21 in the rules' order, then room for the generation-order preferences, so that
//! the heaviest matching is the best candidate.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::entrant::{Entrant, Float};
use super::wide::{Bits, Weight};
use crate::tournament::{Colour, PlayerId, Points};

/// Bits needed to write `value` (0 for 0).
pub(super) fn bits_for(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// Where each criterion's field lies in an edge weight (bit offsets from the bottom).
pub(super) struct Layout {
    pub(super) group_bits: u32,
    score_shift: HashMap<Points, u32>,
    played: usize,
    /// Offsets, named by criterion.
    pub(super) completion: u32,
    c6: u32,
    c7: u32,
    c8_pairs: u32,
    c8_scores: u32,
    c9: u32,
    colours: [u32; 4],
    floats: [u32; 4],
    float_scores: [u32; 4],
    /// Bits of the whole weight (the completion field holds at most 3 a pair).
    pub(super) total: u32,
}

impl Layout {
    pub(super) fn new(players: &[Entrant], played: usize) -> Layout {
        // Score levels from the lowest up, each wide enough to count its players.
        let mut counts: BTreeMap<Points, usize> = BTreeMap::new();
        for player in players {
            *counts.entry(player.score).or_default() += 1;
        }
        let mut score_shift = HashMap::new();
        let mut score_bits = 0u32;
        for (&score, &count) in &counts {
            score_shift.insert(score, score_bits);
            score_bits += bits_for(count);
        }
        // bbpPairings sizes the counting fields by the largest score group; a bracket with
        // its moved-down players and the next group can hold more pairs than that, and the
        // sums then carry into the criteria above (even into completion: the bye can go to
        // a player who already had one). Fields wide enough for every player never carry.
        let g = bits_for(players.len()).max(1);
        let s = score_bits;
        // From the bottom up, the reverse of the priority order.
        let mut offset = 0u32;
        let mut take = |width: u32| {
            let at = offset;
            offset += width;
            at
        };
        // The generation-order decisions (the last pair, the pairs, the exchanges, the
        // first) add small values here; the bracket code knows these offsets.
        let _order = take(1 + 3 * g);
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
            total: completion + 2,
        }
    }

    fn shift(&self, score: Points) -> u32 {
        self.score_shift[&score]
    }
}

/// Facts about the round that every weight needs.
pub(super) struct Round<'a> {
    pub(super) players: &'a [Entrant],
    pub(super) layout: Layout,
    /// C3's exception: in the last round, absolute preferences of players above half the
    /// maximum score may clash.
    pub(super) last_round: bool,
    pub(super) top_threshold: Points,
    pub(super) forbidden: &'a BTreeSet<(PlayerId, PlayerId)>,
}

impl Round<'_> {
    /// C1, C3 and the organiser's forbidden pairs.
    pub(super) fn compatible(&self, a: usize, b: usize) -> bool {
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

    pub(super) fn is_bye_candidate(&self, player: usize, bye_score: Points) -> bool {
        let p = &self.players[player];
        p.bye_eligible && p.score <= bye_score
    }

    /// The weight of the pair (`higher`, `lower`), `higher` ranked above `lower`, as bits.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn edge_bits(
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

/// `value` in the lowest bits, for the generation-order preferences.
pub(super) fn small<W: Weight>(value: u64) -> W {
    let mut bits = Bits::with_width(W::BITS);
    bits.add_at(0, value);
    W::from_bits(&bits)
}

/// Clears the completion field (the top of the weight) from `bits`.
pub(super) fn strip_completion(bits: &mut Bits, offset: u32) {
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
