//! Drawing and encoding board images, on mid-game positions whose last turn captured.
//! Targets (median): a 5×5 image drawn and encoded in at most 1.5 ms, the busy
//! four-player one in at most 2.5 ms. The other games' boards of points and squares
//! (Seega, Yoté, Banglagor) come after the 5×5 and 9×9 ones, then the xiangqi boards (a
//! classical mid-game with a check and a last move; four players with an army out, a
//! reserve, a check and the last move). `draw, nothing cached` draws without the kept
//! backgrounds and pieces (`render::cache`, `render::sprites`): what they save. Last, a
//! tournament's crosstable: a round-robin of 20, single and double (target: at most
//! 20 ms drawn and encoded). Then lessons (issue 45): every step's answer of each
//! game's course checked action by action as a player's answers are, and one step's
//! check with its board image; each single check must take well under 5 ms (asserted
//! here, in release, where timings mean something).

use boardpost_testkit::{boards, crosstables};

use boardpost::games::{GameKind, Seat};
use boardpost::learn::{course, Step, StepVerdict};
use boardpost::render::cache::without_cache;
use boardpost::render::crosstable::draw;
use boardpost::render::xiangqi::draw_scene;
use boardpost::render::xiangqi4::{draw_scene4, seat};
use boardpost::render::{draw_png_into, encode_png_into, render_image, RenderOptions};
use boards::{classical, four_player, game, position, MID_5, MID_9};
use criterion::{criterion_group, criterion_main, Criterion};
use image::RgbaImage;
use std::hint::black_box;
use std::time::{Duration, Instant};

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

/// Checks a step's answer as a player answers it: each of the player's actions after
/// the actions the verdicts so far returned (scripted replies come back with them).
/// Gives how long each check took.
fn check_answer(step: &Step) -> Vec<Duration> {
    let line = step.answer();
    let mut played: Vec<String> = Vec::new();
    let mut took = Vec::new();
    while played.len() < line.len() {
        let started = Instant::now();
        let verdict = step.check(&played, &line[played.len()]);
        took.push(started.elapsed());
        match black_box(verdict) {
            StepVerdict::Done { actions } | StepVerdict::Continue { actions } => {
                played.extend(actions)
            }
            other => panic!("{}: the answer is refused: {other:?}", step.id),
        }
    }
    took
}

fn lessons(c: &mut Criterion) {
    let limit = Duration::from_millis(5);
    for kind in GameKind::ALL {
        let course = course(*kind).expect("every course reads");
        c.bench_function(
            &format!("lesson: the {kind} course's answers checked"),
            |b| {
                b.iter(|| {
                    for step in &course.steps {
                        check_answer(step);
                    }
                })
            },
        );
        // The slowest single check of the course, over a few rounds.
        let mut slowest = (Duration::ZERO, String::new());
        for _ in 0..20 {
            for step in &course.steps {
                for took in check_answer(step) {
                    if took > slowest.0 {
                        slowest = (took, step.id.clone());
                    }
                }
            }
        }
        eprintln!(
            "{kind}: {} steps, slowest check {:.3} ms ({})",
            course.steps.len(),
            slowest.0.as_secs_f64() * 1e3,
            slowest.1
        );
        assert!(slowest.0 < limit, "{kind} {}: {:?}", slowest.1, slowest.0);
    }
    // What the service does for an answer: the check, then the position's image.
    let step = &course(GameKind::Banglagor)
        .expect("the banglagor course")
        .steps[2];
    let opts = RenderOptions::new(["you", "lesson"]);
    let mut png = Vec::new();
    c.bench_function(
        "lesson: a banglagor answer checked and its board drawn",
        |b| {
            b.iter(|| {
                let verdict = step.check(&[], &step.answer()[0]);
                let StepVerdict::Done { actions } = verdict else {
                    panic!("not done");
                };
                let after = step.position(&actions).expect("the answer plays");
                draw_png_into(|| render_image(&after, &opts), &mut png);
                black_box(&png);
            })
        },
    );
}

criterion_group!(
    benches,
    bench,
    other_games,
    xiangqi_boards,
    crosstable,
    lessons
);
criterion_main!(benches);
