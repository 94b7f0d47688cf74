//! The pairing crate's tests, one binary so that it is linked once.
//!
//! - `berger`, `trf`, `tiebreak`: Berger tables, TRF-16 files, tie-breaks and the
//!   withdrawal rule.
//! - `dutch`: the Dutch system on small tournaments worked out by hand.
//! - `handbook`: the FIDE Handbook's worked examples of the Dutch system.
//! - `recorded`: the Dutch engine against pairings recorded from the endorsed program.
//! - `rules`: the absolute criteria C1–C3 on every round the engine pairs.
//! - `bbp`: the Dutch engine against the endorsed program itself, when `BOARDPOST_BBP`
//!   names it.
//! - `support`: random tournaments reproduced from a seed.

mod bbp;
mod berger;
mod dutch;
mod handbook;
mod recorded;
mod rules;
mod support;
mod tiebreak;
mod trf;
