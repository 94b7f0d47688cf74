//! A course file (`assets/lessons/<game>.toml`): a list of `[[step]]` tables, each with
//! its id, its start position, its task, the answer line and one wrong try.
//!
//! ```toml
//! [[step]]
//! id = "custodian-capture"
//! rows = ["XO...", ".....", "..O..", ".X...", "....."]   # or moves, fen, pieces
//! to_move = 1
//! task = { kind = "capture", at = ["c3"] }
//! answer = ["b2-c2"]
//! wrong = ["b2-a2"]
//! ```
//!
//! The start position is one of: `moves` from the game's start (with `options`); a
//! diagram `rows` (Sidja, Yoté, Banglagor; `reserve` for Yoté) with `to_move`; a xiangqi
//! `fen`; four-player xiangqi `pieces` with `reserves` and `to_move`. `moves` may follow
//! a diagram or a FEN (to give the position a history, as repetition needs).

use super::task::Task;
use super::{Course, Step};
use crate::games::banglagor::Banglagor;
use crate::games::sidja::{Options as SidjaOptions, Sidja};
use crate::games::xiangqi4::{Army, Options as X4Options, Xiangqi4};
use crate::games::yote::Yote;
use crate::games::{AnyGame, BySeat, Game, GameKind, GameOptions, Seat};
use serde::Deserialize;
use std::collections::BTreeSet;

/// Why a course cannot be used: its file does not read, or a step is not sound.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LessonError {
    #[error("there is no course for {0}")]
    NoCourse(GameKind),
    #[error("assets/lessons/{game}.toml does not read: {reason}")]
    Syntax { game: GameKind, reason: String },
    #[error("{game} step “{step}”: {reason}")]
    BadStep {
        game: GameKind,
        step: String,
        reason: String,
    },
    #[error("{game}: the step id “{step}” is used twice")]
    DuplicateId { game: GameKind, step: String },
}

/// The text of a game's course file, embedded at build time.
pub fn source(kind: GameKind) -> &'static str {
    macro_rules! course_files {
        ($($variant:ident = $name:literal),*) => {
            match kind {
                $(GameKind::$variant => include_str!(concat!("../../assets/lessons/", $name, ".toml")),)*
            }
        };
    }
    crate::games::with_game_list!(course_files)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CourseFile {
    step: Vec<StepFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepFile {
    id: String,
    #[serde(default)]
    options: Vec<String>,
    #[serde(default)]
    rows: Option<Vec<String>>,
    /// Yoté: each seat's reserve with a diagram (seat 1 first).
    #[serde(default)]
    reserve: Option<[u8; 2]>,
    #[serde(default)]
    fen: Option<String>,
    /// Four-player xiangqi: pieces as tokens (`rKj1 rPf4 bKs10`).
    #[serde(default)]
    pieces: Option<String>,
    /// Four-player xiangqi: each seat's reserve as tokens (`bR bH`), seat 1 first.
    #[serde(default)]
    reserves: Option<Vec<String>>,
    #[serde(default)]
    to_move: Option<u8>,
    /// Actions from the start (or after the diagram or FEN) to the step's position.
    #[serde(default)]
    moves: Vec<String>,
    task: Task,
    answer: Vec<String>,
    wrong: Vec<String>,
}

/// Reads a course file into checked steps: each step's start position is made, its
/// answer line and wrong try are non-empty, and no id is used twice.
pub fn parse_course(kind: GameKind, text: &str) -> Result<Course, LessonError> {
    let file: CourseFile = toml::from_str(text).map_err(|e| LessonError::Syntax {
        game: kind,
        reason: e.to_string(),
    })?;
    let mut seen = BTreeSet::new();
    let mut steps = Vec::with_capacity(file.step.len());
    for step in file.step {
        if !seen.insert(step.id.clone()) {
            return Err(LessonError::DuplicateId {
                game: kind,
                step: step.id,
            });
        }
        let bad = |reason: String| LessonError::BadStep {
            game: kind,
            step: step.id.clone(),
            reason,
        };
        if step.id.is_empty()
            || !step
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(bad("ids are lower-case letters, digits and -".into()));
        }
        if step.answer.is_empty() || step.wrong.is_empty() {
            return Err(bad("a step needs an answer and a wrong try".into()));
        }
        let start = start_position(kind, &step).map_err(bad)?;
        let learner = start
            .to_move()
            .ok_or_else(|| bad("the start position is already over".into()))?;
        step.task.validate().map_err(bad)?;
        steps.push(Step {
            id: step.id,
            kind,
            start,
            learner,
            task: step.task,
            answer: step.answer,
            wrong: step.wrong,
        });
    }
    Ok(Course { kind, steps })
}

fn seat(number: Option<u8>) -> Result<Seat, String> {
    let number = number.ok_or("a diagram needs to_move")?;
    Seat::from_number(number).ok_or_else(|| format!("there is no seat {number}"))
}

/// The step's start position, made by the engine's own constructors.
fn start_position(kind: GameKind, step: &StepFile) -> Result<AnyGame, String> {
    let options = GameOptions::parse(kind, &step.options).map_err(|e| e.to_string())?;
    let only = |what: &str, given: bool| {
        if given {
            Err(format!("{what} is not used by {kind}"))
        } else {
            Ok(())
        }
    };
    let mut game = match (kind, options) {
        (GameKind::Sidja, GameOptions::Sidja(o)) => {
            only("fen", step.fen.is_some())?;
            only("pieces", step.pieces.is_some() || step.reserves.is_some())?;
            only("reserve", step.reserve.is_some())?;
            match &step.rows {
                Some(rows) => sidja(o, rows, seat(step.to_move)?)?,
                None => options.start(),
            }
        }
        (GameKind::Yote, _) => {
            only("fen", step.fen.is_some())?;
            only("pieces", step.pieces.is_some() || step.reserves.is_some())?;
            match &step.rows {
                Some(rows) => {
                    let [first, second] = step.reserve.unwrap_or([0, 0]);
                    let game =
                        Yote::from_position(rows, BySeat::new(first, second), seat(step.to_move)?)?;
                    AnyGame::Yote(Box::new(game))
                }
                None => options.start(),
            }
        }
        (GameKind::Banglagor, _) => {
            only("fen", step.fen.is_some())?;
            only("pieces", step.pieces.is_some() || step.reserves.is_some())?;
            only("reserve", step.reserve.is_some())?;
            match &step.rows {
                Some(rows) => AnyGame::Banglagor(Box::new(Banglagor::from_position(
                    rows,
                    seat(step.to_move)?,
                )?)),
                None => options.start(),
            }
        }
        (GameKind::Xiangqi, _) => {
            only("rows", step.rows.is_some())?;
            only("pieces", step.pieces.is_some() || step.reserves.is_some())?;
            only("reserve", step.reserve.is_some())?;
            only("to_move (the FEN says it)", step.to_move.is_some())?;
            match &step.fen {
                Some(fen) => AnyGame::xiangqi_from_fen(fen).map_err(|e| e.to_string())?,
                None => options.start(),
            }
        }
        (GameKind::Xiangqi4, GameOptions::Xiangqi4(o)) => {
            only("rows", step.rows.is_some())?;
            only("fen", step.fen.is_some())?;
            only("reserve", step.reserve.is_some())?;
            match &step.pieces {
                Some(pieces) => xiangqi4(o, pieces, step.reserves.as_deref(), step.to_move)?,
                None => options.start(),
            }
        }
        _ => return Err("the options are not this game's".into()),
    };
    game.play_all(&step.moves).map_err(|e| e.to_string())?;
    Ok(game)
}

fn sidja(options: SidjaOptions, rows: &[String], to_move: Seat) -> Result<AnyGame, String> {
    Ok(AnyGame::Sidja(Box::new(Sidja::from_position(
        options, rows, to_move,
    )?)))
}

fn xiangqi4(
    options: X4Options,
    pieces: &str,
    reserves: Option<&[String]>,
    to_move: Option<u8>,
) -> Result<AnyGame, String> {
    let to_move = Army::of(seat(to_move)?);
    let reserves: Vec<(Army, &str)> = reserves
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(i, text)| (Army::from_index(i), text.as_str()))
        .collect();
    if reserves.len() > 4 {
        return Err("four-player xiangqi has four reserves".into());
    }
    let game = Xiangqi4::from_position(options, pieces, &reserves, to_move)?;
    Ok(AnyGame::Xiangqi4(Box::new(game)))
}
