//! Yoté: listing the legal actions and applying one in a busy mid-game position (target
//! under 20 µs median together).

use boardpost_rules::yote::{Action, Yote};
use boardpost_rules::{Game, Seat};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;

/// A reproducible busy mid-game position: drops and steps chosen by a fixed rule (no
/// captures) until 20 pieces stand on the board, both sides with pieces in reserve and
/// captures, chains among them, to choose from.
fn busy() -> Yote {
    let mut game = Yote::new();
    let mut k: usize = 11;
    while game.board().pieces().count() < 20 {
        let legal: Vec<Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| !matches!(a, Action::Capture(_)))
            .collect();
        k = (k * 31 + 17) % 1_000_003;
        game.try_play(legal[k % legal.len()]).unwrap();
    }
    game
}

fn bench(c: &mut Criterion) {
    let position = busy();
    let legal = position.legal_actions();
    let captures = legal
        .iter()
        .filter(|a| matches!(a, Action::Capture(_)))
        .count();
    assert!(position.to_move().is_some() && captures > 0);
    println!(
        "busy position: {} pieces, reserves {} and {}, {} legal actions ({captures} captures)",
        position.board().pieces().count(),
        position.in_hand(Seat::FIRST),
        position.in_hand(Seat::SECOND),
        legal.len(),
    );
    c.bench_function("yote mid-game: legal actions", |b| {
        b.iter(|| black_box(position.legal_actions()))
    });
    c.bench_function("yote mid-game: legal actions + apply one", |b| {
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
