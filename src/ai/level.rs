//! Playing strength: five levels, each a fixed search budget, so that a level plays the
//! same move in the same position with the same seed on any machine. The wall-clock
//! [`Limits`] are only a safety net.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How strongly the engine plays, from 1 (makes mistakes on purpose) to 5.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    L1,
    L2,
    L3,
    L4,
    L5,
}

impl Level {
    pub const ALL: [Level; 5] = [Level::L1, Level::L2, Level::L3, Level::L4, Level::L5];

    /// The level with this number (1 to 5).
    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The search budget of this level: deepest iteration, nodes, and how much noise is
    /// added to the root scores (levels 1 and 2 err on purpose). A game may set a level's
    /// nodes apart (Yoté's levels 3 and 4 do), and each game scales them by what its
    /// nodes cost: [`crate::ai::budget_for`] gives a level's budget in a game.
    pub fn budget(self) -> Budget {
        match self {
            Level::L1 => Budget {
                depth: 1,
                nodes: 2_000,
                noise: 160,
                blunder_percent: 25,
            },
            Level::L2 => Budget {
                depth: 3,
                nodes: 8_000,
                noise: 40,
                blunder_percent: 0,
            },
            Level::L3 => Budget {
                depth: 64,
                nodes: 40_000,
                noise: 0,
                blunder_percent: 0,
            },
            Level::L4 => Budget {
                depth: 64,
                nodes: 150_000,
                noise: 0,
                blunder_percent: 0,
            },
            Level::L5 => Budget {
                depth: 64,
                nodes: 600_000,
                noise: 0,
                blunder_percent: 0,
            },
        }
    }
}

/// What one search may spend. Nodes count positions visited (quiescence included).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The deepest iteration of iterative deepening, in actions.
    pub depth: u8,
    pub nodes: u64,
    /// Each root action's score gets a seeded random offset in `-noise..=noise`
    /// (centipawn-like); 0 searches with a narrow window instead.
    pub noise: i32,
    /// The chance, in percent, of picking at random among the four best actions.
    pub blunder_percent: u8,
}

impl Budget {
    /// The budget with its node count multiplied by `num / den` (at least 1 node):
    /// games whose nodes cost more get fewer of them.
    pub fn scaled(self, num: u64, den: u64) -> Budget {
        Budget {
            nodes: (self.nodes * num / den.max(1)).max(1),
            ..self
        }
    }
}

/// Safety limits on top of a level's budget.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock cap of one search; when it strikes the result depends on the
    /// machine's speed, so budgets are chosen to stay well under it.
    pub max_time: Option<Duration>,
    /// Multiplies every level's node budget by `node_scale / 100` (tournaments and
    /// tests run cheaper levels with it).
    pub node_percent: u32,
}

impl Default for Limits {
    /// At most 2 s per move, full budgets.
    fn default() -> Limits {
        Limits {
            max_time: Some(Duration::from_secs(2)),
            node_percent: 100,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// Why a level text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a level is a number from 1 to 5, not \"{0}\"")]
pub struct LevelError(pub String);

impl FromStr for Level {
    type Err = LevelError;

    /// `3`, `L3` or `l3`, blanks around ignored.
    fn from_str(text: &str) -> Result<Level, LevelError> {
        let trimmed = text.trim();
        let digits = trimmed.strip_prefix(['L', 'l']).unwrap_or(trimmed);
        digits
            .parse::<u8>()
            .ok()
            .and_then(Level::from_number)
            .ok_or_else(|| LevelError(crate::i18n::token(text)))
    }
}
