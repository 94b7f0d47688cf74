//! The game's record: each action (or automatic pass) with who made it, the path the
//! column walked and what its attack did, so replies and images can show them.

use super::Action;
use crate::{Seat, Square};
use serde::{Deserialize, Serialize};

/// An action kept as its canonical text.
pub use crate::notation::ActionText;

impl crate::notation::Canonical for Action {
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
    /// automatic pass.
    pub fn note(&self) -> Option<Note> {
        match (self.action(), self.attack) {
            (None, _) => Some(Note::Passes(self.seat)),
            (Some(action), Some(attack)) => Some(Note::Attacks { action, attack }),
            (Some(_), None) => None,
        }
    }

    /// What the action did, for menus.
    pub fn preview(&self) -> Preview {
        match (self.action(), self.attack) {
            (_, Some(a)) if a.removed => Preview::Removes(a.target),
            (_, Some(a)) => Preview::Binds(a.target),
            (None, None) => Preview::Passes,
            (Some(Action::Place { .. }), None) => Preview::Places,
            (Some(Action::Free(sq)), None) => Preview::Frees(sq),
            (Some(Action::Move { .. }), None) => Preview::Moves,
            (Some(Action::Relocate { .. }), None) => Preview::Relocates,
        }
    }
}

/// What happened in a turn beyond its action's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The seat could not move and passed (automatically).
    Passes(Seat),
    /// The action's attack removed or bound its target.
    Attacks { action: Action, attack: Attack },
}

/// What an action would do, for menus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Preview {
    Removes(Square),
    Binds(Square),
    Passes,
    Places,
    Frees(Square),
    Moves,
    Relocates,
}
