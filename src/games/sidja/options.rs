//! The Sidja family's options: variant, board size and stones placed per turn.

use crate::games::setup::{key_value, SetupError};
use crate::games::{Dir, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Sudanese sidja (seed 000): orthogonal steps, captures in 8 directions, a free
    /// extra move after each capture.
    Sudan,
    /// Sidja as in seed 004: steps in 8 directions, capturing goes on while it can.
    Sidja,
    /// Egyptian seega: orthogonal only, the same stone goes on capturing, the centre is
    /// safe.
    Seega,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Sudan, Variant::Sidja, Variant::Seega];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Sudan => "sudan",
            Variant::Sidja => "sidja",
            Variant::Seega => "seega",
        }
    }

    /// Where a stone may step.
    pub fn move_dirs(self) -> &'static [Dir] {
        match self {
            Variant::Sidja => &Dir::ALL,
            Variant::Sudan | Variant::Seega => &Dir::ORTHOGONAL,
        }
    }

    /// Along which lines a moved stone captures.
    pub fn capture_dirs(self) -> &'static [Dir] {
        match self {
            Variant::Sudan | Variant::Sidja => &Dir::ALL,
            Variant::Seega => &Dir::ORTHOGONAL,
        }
    }

    /// Who makes the first move once every stone is placed.
    pub fn first_mover(self) -> Seat {
        match self {
            Variant::Seega => Seat::SECOND,
            Variant::Sudan | Variant::Sidja => Seat::FIRST,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    pub variant: Variant,
    /// Side of the square board: 5, 7 or 9.
    pub size: u8,
    /// Stones placed per turn: 1 or 2.
    pub drop: u8,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variant: Variant::Sudan,
            size: 5,
            drop: 2,
        }
    }
}

impl Options {
    pub const KNOWN: &'static str = "variant=sudan|sidja|seega, size=5|7|9, drop=1|2";

    /// Options from `key=value` texts, defaults for what is not given.
    pub fn from_pairs<S: AsRef<str>>(pairs: &[S]) -> Result<Options, SetupError> {
        let mut options = Options::default();
        for pair in pairs {
            let (key, value) = key_value(pair.as_ref())?;
            options.set(&key, &value)?;
        }
        Ok(options)
    }

    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SetupError> {
        let bad = |key: &'static str, allowed: &'static str| SetupError::BadValue {
            key,
            value: value.to_string(),
            allowed,
        };
        match key {
            "variant" => {
                self.variant = Variant::ALL
                    .into_iter()
                    .find(|v| v.name() == value)
                    .ok_or_else(|| bad("variant", "sudan, sidja, seega"))?;
            }
            "size" => {
                self.size = match value {
                    "5" => 5,
                    "7" => 7,
                    "9" => 9,
                    _ => return Err(bad("size", "5, 7, 9")),
                }
            }
            "drop" => {
                self.drop = match value {
                    "1" => 1,
                    "2" => 2,
                    _ => return Err(bad("drop", "1, 2")),
                }
            }
            _ => {
                return Err(SetupError::UnknownOption {
                    game: "sidja",
                    key: key.to_string(),
                    known: Options::KNOWN,
                })
            }
        }
        Ok(())
    }

    /// Stones each player starts with: half the board less the centre.
    pub fn stones_per_player(self) -> u8 {
        ((self.size as u16 * self.size as u16 - 1) / 2) as u8
    }

    /// N of the stall rule: N full rounds (2N turns) without a capture end the game.
    pub fn stall_rounds(self) -> u16 {
        match self.variant {
            Variant::Seega => 20,
            Variant::Sudan | Variant::Sidja => self.stones_per_player() as u16,
        }
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}×{}, drop {}",
            self.variant, self.size, self.size, self.drop
        )
    }
}
