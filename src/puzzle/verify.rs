//! Re-checking a puzzle with the search, independently of how it was found: a fixed
//! budget of its own (smaller than mining's, so that every shipped puzzle can be
//! re-checked in a test), no clock, so the same verdict on any machine and in any build.
//!
//! At each of the solver's actions in the line: the action is worth at least the game's
//! margin, and the best other action is worth less than its `below` (an action that
//! wins the game at once is an answer too where the line's action does).

use super::engine::{self, Effort};
use super::{margins, Puzzle, PuzzleError};
use crate::games::{Game, GameKind, MoveError};

/// The verification's budget in a game: nodes before the game's node cost. Sidja's
/// nodes cost most (boards up to 9×9, lines of several captures), four-player
/// xiangqi's budget is cut to a tenth by its node cost, so it gets more.
pub fn verify_effort(kind: GameKind) -> Effort {
    let nodes = match kind {
        GameKind::Sidja => 6_000,
        GameKind::Xiangqi4 => 20_000,
        GameKind::Yote | GameKind::Banglagor | GameKind::Xiangqi => 12_000,
    };
    Effort { nodes, bits: 15 }
}

/// Why a puzzle did not verify.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Unverified {
    #[error(transparent)]
    Broken(#[from] PuzzleError),
    #[error("action {step} of the line, {action}, is worth {value}, below the margin {wins}")]
    NotWinning {
        step: usize,
        action: String,
        value: i32,
        wins: i32,
    },
    #[error("at action {step} of the line, {alternative} is worth {value}, not below {below}")]
    NotUnique {
        step: usize,
        alternative: String,
        value: i32,
        below: i32,
    },
}

/// Re-checks a puzzle with the search: each solver action of its line wins by the
/// margin, and the best alternative there does not.
pub fn verify(puzzle: &Puzzle) -> Result<(), Unverified> {
    verify_with(puzzle, verify_effort(puzzle.kind))
}

pub(super) fn verify_with(puzzle: &Puzzle, effort: Effort) -> Result<(), Unverified> {
    let start = puzzle.position()?;
    let (line, _) = super::format::check_line(&start, &puzzle.line)?;
    let Some(solver) = start.to_move() else {
        return Err(PuzzleError::Over.into());
    };
    let m = margins(puzzle.kind);
    let mut game = start;
    for (i, action) in line.iter().enumerate() {
        if game.to_move() == Some(solver) {
            let step = i + 1;
            let value = engine::value_of(&game, action, effort).unwrap_or(i32::MIN);
            if value < m.wins {
                return Err(Unverified::NotWinning {
                    step,
                    action: action.clone(),
                    value,
                    wins: m.wins,
                });
            }
            let wins = engine::wins_game(&game, action, solver);
            if let Some(alternative) =
                engine::best_except(&game, std::slice::from_ref(action), wins, effort)
            {
                if alternative.value >= m.below {
                    return Err(Unverified::NotUnique {
                        step,
                        alternative: alternative.action,
                        value: alternative.value,
                        below: m.below,
                    });
                }
            }
        }
        game.play(action).map_err(|error| {
            PuzzleError::Line(MoveError {
                index: i + 1,
                text: action.clone(),
                error,
            })
        })?;
    }
    Ok(())
}
