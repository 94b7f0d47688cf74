//! The pairing crate's tests, one binary so that it is linked once.
//!
//! - `berger`, `trf`, `tiebreak`: Berger tables, TRF-16 files, tie-breaks and the
//!   withdrawal rule.
//! - `dutch`: the Dutch system on small tournaments worked out by hand.
//! - `bbp`: the Dutch engine against the endorsed program, when `BOARDPOST_BBP` names it.

mod bbp;
mod berger;
mod dutch;
mod tiebreak;
mod trf;
