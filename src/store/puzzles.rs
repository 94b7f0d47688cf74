//! Puzzles and the players who solve them: the pool (shipped, mined from finished games,
//! or private to one player), each player's puzzle rating per game, their first attempt
//! at each puzzle (the one that rates), and the puzzle each is solving now. An answer is
//! taken inside one transaction guarded by the version of the player's puzzle in
//! progress, so that a second copy of it changes nothing.

use super::kinds::stored_enum;
use super::leases::Claim;
use super::{
    column, db_id, first, json_text, placeholders, query, texts_json, DbRow, Result, Store,
    StoreError,
};
use crate::games::GameKind;
use crate::ids::{GameId, GuildId, UserId};
use crate::puzzle::{Puzzle, Source, Theme};

/// A Glicko-2 rating: what a player and a puzzle each have.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Glicko {
    /// Where a player starts (Glicko-2's usual values).
    pub const START: Glicko = Glicko {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// A new puzzle's rating: its own estimate, as uncertain as a new player's.
    pub fn of_new_puzzle(rating: i32) -> Glicko {
        Glicko {
            rating: f64::from(rating),
            ..Glicko::START
        }
    }

    /// Whether the numbers can be used: finite, a rating within 0–5000, a deviation of
    /// 0–1000 and a volatility of 0–1 (what the formulas keep them in).
    fn sane(self) -> bool {
        (0.0..=5000.0).contains(&self.rating)
            && (0.0..=1000.0).contains(&self.deviation)
            && (0.0..=1.0).contains(&self.volatility)
    }
}

/// Reads a rating from a row's `rating`, `deviation` and `volatility` columns.
fn glicko_from(row: &DbRow, what: &dyn Fn() -> String) -> Result<Glicko> {
    let glicko = Glicko {
        rating: column(row, what, "rating")?,
        deviation: column(row, what, "deviation")?,
        volatility: column(row, what, "volatility")?,
    };
    if !glicko.sane() {
        return Err(StoreError::Corrupt {
            what: what(),
            why: format!(
                "its rating {} ± {} (volatility {}) is out of range",
                glicko.rating, glicko.deviation, glicko.volatility
            ),
        });
    }
    Ok(glicko)
}

/// A puzzle as stored: the puzzle, whom it is for, its rating and how it fared.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    pub id: i64,
    pub puzzle: Puzzle,
    /// The one player a private puzzle is served to; `None`: everyone.
    pub owner: Option<UserId>,
    pub rating: Glicko,
    pub attempts: i64,
    pub solved: i64,
}

/// A stored puzzle that cannot be read: skipped where it is met, reported by
/// `boardpost db check`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("puzzle {key} (#{id}) is damaged in the database: {why}")]
pub struct DamagedPuzzle {
    pub id: i64,
    pub key: String,
    pub why: String,
}

/// A puzzle to add to the pool.
#[derive(Clone, Debug)]
pub struct NewPuzzle<'a> {
    pub puzzle: &'a Puzzle,
    pub owner: Option<UserId>,
}

stored_enum! {
    /// Where a player's puzzle in progress stands.
    pub enum PuzzleState {
        Open = "open",
        Solved = "solved",
        /// A wrong answer, or the solution shown before it was found.
        Failed = "failed",
    }
}

/// A player's puzzle in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleProgressRow {
    pub user: UserId,
    pub puzzle: i64,
    /// The line's actions played so far (the player's and the replies).
    pub played: Vec<String>,
    pub state: PuzzleState,
    pub version: i64,
    pub started_at: i64,
    /// The server and day whose puzzle of the day it was opened as.
    pub daily: Option<(GuildId, i64)>,
}

/// A player's puzzle rating in one game, with their record.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PlayerPuzzleRating {
    pub glicko: Glicko,
    pub attempts: i64,
    pub solved: i64,
}

/// What finishing a puzzle did: the player's rating before and after, when this was
/// their first attempt at it (later ones rate nothing).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Finished {
    pub rated: Option<(Glicko, Glicko)>,
}

/// How a finished attempt rates a player and a puzzle: the player's and the puzzle's
/// ratings before, and whether the player solved it; their ratings after.
pub type Rate<'a> = &'a (dyn Fn(Glicko, Glicko, bool) -> (Glicko, Glicko) + Send + Sync);

/// Puzzles written by one statement when many are added (shipped ones at start).
const PUZZLES_PER_INSERT: usize = 100;

/// A puzzle's row read back into a typed puzzle, or why it cannot be (with its key
/// where even that much can be read).
fn puzzle_from(row: &DbRow) -> std::result::Result<PuzzleRow, DamagedPuzzle> {
    let id: i64 =
        column(row, &|| "a puzzle".to_string(), "puzzle_id").map_err(|e| DamagedPuzzle {
            id: 0,
            key: "?".to_string(),
            why: e.to_string(),
        })?;
    let key: String =
        column(row, &|| format!("puzzle #{id}"), "puzzle_key").map_err(|e| DamagedPuzzle {
            id,
            key: "?".to_string(),
            why: e.to_string(),
        })?;
    let damaged = |why: String| DamagedPuzzle {
        id,
        key: key.clone(),
        why,
    };
    let what = || format!("puzzle {key}");
    let text = |name: &str| json_text(row, &what, name).map_err(|e| damaged(e.to_string()));
    let list = |name: &str| -> std::result::Result<Vec<String>, DamagedPuzzle> {
        serde_json::from_str(&text(name)?)
            .map_err(|e| damaged(format!("its {name} is not a list of texts: {e}")))
    };
    let kind_text: String = column(row, &what, "kind").map_err(|e| damaged(e.to_string()))?;
    let kind: GameKind = kind_text
        .parse()
        .map_err(|_| damaged(format!("“{kind_text}” is not a game")))?;
    let theme_text: String = column(row, &what, "theme").map_err(|e| damaged(e.to_string()))?;
    let theme = Theme::from_text(&theme_text)
        .ok_or_else(|| damaged(format!("“{theme_text}” is not a theme")))?;
    let source_text: String = column(row, &what, "source").map_err(|e| damaged(e.to_string()))?;
    let source = Source::from_text(&source_text)
        .ok_or_else(|| damaged(format!("“{source_text}” is not where a puzzle comes from")))?;
    let rating = glicko_from(row, &what).map_err(|e| damaged(e.to_string()))?;
    let puzzle = Puzzle {
        key: key.clone(),
        kind,
        options: list("options")?,
        moves: list("moves")?,
        line: list("line")?,
        theme,
        source,
        rating: rating.rating.round() as i32,
    };
    if puzzle.line.is_empty() {
        return Err(damaged("its solution is empty".to_string()));
    }
    // The position must be there to be solved: the moves replay from the start.
    puzzle
        .position()
        .map_err(|e| damaged(format!("its position cannot be set up: {e}")))?;
    let owner: Option<i64> = column(row, &what, "owner").map_err(|e| damaged(e.to_string()))?;
    let count = |name: &str| -> std::result::Result<i64, DamagedPuzzle> {
        let n: i64 = column(row, &what, name).map_err(|e| damaged(e.to_string()))?;
        if n < 0 {
            return Err(damaged(format!("{n} {name}")));
        }
        Ok(n)
    };
    Ok(PuzzleRow {
        id,
        owner: owner.map(|o| UserId(o as u64)),
        rating,
        attempts: count("attempts")?,
        solved: count("solved")?,
        puzzle,
    })
}

fn progress_from(row: &DbRow) -> Result<PuzzleProgressRow> {
    let user =
        UserId(column::<i64>(row, &|| "a puzzle in progress".to_string(), "user_id")? as u64);
    let what = || format!("the puzzle in progress of user {user}");
    let played: Vec<String> =
        serde_json::from_str(&json_text(row, &what, "played")?).map_err(|e| {
            StoreError::Corrupt {
                what: what(),
                why: format!("its actions are not a list of texts: {e}"),
            }
        })?;
    let state_text: String = column(row, &what, "state")?;
    let state = PuzzleState::parse(&state_text).ok_or_else(|| StoreError::Corrupt {
        what: what(),
        why: format!("“{state_text}” is not a state"),
    })?;
    let daily_guild: Option<i64> = column(row, &what, "daily_guild")?;
    let daily_day: Option<i64> = column(row, &what, "daily_day")?;
    let daily = match (daily_guild, daily_day) {
        (Some(guild), Some(day)) => Some((GuildId(guild as u64), day)),
        (None, None) => None,
        _ => {
            return Err(StoreError::Corrupt {
                what: what(),
                why: "a server without a day, or a day without a server".to_string(),
            })
        }
    };
    Ok(PuzzleProgressRow {
        user,
        puzzle: column(row, &what, "puzzle_id")?,
        played,
        state,
        version: column(row, &what, "version")?,
        started_at: column(row, &what, "started_at")?,
        daily,
    })
}

/// The condition that a puzzle `p` is one user `$N` has not tried, as SQL.
fn unseen_by(n: usize) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM puzzle_attempts a
                     WHERE a.user_id = ${n} AND a.puzzle_id = p.puzzle_id)"
    )
}

/// `AND p.puzzle_id NOT IN (…)` for ids to leave out, from placeholder `$first`.
fn leaving_out(first: usize, skip: &[i64]) -> String {
    if skip.is_empty() {
        return String::new();
    }
    format!(
        " AND p.puzzle_id NOT IN ({})",
        placeholders(first, skip.len())
    )
}

impl Store {
    /// Adds puzzles to the pool, a batch per statement; a puzzle whose key is there
    /// already is left as it is. Returns how many were new.
    pub async fn add_puzzles(&self, puzzles: &[NewPuzzle<'_>], now: i64) -> Result<u64> {
        let mut added = 0;
        for batch in puzzles.chunks(PUZZLES_PER_INSERT) {
            let rows: Vec<String> = (0..batch.len())
                .map(|i| format!("({})", placeholders(i * 13 + 1, 13)))
                .collect();
            let mut q = query(format!(
                "INSERT INTO puzzles (puzzle_key, kind, options, moves, line, theme, source,
                    owner, rating, deviation, volatility, attempts, created_at)
                 VALUES {}
                 ON CONFLICT (puzzle_key) DO NOTHING",
                rows.join(", ")
            ));
            for new in batch {
                let p = new.puzzle;
                let glicko = Glicko::of_new_puzzle(p.rating);
                q = q
                    .bind(p.key.as_str())
                    .bind(p.kind.name())
                    .bind(texts_json(&p.options))
                    .bind(texts_json(&p.moves))
                    .bind(texts_json(&p.line))
                    .bind(p.theme.as_text())
                    .bind(p.source.as_text())
                    .bind(new.owner.map(|u| db_id(u.0)))
                    .bind(glicko.rating)
                    .bind(glicko.deviation)
                    .bind(glicko.volatility)
                    .bind(0i64)
                    .bind(now);
            }
            added += q.execute(self.on()).await?;
        }
        Ok(added)
    }

    /// How many puzzles the pool holds.
    pub async fn puzzle_count(&self) -> Result<i64> {
        let row = query("SELECT COUNT(*) FROM puzzles")
            .fetch_one(self.on())
            .await?;
        first(&row)
    }

    /// A puzzle by its id: `None` if there is none; a damaged one as an error naming it.
    pub async fn puzzle(&self, id: i64) -> Result<Option<PuzzleRow>> {
        let row = query("SELECT * FROM puzzles WHERE puzzle_id = $1")
            .bind(id)
            .fetch_optional(self.on())
            .await?;
        row.map(|row| {
            puzzle_from(&row).map_err(|d| StoreError::Corrupt {
                what: format!("puzzle {} (#{})", d.key, d.id),
                why: d.why,
            })
        })
        .transpose()
    }

    /// A puzzle by its key, read as [`Store::puzzle`] reads one.
    pub async fn puzzle_by_key(&self, key: &str) -> Result<Option<PuzzleRow>> {
        let row = query("SELECT puzzle_id FROM puzzles WHERE puzzle_key = $1")
            .bind(key)
            .fetch_optional(self.on())
            .await?;
        match row {
            Some(row) => self.puzzle(first(&row)?).await,
            None => Ok(None),
        }
    }

    /// The oldest private puzzle of `user` they have not tried (of game `kind`, if
    /// given), leaving out the ids in `skip`; read back, or why it cannot be.
    pub async fn private_puzzle(
        &self,
        user: UserId,
        kind: Option<GameKind>,
        skip: &[i64],
    ) -> Result<Option<std::result::Result<PuzzleRow, DamagedPuzzle>>> {
        let sql = format!(
            "SELECT * FROM puzzles p
             WHERE p.owner = $1 AND ($2 = '' OR p.kind = $2) AND {}{}
             ORDER BY p.puzzle_id LIMIT 1",
            unseen_by(1),
            leaving_out(3, skip)
        );
        let mut q = query(sql)
            .bind(db_id(user.0))
            .bind(kind.map_or("", GameKind::name));
        for id in skip {
            q = q.bind(*id);
        }
        let row = q.fetch_optional(self.on()).await?;
        Ok(row.as_ref().map(puzzle_from))
    }

    /// The everyone's puzzle of game `kind` that `user` has not tried whose rating is
    /// nearest `rating` on one side of it (`above`: from it up; else below it, down),
    /// at most `window` away, leaving out the ids in `skip`. Walks the index of the
    /// game's puzzles by rating, so it reads only the puzzles it passes over.
    pub async fn nearest_puzzle(
        &self,
        user: UserId,
        kind: GameKind,
        rating: f64,
        window: f64,
        above: bool,
        skip: &[i64],
    ) -> Result<Option<std::result::Result<PuzzleRow, DamagedPuzzle>>> {
        let (range, order) = if above {
            (
                "p.rating >= $3 AND p.rating <= $3 + $4",
                "p.rating, p.puzzle_id",
            )
        } else {
            (
                "p.rating < $3 AND p.rating >= $3 - $4",
                "p.rating DESC, p.puzzle_id",
            )
        };
        let sql = format!(
            "SELECT * FROM puzzles p
             WHERE p.owner IS NULL AND p.kind = $2 AND {range} AND {}{}
             ORDER BY {order} LIMIT 1",
            unseen_by(1),
            leaving_out(5, skip)
        );
        let mut q = query(sql)
            .bind(db_id(user.0))
            .bind(kind.name())
            .bind(rating)
            .bind(window);
        for id in skip {
            q = q.bind(*id);
        }
        let row = q.fetch_optional(self.on()).await?;
        Ok(row.as_ref().map(puzzle_from))
    }

    /// Every puzzle that cannot be read, a page at a time, for `boardpost db check`.
    pub async fn damaged_puzzles(&self) -> Result<Vec<DamagedPuzzle>> {
        self.damaged_rows(
            "SELECT * FROM puzzles WHERE puzzle_id > $1 ORDER BY puzzle_id LIMIT $2",
            "puzzle_id",
            500,
            |row| puzzle_from(row).err(),
        )
        .await
    }

    /// A player's puzzle rating in game `kind`, if they have tried one.
    pub async fn puzzle_rating(
        &self,
        user: UserId,
        kind: GameKind,
    ) -> Result<Option<PlayerPuzzleRating>> {
        let row = query("SELECT * FROM puzzle_ratings WHERE user_id = $1 AND kind = $2")
            .bind(db_id(user.0))
            .bind(kind.name())
            .fetch_optional(self.on())
            .await?;
        let what = || format!("the {} puzzle rating of user {user}", kind.name());
        row.map(|row| {
            Ok(PlayerPuzzleRating {
                glicko: glicko_from(&row, &what)?,
                attempts: column(&row, &what, "attempts")?,
                solved: column(&row, &what, "solved")?,
            })
        })
        .transpose()
    }

    /// The puzzle `user` is solving (or last solved), if any.
    pub async fn puzzle_progress(&self, user: UserId) -> Result<Option<PuzzleProgressRow>> {
        let row = query("SELECT * FROM puzzle_progress WHERE user_id = $1")
            .bind(db_id(user.0))
            .fetch_optional(self.on())
            .await?;
        row.as_ref().map(progress_from).transpose()
    }

    /// Makes `puzzle` the one `user` is solving, from its start (opened as a server's
    /// puzzle of the day, if `daily`). Returns the new version of their progress.
    pub async fn start_puzzle(
        &self,
        user: UserId,
        puzzle: i64,
        daily: Option<(GuildId, i64)>,
        now: i64,
    ) -> Result<i64> {
        let row = query(
            "INSERT INTO puzzle_progress
                (user_id, puzzle_id, played, state, version, started_at, daily_guild, daily_day)
             VALUES ($1, $2, $3, 'open', 1, $4, $5, $6)
             ON CONFLICT (user_id) DO UPDATE SET puzzle_id = $2, played = $3, state = 'open',
                version = puzzle_progress.version + 1, started_at = $4, daily_guild = $5,
                daily_day = $6
             RETURNING version",
        )
        .bind(db_id(user.0))
        .bind(puzzle)
        .bind(texts_json(&[]))
        .bind(now)
        .bind(daily.map(|(g, _)| db_id(g.0)))
        .bind(daily.map(|(_, d)| d))
        .fetch_one(self.on())
        .await?;
        first(&row)
    }

    /// A right answer that does not yet finish the puzzle: the actions played so far,
    /// if the player's progress is still at `version` and open. False if another answer
    /// got in first.
    pub async fn advance_puzzle(
        &self,
        user: UserId,
        version: i64,
        played: &[String],
    ) -> Result<bool> {
        let done = query(
            "UPDATE puzzle_progress SET played = $3, version = version + 1
             WHERE user_id = $1 AND version = $2 AND state = 'open'",
        )
        .bind(db_id(user.0))
        .bind(version)
        .bind(texts_json(played))
        .execute(self.on())
        .await?;
        Ok(done == 1)
    }

    /// Ends the player's puzzle in progress, solved or failed, if it is still at
    /// `version` and open, all in one transaction: the progress, and on their first
    /// attempt at that puzzle the attempt, the player's and the puzzle's new ratings
    /// (`rate` computes them from the ratings read here) and, for a puzzle of the day,
    /// the server's tally. `None` if another answer got in first: nothing is changed.
    pub async fn finish_puzzle(
        &self,
        user: UserId,
        version: i64,
        played: &[String],
        solved: bool,
        now: i64,
        rate: Rate<'_>,
    ) -> Result<Option<Finished>> {
        let mut tx = self.begin().await?;
        let state = if solved {
            PuzzleState::Solved
        } else {
            PuzzleState::Failed
        };
        let Some(row) = query(
            "UPDATE puzzle_progress SET played = $3, state = $4, version = version + 1
             WHERE user_id = $1 AND version = $2 AND state = 'open'
             RETURNING *",
        )
        .bind(db_id(user.0))
        .bind(version)
        .bind(texts_json(played))
        .bind(state.as_str())
        .fetch_optional(tx.on())
        .await?
        else {
            return Ok(None);
        };
        let progress = progress_from(&row)?;
        let puzzle_row = query(self.for_update(
            "SELECT kind, rating, deviation, volatility FROM puzzles WHERE puzzle_id = $1",
        ))
        .bind(progress.puzzle)
        .fetch_one(tx.on())
        .await?;
        let what = || format!("puzzle #{}", progress.puzzle);
        let kind: String = column(&puzzle_row, &what, "kind")?;
        let puzzle_before = glicko_from(&puzzle_row, &what)?;
        let player_row =
            query(self.for_update("SELECT * FROM puzzle_ratings WHERE user_id = $1 AND kind = $2"))
                .bind(db_id(user.0))
                .bind(kind.as_str())
                .fetch_optional(tx.on())
                .await?;
        let player_before = match &player_row {
            Some(row) => glicko_from(row, &|| format!("the {kind} puzzle rating of user {user}"))?,
            None => Glicko::START,
        };
        let (player_after, puzzle_after) = rate(player_before, puzzle_before, solved);
        let first_try = query(
            "INSERT INTO puzzle_attempts (user_id, puzzle_id, solved, at, rating_before, rating_after)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (user_id, puzzle_id) DO NOTHING",
        )
        .bind(db_id(user.0))
        .bind(progress.puzzle)
        .bind(solved)
        .bind(now)
        .bind(player_before.rating)
        .bind(player_after.rating)
        .execute(tx.on())
        .await?
            == 1;
        let solved_count = i64::from(solved);
        if first_try {
            query(
                "INSERT INTO puzzle_ratings
                    (user_id, kind, rating, deviation, volatility, attempts, solved)
                 VALUES ($1, $2, $3, $4, $5, 1, $6)
                 ON CONFLICT (user_id, kind) DO UPDATE SET rating = $3, deviation = $4,
                    volatility = $5, attempts = puzzle_ratings.attempts + 1,
                    solved = puzzle_ratings.solved + $6",
            )
            .bind(db_id(user.0))
            .bind(kind.as_str())
            .bind(player_after.rating)
            .bind(player_after.deviation)
            .bind(player_after.volatility)
            .bind(solved_count)
            .execute(tx.on())
            .await?;
            query(
                "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4,
                    attempts = attempts + 1, solved = solved + $5
                 WHERE puzzle_id = $1",
            )
            .bind(progress.puzzle)
            .bind(puzzle_after.rating)
            .bind(puzzle_after.deviation)
            .bind(puzzle_after.volatility)
            .bind(solved_count)
            .execute(tx.on())
            .await?;
        }
        if let Some((guild, day)) = progress.daily {
            query(
                "INSERT INTO daily_answers (guild_id, day, user_id, solved)
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            )
            .bind(db_id(guild.0))
            .bind(day)
            .bind(db_id(user.0))
            .bind(solved)
            .execute(tx.on())
            .await?;
        }
        tx.commit().await?;
        Ok(Some(Finished {
            rated: first_try.then_some((player_before, player_after)),
        }))
    }

    /// Takes up to `limit` finished games waiting to be searched for puzzles that no
    /// process holds (or whose holder's lease ran out), oldest first, for `owner` until
    /// `until`; each with its server. On PostgreSQL, rows another process is taking at
    /// this very moment are skipped rather than waited for.
    pub async fn claim_mining(
        &self,
        now: i64,
        owner: &str,
        until: i64,
        limit: i64,
    ) -> Result<Vec<(GameId, GuildId)>> {
        let claim = Claim {
            table: "puzzle_mining",
            key: "game_id",
            due: "mined_at IS NULL",
            order: "queued_at, game_id",
            returning: "game_id,
               (SELECT guild_id FROM games g WHERE g.game_id = puzzle_mining.game_id) AS guild_id",
        };
        let rows = self.claim(claim, now, owner, until, limit).await?;
        let what = || "a game waiting to be mined".to_string();
        rows.iter()
            .map(|row| {
                Ok((
                    GameId(column(row, &what, "game_id")?),
                    GuildId(column::<i64>(row, &what, "guild_id")? as u64),
                ))
            })
            .collect()
    }

    /// A game claimed by `owner` was searched: `found` puzzles came of it. It is never
    /// claimed again.
    pub async fn mined(&self, game: GameId, owner: &str, found: u64, now: i64) -> Result<()> {
        query(
            "UPDATE puzzle_mining SET mined_at = $3, found = $4, lease_owner = NULL,
                lease_until = NULL
             WHERE game_id = $1 AND lease_owner = $2",
        )
        .bind(game.0)
        .bind(owner)
        .bind(now)
        .bind(found as i64)
        .execute(self.on())
        .await?;
        Ok(())
    }
}
