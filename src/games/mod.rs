//! The rules of every game: pure, with no I/O, no async and no Discord.
//!
//! Shared vocabulary ([`Square`], [`Seat`], [`Outcome`]) lives beside one module per
//! game; [`AnyGame`] picks a game by name and options and speaks in action texts.

mod any;
pub mod banglagor;
pub mod notation;
pub mod outcome;
pub mod seat;
pub mod setup;
pub mod sidja;
pub mod square;
pub mod xiangqi;
pub mod xiangqi4;
pub mod yote;

pub use any::{AnyGame, MoveError, PieceView, Snapshot, WithdrawError};
pub use notation::split_actions;
pub use outcome::{Outcome, Reason};
pub use seat::{BySeat, Seat};
pub use setup::SetupError;
pub use square::{Dims, Dir, Square};

use serde::{de::DeserializeOwned, Serialize};
use std::fmt;

/// The names `/play` and `boardpost replay` know, in the order menus show them.
pub const GAME_NAMES: &[&str] = &["sidja", "yote", "banglagor", "xiangqi", "xiangqi4"];

/// What every game implements. Texts are read leniently by [`Game::parse_action`] and
/// printed canonically by the action's `Display`; the canonical text reads back to the
/// same action.
pub trait Game: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned {
    type Action: Copy + Eq + fmt::Debug + fmt::Display;
    type Error: std::error::Error + Clone + PartialEq;

    /// The seat to act, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    fn outcome(&self) -> Option<&Outcome>;

    /// Every legal action of the seat to move (none once the game is over).
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Reads one action text and resolves it against this position: syntax first, then
    /// legality, each failure with a reason a player understands.
    fn parse_action(&self, text: &str) -> Result<Self::Action, Self::Error>;

    /// Applies a legal action, or says why it is not legal and changes nothing.
    fn try_play(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    /// Every action applied so far, canonical, automatic passes included as `pass`.
    fn history(&self) -> Vec<String>;
}
