//! The four-player game's one option: `mode=ffa|teams` (default `ffa`).

use super::army::Army;
use crate::options::{parse_options, OptionSpec, OptionValues};
use crate::setup::SetupError;
use crate::GameKind;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Everyone for themselves; a credited elimination hands the army's rooks, horses,
    /// cannons and pawns to the credited player's reserve.
    #[default]
    Ffa,
    /// Red and Yellow against Black and Green: partners' pieces cannot be captured and
    /// give no check to each other; a cannon captures at most 8 points away.
    Teams,
}

impl Mode {
    pub const ALL: [Mode; 2] = [Mode::Ffa, Mode::Teams];

    pub const fn name(self) -> &'static str {
        match self {
            Mode::Ffa => "ffa",
            Mode::Teams => "teams",
        }
    }

    /// Whether `a` may capture `b`'s pieces and give check to `b`'s general.
    pub fn opposes(self, a: Army, b: Army) -> bool {
        a != b && !(self == Mode::Teams && a.partner() == b)
    }

    /// The farthest a cannon may capture, in points along its line (screen counted).
    pub const fn cannon_reach(self) -> u8 {
        match self {
            Mode::Ffa => u8::MAX,
            Mode::Teams => 8,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    pub mode: Mode,
}

/// The game's options table.
pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "mode",
    values: &["ffa", "teams"],
    default: "ffa",
    number: false,
    only_with: None,
}];

impl Options {
    pub fn new(mode: Mode) -> Options {
        Options { mode }
    }

    /// Options from `key=value` texts, defaults for what is not given.
    pub fn from_pairs<S: AsRef<str>>(pairs: &[S]) -> Result<Options, SetupError> {
        Ok(Options::read(&parse_options(GameKind::Xiangqi4, pairs)?))
    }

    /// Typed options from values checked against [`OPTIONS`].
    pub fn read(values: &OptionValues) -> Options {
        let mode = Mode::ALL
            .into_iter()
            .find(|m| values.get("mode") == Some(m.name()))
            .unwrap_or_default();
        Options { mode }
    }

    pub fn write(&self) -> OptionValues {
        OptionValues::new().with("mode", self.mode.name())
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mode.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_is_ffa_unless_teams_is_asked() {
        assert_eq!(Options::from_pairs(&[] as &[&str]).unwrap().mode, Mode::Ffa);
        assert_eq!(
            Options::from_pairs(&["MODE=Teams"]).unwrap().mode,
            Mode::Teams
        );
        assert!(Options::from_pairs(&["mode=duo"]).is_err());
        assert!(Options::from_pairs(&["size=5"]).is_err());
        assert!(Options::from_pairs(&["mode"]).is_err());
    }

    #[test]
    fn partners_sit_opposite_in_teams() {
        assert!(Mode::Ffa.opposes(Army::Red, Army::Yellow));
        assert!(!Mode::Teams.opposes(Army::Red, Army::Yellow));
        assert!(Mode::Teams.opposes(Army::Red, Army::Black));
        assert!(!Mode::Teams.opposes(Army::Green, Army::Black));
        assert!(!Mode::Ffa.opposes(Army::Green, Army::Green));
    }
}
