//! Listing the legal actions and applying one, in a mid-game 9×9 `sidja` position.
//! Target (issue 2): under 10 µs median together.

use boardpost_rules::sidja::{Options, Sidja, Variant};
use boardpost_rules::Game;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

/// A reproducible mid-game position: every stone placed, then moves chosen by a fixed
/// rule until 30 movement actions are played.
fn mid_game() -> Sidja {
    let mut game = Sidja::new(Options {
        variant: Variant::Sidja,
        size: 9,
        drop: 2,
        ..Options::default()
    });
    let mut moves = 0;
    let mut k: usize = 7;
    while game.to_move().is_some() && moves < 30 {
        let legal = game.legal_actions();
        k = (k * 31 + 17) % 1_000_003;
        let action = legal[k % legal.len()];
        if !game.is_placing() {
            moves += 1;
        }
        game.try_play(action).unwrap();
    }
    assert!(game.to_move().is_some() && !game.is_placing());
    game
}

fn bench(c: &mut Criterion) {
    let position = mid_game();
    c.bench_function("sidja 9x9 mid-game: legal actions", |b| {
        b.iter(|| std::hint::black_box(position.legal_actions()))
    });
    c.bench_function("sidja 9x9 mid-game: legal actions + apply one", |b| {
        b.iter_batched_ref(
            || position.clone(),
            |game| {
                let legal = game.legal_actions();
                game.try_play(legal[legal.len() / 2]).unwrap();
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
