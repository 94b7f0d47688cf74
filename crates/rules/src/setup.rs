//! Choosing a game and its options by name, as `/play` and `boardpost replay` do.

use super::{token, GameKind};

/// A game name or option that is not one of ours. The bot's words list what is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("there is no game called “{}”", token(.0))]
    UnknownGame(String),
    #[error("{game} takes no options (got “{}”)", token(.key))]
    NoOptions { game: GameKind, key: String },
    #[error("{game} has no option “{}”", token(.key))]
    UnknownOption { game: GameKind, key: String },
    #[error("option {key}={} is not allowed: {key} is one of {allowed}", token(.value))]
    BadValue {
        key: &'static str,
        value: String,
        allowed: String,
    },
    #[error("option {key}={} is for {needs_key}={needs_value} only", token(.value))]
    OnlyFor {
        key: &'static str,
        value: String,
        needs_key: &'static str,
        needs_value: &'static str,
    },
    #[error("option {key} is given twice")]
    Duplicate { key: &'static str },
    #[error("option “{}” should be written KEY=VALUE", token(.0))]
    NotKeyValue(String),
}

/// Splits `key=value`, trimming blanks and lowering the case of both sides.
pub fn key_value(text: &str) -> Result<(String, String), SetupError> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| SetupError::NotKeyValue(text.to_string()))?;
    let (key, value) = (key.trim(), value.trim());
    if key.is_empty() || value.is_empty() {
        return Err(SetupError::NotKeyValue(text.to_string()));
    }
    Ok((key.to_ascii_lowercase(), value.to_ascii_lowercase()))
}
