//! Endings by the service's rules rather than the board's: resignation, time running
//! out, and a draw every player agreed to. They are entries of a game's log like its
//! actions, applied and replayed by the engine, so the outcome, the standings and the
//! record come from the engine alone.

use super::{Reason, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A player resigns: they lose a game of two, and leave a game of four.
    Resign,
    /// A player's time for a move ran out: as a resignation.
    Timeout,
    /// Every player still in agreed to a draw.
    AgreedDraw,
}

impl Ending {
    pub const ALL: [Ending; 3] = [Ending::Resign, Ending::Timeout, Ending::AgreedDraw];

    /// The text of the ending in a game's log. No game has an action of these names,
    /// so an ending is never read as a move.
    pub const fn as_str(self) -> &'static str {
        match self {
            Ending::Resign => "resign",
            Ending::Timeout => "timeout",
            Ending::AgreedDraw => "draw",
        }
    }

    /// The reason an outcome or an elimination gives for it.
    pub const fn reason(self) -> Reason {
        match self {
            Ending::Resign => Reason::Resigned,
            Ending::Timeout => Reason::Timeout,
            Ending::AgreedDraw => Reason::Agreed,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is not an ending's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("“{}” is not resign, timeout or draw", crate::token(.0))]
pub struct NotAnEnding(pub String);

impl FromStr for Ending {
    type Err = NotAnEnding;

    fn from_str(text: &str) -> Result<Ending, NotAnEnding> {
        Ending::ALL
            .into_iter()
            .find(|e| e.as_str() == text)
            .ok_or_else(|| NotAnEnding(text.to_string()))
    }
}

/// An ending applied to a game: by whom, and after how many history entries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndingAt {
    pub ply: usize,
    pub seat: Seat,
    pub ending: Ending,
}
