//! What pairing needs to know about each player: score, colours (C.04.3 1.6–1.7), floats
//! (1.4) and bye eligibility (C2).

use std::collections::HashSet;

use crate::tournament::{Colour, PlayerId, Points, RoundEntry, Tournament};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    Down,
    Up,
    None,
}

/// A player to be paired in the next round.
#[derive(Debug, Clone)]
pub struct Entrant {
    pub id: PlayerId,
    /// Position among the players who count for the round (those paired in some round or
    /// to be paired now), by pairing number: colour rule 5.2.5's pairing-number parity.
    pub rank: usize,
    pub score: Points,
    /// |games as white − games as black|.
    pub imbalance: u32,
    pub preference: Option<Colour>,
    /// The colour of the last two played games when they were the same.
    pub repeated: Option<Colour>,
    pub strong: bool,
    pub bye_eligible: bool,
    pub played_games: u32,
    /// Float received one and two rounds ago.
    pub floats: [Float; 2],
    /// Colours of played games, most recent first (for colour rule 5.2.3).
    pub history: Vec<Colour>,
    pub opponents: HashSet<PlayerId>,
}

impl Entrant {
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

fn entry(tournament: &Tournament, player: usize, round: usize) -> RoundEntry {
    tournament.players[player]
        .rounds
        .get(round)
        .copied()
        .unwrap_or(RoundEntry::Absent)
}

/// The score of player `index` before round `round` (0-based).
pub fn score_before(tournament: &Tournament, index: usize, round: usize) -> Points {
    (0..round)
        .map(|r| tournament.points.points(&entry(tournament, index, r)))
        .sum()
}

/// Builds the entrant for player `index`, with `played` rounds played.
pub fn entrant(tournament: &Tournament, index: usize, played: usize) -> Entrant {
    let player = &tournament.players[index];
    let points = &tournament.points;
    let mut whites = 0u32;
    let mut blacks = 0u32;
    let mut run = 0u32;
    let mut last: Option<Colour> = None;
    let mut history = Vec::new();
    let mut opponents = HashSet::new();
    let mut bye_eligible = true;
    for round in 0..played {
        let this = entry(tournament, index, round);
        match this {
            RoundEntry::Played {
                opponent, colour, ..
            } => {
                opponents.insert(opponent);
                match colour {
                    Colour::White => whites += 1,
                    Colour::Black => blacks += 1,
                }
                if run == 0 || last != Some(colour) {
                    run = 1;
                } else {
                    run += 1;
                }
                last = Some(colour);
                history.push(colour);
            }
            RoundEntry::PairingBye => bye_eligible = false,
            _ => {
                if points.points(&this) >= points.win {
                    bye_eligible = false;
                }
            }
        }
    }
    history.reverse();
    let lower = if whites > blacks {
        Colour::Black
    } else {
        Colour::White
    };
    let imbalance = whites.abs_diff(blacks);
    let preference = if imbalance > 1 {
        Some(lower)
    } else if run > 1 {
        last.map(Colour::opposite)
    } else if imbalance > 0 {
        Some(lower)
    } else if run > 0 {
        last.map(Colour::opposite)
    } else {
        None
    };
    let repeated = if run > 1 { last } else { None };
    let absolute = imbalance > 1 || repeated.is_some();
    let float = |back: usize| -> Float {
        if played < back {
            return Float::None;
        }
        let round = played - back;
        let this = entry(tournament, index, round);
        match this {
            RoundEntry::Played { opponent, .. } => {
                let own = score_before(tournament, index, round);
                let theirs = score_before(tournament, usize::from(opponent) - 1, round);
                match own.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
            _ if points.points(&this) > points.loss => Float::Down,
            _ => Float::None,
        }
    };
    Entrant {
        id: player.id,
        rank: 0,
        score: player.score(points, played),
        imbalance,
        preference,
        repeated,
        strong: !absolute && imbalance > 0,
        bye_eligible,
        played_games: whites + blacks,
        floats: [float(1), float(2)],
        history,
        opponents,
    }
}
