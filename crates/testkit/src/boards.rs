//! The busiest board of every game, shared by the render benches and
//! `examples/busiest_boards.rs`: the bench positions of issue 3 (sidja 5×5 and 9×9
//! mid-games whose last turn captured, a classical xiangqi check, a four-player position
//! with an army out, a reserve, a check and a last move) and the pixel lock's positions
//! of the other games.

#![allow(dead_code)]

use boardpost::games::xiangqi::Kind;
use boardpost::games::{AnyGame, GameKind, GameOptions, Seat};
use boardpost::render::xiangqi::{draw_scene, Scene, ScenePiece};
use boardpost::render::xiangqi4::{self, draw_scene4, seat, LastAction, Scene4};
use boardpost::render::{render_image, RenderOptions};
use image::RgbaImage;

/// Sudanese sidja 5×5: all 24 stones placed, six moves, the last turn two moves and a
/// capture.
pub const MID_5: &str = "a5 e1 a3 c1 b1 e2 d5 e4 d3 d4 b2 a2 c5 a1 d1 d2 a4 e3 c2 b5 b4 e5 b3 c4 \
                     d3-c3 b1-b2 c3-c4 c2-d2 b2-c2 e2-d2";

/// Sidja 9×9: all 80 stones placed, then a turn of captures in a row.
pub const MID_9: &str = "d4 i6 h9 b8 f6 h2 a9 a2 h5 e2 d7 d1 i1 i2 g6 c5 e1 f7 b3 i3 i9 e9 d5 h1 \
                     a1 g5 h8 a7 b7 i5 g2 a5 d3 a4 d2 f8 h4 e8 f4 f2 h7 g1 b9 f1 b5 a8 c3 i7 \
                     d6 c4 g3 d9 h3 g4 c7 e4 f5 e3 g9 d8 h6 i8 f3 c2 e6 e7 a3 b6 g7 i4 b2 c8 \
                     b1 f9 g8 b4 c6 c1 a6 c9 f5-e5 d4-e4 e4-d5 g4-f5 e5-f4 h5-g4 h3-g3";

pub fn game(name: &str, options: &[&str], actions: &str) -> AnyGame {
    let mut game = AnyGame::new(name, options).unwrap();
    game.play_text(actions).unwrap();
    game
}

/// A game of `kind` played `plies` actions deep by a fixed choice of legal actions (as in
/// `tests/render_pixels.rs`).
pub fn position(kind: GameKind, options: &[&str], plies: usize) -> AnyGame {
    let mut game = GameOptions::parse(kind, options).unwrap().start();
    for i in 0..plies {
        let legal = game.legal();
        if legal.is_empty() {
            break;
        }
        let pick = legal[(i * 7 + 3) % legal.len()].clone();
        game.play(&pick).unwrap();
    }
    game
}

/// A point named like `e0` (classical) or `j14` (four players).
fn point(name: &str) -> (u8, u8) {
    let file = name.as_bytes()[0] - b'a';
    let rank: u8 = name[1..].parse().unwrap();
    (file, rank)
}

/// Red's horse has just jumped h6-g8 and checks black's general.
pub fn classical() -> Scene {
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
pub fn four_player() -> Scene4 {
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

/// A board to draw: a game, or one of the xiangqi scenes.
pub enum Board {
    Game(AnyGame, RenderOptions),
    Xiangqi(Scene, RenderOptions),
    Four(Scene4, RenderOptions),
}

impl Board {
    pub fn draw(&self) -> RgbaImage {
        match self {
            Board::Game(game, opts) => render_image(game, opts),
            Board::Xiangqi(scene, opts) => draw_scene(scene, opts),
            Board::Four(scene, opts) => draw_scene4(scene, opts),
        }
    }
}

/// Every game's busiest board, by name.
pub fn busiest() -> Vec<(&'static str, Board)> {
    let two = || RenderOptions::new(["alice", "bob"]);
    let four = || RenderOptions::new(["alice", "bob", "carol", "dave"]);
    vec![
        (
            "sidja 5×5",
            Board::Game(game("sidja", &["variant=sudan", "size=5"], MID_5), two()),
        ),
        (
            "sidja 9×9",
            Board::Game(game("sidja", &["variant=sidja", "size=9"], MID_9), two()),
        ),
        (
            "seega 7×7",
            Board::Game(
                position(GameKind::Sidja, &["variant=seega", "opening=cross"], 40),
                two(),
            ),
        ),
        (
            "yote",
            Board::Game(position(GameKind::Yote, &[], 40), two()),
        ),
        (
            "banglagor",
            Board::Game(position(GameKind::Banglagor, &[], 40), two()),
        ),
        (
            "xiangqi",
            Board::Xiangqi(classical(), two().viewed_by(Some(Seat::SECOND))),
        ),
        (
            "xiangqi4",
            Board::Four(four_player(), four().viewed_by(Some(seat(2)))),
        ),
        (
            "xiangqi4 teams",
            Board::Game(
                position(GameKind::Xiangqi4, &["mode=teams"], 30),
                four().viewed_by(Some(Seat::SECOND)),
            ),
        ),
    ]
}
