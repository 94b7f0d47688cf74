//! What the searches need of a game: a position they can copy and play on, its key, a
//! static evaluation, and a few facts about actions for move ordering and for saying
//! why an action was chosen. Each game implements it in `eval/` over its engine (or, for
//! xiangqi, over the engine's make/unmake board), never over [`crate::games::AnyGame`]:
//! copying a boxed game with its whole record at every node would cost more than the
//! search itself.

use crate::ai::level::{Budget, Level};
use crate::games::Seat;
use std::fmt;

/// How the bot plays one game: the search position its engine starts from, and what the
/// game's nodes cost. Each game implements it over its engine in `eval/`, beside its
/// [`Position`]; `ai/mod.rs` reaches it through the game list (`each_game!`,
/// `each_kind!`), so a new game needs no line there.
pub trait Searchable {
    type Pos: Position;

    /// How much a node of this game costs against the others', in percent of the
    /// budget it gets: the levels' budgets are set for the cheap games.
    const NODE_PERCENT: u64 = 100;

    /// The position a search of this game starts from.
    fn position(&self) -> Self::Pos;

    /// The keys of earlier positions a repetition may return to.
    fn prior(&self) -> &[u64] {
        &[]
    }

    /// A level's budget in this game, before its node cost.
    fn level_budget(level: Level) -> Budget {
        level.budget()
    }
}

/// How a finished game (or, in four-player games, a finished player) ends for the seat
/// the search plays for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Terminal {
    Win,
    Loss,
    Draw,
}

/// What an action does, as far as a one-line reason needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Enemy pieces, stones or columns it takes (Yoté's bonus removal included).
    pub captures: u8,
    /// Whether it attacks an enemy general (xiangqi games).
    pub check: bool,
    /// Whether it brings a piece into play (placement, drop).
    pub places: bool,
    /// The most valuable enemy piece the moved piece attacks afterwards, by its square.
    pub threat: Option<String>,
}

/// A game position as the searches see it.
pub trait Position: Clone {
    type Action: Copy + Eq + fmt::Display + fmt::Debug;

    /// Whether positions met again on the search path are drawn (xiangqi's repetition
    /// rules; the other games end stalls by their counters instead).
    const REPETITION_DRAWS: bool = false;

    /// The seat to act, or `None` once the game is over.
    fn mover(&self) -> Option<Seat>;

    /// Whether `seat` plays on the side of `root` (itself; its partner in teams).
    fn allied(&self, seat: Seat, root: Seat) -> bool {
        seat == root
    }

    /// When the position ends the search for `root` (the game is over, or `root` is out
    /// of a game that goes on), how it ends for `root`.
    fn terminal(&self, root: Seat) -> Option<Terminal>;

    /// Every legal action of the mover into `out` (cleared first). An empty list for a
    /// mover means the mover has lost (xiangqi: no legal move).
    fn actions(&self, out: &mut Vec<Self::Action>);

    /// Plays a legal action. `false` if the engine refused it (a bug in `actions`);
    /// the position is then unchanged.
    fn play(&mut self, action: Self::Action) -> bool;

    /// A hash of everything that decides the game from here (pieces, mover, hands,
    /// counters close to their limits).
    fn key(&self) -> u64;

    /// The static value for `root`'s side, centipawn-like (100 is about one ordinary
    /// piece), whoever is to move.
    fn evaluate(&self, root: Seat) -> i32;

    /// How much an action takes (most valuable victim first, then least valuable
    /// attacker), 0 for an action that takes nothing. Actions with a gain are searched
    /// first and by quiescence.
    fn gain(&self, action: Self::Action) -> i32;

    /// A small number for the history heuristic (below [`HISTORY_SLOTS`]).
    fn slot(action: Self::Action) -> usize;

    /// What an action does, for the reason given with it.
    fn facts(&self, action: Self::Action) -> Facts;
}

/// Size of the history table: actions are folded into it by [`Position::slot`].
pub const HISTORY_SLOTS: usize = 1 << 14;

/// Mixes a 64-bit value well (splitmix64's finaliser): cheap keys from small fields.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Builds a position key from fields, order-sensitively.
#[derive(Copy, Clone, Debug)]
pub struct KeyBuilder(u64);

impl Default for KeyBuilder {
    fn default() -> KeyBuilder {
        KeyBuilder(0x243F_6A88_85A3_08D3)
    }
}

impl KeyBuilder {
    pub fn add(&mut self, value: u64) {
        self.0 = mix(self.0 ^ value.wrapping_add(0x9E37_79B9_7F4A_7C15));
    }

    pub fn finish(self) -> u64 {
        self.0
    }
}
