//! The FIDE (Dutch) Swiss system, FIDE Handbook C.04.3 as applied from 1 February 2026
//! (criteria C1–C21).

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
    #[error("the engine is not written yet")]
    NotImplemented,
}

pub fn pair_next_round(tournament: &Tournament) -> Result<Pairing, NoLegalPairing> {
    let _ = tournament;
    Err(NoLegalPairing::NotImplemented)
}
