//! What a use case answers: words, maybe a picture or a file, who to ping, buttons.

use crate::ids::{GameId, UserId};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Markdown; users appear as mentions (`<@id>`), which front ends show as names.
    pub text: String,
    /// The board, as PNG.
    pub image: Option<Attachment>,
    /// A text file (an export).
    pub file: Option<Attachment>,
    /// Exactly the users to notify; nobody else is pinged.
    pub pings: Vec<UserId>,
    pub buttons: Vec<Button>,
    /// Shown only to the caller.
    pub ephemeral: bool,
    /// A new game wants its own thread.
    pub thread: Option<ThreadRequest>,
}

impl Reply {
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// A button; its id says what pressing it does (`challenge:accept:7`, `draw:accept:12`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
}

impl Button {
    pub fn new(id: impl Into<String>, label: impl Into<String>, style: ButtonStyle) -> Button {
        Button {
            id: id.into(),
            label: label.into(),
            style,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadRequest {
    pub game: GameId,
    pub name: String,
}
