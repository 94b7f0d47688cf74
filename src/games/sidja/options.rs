//! The Sidja family's options: variant, board size and stones placed per turn, and
//! seega's three options from the source's other descriptions of that game (opening,
//! chain, blocked; docs/rules.md, Sidja family).

use crate::games::setup::{key_value, SetupError};
use crate::games::{Dir, Seat, Square};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Sudanese sidja: orthogonal steps, captures in 8 directions, the right to one more
    /// move after each capture (which may be declined with `pass`).
    Sudan,
    /// Sidja ("the second phase in sidja" of the source): steps in 8 directions,
    /// capturing goes on while it can.
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

/// Seega's `opening`: an empty board, or four stones standing as a cross before
/// placement.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opening {
    #[default]
    Plain,
    /// The first player's stones at both ends of the central rank, the second player's
    /// at both ends of the central file.
    Cross,
}

impl Opening {
    pub fn name(self) -> &'static str {
        match self {
            Opening::Plain => "plain",
            Opening::Cross => "cross",
        }
    }
}

/// Seega's `chain`: how many capturing moves one turn may hold.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Chain {
    /// The stone goes on capturing while it can.
    #[default]
    All,
    /// "Only two captures in a row": the second capturing move ends the turn.
    #[serde(rename = "2")]
    Two,
}

impl Chain {
    pub fn name(self) -> &'static str {
        match self {
            Chain::All => "all",
            Chain::Two => "2",
        }
    }

    /// The most capturing moves a turn may hold, if limited.
    pub fn limit(self) -> Option<u8> {
        match self {
            Chain::All => None,
            Chain::Two => Some(2),
        }
    }
}

/// Seega's `blocked`: what happens to a player who cannot move at a turn's start.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Blocked {
    /// They pass and the opponent moves again.
    #[default]
    Pass,
    /// They lose.
    Lose,
}

impl Blocked {
    pub fn name(self) -> &'static str {
        match self {
            Blocked::Pass => "pass",
            Blocked::Lose => "lose",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    pub variant: Variant,
    /// Side of the square board: 5, 7 or 9.
    pub size: u8,
    /// Stones placed per turn: 1 or 2.
    pub drop: u8,
    /// Seega only (plain for the other variants). Games stored before these options
    /// existed were all played with the defaults, which is what a missing field means.
    #[serde(default)]
    pub opening: Opening,
    /// Seega only (all for the other variants).
    #[serde(default)]
    pub chain: Chain,
    /// Seega only (pass for the other variants).
    #[serde(default)]
    pub blocked: Blocked,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variant: Variant::Sudan,
            size: 5,
            drop: 2,
            opening: Opening::Plain,
            chain: Chain::All,
            blocked: Blocked::Pass,
        }
    }
}

/// Seega's own options, in the order `replay --json` prints them.
pub const SEEGA_KEYS: [&str; 3] = ["opening", "chain", "blocked"];

impl Options {
    pub const KNOWN: &'static str = "variant=sudan|sidja|seega, size=5|7|9, drop=1|2, and for seega opening=plain|cross, chain=all|2, blocked=pass|lose";

    /// Options from `key=value` texts, defaults for what is not given. Seega's own
    /// options given with another variant are refused, whatever their order.
    pub fn from_pairs<S: AsRef<str>>(pairs: &[S]) -> Result<Options, SetupError> {
        let mut options = Options::default();
        let mut seega_only = None;
        for pair in pairs {
            let (key, value) = key_value(pair.as_ref())?;
            options.set(&key, &value)?;
            if let Some(key) = SEEGA_KEYS.into_iter().find(|k| *k == key) {
                seega_only.get_or_insert((key, value));
            }
        }
        match seega_only {
            Some((key, value)) if options.variant != Variant::Seega => Err(SetupError::OnlyFor {
                key,
                value,
                variant: "seega",
            }),
            _ => Ok(options),
        }
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
            "opening" => {
                self.opening = match value {
                    "plain" => Opening::Plain,
                    "cross" => Opening::Cross,
                    _ => return Err(bad("opening", "plain, cross")),
                }
            }
            "chain" => {
                self.chain = match value {
                    "all" => Chain::All,
                    "2" => Chain::Two,
                    _ => return Err(bad("chain", "all, 2")),
                }
            }
            "blocked" => {
                self.blocked = match value {
                    "pass" => Blocked::Pass,
                    "lose" => Blocked::Lose,
                    _ => return Err(bad("blocked", "pass, lose")),
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

    /// The stones standing before placement: with seega's cross opening, the first
    /// player's at both ends of the central rank and the second player's at both ends
    /// of the central file.
    pub fn opening_stones(self) -> Vec<(Square, Seat)> {
        if self.opening == Opening::Plain {
            return Vec::new();
        }
        let (mid, last) = (self.size / 2, self.size - 1);
        vec![
            (Square::new(0, mid), Seat::FIRST),
            (Square::new(last, mid), Seat::FIRST),
            (Square::new(mid, 0), Seat::SECOND),
            (Square::new(mid, last), Seat::SECOND),
        ]
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
        )?;
        // Seega's own options are named only when they differ from the defaults.
        if self.opening == Opening::Cross {
            f.write_str(", cross opening")?;
        }
        if self.chain == Chain::Two {
            f.write_str(", two captures at most")?;
        }
        if self.blocked == Blocked::Lose {
            f.write_str(", blocked loses")?;
        }
        Ok(())
    }
}
