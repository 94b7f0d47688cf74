//! The rules of every game: pure, with no I/O, no async and no words for players.
//!
//! Shared vocabulary ([`Square`], [`Seat`], [`Outcome`]) lives beside one module per
//! game; [`AnyGame`] picks a game by name and options and speaks in action texts. What
//! happened and why an action is refused are typed values ([`AnyNote`], [`AnyPreview`],
//! [`ActionError`]); their `Display` is plain English for logs, and the bot puts them
//! into each player's language.

// The list of games comes first: its dispatch macros are used by the modules below.
#[macro_use]
mod kind;

mod any;
pub mod banglagor;
mod ending;
pub(crate) mod game;
pub mod notation;
pub mod options;
pub mod outcome;
pub mod seat;
pub mod setup;
pub mod sidja;
pub mod square;
pub mod xiangqi;
pub mod xiangqi4;
pub mod yote;

pub use any::{LogEntry, LogError, MoveError};
pub use ending::{Ending, EndingAt, NotAnEnding};
pub use game::{
    end_two_player, two_player_outcome, BoardPiece, EndRefused, Game, GameSetup, InHand,
};
pub use kind::{
    engines, ActionError, AnyAction, AnyGame, AnyNote, AnyPreview, GameKind, GameOptions,
};
pub use notation::{split_actions, token, TOKEN_CHARS};
pub use options::{OptionSpec, OptionValues};
pub use outcome::{Outcome, Reason};
pub use seat::{BySeat, Seat};
pub use setup::SetupError;
pub use square::{Dims, Dir, Square};
