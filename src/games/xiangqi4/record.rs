//! The game's record: each action with who made it, what it captured and whom it put in
//! check, so replies, menus and images can say what happened.

use super::action::Action;
use super::army::Army;
use crate::games::xiangqi::Kind;
use crate::games::{Seat, Square};
use serde::{Deserialize, Serialize};

/// An action kept as its canonical text.
pub use crate::games::notation::ActionText;

impl crate::games::notation::Canonical for Action {
    const GAME: &'static str = "xiangqi4";

    fn from_canonical(text: &str) -> Option<Action> {
        Action::parse(text).ok()
    }
}

/// A captured piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taken {
    pub at: Square,
    pub seat: Seat,
    pub kind: Kind,
}

impl Taken {
    /// "Yellow's cannon on m17".
    pub fn words(&self) -> String {
        format!(
            "{}'s {} on {}",
            Army::of(self.seat),
            self.kind.name(),
            self.at
        )
    }
}

/// One entry of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub seat: Seat,
    pub action: ActionText<Action>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taken: Option<Taken>,
    /// The players whose general the mover attacks right after the action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<Seat>,
}

impl Step {
    pub fn action(&self) -> Action {
        self.action.0
    }

    pub fn text(&self) -> String {
        self.action.0.to_string()
    }

    /// "check to Black and Green".
    fn check_words(&self) -> Option<String> {
        let names: Vec<&str> = self.checks.iter().map(|s| Army::of(*s).name()).collect();
        match names.split_last() {
            None => None,
            Some((last, [])) => Some(format!("check to {last}")),
            Some((last, rest)) => Some(format!("check to {} and {last}", rest.join(", "))),
        }
    }

    /// What a reply should add to the action's text: "`m3-m17` takes Yellow's cannon on
    /// m17, check to Black". Nothing for a quiet move.
    pub fn note(&self) -> Option<String> {
        let parts: Vec<String> = self
            .taken
            .map(|t| format!("takes {}", t.words()))
            .into_iter()
            .chain(self.check_words())
            .collect();
        (!parts.is_empty()).then(|| format!("`{}` {}", self.text(), parts.join(", ")))
    }

    /// What the action did, in a few words for menus: "takes Yellow's cannon on m17",
    /// "check", "drop", "a move".
    pub fn preview(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if let Action::Drop { .. } = self.action() {
            parts.push("drop".to_string());
        }
        if let Some(t) = self.taken {
            parts.push(format!("takes {}", t.words()));
        }
        if !self.checks.is_empty() {
            parts.push("check".to_string());
        }
        if parts.is_empty() {
            "a move".to_string()
        } else {
            parts.join(", ")
        }
    }
}
