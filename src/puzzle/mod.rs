//! Puzzles (issue 45): positions from real play where one action, or a short forced
//! line, wins (material, a decisive bind, an elimination or the game) and every other
//! action does not. Pure code: no I/O beyond the shipped files embedded at build time.
//!
//! A [`Puzzle`] is a game's options, the actions from the start to its position, and
//! the solution line (the solver's actions, with the opponents' replies between them).
//! Players' answers are checked by [`Puzzle::check`] without any search: the line is
//! known. [`mine`] finds puzzles in a game's record with the bot's search, and
//! [`verify`] re-checks one with an independent, fixed-budget search: the generator,
//! `boardpost puzzles check` and the tests all call it.
//!
//! Layout: `format.rs` the one-line text form, `engine.rs` the searches (what a
//! position's best action and its best alternative are worth, and each game's
//! margins), `mine.rs` finding puzzles in games, `verify.rs` re-checking them,
//! `generate.rs` the bot-against-bot games the generator mines.

mod engine;
mod format;
pub mod generate;
mod mine;
mod verify;

pub use engine::{margins, position_key, Margins};
pub use format::PuzzleError;
pub use mine::{from_missed, mine, mine_with, MineBudget};
pub use verify::{verify, Unverified};

use crate::games::{AnyGame, Game, GameKind, Seat};
use crate::i18n::{Arg, Localize, Msg};
use crate::msg;

/// One puzzle: a position reached by `moves`, and the line that solves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Stable key: "sidja-0001" for shipped ones, "g123-p14" for one cut from game #123.
    pub key: String,
    pub kind: GameKind,
    /// The game's options as [`AnyGame::new`] takes them (`size=7`).
    pub options: Vec<String>,
    /// Canonical actions from the start to the puzzle's position.
    pub moves: Vec<String>,
    /// The solution: the solver's action, the replies, …, ending on the solver's. The
    /// solver may act several times in a row (a turn of several actions).
    pub line: Vec<String>,
    pub theme: Theme,
    pub source: Source,
    /// The initial rating (Glicko-2 scale): harder for a longer or quieter line.
    pub rating: i32,
}

/// What the solution does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Takes one enemy piece, stone or column (and comes out ahead by the margin).
    Capture,
    /// Takes two or more at once, or in one forced line.
    DoubleCapture,
    /// Binds enemy columns that cannot be freed in time (Banglagor).
    Bind,
    /// Checkmates (or stalemates, which wins in xiangqi) in this many of the solver's
    /// moves.
    MateIn(u8),
    /// Takes an opponent out of a four-player game.
    Elimination,
    /// Wins the game (sidja's last stones, Yoté's last pieces, Banglagor's half height).
    Win,
}

/// Where a puzzle was cut from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A bot-against-bot game of the generator: its seed, and the ply (the number of
    /// actions before the puzzle's position).
    Mined { seed: u64, ply: usize },
    /// A game played on the server: its id and the ply.
    Game { id: i64, ply: usize },
}

/// What a player's answer did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleVerdict {
    /// The line is complete. `actions` are the canonical texts to append to `played`.
    Solved { actions: Vec<String> },
    /// Right so far: `actions` holds the player's action and the replies that follow
    /// it (none when the solver acts again, as in a turn of several actions).
    Continue { actions: Vec<String> },
    /// Legal but not the solution: the canonical text of what was played (its words:
    /// [`Puzzle::wrong_msg`]).
    Wrong { actions: Vec<String> },
    /// Not legal here (the engine's reason), or `played` is not a start of the line.
    Illegal(Msg),
}

impl Puzzle {
    /// The puzzle's position: its options and `moves` replayed.
    pub fn position(&self) -> Result<AnyGame, PuzzleError> {
        format::replay(self.kind, &self.options, &self.moves)
    }

    /// The seat that solves the puzzle: the one to move at its position. A parsed
    /// puzzle always has one; a hand-made one whose moves do not replay reports seat 1,
    /// and its [`Puzzle::check`] refuses every answer.
    pub fn solver(&self) -> Seat {
        self.position()
            .ok()
            .and_then(|g| g.to_move())
            .unwrap_or(Seat::FIRST)
    }

    /// Checks an answer without search. `played` holds the line's actions already
    /// played (what earlier verdicts returned). The line's own action is right; so is
    /// any action that wins the game outright (a second mate in one is a mate too).
    pub fn check(&self, played: &[String], action: &str) -> PuzzleVerdict {
        let Some(mut game) = self.position_after(played) else {
            return PuzzleVerdict::Illegal(msg!("puzzle-out-of-step"));
        };
        let Some(solver) = game.to_move() else {
            return PuzzleVerdict::Illegal(msg!("puzzle-out-of-step"));
        };
        let canonical = match game.play(action) {
            Ok(canonical) => canonical,
            Err(error) => return PuzzleVerdict::Illegal(error.msg()),
        };
        let step = played.len();
        let expected = &self.line[step];
        if canonical != *expected {
            let wins = game.outcome().is_some_and(|o| o.winners.contains(&solver));
            return if wins {
                PuzzleVerdict::Solved {
                    actions: vec![canonical],
                }
            } else {
                PuzzleVerdict::Wrong {
                    actions: vec![canonical],
                }
            };
        }
        let mut actions = vec![canonical];
        let mut next = step + 1;
        // The replies, up to the solver's next action.
        while next < self.line.len() && game.to_move().is_some_and(|s| s != solver) {
            if game.play(&self.line[next]).is_err() {
                return PuzzleVerdict::Illegal(msg!("puzzle-out-of-step"));
            }
            actions.push(self.line[next].clone());
            next += 1;
        }
        if next >= self.line.len() {
            PuzzleVerdict::Solved { actions }
        } else {
            PuzzleVerdict::Continue { actions }
        }
    }

    /// What a wrong answer did, in words: the engine's notes of it (what it captured,
    /// bound, eliminated), or that it took nothing; and that it is not the winning move.
    pub fn wrong_msg(&self, played: &[String], action: &str) -> Msg {
        let Some(mut game) = self.position_after(played) else {
            return msg!("puzzle-out-of-step");
        };
        let from = game.history().len();
        if game.play(action).is_err() {
            return msg!("puzzle-wrong-quiet");
        }
        let notes: Vec<Arg> = game
            .notes_since(from)
            .iter()
            .map(|n| Arg::Msg(Box::new(n.msg())))
            .collect();
        if notes.is_empty() {
            msg!("puzzle-wrong-quiet")
        } else {
            msg!("puzzle-wrong-did", did = Arg::List(notes))
        }
    }

    /// The position after the line's first `played` actions, if `played` is a start of
    /// the line (and shorter than it).
    fn position_after(&self, played: &[String]) -> Option<AnyGame> {
        if played.len() >= self.line.len() || self.line[..played.len()] != *played {
            return None;
        }
        let mut game = self.position().ok()?;
        for action in played {
            game.play(action).ok()?;
        }
        Some(game)
    }

    /// The puzzle as one line of text (see [`Puzzle::parse`]).
    pub fn to_line(&self) -> String {
        format::to_line(self)
    }

    /// Reads a puzzle from one line of text, checking that it replays: its moves lead
    /// to a position with a mover, and its line is legal there and ends on the
    /// solver's action. Texts are made canonical.
    pub fn parse(line: &str) -> Result<Puzzle, PuzzleError> {
        format::parse(line)
    }
}

impl Theme {
    /// The theme as the text format writes it: `capture`, `mate-in-2`, ….
    pub fn as_text(self) -> String {
        match self {
            Theme::Capture => "capture".to_string(),
            Theme::DoubleCapture => "double-capture".to_string(),
            Theme::Bind => "bind".to_string(),
            Theme::MateIn(n) => format!("mate-in-{n}"),
            Theme::Elimination => "elimination".to_string(),
            Theme::Win => "win".to_string(),
        }
    }

    /// Reads [`Theme::as_text`]'s text back.
    pub fn from_text(text: &str) -> Option<Theme> {
        Some(match text {
            "capture" => Theme::Capture,
            "double-capture" => Theme::DoubleCapture,
            "bind" => Theme::Bind,
            "elimination" => Theme::Elimination,
            "win" => Theme::Win,
            other => {
                let n: u8 = other.strip_prefix("mate-in-")?.parse().ok()?;
                if n == 0 {
                    return None;
                }
                Theme::MateIn(n)
            }
        })
    }
}

/// The theme's name for players (`locales/*/puzzles.ftl`).
impl Localize for Theme {
    fn msg(&self) -> Msg {
        match self {
            Theme::Capture => msg!("puzzle-theme-capture"),
            Theme::DoubleCapture => msg!("puzzle-theme-double-capture"),
            Theme::Bind => msg!("puzzle-theme-bind"),
            Theme::MateIn(n) => msg!("puzzle-theme-mate-in", n = *n),
            Theme::Elimination => msg!("puzzle-theme-elimination"),
            Theme::Win => msg!("puzzle-theme-win"),
        }
    }
}

/// Every game's shipped puzzles, as text (`assets/puzzles/<game>.txt`).
macro_rules! shipped_files {
    ($($kind:ident = $file:literal),*) => {
        /// The text of a game's shipped puzzles file.
        pub fn shipped_text(kind: GameKind) -> &'static str {
            match kind {
                $(GameKind::$kind => include_str!(concat!("../../assets/puzzles/", $file, ".txt")),)*
            }
        }
    };
}
crate::games::with_game_list!(shipped_files);

/// The shipped puzzles of one game, in file order (blank lines and `#` comments
/// skipped). A line that does not parse is an error naming its line number.
pub fn shipped(kind: GameKind) -> Result<Vec<Puzzle>, PuzzleError> {
    read_puzzles(shipped_text(kind))
}

/// A game's shipped puzzles as read, or why they cannot be.
pub type ShippedPuzzles = (GameKind, Result<Vec<Puzzle>, PuzzleError>);

/// Every game's shipped puzzles, read once a process: the files are part of the binary,
/// and reading them replays each puzzle's moves.
pub fn shipped_all() -> &'static [ShippedPuzzles] {
    static SHIPPED: std::sync::OnceLock<Vec<ShippedPuzzles>> = std::sync::OnceLock::new();
    SHIPPED.get_or_init(|| GameKind::ALL.iter().map(|&k| (k, shipped(k))).collect())
}

/// Puzzles from a file's text, one a line (blank lines and `#` comments skipped).
pub fn read_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            Puzzle::parse(l).map_err(|e| PuzzleError::AtLine {
                line: i + 1,
                error: Box::new(e),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
