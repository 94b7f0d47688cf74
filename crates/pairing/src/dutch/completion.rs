//! Whether the rest of the round can still be paired (C4), and the lowest score the
//! pairing-allocated bye can go to (C5). The brackets are paired in small graphs of their
//! own; this matching of all the players left is what tells them that the players below
//! can take whoever they leave unpaired.

use super::dynamic::Dynamic;
use super::weights::{bits_for, Round};
use super::wide::Weight;
use crate::tournament::Points;

/// A matching of everyone still to be paired, weighted by completion with an eligible
/// player left for the bye, then by the lowest score for the bye, then by pairs within the
/// top score group.
pub(super) struct Completion<'a> {
    round: &'a Round<'a>,
    dynamic: Dynamic<u128>,
}

impl<'a> Completion<'a> {
    pub(super) fn new(round: &'a Round<'a>) -> Self {
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

    /// Each player's partner (itself when unpaired or gone).
    pub(super) fn mates(&self) -> Vec<usize> {
        self.dynamic.mates()
    }

    /// Whether everyone left is paired but for at most one eligible player, scoring at most
    /// `bye_score` when given.
    pub(super) fn complete(&self, bye_score: Option<Points>) -> bool {
        self.complete_in(&self.dynamic, bye_score)
    }

    /// Takes the players of `pairs` out of the round.
    pub(super) fn remove(&mut self, pairs: &[(usize, usize)]) {
        for &(a, b) in pairs {
            self.dynamic.remove_vertex(a);
            self.dynamic.remove_vertex(b);
        }
        self.dynamic.solve();
    }

    /// Brings back the players of `pairs`, taken out by `remove` (the matching is solved
    /// again by the next `remove`).
    pub(super) fn restore(&mut self, pairs: &[(usize, usize)]) {
        for &(a, b) in pairs {
            self.dynamic.restore_vertex(a);
            self.dynamic.restore_vertex(b);
        }
    }

    /// Whether the round would still be complete with `pairs` taken out as well (on a
    /// copy: the pairs are only being considered).
    pub(super) fn complete_without(&self, pairs: &[(usize, usize)], bye_score: Points) -> bool {
        if pairs.is_empty() {
            return self.complete(Some(bye_score));
        }
        let mut copy = self.dynamic.clone();
        for &(a, b) in pairs {
            copy.remove_vertex(a);
            copy.remove_vertex(b);
        }
        copy.solve();
        self.complete_in(&copy, Some(bye_score))
    }

    /// The players of each pair may no longer meet this round.
    pub(super) fn forbid(&mut self, pairs: impl IntoIterator<Item = (usize, usize)>) {
        let mut changed = false;
        for (a, b) in pairs {
            if !self.dynamic.weight(a, b).is_zero() {
                self.dynamic.set(a, b, 0);
                changed = true;
            }
        }
        if changed {
            self.dynamic.solve();
        }
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
