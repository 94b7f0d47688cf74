//! Drawing and encoding board images (issue 3), on mid-game positions whose last turn
//! captured. Targets (issue 19): a 5×5 image drawn and encoded in at most 2.3 ms
//! (median), encoding no slower than drawing; each measured beside the path before
//! issue 19 (`(before)`: the zlib encoder, no background cache) in the same run. The
//! other games' boards of points and squares (Seega, Yoté, Banglagor) are drawn and
//! encoded after them; the xiangqi boards are in `render_xiangqi`. `encode` codes an
//! image as the bot does, copying the codes of the sprites placed while drawing it and of
//! its background where it was not drawn over; `encode, nothing copied` without them.

#[path = "common/before.rs"]
mod before;
#[path = "common/boards.rs"]
mod boards;

use before::{drawn_before, encode_png_before};
use boardpost::games::{AnyGame, GameKind};
use boardpost::render::png::encode_png_placed;
use boardpost::render::sprites::placing;
use boardpost::render::{encode_png, render_image, render_png_into, RenderOptions};
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
        c.bench_function(
            &format!("render {name} mid-game: draw + encode (before)"),
            |b| {
                b.iter(|| {
                    black_box(encode_png_before(&drawn_before(|| {
                        render_image(position, &opts)
                    })))
                })
            },
        );
        c.bench_function(&format!("render {name} mid-game: draw"), |b| {
            b.iter(|| black_box(render_image(position, &opts)))
        });
        c.bench_function(&format!("render {name} mid-game: draw (before)"), |b| {
            b.iter(|| black_box(drawn_before(|| render_image(position, &opts))))
        });
        encode_benches(c, name, position, &opts);
        let img = render_image(position, &opts);
        c.bench_function(&format!("render {name} mid-game: encode (before)"), |b| {
            b.iter(|| black_box(encode_png_before(&img)))
        });
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
        c.bench_function(&format!("render {name} mid-game: draw"), |b| {
            b.iter(|| black_box(render_image(position, &opts)))
        });
        encode_benches(c, name, position, &opts);
    }
}

/// The image coded as the bot codes it, with the codes of the sprites placed while it
/// was drawn and of the background where it was not drawn over (`encode`), and without
/// them (`encode, nothing copied`).
fn encode_benches(c: &mut Criterion, name: &str, position: &AnyGame, opts: &RenderOptions) {
    let (img, drawn) = placing(|| render_image(position, opts));
    let mut out = Vec::new();
    c.bench_function(&format!("render {name} mid-game: encode"), |b| {
        b.iter(|| encode_png_placed(&img, &drawn, black_box(&mut out)))
    });
    c.bench_function(
        &format!("render {name} mid-game: encode, nothing copied"),
        |b| b.iter(|| black_box(encode_png(&img))),
    );
}

criterion_group!(benches, bench, other_games);
criterion_main!(benches);
