//! Xiangqi: the legal moves of a mid-game position (target under 5 µs median), the same
//! and playing one of them through the game (record, end checks), and perft 3 from the
//! start (79,666 leaves).

use boardpost_rules::xiangqi::Xiangqi;
use boardpost_rules::Game;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;

/// A busy middle game (one of the published perft positions): rooks, horses and cannons
/// of both sides out, pawns across the river, 38 legal moves.
const MIDGAME: &str = "r1ea1a3/4kh3/2h1e4/pHp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2EAKAE2 w - - 0 1";

fn bench(c: &mut Criterion) {
    let game = Xiangqi::from_fen(MIDGAME).unwrap();
    let legal = game.legal_actions();
    assert_eq!(legal.len(), 38);
    println!("mid-game: {MIDGAME}, {} legal moves", legal.len());

    c.bench_function("xiangqi mid-game: legal moves (move list)", |b| {
        b.iter(|| black_box(game.board().legal_moves()))
    });
    c.bench_function("xiangqi mid-game: legal actions (game)", |b| {
        b.iter(|| black_box(game.legal_actions()))
    });
    c.bench_function("xiangqi mid-game: legal actions + apply one", |b| {
        b.iter_batched_ref(
            || game.clone(),
            |g| {
                let legal = g.legal_actions();
                g.try_play(legal[legal.len() / 2]).unwrap();
            },
            BatchSize::SmallInput,
        )
    });
    let start = Xiangqi::new();
    c.bench_function("xiangqi start: perft 3", |b| {
        b.iter(|| black_box(start.perft(3)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
