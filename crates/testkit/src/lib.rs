//! What boardpost's tests, benches and examples share, so that none of them includes
//! another's files: a table over a real database on either backend ([`world`]), a
//! strict fake Discord the real serenity client talks to ([`fake_discord`], with
//! Discord's limits in [`discord_rules`]), the busiest board of every game
//! ([`boards`]), sample crosstables ([`crosstables`]) and tournaments made through the
//! table ([`tournaments`]).
#![allow(dead_code)]

pub mod boards;
pub mod crosstables;
pub mod discord_rules;
pub mod fake_discord;
pub mod tournaments;
pub mod world;
