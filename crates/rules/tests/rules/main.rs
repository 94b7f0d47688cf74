//! The rules of every game, in one test binary: the scenario files (`tests/scenarios/`,
//! one test per rule of docs/rules.md), input read leniently and refused with a reason
//! (property tests), random playouts checked against the rules, and xiangqi's perft.

#[macro_use]
extern crate boardpost_scenarios;
use boardpost_scenarios as scenario;

mod banglagor_input;
mod banglagor_playouts;
mod banglagor_rules;
mod sidja_input;
mod sidja_playouts;
mod sidja_rules;
mod xiangqi4_input;
mod xiangqi4_playouts;
mod xiangqi4_rules;
mod xiangqi_input;
mod xiangqi_perft;
mod xiangqi_playouts;
mod xiangqi_rules;
mod yote_input;
mod yote_playouts;
mod yote_rules;
