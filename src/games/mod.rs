//! The rules of every game: pure, with no I/O, no async and no Discord.
//!
//! Shared vocabulary ([`Square`], [`Seat`], [`Outcome`]) lives beside one module per
//! game; [`AnyGame`] picks a game by name and options and speaks in action texts.

mod any;
pub mod banglagor;
mod ending;
pub(crate) mod game;
mod kind;
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
pub(crate) use kind::{each_action_error, each_game, each_kind, with_game_list};
pub use kind::{engines, ActionError, AnyAction, AnyGame, GameKind, GameOptions};
pub use notation::split_actions;
pub use options::{OptionSpec, OptionValues};
pub use outcome::{Outcome, Reason};
pub use seat::{BySeat, Seat};
pub use setup::SetupError;
pub use square::{Dims, Dir, Square};
