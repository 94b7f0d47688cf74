//! The one list of our games. Each line of [`games!`] names a game once (its variant,
//! its name in commands and stored rows, its engine); from that list come [`GameKind`],
//! [`AnyGame`], [`GameOptions`], [`AnyAction`], [`ActionError`], [`AnyNote`],
//! [`AnyPreview`] and the `each_game!`, `each_action_error!`, `each_kind!`, `each_value!` and `with_game_list!` macros that
//! hand a call to whichever engine's value one of them holds. A new game is a new folder
//! beside the others and one line here.

use super::game::{Game, GameSetup};
use super::options::{parse_options, OptionSpec, OptionValues};
use super::{banglagor, sidja, xiangqi, xiangqi4, yote, SetupError};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

macro_rules! games {
    ($d:tt $($variant:ident = $name:literal => $engine:ty),* $(,)?) => {
        /// Which game.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum GameKind {
            $($variant),*
        }

        impl GameKind {
            /// Every game, in the order menus show them.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),*];

            /// The name commands, records and stored rows use.
            pub const fn name(self) -> &'static str {
                match self {
                    $(GameKind::$variant => $name),*
                }
            }

            /// How many players the game needs.
            pub const fn seat_count(self) -> usize {
                match self {
                    $(GameKind::$variant => <$engine as GameSetup>::SEATS as usize),*
                }
            }

            /// The game's options table.
            pub const fn option_specs(self) -> &'static [OptionSpec] {
                match self {
                    $(GameKind::$variant => <$engine as GameSetup>::OPTIONS),*
                }
            }
        }

        /// A game of any kind: what the table, the replay command and the front ends
        /// hold. It implements [`Game`] by handing each call to its engine (boxed: the
        /// engines' states differ much in size).
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "game", rename_all = "lowercase")]
        pub enum AnyGame {
            $($variant(Box<$engine>)),*
        }

        /// Runs `$body` with `$g` bound to the engine an [`AnyGame`] holds.
        #[macro_export]
        macro_rules! each_game {
            ($d game:expr, $d g:ident => $d body:expr) => {
                match $d game {
                    $($d crate::AnyGame::$variant($d g) => $d body,)*
                }
            };
        }

        /// Each game's engine type, named by its variant, for [`each_kind!`].
        pub mod engines {
            use super::*;
            $(pub type $variant = $engine;)*
        }

        /// Runs `$body` with the type `$E` naming the engine of a [`GameKind`]: how code
        /// outside the rules reads what it keeps per game in a trait of its own.
        #[macro_export]
        macro_rules! each_kind {
            ($d kind:expr, $d E:ident => $d body:expr) => {
                match $d kind {
                    $($d crate::GameKind::$variant => {
                        type $d E = $d crate::engines::$variant;
                        $d body
                    })*
                }
            };
        }

        /// Calls `$callback!(Variant = "name", …)` with the whole game list: for what
        /// must be written out per game at compile time (the files each game embeds).
        #[macro_export]
        macro_rules! with_game_list {
            ($d callback:ident) => {
                $d callback!($($variant = $name),*);
            };
        }

        /// A game's options as one typed value.
        #[derive(Copy, Clone, Debug, PartialEq)]
        pub enum GameOptions {
            $($variant(<$engine as GameSetup>::Options)),*
        }

        impl GameOptions {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(GameOptions::$variant(_) => GameKind::$variant),*
                }
            }

            /// Reads `key=value` texts against the game's options table (defaults for
            /// what is not given).
            pub fn parse<S: AsRef<str>>(kind: GameKind, pairs: &[S]) -> Result<GameOptions, SetupError> {
                let values = parse_options(kind, pairs)?;
                Ok(match kind {
                    $(GameKind::$variant => GameOptions::$variant(<$engine as GameSetup>::read_options(&values))),*
                })
            }

            /// The effective options that apply, in the table's order.
            pub fn values(&self) -> OptionValues {
                match self {
                    $(GameOptions::$variant(o) => <$engine as GameSetup>::write_options(o)
                        .applying(<$engine as GameSetup>::OPTIONS)),*
                }
            }

            /// The start position of a game with these options.
            pub fn start(self) -> AnyGame {
                match self {
                    $(GameOptions::$variant(o) => AnyGame::$variant(Box::new(<$engine as GameSetup>::start(o)))),*
                }
            }
        }

        /// An action of any game.
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        pub enum AnyAction {
            $($variant(<$engine as Game>::Action)),*
        }

        impl fmt::Display for AnyAction {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(AnyAction::$variant(a) => a.fmt(f)),*
                }
            }
        }

        /// Why an action cannot be played, whatever the game.
        #[derive(Clone, Debug, PartialEq, thiserror::Error)]
        pub enum ActionError {
            $(#[error(transparent)] $variant(<$engine as Game>::Error),)*
            /// An action of one game offered to another (a caller's mistake).
            #[error("that is an action of {0}, not of this game")]
            WrongGame(GameKind),
        }

        /// Runs `$body` with `$e` bound to the engine's error an [`ActionError`] holds,
        /// or runs `$wrong` with `$kind` bound to the game of [`ActionError::WrongGame`].
        #[macro_export]
        macro_rules! each_action_error {
            ($d error:expr, $d e:ident => $d body:expr, WrongGame($d kind:ident) => $d wrong:expr) => {
                match $d error {
                    $($d crate::ActionError::$variant($d e) => $d body,)*
                    $d crate::ActionError::WrongGame($d kind) => $d wrong,
                }
            };
        }

        /// What happened in a game of any kind beyond an action's text (its engine's
        /// note).
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyNote {
            $($variant(<$engine as Game>::Note)),*
        }

        /// What an action of any game would do (its engine's preview).
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyPreview {
            $($variant(<$engine as Game>::Preview)),*
        }

        /// Runs `$body` with `$n` bound to the engine's value an [`AnyNote`] or an
        /// [`AnyPreview`] holds: `each_value!(AnyNote, note, n => words(n))`.
        #[macro_export]
        macro_rules! each_value {
            ($d any:ident, $d value:expr, $d n:ident => $d body:expr) => {
                match $d value {
                    $($d crate::$d any::$variant($d n) => $d body,)*
                }
            };
        }

        impl AnyAction {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyAction::$variant(_) => GameKind::$variant),*
                }
            }
        }

        impl AnyGame {
            /// Plays an action of this game; an action of another game is refused.
            pub(super) fn play_any(&mut self, action: AnyAction) -> Result<(), ActionError> {
                match (self, action) {
                    $((AnyGame::$variant(g), AnyAction::$variant(a)) => g.try_play(a).map_err(ActionError::$variant),)*
                    #[allow(unreachable_patterns)]
                    (_, other) => Err(ActionError::WrongGame(other.kind())),
                }
            }

            /// Reads an action text against this position.
            pub(super) fn parse_any(&self, text: &str) -> Result<AnyAction, ActionError> {
                match self {
                    $(AnyGame::$variant(g) => g.parse_action(text).map(AnyAction::$variant).map_err(ActionError::$variant)),*
                }
            }

            pub(super) fn legal_any(&self) -> Vec<AnyAction> {
                match self {
                    $(AnyGame::$variant(g) => g.legal_actions().into_iter().map(AnyAction::$variant).collect()),*
                }
            }

            pub(super) fn end_any(&mut self, seat: super::Seat, ending: super::Ending) -> Result<Vec<AnyNote>, ActionError> {
                match self {
                    $(AnyGame::$variant(g) => g
                        .end(seat, ending)
                        .map(|notes| notes.into_iter().map(AnyNote::$variant).collect())
                        .map_err(ActionError::$variant)),*
                }
            }

            pub(super) fn notes_any(&self, from: usize) -> Vec<AnyNote> {
                match self {
                    $(AnyGame::$variant(g) => g.notes_since(from).into_iter().map(AnyNote::$variant).collect()),*
                }
            }

            pub(super) fn preview_any(&self, action: AnyAction) -> Option<AnyPreview> {
                match (self, action) {
                    $((AnyGame::$variant(g), AnyAction::$variant(a)) => g.preview(a).map(AnyPreview::$variant),)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            pub(super) fn alt_any(&self, action: AnyAction) -> Option<String> {
                match (self, action) {
                    $((AnyGame::$variant(g), AnyAction::$variant(a)) => g.alt_text(a),)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }
    };
}

games! { $
    Sidja = "sidja" => sidja::Sidja,
    Yote = "yote" => yote::Yote,
    Banglagor = "banglagor" => banglagor::Banglagor,
    Xiangqi = "xiangqi" => xiangqi::Xiangqi,
    Xiangqi4 = "xiangqi4" => xiangqi4::Xiangqi4,
}

impl GameKind {
    /// The names of every game, in menu order.
    pub fn names() -> Vec<&'static str> {
        GameKind::ALL.iter().map(|k| k.name()).collect()
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = SetupError;

    /// A game by name, in any case, blanks around it ignored.
    fn from_str(text: &str) -> Result<GameKind, SetupError> {
        let name = text.trim().to_ascii_lowercase();
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == name)
            .ok_or(SetupError::UnknownGame(name))
    }
}
