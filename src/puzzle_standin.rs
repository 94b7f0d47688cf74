//! A private stand-in for puzzles-core's `src/puzzle/` (issue 45's shared API), so that
//! the service compiles before that module is merged. Deleted at the merge.

use crate::games::{AnyGame, Game, GameKind, Seat};
use crate::i18n::{Localize, Msg};
use crate::msg;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub key: String,
    pub kind: GameKind,
    pub options: Vec<String>,
    pub moves: Vec<String>,
    pub line: Vec<String>,
    pub theme: Theme,
    pub source: Source,
    pub rating: i32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    Capture,
    DoubleCapture,
    Bind,
    MateIn(u8),
    Elimination,
    Win,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    Mined { seed: u64, ply: usize },
    Game { id: i64, ply: usize },
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct PuzzleError(pub String);

#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleVerdict {
    Solved { actions: Vec<String> },
    Continue { actions: Vec<String> },
    Wrong { actions: Vec<String> },
    Illegal(Msg),
}

impl Puzzle {
    pub fn position(&self) -> Result<AnyGame, PuzzleError> {
        let mut game = AnyGame::new(self.kind.name(), &self.options)
            .map_err(|e| PuzzleError(e.to_string()))?;
        game.play_all(&self.moves)
            .map_err(|e| PuzzleError(e.to_string()))?;
        Ok(game)
    }

    pub fn solver(&self) -> Seat {
        self.position()
            .ok()
            .and_then(|g| g.to_move())
            .unwrap_or(Seat::from_number(1).expect("seat 1"))
    }

    pub fn check(&self, played: &[String], action: &str) -> PuzzleVerdict {
        let Ok(mut game) = self.position() else {
            return PuzzleVerdict::Illegal(msg!("error-changed"));
        };
        if game.play_all(played).is_err() {
            return PuzzleVerdict::Illegal(msg!("error-changed"));
        }
        let canonical = match game.play(action) {
            Ok(c) => c,
            Err(e) => return PuzzleVerdict::Illegal(e.msg()),
        };
        if self.line.get(played.len()) != Some(&canonical) {
            return PuzzleVerdict::Wrong {
                actions: vec![canonical],
            };
        }
        let mut actions = vec![canonical];
        let next = played.len() + 1;
        if next >= self.line.len() {
            return PuzzleVerdict::Solved { actions };
        }
        actions.push(self.line[next].clone());
        if next + 1 >= self.line.len() {
            return PuzzleVerdict::Solved { actions };
        }
        PuzzleVerdict::Continue { actions }
    }

    pub fn to_line(&self) -> String {
        self.key.clone()
    }

    pub fn parse(line: &str) -> Result<Puzzle, PuzzleError> {
        Err(PuzzleError(format!("no puzzle text format yet: {line}")))
    }
}

pub fn shipped(_kind: GameKind) -> Result<Vec<Puzzle>, PuzzleError> {
    Ok(Vec::new())
}

pub fn mine(_game: &AnyGame, _source_game: Option<i64>, _seed: u64) -> Vec<Puzzle> {
    Vec::new()
}

pub fn from_missed(_game: &AnyGame, _seat: Seat, _analysis: &crate::ai::Analysis) -> Vec<Puzzle> {
    Vec::new()
}
