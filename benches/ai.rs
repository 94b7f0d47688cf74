//! The engines of `boardpost::ai`: nodes per second of the search in a mid-game
//! position of each game (criterion's throughput, in nodes), and the time per move at
//! levels 1, 3 and 5 (no clock: the level's node budget only).
//!
//! Positions: seeded random playouts past the placement phases (sidja, Yoté,
//! Banglagor), xiangqi's published perft middle game, and four-player xiangqi's busy
//! four-army position of its own bench.

use boardpost::ai::{choose_with, Level, Limits};
use boardpost::games::xiangqi4::{Army, Options, Xiangqi4};
use boardpost::games::{AnyGame, Game};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::hint::black_box;

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

criterion_group!(benches, bench);
criterion_main!(benches);
