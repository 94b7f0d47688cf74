//! Tournament pairings by the FIDE rules, with no dependency on the bot: the Berger tables
//! of round-robins (C.05), the Dutch Swiss system (C.04.3), FIDE's TRF-16 report format,
//! tie-breaks (C.07) and the withdrawal rule of round-robin events.

pub mod berger;
pub mod dutch;
pub mod output;
pub mod tiebreak;
pub mod tournament;
pub mod trf;
pub mod withdrawal;

pub use dutch::{pair_next_round, NoLegalPairing, Pairing};
pub use tournament::{Colour, GameResult, Player, PlayerId, PointSystem, RoundEntry, Tournament};
