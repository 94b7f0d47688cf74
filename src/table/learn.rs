//! `/learn`: a player's course through a game's rules, a step at a time (the steps and
//! their checks are `crate::learn`'s; here the progress is kept and shown). Every reply
//! is private, with the step's board. Each change of a player's progress is one write
//! guarded by the version it was read at, so a move sent twice or a button pressed twice
//! changes it once.
//!
//! Stored progress names steps by their ids. A course is data that changes between
//! versions of the program (a step renamed, split, dropped or given another position),
//! so a stored step the course no longer has, or actions that no longer replay in their
//! step, are not damage: the player continues at the nearest step still there (the first
//! one not done, or the same step from its start), told so once, with the steps they did
//! kept. A row that cannot be read at all is damage, refused with its key.

use super::suggest::{completions, split_typed};
use super::{
    refuse, Attachment, Button, ButtonId, ButtonStyle, Caller, Choice, Reply, Result, Table,
    TableError,
};
use crate::games::{split_actions, AnyGame, Game, GameKind};
use crate::i18n::{token, Arg, Lang, Localize, Msg};
use crate::learn::{self, Course, Step, StepVerdict};
use crate::msg;
use crate::render::RenderOptions;
use crate::store::{ProgressRow, ProgressWrite, StepState};
use std::str::FromStr;

/// What a `/learn` asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnAction {
    /// Start the course, or show where the player is in it.
    Current,
    /// An answer to the current step: one action or a turn of several.
    Play(String),
    /// "Show me": the answer is played; the step counts as shown, not solved.
    ShowAnswer,
    /// On to the next step, once this one is solved or shown.
    Next,
    /// The course from its first step again.
    Restart,
}

/// A `/learn` request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnRequest {
    /// The game as typed (its code); none: the course the player was in last.
    pub game: Option<String>,
    pub action: LearnAction,
    /// The version of the progress a button was made at: a press on an older message
    /// changes nothing. Typed commands have none.
    pub version: Option<i64>,
}

impl LearnRequest {
    pub fn new(game: Option<String>, action: LearnAction) -> LearnRequest {
        LearnRequest {
            game,
            action,
            version: None,
        }
    }
}

/// The most actions one `/learn` move may hold (a turn of a few actions at most).
const MAX_TURN_ACTIONS: usize = 8;

/// A player's progress in one course, checked against the course of today.
#[derive(Clone, Debug)]
struct Progress {
    kind: GameKind,
    course: &'static Course,
    /// The current step's index.
    step: usize,
    played: Vec<String>,
    state: StepState,
    /// Ids of the course's steps, each in one list at most: solved wins over shown.
    solved: Vec<String>,
    shown: Vec<String>,
    /// The stored version; `None`: nothing stored yet.
    version: Option<i64>,
    /// What changed since the row was written, said once: the course is not as the row
    /// knew it.
    note: Option<Msg>,
}

impl Progress {
    fn fresh(kind: GameKind, course: &'static Course) -> Progress {
        Progress {
            kind,
            course,
            step: 0,
            played: Vec::new(),
            state: StepState::Open,
            solved: Vec::new(),
            shown: Vec::new(),
            version: None,
            note: None,
        }
    }

    /// A stored row met with the course as it is now (see the module's note).
    fn from_row(row: ProgressRow, course: &'static Course) -> Progress {
        let known = |id: &String| course.steps.iter().any(|s| &s.id == id);
        let in_course = |list: &[String]| -> Vec<String> {
            course
                .steps
                .iter()
                .map(|s| s.id.clone())
                .filter(|id| list.contains(id))
                .collect()
        };
        let solved = in_course(&row.solved);
        let shown: Vec<String> = in_course(&row.shown)
            .into_iter()
            .filter(|id| !solved.contains(id))
            .collect();
        let forgot = row.solved.iter().chain(&row.shown).any(|id| !known(id));
        let mut progress = Progress {
            kind: row.kind,
            course,
            step: 0,
            played: row.played,
            state: row.state,
            solved,
            shown,
            version: Some(row.version),
            note: None,
        };
        let last = course.steps.len().saturating_sub(1);
        let index = course.steps.iter().position(|s| s.id == row.step);
        match index {
            Some(i) if row.state != StepState::Finished || i == last => {
                progress.step = i;
                if progress
                    .current()
                    .start()
                    .play_all(&progress.played)
                    .is_err()
                {
                    progress.played.clear();
                    progress.state = StepState::Open;
                    progress.note = Some(msg!("learn-step-changed"));
                } else if forgot {
                    progress.note = Some(msg!("learn-course-changed", step = i as i64 + 1));
                }
            }
            // The step is gone, or the course grew after the player finished it: on at
            // the first step not done.
            _ => {
                progress.played.clear();
                match course.steps.iter().position(|s| !progress.is_done(&s.id)) {
                    Some(i) => {
                        progress.step = i;
                        progress.state = StepState::Open;
                    }
                    None => {
                        progress.step = last;
                        progress.state = StepState::Finished;
                    }
                }
                progress.note = Some(msg!(
                    "learn-course-changed",
                    step = progress.step as i64 + 1
                ));
            }
        }
        progress
    }

    fn current(&self) -> &'static Step {
        &self.course.steps[self.step]
    }

    /// Refuses unless the current step waits for an answer.
    fn still_open(&self) -> Result<()> {
        match self.state {
            StepState::Open => Ok(()),
            StepState::Finished => refuse(msg!("learn-course-done")),
            _ => refuse(msg!("learn-step-done")),
        }
    }

    fn is_done(&self, id: &str) -> bool {
        self.solved.iter().chain(&self.shown).any(|s| s == id)
    }

    /// The position after the actions played in the current step.
    fn position(&self) -> AnyGame {
        let mut game = self.current().start();
        // Checked when the progress was read or written: these actions replay.
        let _ = game.play_all(&self.played);
        game
    }

    fn write(&self) -> ProgressWrite {
        ProgressWrite {
            step: self.current().id.clone(),
            played: self.played.clone(),
            state: self.state,
            solved: self.solved.clone(),
            shown: self.shown.clone(),
        }
    }

    /// The version a reply's buttons carry once this is written.
    fn written_version(&self) -> i64 {
        self.version.map_or(0, |v| v + 1)
    }
}

impl Table {
    /// Answers a `/learn`.
    pub async fn learn(&self, caller: &Caller, request: LearnRequest) -> Result<Reply> {
        let lang = self.greet(caller).await?.private;
        let mut progress = self.progress_for(caller, request.game.as_deref()).await?;
        if let Some(pressed) = request.version {
            if progress.version != Some(pressed) {
                return refuse(msg!("learn-old-button"));
            }
        }
        let note = progress.note.take();
        let mut said: Vec<Msg> = note.into_iter().collect();
        let mut write = !said.is_empty();
        match request.action {
            LearnAction::Current => {
                write |= progress.version.is_none();
            }
            LearnAction::Play(text) if text.trim().is_empty() => {
                write |= progress.version.is_none();
            }
            LearnAction::Play(text) => {
                progress.still_open()?;
                let actions = split_actions(&text);
                if actions.len() > MAX_TURN_ACTIONS {
                    return refuse(msg!("learn-too-many", most = MAX_TURN_ACTIONS as i64));
                }
                match self.answer_step(&mut progress, &actions) {
                    Answered::Moved(words) => {
                        said.extend(words);
                        write = true;
                    }
                    Answered::Wrong(why) => {
                        said.push(why);
                        // A wrong answer changes nothing stored (but starts the course
                        // of a player who had not started it, for its buttons to work).
                        let write = write || progress.version.is_none();
                        return self.step_reply(caller, &progress, said, lang, write).await;
                    }
                }
            }
            LearnAction::ShowAnswer => {
                progress.still_open()?;
                let step = progress.current();
                let line = step.answer().to_vec();
                if step.start().play_all(&line).is_err() {
                    let why = format!("step {}: its answer does not replay", step.id);
                    return refuse(no_course(progress.kind, why));
                }
                progress.played = line.clone();
                progress.state = StepState::Shown;
                if !progress.is_done(&step.id) {
                    progress.shown.push(step.id.clone());
                }
                said.push(msg!("learn-shown", line = line.join(" ")));
                write = true;
            }
            LearnAction::Next => match progress.state {
                StepState::Open => return refuse(msg!("learn-solve-first")),
                StepState::Finished => {}
                StepState::Solved | StepState::Shown => {
                    if progress.step + 1 < progress.course.steps.len() {
                        progress.step += 1;
                        progress.played.clear();
                        progress.state = StepState::Open;
                    } else {
                        progress.state = StepState::Finished;
                    }
                    write = true;
                }
            },
            LearnAction::Restart => {
                let version = progress.version;
                progress = Progress::fresh(progress.kind, progress.course);
                progress.version = version;
                said = vec![msg!("learn-restarted")];
                write = true;
            }
        }
        self.step_reply(caller, &progress, said, lang, write).await
    }

    /// The course a request names (or the one the player was in last) and where the
    /// player is in it.
    async fn progress_for(&self, caller: &Caller, game: Option<&str>) -> Result<Progress> {
        let (kind, stored) = match game.map(str::trim).filter(|g| !g.is_empty()) {
            Some(game) => {
                let kind = GameKind::from_str(game).map_err(|e| TableError::Refused(e.msg()))?;
                (kind, self.store.lesson_progress(caller.user, kind).await?)
            }
            None => match self.store.latest_lesson(caller.user).await? {
                Some(Ok(row)) => (row.kind, Some(Ok(row))),
                Some(Err(damaged)) => {
                    tracing::error!("{damaged}: refused");
                    // Named as players call the game, where the row's game reads.
                    let game = match GameKind::from_str(&damaged.kind) {
                        Ok(kind) => Arg::Msg(Box::new(msg!("game-name", game = kind.name()))),
                        Err(_) => Arg::Text(token(&damaged.kind)),
                    };
                    return refuse(msg!("learn-damaged", game = game, why = damaged.why));
                }
                None => {
                    let games = GameKind::ALL
                        .iter()
                        .map(|k| Arg::Msg(Box::new(msg!("game-name", game = k.name()))))
                        .collect();
                    return refuse(msg!("learn-which-game", games = Arg::List(games)));
                }
            },
        };
        let course =
            learn::course(kind).map_err(|e| TableError::Refused(no_course(kind, e.to_string())))?;
        if course.steps.is_empty() {
            return refuse(no_course(kind, "it has no steps".to_string()));
        }
        match stored {
            None => Ok(Progress::fresh(kind, course)),
            Some(Ok(row)) => Ok(Progress::from_row(row, course)),
            Some(Err(damaged)) => {
                tracing::error!("{damaged}: refused");
                refuse(msg!(
                    "learn-damaged",
                    game = msg!("game-name", game = kind.name()),
                    why = damaged.why
                ))
            }
        }
    }

    /// Checks a turn's actions in the current step, all or nothing.
    fn answer_step(&self, progress: &mut Progress, actions: &[String]) -> Answered {
        let step = progress.current();
        let mut played = progress.played.clone();
        let mut mine = Vec::new();
        let mut replies = Vec::new();
        let learner = Some(step.learner());
        let mut solved = false;
        for action in actions {
            let actions = match step.check(&played, action) {
                StepVerdict::Done { actions } => {
                    solved = true;
                    actions
                }
                StepVerdict::Continue { actions } => actions,
                StepVerdict::Illegal(why) => {
                    return Answered::Wrong(msg!(
                        "learn-illegal",
                        action = token(action),
                        why = why
                    ))
                }
                StepVerdict::Missed(why) => {
                    return Answered::Wrong(msg!("learn-missed", why = why))
                }
            };
            split_by_seat(step, &played, &actions, learner, &mut mine, &mut replies);
            played.extend(actions);
            if solved {
                break;
            }
        }
        progress.played = played;
        let mine = mine.join(" ");
        let mut words = vec![match solved {
            true => msg!("learn-solved", actions = mine),
            false => msg!("learn-right", actions = mine),
        }];
        if !replies.is_empty() {
            words.push(msg!("learn-reply", actions = replies.join(" ")));
        }
        if solved {
            progress.state = StepState::Solved;
            progress.shown.retain(|id| id != &step.id);
            if !progress.solved.contains(&step.id) {
                progress.solved.push(step.id.clone());
                // Kept in the course's order.
                let order = |id: &String| progress.course.steps.iter().position(|s| &s.id == id);
                progress.solved.sort_by_key(order);
            }
            words.push(step.done(progress.kind));
        }
        Answered::Moved(words)
    }

    /// Writes the progress if `write` (guarded by its version), then shows the step: its
    /// heading, what was said, its task or what comes next, the board and the buttons.
    async fn step_reply(
        &self,
        caller: &Caller,
        progress: &Progress,
        said: Vec<Msg>,
        lang: Lang,
        write: bool,
    ) -> Result<Reply> {
        let version = if write {
            let written = self
                .store
                .write_lesson_progress(
                    caller.user,
                    progress.kind,
                    progress.version,
                    &progress.write(),
                    self.now(),
                )
                .await?;
            if !written {
                return refuse(msg!("learn-changed"));
            }
            progress.written_version()
        } else {
            progress.version.unwrap_or(0)
        };
        let kind = progress.kind;
        let step = progress.current();
        let steps = progress.course.steps.len() as i64;
        let mut lines = vec![msg!(
            "learn-heading",
            game = msg!("game-name", game = kind.name()),
            step = progress.step as i64 + 1,
            steps = steps,
            title = step.title(kind)
        )
        .tr(lang)];
        lines.extend(said.iter().map(|m| m.tr(lang)));
        let tally = msg!(
            "learn-tally",
            solved = progress.solved.len() as i64,
            shown = progress.shown.len() as i64,
            steps = steps
        );
        let (id, label, style, what_next) = match progress.state {
            StepState::Open => (
                ButtonId::LearnShow(kind, version),
                "button-learn-show",
                ButtonStyle::Secondary,
                msg!("learn-task", task = step.task(kind)),
            ),
            StepState::Solved | StepState::Shown => (
                ButtonId::LearnNext(kind, version),
                "button-learn-next",
                ButtonStyle::Primary,
                tally,
            ),
            StepState::Finished => (
                ButtonId::LearnRestart(kind, version),
                "button-learn-restart",
                ButtonStyle::Secondary,
                msg!(
                    "learn-finished",
                    game = msg!("game-name", game = kind.name()),
                    solved = progress.solved.len() as i64,
                    shown = progress.shown.len() as i64,
                    steps = steps
                ),
            ),
        };
        lines.push(what_next.tr(lang));
        let position = progress.position();
        let learner = Some(step.learner());
        let other = msg!("learn-other-side").tr(lang);
        let mut names = vec![other; crate::render::seat_count(&position) as usize];
        if let Some(seat) = learner {
            if let Some(name) = names.get_mut(seat.index()) {
                *name = super::display_name(&caller.name);
            }
        }
        let bytes = self
            .picture(
                position,
                RenderOptions::new(names).viewed_by(learner).in_lang(lang),
            )
            .await?;
        Ok(Reply {
            text: lines.join("\n"),
            image: Some(Attachment {
                name: format!(
                    "learn-{}-{}-{}.png",
                    kind.name(),
                    progress.step + 1,
                    progress.played.len()
                ),
                bytes,
            }),
            buttons: vec![Button::new(id, msg!(label).tr(lang), style)],
            ephemeral: true,
            ..Reply::default()
        })
    }

    /// Autocomplete of `/learn move:`: the legal actions of the caller's current step
    /// that continue what they typed (nothing once the step is done).
    pub async fn suggest_lesson_moves(
        &self,
        caller: &Caller,
        game: Option<&str>,
        typed: &str,
    ) -> Result<Vec<Choice>> {
        let Ok(progress) = self.progress_for(caller, game).await else {
            return Ok(Vec::new());
        };
        if progress.state != StepState::Open {
            return Ok(Vec::new());
        }
        let lang = self.langs(caller).await?.private;
        let learner = Some(progress.current().learner());
        let mut position = progress.position();
        let (words, partial) = split_typed(typed);
        if words.len() >= MAX_TURN_ACTIONS {
            return Ok(Vec::new());
        }
        let mut done = Vec::new();
        for word in &words {
            match position.play(word) {
                Ok(canonical) => done.push(canonical),
                Err(_) => return Ok(Vec::new()),
            }
        }
        if position.to_move() != learner {
            return Ok(Vec::new());
        }
        Ok(completions(&position, &done, &partial, lang))
    }
}

/// Why the course of `kind` cannot be taken.
fn no_course(kind: GameKind, why: String) -> Msg {
    msg!(
        "learn-no-course",
        game = msg!("game-name", game = kind.name()),
        why = why
    )
}

/// What a turn's actions came to in a step.
enum Answered {
    /// Right (the step solved or going on): what to say.
    Moved(Vec<Msg>),
    /// Illegal, or legal but not the task: why; nothing changes.
    Wrong(Msg),
}

/// Sorts `actions`, played after `played` in `step`, into the learner's and the scripted
/// replies of the other side.
fn split_by_seat(
    step: &Step,
    played: &[String],
    actions: &[String],
    learner: Option<crate::games::Seat>,
    mine: &mut Vec<String>,
    replies: &mut Vec<String>,
) {
    let mut position = step.start();
    if position.play_all(played).is_err() {
        mine.extend(actions.iter().cloned());
        return;
    }
    for action in actions {
        let by_learner = position.to_move() == learner;
        let _ = position.play(action);
        match by_learner {
            true => mine.push(action.clone()),
            false => replies.push(action.clone()),
        }
    }
}
