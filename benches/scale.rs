//! The bot at scale (issue 16): 100,000 games stored, on PostgreSQL and, for comparison
//! in the same run, on SQLite.
//!
//! - One `/move` end to end through `Table::handle` (find the game, load and check it,
//!   play, commit in one guarded transaction, draw the board), one at a time, measured
//!   by criterion: target ≤ 15 ms median and ≤ 50 ms p99 on PostgreSQL.
//! - Throughput: on PostgreSQL, 4 processes (this bench binary started again as
//!   children, each with its own pool) moving in games of their own at once, 16 moves in
//!   flight each; on SQLite, 1 process with the same 64 in flight: target ≥ 1,000
//!   moves/s across the 4 processes.
//!
//! PostgreSQL comes from `BOARDPOST_BENCH_PG` (or `BOARDPOST_TEST_PG`): a server whose
//! user may create databases; the bench makes a database of its own there and drops it
//! at the end. Without one, only SQLite is measured, and the bench says how to get one.
//! Figures mean most on a server with its usual durability (fsync on), as in production.
//!
//! The 100,000 games are mostly filler written straight into the tables (each a
//! 7×7 sidja game ten actions in, its snapshot and log consistent); the games moved in
//! are made through the store's own challenge and accept.

use boardpost::clock::{Clock, SystemClock};
use boardpost::games::{AnyGame, Game as _};
use boardpost::ids::{ChannelId, GameId, GuildId, UserId};
use boardpost::store::{
    Backend, First, GameStatus, GameUpdate, Join, NewAction, NewChallenge, NewGame, Store,
};
use boardpost::table::{Caller, Request, Table};
use criterion::Criterion;
use std::io::{BufRead, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

const STORED: usize = 100_000;
/// Games moved in: by the latency measurement, and by each throughput process.
const LATENCY_GAMES: usize = 500;
const PROCESS_GAMES: usize = 400;
const PROCESSES: usize = 4;
const IN_FLIGHT: usize = 16;
const THROUGHPUT_FOR: Duration = Duration::from_secs(10);
const GUILD: GuildId = GuildId(1);
const FILLER_GUILD: GuildId = GuildId(2);
const OPTIONS: [&str; 2] = ["variant=sidja", "size=7"];

fn player(n: usize) -> Caller {
    Caller::new(
        GUILD,
        ChannelId(1),
        UserId(1000 + n as u64),
        format!("player{n}"),
    )
}

/// A game being moved in: its id, players and a mirror of its position.
struct Live {
    id: GameId,
    players: [Caller; 2],
    game: AnyGame,
    turn: usize,
}

impl Live {
    fn next(&mut self) -> Option<(Caller, String)> {
        let seat = self.game.to_move()?;
        let legal = self.game.legal();
        self.turn += 1;
        let action = legal[(self.turn * 13) % legal.len()].clone();
        Some((self.players[seat.index()].clone(), action))
    }
}

fn fresh() -> AnyGame {
    AnyGame::new("sidja", &OPTIONS).unwrap()
}

/// A new game between two players, made as `/play` and Accept make it.
async fn new_game(store: &Store, n: usize) -> Live {
    let (a, b) = (player(2 * n % 4000), player(2 * n % 4000 + 1));
    for p in [&a, &b] {
        store.remember_user(p.user, &p.name).await.unwrap();
    }
    let options = serde_json::to_string(&OPTIONS).unwrap();
    let now = SystemClock.now();
    let challenge = store
        .create_challenge(&NewChallenge {
            guild: GUILD,
            channel: ChannelId(1),
            challenger: a.user,
            kind: "sidja".into(),
            options: options.clone(),
            days_per_move: 3,
            first: First::Challenger,
            seats: 2,
            invited: vec![b.user],
            bot_seats: 0,
            bot_level: None,
            now,
        })
        .await
        .unwrap();
    let game = NewGame {
        guild: GUILD,
        channel: ChannelId(1),
        kind: "sidja".into(),
        options,
        state: serde_json::to_string(&fresh()).unwrap(),
        days_per_move: 3,
        now,
        deadline: now + 3 * 86_400,
        seats: vec![a.user, b.user],
        bots: Vec::new(),
    };
    let start = |_: &boardpost::store::ChallengeRow| Ok(game.clone());
    let id = match store
        .join_challenge(GUILD, challenge, b.user, now, &start)
        .await
        .unwrap()
    {
        Join::Started(_, id) => id,
        other => panic!("the challenge did not start: {other:?}"),
    };
    Live {
        id,
        players: [a, b],
        game: fresh(),
        turn: n,
    }
}

/// Plays the next move of a game through `Table::handle`, as a `/move` does; a game
/// that ended is replaced by a new one first (not timed). Returns the time the move took.
async fn play(table: &Table, store: &Store, live: &mut Live, n: usize) -> Duration {
    if live.game.to_move().is_none() {
        *live = new_game(store, n).await;
    }
    let (caller, action) = live.next().expect("a fresh game has a move");
    let start = Instant::now();
    let reply = table
        .handle(
            &caller,
            Request::Move {
                game: Some(live.id),
                text: action.clone(),
            },
        )
        .await;
    let took = start.elapsed();
    assert!(
        !reply.ephemeral && reply.image.is_some(),
        "a legal move is played and drawn: {}",
        reply.text
    );
    live.game.play(&action).unwrap();
    took
}

/// The database work of a move, without the table's drawing: the game and its record
/// read, the next action played on the mirror, the guarded write.
async fn store_move(store: &Store, live: &mut Live, n: usize) -> Duration {
    if live.game.to_move().is_none() {
        *live = new_game(store, n).await;
    }
    let (caller, action) = live.next().expect("a fresh game has a move");
    let start = Instant::now();
    let row = store.game(GUILD, live.id).await.unwrap().unwrap();
    let log = store.actions(live.id).await.unwrap();
    let seat = live.game.to_move().unwrap().number();
    live.game.play(&action).unwrap();
    assert!(log.len() < live.game.history().len());
    let now = SystemClock.now();
    store
        .update_game(&GameUpdate {
            game: live.id,
            expected_version: row.version,
            now,
            state: boardpost::store::encode_state(&live.game),
            status: GameStatus::Active,
            new_turn: true,
            turn_started: now,
            deadline: Some(now + 3 * 86_400),
            to_move: None,
            result: None,
            settles: None,
            append: vec![NewAction {
                seat,
                user: caller.user,
                text: action,
            }],
            truncate_to: None,
            ranking: None,
            notice: None,
            premoves: Vec::new(),
            pairing_result: None,
        })
        .await
        .unwrap();
    start.elapsed()
}

/// CPU time (ms) this process has used.
fn process_cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = stat.split_once(") ").map_or("", |r| r.1);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) * 10.0
}

/// Writes `count` filler games straight into the tables: 7×7 sidja games ten actions in,
/// snapshot and log consistent, in another server.
async fn fill(store: &Store, count: usize) {
    let mut game = fresh();
    let mut log = Vec::new();
    for i in 0..10 {
        let seat = game.to_move().unwrap().number() as i64;
        let legal = game.legal();
        let action = legal[(i * 5) % legal.len()].clone();
        game.play(&action).unwrap();
        log.push((seat, action));
    }
    let state = serde_json::to_string(&game).unwrap();
    let options = serde_json::to_string(&OPTIONS).unwrap();
    let now = SystemClock.now();
    let first = store.game_count().await.unwrap() + 1;
    let last = first + count as i64 - 1;
    // Filler rows: SQL of the bench's own, per backend (generate_series, or a recursive
    // count on SQLite).
    let numbers = match store.backend() {
        Backend::Postgres => "SELECT generate_series($1::bigint, $2::bigint) AS i",
        Backend::Sqlite => {
            "WITH RECURSIVE c(i) AS (SELECT $1 UNION ALL SELECT i + 1 FROM c WHERE i < $2)
             SELECT i FROM c"
        }
    };
    let json = match store.backend() {
        Backend::Postgres => "CAST($5 AS JSONB)",
        Backend::Sqlite => "$5",
    };
    let games = format!(
        "INSERT INTO games (game_id, guild_id, channel_id, kind, options, status, version,
           state, days_per_move, turn_started, deadline, created_at)
         SELECT i, $3, 1, 'sidja', {}, 'active', 10, {json}, 3, $4, $4 + 259200, $4
         FROM ({numbers}) n",
        json.replace("$5", "$6")
    );
    let seats = format!(
        "INSERT INTO seats (game_id, seat, user_id)
         SELECT i, s, 5000 + (i % 1000) * 2 + s FROM ({numbers}) n, (SELECT 1 AS s UNION ALL SELECT 2) t"
    );
    let actions = format!(
        "INSERT INTO actions (game_id, n, seat, user_id, text, at)
         SELECT i, $3, $4, 5000 + (i % 1000) * 2 + $4, $5, $6 FROM ({numbers}) n"
    );
    match (store.pg_pool(), store.sqlite_pool()) {
        (Some(pool), _) => {
            let mut tx = pool.begin().await.unwrap();
            sqlx::query(&games)
                .bind(first)
                .bind(last)
                .bind(FILLER_GUILD.0 as i64)
                .bind(now)
                .bind(&state)
                .bind(&options)
                .execute(&mut *tx)
                .await
                .unwrap();
            sqlx::query(&seats)
                .bind(first)
                .bind(last)
                .execute(&mut *tx)
                .await
                .unwrap();
            sqlx::query(definitions(Backend::Postgres))
                .execute(&mut *tx)
                .await
                .unwrap();
            for (n, (seat, text)) in log.iter().enumerate() {
                sqlx::query(&actions)
                    .bind(first)
                    .bind(last)
                    .bind(n as i64 + 1)
                    .bind(*seat)
                    .bind(text)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .unwrap();
            }
            sqlx::query(
                "SELECT setval(pg_get_serial_sequence('games', 'game_id'), MAX(game_id)) FROM games",
            )
            .execute(&mut *tx)
            .await
            .unwrap();
            tx.commit().await.unwrap();
            sqlx::query("ANALYZE").execute(pool).await.unwrap();
        }
        (_, Some(pool)) => {
            let mut tx = pool.begin().await.unwrap();
            sqlx::query(&games)
                .bind(first)
                .bind(last)
                .bind(FILLER_GUILD.0 as i64)
                .bind(now)
                .bind(&state)
                .bind(&options)
                .execute(&mut *tx)
                .await
                .unwrap();
            sqlx::query(&seats)
                .bind(first)
                .bind(last)
                .execute(&mut *tx)
                .await
                .unwrap();
            sqlx::query(definitions(Backend::Sqlite))
                .execute(&mut *tx)
                .await
                .unwrap();
            for (n, (seat, text)) in log.iter().enumerate() {
                sqlx::query(&actions)
                    .bind(first)
                    .bind(last)
                    .bind(n as i64 + 1)
                    .bind(*seat)
                    .bind(text)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .unwrap();
            }
            tx.commit().await.unwrap();
            sqlx::query("ANALYZE").execute(pool).await.unwrap();
        }
        _ => unreachable!("one backend or the other"),
    }
}

/// The statement that writes each game's definition into its record where it has none:
/// the migration's own, so that filler games are games as the bot made them.
fn definitions(backend: Backend) -> &'static str {
    let migration = match backend {
        Backend::Sqlite => include_str!("../migrations/sqlite/0011_definitions.sql"),
        Backend::Postgres => include_str!("../migrations/postgres/0007_definitions.sql"),
    };
    migration
        .split(';')
        .find(|statement| statement.contains("INSERT INTO actions"))
        .expect("the migration writes definitions")
}

/// A PostgreSQL database of the bench's own, dropped at the end.
struct PgBench {
    server: String,
    name: String,
    url: String,
}

impl PgBench {
    fn server() -> Option<String> {
        ["BOARDPOST_BENCH_PG", "BOARDPOST_TEST_PG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|u| !u.trim().is_empty())
    }

    async fn create(server: String) -> PgBench {
        let name = format!("bench_{:08x}", rand::random::<u32>());
        let admin = sqlx::PgPool::connect(&server).await.unwrap();
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&admin)
            .await
            .unwrap();
        admin.close().await;
        let (base, params) = server.split_once('?').unwrap_or((&server, ""));
        let prefix = base.rsplit_once('/').map_or(base, |(p, _)| p);
        let url = if params.is_empty() {
            format!("{prefix}/{name}")
        } else {
            format!("{prefix}/{name}?{params}")
        };
        PgBench { server, name, url }
    }

    async fn drop_it(self) {
        let admin = sqlx::PgPool::connect(&self.server).await.unwrap();
        let _ = sqlx::query(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ))
        .execute(&admin)
        .await;
        admin.close().await;
    }
}

/// Percentile of sorted durations, in ms.
fn ms(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p) as usize].as_secs_f64() * 1e3
}

/// One backend: 100,000 games stored, latency of single moves (criterion), then
/// throughput with `processes` processes. Returns (median ms, p99 ms, moves/s end to
/// end, moves/s of the database work only, CPU ms per move end to end).
fn measure(
    c: &mut Criterion,
    rt: &tokio::runtime::Runtime,
    url: &str,
    processes: usize,
) -> (f64, f64, f64, f64, f64) {
    let started = Instant::now();
    let store = rt.block_on(Store::open(url)).unwrap();
    let backend = store.backend().name();
    rt.block_on(fill(
        &store,
        STORED - LATENCY_GAMES - processes * PROCESS_GAMES,
    ));
    let live: Vec<Arc<Mutex<Live>>> = rt.block_on(async {
        let mut live = Vec::new();
        for n in 0..LATENCY_GAMES {
            live.push(Arc::new(Mutex::new(new_game(&store, n).await)));
        }
        live
    });
    // The throughput processes' games, made now so that the database holds 100,000.
    let mut ranges = Vec::new();
    rt.block_on(async {
        for p in 0..processes {
            let mut ids = Vec::new();
            for n in 0..PROCESS_GAMES {
                ids.push(new_game(&store, 10_000 + p * PROCESS_GAMES + n).await.id.0);
            }
            ranges.push((10_000 + p * PROCESS_GAMES, ids));
        }
    });
    let stored = rt.block_on(store.game_count()).unwrap();
    eprintln!(
        "{backend}: {stored} games stored in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(stored as usize >= STORED);

    let table = Table::new(store.clone(), Arc::new(SystemClock));
    let mut latencies = Vec::new();
    let mut next = 0usize;
    c.bench_function(
        &format!("scale/{backend}: one /move end to end (100,000 games stored)"),
        |b| {
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let n = next;
                        next += 1;
                        let mut game = live[n % live.len()].lock().await;
                        let took = play(&table, &store, &mut game, 20_000 + n).await;
                        latencies.push(took);
                        total += took;
                    }
                    total
                })
            })
        },
    );
    latencies.sort();
    let (median, p99) = (ms(&latencies, 0.5), ms(&latencies, 0.99));
    eprintln!(
        "{backend}: single moves: {} measured, median {median:.2} ms, p99 {p99:.2} ms, max {:.2} ms",
        latencies.len(),
        ms(&latencies, 1.0)
    );

    let in_flight = IN_FLIGHT * PROCESSES / processes;
    let full = throughput(url, &ranges, in_flight, Mode::Move);
    let store_only = throughput(url, &ranges, in_flight, Mode::Store);
    for (what, t) in [
        ("/move end to end", &full),
        ("database work only", &store_only),
    ] {
        eprintln!(
            "{backend}: {processes} process(es), {in_flight} moves in flight each, {what}: \
             {} moves in {:.1} s = {:.0} moves/s; CPU per move: {:.2} ms in the bot processes, \
             {:.2} ms in PostgreSQL's; each process: {}",
            t.moves,
            t.secs,
            t.rate(),
            t.bot_cpu_ms / t.moves.max(1) as f64,
            t.db_cpu_ms / t.moves.max(1) as f64,
            t.lines.join("; ")
        );
    }
    // Nothing lost: every move played is logged.
    rt.block_on(async {
        let counts = store.row_counts().await.unwrap();
        let logged = counts.iter().find(|c| c.0 == "actions").unwrap().1;
        eprintln!("{backend}: {logged} actions logged in all");
    });
    rt.block_on(store.close());
    (
        median,
        p99,
        full.rate(),
        store_only.rate(),
        full.cpu_per_move(),
    )
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    /// `/move` through `Table::handle`, the board drawn.
    Move,
    /// A move's database work only: the game, its seats and record read, the guarded
    /// write (what `Table::handle` does in the store, without the drawing).
    Store,
}

struct Throughput {
    moves: u64,
    secs: f64,
    bot_cpu_ms: f64,
    db_cpu_ms: f64,
    lines: Vec<String>,
}

impl Throughput {
    fn rate(&self) -> f64 {
        self.moves as f64 / self.secs.max(1e-9)
    }

    /// CPU time (ms) a move takes, bot and database together.
    fn cpu_per_move(&self) -> f64 {
        (self.bot_cpu_ms + self.db_cpu_ms) / self.moves.max(1) as f64
    }
}

/// CPU time (ms) used so far by the processes whose command name is `name`.
fn cpu_of(name: &str) -> f64 {
    let ticks = 100.0; // USER_HZ on Linux
    let mut total = 0.0;
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        let Some((comm, rest)) = stat.split_once(") ") else {
            continue;
        };
        if !comm.ends_with(&format!("({name}")) {
            continue;
        }
        let fields: Vec<&str> = rest.split_whitespace().collect();
        // utime and stime are fields 14 and 15 of stat; `rest` starts at field 3.
        let used: f64 =
            fields[11].parse::<f64>().unwrap_or(0.0) + fields[12].parse::<f64>().unwrap_or(0.0);
        total += used / ticks * 1e3;
    }
    total
}

/// Throughput: the processes start together (a line on their standard input) and move
/// in their own games for a fixed time.
fn throughput(url: &str, ranges: &[(usize, Vec<i64>)], in_flight: usize, mode: Mode) -> Throughput {
    let mut children: Vec<_> = ranges
        .iter()
        .map(|(first, ids)| {
            Command::new(std::env::current_exe().unwrap())
                .env("BOARDPOST_SCALE_CHILD", "1")
                .env("SCALE_URL", url)
                .env("SCALE_FIRST", first.to_string())
                .env(
                    "SCALE_GAMES",
                    ids.iter()
                        .map(|i| i.to_string())
                        .collect::<Vec<_>>()
                        .join(","),
                )
                .env("SCALE_IN_FLIGHT", in_flight.to_string())
                .env(
                    "SCALE_MODE",
                    if mode == Mode::Move { "move" } else { "store" },
                )
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut outs: Vec<_> = children
        .iter_mut()
        .map(|c| std::io::BufReader::new(c.stdout.take().unwrap()))
        .collect();
    for out in &mut outs {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert_eq!(line.trim(), "ready", "a throughput process is ready");
    }
    let db_before = cpu_of("postgres");
    for child in &mut children {
        writeln!(child.stdin.as_mut().unwrap(), "go").unwrap();
    }
    let mut t = Throughput {
        moves: 0,
        secs: 0.0,
        bot_cpu_ms: 0.0,
        db_cpu_ms: 0.0,
        lines: Vec::new(),
    };
    for out in &mut outs {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        // "moves N secs S cpu C p50 P p99 Q"
        let fields: Vec<&str> = line.split_whitespace().collect();
        t.moves += fields[1].parse::<u64>().unwrap();
        t.secs = t.secs.max(fields[3].parse::<f64>().unwrap());
        t.bot_cpu_ms += fields[5].parse::<f64>().unwrap();
        t.lines.push(line.trim().to_string());
    }
    // Read while the processes' connections (and their server processes) still live.
    t.db_cpu_ms = cpu_of("postgres") - db_before;
    for child in &mut children {
        writeln!(child.stdin.as_mut().unwrap(), "bye").unwrap();
        assert!(child.wait().unwrap().success());
    }
    t
}

/// A throughput process: its games, `SCALE_IN_FLIGHT` moves in flight, for
/// [`THROUGHPUT_FOR`] from the parent's "go"; prints what it did.
fn child() {
    let env = |k: &str| std::env::var(k).unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = Store::open(&env("SCALE_URL")).await.unwrap();
        let table = Table::new(store.clone(), Arc::new(SystemClock));
        let first: usize = env("SCALE_FIRST").parse().unwrap();
        let in_flight: usize = env("SCALE_IN_FLIGHT").parse().unwrap();
        let store_only = env("SCALE_MODE") == "store";
        let mut live = Vec::new();
        for (n, id) in env("SCALE_GAMES").split(',').enumerate() {
            let id = GameId(id.parse().unwrap());
            let (a, b) = (
                player(2 * (first + n) % 4000),
                player(2 * (first + n) % 4000 + 1),
            );
            live.push(Live {
                id,
                players: [a, b],
                game: fresh(),
                turn: first + n,
            });
        }
        // Warm the pool and the table's checks of each game; know where each game is.
        for g in &mut live {
            table
                .handle(
                    &g.players[0],
                    Request::Board {
                        game: Some(g.id),
                        ply: None,
                    },
                )
                .await;
            let row = store.game(GUILD, g.id).await.unwrap().unwrap();
            g.game = boardpost::store::decode_state(&row.state).unwrap();
        }
        println!("ready");
        std::io::stdout().flush().unwrap();
        let mut go = String::new();
        std::io::stdin().lock().read_line(&mut go).unwrap();
        let start = Instant::now();
        let cpu = process_cpu_ms();
        let per_task = live.len() / in_flight;
        let mut tasks = Vec::new();
        let mut games = live.into_iter();
        for t in 0..in_flight {
            let mine: Vec<Live> = games.by_ref().take(per_task).collect();
            let (table, store) = (table.clone(), store.clone());
            tasks.push(tokio::spawn(async move {
                let mut mine = mine;
                let mut took = Vec::new();
                let mut i = 0;
                while start.elapsed() < THROUGHPUT_FOR {
                    let n = 100_000 + t * 10_000 + i;
                    let k = i % mine.len();
                    took.push(if store_only {
                        store_move(&store, &mut mine[k], n).await
                    } else {
                        play(&table, &store, &mut mine[k], n).await
                    });
                    i += 1;
                }
                took
            }));
        }
        let mut took = Vec::new();
        for t in tasks {
            took.extend(t.await.unwrap());
        }
        let secs = start.elapsed().as_secs_f64();
        let cpu = process_cpu_ms() - cpu;
        took.sort();
        println!(
            "moves {} secs {secs:.2} cpu {cpu:.0} p50 {:.1} p99 {:.1}",
            took.len(),
            ms(&took, 0.5),
            ms(&took, 0.99)
        );
        std::io::stdout().flush().unwrap();
        // The parent measures the database's CPU before the connections go.
        let mut bye = String::new();
        std::io::stdin().lock().read_line(&mut bye).unwrap();
        store.close().await;
    });
}

fn main() {
    if std::env::var_os("BOARDPOST_SCALE_CHILD").is_some() {
        return child();
    }
    let mut c = Criterion::default()
        .sample_size(100)
        .measurement_time(Duration::from_secs(10))
        .configure_from_args();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut results = Vec::new();
    match PgBench::server() {
        Some(server) => {
            let db = rt.block_on(PgBench::create(server));
            results.push(("PostgreSQL", PROCESSES, measure(&mut c, &rt, &db.url, PROCESSES)));
            rt.block_on(db.drop_it());
        }
        None => eprintln!(
            "scale: PostgreSQL is NOT measured: set BOARDPOST_BENCH_PG to a server whose user \
             may create databases, like BOARDPOST_BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres \
             (README, \"Running at scale\", says how to start one)."
        ),
    }
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/scale.db", dir.path().display());
    results.push(("SQLite", 1, measure(&mut c, &rt, &url, 1)));
    c.final_summary();
    eprintln!("\nscale: 100,000 games stored; targets on PostgreSQL: median ≤ 15 ms, p99 ≤ 50 ms, ≥ 1,000 moves/s across 4 processes");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    for (name, processes, (median, p99, rate, store_rate, cpu)) in results {
        eprintln!(
            "  {name:<10} one /move: median {median:.2} ms, p99 {p99:.2} ms; {processes} process(es): \
             {rate:.0} moves/s end to end ({cpu:.1} ms of CPU a move: at most {:.0} moves/s on \
             this machine's {cores} cores), {store_rate:.0} moves/s of database work alone",
            cores as f64 * 1e3 / cpu
        );
    }
    eprintln!(
        "  load average at the end (other work on the machine included): {}",
        load.trim()
    );
}
