//! The board renderer, checked by decoding its PNG and looking at pixels where the
//! layout says squares are (no golden files: the art may change, these facts may not).

use boardpost::games::sidja::{Options, Sidja, Variant};
use boardpost::games::{AnyGame, Seat, Square};
use boardpost::render::canvas::THEME;
use boardpost::render::{layout, render_png, sidja_square_centre, RenderOptions};
use boardpost::replay::{replay, Request};
use image::{Rgba, RgbaImage};

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

fn sidja(options: &[&str], actions: &str) -> AnyGame {
    let request = Request {
        game: "sidja".into(),
        options: options.iter().map(|s| s.to_string()).collect(),
        actions: vec![actions.to_string()],
        ..Default::default()
    };
    replay(&request, &mut std::io::empty()).unwrap()
}

/// A movement-phase position: rows from rank 5 down, `X` seat 1, `O` seat 2.
fn position(rows: &[&str], to_move: Seat) -> AnyGame {
    let options = Options {
        variant: Variant::Sudan,
        size: rows.len() as u8,
        drop: 2,
    };
    AnyGame::Sidja(Sidja::from_position(options, rows, to_move).unwrap())
}

fn names() -> RenderOptions {
    RenderOptions::new(["alice", "bob"])
}

/// Renders to PNG and decodes it again, as a Discord client would.
fn png(game: &AnyGame, opts: &RenderOptions) -> (RgbaImage, usize) {
    let bytes = render_png(game, opts);
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let img = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .unwrap()
        .to_rgba8();
    (img, bytes.len())
}

fn at(img: &RgbaImage, (x, y): (u32, u32)) -> Rgba<u8> {
    *img.get_pixel(x, y)
}

fn centre(game: &AnyGame, square: &str, viewer: Option<Seat>) -> (u32, u32) {
    layout(game, viewer).square_centre(sq(square))
}

/// A point inside a square's cell, clear of its stone and of the grid lines.
fn corner(game: &AnyGame, square: &str, viewer: Option<Seat>) -> (u32, u32) {
    let (x, y, size) = layout(game, viewer).square_cell(sq(square));
    (x + size / 8, y + size / 8)
}

const DARK: Rgba<u8> = THEME.stones[0].fill;
const LIGHT: Rgba<u8> = THEME.stones[1].fill;

#[test]
fn every_variant_and_size_has_a_sensible_size() {
    for variant in ["sudan", "sidja", "seega"] {
        for size in [5u8, 7, 9] {
            let v = format!("variant={variant}");
            let s = format!("size={size}");
            let game = sidja(&[&v, &s], "");
            let (img, bytes) = png(&game, &names());
            let lay = layout(&game, None);
            assert_eq!((img.width(), img.height()), (lay.width, lay.height));
            let long = img.width().max(img.height());
            assert!((600..=900).contains(&long), "{variant} {size}: {long} px");
            assert!(bytes < 200 * 1024, "{variant} {size}: {bytes} bytes");
        }
    }
}

#[test]
fn a_full_nine_by_nine_board_stays_under_200_kb() {
    // Every square but the centre holds a stone, 40 a side in a scrambled order: the
    // most detail a sidja image has.
    let mut stones: Vec<char> = [['X'; 40], ['O'; 40]].concat();
    let mut seed = 12345u32;
    for i in (1..stones.len()).rev() {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        stones.swap(i, (seed >> 16) as usize % (i + 1));
    }
    stones.insert(40, '.');
    let rows: Vec<String> = stones.chunks(9).map(|r| r.iter().collect()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let options = Options {
        variant: Variant::Sidja,
        size: 9,
        drop: 2,
    };
    let game = AnyGame::Sidja(Sidja::from_position(options, &rows, Seat::FIRST).unwrap());
    let (_, bytes) = png(&game, &names());
    assert!(bytes < 200 * 1024, "{bytes} bytes");
}

#[test]
fn stones_have_their_seats_colours_and_empty_squares_none() {
    // Seat 1 places c1 and d2, seat 2 places a1.
    let game = sidja(&[], "c1 d2 a1");
    let (img, _) = png(&game, &names());
    assert_eq!(at(&img, centre(&game, "c1", None)), DARK);
    assert_eq!(at(&img, centre(&game, "d2", None)), DARK);
    assert_eq!(at(&img, centre(&game, "a1", None)), LIGHT);
    for empty in ["b4", "e5", "a2"] {
        let px = at(&img, centre(&game, empty, None));
        assert_eq!(px, THEME.wood, "{empty}");
    }
    // The centre square is marked, and holds no stone.
    let c3 = at(&img, centre(&game, "c3", None));
    assert_ne!(c3, THEME.wood);
    assert_ne!(c3, DARK);
    assert_ne!(c3, LIGHT);
}

#[test]
fn the_last_turn_is_highlighted_and_only_it() {
    // Seat 1's turn placed c1 and d2; then seat 2 placed a1 and b1.
    let game = sidja(&[], "c1 d2 a1 b1");
    let (img, _) = png(&game, &names());
    let plain = at(&img, corner(&game, "e5", None));
    assert_eq!(plain, THEME.wood);
    for placed in ["a1", "b1"] {
        assert_ne!(at(&img, corner(&game, placed, None)), plain, "{placed}");
    }
    for earlier in ["c1", "d2"] {
        assert_eq!(at(&img, corner(&game, earlier, None)), plain, "{earlier}");
    }
}

#[test]
fn a_move_highlights_both_squares_and_crosses_out_its_capture() {
    let game = position(
        &[
            "O . . . O", //
            ". . . . .",
            ". X O . .",
            ". . . X .",
            "X . . . O",
        ],
        Seat::FIRST,
    );
    let mut game = game;
    game.play_text("d2-d3").unwrap();
    let (img, _) = png(&game, &names());
    let plain = at(&img, corner(&game, "e4", None));
    let from = at(&img, corner(&game, "d2", None));
    let to = at(&img, corner(&game, "d3", None));
    assert_eq!(plain, THEME.wood);
    assert_ne!(from, plain);
    assert_ne!(to, plain);
    assert_ne!(
        from, to,
        "the square reached stands out more than the one left"
    );
    // The stone moved; the square it left is empty but tinted.
    assert_eq!(at(&img, centre(&game, "d3", None)), DARK);
    let left = at(&img, centre(&game, "d2", None));
    assert_eq!(left, from);
    // c3's stone was captured: a red cross stands where it was.
    assert_eq!(at(&img, centre(&game, "c3", None)), THEME.capture);
    assert_eq!(at(&img, corner(&game, "c3", None)), plain);
}

#[test]
fn the_view_turns_the_board_for_seat_two() {
    let game = sidja(&[], "a1");
    let first = RenderOptions::new(["alice", "bob"]).viewed_by(Some(Seat::FIRST));
    let second = RenderOptions::new(["alice", "bob"]).viewed_by(Some(Seat::SECOND));
    let (img1, _) = png(&game, &first);
    let (img2, _) = png(&game, &second);
    let (w, h) = (img1.width(), img1.height());

    // Seat 1 (and no viewer) sees a1 at the bottom left.
    let a1 = sidja_square_centre(5, sq("a1"), Some(Seat::FIRST));
    assert_eq!(a1, sidja_square_centre(5, sq("a1"), None));
    assert!(a1.0 < w / 2 && a1.1 > h / 2, "{a1:?}");
    assert_eq!(at(&img1, a1), DARK);

    // Seat 2 sees it at the top right, and e5 where a1 was.
    let turned = sidja_square_centre(5, sq("a1"), Some(Seat::SECOND));
    assert!(turned.0 > w / 2 && turned.1 < h / 2, "{turned:?}");
    assert_eq!(at(&img2, turned), DARK);
    assert_eq!(at(&img2, a1), THEME.wood);
    assert_eq!(sidja_square_centre(5, sq("e5"), Some(Seat::SECOND)), a1);

    // The turned board is the same board: every square shows the same thing.
    for square in ["a1", "c3", "e5", "b4"] {
        let mine = at(&img1, centre(&game, square, None));
        let theirs = at(&img2, centre(&game, square, Some(Seat::SECOND)));
        assert_eq!(mine, theirs, "{square}");
    }
}

#[test]
fn the_view_turns_every_size_symmetrically() {
    for size in [5u8, 7, 9] {
        let last = (b'a' + size - 1) as char;
        let top_right = sq(&format!("{last}{size}"));
        for (a, b) in [
            (sq("a1"), top_right),
            (sq("b3"), Square::new(size - 2, size - 3)),
        ] {
            assert_eq!(
                sidja_square_centre(size, a, Some(Seat::SECOND)),
                sidja_square_centre(size, b, None),
                "size {size}"
            );
        }
    }
}

#[test]
fn names_change_the_header_only() {
    let game = sidja(&[], "c1 d2");
    let (a, _) = png(&game, &RenderOptions::new(["alice", "bob"]));
    let (b, _) = png(&game, &RenderOptions::new(["Zoë Łukasz", "李"]));
    let (c, _) = png(&game, &RenderOptions::default());
    let top = layout(&game, None).grid.top;
    let header_differs = |x: &RgbaImage, y: &RgbaImage| {
        (0..top / 2)
            .any(|row| (0..x.width()).any(|col| x.get_pixel(col, row) != y.get_pixel(col, row)))
    };
    assert!(header_differs(&a, &b));
    assert!(header_differs(&a, &c));
    for row in top..a.height() {
        for col in 0..a.width() {
            assert_eq!(
                a.get_pixel(col, row),
                b.get_pixel(col, row),
                "({col}, {row})"
            );
        }
    }
}

#[test]
fn a_finished_game_renders_its_result() {
    // Seat 2 is left with one stone after this capture.
    let mut game = position(
        &[
            "X . . . .", //
            ". . . . .",
            ". X O . .",
            ". . . X .",
            "X . . . O",
        ],
        Seat::FIRST,
    );
    game.play_text("d2-d3").unwrap();
    assert!(game.outcome().is_some());
    let (img, _) = png(&game, &names());
    assert_eq!(at(&img, centre(&game, "c3", None)), THEME.capture);
    assert_eq!(at(&img, centre(&game, "e1", None)), LIGHT);
}

#[test]
fn the_card_has_rounded_transparent_corners() {
    let game = sidja(&[], "");
    let (img, _) = png(&game, &names());
    let (w, h) = (img.width(), img.height());
    for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
        assert_eq!(at(&img, (x, y))[3], 0);
    }
    assert_eq!(at(&img, (w / 2, 2)), THEME.frame);
}

/// Runs the real binary.
fn boardpost(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

fn temp_png(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardpost-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn the_render_command_writes_the_image_it_is_asked_for() {
    let path = temp_png("cli.png");
    let file = path.to_str().unwrap();
    let out = boardpost(&[
        "render",
        "sidja",
        "-o",
        "size=7",
        "c1",
        "d2,a1",
        "--png",
        file,
        "--view",
        "2",
        "--names",
        "alice,bob",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim(), file);
    let img = image::open(&path).unwrap().to_rgba8();
    let game = sidja(&["size=7"], "c1 d2 a1");
    let expected = boardpost::render::render_image(
        &game,
        &RenderOptions::new(["alice", "bob"]).viewed_by(Some(Seat::SECOND)),
    );
    assert!(
        img == expected,
        "the file holds the position seen from seat 2"
    );
}

#[test]
fn the_render_command_fails_like_replay() {
    let path = temp_png("bad.png");
    let file = path.to_str().unwrap();
    // An illegal action: exit 1, the reason on standard error, no file.
    let out = boardpost(&["render", "sidja", "c1", "c3", "--png", file]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("action 2 \"c3\""));
    assert!(!path.exists());
    // Usage errors: exit 2.
    for args in [
        &["render", "sidja", "--png", file, "--view", "3"][..],
        &["render", "sidja", "--png", file, "--view", "0"][..],
        &["render", "sidja", "-o", "size=6", "--png", file][..],
        &["render", "chess", "--png", file][..],
        &["render", "sidja", "c1"][..],
    ] {
        let out = boardpost(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!path.exists(), "{args:?}");
    }
}

#[test]
fn replay_writes_a_png_of_the_final_position_and_prints_as_before() {
    let path = temp_png("replay.png");
    let file = path.to_str().unwrap();
    let plain = boardpost(&["replay", "sidja", "c1", "d2"]);
    let with_png = boardpost(&["replay", "sidja", "c1", "d2", "--png", file]);
    assert_eq!(with_png.status.code(), Some(0));
    assert_eq!(with_png.stdout, plain.stdout);
    let img = image::open(&path).unwrap().to_rgba8();
    let game = sidja(&[], "c1 d2");
    assert_eq!(at(&img, centre(&game, "d2", None)), DARK);
}
