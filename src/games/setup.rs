//! Choosing a game and its options by name, as `/play` and `boardpost replay` do.

use super::GameKind;

/// A game name or option that is not one of ours. The messages (`crate::i18n`) list what
/// is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    UnknownGame(String),
    NoOptions {
        game: GameKind,
        key: String,
    },
    UnknownOption {
        game: GameKind,
        key: String,
    },
    BadValue {
        key: &'static str,
        value: String,
        allowed: String,
    },
    OnlyFor {
        key: &'static str,
        value: String,
        needs_key: &'static str,
        needs_value: &'static str,
    },
    Duplicate {
        key: &'static str,
    },
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
