//! The game's record: each action (or automatic pass) with who made it, the path the
//! column walked and what its attack did, so replies and images can show them.

use super::Action;
use crate::games::{Seat, Square};
use serde::{Deserialize, Serialize};

/// An action kept as its canonical text.
pub use crate::games::notation::ActionText;

impl crate::games::notation::Canonical for Action {
    const GAME: &'static str = "banglagor";

    fn from_canonical(text: &str) -> Option<Action> {
        Action::from_text(text)
    }
}

/// What an attack did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    pub target: Square,
    /// The target's height.
    pub height: u8,
    /// The sum of the heights of the attacker's free columns next to the target.
    pub strength: u8,
    /// Removed (strength greater than height), or else bound.
    pub removed: bool,
}

/// One entry of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub seat: Seat,
    /// `None` for an automatic pass.
    pub action: Option<ActionText<Action>>,
    /// The squares a moved column walked, start and end included; for a relocation its
    /// start and end; empty for the other actions. The engine picks the path (see
    /// [`super::paths::path`]), so replaying the record gives the same one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<Square>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<Attack>,
}

impl Step {
    pub fn action(&self) -> Option<Action> {
        self.action.as_ref().map(|a| a.0)
    }

    /// The canonical text, `pass` for a pass.
    pub fn text(&self) -> String {
        self.action()
            .map_or_else(|| "pass".to_string(), |a| a.to_string())
    }

    /// What a reply should add to the action's text: an attack's effect or an
    /// automatic pass, in a player's words.
    pub fn note(&self) -> Option<String> {
        match self.action() {
            None => Some(format!("seat {} cannot move and passes", self.seat)),
            Some(action) => self
                .attack_words()
                .map(|words| format!("`{action}` {words}")),
        }
    }

    /// What the action did, in a few words for menus: "removes e4", "binds e4",
    /// "places a column", "frees d4", "a move", "a relocation".
    pub fn preview(&self) -> String {
        match (self.action(), self.attack) {
            (_, Some(a)) if a.removed => format!("removes {}", a.target),
            (_, Some(a)) => format!("binds {}", a.target),
            (None, None) => "pass".to_string(),
            (Some(Action::Place { .. }), None) => "places a column".to_string(),
            (Some(Action::Free(sq)), None) => format!("frees {sq}"),
            (Some(Action::Move { .. }), None) => "a move".to_string(),
            (Some(Action::Relocate { .. }), None) => "a relocation".to_string(),
        }
    }

    /// What the step did beyond its text, in a player's words: "removes e4 (strength
    /// 5 against 3)", "binds e4 (strength 2 against 3)".
    pub fn attack_words(&self) -> Option<String> {
        self.attack.map(|a| {
            format!(
                "{} {} (strength {} against {})",
                if a.removed { "removes" } else { "binds" },
                a.target,
                a.strength,
                a.height
            )
        })
    }
}
