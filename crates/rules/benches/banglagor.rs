//! Banglagor: listing the legal actions and applying one in a busy mid-game position
//! (target: under 100 µs median together).

use boardpost_rules::banglagor::Banglagor;
use boardpost_rules::{AnyGame, Game};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;

/// Every column placed, then 25 moves with attacks, bound columns on both sides and a
/// column of seat 1 deep in seat 2's land (the gallery's `banglagor-midgame.png`).
const MID: &str = "3@a2 2@g8 1@c2 2@c8 2@e2 3@e8 3@g2 1@a8 1@d1 1@h9 2@e1 3@f9 1@b3 \
                   3@d9 2@d3 2@b9 3@f3 1@g10 1@h3 2@e10 1@a4 3@c10 3@c4 1@a10 3@e4 \
                   3@h11 2@g4 1@f11 2@b5 2@d11 3@d5 3@b11 2@f5 1@e12 1@h5 2@d12 \
                   f3-f2 e8-e5xf5 d5-d8xc8 f11-e11 d1-c1 e12-f12 b5-d5xe5 e10-e10 \
                   h3-h2 c10-c9 d8-c8xc9 f9-f6 c8-b8xa8 d9-d6xd5 c4-b6 g8-g8 d3-d5xd6 \
                   f6-f3xf2 b6-a8 g10-g9 a2-a1 f3-g3xg2 b8-d9xc9 b11-b10 d9-c11xd11";

/// The same game three moves on, seat 1 to move with a column on rank 12: its
/// relocations to every empty square make the longest list of actions.
const RELOCATING: &str = "f12-g12 c11-c12 g12-g11";

fn mid_game(extra: &str) -> AnyGame {
    let mut game = AnyGame::new("banglagor", &[] as &[&str]).unwrap();
    game.play_text(MID).unwrap();
    game.play_text(extra).unwrap();
    game
}

fn inner(game: &AnyGame) -> Banglagor {
    match game {
        AnyGame::Banglagor(g) => (**g).clone(),
        _ => unreachable!("a banglagor game"),
    }
}

fn bench(c: &mut Criterion) {
    for (name, extra) in [("mid-game", ""), ("relocations", RELOCATING)] {
        let game = mid_game(extra);
        let position = inner(&game);
        assert!(position.to_move().is_some());
        println!("{name}: {} legal actions", position.legal_actions().len());
        c.bench_function(&format!("banglagor {name}: legal actions"), |b| {
            b.iter(|| black_box(position.legal_actions()))
        });
        c.bench_function(
            &format!("banglagor {name}: legal actions + apply one"),
            |b| {
                b.iter_batched_ref(
                    || position.clone(),
                    |game| {
                        let legal = game.legal_actions();
                        game.try_play(legal[legal.len() / 2]).unwrap();
                    },
                    BatchSize::SmallInput,
                )
            },
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
