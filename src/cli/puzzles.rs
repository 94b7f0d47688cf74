//! `boardpost puzzles`: `generate` mines bot-against-bot games for puzzles and appends
//! the verified ones to a game's file; `check` re-verifies every puzzle of the shipped
//! files (or of one file) and prints one line per game.

use super::Failure;
use boardpost::games::GameKind;
use boardpost::puzzle::{self, generate, position_key, MineBudget, Puzzle};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Play the bot against itself and append the verified puzzles found to a file.
    Generate {
        /// The game: sidja, yote, banglagor, xiangqi or xiangqi4.
        #[arg(long, value_name = "GAME")]
        game: GameKind,
        /// How many new puzzles to find.
        #[arg(long, value_name = "N", default_value_t = 10)]
        count: usize,
        /// The first game's seed; the next games take the next seeds.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// The file to append to [default: assets/puzzles/GAME.txt].
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Games mined at once, each on a thread of its own.
        #[arg(long, value_name = "N", default_value_t = 1)]
        jobs: usize,
    },
    /// Verify puzzles again with the search: the shipped ones, or a file's.
    Check {
        /// Only this game's puzzles.
        #[arg(long, value_name = "GAME")]
        game: Option<GameKind>,
        /// A puzzles file instead of the shipped ones.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,
    },
}

pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Generate {
            game,
            count,
            seed,
            out,
            jobs,
        } => {
            let out =
                out.unwrap_or_else(|| PathBuf::from(format!("assets/puzzles/{}.txt", game.name())));
            generate_into(game, count, seed, &out, jobs.max(1))
        }
        Command::Check { game, file } => check(game, file.as_deref()),
    }
}

/// The lines of a puzzles file: each puzzle, or why it did not parse, with its line
/// number and the game it names (a line that does not parse is counted for its game).
type Read = Vec<(usize, Option<GameKind>, Result<Puzzle, puzzle::PuzzleError>)>;

/// Every puzzle line of a text, with its line number.
fn read_lines(text: &str) -> Read {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let named = l.split('|').nth(1).and_then(|g| g.parse().ok());
            (i + 1, named, Puzzle::parse(l))
        })
        .collect()
}

fn read_file(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| Failure::Usage(format!("cannot read {}: {e}", path.display())))
}

/// Verifies puzzles on every core; returns, in order, why each failed (or `None`).
fn verify_all(puzzles: &[&Puzzle]) -> Vec<Option<String>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    // A puzzle whose verifying thread panicked is not verified.
    let mut results: Vec<Option<String>> =
        vec![Some("the verification stopped (a panic)".to_string()); puzzles.len()];
    let found: Vec<Vec<(usize, Option<String>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = puzzles.get(i) else {
                            break;
                        };
                        out.push((i, puzzle::verify(p).err().map(|e| e.to_string())));
                    }
                    out
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect()
    });
    for (i, result) in found.into_iter().flatten() {
        results[i] = result;
    }
    results
}

/// `puzzles check`: one line per game, `GAME: N puzzles, N verified`; each failure is
/// named on standard error, and any makes the exit status 1.
fn check(only: Option<GameKind>, file: Option<&Path>) -> Result<(), Failure> {
    let sources: Vec<(String, Read)> = match file {
        Some(path) => vec![(path.display().to_string(), read_lines(&read_file(path)?))],
        None => GameKind::ALL
            .iter()
            .filter(|k| only.is_none_or(|o| o == **k))
            .map(|&k| {
                (
                    format!("assets/puzzles/{}.txt", k.name()),
                    read_lines(puzzle::shipped_text(k)),
                )
            })
            .collect(),
    };
    // A file's line that names no game counts for the game asked for, else for the
    // file's first game.
    let fallback = only
        .or_else(|| {
            let in_file = |k: &GameKind| {
                sources.iter().flat_map(|(_, l)| l).any(|(_, named, read)| {
                    read.as_ref().map_or(*named, |p| Some(p.kind)) == Some(*k)
                })
            };
            GameKind::ALL.iter().copied().find(in_file)
        })
        .unwrap_or(GameKind::ALL[0]);
    let mut failed = 0;
    for kind in GameKind::ALL
        .iter()
        .filter(|k| only.is_none_or(|o| o == **k))
    {
        let mut total = 0;
        let mut problems: Vec<String> = Vec::new();
        let mut puzzles: Vec<&Puzzle> = Vec::new();
        for (name, lines) in &sources {
            for (line, named, read) in lines {
                match read {
                    Ok(p) if p.kind == *kind => {
                        total += 1;
                        puzzles.push(p);
                    }
                    Ok(_) => {}
                    // A line that does not parse counts for the game it names, else
                    // for the game of its file (or the one asked for).
                    Err(e) => {
                        let ours = match (named, file) {
                            (Some(named), _) => named == kind,
                            (None, None) => name.ends_with(&format!("/{}.txt", kind.name())),
                            (None, Some(_)) => fallback == *kind,
                        };
                        if ours {
                            total += 1;
                            problems.push(format!("{name} line {line}: {e}"));
                        }
                    }
                }
            }
        }
        if file.is_some() && total == 0 && only != Some(*kind) {
            continue;
        }
        let results = verify_all(&puzzles);
        for (p, result) in puzzles.iter().zip(results) {
            if let Some(why) = result {
                problems.push(format!("{}: {why}", p.key));
            }
        }
        let verified = total - problems.len();
        println!("{}: {total} puzzles, {verified} verified", kind.name());
        for problem in &problems {
            eprintln!("  {problem}");
        }
        failed += problems.len();
    }
    if failed > 0 {
        return Err(Failure::Problem(format!("{failed} puzzles did not verify")));
    }
    Ok(())
}

/// The number in a shipped key (`sidja-0042`), if it is one.
fn key_number(kind: GameKind, key: &str) -> Option<u32> {
    key.strip_prefix(kind.name())?
        .strip_prefix('-')?
        .parse()
        .ok()
}

/// `puzzles generate`: mines games of seeds `seed`, `seed + 1`, … (`jobs` at once) until
/// `count` new puzzles are found, appending each to `out` as it comes, with the next
/// free key; a puzzle whose position the file already has is left out.
fn generate_into(
    kind: GameKind,
    count: usize,
    seed: u64,
    out: &Path,
    jobs: usize,
) -> Result<(), Failure> {
    let existing = match std::fs::read_to_string(out) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            return Err(Failure::Usage(format!(
                "cannot read {}: {e}",
                out.display()
            )))
        }
    };
    let mut seen: HashSet<u64> = HashSet::new();
    let mut number = 0;
    for (line, _, read) in read_lines(&existing) {
        let p =
            read.map_err(|e| Failure::Problem(format!("{} line {line}: {e}", out.display())))?;
        if let Ok(position) = p.position() {
            seen.insert(position_key(&position));
        }
        number = number.max(key_number(kind, &p.key).unwrap_or(0));
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| Failure::Usage(format!("cannot write {}: {e}", out.display())))?;
    if existing.is_empty() {
        writeln!(
            file,
            "# {} puzzles: one a line (src/puzzle/format.rs), made by `boardpost puzzles generate`.",
            kind.name()
        )
        .map_err(|e| Failure::Usage(format!("cannot write {}: {e}", out.display())))?;
    }
    let started = Instant::now();
    let next_seed = Arc::new(AtomicU64::new(seed));
    let (send, receive) = mpsc::channel::<(u64, Vec<String>, usize, Vec<Puzzle>)>();
    // The miners are left running when enough is found: the process ends with this
    // function, and a game half mined is worth nothing.
    for _ in 0..jobs {
        let send = send.clone();
        let next_seed = Arc::clone(&next_seed);
        std::thread::spawn(move || loop {
            let seed = next_seed.fetch_add(1, Ordering::Relaxed);
            let options = generate::options_for(kind, seed);
            let Ok(game) = generate::bot_game(kind, &options, seed) else {
                break;
            };
            let plies = game.log().len();
            let found = puzzle::mine_with(&game, None, seed, MineBudget::default(), |_, _| {});
            if send.send((seed, options, plies, found)).is_err() {
                break;
            }
        });
    }
    drop(send);
    let mut added = 0;
    let mut games = 0;
    for (seed, options, plies, found) in receive.iter() {
        games += 1;
        let mut new = 0;
        for mut p in found {
            if added >= count {
                break;
            }
            let Ok(position) = p.position() else {
                continue;
            };
            if !seen.insert(position_key(&position)) {
                continue;
            }
            number += 1;
            p.key = format!("{}-{number:04}", kind.name());
            // One write per line: a run stopped at any point leaves whole lines.
            file.write_all(format!("{}\n", p.to_line()).as_bytes())
                .map_err(|e| Failure::Usage(format!("cannot write {}: {e}", out.display())))?;
            added += 1;
            new += 1;
        }
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "  game {games} (seed {seed}{}{}): {plies} plies, {new} new; {added} of {count} in {secs:.0} s, {:.0} an hour",
            if options.is_empty() { "" } else { ", " },
            options.join(" "),
            added as f64 * 3600.0 / secs.max(1e-9),
        );
        if added >= count {
            break;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{}: {added} new puzzles from {games} games in {secs:.0} s ({:.0} an hour), appended to {}",
        kind.name(),
        added as f64 * 3600.0 / secs.max(1e-9),
        out.display()
    );
    Ok(())
}
