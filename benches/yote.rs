//! Yoté: listing the legal actions and applying one in a busy mid-game position (target
//! under 20 µs median together), and drawing and encoding a mid-game board image.

use boardpost::games::yote::{Action, Yote};
use boardpost::games::{AnyGame, Game};
use boardpost::render::{render_png, RenderOptions};
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

/// The gallery's mid-game (docs/images/yote-midgame.png): a three-jump capture with its
/// bonus removal just played.
const MID: &str = "@c2 @e1 @d3 e1-e2 @a2 @d2 c2-c3 @d5 @f1 @b3 @b2 @e1 f1-f2 @e3 @f3 d5-e5 \
                   f2-f1 @c4 f3-f2 @a5 b2-b1 d2-c2 @d4 e3-e4 @d5 e4-f4 d4xb4xb2xd2/e5";

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
        position.in_hand(boardpost::games::Seat::FIRST),
        position.in_hand(boardpost::games::Seat::SECOND),
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

    let mut game = AnyGame::new("yote", &[] as &[&str]).unwrap();
    game.play_text(MID).unwrap();
    let opts = RenderOptions::new(["alice", "bob"]);
    c.bench_function("yote mid-game: render + encode", |b| {
        b.iter(|| black_box(render_png(&game, &opts)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
