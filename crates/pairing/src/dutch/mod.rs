//! The FIDE (Dutch) Swiss system, FIDE Handbook C.04.3 as applied from 1 February 2026
//! (criteria C1–C21).
//!
//! The rules define the pairing as the best candidate by the criteria, ties going to the
//! candidate generated first (Articles 3–4), and leave the method free. This engine finds
//! it bracket by bracket from the top as a maximum-weight matching: each criterion is a
//! field of bits in the edge weights, in the rules' order of priority, so that the
//! heaviest matching is the best candidate. The generation order then decides among
//! equally good candidates, one decision at a time (which moved-down players are paired,
//! their opponents, the exchanges, each S1 player's opponent), each decision fixed by
//! re-solving with a small preference added. This is the method of bbpPairings, the
//! endorsed program the tests compare against, and its interpretation of the rules where
//! they leave room (C8 looks one bracket ahead at the number of pairs and their scores; C9
//! applies where the single downfloater gets the bye).
//!
//! bbpPairings keeps every player still to be paired in the graph, so that the round can
//! always be completed (C4). Here a bracket is paired in a graph of its own players and the
//! next score group only, and a separate matching of everyone left checks that the round
//! still completes around the pairs it made; when it does, no completable candidate
//! weighs more and the same one is generated, and when it does not, or where the bye's
//! criteria weigh players further down, the bracket is paired with everyone in the graph.

mod bracket;
mod colour;
mod completion;
mod dynamic;
mod engine;
mod entrant;
/// The static blossom algorithm, the reference the dynamic one is tested against.
#[cfg(test)]
mod matching;
mod weights;
mod wide;

use crate::tournament::{PlayerId, Tournament};

/// A round's pairing: games by board as (white, black) pairing numbers, and the player who
/// gets the pairing-allocated bye.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pairing {
    pub games: Vec<(PlayerId, PlayerId)>,
    pub bye: Option<PlayerId>,
}

/// Why the next round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoLegalPairing {
    #[error("no pairing of the round satisfies the absolute criteria (C1–C3)")]
    Impossible,
    #[error("the tournament's {0} rounds are all paired")]
    TournamentOver(u16),
    #[error("{0} players is more than the engine pairs")]
    TooManyPlayers(usize),
}

/// The most players one round pairs (the TRF's pairing numbers go to 9999).
pub const MAX_PLAYERS: usize = 9999;

/// Pairs the next round of a Swiss tournament by the Dutch system.
pub fn pair_next_round(tournament: &Tournament) -> Result<Pairing, NoLegalPairing> {
    engine::pair(tournament)
}
