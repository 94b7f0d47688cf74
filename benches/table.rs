//! One move end to end in the table (parse, check, commit, render) over a database
//! holding 10,000 games; moves per second across 1,000 games played at once; resident
//! memory. Targets (issue 19): ≤ 2.5 ms median and ≤ 5 ms p99 per move; ≥ 600 moves/s;
//! under 100 MB resident. Then a move answered by a conditional line against the same
//! kind of move with none (issue 18: ≤ 2 ms more). Last, a puzzle's answer through the
//! table, its board drawn (issue 45: under 5 ms).

use boardpost::clock::{Clock, SystemClock};
use boardpost::games::AnyGame;
use boardpost::games::Game as _;
use boardpost::ids::{ChannelId, GameId, GuildId, UserId};
use boardpost::store::{First, Join, NewChallenge, NewGame, Store};
use boardpost::table::{Caller, PremoveAction, PuzzleAction, PuzzleRequest, Table};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

const GAMES: usize = 10_000;
const GUILD: GuildId = GuildId(1);

fn player(n: usize) -> Caller {
    Caller::new(
        GUILD,
        ChannelId(1),
        UserId(1000 + n as u64),
        format!("player{n}"),
    )
}

/// A game being played by the bench: its id, its players and a mirror of its position.
struct Live {
    id: GameId,
    players: [Caller; 2],
    game: AnyGame,
    turn: usize,
}

impl Live {
    /// The mover and a legal action, chosen deterministically.
    fn next(&mut self) -> Option<(Caller, String)> {
        let seat = self.game.to_move()?;
        let legal = self.game.legal();
        self.turn += 1;
        let action = legal[(self.turn * 13) % legal.len()].clone();
        Some((self.players[seat.index()].clone(), action))
    }
}

async fn setup() -> (Table, Store, Vec<Live>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/bench.db", dir.path().display());
    let store = Store::open(&url).await.unwrap();
    let options = ["variant=sidja".to_string(), "size=7".to_string()];
    let fresh = AnyGame::new("sidja", &options).unwrap();
    let state = serde_json::to_string(&fresh).unwrap();
    let now = SystemClock.now();
    let mut live = Vec::new();
    for i in 0..GAMES {
        let (a, b) = (player(2 * i % 400), player(2 * i % 400 + 1));
        for p in [&a, &b] {
            store.remember_user(p.user, &p.name).await.unwrap();
        }
        let challenge = store
            .create_challenge(&NewChallenge {
                guild: GUILD,
                channel: ChannelId(1),
                challenger: a.user,
                kind: "sidja".into(),
                options: serde_json::to_string(&options).unwrap(),
                days_per_move: 3,
                first: First::Challenger,
                seats: 2,
                invited: vec![b.user],
                bot_seats: 0,
                bot_level: None,
                now: 0,
            })
            .await
            .unwrap();
        let new_game = NewGame {
            guild: GUILD,
            channel: ChannelId(1),
            kind: "sidja".into(),
            options: serde_json::to_string(&options).unwrap(),
            state: state.clone(),
            days_per_move: 3,
            now,
            deadline: now + 3 * 86_400,
            seats: vec![a.user, b.user],
            bots: Vec::new(),
        };
        let start = |_: &boardpost::store::ChallengeRow| Ok(new_game.clone());
        let id = match store
            .join_challenge(GUILD, challenge, b.user, now, &start)
            .await
            .unwrap()
        {
            Join::Started(_, id) => id,
            other => panic!("the challenge did not start: {other:?}"),
        };
        live.push(Live {
            id,
            players: [a, b],
            game: fresh.clone(),
            turn: i,
        });
    }
    (
        Table::new(store.clone(), Arc::new(SystemClock)),
        store,
        live,
        dir,
    )
}

/// Plays one move of a game through the table and keeps the mirror in step.
async fn play(table: &Table, live: &mut Live) -> Duration {
    let Some((caller, action)) = live.next() else {
        return Duration::ZERO;
    };
    let start = Instant::now();
    table
        .play_move(&caller, Some(live.id), &action)
        .await
        .expect("a legal move is accepted");
    let took = start.elapsed();
    live.game.play(&action).unwrap();
    took
}

/// A whole turn of the player to move: the first legal action until the turn passes.
fn whole_turn(game: &AnyGame) -> Vec<String> {
    let mut probe = game.clone();
    let seat = probe.to_move();
    let mut turn = Vec::new();
    while probe.to_move() == seat && probe.outcome().is_none() && seat.is_some() {
        let action = probe.legal()[0].clone();
        probe.play(&action).unwrap();
        turn.push(action);
    }
    turn
}

/// One move of the player to move in `live` after the other stored a line answering it
/// (`with_line`), or the same move with no line: its time through the table.
async fn answered_move(table: &Table, live: &mut Live, with_line: bool) -> Option<Duration> {
    let seat = live.game.to_move()?;
    let theirs = whole_turn(&live.game);
    let mut after = live.game.clone();
    for a in &theirs {
        after.play(a).unwrap();
    }
    let answer = whole_turn(&after);
    if after.outcome().is_some() || answer.is_empty() {
        return None;
    }
    let mover = live.players[seat.index()].clone();
    let other = live.players[1 - seat.index()].clone();
    if with_line {
        let line = format!("{} {}", theirs.join(" "), answer.join(" "));
        table
            .premove(&other, Some(live.id), PremoveAction::Add(line))
            .await
            .expect("the line is stored");
    }
    let start = Instant::now();
    let reply = table
        .play_move(&mover, Some(live.id), &theirs.join(" "))
        .await
        .expect("a legal move is accepted");
    let took = start.elapsed();
    assert_eq!(reply.text.contains("conditional move answers"), with_line);
    for a in &theirs {
        live.game.play(a).unwrap();
    }
    if with_line {
        for a in &answer {
            live.game.play(a).unwrap();
        }
    }
    Some(took)
}

fn resident_kib() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn bench(c: &mut Criterion) {
    // As the bot's `main` does first, so that its memory is measured as it runs.
    boardpost::memory::one_arena_per_core();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let started = Instant::now();
    let (table, store, live, _dir) = rt.block_on(setup());
    eprintln!(
        "setup: {GAMES} games in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let live: Vec<Arc<Mutex<Live>>> = live.into_iter().map(|l| Arc::new(Mutex::new(l))).collect();

    let mut next = 0usize;
    // Latency of single moves, one after another, spread over the games.
    let mut latencies = Vec::new();
    c.bench_function(
        "table: one move end to end (10,000 games in the database)",
        |b| {
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let mut game = live[next % 1_000].lock().await;
                        next += 1;
                        let took = play(&table, &mut game).await;
                        latencies.push(took);
                        total += took;
                    }
                    total
                })
            })
        },
    );
    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() - 1) as f64 * p) as usize];
    // A part left out by a filter (`-- 'database\)$'`) has nothing to sum up.
    if !latencies.is_empty() {
        eprintln!(
            "single moves: {} measured, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            latencies.len(),
            pct(0.5).as_secs_f64() * 1e3,
            pct(0.99).as_secs_f64() * 1e3,
            latencies.last().unwrap().as_secs_f64() * 1e3
        );
    }

    // Throughput: a move in each of 1,000 games, all at once.
    let mut group = c.benchmark_group("table: 1,000 games moving at once");
    group.throughput(Throughput::Elements(1_000));
    group.sample_size(10);
    let mut rounds = Vec::new();
    group.bench_function("1,000 moves", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let start = Instant::now();
                for _ in 0..iters {
                    let round = Instant::now();
                    let tasks: Vec<_> = live[..1_000]
                        .iter()
                        .map(|g| {
                            let (table, g) = (table.clone(), g.clone());
                            tokio::spawn(async move {
                                let mut game = g.lock().await;
                                play(&table, &mut game).await;
                            })
                        })
                        .collect();
                    for t in tasks {
                        t.await.unwrap();
                    }
                    rounds.push(round.elapsed());
                }
                start.elapsed()
            })
        })
    });
    group.finish();
    if let (Some(best), Some(worst)) = (rounds.iter().min(), rounds.iter().max()) {
        eprintln!(
            "1,000 concurrent moves: {} rounds, {:.0} moves/s at best, {:.0} moves/s at worst",
            rounds.len(),
            1_000.0 / best.as_secs_f64(),
            1_000.0 / worst.as_secs_f64()
        );
    }
    // Conditional moves (issue 18: applying one adds ≤ 2 ms to the opponent's /move), on
    // games the runs above left alone.
    let mut spare = 1_000usize;
    for with_line in [false, true] {
        let name = if with_line {
            "table: a move answered by a conditional line (issue 18)"
        } else {
            "table: the same kind of move with no line stored"
        };
        let mut latencies = Vec::new();
        c.bench_function(name, |b| {
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let mut total = Duration::ZERO;
                    let mut done = 0;
                    while done < iters {
                        let mut game = live[spare].lock().await;
                        spare = 1_000 + (spare + 1 - 1_000) % 4_000;
                        if let Some(took) = answered_move(&table, &mut game, with_line).await {
                            latencies.push(took);
                            total += took;
                            done += 1;
                        }
                    }
                    total
                })
            })
        });
        latencies.sort();
        let pct = |p: f64| latencies[((latencies.len() - 1) as f64 * p) as usize];
        if latencies.is_empty() {
            continue;
        }
        eprintln!(
            "{name}: {} measured, median {:.2} ms, p99 {:.2} ms",
            latencies.len(),
            pct(0.5).as_secs_f64() * 1e3,
            pct(0.99).as_secs_f64() * 1e3,
        );
    }

    // Each game's record starts with its definition (entry 0), then one row a move.
    let logged: i64 = rt.block_on(async {
        let counts = store.row_counts().await.unwrap();
        counts.iter().find(|c| c.0 == "actions").unwrap().1
    }) - GAMES as i64;
    let played: usize = rt.block_on(async {
        let mut n = 0;
        for g in &live {
            n += g
                .lock()
                .await
                .game
                .history()
                .iter()
                .filter(|a| *a != "pass")
                .count();
        }
        n
    });
    assert_eq!(logged as usize, played, "nothing lost");
    let (rss, peak) = resident_kib();
    eprintln!(
        "moves logged {logged} = moves played {played}; resident memory {} MB (peak {} MB)",
        rss / 1024,
        peak / 1024
    );
}

/// A puzzle's first answer, end to end through the table: the check (no search), the
/// guarded write (and, when it ends the puzzle, both ratings), the board drawn. Each
/// answer is a new player's, served a shipped Yoté puzzle first (not measured).
fn bench_puzzle(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/puzzles.db", dir.path().display());
    let store = rt.block_on(Store::open(&url)).unwrap();
    let table = Table::new(store.clone(), Arc::new(SystemClock));
    rt.block_on(table.load_shipped_puzzles()).unwrap();
    let mut player_number = 0usize;
    let mut latencies = Vec::new();
    c.bench_function("table: a puzzle's answer end to end", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    player_number += 1;
                    let caller = player(100_000 + player_number);
                    let ask = |action| PuzzleRequest {
                        game: Some("yote".to_string()),
                        action,
                    };
                    table
                        .puzzle(&caller, ask(PuzzleAction::Serve))
                        .await
                        .unwrap();
                    let progress = store.puzzle_progress(caller.user).await.unwrap().unwrap();
                    let row = store.puzzle(progress.puzzle).await.unwrap().unwrap();
                    let answer = row.puzzle.line[0].clone();
                    let start = Instant::now();
                    let reply = table
                        .puzzle(&caller, ask(PuzzleAction::Answer(answer)))
                        .await
                        .unwrap();
                    let took = start.elapsed();
                    assert!(reply.image.is_some());
                    latencies.push(took);
                    total += took;
                }
                total
            })
        })
    });
    latencies.sort();
    if !latencies.is_empty() {
        let pct = |p: f64| latencies[((latencies.len() - 1) as f64 * p) as usize];
        eprintln!(
            "puzzle answers: {} measured, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            latencies.len(),
            pct(0.5).as_secs_f64() * 1e3,
            pct(0.99).as_secs_f64() * 1e3,
            latencies.last().unwrap().as_secs_f64() * 1e3
        );
    }
}

criterion_group!(benches, bench, bench_puzzle);
criterion_main!(benches);
