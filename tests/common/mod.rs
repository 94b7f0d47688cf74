//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod discord_rules;
pub mod fake_discord;
pub mod world;
