//! The board renderer, checked by decoding its PNG and looking at pixels where the
//! layout says squares are (no golden files: the art may change, these facts may not).

use boardpost::games::sidja::{Options, Sidja, Variant};
use boardpost::games::Game as _;
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
        ..Options::default()
    };
    AnyGame::Sidja(Box::new(
        Sidja::from_position(options, rows, to_move).unwrap(),
    ))
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
    layout(game, viewer).unwrap().square_centre(sq(square))
}

/// A point inside a square's cell, clear of its stone and of the grid lines.
fn corner(game: &AnyGame, square: &str, viewer: Option<Seat>) -> (u32, u32) {
    let (x, y, size) = layout(game, viewer).unwrap().square_cell(sq(square));
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
            let lay = layout(&game, None).unwrap();
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
        ..Options::default()
    };
    let game = AnyGame::Sidja(Box::new(
        Sidja::from_position(options, &rows, Seat::FIRST).unwrap(),
    ));
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
    let top = layout(&game, None).unwrap().grid.top;
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

// ---------- Banglagor ----------

/// A Banglagor movement position from `square=token` pairs (`d3=X2`, `e4=O3*`).
fn bg_position(spec: &str, to_move: Seat) -> AnyGame {
    use boardpost::games::banglagor::{Banglagor, FILES, RANKS};
    let mut rows = vec![vec!["."; FILES as usize]; RANKS as usize];
    for item in spec.split_whitespace() {
        let (square, token) = item.split_once('=').unwrap();
        let s = sq(square);
        rows[(RANKS - 1 - s.rank) as usize][s.file as usize] = token;
    }
    let rows: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    AnyGame::Banglagor(Box::new(Banglagor::from_position(&rows, to_move).unwrap()))
}

fn bg_play(mut game: AnyGame, actions: &str) -> AnyGame {
    game.play_text(actions).unwrap();
    game
}

/// Whether two colours are near each other (anti-aliasing and blending aside).
fn near(a: Rgba<u8>, b: Rgba<u8>) -> bool {
    (0..3).all(|i| a[i].abs_diff(b[i]) <= 12)
}

/// Every column placed (the most detail a banglagor image has), then a few moves.
const BG_PLACED: &str = "3@a2 2@g8 1@c2 2@c8 2@e2 3@e8 3@g2 1@a8 1@d1 1@h9 2@e1 3@f9 1@b3 \
                         3@d9 2@d3 2@b9 3@f3 1@g10 1@h3 2@e10 1@a4 3@c10 3@c4 1@a10 3@e4 \
                         3@h11 2@g4 1@f11 2@b5 2@d11 3@d5 3@b11 2@f5 1@e12 1@h5 2@d12";

#[test]
fn banglagor_images_have_a_sensible_size() {
    let mut game = AnyGame::new("banglagor", &[] as &[&str]).unwrap();
    for actions in ["", BG_PLACED, "f3-f2 e8-e5xf5 d5-d8xc8 f11-e11"] {
        game.play_text(actions).unwrap();
        for viewer in [None, Some(Seat::SECOND)] {
            let (img, bytes) = png(&game, &names().viewed_by(viewer));
            let lay = layout(&game, viewer).unwrap();
            assert_eq!((img.width(), img.height()), (lay.width, lay.height));
            assert!(
                img.width() >= 500 && img.height() <= 1000,
                "{}x{}",
                img.width(),
                img.height()
            );
            assert!(bytes < 200 * 1024, "{bytes} bytes");
        }
    }
}

#[test]
fn banglagor_columns_show_their_seat_and_their_height_by_size_and_rings() {
    use boardpost::render::banglagor::column_radius;
    let game = bg_position("b2=X1 d2=X2 f2=X3 b11=O1 d11=O2 f11=O3", Seat::FIRST);
    let (img, _) = png(&game, &names());
    for (square, height, fill) in [
        ("b2", 1, DARK),
        ("d2", 2, DARK),
        ("f2", 3, DARK),
        ("b11", 1, LIGHT),
        ("d11", 2, LIGHT),
        ("f11", 3, LIGHT),
    ] {
        let (x, y) = centre(&game, square, None);
        let r = column_radius(height);
        // Right of the number the stone shows its seat's colour.
        assert_eq!(at(&img, (x + 9, y)), fill, "{square}");
        // Higher columns are bigger: just inside a height's radius is stone, beyond the
        // radius of the next height is board.
        assert!(
            !near(at(&img, (x + r as u32 - 3, y)), THEME.wood) || fill == LIGHT,
            "{square}"
        );
        assert!(
            !near(at(&img, (x + r as u32 + 2, y)), fill),
            "{square}: nothing of the stone beyond its radius"
        );
        // One ring inside the outline for each level above the first: count the runs
        // of pixels that are not the fill between the number and the outline.
        let mut rings = 0;
        let mut inside = false;
        for dx in 9..(r - 2.5) as u32 {
            let ring = !near(at(&img, (x + dx, y)), fill);
            if ring && !inside {
                rings += 1;
            }
            inside = ring;
        }
        assert_eq!(rings, height - 1, "{square}");
        // The number is written in the other seat's colour, somewhere on the centre line.
        let ink = if fill == DARK { LIGHT } else { DARK };
        assert!(
            (0..8).any(|dx| (0..8).any(|dy| near(at(&img, (x - 4 + dx, y - 4 + dy)), ink))),
            "{square}: the height is written"
        );
    }
}

#[test]
fn banglagor_bound_columns_are_circled_in_violet() {
    use boardpost::render::banglagor::{column_radius, BOUND};
    let game = bg_position("d2=X2* f2=X2 d11=O3* f11=O3", Seat::FIRST);
    let (img, _) = png(&game, &names());
    for (square, height, bound) in [
        ("d2", 2, true),
        ("f2", 2, false),
        ("d11", 3, true),
        ("f11", 3, false),
    ] {
        // Just outside the stone, on the diagonal.
        let (x, y) = centre(&game, square, None);
        let d = ((column_radius(height) + 2.0) / 2f32.sqrt()) as u32;
        assert_eq!(at(&img, (x + d, y - d)) == BOUND, bound, "{square}");
    }
}

#[test]
fn banglagor_lands_are_tinted_apart_and_border_rows_marked() {
    let game = bg_position("a1=X1 h12=O1", Seat::FIRST);
    let (img, _) = png(&game, &names());
    let first = at(&img, corner(&game, "d3", None));
    let second = at(&img, corner(&game, "d10", None));
    assert_ne!(first, second);
    // Every square of a land has the same tint, away from the border rows.
    for square in ["a2", "h5", "c1"] {
        assert_eq!(at(&img, corner(&game, square, None)), first, "{square}");
    }
    for square in ["a8", "h11", "e12"] {
        assert_eq!(at(&img, corner(&game, square, None)), second, "{square}");
    }
    // The border rows are hatched: some pixels of each of their squares are not the
    // land's plain tint.
    for (square, plain) in [("c6", first), ("f6", first), ("c7", second), ("f7", second)] {
        let (x0, y0, size) = layout(&game, None).unwrap().square_cell(sq(square));
        let hatched = (4..size - 4)
            .flat_map(|dy| (4..size - 4).map(move |dx| (x0 + dx, y0 + dy)))
            .filter(|p| at(&img, *p) != plain)
            .count();
        assert!(hatched > 20, "{square}: {hatched}");
    }
}

#[test]
fn banglagor_the_last_move_shows_its_path_and_its_target() {
    use boardpost::render::banglagor::PATH;
    // d3 (height 3) ends one square up, by a U-turn: the engine's path is d3 e3 e4 d4.
    let game = bg_play(
        bg_position("d3=X3 f4=X1 e5=O2 h12=O1", Seat::FIRST),
        "d3-d4",
    );
    let AnyGame::Banglagor(g) = &game else {
        unreachable!()
    };
    let path: Vec<String> = g.steps()[0].path.iter().map(|s| s.to_string()).collect();
    assert_eq!(path, ["d3", "e3", "e4", "d4"]);
    let (img, _) = png(&game, &names());
    // Every square of the path but the last shows the path's green.
    for square in &path[..path.len() - 1] {
        let px = at(&img, centre(&game, square, None));
        assert!(
            px[1] > px[0] && px[1] > px[2] && !near(px, THEME.wood),
            "{square}: {px:?}"
        );
    }
    assert!(PATH[1] > PATH[0]);
    // No attack: no red.
    let e5 = centre(&game, "e5", None);
    assert_ne!(at(&img, (e5.0, e5.1 - 27)), THEME.capture);

    // An attack that removes: the target's square framed in red and crossed out.
    let game = bg_play(
        bg_position("d3=X1 f4=X3 e4=O3 h12=O2", Seat::FIRST),
        "d3-d4xe4",
    );
    let (img, _) = png(&game, &names());
    let (x, y, size) = layout(&game, None).unwrap().square_cell(sq("e4"));
    assert_eq!(at(&img, (x + 1, y + 1)), THEME.capture);
    assert_eq!(at(&img, (x + size - 2, y + size / 2)), THEME.capture);
    assert_eq!(at(&img, centre(&game, "e4", None)), THEME.capture);
    // An attack that binds: framed, not crossed out, and the target circled.
    let game = bg_play(
        bg_position("d3=X1 f4=X2 e4=O3 h12=O2", Seat::FIRST),
        "d3-d4xe4",
    );
    let (img, _) = png(&game, &names());
    assert_eq!(at(&img, (x + 1, y + 1)), THEME.capture);
    let (cx, cy) = centre(&game, "e4", None);
    let d = ((boardpost::render::banglagor::column_radius(3) + 2.0) / 2f32.sqrt()) as u32;
    assert_eq!(
        at(&img, (cx + d, cy + d)),
        boardpost::render::banglagor::BOUND
    );
    assert_ne!(at(&img, (cx, cy)), THEME.capture);
}

#[test]
fn banglagor_the_header_gives_each_total_height_and_the_last_move() {
    use boardpost::render::banglagor::{last_turn_text, player_detail};
    let game = bg_play(
        bg_position("d3=X1 f4=X3 e4=O3 h12=O2 a1=X2*", Seat::FIRST),
        "d3-d4xe4",
    );
    let AnyGame::Banglagor(g) = &game else {
        unreachable!()
    };
    assert_eq!(
        player_detail(g, Seat::FIRST, boardpost::i18n::Lang::En),
        "height 6 · 1 bound"
    );
    assert_eq!(
        player_detail(g, Seat::SECOND, boardpost::i18n::Lang::En),
        "height 2"
    );
    assert_eq!(
        last_turn_text(g, boardpost::i18n::Lang::En),
        "d3-d4xe4 removes e4"
    );
    let placing = AnyGame::new("banglagor", &[] as &[&str]).unwrap();
    let placing = bg_play(placing, "3@d2 1@d12 2@a1");
    let AnyGame::Banglagor(p) = &placing else {
        unreachable!()
    };
    assert_eq!(
        player_detail(p, Seat::FIRST, boardpost::i18n::Lang::En),
        "height 5 · 16 to place"
    );
    assert_eq!(last_turn_text(p, boardpost::i18n::Lang::En), "2@a1");
    // A pass is told after the move before it.
    let passed = bg_position("a12=O1 b12=X1 a11=X1", Seat::SECOND);
    let AnyGame::Banglagor(p) = &passed else {
        unreachable!()
    };
    assert_eq!(last_turn_text(p, boardpost::i18n::Lang::En), "pass");
}

#[test]
fn banglagor_the_view_turns_the_board_for_seat_two() {
    let game = bg_position("a1=X2 h12=O2", Seat::FIRST);
    let second = Some(Seat::SECOND);
    assert_eq!(centre(&game, "a1", second), centre(&game, "h12", None));
    assert_eq!(centre(&game, "c5", second), centre(&game, "f8", None));
    let (img1, _) = png(&game, &names());
    let (img2, _) = png(&game, &names().viewed_by(second));
    for square in ["a1", "h12", "d6", "e7"] {
        assert_eq!(
            at(&img1, centre(&game, square, None)),
            at(&img2, centre(&game, square, second)),
            "{square}"
        );
    }
}

// ---------- Yoté ----------

/// A Yoté game from the start, by action texts.
fn yote(actions: &str) -> AnyGame {
    let mut game = AnyGame::new("yote", &[] as &[&str]).unwrap();
    game.play_text(actions).unwrap();
    game
}

/// The mid-game of the gallery: alice's d4xb4xb2xd2 jumped c4, b3 and c2 and removed
/// e5; 4 pieces are left in each reserve.
const YOTE_MID: &str = "@c2 @e1 @d3 e1-e2 @a2 @d2 c2-c3 @d5 @f1 @b3 @b2 @e1 f1-f2 @e3 \
                        @f3 d5-e5 f2-f1 @c4 f3-f2 @a5 b2-b1 d2-c2 @d4 e3-e4 @d5 e4-f4 \
                        d4xb4xb2xd2/e5";

#[test]
fn yote_images_have_a_sensible_size() {
    for game in [yote(""), yote(YOTE_MID)] {
        for viewer in [None, Some(Seat::SECOND)] {
            let opts = names().viewed_by(viewer);
            let (img, bytes) = png(&game, &opts);
            let lay = layout(&game, viewer).unwrap();
            assert_eq!((img.width(), img.height()), (lay.width, lay.height));
            let long = img.width().max(img.height());
            assert!((600..=900).contains(&long), "{long} px");
            assert!(bytes < 200 * 1024, "{bytes} bytes");
        }
    }
}

#[test]
fn yote_pieces_have_their_seats_colours() {
    let game = yote("@c3 @d4 @a1");
    let (img, _) = png(&game, &names());
    assert_eq!(at(&img, centre(&game, "c3", None)), DARK);
    assert_eq!(at(&img, centre(&game, "a1", None)), DARK);
    assert_eq!(at(&img, centre(&game, "d4", None)), LIGHT);
    for empty in ["f5", "b2", "e1"] {
        assert_eq!(at(&img, centre(&game, empty, None)), THEME.wood, "{empty}");
    }
}

#[test]
fn yote_reserves_stand_beside_the_board() {
    use boardpost::render::yote::{tray, tray_slot};
    // Seat 1 has dropped 3 pieces, seat 2 two.
    let game = yote("@a1 @f5 @b1 @e5 @c1");
    for viewer in [None, Some(Seat::SECOND)] {
        let (img, _) = png(&game, &names().viewed_by(viewer));
        let grid = layout(&game, viewer).unwrap().grid;
        for (seat, left, colour) in [(Seat::FIRST, 9, DARK), (Seat::SECOND, 10, LIGHT)] {
            // The tray is right of the board.
            let (x, y, _, h) = tray(seat, viewer);
            assert!(x > grid.left + grid.width());
            // Its player's tray is on that player's side: the viewer's at the bottom.
            let bottom = viewer.unwrap_or(Seat::FIRST) == seat;
            assert_eq!(y + h / 2 > grid.top + grid.height() / 2, bottom, "{seat}");
            for i in 0..12 {
                let (cx, cy) = tray_slot(seat, viewer, i);
                let px = at(&img, (cx as u32, cy as u32));
                if i < left {
                    assert_eq!(px, colour, "seat {seat} slot {i}");
                } else {
                    assert_ne!(px, colour, "seat {seat} slot {i}");
                    assert_ne!(px, DARK);
                    assert_ne!(px, LIGHT);
                }
            }
        }
    }
}

#[test]
fn yote_the_last_drop_or_step_is_highlighted_and_only_it() {
    let game = yote("@c3 @d4");
    let (img, _) = png(&game, &names());
    let plain = at(&img, corner(&game, "f1", None));
    assert_eq!(plain, THEME.wood);
    assert_ne!(at(&img, corner(&game, "d4", None)), plain);
    assert_eq!(at(&img, corner(&game, "c3", None)), plain);

    let game = yote("@c3 @d4 c3-c2");
    let (img, _) = png(&game, &names());
    let from = at(&img, corner(&game, "c3", None));
    let to = at(&img, corner(&game, "c2", None));
    assert_ne!(from, plain);
    assert_ne!(to, plain);
    assert_ne!(
        from, to,
        "the square reached stands out more than the one left"
    );
    assert_eq!(at(&img, centre(&game, "c3", None)), from);
    assert_eq!(at(&img, centre(&game, "c2", None)), DARK);
    assert_eq!(at(&img, corner(&game, "d4", None)), plain);
}

#[test]
fn yote_a_capture_shows_its_path_its_jumped_pieces_and_the_bonus_piece() {
    let game = yote(YOTE_MID);
    let (img, _) = png(&game, &names());
    let plain = THEME.wood;
    // Start and end tinted; the piece stands at the end.
    assert_ne!(at(&img, corner(&game, "d4", None)), plain);
    assert_ne!(at(&img, corner(&game, "d2", None)), plain);
    assert_eq!(at(&img, centre(&game, "d2", None)), DARK);
    // Every jumped piece is crossed out in red.
    for jumped in ["c4", "b3", "c2"] {
        assert_eq!(
            at(&img, centre(&game, jumped, None)),
            THEME.capture,
            "{jumped}"
        );
    }
    // The bonus piece has another mark: a red ring around a faint ghost of it.
    let lay = layout(&game, None).unwrap();
    let (x, y) = centre(&game, "e5", None);
    let r = lay.grid.cell as f32 * 0.4;
    let ring = (x + (r - lay.grid.cell as f32 * 0.04) as u32, y);
    assert_eq!(at(&img, ring), THEME.capture);
    let ghost = at(&img, (x, y));
    assert_ne!(ghost, THEME.capture);
    assert_ne!(ghost, plain);
    assert_ne!(ghost, LIGHT);
    // The path: a green line through the landing squares b4 and b2, with a dot on each.
    let green = |p: Rgba<u8>| p[1] > p[0] + 20 && p[1] > p[2] + 20;
    for landing in ["b4", "b2"] {
        assert!(green(at(&img, centre(&game, landing, None))), "{landing}");
    }
    let (bx, b4y) = centre(&game, "b4", None);
    let (_, b3y) = centre(&game, "b3", None);
    assert!(green(at(&img, (bx, (b4y + b3y) / 2))), "the line b4-b3");
    // Squares off the path are plain.
    assert_eq!(at(&img, centre(&game, "a4", None)), plain);
    assert_eq!(at(&img, corner(&game, "b4", None)), plain);
}

#[test]
fn yote_the_view_turns_the_board_for_seat_two() {
    use boardpost::render::yote::square_centre;
    let game = yote(YOTE_MID);
    let (img1, _) = png(&game, &names());
    let (img2, _) = png(&game, &names().viewed_by(Some(Seat::SECOND)));
    assert_eq!(
        square_centre(sq("a1"), Some(Seat::SECOND)),
        square_centre(sq("f5"), None)
    );
    for square in ["a1", "c4", "d2", "e5", "f1", "b3"] {
        let mine = at(&img1, centre(&game, square, None));
        let theirs = at(&img2, centre(&game, square, Some(Seat::SECOND)));
        assert_eq!(mine, theirs, "{square}");
    }
}

#[test]
fn yote_a_finished_game_renders_its_result() {
    let mut args = String::from("@a1 @f5");
    for _ in 0..15 {
        args += " a1-a2 f5-f4 a2-a1 f4-f5";
    }
    let game = yote(&args);
    assert!(game.outcome().is_some());
    let (img, _) = png(&game, &names());
    assert_eq!(at(&img, centre(&game, "a1", None)), DARK);
    assert_eq!(at(&img, centre(&game, "f5", None)), LIGHT);
}

#[test]
fn yote_render_command_refuses_options() {
    let path = temp_png("yote-options.png");
    let file = path.to_str().unwrap();
    let out = boardpost(&["render", "yote", "-o", "x=y", "--png", file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!path.exists());
    let out = boardpost(&["render", "yote", "@c3", "--png", file, "--view", "2"]);
    assert_eq!(out.status.code(), Some(0));
    let img = image::open(&path).unwrap().to_rgba8();
    let game = yote("@c3");
    assert_eq!(at(&img, centre(&game, "c3", Some(Seat::SECOND))), DARK);
}
