//! boardpost: correspondence play of traditional board games on Discord.
//!
//! Layers (README.md, "Layout"): [`games`] holds the pure rules; the front ends speak to
//! them through [`games::AnyGame`].

pub mod ai;
pub mod clock;
pub mod config;
pub mod discord;
pub mod games;
pub mod i18n;
pub mod ids;
pub mod local;
pub mod memory;
pub mod ops;
pub mod rating;
pub mod render;
pub mod replay;
pub mod store;
pub mod table;
