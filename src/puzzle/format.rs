//! One puzzle per line of text, fields separated by `|`:
//!
//! ```text
//! key | game | options | moves | line | theme | source | rating
//! sidja-0001 | sidja | variant=sudan, size=5 | c1, d2, … | b3-c3, pass | capture | bot:17:42 | 1500
//! ```
//!
//! Lists are separated by commas (Banglagor's `free d4` holds a blank, no action holds
//! a comma or a bar); an empty list is `-`. The source is `bot:SEED:PLY` (a generator
//! game) or `game:ID:PLY` (a game of the server).

use super::{Puzzle, Source, Theme};
use crate::games::{AnyGame, Game, GameKind, MoveError, SetupError};
use std::str::FromStr;

/// Why a puzzle's text or stored row was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PuzzleError {
    #[error("a puzzle line has 8 fields separated by `|`, this one {0}")]
    Fields(usize),
    #[error("the key \"{0}\" is not made of a-z, 0-9 and `-` (1 to 40 of them)")]
    Key(String),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("the moves do not replay: {0}")]
    Moves(MoveError),
    #[error("the puzzle's position is already over")]
    Over,
    #[error("the solution line is empty")]
    EmptyLine,
    #[error("the solution line does not replay: {0}")]
    Line(MoveError),
    #[error("the solution line ends on a reply, not on the solver's action")]
    EndsOnReply,
    #[error("unknown theme \"{0}\"")]
    Theme(String),
    #[error("the source \"{0}\" is neither bot:SEED:PLY nor game:ID:PLY")]
    Source(String),
    #[error("the rating \"{0}\" is not a number from 100 to 4000")]
    Rating(String),
    #[error("line {line}: {error}")]
    AtLine {
        line: usize,
        error: Box<PuzzleError>,
    },
}

/// The position of a puzzle: its options, then its moves.
pub fn replay(
    kind: GameKind,
    options: &[String],
    moves: &[String],
) -> Result<AnyGame, PuzzleError> {
    let mut game = AnyGame::new(kind.name(), options)?;
    game.play_all(moves).map_err(PuzzleError::Moves)?;
    Ok(game)
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(", ")
    }
}

fn read_list(field: &str) -> Vec<String> {
    if field == "-" || field.is_empty() {
        return Vec::new();
    }
    field.split(',').map(|s| s.trim().to_string()).collect()
}

impl Source {
    pub fn as_text(&self) -> String {
        match self {
            Source::Mined { seed, ply } => format!("bot:{seed}:{ply}"),
            Source::Game { id, ply } => format!("game:{id}:{ply}"),
        }
    }

    pub fn from_text(text: &str) -> Option<Source> {
        let mut parts = text.split(':');
        let (kind, id, ply) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() {
            return None;
        }
        let ply = usize::from_str(ply).ok()?;
        match kind {
            "bot" => Some(Source::Mined {
                seed: u64::from_str(id).ok()?,
                ply,
            }),
            "game" => Some(Source::Game {
                id: i64::from_str(id).ok()?,
                ply,
            }),
            _ => None,
        }
    }
}

/// The options as the text writes them: the game's effective values that apply.
pub fn to_line(p: &Puzzle) -> String {
    [
        p.key.clone(),
        p.kind.name().to_string(),
        list(&p.options),
        list(&p.moves),
        list(&p.line),
        p.theme.as_text(),
        p.source.as_text(),
        p.rating.to_string(),
    ]
    .join(" | ")
}

/// Whether a key is short and plain: it names the puzzle in buttons and the store.
fn key_ok(key: &str) -> bool {
    (1..=40).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

pub fn parse(line: &str) -> Result<Puzzle, PuzzleError> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [key, game, options, moves, solution, theme, source, rating] = fields[..] else {
        return Err(PuzzleError::Fields(fields.len()));
    };
    if !key_ok(key) {
        return Err(PuzzleError::Key(crate::games::token(key)));
    }
    let kind = GameKind::from_str(game)?;
    let options = read_list(options);
    let moves = read_list(moves);
    let solution = read_list(solution);
    let theme =
        Theme::from_text(theme).ok_or_else(|| PuzzleError::Theme(crate::games::token(theme)))?;
    let source = Source::from_text(source)
        .ok_or_else(|| PuzzleError::Source(crate::games::token(source)))?;
    let rating = i32::from_str(rating)
        .ok()
        .filter(|r| (100..=4000).contains(r))
        .ok_or_else(|| PuzzleError::Rating(crate::games::token(rating)))?;
    let mut game = AnyGame::new(kind.name(), &options)?;
    let moves = game.play_all(&moves).map_err(PuzzleError::Moves)?;
    let (line, _) = check_line(&game, &solution)?;
    Ok(Puzzle {
        key: key.to_string(),
        kind,
        options,
        moves,
        line,
        theme,
        source,
        rating,
    })
}

/// Checks a solution line at `position`: not empty, legal, and ending on the solver's
/// action. Returns its canonical texts and the position after it.
pub fn check_line(
    position: &AnyGame,
    line: &[String],
) -> Result<(Vec<String>, AnyGame), PuzzleError> {
    let solver = position.to_move().ok_or(PuzzleError::Over)?;
    if line.is_empty() {
        return Err(PuzzleError::EmptyLine);
    }
    let mut game = position.clone();
    let mut canonical = Vec::with_capacity(line.len());
    let mut last_by_solver = false;
    for (i, action) in line.iter().enumerate() {
        let mover = game.to_move();
        match game.play(action) {
            Ok(text) => canonical.push(text),
            Err(error) => {
                return Err(PuzzleError::Line(MoveError {
                    index: i + 1,
                    text: action.clone(),
                    error,
                }))
            }
        }
        last_by_solver = mover == Some(solver);
    }
    if !last_by_solver {
        return Err(PuzzleError::EndsOnReply);
    }
    Ok((canonical, game))
}
