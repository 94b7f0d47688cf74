//! Tie-breaks of the FIDE Tie-Break Regulations (Handbook C.07, the edition applied from
//! 1 March 2026; its Article 16 on unplayed rounds is the one of the 2023 edition).
//!
//! Values are exact integers: points in tenths, Sonneborn–Berger in hundredths.
//!
//! Unplayed rounds in a Swiss (Art. 16):
//! - as an opponent, a participant's score is their points, except that a requested bye
//!   (half- or zero-point bye, or an absence) followed only by voluntarily unplayed rounds,
//!   or in the last round, counts as a draw (16.3, category 16.2.5);
//! - in the participant's own Buchholz and Sonneborn–Berger, an unplayed round is a game
//!   against a dummy whose score is the participant's own, but at most the scheduled
//!   opponent's adjusted score for a forfeit and at most a draw a round otherwise (16.4);
//! - Cut-1 drops the lowest contribution of a voluntarily unplayed round (a requested bye or
//!   a forfeit loss) where there is one, otherwise the lowest contribution (16.5).
//!
//! In a round-robin (pre-determined pairings) forfeits are regular games (15.2) and no
//! dummy is used: an unplayed round counts nothing.

use crate::tournament::{GameResult, PlayerId, Points, RoundEntry, Tournament};

/// Which tie-break, in the order the organiser lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// Sonneborn–Berger (Art. 9.1).
    SonnebornBerger,
    /// Direct encounter among the players tied on everything listed before it (Art. 6).
    DirectEncounter,
    /// Rounds that scored a win's points, with or without playing (Art. 7.1, WIN).
    Wins,
    /// Buchholz (Art. 8.1).
    Buchholz,
    /// Buchholz without its least significant contribution (Art. 14.1, BH/C1).
    BuchholzCut1,
}

/// What kind of event the results come from: Art. 16 applies to Swiss events only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    RoundRobin,
    Swiss,
}

/// One player's place in the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub player: PlayerId,
    pub score: Points,
    /// One value per requested tie-break: tenths of a point, hundredths for
    /// Sonneborn–Berger, a count for wins.
    pub tie_breaks: Vec<i64>,
}

fn entry(tournament: &Tournament, player: usize, round: usize) -> RoundEntry {
    tournament.players[player]
        .rounds
        .get(round)
        .copied()
        .unwrap_or(RoundEntry::Absent)
}

fn is_requested_bye(entry: &RoundEntry) -> bool {
    matches!(
        entry,
        RoundEntry::HalfBye | RoundEntry::ZeroBye | RoundEntry::Absent
    )
}

/// A voluntarily unplayed round: a requested bye or a forfeit loss.
fn is_voluntarily_unplayed(entry: &RoundEntry) -> bool {
    is_requested_bye(entry) || matches!(entry, RoundEntry::Forfeit { won: false, .. })
}

/// Tie-break computations over a finished (or partly played) event.
pub struct TieBreaks<'a> {
    tournament: &'a Tournament,
    format: Format,
    rounds: usize,
    scores: Vec<Points>,
    adjusted: Vec<Points>,
}

impl<'a> TieBreaks<'a> {
    /// Over the first `rounds` rounds.
    pub fn new(tournament: &'a Tournament, format: Format, rounds: usize) -> Self {
        let points = &tournament.points;
        let count = tournament.players.len();
        let scores: Vec<Points> = tournament
            .players
            .iter()
            .map(|player| player.score(points, rounds))
            .collect();
        let mut adjusted = scores.clone();
        if format == Format::Swiss {
            for (player, adjusted) in adjusted.iter_mut().enumerate().take(count) {
                for round in 0..rounds {
                    let this = entry(tournament, player, round);
                    if !is_requested_bye(&this) {
                        continue;
                    }
                    let only_voluntary_after = (round + 1..rounds)
                        .all(|later| is_voluntarily_unplayed(&entry(tournament, player, later)));
                    if only_voluntary_after {
                        *adjusted = *adjusted - points.points(&this) + points.draw;
                    }
                }
            }
        }
        TieBreaks {
            tournament,
            format,
            rounds,
            scores,
            adjusted,
        }
    }

    pub fn score(&self, player: PlayerId) -> Points {
        self.scores[usize::from(player) - 1]
    }

    /// Each round's contribution to Buchholz, and whether it came from a voluntarily
    /// unplayed round; with the points scored in the round, for Sonneborn–Berger.
    fn contributions(&self, player: PlayerId) -> Vec<(Points, bool, Points)> {
        let index = usize::from(player) - 1;
        let points = &self.tournament.points;
        let own = self.scores[index];
        let mut out = Vec::with_capacity(self.rounds);
        for round in 0..self.rounds {
            let this = entry(self.tournament, index, round);
            let scored = points.points(&this);
            let opponent = this.opponent().map(|id| usize::from(id) - 1);
            let counts_as_game = this.was_played()
                || (self.format == Format::RoundRobin
                    && matches!(this, RoundEntry::Forfeit { .. }));
            let value = match (counts_as_game, opponent) {
                (true, Some(opponent)) => match self.format {
                    Format::Swiss => self.adjusted[opponent],
                    Format::RoundRobin => self.scores[opponent],
                },
                _ if self.format == Format::RoundRobin => 0,
                (_, Some(opponent)) => own.min(self.adjusted[opponent]),
                (_, None) => own.min(points.draw * self.rounds as Points),
            };
            out.push((value, is_voluntarily_unplayed(&this), scored));
        }
        out
    }

    pub fn buchholz(&self, player: PlayerId) -> i64 {
        self.contributions(player)
            .iter()
            .map(|&(value, _, _)| i64::from(value))
            .sum()
    }

    pub fn buchholz_cut1(&self, player: PlayerId) -> i64 {
        let contributions = self.contributions(player);
        let voluntary = contributions.iter().filter(|c| c.1).map(|c| c.0).min();
        let lowest = voluntary.or_else(|| contributions.iter().map(|c| c.0).min());
        self.buchholz(player) - lowest.map_or(0, i64::from)
    }

    /// In hundredths of a point: Σ opponent's score × the share of a win scored against them.
    pub fn sonneborn_berger(&self, player: PlayerId) -> i64 {
        let win = i64::from(self.tournament.points.win.max(1));
        self.contributions(player)
            .iter()
            .map(|&(value, _, scored)| 10 * i64::from(value) * i64::from(scored) / win)
            .sum()
    }

    /// Rounds that scored a win's points, played or not.
    pub fn wins(&self, player: PlayerId) -> i64 {
        let index = usize::from(player) - 1;
        let points = &self.tournament.points;
        (0..self.rounds)
            .filter(|&round| {
                let this = entry(self.tournament, index, round);
                match this {
                    RoundEntry::Played { result, .. } => result == GameResult::Win,
                    _ => points.points(&this) >= points.win && points.win > 0,
                }
            })
            .count() as i64
    }

    /// Direct encounter within `group` (tied players): the points each scored in games
    /// against the others, when every two of them met over the board; `None` when some
    /// did not, and the tie-break does not apply.
    pub fn direct_encounter(&self, group: &[PlayerId]) -> Option<Vec<i64>> {
        let points = &self.tournament.points;
        let mut met = vec![vec![false; group.len()]; group.len()];
        let mut totals = vec![0i64; group.len()];
        for (i, &player) in group.iter().enumerate() {
            let index = usize::from(player) - 1;
            for round in 0..self.rounds {
                let this = entry(self.tournament, index, round);
                let counts = this.was_played()
                    || (self.format == Format::RoundRobin
                        && matches!(this, RoundEntry::Forfeit { .. }));
                if !counts {
                    continue;
                }
                let Some(opponent) = this.opponent() else {
                    continue;
                };
                if let Some(j) = group.iter().position(|&other| other == opponent) {
                    met[i][j] = true;
                    totals[i] += i64::from(points.points(&this));
                }
            }
        }
        let all_met = (0..group.len()).all(|i| (0..group.len()).all(|j| i == j || met[i][j]));
        all_met.then_some(totals)
    }

    /// Standings over all players: score, then the tie-breaks in order; ties left after
    /// them keep pairing-number order (the regulations leave them to lots).
    pub fn standings(&self, order: &[TieBreak]) -> Vec<Standing> {
        let mut standings: Vec<Standing> = self
            .tournament
            .players
            .iter()
            .map(|player| Standing {
                player: player.id,
                score: self.score(player.id),
                tie_breaks: Vec::with_capacity(order.len()),
            })
            .collect();
        standings.sort_by(|a, b| b.score.cmp(&a.score).then(a.player.cmp(&b.player)));
        for &tie_break in order {
            if tie_break == TieBreak::DirectEncounter {
                // Applied to each group tied on everything so far.
                let mut start = 0;
                while start < standings.len() {
                    let mut end = start + 1;
                    while end < standings.len()
                        && standings[end].score == standings[start].score
                        && standings[end].tie_breaks == standings[start].tie_breaks
                    {
                        end += 1;
                    }
                    let group: Vec<PlayerId> =
                        standings[start..end].iter().map(|s| s.player).collect();
                    let values = if group.len() > 1 {
                        self.direct_encounter(&group)
                    } else {
                        None
                    };
                    for (offset, standing) in standings[start..end].iter_mut().enumerate() {
                        standing
                            .tie_breaks
                            .push(values.as_ref().map_or(0, |values| values[offset]));
                    }
                    start = end;
                }
            } else {
                for standing in &mut standings {
                    let value = match tie_break {
                        TieBreak::SonnebornBerger => self.sonneborn_berger(standing.player),
                        TieBreak::Wins => self.wins(standing.player),
                        TieBreak::Buchholz => self.buchholz(standing.player),
                        TieBreak::BuchholzCut1 => self.buchholz_cut1(standing.player),
                        TieBreak::DirectEncounter => 0,
                    };
                    standing.tie_breaks.push(value);
                }
            }
            standings.sort_by(|a, b| {
                b.score
                    .cmp(&a.score)
                    .then_with(|| b.tie_breaks.cmp(&a.tie_breaks))
                    .then(a.player.cmp(&b.player))
            });
        }
        standings
    }
}
