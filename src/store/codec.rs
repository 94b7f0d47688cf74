//! How typed values are kept in the database's text columns: a game's options, its
//! position (the snapshot cache) and its outcome. Everything written is read back by the
//! same module; what cannot be read is an error for the caller to report with the row's
//! id, never a silent default.

use crate::games::{AnyGame, GameOptions, Outcome};
use serde::{Deserialize, Serialize};

/// Options as stored: a JSON array of the effective `key=value` texts, defaults
/// included, so a game reads back with exactly its own options.
pub fn encode_options(options: &GameOptions) -> String {
    let pairs: Vec<String> = options
        .values()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    serde_json::Value::from(pairs).to_string()
}

/// The `key=value` texts of stored options, for [`GameOptions::parse`] to check.
pub fn decode_options(text: &str) -> Result<Vec<String>, String> {
    serde_json::from_str::<Vec<String>>(text).map_err(|e| format!("{e} in {}", clip(text)))
}

/// The position as stored (a cache of options and log).
pub fn encode_state(game: &AnyGame) -> String {
    // The engines' states are plain data (no maps with non-text keys), which always
    // serialize; should one ever fail, an empty text reads back as "no cache".
    serde_json::to_string(game).unwrap_or_default()
}

/// The cached position, if it can be read; `None` means "replay the log".
pub fn decode_state(text: &str) -> Option<AnyGame> {
    serde_json::from_str(text).ok()
}

/// What defines a game, as entry 0 of its record holds it: its kind, options and seats,
/// written when the game is made. The game row and the seats are checked against it, so
/// that a change of one row cannot silently make the record another game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Definition {
    pub kind: String,
    /// The `key=value` texts, as the game row keeps them.
    pub options: Vec<String>,
    /// User ids by seat: `seats[0]` is seat 1.
    pub seats: Vec<u64>,
    /// The seats the bot plays, by seat number, with its level.
    pub bots: Vec<(u8, u8)>,
}

pub fn encode_definition(definition: &Definition) -> String {
    serde_json::to_string(definition).unwrap_or_default()
}

pub fn decode_definition(text: &str) -> Result<Definition, String> {
    serde_json::from_str(text).map_err(|e| format!("{e} in {}", clip(text)))
}

pub fn encode_outcome(outcome: &Outcome) -> String {
    serde_json::to_string(outcome).unwrap_or_default()
}

pub fn decode_outcome(text: &str) -> Result<Outcome, String> {
    serde_json::from_str(text).map_err(|e| format!("{e} in {}", clip(text)))
}

/// A stored text cut for an error message.
fn clip(text: &str) -> String {
    let cut: String = text.chars().take(60).collect();
    if cut.len() < text.len() {
        format!("“{cut}…”")
    } else {
        format!("“{cut}”")
    }
}
