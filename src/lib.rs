//! boardpost: correspondence play of traditional board games on Discord.
//!
//! Layers (README.md, "Layout"): [`games`] holds the pure rules (the `boardpost-rules`
//! crate, `crates/rules`); the front ends speak to them through [`games::AnyGame`], and
//! [`i18n`] puts what the engines report into words.

pub mod ai;
pub mod clock;
pub mod config;
pub mod discord;
pub mod i18n;
pub mod ids;
pub mod learn;
pub mod local;
pub mod memory;
pub mod ops;
pub mod puzzle;
pub mod rating;
pub mod render;
pub mod replay;
pub mod store;
pub mod table;

pub use boardpost_rules as games;
