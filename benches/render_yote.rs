//! Yoté: drawing and encoding a mid-game board image.

use boardpost::games::AnyGame;
use boardpost::render::{render_png, RenderOptions};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// The gallery's mid-game (docs/images/yote-midgame.png): a three-jump capture with its
/// bonus removal just played.
const MID: &str = "@c2 @e1 @d3 e1-e2 @a2 @d2 c2-c3 @d5 @f1 @b3 @b2 @e1 f1-f2 @e3 @f3 d5-e5 \
                   f2-f1 @c4 f3-f2 @a5 b2-b1 d2-c2 @d4 e3-e4 @d5 e4-f4 d4xb4xb2xd2/e5";

fn bench(c: &mut Criterion) {
    let mut game = AnyGame::new("yote", &[] as &[&str]).unwrap();
    game.play_text(MID).unwrap();
    let opts = RenderOptions::new(["alice", "bob"]);
    c.bench_function("yote mid-game: render + encode", |b| {
        b.iter(|| black_box(render_png(&game, &opts)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
