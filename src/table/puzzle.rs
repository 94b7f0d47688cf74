//! `/puzzle`: a position from real play where one move (or a short forced line) wins,
//! served near the player's puzzle rating, answered a move at a time, rated by Glicko-2
//! on the player's first attempt (the player and the puzzle both). Private to the
//! player: every reply is shown only to them.
//!
//! The answer is checked without search (`Puzzle::check`); its effect (the progress, the
//! attempt, both ratings) is one write guarded by the version of the player's puzzle in
//! progress, so a double-clicked answer is taken once.

use super::suggest::{completions, Choice};
use super::{refuse, Attachment, Button, ButtonId, ButtonStyle, Caller, Reply, Result, Table};
use crate::games::{AnyGame, GameKind, Seat};
use crate::i18n::words::seat_army;
use crate::i18n::{Lang, Localize, Msg};
use crate::ids::{GameId, UserId};
use crate::msg;
use crate::puzzle::{Puzzle, PuzzleVerdict};
use crate::render::RenderOptions;
use crate::store::{Finished, Glicko, NewPuzzle, PuzzleRow, PuzzleState};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::str::FromStr;

/// What `/puzzle` asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    /// The puzzle in progress, or a new one (of the game named).
    Serve,
    /// An answer to the puzzle in progress.
    Answer(String),
    /// The solution of the puzzle in progress (counted as failed if still open), or of
    /// puzzle `Some(id)` if it is still the player's (a button of its message).
    Show(Option<i64>),
    /// A new puzzle (of the game named, else of the last one's game).
    Next,
    /// The caller's missed wins in a finished game (`/analyse`'s button), made their
    /// private puzzles.
    Mistakes(GameId),
    /// The caller's server's puzzle of day `day` (days since 1970, UTC; today's if
    /// none), opened for the caller alone: its post's button.
    Daily(Option<i64>),
}

/// `/puzzle [game] [move]`, `/puzzle show`, `/puzzle next`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleRequest {
    /// The game's code (`yote`); `None`: any, or the last puzzle's.
    pub game: Option<String>,
    pub action: PuzzleAction,
}

/// How far from the player's rating a puzzle is looked for, widened in turn when none is
/// left that near.
const WINDOWS: [f64; 6] = [100.0, 200.0, 400.0, 800.0, 1600.0, 5000.0];
/// How long a process holds a finished game it searches for puzzles, in seconds: a
/// search takes seconds, so a process that dies holding one is taken over after this.
const MINING_LEASE: i64 = 600;
/// The meta key of the shipped puzzles last added: their number and a hash of their
/// texts.
const SHIPPED_KEY: &str = "puzzles_shipped";
/// Damaged puzzles skipped in one look before it gives up (each is logged).
const MOST_DAMAGED_SKIPPED: usize = 8;

/// The player's and the puzzle's ratings after one attempt: a solve is the player's win
/// over the puzzle, a failure the puzzle's.
pub fn rate_attempt(player: Glicko, puzzle: Glicko, solved: bool) -> (Glicko, Glicko) {
    let to = |g: Glicko| Glicko2Rating {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
    };
    let from = |g: Glicko2Rating| Glicko {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
    };
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (p, q) = glicko2(&to(player), &to(puzzle), &outcome, &Glicko2Config::new());
    (from(p), from(q))
}

/// Who is to move, by the colours the pictures give them.
pub(super) fn side_to_move(kind: GameKind, seat: Seat) -> Msg {
    match kind {
        GameKind::Xiangqi4 => msg!("puzzle-army-to-move", army = seat_army(seat)),
        _ => msg!(
            "puzzle-to-move",
            game = kind.name(),
            seat = u32::from(seat.number())
        ),
    }
}

/// Leaves a damaged puzzle out of the look for one to serve (logged with its id); false
/// once [`MOST_DAMAGED_SKIPPED`] were left out, when the look gives up.
fn skip_damaged(
    damaged: crate::store::DamagedPuzzle,
    skip: &mut Vec<i64>,
    skipped: &mut usize,
) -> bool {
    tracing::error!("{damaged}: skipped");
    skip.push(damaged.id);
    *skipped += 1;
    *skipped < MOST_DAMAGED_SKIPPED
}

/// A rating as shown: whole points.
pub(super) fn points(rating: f64) -> i64 {
    rating.round() as i64
}

/// The actions of a line as shown: `c3` → `d4` → `e5`.
pub(super) fn line_text(actions: &[String]) -> String {
    let quoted: Vec<String> = actions.iter().map(|a| format!("`{a}`")).collect();
    quoted.join(" → ")
}

impl Table {
    /// Adds the shipped puzzles of every game to the pool, a batch at a time; those
    /// already there are left as they are, so this runs at every start (and does
    /// nothing when the same set was added before). A game whose shipped file cannot be
    /// read is logged and the others are added. Returns how many were new.
    pub async fn load_shipped_puzzles(&self) -> Result<u64> {
        // The files' text as one number: a start that finds it recorded has nothing to
        // add, without reading a puzzle.
        let print = {
            use std::hash::{Hash, Hasher};
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            for kind in GameKind::ALL {
                crate::puzzle::shipped_text(*kind).hash(&mut hasher);
            }
            format!("text:{:016x}", hasher.finish())
        };
        if self.store.meta(SHIPPED_KEY).await?.as_deref() == Some(print.as_str()) {
            return Ok(0);
        }
        let mut new = Vec::new();
        for (kind, puzzles) in crate::puzzle::shipped_all() {
            match puzzles {
                Ok(puzzles) => new.extend(puzzles.iter().map(|puzzle| NewPuzzle {
                    puzzle,
                    owner: None,
                })),
                Err(e) => tracing::error!(
                    game = kind.name(),
                    "the shipped puzzles cannot be read: {e}"
                ),
            }
        }
        let added = self.store.add_puzzles(&new, self.now()).await?;
        self.store.set_meta(SHIPPED_KEY, &print).await?;
        Ok(added)
    }

    /// Adds puzzles to the pool: everyone's, or the private ones of `owner`. Returns
    /// how many were new (a key already there is left as it is).
    pub async fn add_puzzles(&self, puzzles: &[Puzzle], owner: Option<UserId>) -> Result<u64> {
        let new: Vec<NewPuzzle> = puzzles
            .iter()
            .map(|puzzle| NewPuzzle { puzzle, owner })
            .collect();
        Ok(self.store.add_puzzles(&new, self.now()).await?)
    }

    /// `/puzzle`: serves, answers, shows the solution, or moves on to the next puzzle.
    pub async fn puzzle(&self, caller: &Caller, request: PuzzleRequest) -> Result<Reply> {
        let lang = self.greet(caller).await?.private;
        let kind = match request.game.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(name) => {
                Some(GameKind::from_str(name).map_err(|e| super::TableError::Refused(e.msg()))?)
            }
        };
        match request.action {
            PuzzleAction::Serve => self.serve_puzzle(caller.user, kind, false, lang).await,
            PuzzleAction::Next => self.serve_puzzle(caller.user, kind, true, lang).await,
            PuzzleAction::Answer(text) => self.answer_puzzle(caller.user, &text, lang).await,
            PuzzleAction::Show(id) => self.show_solution(caller.user, id, lang).await,
            PuzzleAction::Mistakes(game) => self.mistakes_to_puzzles(caller, game, lang).await,
            PuzzleAction::Daily(day) => self.open_daily(caller, day, lang).await,
        }
    }

    /// The puzzle in progress (if `fresh` is false and it is of the game asked for, or
    /// none was), else a new one: the player's own private puzzles first, then the one
    /// nearest their rating they have not tried.
    async fn serve_puzzle(
        &self,
        user: UserId,
        kind: Option<GameKind>,
        fresh: bool,
        lang: Lang,
    ) -> Result<Reply> {
        let progress = self.store.puzzle_progress(user).await?;
        let current = match &progress {
            Some(p) => self.store.puzzle(p.puzzle).await?.map(|row| (p, row)),
            None => None,
        };
        if let Some((p, row)) = &current {
            let same_game = kind.is_none_or(|k| k == row.puzzle.kind);
            if !fresh && same_game && p.state == PuzzleState::Open {
                return self
                    .puzzle_reply(row, &p.played, msg!("puzzle-again"), lang, true)
                    .await;
            }
        }
        let kind = kind.or(current.as_ref().map(|(_, row)| row.puzzle.kind));
        let skip: Vec<i64> = current.iter().map(|(_, row)| row.id).collect();
        let Some(row) = self.pick_puzzle(user, kind, skip).await? else {
            return refuse(match kind {
                Some(kind) => msg!(
                    "puzzle-none-left",
                    game = msg!("game-name", game = kind.name())
                ),
                None => msg!("puzzle-none-at-all"),
            });
        };
        self.store
            .start_puzzle(user, row.id, None, self.now())
            .await?;
        self.puzzle_reply(&row, &[], msg!("puzzle-new"), lang, true)
            .await
    }

    /// The puzzle to serve `user` next, of game `kind` (any, if `None`: the games are
    /// tried from a random one on), leaving out `skip`.
    async fn pick_puzzle(
        &self,
        user: UserId,
        kind: Option<GameKind>,
        mut skip: Vec<i64>,
    ) -> Result<Option<PuzzleRow>> {
        let kinds: Vec<GameKind> = match kind {
            Some(kind) => vec![kind],
            None => {
                let start = rand::random::<usize>() % GameKind::ALL.len();
                (0..GameKind::ALL.len())
                    .map(|i| GameKind::ALL[(start + i) % GameKind::ALL.len()])
                    .collect()
            }
        };
        let mut skipped = 0;
        // The player's own first, whatever their rating.
        loop {
            match self.store.private_puzzle(user, kind, &skip).await? {
                None => break,
                Some(Ok(row)) => return Ok(Some(row)),
                Some(Err(d)) => {
                    if !skip_damaged(d, &mut skip, &mut skipped) {
                        return Ok(None);
                    }
                }
            }
        }
        for kind in kinds {
            let rating = self
                .store
                .puzzle_rating(user, kind)
                .await?
                .map_or(Glicko::START.rating, |r| r.glicko.rating);
            'window: for window in WINDOWS {
                loop {
                    let above = self
                        .store
                        .nearest_puzzle(user, kind, rating, window, true, &skip)
                        .await?;
                    let below = self
                        .store
                        .nearest_puzzle(user, kind, rating, window, false, &skip)
                        .await?;
                    let distance = |found: &Option<std::result::Result<PuzzleRow, _>>| match found {
                        Some(Ok(row)) => (row.rating.rating - rating).abs(),
                        // A damaged one first, so that it is skipped and the look goes on.
                        Some(Err(_)) => -1.0,
                        None => f64::INFINITY,
                    };
                    let nearer = if distance(&below) < distance(&above) {
                        below
                    } else {
                        above
                    };
                    match nearer {
                        None => continue 'window,
                        Some(Ok(row)) => return Ok(Some(row)),
                        Some(Err(d)) => {
                            if !skip_damaged(d, &mut skip, &mut skipped) {
                                return Ok(None);
                            }
                        }
                    }
                }
            }
        }
        Ok(None)
    }

    /// The player's puzzle in progress and its row; refused if there is none.
    async fn current_puzzle(
        &self,
        user: UserId,
    ) -> Result<(crate::store::PuzzleProgressRow, PuzzleRow)> {
        let Some(progress) = self.store.puzzle_progress(user).await? else {
            return refuse(msg!("puzzle-none-in-progress"));
        };
        let Some(row) = self.store.puzzle(progress.puzzle).await? else {
            return refuse(msg!("puzzle-none-in-progress"));
        };
        Ok((progress, row))
    }

    /// An answer to the puzzle in progress: right (the reply is played), solved, wrong
    /// (failed, the solution offered) or not a legal action (nothing changes).
    async fn answer_puzzle(&self, user: UserId, text: &str, lang: Lang) -> Result<Reply> {
        let (progress, row) = self.current_puzzle(user).await?;
        if progress.state != PuzzleState::Open {
            return refuse(msg!("puzzle-over"));
        }
        let mut played = progress.played.clone();
        let (solved, lead, shown) = match row.puzzle.check(&played, text.trim()) {
            PuzzleVerdict::Illegal(why) => return refuse(msg!("puzzle-illegal", why = why)),
            PuzzleVerdict::Continue { actions } => {
                played.extend(actions.iter().cloned());
                if !self
                    .store
                    .advance_puzzle(user, progress.version, &played)
                    .await?
                {
                    return refuse(msg!("puzzle-answer-taken"));
                }
                let action = actions.first().cloned().unwrap_or_default();
                let replies = &actions[1.min(actions.len())..];
                // An extra move of the solver's own (Sidja) comes with no reply.
                let lead = if replies.is_empty() {
                    msg!("puzzle-right-again", action = action)
                } else {
                    msg!("puzzle-right", action = action, reply = line_text(replies))
                };
                return self.puzzle_reply(&row, &played, lead, lang, true).await;
            }
            PuzzleVerdict::Solved { actions } => {
                played.extend(actions.iter().cloned());
                let lead = msg!(
                    "puzzle-solved",
                    action = actions.first().cloned().unwrap_or_default(),
                    theme = row.puzzle.theme.msg()
                );
                (true, lead, played.clone())
            }
            PuzzleVerdict::Wrong { actions } => {
                // What the move did, told from the position it was played in.
                let action = actions.join(" ");
                let why = row.puzzle.wrong_msg(&played, &action);
                let lead = msg!("puzzle-wrong", action = action, why = why);
                (false, lead, played.iter().cloned().chain(actions).collect())
            }
        };
        // Solved: the answer is played; wrong: the board shows it, the progress does not.
        let Some(finished) = self.finish(user, progress.version, &played, solved).await? else {
            return refuse(msg!("puzzle-answer-taken"));
        };
        let lead = lead.tr(lang) + "\n" + &rating_change(&row, finished.rated).tr(lang);
        self.finished_reply(&row, &shown, lead, lang, !solved).await
    }

    /// Ends `user`'s puzzle in progress if it is still at `version`, rating their first
    /// attempt at it; `None` if another answer ended it first.
    async fn finish(
        &self,
        user: UserId,
        version: i64,
        played: &[String],
        solved: bool,
    ) -> Result<Option<Finished>> {
        Ok(self
            .store
            .finish_puzzle(user, version, played, solved, self.now(), &rate_attempt)
            .await?)
    }

    /// The solution: the puzzle in progress counts as failed if it was still open (the
    /// first attempt rates as a failure); a finished one is shown again.
    async fn show_solution(&self, user: UserId, button: Option<i64>, lang: Lang) -> Result<Reply> {
        let (progress, row) = self.current_puzzle(user).await?;
        if button.is_some_and(|id| id != row.id) {
            return refuse(msg!("puzzle-not-current"));
        }
        let mut lead = String::new();
        if progress.state == PuzzleState::Open {
            let finished = self
                .finish(user, progress.version, &progress.played, false)
                .await?;
            if let Some(finished) = finished {
                lead = rating_change(&row, finished.rated).tr(lang) + "\n";
            }
        }
        let text = msg!(
            "puzzle-solution",
            line = line_text(&row.puzzle.line),
            theme = row.puzzle.theme.msg()
        )
        .tr(lang)
            + "\n"
            + &lead;
        self.finished_reply(&row, &row.puzzle.line, text, lang, false)
            .await
    }

    /// A puzzle's message: what happened (`lead`), the puzzle's header, whose move it
    /// is, the board after `played`, with buttons to show the solution and move on.
    pub(super) async fn puzzle_reply(
        &self,
        row: &PuzzleRow,
        played: &[String],
        lead: Msg,
        lang: Lang,
        open: bool,
    ) -> Result<Reply> {
        let kind = row.puzzle.kind;
        let solver = row.puzzle.solver();
        let mut text = lead.tr(lang);
        text += "\n";
        text += &msg!(
            "puzzle-header",
            key = row.puzzle.key.as_str(),
            game = msg!("game-name", game = kind.name()),
            rating = points(row.rating.rating)
        )
        .tr(lang);
        if row.owner.is_some() {
            text += "\n";
            text += &msg!("puzzle-yours").tr(lang);
        }
        if open {
            text += "\n";
            text += &msg!("puzzle-find", side = side_to_move(kind, solver)).tr(lang);
        }
        let image = self.puzzle_image(row, played, lang).await?;
        let mut buttons: Vec<Button> = open.then(|| show_button(row, lang)).into_iter().collect();
        buttons.push(Button::new(
            ButtonId::PuzzleNext(row.id),
            msg!("puzzle-button-next").tr(lang),
            ButtonStyle::Primary,
        ));
        Ok(Reply {
            image: Some(image),
            buttons,
            ..Reply::private(text)
        })
    }

    /// The message of a finished puzzle: `lead` (already in words), the header with its
    /// theme, the board after `played`; the button to show the solution where it was
    /// not shown yet (`offer_solution`), and the next puzzle's.
    pub(super) async fn finished_reply(
        &self,
        row: &PuzzleRow,
        played: &[String],
        lead: String,
        lang: Lang,
        offer_solution: bool,
    ) -> Result<Reply> {
        let mut reply = self
            .puzzle_reply(row, played, msg!("puzzle-plain", text = lead), lang, false)
            .await?;
        if offer_solution {
            reply.buttons.insert(0, show_button(row, lang));
        }
        Ok(reply)
    }

    /// The board of a puzzle after `played`, seen from the solver's side.
    pub(super) async fn puzzle_image(
        &self,
        row: &PuzzleRow,
        played: &[String],
        lang: Lang,
    ) -> Result<Attachment> {
        let puzzle = &row.puzzle;
        let mut position: AnyGame =
            puzzle
                .position()
                .map_err(|e| crate::store::StoreError::Corrupt {
                    what: format!("puzzle {}", puzzle.key),
                    why: e.to_string(),
                })?;
        // Actions stored with the progress were checked when they were played; one that
        // no longer plays (the puzzle was changed since) leaves the board where it is.
        let _ = position.play_all(played);
        let solver = puzzle.solver();
        let names: Vec<String> = Seat::all(puzzle.kind.seat_count())
            .into_iter()
            .map(|seat| {
                if seat == solver {
                    msg!("puzzle-you").tr(lang)
                } else {
                    msg!("puzzle-opponent").tr(lang)
                }
            })
            .collect();
        let bytes = self
            .picture(
                position,
                RenderOptions::new(names)
                    .viewed_by(Some(solver))
                    .in_lang(lang),
            )
            .await?;
        Ok(Attachment {
            name: format!("puzzle-{}-{}.png", row.id, played.len()),
            bytes,
        })
    }

    /// The background look at finished games: takes one that waits to be searched for
    /// puzzles (a lease, so that no other process searches it too), searches it on a
    /// blocking thread (one of the bot's thinkers), adds what it finds to everyone's
    /// pool and marks it done. A game that cannot be read is logged with its id and
    /// marked done. One search at a time in a process. Returns the game looked at and
    /// how many new puzzles came of it.
    pub async fn mining_tick(&self) -> Result<Option<(GameId, u64)>> {
        // A search already under way here: the next round looks again.
        let Ok(_mining) = self.mining.clone().try_acquire_owned() else {
            return Ok(None);
        };
        let now = self.now();
        let claimed = self
            .store
            .claim_mining(now, &self.owner, now + MINING_LEASE, 1)
            .await?;
        let Some((game, guild)) = claimed.into_iter().next() else {
            return Ok(None);
        };
        // A game gone or unreadable is marked done with nothing found.
        let read = match self.store.game(guild, game).await {
            Ok(Some(row)) => self.load(row).await.map(Some).map_err(|e| e.to_string()),
            Ok(None) => Ok(None),
            Err(e) => Err(e.to_string()),
        };
        let played = match read {
            Ok(Some(loaded)) => loaded.game,
            other => {
                if let Err(e) = other {
                    tracing::error!(%game, "a finished game cannot be mined for puzzles: {e}");
                }
                self.store.mined(game, &self.owner, 0, self.now()).await?;
                return Ok(Some((game, 0)));
            }
        };
        let found = self
            .on_thinker(move || {
                crate::puzzle::mine(&played, Some(game.0), super::bot::seed(game, 0))
            })
            .await?;
        let added = self.add_puzzles(&found, None).await?;
        self.store
            .mined(game, &self.owner, added, self.now())
            .await?;
        Ok(Some((game, added)))
    }

    /// `/analyse`'s button: the positions of a finished game where the caller missed a
    /// winning action become their private puzzles, served to them first. The search
    /// runs on a blocking thread, one of the bot's thinkers. Pressed again, it adds
    /// nothing new (the keys name the game, the ply and the player).
    async fn mistakes_to_puzzles(
        &self,
        caller: &Caller,
        game: GameId,
        lang: Lang,
    ) -> Result<Reply> {
        let loaded = self.find_game(caller, Some(game)).await?;
        if !loaded.is_over() {
            return refuse(msg!("analyse-not-over", game = game.to_string()));
        }
        let Some(seat) = loaded.seat_of(caller.user) else {
            return refuse(msg!("puzzle-mistakes-not-yours", game = game.to_string()));
        };
        let played = loaded.game.clone();
        let found = self
            .on_thinker(move || {
                let analysis = super::analyse_game(&played, super::bot::seed(game, 0))?;
                Ok::<_, crate::games::LogError>(crate::puzzle::from_missed(
                    &played, seat, &analysis,
                ))
            })
            .await?
            .map_err(|e| super::TableError::Corrupt {
                game,
                why: e.tr(Lang::En),
            })?;
        let user = caller.user;
        let puzzles: Vec<Puzzle> = found
            .into_iter()
            .map(|mut puzzle| {
                let ply = match puzzle.source {
                    crate::puzzle::Source::Game { ply, .. } => ply,
                    crate::puzzle::Source::Mined { ply, .. } => ply,
                };
                puzzle.key = format!("g{game}-p{ply}-u{user}");
                puzzle.source = crate::puzzle::Source::Game { id: game.0, ply };
                puzzle
            })
            .collect();
        let added = self.add_puzzles(&puzzles, Some(user)).await?;
        Ok(Reply::private(
            msg!(
                "puzzle-mistakes-made",
                count = puzzles.len(),
                new = added,
                game = game.to_string()
            )
            .tr(lang),
        ))
    }

    /// For autocomplete: the legal actions of the caller's puzzle in progress that start
    /// with what they typed, each with what it does.
    pub async fn suggest_puzzle_moves(&self, caller: &Caller, typed: &str) -> Result<Vec<Choice>> {
        let lang = self.langs(caller).await?.private;
        let Some(progress) = self.store.puzzle_progress(caller.user).await? else {
            return Ok(Vec::new());
        };
        if progress.state != PuzzleState::Open {
            return Ok(Vec::new());
        }
        let Some(row) = self.store.puzzle(progress.puzzle).await? else {
            return Ok(Vec::new());
        };
        let Ok(mut position) = row.puzzle.position() else {
            return Ok(Vec::new());
        };
        if position.play_all(&progress.played).is_err() {
            return Ok(Vec::new());
        }
        Ok(completions(&position, &[], typed.trim(), lang))
    }
}

/// The button that shows a puzzle's solution.
fn show_button(row: &PuzzleRow, lang: Lang) -> Button {
    Button::new(
        ButtonId::PuzzleShow(row.id),
        msg!("puzzle-button-show").tr(lang),
        ButtonStyle::Secondary,
    )
}

/// How the attempt moved the player's rating, or that it did not (tried before).
fn rating_change(row: &PuzzleRow, rated: Option<(Glicko, Glicko)>) -> Msg {
    match rated {
        Some((before, after)) => {
            let change = points(after.rating) - points(before.rating);
            msg!(
                "puzzle-rated",
                game = msg!("game-name", game = row.puzzle.kind.name()),
                before = points(before.rating),
                after = points(after.rating),
                change = if change >= 0 {
                    format!("+{change}")
                } else {
                    format!("−{}", change.abs())
                }
            )
        }
        None => msg!("puzzle-not-rated"),
    }
}
