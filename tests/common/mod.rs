//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod scenario;
pub mod world;
