//! Drawing and encoding board images, on mid-game positions whose last turn captured.
//! Target: a 5×5 image drawn and encoded in at most 1.5 ms (median). The other games'
//! boards of points and squares (Seega, Yoté, Banglagor) are drawn and encoded after
//! them; the xiangqi boards are in `render_xiangqi`. `draw, nothing cached` draws without
//! the kept backgrounds and pieces (`render::cache`, `render::sprites`): what they save.

use boardpost_testkit::boards;

use boardpost::games::{AnyGame, GameKind};
use boardpost::render::cache::without_cache;
use boardpost::render::{encode_png_into, render_image, render_png_into, RenderOptions};
use boards::{game, position, MID_5, MID_9};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let opts = RenderOptions::new(["alice", "bob"]);
    let positions = [
        ("5x5", game("sidja", &["variant=sudan", "size=5"], MID_5)),
        ("9x9", game("sidja", &["variant=sidja", "size=9"], MID_9)),
    ];
    for (name, position) in &positions {
        let mut out = Vec::new();
        c.bench_function(&format!("render {name} mid-game: draw + encode"), |b| {
            b.iter(|| render_png_into(position, &opts, black_box(&mut out)))
        });
        draw_and_encode(c, name, position, &opts);
        c.bench_function(
            &format!("render {name} mid-game: draw, nothing cached"),
            |b| b.iter(|| black_box(without_cache(|| render_image(position, &opts)))),
        );
    }
}

fn other_games(c: &mut Criterion) {
    let opts = RenderOptions::new(["alice", "bob"]);
    let positions = [
        (
            "seega 7x7",
            position(GameKind::Sidja, &["variant=seega", "opening=cross"], 40),
        ),
        ("yote", position(GameKind::Yote, &[], 40)),
        ("banglagor", position(GameKind::Banglagor, &[], 40)),
    ];
    for (name, position) in &positions {
        draw_and_encode(c, name, position, &opts);
    }
}

/// The drawing alone, and the encoding alone into a reused buffer.
fn draw_and_encode(c: &mut Criterion, name: &str, position: &AnyGame, opts: &RenderOptions) {
    c.bench_function(&format!("render {name} mid-game: draw"), |b| {
        b.iter(|| black_box(render_image(position, opts)))
    });
    let img = render_image(position, opts);
    let mut out = Vec::new();
    c.bench_function(&format!("render {name} mid-game: encode"), |b| {
        b.iter(|| encode_png_into(&img, black_box(&mut out)))
    });
}

criterion_group!(benches, bench, other_games);
criterion_main!(benches);
