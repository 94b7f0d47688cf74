//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod fake_discord;
pub mod scenario;
pub mod world;
pub mod xiangqi4_scenario;
pub mod xiangqi_scenario;
