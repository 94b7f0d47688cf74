//! The game's record: each action with who made it, what it captured and whom it put in
//! check, so replies, menus and images can say what happened.

use super::action::Action;
use super::elimination::Elimination;
use crate::xiangqi::Kind;
use crate::{Seat, Square};
use serde::{Deserialize, Serialize};

/// An action kept as its canonical text.
pub use crate::notation::ActionText;

impl crate::notation::Canonical for Action {
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

    /// What a reply should add to the action's text: "`m3-m17` takes Yellow's cannon on
    /// m17, check to Black". Nothing for a quiet move.
    pub fn note(&self) -> Option<ActionNote> {
        (self.taken.is_some() || !self.checks.is_empty()).then(|| ActionNote {
            action: self.action(),
            taken: self.taken,
            checks: self.checks.clone(),
        })
    }

    /// What the action did, for menus: "takes Yellow's cannon on m17", "check",
    /// "drop", "a move" (eliminations it brings about are added by the caller).
    pub fn preview(&self) -> Preview {
        Preview {
            drop: matches!(self.action(), Action::Drop { .. }),
            taken: self.taken,
            check: !self.checks.is_empty(),
            out: Vec::new(),
        }
    }
}

/// What a reply adds to an action's text: what it took and whom it put in check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionNote {
    pub action: Action,
    pub taken: Option<Taken>,
    pub checks: Vec<Seat>,
}

/// What happened beyond an action's text: what an action did, or a player out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    Action(ActionNote),
    Out(Elimination),
}

/// What an action would do, for menus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    pub drop: bool,
    pub taken: Option<Taken>,
    pub check: bool,
    /// The players it would take out of the game.
    pub out: Vec<Seat>,
}
