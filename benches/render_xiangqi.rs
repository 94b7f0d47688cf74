//! Drawing and encoding xiangqi board images: a classical mid-game with a check and a
//! last move, and a busy four-player position (an army out, a reserve, a check, the
//! last move). Target: the four-player image drawn and encoded in under 15 ms (median).

use boardpost::games::xiangqi::Kind;
use boardpost::games::Seat;
use boardpost::render::xiangqi::{draw_scene, Scene, ScenePiece};
use boardpost::render::xiangqi4::{self, draw_scene4, seat, LastAction, Scene4};
#[path = "common/before.rs"]
mod before;

use before::{drawn_before, encode_png_before};
use boardpost::render::{encode_png, encode_png_into, RenderOptions};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// A point named like `e0` (classical) or `j14` (four players).
fn point(name: &str) -> (u8, u8) {
    let file = name.as_bytes()[0] - b'a';
    let rank: u8 = name[1..].parse().unwrap();
    (file, rank)
}

/// Red's horse has just jumped h6-g8 and checks black's general.
fn classical() -> Scene {
    let rows = [
        "r.baka...",
        "......H..",
        ".cn.b....",
        "p.p...p.p",
        ".........",
        "..PR....c",
        "P.....P.P",
        ".C..C....",
        ".........",
        "..BAKAB.R",
    ];
    let mut pieces = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for (file, c) in row.chars().enumerate() {
            if let Some(kind) = Kind::from_letter(c) {
                let seat = if c.is_ascii_uppercase() {
                    Seat::FIRST
                } else {
                    Seat::SECOND
                };
                pieces.push(ScenePiece {
                    file: file as u8,
                    rank: 9 - i as u8,
                    seat,
                    kind,
                });
            }
        }
    }
    Scene {
        pieces,
        last_move: Some((point("h6"), point("g8"))),
        checked: Some(point("e9")),
        last_text: "h6-g8 (H2+3)".into(),
        to_move: Some(Seat::SECOND),
        outcome: None,
        ply: 31,
    }
}

/// Green is out; Red holds Green's pieces and has dropped two; Black's rook checks
/// Yellow from j14.
fn four_player() -> Scene4 {
    let p19 = |name: &str| {
        let (file, rank) = point(name);
        (file, rank - 1)
    };
    let mut scene = Scene4::start(false);
    scene.pieces.retain(|p| p.seat != seat(3));
    for (from, to) in [
        ("j4", "j8"),
        ("m3", "m9"),
        ("g1", "h3"),
        ("p10", "n10"),
        ("q7", "k7"),
        ("s13", "q12"),
        ("j16", "j12"),
        ("g17", "g11"),
        ("m19", "l17"),
        ("s14", "j14"),
    ] {
        let (from, to) = (p19(from), p19(to));
        scene.pieces.retain(|p| (p.file, p.rank) != to);
        let piece = scene
            .pieces
            .iter_mut()
            .find(|p| (p.file, p.rank) == from)
            .unwrap();
        (piece.file, piece.rank) = to;
    }
    for (kind, at) in [(Kind::Rook, "b10"), (Kind::Pawn, "c8")] {
        let (file, rank) = p19(at);
        scene.pieces.push(xiangqi4::ScenePiece {
            file,
            rank,
            seat: seat(0),
            kind,
        });
    }
    scene.eliminated[3] = true;
    scene.reserves[0] = vec![
        Kind::Rook,
        Kind::Horse,
        Kind::Horse,
        Kind::Cannon,
        Kind::Pawn,
    ];
    scene.last = Some(LastAction {
        from: Some(p19("s14")),
        to: p19("j14"),
    });
    scene.checked = vec![p19("j19")];
    scene.last_text = "s14-j14".into();
    scene.to_move = Some(seat(2));
    scene.ply = 41;
    scene
}

fn bench(c: &mut Criterion) {
    let two = RenderOptions::new(["alice", "bob"]).viewed_by(Some(Seat::SECOND));
    let scene = classical();
    let mut out = Vec::new();
    c.bench_function("xiangqi mid-game: draw + encode", |b| {
        b.iter(|| encode_png_into(&draw_scene(&scene, &two), black_box(&mut out)))
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
    let img = draw_scene(&scene, &two);
    c.bench_function("xiangqi mid-game: encode", |b| {
        b.iter(|| black_box(encode_png(&img)))
    });
    c.bench_function("xiangqi mid-game: encode (before)", |b| {
        b.iter(|| black_box(encode_png_before(&img)))
    });

    let four = RenderOptions::new(["alice", "bob", "carol", "dave"]).viewed_by(Some(seat(2)));
    let scene = four_player();
    c.bench_function("xiangqi4 busy: draw + encode", |b| {
        b.iter(|| encode_png_into(&draw_scene4(&scene, &four), black_box(&mut out)))
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
    let img = draw_scene4(&scene, &four);
    c.bench_function("xiangqi4 busy: encode", |b| {
        b.iter(|| black_box(encode_png(&img)))
    });
    c.bench_function("xiangqi4 busy: encode (before)", |b| {
        b.iter(|| black_box(encode_png_before(&img)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
