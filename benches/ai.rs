//! The engines of `boardpost::ai`: nodes per second of the search in a mid-game
//! position of each game (criterion's throughput, in nodes), and the time per move at
//! levels 1, 3 and 5 (no clock: the level's node budget only).
//!
//! Positions: seeded random playouts past the placement phases (sidja, Yoté,
//! Banglagor), xiangqi's published perft middle game, and four-player xiangqi's busy
//! four-army position of its own bench.
//!
//! And the worker pool (issue 17): people's `/move` in games of their own, end to end
//! through the table over a SQLite file, alone and while ten games against the bot at
//! level 5 think without pause; the median and p99 of both are printed.

use boardpost::ai::{choose_with, Level, Limits};
use boardpost::clock::SystemClock;
use boardpost::games::xiangqi4::{Army, Options, Xiangqi4};
use boardpost::games::{AnyGame, Game};
use boardpost::ids::{ChannelId, GameId, GuildId, UserId};
use boardpost::store::{First, Store};
use boardpost::table::{Caller, ChallengeRequest, Table};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

const XIANGQI_MIDGAME: &str =
    "r1ea1a3/4kh3/2h1e4/pHp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2EAKAE2 w - - 0 1";

const FOUR_ARMIES: &str = "\
    rKj2 rAi1 rAk1 rEh1 rEl5 rRf8 rRk9 rHh7 rHl10 rCg6 rCm11 rP*i12 rP*j8 rPn4 rPf4 rP*l13 \
    bKr10 bAs9 bAs11 bEs8 bEo12 bRn9 bRh13 bHm7 bHi10 bCk6 bCq13 bP*g9 bP*m13 bPp6 bP*k14 bPp14 \
    yKj18 yAi19 yAk19 yEh19 yEl19 yRg13 yRm8 yHj12 yHn7 yCh11 yCl16 yPf16 yP*i7 yP*k11 yPn16 yP*f12 \
    gKb10 gAa9 gAa11 gEa8 gEc12 gRe9 gRi14 gHf11 gHk8 gCd7 gCn12 gP*h9 gP*g10 gPd6 gP*l7 gPd14";

fn playout(name: &str, plies: usize, seed: u64) -> AnyGame {
    let mut game = AnyGame::new(name, &[] as &[&str]).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..plies {
        let legal = game.legal();
        let Some(action) = legal.choose(&mut rng) else {
            break;
        };
        game.play(action).unwrap();
    }
    assert!(
        game.to_move().is_some(),
        "{name}: the playout ended the game"
    );
    game
}

fn positions() -> Vec<(&'static str, AnyGame)> {
    let x4 = Xiangqi4::from_position(Options::default(), FOUR_ARMIES, &[], Army::Red).unwrap();
    vec![
        ("sidja", playout("sidja", 28, 1)),
        ("yote", playout("yote", 20, 1)),
        ("banglagor", playout("banglagor", 44, 1)),
        (
            "xiangqi",
            AnyGame::xiangqi_from_fen(XIANGQI_MIDGAME).unwrap(),
        ),
        ("xiangqi4", AnyGame::Xiangqi4(Box::new(x4))),
    ]
}

fn unlimited() -> Limits {
    Limits {
        max_time: None,
        node_percent: 100,
    }
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let mut nps = c.benchmark_group("ai nodes per second (level 3)");
    nps.sample_size(10);
    for (name, game) in &positions {
        let nodes = choose_with(game, Level::L3, 1, unlimited()).unwrap().nodes;
        println!("{name}: level 3 searches {nodes} nodes");
        nps.throughput(Throughput::Elements(nodes));
        nps.bench_function(*name, |b| {
            b.iter(|| black_box(choose_with(game, Level::L3, 1, unlimited())))
        });
    }
    nps.finish();
    let mut per_move = c.benchmark_group("ai time per move");
    per_move.sample_size(10);
    for (name, game) in &positions {
        for level in [Level::L1, Level::L3, Level::L5] {
            per_move.bench_function(format!("{name} level {level}"), |b| {
                b.iter(|| black_box(choose_with(game, level, 1, unlimited())))
            });
        }
    }
    per_move.finish();
}

const BOT: UserId = UserId(99);

fn person(n: u64) -> Caller {
    Caller::new(GuildId(1), ChannelId(1), UserId(1000 + n), format!("p{n}"))
}

/// A game between two people (Sidja 7×7), or against the bot (xiangqi, level 5).
async fn start(table: &Table, n: u64, bot: bool) -> GameId {
    let req = ChallengeRequest {
        game: if bot { "xiangqi" } else { "sidja" }.into(),
        opponents: vec![if bot { BOT } else { person(n + 1).user }],
        options: if bot {
            vec![]
        } else {
            vec!["variant=sidja".into(), "size=7".into()]
        },
        first: Some(First::Challenger),
        level: bot.then_some(5),
        ..ChallengeRequest::default()
    };
    let reply = table.challenge(&person(n), req).await.unwrap();
    match reply.game {
        Some(id) => id,
        None => table
            .accept(&person(n + 1), None)
            .await
            .unwrap()
            .game
            .unwrap(),
    }
}

/// A person's move in game `id` (its first legal action), timed end to end.
async fn timed_move(
    table: &Table,
    store: &Store,
    id: GameId,
    players: [Caller; 2],
) -> Option<Duration> {
    let row = store.game(GuildId(1), id).await.unwrap()?;
    let game: AnyGame = serde_json::from_str(&row.state).ok()?;
    let seat = game.to_move()?;
    let action = game.legal().first()?.clone();
    let start = Instant::now();
    table
        .play_move(&players[seat.index()], Some(id), &action)
        .await
        .ok()?;
    Some(start.elapsed())
}

fn pool(_c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/pool.db", dir.path().display());
    let (table, store) = rt.block_on(async {
        let store = Store::open(&url).await.unwrap();
        let table = Table::new(store.clone(), Arc::new(SystemClock));
        table.set_bot_user(BOT);
        (table, store)
    });
    let people: Vec<GameId> = rt.block_on(async {
        let mut ids = Vec::new();
        for g in 0..20 {
            ids.push(start(&table, 10 * g, false).await);
        }
        ids
    });
    let measure = |label: &str| {
        let mut took = rt.block_on(async {
            let mut took = Vec::new();
            for round in 0..15 {
                for (g, id) in people.iter().enumerate() {
                    let n = 10 * g as u64;
                    if let Some(t) =
                        timed_move(&table, &store, *id, [person(n), person(n + 1)]).await
                    {
                        took.push(t);
                    }
                    let _ = round;
                }
            }
            took
        });
        took.sort();
        let pct = |p: f64| took[((took.len() - 1) as f64 * p) as usize].as_secs_f64() * 1e3;
        println!(
            "people's moves {label}: {} measured, median {:.2} ms, p99 {:.2} ms",
            took.len(),
            pct(0.5),
            pct(0.99)
        );
    };
    measure("alone");
    // Ten games against the bot at level 5, thinking without pause.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let thinking: Vec<_> = (0..10)
        .map(|g| {
            let (table, store, stop) = (table.clone(), store.clone(), stop.clone());
            rt.spawn(async move {
                let n = 1000 + 10 * g;
                let id = start(&table, n, true).await;
                let mut turns = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    if timed_move(&table, &store, id, [person(n), person(n)])
                        .await
                        .is_none()
                    {
                        break;
                    }
                    let _ = table.bot_turns(GuildId(1), id).await;
                    turns += 1;
                }
                turns
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(2));
    measure("while 10 bot games think at level 5");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let turns: usize = rt.block_on(async {
        let mut all = 0;
        for t in thinking {
            all += t.await.unwrap();
        }
        all
    });
    println!("the bot answered {turns} moves meanwhile");
}

criterion_group!(benches, bench, pool);
criterion_main!(benches);
