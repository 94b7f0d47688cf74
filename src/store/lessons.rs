//! Lesson progress: where each player is in each game's course (the current step, the
//! actions played in it, the steps solved and the steps whose answer was shown). Each
//! change is one statement guarded by the row's version, so that two presses of the
//! same button, or two answers sent at once, change it exactly once.

use super::kinds::stored_enum;
use super::{column, db_id, json_text, query, texts_json, DbRow, Result, Store};
use crate::games::GameKind;
use crate::ids::UserId;

stored_enum! {
    /// Where the player is in the current step.
    pub enum StepState {
        /// Being played.
        Open = "open",
        /// The player did the task.
        Solved = "solved",
        /// The player asked for the answer, which was played for them.
        Shown = "shown",
        /// The course is over: the current step is its last, done.
        Finished = "finished",
    }
}

/// A player's progress in one game's course, as stored (step ids as the course named
/// them when it was written: the table checks them against the course of today).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgressRow {
    pub user: UserId,
    pub kind: GameKind,
    pub step: String,
    /// The actions played in the current step, the scripted replies among them.
    pub played: Vec<String>,
    pub state: StepState,
    pub solved: Vec<String>,
    pub shown: Vec<String>,
    pub version: i64,
    pub started_at: i64,
    pub updated_at: i64,
}

/// A progress row that cannot be read: refused for that player and game only, and
/// listed by `boardpost db check`. Named by what the row stores, as text, since a
/// damaged row's own columns may not read either.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {kind} lesson progress of user {user} is damaged in the database: {why}")]
pub struct DamagedProgress {
    pub user: String,
    pub kind: String,
    pub why: String,
}

/// A progress row, or why it cannot be used.
pub type StoredProgress = std::result::Result<ProgressRow, DamagedProgress>;

/// What a change writes: the whole progress of one player in one course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgressWrite {
    pub step: String,
    pub played: Vec<String>,
    pub state: StepState,
    pub solved: Vec<String>,
    pub shown: Vec<String>,
}

/// The most actions a step's record may hold, and the most step ids a list may: far
/// more than any course has, so that a row grown beyond them is damage, not work.
pub const MAX_PLAYED: usize = 200;
pub const MAX_STEP_IDS: usize = 500;
/// The longest step id, in bytes.
pub const MAX_STEP_ID: usize = 100;

/// A JSON array of texts, each at most `longest` bytes, at most `most` of them.
fn texts(json: &str, most: usize, longest: usize) -> std::result::Result<Vec<String>, String> {
    let list: Vec<String> =
        serde_json::from_str(json).map_err(|e| format!("not a list of texts ({e})"))?;
    if list.len() > most {
        return Err(format!("{} entries, more than {most}", list.len()));
    }
    if let Some(long) = list.iter().find(|t| t.len() > longest) {
        let shown: String = long.chars().take(40).collect();
        return Err(format!(
            "the entry “{shown}…” is longer than {longest} bytes"
        ));
    }
    Ok(list)
}

/// A column read as text for naming a row (whatever it holds, or `?`).
fn label(row: &DbRow, name: &str) -> String {
    column::<Option<String>>(row, &String::new, name)
        .ok()
        .flatten()
        .unwrap_or_else(|| "?".to_string())
}

fn progress_from(row: &DbRow) -> StoredProgress {
    let damaged = |why: String| DamagedProgress {
        user: label(row, "user_text"),
        kind: label(row, "kind_text"),
        why,
    };
    let what = || "a lesson progress row".to_string();
    let user: i64 = column(row, &what, "user_id").map_err(|e| damaged(e.to_string()))?;
    let kind_text: String = column(row, &what, "kind").map_err(|e| damaged(e.to_string()))?;
    let kind = GameKind::ALL
        .iter()
        .copied()
        .find(|k| k.name() == kind_text)
        .ok_or_else(|| damaged(format!("“{kind_text}” is not a game")))?;
    let step: String = column(row, &what, "step_id").map_err(|e| damaged(e.to_string()))?;
    if step.is_empty() || step.len() > MAX_STEP_ID {
        return Err(damaged(format!(
            "its step id is empty or longer than {MAX_STEP_ID} bytes"
        )));
    }
    let list = |name: &str, most: usize, longest: usize| {
        let json = json_text(row, &what, name).map_err(|e| damaged(e.to_string()))?;
        texts(&json, most, longest).map_err(|why| damaged(format!("column {name}: {why}")))
    };
    let played = list("played", MAX_PLAYED, MAX_STEP_ID)?;
    let solved = list("solved", MAX_STEP_IDS, MAX_STEP_ID)?;
    let shown = list("shown", MAX_STEP_IDS, MAX_STEP_ID)?;
    let state_text: String =
        column(row, &what, "step_state").map_err(|e| damaged(e.to_string()))?;
    let state = StepState::parse(&state_text)
        .ok_or_else(|| damaged(format!("“{state_text}” is not a step's state")))?;
    let version: i64 = column(row, &what, "version").map_err(|e| damaged(e.to_string()))?;
    if version < 0 {
        return Err(damaged(format!("its version {version} is below 0")));
    }
    Ok(ProgressRow {
        user: UserId(user as u64),
        kind,
        step,
        played,
        state,
        solved,
        shown,
        version,
        started_at: column(row, &what, "started_at").map_err(|e| damaged(e.to_string()))?,
        updated_at: column(row, &what, "updated_at").map_err(|e| damaged(e.to_string()))?,
    })
}

/// The columns every read selects: the row, and its ids as text to name it if damaged.
const SELECTED: &str = "CAST(user_id AS TEXT) AS user_text, CAST(kind AS TEXT) AS kind_text, *";

impl Store {
    /// A player's progress in one game's course, if they started it.
    pub async fn lesson_progress(
        &self,
        user: UserId,
        kind: GameKind,
    ) -> Result<Option<StoredProgress>> {
        let row = query(format!(
            "SELECT {SELECTED} FROM lesson_progress WHERE user_id = $1 AND kind = $2"
        ))
        .bind(db_id(user.0))
        .bind(kind.name())
        .fetch_optional(self.on())
        .await?;
        Ok(row.as_ref().map(progress_from))
    }

    /// The course a player touched last, if any.
    pub async fn latest_lesson(&self, user: UserId) -> Result<Option<StoredProgress>> {
        let row = query(format!(
            "SELECT {SELECTED} FROM lesson_progress WHERE user_id = $1
             ORDER BY touched DESC, kind LIMIT 1"
        ))
        .bind(db_id(user.0))
        .fetch_optional(self.on())
        .await?;
        Ok(row.as_ref().map(progress_from))
    }

    /// Writes a player's progress in a course if it is still at `expected` (its version
    /// as read; `None`: the player has no row yet), in one statement; false if another
    /// change came first, and nothing is written.
    pub async fn write_lesson_progress(
        &self,
        user: UserId,
        kind: GameKind,
        expected: Option<i64>,
        progress: &ProgressWrite,
        now: i64,
    ) -> Result<bool> {
        let sql = match expected {
            None => {
                "INSERT INTO lesson_progress (user_id, kind, step_id, played, step_state,
                   solved, shown, version, started_at, updated_at, touched)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $8, (SELECT COALESCE(MAX(touched), 0)
                   + 1 FROM lesson_progress WHERE user_id = $1))
                 ON CONFLICT (user_id, kind) DO NOTHING"
            }
            Some(_) => {
                "UPDATE lesson_progress SET step_id = $3, played = $4, step_state = $5,
                   solved = $6, shown = $7, version = version + 1, updated_at = $8,
                   touched = (SELECT COALESCE(MAX(touched), 0) + 1 FROM lesson_progress
                     WHERE user_id = $1)
                 WHERE user_id = $1 AND kind = $2 AND version = $9"
            }
        };
        let mut q = query(sql)
            .bind(db_id(user.0))
            .bind(kind.name())
            .bind(&progress.step)
            .bind(texts_json(&progress.played))
            .bind(progress.state.as_str())
            .bind(texts_json(&progress.solved))
            .bind(texts_json(&progress.shown))
            .bind(now);
        if let Some(version) = expected {
            q = q.bind(version);
        }
        let done = q.execute(self.on()).await?;
        Ok(done == 1)
    }

    /// Every progress row that cannot be read, a page at a time.
    pub async fn damaged_lesson_progress(&self) -> Result<Vec<DamagedProgress>> {
        const PAGE: i64 = 500;
        let mut damaged = Vec::new();
        let mut offset = 0i64;
        loop {
            let rows = query(format!(
                "SELECT {SELECTED} FROM lesson_progress ORDER BY user_id, kind
                 LIMIT $1 OFFSET $2"
            ))
            .bind(PAGE)
            .bind(offset)
            .fetch_all(self.on())
            .await?;
            damaged.extend(rows.iter().filter_map(|row| progress_from(row).err()));
            if (rows.len() as i64) < PAGE {
                break;
            }
            offset += PAGE;
        }
        Ok(damaged)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_read_back_and_nothing_else_reads() {
        for state in [
            StepState::Open,
            StepState::Solved,
            StepState::Shown,
            StepState::Finished,
        ] {
            assert_eq!(StepState::parse(state.as_str()), Some(state));
        }
        assert_eq!(StepState::parse("Open"), None);
        assert_eq!(StepState::parse(""), None);
    }

    #[test]
    fn lists_are_texts_within_their_bounds() {
        assert_eq!(
            texts(r#"["a1","b2"]"#, 5, 10),
            Ok(vec!["a1".into(), "b2".into()])
        );
        assert!(texts(r#"{"a":1}"#, 5, 10).is_err());
        assert!(texts("[1, 2]", 5, 10).is_err());
        assert!(texts(r#"["a","b","c"]"#, 2, 10).is_err());
        assert!(texts(r#"["abcdefghijk"]"#, 2, 10).is_err());
    }
}
