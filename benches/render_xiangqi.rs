//! Drawing and encoding xiangqi board images: a classical mid-game with a check and a
//! last move, and a busy four-player position (an army out, a reserve, a check, the
//! last move). Target: the four-player image drawn and encoded in under 15 ms (median).

use boardpost::games::Seat;
use boardpost::render::xiangqi::draw_scene;
use boardpost::render::xiangqi4::{draw_scene4, seat};
#[path = "common/before.rs"]
mod before;
#[path = "common/boards.rs"]
mod boards;

use before::{drawn_before, encode_png_before};
use boardpost::render::png::encode_png_placed;
use boardpost::render::sprites::placing;
use boardpost::render::{draw_png_into, encode_png, RenderOptions};
use boards::{classical, four_player};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let two = RenderOptions::new(["alice", "bob"]).viewed_by(Some(Seat::SECOND));
    let scene = classical();
    let mut out = Vec::new();
    // Drawn and encoded as the bot does (`render::draw_png_into`): the coder copies the
    // codes of what the drawing left as it was.
    c.bench_function("xiangqi mid-game: draw + encode", |b| {
        b.iter(|| draw_png_into(|| draw_scene(&scene, &two), black_box(&mut out)))
    });
    c.bench_function("xiangqi mid-game: draw + encode (before)", |b| {
        b.iter(|| {
            black_box(encode_png_before(&drawn_before(|| {
                draw_scene(&scene, &two)
            })))
        })
    });
    c.bench_function("xiangqi mid-game: draw", |b| {
        b.iter(|| black_box(draw_scene(&scene, &two)))
    });
    let (img, drawn) = placing(|| draw_scene(&scene, &two));
    c.bench_function("xiangqi mid-game: encode", |b| {
        b.iter(|| encode_png_placed(&img, &drawn, black_box(&mut out)))
    });
    c.bench_function("xiangqi mid-game: encode, nothing copied", |b| {
        b.iter(|| black_box(encode_png(&img)))
    });
    c.bench_function("xiangqi mid-game: encode (before)", |b| {
        b.iter(|| black_box(encode_png_before(&img)))
    });

    let four = RenderOptions::new(["alice", "bob", "carol", "dave"]).viewed_by(Some(seat(2)));
    let scene = four_player();
    c.bench_function("xiangqi4 busy: draw + encode", |b| {
        b.iter(|| draw_png_into(|| draw_scene4(&scene, &four), black_box(&mut out)))
    });
    c.bench_function("xiangqi4 busy: draw + encode (before)", |b| {
        b.iter(|| {
            black_box(encode_png_before(&drawn_before(|| {
                draw_scene4(&scene, &four)
            })))
        })
    });
    c.bench_function("xiangqi4 busy: draw", |b| {
        b.iter(|| black_box(draw_scene4(&scene, &four)))
    });
    c.bench_function("xiangqi4 busy: draw (before)", |b| {
        b.iter(|| black_box(drawn_before(|| draw_scene4(&scene, &four))))
    });
    let (img, drawn) = placing(|| draw_scene4(&scene, &four));
    c.bench_function("xiangqi4 busy: encode", |b| {
        b.iter(|| encode_png_placed(&img, &drawn, black_box(&mut out)))
    });
    c.bench_function("xiangqi4 busy: encode, nothing copied", |b| {
        b.iter(|| black_box(encode_png(&img)))
    });
    c.bench_function("xiangqi4 busy: encode (before)", |b| {
        b.iter(|| black_box(encode_png_before(&img)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
