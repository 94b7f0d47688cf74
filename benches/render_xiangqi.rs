//! Drawing and encoding xiangqi board images: a classical mid-game with a check and a
//! last move, and a busy four-player position (an army out, a reserve, a check, the
//! last move). Target: the four-player image drawn and encoded in at most 2.5 ms
//! (median).

use boardpost_testkit::boards;

use boardpost::games::Seat;
use boardpost::render::cache::without_cache;
use boardpost::render::xiangqi::draw_scene;
use boardpost::render::xiangqi4::{draw_scene4, seat};
use boardpost::render::{draw_png_into, encode_png_into, RenderOptions};
use boards::{classical, four_player};
use criterion::{criterion_group, criterion_main, Criterion};
use image::RgbaImage;
use std::hint::black_box;

/// Drawn and encoded as the bot does (`render::draw_png_into`), then each alone, and
/// drawn without the kept backgrounds and pieces.
fn bench_board(c: &mut Criterion, name: &str, draw: impl Fn() -> RgbaImage) {
    let mut out = Vec::new();
    c.bench_function(&format!("{name}: draw + encode"), |b| {
        b.iter(|| draw_png_into(&draw, black_box(&mut out)))
    });
    c.bench_function(&format!("{name}: draw"), |b| b.iter(|| black_box(draw())));
    let img = draw();
    c.bench_function(&format!("{name}: encode"), |b| {
        b.iter(|| encode_png_into(&img, black_box(&mut out)))
    });
    c.bench_function(&format!("{name}: draw, nothing cached"), |b| {
        b.iter(|| black_box(without_cache(&draw)))
    });
}

fn bench(c: &mut Criterion) {
    let two = RenderOptions::new(["alice", "bob"]).viewed_by(Some(Seat::SECOND));
    let scene = classical();
    bench_board(c, "xiangqi mid-game", || draw_scene(&scene, &two));
    let four = RenderOptions::new(["alice", "bob", "carol", "dave"]).viewed_by(Some(seat(2)));
    let scene = four_player();
    bench_board(c, "xiangqi4 busy", || draw_scene4(&scene, &four));
}

criterion_group!(benches, bench);
criterion_main!(benches);
