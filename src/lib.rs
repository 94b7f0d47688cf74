//! boardpost: correspondence play of traditional board games on Discord.
//!
//! Layers (see DESIGN.md): [`games`] holds the pure rules; the front ends speak to them
//! through [`games::AnyGame`].

pub mod config;
pub mod games;
pub mod render;
pub mod replay;
