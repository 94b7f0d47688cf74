//! Choosing a game and its options by name, as `/play` and `boardpost replay` do.

use thiserror::Error;

/// A game name or option that is not one of ours. The messages list what is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("there is no game called “{0}”: choose one of {games}", games = super::GameKind::names().join(", "))]
    UnknownGame(String),
    #[error("{game} takes no options (got “{key}”)")]
    NoOptions { game: &'static str, key: String },
    #[error("{game} has no option “{key}”: its options are {known}")]
    UnknownOption {
        game: &'static str,
        key: String,
        known: String,
    },
    #[error("option {key}={value} is not allowed: {key} is one of {allowed}")]
    BadValue {
        key: &'static str,
        value: String,
        allowed: String,
    },
    #[error(
        "option {key}={value} is for {needs_value} only: add {needs_key}={needs_value}, or leave {key} out"
    )]
    OnlyFor {
        key: &'static str,
        value: String,
        needs_key: &'static str,
        needs_value: &'static str,
    },
    #[error("option {key} is given twice: give each option once")]
    Duplicate { key: &'static str },
    #[error("option “{0}” should be written KEY=VALUE, like size=7")]
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
