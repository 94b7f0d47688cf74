//! Drawing and encoding board images (issue 3), on mid-game positions whose last turn
//! captured. Targets (issue 19): a 5×5 image drawn and encoded in at most 2.3 ms
//! (median), encoding no slower than drawing; each measured beside the path before
//! issue 19 (`(before)`: the zlib encoder, no background cache) in the same run. The
//! other games' boards of points and squares (Seega, Yoté, Banglagor) are drawn and
//! encoded after them; the xiangqi boards are in `render_xiangqi`.

#[path = "common/before.rs"]
mod before;

use before::{drawn_before, encode_png_before};
use boardpost::games::{AnyGame, GameKind, GameOptions};
use boardpost::render::{encode_png, render_image, render_png_into, RenderOptions};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// Sudanese sidja 5×5: all 24 stones placed, six moves, the last turn two moves and a
/// capture.
const MID_5: &str = "a5 e1 a3 c1 b1 e2 d5 e4 d3 d4 b2 a2 c5 a1 d1 d2 a4 e3 c2 b5 b4 e5 b3 c4 \
                     d3-c3 b1-b2 c3-c4 c2-d2 b2-c2 e2-d2";

/// Sidja 9×9: all 80 stones placed, then a turn of captures in a row.
const MID_9: &str = "d4 i6 h9 b8 f6 h2 a9 a2 h5 e2 d7 d1 i1 i2 g6 c5 e1 f7 b3 i3 i9 e9 d5 h1 \
                     a1 g5 h8 a7 b7 i5 g2 a5 d3 a4 d2 f8 h4 e8 f4 f2 h7 g1 b9 f1 b5 a8 c3 i7 \
                     d6 c4 g3 d9 h3 g4 c7 e4 f5 e3 g9 d8 h6 i8 f3 c2 e6 e7 a3 b6 g7 i4 b2 c8 \
                     b1 f9 g8 b4 c6 c1 a6 c9 f5-e5 d4-e4 e4-d5 g4-f5 e5-f4 h5-g4 h3-g3";

fn game(options: &[&str], actions: &str) -> AnyGame {
    let mut game = AnyGame::new("sidja", options).unwrap();
    game.play_text(actions).unwrap();
    game
}

/// A game of `kind` played `plies` actions deep by a fixed choice of legal actions (as
/// the pixel tests choose them).
fn played(kind: GameKind, options: &[&str], plies: usize) -> AnyGame {
    let mut game = GameOptions::parse(kind, options).unwrap().start();
    for i in 0..plies {
        let legal = game.legal();
        if legal.is_empty() {
            break;
        }
        game.play(&legal[(i * 7 + 3) % legal.len()].clone())
            .unwrap();
    }
    game
}

fn bench(c: &mut Criterion) {
    let opts = RenderOptions::new(["alice", "bob"]);
    let positions = [
        ("5x5", game(&["variant=sudan", "size=5"], MID_5)),
        ("9x9", game(&["variant=sidja", "size=9"], MID_9)),
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
        let img = render_image(position, &opts);
        c.bench_function(&format!("render {name} mid-game: encode"), |b| {
            b.iter(|| black_box(encode_png(&img)))
        });
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
            played(GameKind::Sidja, &["variant=seega", "opening=cross"], 40),
        ),
        ("yote", played(GameKind::Yote, &[], 40)),
        ("banglagor", played(GameKind::Banglagor, &[], 40)),
    ];
    for (name, position) in &positions {
        c.bench_function(&format!("render {name} mid-game: draw"), |b| {
            b.iter(|| black_box(render_image(position, &opts)))
        });
        let img = render_image(position, &opts);
        c.bench_function(&format!("render {name} mid-game: encode"), |b| {
            b.iter(|| black_box(encode_png(&img)))
        });
    }
}

criterion_group!(benches, bench, other_games);
criterion_main!(benches);
