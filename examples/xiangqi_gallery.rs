//! Sample xiangqi and four-player xiangqi board images, mostly from scenes built by hand
//! (the engines are not needed to draw them); the two-point pawn image is a position
//! the four-player engine has played to, so every move in it is legal.
//!
//!     cargo run --example xiangqi_gallery -- docs/images
//!     cargo run --example xiangqi_gallery -- docs/images/ru ru
//!
//! Writes xiangqi-*.png and xiangqi4-*.png into the given folder (default
//! `docs/images`), with English words or, given `ru`, Russian ones. The hand-built
//! positions are plausible, not taken from played games. The four-player images name
//! all four players: alice (Red), bob (Black), carol (Yellow) and dave (Green); in
//! Russian алиса, боб, вера and дима, as docs/make-gallery-ru.sh names them.

use boardpost::games::xiangqi::Kind;
use boardpost::games::xiangqi4::{Options, Xiangqi4};
use boardpost::games::{Game, Outcome, Reason, Seat};
use boardpost::i18n::Lang;
use boardpost::render::xiangqi::{draw_scene, Point, Scene, ScenePiece};
use boardpost::render::xiangqi4::{self, draw_scene4, LastAction, Scene4};
use boardpost::render::{encode_png, RenderOptions};
use std::error::Error;
use std::path::Path;

/// A classical point from its ICCS name (`e0`).
fn p9(name: &str) -> Point {
    let b = name.as_bytes();
    (b[0] - b'a', b[1] - b'0')
}

/// A four-player point from its name (`j4`, `g17`).
fn p19(name: &str) -> Point {
    let file = name.as_bytes()[0] - b'a';
    let rank: u8 = name[1..].parse().expect("a rank");
    (file, rank - 1)
}

/// A classical position from ten rows of nine, rank 9 first: WXF letters, upper case
/// red, lower case black, `.` empty.
fn diagram(rows: [&str; 10]) -> Vec<ScenePiece> {
    let mut pieces = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for (file, c) in row.chars().enumerate() {
            if let Some(kind) = Kind::from_letter(c) {
                pieces.push(ScenePiece {
                    file: file as u8,
                    rank: 9 - i as u8,
                    seat: if c.is_ascii_uppercase() {
                        Seat::FIRST
                    } else {
                        Seat::SECOND
                    },
                    kind,
                });
            }
        }
    }
    pieces
}

/// Moves the piece on `from` to `to` (taking what stands there).
fn mv(scene: &mut Scene4, from: &str, to: &str) {
    let (from, to) = (p19(from), p19(to));
    scene.pieces.retain(|p| (p.file, p.rank) != to);
    let piece = scene
        .pieces
        .iter_mut()
        .find(|p| (p.file, p.rank) == from)
        .expect("a piece to move");
    (piece.file, piece.rank) = to;
}

/// Drops a piece of `seat`'s reserve on `to`.
fn drop(scene: &mut Scene4, seat: Seat, kind: Kind, to: &str) {
    let (file, rank) = p19(to);
    let reserve = &mut scene.reserves[seat.index()];
    let i = reserve.iter().position(|&k| k == kind).expect("in reserve");
    reserve.remove(i);
    scene.pieces.push(xiangqi4::ScenePiece {
        file,
        rank,
        seat,
        kind,
    });
}

fn save(dir: &Path, name: &str, png: Vec<u8>) -> Result<(), Box<dyn Error>> {
    let path = dir.join(name);
    std::fs::write(&path, &png)?;
    println!("{} ({} KB)", path.display(), png.len().div_ceil(1024));
    Ok(())
}

/// The players' names and the images' words: English, or Russian.
fn players<const N: usize>(lang: Lang, english: [&str; N], russian: [&str; N]) -> RenderOptions {
    match lang {
        Lang::Ru => RenderOptions::new(russian).in_lang(lang),
        _ => RenderOptions::new(english),
    }
}

fn classical(dir: &Path, lang: Lang) -> Result<(), Box<dyn Error>> {
    let names = players(lang, ["alice", "bob"], ["алиса", "боб"]);
    save(
        dir,
        "xiangqi-start.png",
        encode_png(&draw_scene(&Scene::start(), &names)),
    )?;

    // Red's horse has just jumped to g8: check from it and from the cannon on e2
    // (screened by black's elephant on e7).
    let mid = Scene {
        pieces: diagram([
            "r.baka...", // 9
            "......H..", // 8
            ".cn.b....", // 7
            "p.p...p.p", // 6
            ".........", // 5
            "..PR....c", // 4
            "P.....P.P", // 3
            ".C..C....", // 2
            ".........", // 1
            "..BAKAB.R", // 0
        ]),
        last_move: Some((p9("h6"), p9("g8"))),
        checked: Some(p9("e9")),
        last_text: "h6-g8 (H2+3)".into(),
        to_move: Some(Seat::SECOND),
        outcome: None,
        ply: 31,
    };
    save(
        dir,
        "xiangqi-midgame-check.png",
        encode_png(&draw_scene(&mid, &names)),
    )?;
    // The same position as black, whose turn it is, is shown it.
    let black = names.clone().viewed_by(Some(Seat::SECOND));
    save(
        dir,
        "xiangqi-midgame-black.png",
        encode_png(&draw_scene(&mid, &black)),
    )?;

    // Black answered by resigning.
    let over = Scene {
        to_move: None,
        outcome: Some(Outcome::win(Seat::FIRST, Reason::Resigned)),
        ..mid
    };
    save(
        dir,
        "xiangqi-over.png",
        encode_png(&draw_scene(&over, &names)),
    )?;
    Ok(())
}

fn four_player(dir: &Path, lang: Lang) -> Result<(), Box<dyn Error>> {
    let names = players(
        lang,
        ["alice", "bob", "carol", "dave"],
        ["алиса", "боб", "вера", "дима"],
    );
    let red = xiangqi4::seat(0);
    let (black, yellow, green) = (xiangqi4::seat(1), xiangqi4::seat(2), xiangqi4::seat(3));
    save(
        dir,
        "xiangqi4-start.png",
        encode_png(&draw_scene4(&Scene4::start(false), &names)),
    )?;

    // ffa, about forty actions in: alice (Red) has mated dave (Green) and took his
    // rooks, horses, cannons and pawns; she has dropped a rook and a pawn since. bob's
    // rook has just come across to j14 and checks carol's general down the j file.
    let mut busy = Scene4::start(false);
    busy.pieces.retain(|p| p.seat != green);
    for (from, to) in [
        ("j4", "j8"),
        ("m3", "m9"),
        ("g1", "h3"),
        ("f1", "f3"),
        ("h4", "h6"),
        ("p10", "n10"),
        ("q7", "k7"),
        ("s13", "q12"),
        ("s14", "o14"),
        ("p6", "o6"),
        ("j16", "j12"),
        ("g17", "g11"),
        ("m19", "l17"),
        ("f19", "f16"),
        ("n16", "n14"),
        ("g3", "g15"),
        ("l4", "l5"),
    ] {
        mv(&mut busy, from, to);
    }
    busy.pieces
        .retain(|p| ![p19("p12"), p19("h16"), p19("n4")].contains(&(p.file, p.rank)));
    busy.eliminated[green.index()] = true;
    busy.reserves[red.index()] = [
        Kind::Rook,
        Kind::Rook,
        Kind::Horse,
        Kind::Horse,
        Kind::Cannon,
        Kind::Pawn,
        Kind::Pawn,
        Kind::Pawn,
    ]
    .to_vec();
    drop(&mut busy, red, Kind::Rook, "b10");
    drop(&mut busy, red, Kind::Pawn, "c8");
    mv(&mut busy, "o14", "j14");
    busy.last = Some(LastAction {
        from: Some(p19("o14")),
        to: p19("j14"),
    });
    busy.checked = vec![p19("j19")];
    busy.last_text = "o14-j14".into();
    busy.to_move = Some(yellow);
    busy.ply = 41;
    // carol is pinged: she sees her arm at the bottom.
    save(
        dir,
        "xiangqi4-ffa-busy.png",
        encode_png(&draw_scene4(&busy, &names.clone().viewed_by(Some(yellow)))),
    )?;
    // The same position from Red's side, with a drop as the last action.
    let mut dropped = busy.clone();
    dropped.last = Some(LastAction {
        from: None,
        to: p19("c8"),
    });
    dropped.last_text = "P@c8".into();
    dropped.checked.clear();
    dropped.to_move = Some(black);
    save(
        dir,
        "xiangqi4-ffa-drop.png",
        encode_png(&draw_scene4(&dropped, &names.clone())),
    )?;

    // teams: Red and Yellow against Black and Green, a dozen moves in; carol (Yellow)
    // has just moved her cannon, and dave (Green) is to move and sees the board.
    let mut teams = Scene4::start(true);
    for (from, to) in [
        ("g3", "j3"),
        ("q7", "q10"),
        ("m17", "j17"),
        ("c13", "c10"),
        ("j4", "j6"),
        ("p10", "n10"),
        ("j16", "j14"),
        ("d10", "f10"),
        ("m1", "l3"),
        ("s13", "q12"),
        ("g17", "k17"),
    ] {
        mv(&mut teams, from, to);
    }
    teams.last = Some(LastAction {
        from: Some(p19("g17")),
        to: p19("k17"),
    });
    teams.last_text = "g17-k17".into();
    teams.to_move = Some(green);
    teams.ply = 11;
    save(
        dir,
        "xiangqi4-teams-green.png",
        encode_png(&draw_scene4(&teams, &names.clone().viewed_by(Some(green)))),
    )?;

    // ffa, played by the engine: alice (Red) has walked her l-file pawn up the middle
    // part into carol's (Yellow's) arm; from k15 it has just taken carol's cannon on k17,
    // two points forward over the empty k16, a move a pawn that has left its own arm
    // makes in any arm. From k17 it now reaches k19 and m17 too. Red's view.
    let rounds = [
        ["l4-l5", "p10-o10", "g17-k17", "d10-e10"],
        ["l5-l6", "p6-o6", "n16-n15", "d6-e6"],
        ["l6-l8", "p14-o14", "f16-f15", "d14-e14"],
        ["l8-l10", "p8-o8", "n19-n18", "d8-e8"],
        ["l10-l12", "p12-o12", "f19-f18", "d12-e12"],
        ["l12-l14", "s6-r6", "h16-h15", "a6-b6"],
        ["l14-k14", "s14-r14", "n18-n17", "a14-b14"],
        ["k14-k15", "r6-r7", "f18-f17", "b6-b7"],
    ];
    let mut game = Xiangqi4::new(Options::default());
    for text in rounds.iter().flatten().chain(["k15-k17"].iter()) {
        let action = game.parse_action(text).expect("a move");
        game.try_play(action).expect("a legal move");
    }
    save(
        dir,
        "xiangqi4-pawn-two-points.png",
        encode_png(&xiangqi4::draw(&game, &names)),
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/images".into());
    let lang = match std::env::args().nth(2).as_deref() {
        Some("ru") => Lang::Ru,
        _ => Lang::En,
    };
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir)?;
    classical(dir, lang)?;
    four_player(dir, lang)?;
    Ok(())
}
