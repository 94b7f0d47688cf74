//! Classical xiangqi (RULES.md §4), and the vocabulary the four-player game shares with
//! it: piece kinds ([`kind`]) and move patterns ([`pattern`]).

pub mod kind;
pub mod pattern;

pub use kind::{ByKind, Kind};
