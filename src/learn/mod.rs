//! Lessons: for every game a short course of steps that together teach its rules
//! (docs/rules.md). A step is a small position, a one-line task and the answer; the
//! player's move is checked by the engine (is it legal?) and then by the step's task, a
//! typed predicate on the position before the turn, the turn's actions and the position
//! after it. Nothing here searches: a check replays a few actions and compares positions.
//!
//! Courses are data (`assets/lessons/<game>.toml`, embedded at build time, see [`file`]);
//! their words are in `locales/<lang>/lessons.ftl`, by step id.

mod file;
mod task;

pub use file::LessonError;
pub use task::Task;

use crate::games::{AnyGame, Game, GameKind, Seat};
use crate::i18n::{token, Localize, Msg};
use crate::msg;
use std::sync::OnceLock;

/// One game's course: its steps in order.
#[derive(Clone, Debug)]
pub struct Course {
    pub kind: GameKind,
    pub steps: Vec<Step>,
}

impl Course {
    /// The step with this id, if the course has one.
    pub fn step(&self, id: &str) -> Option<&Step> {
        self.steps.iter().find(|s| s.id == id)
    }
}

/// One step of a course.
#[derive(Clone, Debug)]
pub struct Step {
    /// Stable id inside its course ("placement", "custodian-capture"): progress is
    /// stored by it.
    pub id: String,
    kind: GameKind,
    start: AnyGame,
    /// The seat the player plays: the one to move in the start position.
    learner: Seat,
    task: Task,
    answer: Vec<String>,
    wrong: Vec<String>,
}

/// What a player's action in a step came to.
#[derive(Clone, Debug, PartialEq)]
pub enum StepVerdict {
    /// The task is done. `actions` are the canonical texts to append to `played`.
    Done { actions: Vec<String> },
    /// Right so far; the step goes on (a turn of several actions, or the scripted reply
    /// that follows, included in `actions`).
    Continue { actions: Vec<String> },
    /// Not legal: the engine's own reason, as words.
    Illegal(Msg),
    /// Legal but it does not do the task: what it did instead, as words.
    Missed(Msg),
}

/// Every game's course, parsed once from its file. A course that does not read is an
/// error value here (and a failing test), never a panic.
pub fn course(kind: GameKind) -> Result<&'static Course, LessonError> {
    static COURSES: OnceLock<Vec<Result<Course, LessonError>>> = OnceLock::new();
    let all = COURSES.get_or_init(|| {
        GameKind::ALL
            .iter()
            .map(|kind| file::parse_course(*kind, file::source(*kind)))
            .collect()
    });
    let index = GameKind::ALL
        .iter()
        .position(|k| *k == kind)
        .ok_or(LessonError::NoCourse(kind))?;
    match all.get(index) {
        Some(Ok(course)) => Ok(course),
        Some(Err(error)) => Err(error.clone()),
        None => Err(LessonError::NoCourse(kind)),
    }
}

impl Step {
    /// The position the step starts from.
    pub fn start(&self) -> AnyGame {
        self.start.clone()
    }

    /// The game of the step's course.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The seat the player plays in this step.
    pub fn learner(&self) -> Seat {
        self.learner
    }

    /// The step's title, as words.
    pub fn title(&self, kind: GameKind) -> Msg {
        Msg::new(self.words_id(kind, "title"))
    }

    /// The step's one-line task, as words.
    pub fn task(&self, kind: GameKind) -> Msg {
        Msg::new(self.words_id(kind, "task"))
    }

    /// What is said when the step is done: the rule it showed, in a sentence or two.
    pub fn done(&self, kind: GameKind) -> Msg {
        Msg::new(self.words_id(kind, "done"))
    }

    /// The Fluent id of one of the step's texts: `lesson-sidja-placement-title`.
    pub fn words_id(&self, kind: GameKind, part: &str) -> String {
        format!("lesson-{}-{}-{}", kind.name(), self.id, part)
    }

    /// The answer line: the player's actions and any scripted replies, in order.
    pub fn answer(&self) -> &[String] {
        &self.answer
    }

    /// The wrong try the tests play: actions that are answered `Continue` but the last,
    /// which is answered `Missed` or `Illegal`.
    pub fn wrong(&self) -> &[String] {
        &self.wrong
    }

    /// The position after the actions already played in this step.
    pub fn position(&self, played: &[String]) -> Result<AnyGame, Msg> {
        let mut game = self.start.clone();
        game.play_all(played).map_err(|e| e.msg())?;
        Ok(game)
    }

    /// Checks the player's action in the step's position after `played` (the actions
    /// already played in this step). No search: legality from the engine, then the
    /// step's task on the position after it.
    pub fn check(&self, played: &[String], action: &str) -> StepVerdict {
        // The position at the start of the player's turn under way, and the turn's
        // actions so far: tasks are judged over a whole turn (two stones placed, a
        // capture and the extra moves it earns).
        let mut now = self.start.clone();
        let mut turn_start = now.clone();
        let mut turn: Vec<String> = Vec::new();
        for text in played {
            let before = now.to_move();
            if let Err(error) = now.play(text) {
                return StepVerdict::Illegal(msg!(
                    "lesson-line-broken",
                    action = token(text),
                    error = error.msg()
                ));
            }
            if before == Some(self.learner) {
                turn.push(text.clone());
            } else if now.to_move() == Some(self.learner) {
                turn_start = now.clone();
                turn.clear();
            }
        }
        if now.to_move() != Some(self.learner) {
            return StepVerdict::Illegal(match now.outcome() {
                Some(outcome) => msg!("error-game-over", outcome = outcome.msg()),
                None => msg!("lesson-not-your-turn"),
            });
        }
        let parsed = match now.parse_action(action) {
            Ok(parsed) => parsed,
            Err(error) => return StepVerdict::Illegal(error.msg()),
        };
        let did = now.preview(parsed).map(|p| p.msg());
        let canonical = parsed.to_string();
        let mut after = now.clone();
        if let Err(error) = after.try_play(parsed) {
            return StepVerdict::Illegal(error.msg());
        }
        turn.push(canonical.clone());
        let mut actions = vec![canonical.clone()];
        if self.task.is_done(&turn_start, &turn, &after, self.learner) {
            return StepVerdict::Done { actions };
        }
        if after.to_move() == Some(self.learner) {
            return StepVerdict::Continue { actions };
        }
        // The turn is over without the task done. On the answer line with scripted
        // replies to come, the replies are played and the step goes on.
        let line_so_far: Vec<&str> = played
            .iter()
            .map(String::as_str)
            .chain([canonical.as_str()])
            .collect();
        let on_line = self.answer.len() > line_so_far.len()
            && self.answer[..line_so_far.len()]
                .iter()
                .map(String::as_str)
                .eq(line_so_far.iter().copied());
        if on_line && after.outcome().is_none() {
            let mut replied = after.clone();
            for reply in &self.answer[line_so_far.len()..] {
                if replied.to_move() == Some(self.learner) || replied.outcome().is_some() {
                    break;
                }
                match replied.play(reply) {
                    Ok(text) => actions.push(text),
                    Err(error) => {
                        return StepVerdict::Illegal(msg!(
                            "lesson-line-broken",
                            action = token(reply),
                            error = error.msg()
                        ))
                    }
                }
            }
            // A reply may finish the task (the opponent's perpetual check loses).
            if self
                .task
                .is_done(&turn_start, &turn, &replied, self.learner)
            {
                return StepVerdict::Done { actions };
            }
            return StepVerdict::Continue { actions };
        }
        let why = self.task.missed(&turn_start, &turn, &after, self.learner);
        StepVerdict::Missed(match did {
            Some(did) => msg!(
                "lesson-missed",
                action = token(&canonical),
                did = did,
                why = why
            ),
            None => msg!("lesson-missed-plain", action = token(&canonical), why = why),
        })
    }
}

#[cfg(test)]
mod tests;
