//! The Sidja family's options: variant, board size and stones placed per turn, and
//! seega's three options from the source's other descriptions of that game (opening,
//! chain, blocked; docs/rules.md, Sidja family).

use crate::options::{parse_options, OptionSpec, OptionValues};
use crate::setup::SetupError;
use crate::GameKind;
use crate::{Dir, Seat, Square};
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

/// The family's options table.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "variant",
        values: &["sudan", "sidja", "seega"],
        default: "sudan",
        number: false,
        only_with: None,
    },
    OptionSpec {
        name: "size",
        values: &["5", "7", "9"],
        default: "5",
        number: true,
        only_with: None,
    },
    OptionSpec {
        name: "drop",
        values: &["1", "2"],
        default: "2",
        number: true,
        only_with: None,
    },
    OptionSpec {
        name: "opening",
        values: &["plain", "cross"],
        default: "plain",
        number: false,
        only_with: Some(("variant", "seega")),
    },
    OptionSpec {
        name: "chain",
        values: &["all", "2"],
        default: "all",
        number: false,
        only_with: Some(("variant", "seega")),
    },
    OptionSpec {
        name: "blocked",
        values: &["pass", "lose"],
        default: "pass",
        number: false,
        only_with: Some(("variant", "seega")),
    },
];

impl Options {
    /// Options from `key=value` texts, defaults for what is not given. Seega's own
    /// options given with another variant are refused, whatever their order.
    pub fn from_pairs<S: AsRef<str>>(pairs: &[S]) -> Result<Options, SetupError> {
        let values = parse_options(GameKind::Sidja, pairs)?;
        Ok(Options::read(&values))
    }

    /// Typed options from values checked against [`OPTIONS`].
    pub fn read(values: &OptionValues) -> Options {
        let get = |key: &str| values.get(key).unwrap_or_default();
        Options {
            variant: Variant::ALL
                .into_iter()
                .find(|v| v.name() == get("variant"))
                .unwrap_or(Variant::Sudan),
            size: get("size").parse().unwrap_or(5),
            drop: get("drop").parse().unwrap_or(2),
            opening: if get("opening") == "cross" {
                Opening::Cross
            } else {
                Opening::Plain
            },
            chain: if get("chain") == "2" {
                Chain::Two
            } else {
                Chain::All
            },
            blocked: if get("blocked") == "lose" {
                Blocked::Lose
            } else {
                Blocked::Pass
            },
        }
    }

    /// Every option's value, in the table's order.
    pub fn write(&self) -> OptionValues {
        let size = match self.size {
            7 => "7",
            9 => "9",
            _ => "5",
        };
        OptionValues::new()
            .with("variant", self.variant.name())
            .with("size", size)
            .with("drop", if self.drop == 1 { "1" } else { "2" })
            .with("opening", self.opening.name())
            .with("chain", self.chain.name())
            .with("blocked", self.blocked.name())
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
