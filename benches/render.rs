//! Drawing and encoding board images, on mid-game positions whose last turn captured.
//! Targets (median): a 5×5 image drawn and encoded in at most 1.5 ms, the busy
//! four-player one in at most 2.5 ms. The other games' boards of points and squares
//! (Seega, Yoté, Banglagor) come after the 5×5 and 9×9 ones, then the xiangqi boards (a
//! classical mid-game with a check and a last move; four players with an army out, a
//! reserve, a check and the last move). `draw, nothing cached` draws without the kept
//! backgrounds and pieces (`render::cache`, `render::sprites`): what they save. Last, a
//! tournament's crosstable: a round-robin of 20, single and double (target: at most
//! 20 ms drawn and encoded).

use boardpost_testkit::{boards, crosstables};

use boardpost::games::{GameKind, Seat};
use boardpost::render::cache::without_cache;
use boardpost::render::crosstable::draw;
use boardpost::render::xiangqi::draw_scene;
use boardpost::render::xiangqi4::{draw_scene4, seat};
use boardpost::render::{draw_png_into, encode_png_into, render_image, RenderOptions};
use boards::{classical, four_player, game, position, MID_5, MID_9};
use criterion::{criterion_group, criterion_main, Criterion};
use image::RgbaImage;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let opts = RenderOptions::new(["alice", "bob"]);
    let positions = [
        ("5x5", game("sidja", &["variant=sudan", "size=5"], MID_5)),
        ("9x9", game("sidja", &["variant=sidja", "size=9"], MID_9)),
    ];
    for (name, position) in &positions {
        board(c, &format!("render {name} mid-game"), || {
            render_image(position, &opts)
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
        draw_and_encode(c, &format!("render {name} mid-game"), &|| {
            render_image(position, &opts)
        });
    }
}

fn xiangqi_boards(c: &mut Criterion) {
    let two = RenderOptions::new(["alice", "bob"]).viewed_by(Some(Seat::SECOND));
    let scene = classical();
    board(c, "xiangqi mid-game", || draw_scene(&scene, &two));
    let four = RenderOptions::new(["alice", "bob", "carol", "dave"]).viewed_by(Some(seat(2)));
    let scene = four_player();
    board(c, "xiangqi4 busy", || draw_scene4(&scene, &four));
}

/// Drawn and encoded as the bot does (`render::draw_png_into`), then each alone, and
/// drawn without the kept backgrounds and pieces.
fn board(c: &mut Criterion, name: &str, draw: impl Fn() -> RgbaImage) {
    let mut out = Vec::new();
    c.bench_function(&format!("{name}: draw + encode"), |b| {
        b.iter(|| draw_png_into(&draw, black_box(&mut out)))
    });
    draw_and_encode(c, name, &draw);
    c.bench_function(&format!("{name}: draw, nothing cached"), |b| {
        b.iter(|| black_box(without_cache(&draw)))
    });
}

/// The drawing alone, and the encoding alone into a reused buffer.
fn draw_and_encode(c: &mut Criterion, name: &str, draw: &impl Fn() -> RgbaImage) {
    c.bench_function(&format!("{name}: draw"), |b| b.iter(|| black_box(draw())));
    let img = draw();
    let mut out = Vec::new();
    c.bench_function(&format!("{name}: encode"), |b| {
        b.iter(|| encode_png_into(&img, black_box(&mut out)))
    });
}

fn crosstable(c: &mut Criterion) {
    let names: Vec<String> = (1..=20).map(|i| format!("player number {i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    for (what, double) in [("20", false), ("20 double", true)] {
        let table = crosstables::round_robin(&names, double, Some(4), boardpost::i18n::Lang::En);
        let mut out = Vec::new();
        c.bench_function(&format!("crosstable {what}: draw + encode"), |b| {
            b.iter(|| draw_png_into(|| draw(&table), black_box(&mut out)))
        });
        draw_and_encode(c, &format!("crosstable {what}"), &|| draw(&table));
    }
}

criterion_group!(benches, bench, other_games, xiangqi_boards, crosstable);
criterion_main!(benches);
