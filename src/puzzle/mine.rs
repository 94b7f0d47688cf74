//! Finding puzzles in games: at each position of a record, a quick search says whether
//! the mover has something winning at all; where it has, a deeper one says whether one
//! action wins by the game's margin and every other stays below it, and follows the
//! line (the best reply, the solver's next action, …) until what was won is cashed in.
//! Whatever is found is then re-checked by [`verify`] before it is kept.

use super::engine::{self, Effort, Found};
use super::{margins, verify, Puzzle, Source, Theme};
use crate::ai::{Analysis, MISTAKE};
use crate::games::{AnyGame, Game, GameKind, LogEntry, Reason, Seat};
use std::collections::HashSet;

/// The solver's turns a line may hold at most.
pub const MAX_TURNS: usize = 3;
/// The solver's actions a line may hold at most (turns of several actions).
const MAX_SOLVER_ACTIONS: usize = 6;
/// A puzzle whose first action was already a puzzle this few plies before is the same
/// tactic left standing, not a new one.
const SAME_TACTIC_PLIES: usize = 8;

/// What mining spends: a quick search at every position, a deeper one where the quick
/// one saw a win.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MineBudget {
    /// Nodes of the quick search (before each game's node cost).
    pub scan: u64,
    /// Nodes of each deeper search.
    pub nodes: u64,
}

impl Default for MineBudget {
    fn default() -> MineBudget {
        MineBudget {
            scan: 4_000,
            nodes: 40_000,
        }
    }
}

/// A solution found at a position: its line and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Solution {
    pub line: Vec<String>,
    pub theme: Theme,
    pub turns: usize,
    /// Whether the first action takes nothing: a quiet first move is harder to see.
    pub quiet_start: bool,
}

/// Looks for a winning line at `start` (someone to move), its first action `first` if
/// given, else the search's best. `None` unless every solver action of the line wins by
/// the margin while every other stays below it, and the line cashes in within
/// [`MAX_TURNS`] turns.
pub(super) fn solve(start: &AnyGame, first: Option<&str>, effort: Effort) -> Option<Solution> {
    let solver = start.to_move()?;
    let kind = start.kind();
    let m = margins(kind);
    let mut game = start.clone();
    let mut line = Vec::new();
    let mut turns = 0;
    let mut actions = 0;
    let mut taken = 0;
    let mut quiet_start = false;
    let mut previous_by_solver = false;
    let enemies_at_start = engine::enemies(start, solver);
    loop {
        let found = match (actions, first) {
            (0, Some(first)) => Found {
                action: first.to_string(),
                value: engine::value_of(&game, first, effort)?,
            },
            _ => engine::best(&game, effort)?,
        };
        if found.value < m.wins {
            return None;
        }
        let wins = engine::wins_game(&game, &found.action, solver);
        if let Some(alternative) =
            engine::best_except(&game, std::slice::from_ref(&found.action), wins, effort)
        {
            if alternative.value >= m.below {
                return None;
            }
        }
        if !previous_by_solver {
            turns += 1;
        }
        actions += 1;
        let before = game.clone();
        game.play(&found.action).ok()?;
        let took = taken_by(kind, &found.action, &before, &game, solver);
        if actions == 1 {
            quiet_start = took == 0;
        }
        taken += took;
        line.push(found.action);
        if let Some(outcome) = game.outcome() {
            if !outcome.winners.contains(&solver) {
                return None;
            }
            let theme = match (kind, outcome.reason) {
                (GameKind::Xiangqi, Reason::Checkmate | Reason::NoLegalMove) => {
                    Theme::MateIn(turns as u8)
                }
                (GameKind::Xiangqi4, _) => Theme::Elimination,
                _ => Theme::Win,
            };
            return Some(Solution {
                line,
                theme,
                turns,
                quiet_start,
            });
        }
        let eliminated = engine::enemies(&game, solver).len() < enemies_at_start.len();
        let cashed = won_material(start, &game, solver) >= cashed_in(kind);
        if eliminated || cashed {
            let theme = if eliminated {
                Theme::Elimination
            } else if taken >= 2 {
                Theme::DoubleCapture
            } else if taken == 1 {
                Theme::Capture
            } else {
                Theme::Bind
            };
            return Some(Solution {
                line,
                theme,
                turns,
                quiet_start,
            });
        }
        if actions >= MAX_SOLVER_ACTIONS {
            return None;
        }
        previous_by_solver = true;
        // The replies, each mover's best, up to the solver's next action.
        while let Some(mover) = game.to_move().filter(|s| *s != solver) {
            let _ = mover;
            let reply = engine::best(&game, effort)?;
            game.play(&reply.action).ok()?;
            line.push(reply.action);
            previous_by_solver = false;
        }
        if game.to_move() != Some(solver) {
            // Over on a reply, or the solver is out.
            return None;
        }
        if !previous_by_solver && turns >= MAX_TURNS {
            return None;
        }
    }
}

/// What a line must have won, net, before it stops: a line that has not won this much
/// within its turns is a positional edge, not a puzzle.
fn cashed_in(kind: GameKind) -> i32 {
    match kind {
        GameKind::Sidja | GameKind::Yote => 200,
        // Two units of height taken, or a tall column bound (bound height counts half).
        GameKind::Banglagor => 60,
        GameKind::Xiangqi | GameKind::Xiangqi4 => 300,
    }
}

/// The enemies' material lost since `start`, less the solver's.
fn won_material(start: &AnyGame, now: &AnyGame, solver: Seat) -> i32 {
    let enemies = engine::enemies(start, solver);
    let lost = |seat: Seat| engine::material(start, seat) - engine::material(now, seat);
    let theirs: i32 = enemies.iter().map(|&s| lost(s)).sum();
    let theirs = if enemies.len() > 1 {
        // Four-player values weigh the mean of the opponents.
        theirs * 2 / enemies.len() as i32
    } else {
        theirs
    };
    // What the solver gets back (Banglagor's freed column) is no win of its own.
    theirs - lost(solver).max(0)
}

/// How many enemy pieces, stones or columns one action of the solver took off the board
/// (Yoté's bonus removal, part of every capture, not counted).
fn taken_by(
    kind: GameKind,
    action: &str,
    before: &AnyGame,
    after: &AnyGame,
    solver: Seat,
) -> usize {
    let count = |g: &AnyGame| -> usize {
        engine::enemies(before, solver)
            .iter()
            .map(|&s| engine::on_board(g, s))
            .sum()
    };
    let taken = count(before).saturating_sub(count(after));
    if kind == GameKind::Yote && action.contains('/') {
        taken.saturating_sub(1)
    } else {
        taken
    }
}

/// A puzzle's first rating: longer lines, quiet first moves, mates and binds are harder.
fn rating(solution: &Solution) -> i32 {
    let mut r = 1300 + 200 * (solution.turns as i32 - 1);
    if solution.quiet_start {
        r += 150;
    }
    if matches!(solution.theme, Theme::MateIn(_) | Theme::Bind) {
        r += 100;
    }
    r.clamp(600, 2600)
}

/// The options of a game as `key=value` texts.
pub(super) fn option_texts(game: &AnyGame) -> Vec<String> {
    game.game_options()
        .values()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect()
}

/// The actions of a game's record up to its end (a resignation is no action a puzzle's
/// moves can hold).
fn played_actions(game: &AnyGame) -> Vec<String> {
    game.log()
        .into_iter()
        .map_while(|(_, entry)| match entry {
            LogEntry::Action(text) => Some(text),
            LogEntry::Ending(_) => None,
        })
        .collect()
}

/// Puzzles in one game's record, with the default budget.
pub fn mine(game: &AnyGame, source_game: Option<i64>, seed: u64) -> Vec<Puzzle> {
    mine_with(game, source_game, seed, MineBudget::default(), |_, _| {})
}

/// Puzzles in one game's record: every position up to the game's end (or its first
/// resignation, which a puzzle's moves cannot hold), each verified. `progress` hears
/// how many positions of how many are done. Keys are `g<ID>-p<PLY>` for a server game,
/// `bot<SEED>-p<PLY>` for a generator's.
pub fn mine_with(
    game: &AnyGame,
    source_game: Option<i64>,
    seed: u64,
    budget: MineBudget,
    mut progress: impl FnMut(usize, usize),
) -> Vec<Puzzle> {
    let kind = game.kind();
    let options = option_texts(game);
    let actions = played_actions(game);
    let scan = Effort {
        nodes: budget.scan,
        bits: 14,
    };
    let deep = Effort {
        nodes: budget.nodes,
        bits: 16,
    };
    let m = margins(kind);
    let mut position = game.game_options().start();
    let mut found: Vec<Puzzle> = Vec::new();
    let mut keys: HashSet<u64> = HashSet::new();
    let mut firsts: Vec<(usize, String)> = Vec::new();
    for (ply, action) in actions.iter().enumerate() {
        progress(ply, actions.len());
        // A position the line of a puzzle already kept passes through (the middle of
        // its turn, the next step of its line) is that puzzle.
        let inside = found.iter().any(|p| {
            let from = p.moves.len();
            ply > from && ply < from + p.line.len() && actions[from..ply] == p.line[..ply - from]
        });
        let quick = match position.to_move() {
            Some(_) if !inside => engine::best(&position, scan),
            _ => None,
        };
        // Worth a deeper look: the quick search sees a win, and no second action that
        // wins too (a position already won has no puzzle).
        let promising = quick.is_some_and(|q| {
            q.value >= m.wins * 3 / 4 && {
                let solver = position.to_move();
                let wins = solver.is_some_and(|s| engine::wins_game(&position, &q.action, s));
                engine::best_except(&position, std::slice::from_ref(&q.action), wins, scan)
                    .is_none_or(|alt| alt.value < (m.below + m.wins) / 2)
            }
        });
        if promising {
            let moves = &actions[..ply];
            if let Some(puzzle) = cut(&position, &options, moves, None, deep, source_game, seed) {
                let first = puzzle.line[0].clone();
                let repeated = firsts
                    .iter()
                    .any(|(p, a)| *a == first && ply - p <= SAME_TACTIC_PLIES);
                firsts.push((ply, first));
                if !repeated && keys.insert(engine::position_key(&position)) {
                    found.push(puzzle);
                }
            }
        }
        if position.play(action).is_err() {
            break;
        }
    }
    progress(actions.len(), actions.len());
    found
}

/// The puzzle at `position` (reached by `moves`), if there is one and it verifies.
fn cut(
    position: &AnyGame,
    options: &[String],
    moves: &[String],
    first: Option<&str>,
    effort: Effort,
    source_game: Option<i64>,
    seed: u64,
) -> Option<Puzzle> {
    let solution = solve(position, first, effort)?;
    let ply = moves.len();
    let (key, source) = match source_game {
        Some(id) => (format!("g{id}-p{ply}"), Source::Game { id, ply }),
        None => (format!("bot{seed}-p{ply}"), Source::Mined { seed, ply }),
    };
    let puzzle = Puzzle {
        key,
        kind: position.kind(),
        options: options.to_vec(),
        moves: moves.to_vec(),
        rating: rating(&solution),
        line: solution.line,
        theme: solution.theme,
        source,
    };
    verify(&puzzle).ok()?;
    Some(puzzle)
}

/// How many of a seat's missed wins [`from_missed`] looks at, biggest losses first.
const MISSED_AT_MOST: usize = 8;

/// For /analyse: the plies of `seat` where the analysis's better action wins by the
/// margin and the one played did not, each a verified puzzle whose solution starts with
/// that better action. Their keys are `missed-p<PLY>` and their source
/// `Source::Game { id: 0, ply }`: the caller, which knows the game, sets both.
pub fn from_missed(game: &AnyGame, seat: Seat, analysis: &Analysis) -> Vec<Puzzle> {
    let kind = game.kind();
    let m = margins(kind);
    let options = option_texts(game);
    let actions = played_actions(game);
    let mut candidates: Vec<_> = analysis
        .plies
        .iter()
        .filter(|p| {
            p.seat == seat
                && p.best != p.action
                && p.loss >= MISTAKE.min(m.wins - m.below)
                && (1..=actions.len()).contains(&p.ply)
        })
        .collect();
    candidates.sort_by(|a, b| b.loss.cmp(&a.loss).then(a.ply.cmp(&b.ply)));
    candidates.truncate(MISSED_AT_MOST);
    candidates.sort_by_key(|p| p.ply);
    let deep = Effort {
        nodes: MineBudget::default().nodes,
        bits: 16,
    };
    let mut out = Vec::new();
    for review in candidates {
        let moves = &actions[..review.ply - 1];
        let Ok(position) = super::format::replay(kind, &options, moves) else {
            continue;
        };
        if position.to_move() != Some(seat) {
            continue;
        }
        if let Some(mut puzzle) = cut(
            &position,
            &options,
            moves,
            Some(&review.best),
            deep,
            None,
            0,
        ) {
            let ply = moves.len();
            puzzle.key = format!("missed-p{ply}");
            puzzle.source = Source::Game { id: 0, ply };
            out.push(puzzle);
        }
    }
    out
}
