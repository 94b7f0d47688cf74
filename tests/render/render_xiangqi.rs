//! The xiangqi and four-player xiangqi board images, checked by decoding their PNG and
//! looking at pixels where the layout says points and panels are (no golden files: the
//! art may change, these facts may not).

use boardpost::games::xiangqi::Kind;
use boardpost::games::{Outcome, Reason, Seat};
use boardpost::render::canvas::THEME;
use boardpost::render::xiangqi::{
    self, draw_scene, Point, Scene, ScenePiece, BLACK_INK, BLACK_LABEL, CHECK, LAST, PIECE_FILL,
    RED_INK, RED_LABEL,
};
use boardpost::render::xiangqi4::{
    self, draw_scene4, exists, rotate, seat, LastAction, Scene4, ARMIES, OUT_NAME,
};
use boardpost::render::{encode_png, RenderOptions};
use image::{Rgba, RgbaImage};

/// Encodes and decodes again, as a Discord client would; also the PNG's size.
fn png(img: RgbaImage) -> (RgbaImage, usize) {
    let bytes = encode_png(&img);
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .unwrap()
        .to_rgba8();
    assert!(back == img);
    (back, bytes.len())
}

/// Whether two colours are near each other (anti-aliasing and blending aside).
fn near(a: Rgba<u8>, b: Rgba<u8>) -> bool {
    (0..3).all(|i| a[i].abs_diff(b[i]) <= 12) && a[3] == 255
}

/// How many pixels within `radius` of `(x, y)` are near `colour`.
fn count_near(img: &RgbaImage, (x, y): (u32, u32), radius: f32, colour: Rgba<u8>) -> usize {
    let r = radius.ceil() as i64;
    let mut n = 0;
    for dy in -r..=r {
        for dx in -r..=r {
            let (px, py) = (x as i64 + dx, y as i64 + dy);
            let inside = ((dx * dx + dy * dy) as f32).sqrt() <= radius;
            if inside
                && (0..img.width() as i64).contains(&px)
                && (0..img.height() as i64).contains(&py)
                && near(*img.get_pixel(px as u32, py as u32), colour)
            {
                n += 1;
            }
        }
    }
    n
}

/// How many pixels of the box `(x, y, w, h)` are exactly `colour`: the full-coverage
/// pixels of text or a disc, not the blends at their edges.
fn exact_in_box(img: &RgbaImage, (x, y, w, h): (u32, u32, u32, u32), colour: Rgba<u8>) -> usize {
    (y..y + h)
        .flat_map(|py| (x..x + w).map(move |px| (px, py)))
        .filter(|&(px, py)| *img.get_pixel(px, py) == colour)
        .count()
}

// ---------- Classical ----------

/// A classical point from its ICCS name (`e0`).
fn p9(name: &str) -> Point {
    let b = name.as_bytes();
    (b[0] - b'a', b[1] - b'0')
}

/// A classical position from ten rows of nine, rank 9 first: WXF letters, upper case
/// red, lower case black, `.` empty.
fn diagram(rows: [&str; 10]) -> Vec<ScenePiece> {
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
    pieces
}

/// Red's horse has just jumped h6-g8 and checks black's general on e9.
fn midgame() -> Scene {
    Scene {
        pieces: diagram([
            "r.baka...", //
            "......H..",
            ".cn.b....",
            "p.p...p.p",
            ".........",
            "..PR....c",
            "P.....P.P",
            ".C..C....",
            ".........",
            "..BAKAB.R",
        ]),
        last_move: Some((p9("h6"), p9("g8"))),
        checked: Some(p9("e9")),
        last_text: "h6-g8 (H2+3)".into(),
        to_move: Some(Seat::SECOND),
        outcome: None,
        ply: 31,
    }
}

fn names() -> RenderOptions {
    RenderOptions::new(["alice", "bob"])
}

fn black_view() -> RenderOptions {
    names().viewed_by(Some(Seat::SECOND))
}

fn centre(point: &str, viewer: Option<Seat>) -> (u32, u32) {
    let (file, rank) = p9(point);
    xiangqi::point_centre(file, rank, viewer)
}

const R9: f32 = xiangqi::PIECE_RADIUS;

#[test]
fn classical_images_have_a_sensible_size() {
    for scene in [Scene::start(), midgame()] {
        for opts in [names(), black_view()] {
            let (img, bytes) = png(draw_scene(&scene, &opts));
            let lay = xiangqi::layout(opts.viewer);
            assert_eq!((img.width(), img.height()), (lay.width, lay.height));
            let long = img.width().max(img.height());
            assert!((600..=900).contains(&long), "{long} px");
            assert!(bytes < 200 * 1024, "{bytes} bytes");
        }
    }
}

#[test]
fn classical_pieces_show_their_side_and_empty_points_do_not() {
    let (img, _) = png(draw_scene(&Scene::start(), &names()));
    // Red's pieces write in red, black's in black, on the same light disc.
    for point in ["e0", "a0", "b2", "c3", "i3"] {
        let at = centre(point, None);
        assert!(count_near(&img, at, R9, RED_INK) > 30, "{point}");
        assert_eq!(count_near(&img, at, R9, BLACK_INK), 0, "{point}");
        assert!(count_near(&img, at, R9, PIECE_FILL) > 300, "{point}");
    }
    for point in ["e9", "i9", "h7", "g6"] {
        let at = centre(point, None);
        assert!(count_near(&img, at, R9, BLACK_INK) > 30, "{point}");
        assert_eq!(count_near(&img, at, R9, RED_INK), 0, "{point}");
        assert!(count_near(&img, at, R9, PIECE_FILL) > 300, "{point}");
    }
    // Empty points: wood and lines, no disc, no ink.
    for point in ["e4", "e5", "a1", "d8", "b5"] {
        let at = centre(point, None);
        assert_eq!(count_near(&img, at, R9, PIECE_FILL), 0, "{point}");
        assert_eq!(count_near(&img, at, R9, RED_INK), 0, "{point}");
        assert_eq!(count_near(&img, at, R9, BLACK_INK), 0, "{point}");
        assert!(count_near(&img, at, R9, xiangqi::WOOD) > 300, "{point}");
    }
}

#[test]
fn classical_view_turns_the_board_for_black() {
    let scene = Scene::start();
    let (red, _) = png(draw_scene(&scene, &names()));
    let (black, _) = png(draw_scene(&scene, &black_view()));
    let (w, h) = (red.width(), red.height());

    // Red's general stands at the bottom centre for red (and without a viewer)...
    let e0 = centre("e0", None);
    assert_eq!(e0, centre("e0", Some(Seat::FIRST)));
    assert_eq!(e0.0, w / 2);
    assert!(e0.1 > h * 3 / 4, "{e0:?}");
    assert!(count_near(&red, e0, R9, RED_INK) > 30);
    // ... and at the top centre for black, whose own general is then at the bottom.
    let turned = centre("e0", Some(Seat::SECOND));
    assert_eq!(turned.0, w / 2);
    assert!(turned.1 < h / 2, "{turned:?}");
    assert!(count_near(&black, turned, R9, RED_INK) > 30);
    assert_eq!(centre("e9", Some(Seat::SECOND)), e0);
    assert!(count_near(&black, e0, R9, BLACK_INK) > 30);
    // File a is on red's left and on black's right.
    assert!(centre("a0", None).0 < w / 2);
    assert!(centre("a0", Some(Seat::SECOND)).0 > w / 2);
    // The turned board is the same board: every point holds the same piece (the
    // pieces stay upright, so their pixels around the point are the same).
    for point in ["a0", "b2", "e4", "h7", "i9", "c3", "d5"] {
        let (mine, theirs) = (centre(point, None), centre(point, Some(Seat::SECOND)));
        for ink in [RED_INK, BLACK_INK, PIECE_FILL] {
            let a = count_near(&red, mine, R9 - 3.0, ink);
            let b = count_near(&black, theirs, R9 - 3.0, ink);
            assert_eq!(a, b, "{point}");
        }
    }
}

#[test]
fn classical_last_move_marks_both_points() {
    let scene = midgame();
    let (img, _) = png(draw_scene(&scene, &names()));
    // The point left is empty but marked; a plain empty point is not.
    let from = centre("h6", None);
    assert!(count_near(&img, from, R9, LAST) > 50);
    assert_eq!(count_near(&img, from, R9, PIECE_FILL), 0);
    assert_eq!(count_near(&img, centre("h5", None), R9 + 8.0, LAST), 0);
    // The piece that arrived is ringed, outside its disc.
    let to = centre("g8", None);
    assert!(count_near(&img, to, R9 + 8.0, LAST) > 100);
    assert!(count_near(&img, to, R9, RED_INK) > 30);
    // Without a last move, neither mark.
    let quiet = Scene {
        last_move: None,
        ..scene
    };
    let (img, _) = png(draw_scene(&quiet, &names()));
    assert_eq!(count_near(&img, from, R9, LAST), 0);
    assert_eq!(count_near(&img, to, R9 + 8.0, LAST), 0);
}

#[test]
fn classical_general_in_check_is_ringed_in_red() {
    let (img, _) = png(draw_scene(&midgame(), &names()));
    let e9 = centre("e9", None);
    assert!(count_near(&img, e9, R9 + 8.0, CHECK) > 150);
    assert_eq!(count_near(&img, centre("e0", None), R9 + 8.0, CHECK), 0);
    let (start, _) = png(draw_scene(&Scene::start(), &names()));
    assert_eq!(count_near(&start, e9, R9 + 8.0, CHECK), 0);
}

#[test]
fn classical_wxf_numbers_run_along_each_sides_own_edge() {
    for (opts, red_at_bottom) in [(names(), true), (black_view(), false)] {
        let (img, _) = png(draw_scene(&Scene::start(), &opts));
        let (_, top, _, bottom) = xiangqi::layout(opts.viewer).wood();
        // The two rows of labels between the rim and the header, or the card's edge.
        let above = (0, top - 58, img.width(), 52);
        let below = (0, bottom + 6, img.width(), 52);
        let (red_box, black_box) = if red_at_bottom {
            (below, above)
        } else {
            (above, below)
        };
        assert!(exact_in_box(&img, red_box, RED_LABEL) > 50);
        assert_eq!(exact_in_box(&img, black_box, RED_LABEL), 0);
        assert!(exact_in_box(&img, black_box, BLACK_LABEL) > 50);
        assert_eq!(exact_in_box(&img, red_box, BLACK_LABEL), 0);
    }
}

#[test]
fn classical_taken_pieces_are_the_missing_ones() {
    let scene = midgame();
    assert_eq!(
        scene.taken_by(Seat::FIRST),
        [Kind::Rook, Kind::Horse, Kind::Pawn]
    );
    assert_eq!(scene.taken_by(Seat::SECOND), [Kind::Horse, Kind::Pawn]);
    assert!(Scene::start().taken_by(Seat::FIRST).is_empty());
}

#[test]
fn classical_names_and_result_change_the_header_only() {
    let scene = midgame();
    let over = Scene {
        to_move: None,
        outcome: Some(Outcome::win(Seat::FIRST, Reason::Resigned)),
        ..scene.clone()
    };
    let (a, _) = png(draw_scene(&scene, &names()));
    let (b, _) = png(draw_scene(&scene, &RenderOptions::new(["Zoë", "李"])));
    let (c, _) = png(draw_scene(&over, &names()));
    let (_, top, _, _) = xiangqi::layout(None).wood();
    for other in [&b, &c] {
        let differs =
            (0..170).any(|y| (0..a.width()).any(|x| a.get_pixel(x, y) != other.get_pixel(x, y)));
        assert!(differs);
        for y in top..a.height() {
            for x in 0..a.width() {
                assert_eq!(a.get_pixel(x, y), other.get_pixel(x, y), "({x}, {y})");
            }
        }
    }
}

// ---------- Four players ----------

/// A four-player point from its name (`j4`, `g17`).
fn p19(name: &str) -> Point {
    let file = name.as_bytes()[0] - b'a';
    let rank: u8 = name[1..].parse().unwrap();
    (file, rank - 1)
}

fn names4() -> RenderOptions {
    RenderOptions::new(["alice", "bob", "carol", "dave"])
}

fn centre4(point: &str, viewer: Option<Seat>) -> (u32, u32) {
    let (file, rank) = p19(point);
    xiangqi4::point_centre(file, rank, viewer)
}

const R4: f32 = xiangqi4::PIECE_RADIUS;

fn mv(scene: &mut Scene4, from: &str, to: &str) {
    let (from, to) = (p19(from), p19(to));
    scene.pieces.retain(|p| (p.file, p.rank) != to);
    let piece = scene
        .pieces
        .iter_mut()
        .find(|p| (p.file, p.rank) == from)
        .unwrap();
    (piece.file, piece.rank) = to;
}

/// Green is out (mated by Red, who got Green's pieces and dropped two), Black's rook has
/// just come to j14 and checks Yellow, who is to move.
fn busy() -> Scene4 {
    let mut scene = Scene4::start(false);
    scene.pieces.retain(|p| p.seat != seat(3));
    for (from, to) in [
        ("j4", "j8"),
        ("m3", "m9"),
        ("p10", "n10"),
        ("q7", "k7"),
        ("j16", "j12"),
        ("g17", "g11"),
        ("s14", "j14"),
    ] {
        mv(&mut scene, from, to);
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
    scene.reserves[0] = vec![Kind::Horse, Kind::Horse, Kind::Cannon, Kind::Pawn];
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

#[test]
fn the_cross_has_261_points_and_turns_onto_itself() {
    let points: Vec<Point> = (0..19u8)
        .flat_map(|f| (0..19u8).map(move |r| (f, r)))
        .filter(|&(f, r)| exists(f, r))
        .collect();
    assert_eq!(points.len(), 261);
    for &p in &points {
        assert!(exists(rotate(1, p).0, rotate(1, p).1));
        assert_eq!(rotate(4, p), p);
    }
    // Each army's general where docs/rules.md puts it: j1, s10, j19, a10.
    for (i, general) in ["j1", "s10", "j19", "a10"].into_iter().enumerate() {
        assert_eq!(rotate(i, p19("j1")), p19(general));
    }
    let start = Scene4::start(false);
    assert_eq!(start.pieces.len(), 64);
    let mut at: Vec<Point> = start.pieces.iter().map(|p| (p.file, p.rank)).collect();
    at.sort();
    at.dedup();
    assert_eq!(at.len(), 64);
    assert!(at.iter().all(|&(f, r)| exists(f, r)));
}

#[test]
fn four_player_images_have_a_sensible_size() {
    // Busier than any real image: all 64 pieces still on the board, yet two players
    // holding reserves of every kind (reserves come from eliminated armies, and only
    // the survivors of two eliminations can hold them), two generals in check, long
    // names, a drop.
    let mut crowded = Scene4::start(false);
    crowded.checked = ["j1", "j19"].map(p19).to_vec();
    for i in [0, 2] {
        crowded.reserves[i] = [Kind::Rook, Kind::Horse, Kind::Cannon, Kind::Pawn]
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(k, 3))
            .collect();
    }
    crowded.last = Some(LastAction {
        from: None,
        to: p19("j10"),
    });
    let long = RenderOptions::new(["a very long display name", "b", "c", "Łukasz"]);
    let mut largest = 0;
    for (scene, opts) in [
        (Scene4::start(false), names4()),
        (Scene4::start(true), names4()),
        (busy(), names4()),
        (crowded, long),
    ] {
        for i in 0..4 {
            let (img, bytes) = png(draw_scene4(&scene, &opts.clone().viewed_by(Some(seat(i)))));
            assert_eq!((img.width(), img.height()), xiangqi4::size());
            let long = img.width().max(img.height());
            assert!((800..=1100).contains(&long), "{long} px");
            assert!(bytes < 200 * 1024, "{bytes} bytes");
            largest = largest.max(bytes);
        }
    }
    println!("largest four-player PNG: {} KB", largest.div_ceil(1024));
}

#[test]
fn each_viewer_sees_their_own_general_at_the_bottom_centre() {
    let scene = Scene4::start(false);
    let (w, h) = xiangqi4::size();
    for i in 0..4 {
        let viewer = Some(seat(i));
        let (img, _) = png(draw_scene4(&scene, &names4().viewed_by(viewer)));
        let general = scene
            .pieces
            .iter()
            .find(|p| p.seat == seat(i) && p.kind == Kind::General)
            .unwrap();
        let at = xiangqi4::point_centre(general.file, general.rank, viewer);
        assert_eq!(at.0, w / 2, "seat {i}");
        // No point is lower on the image.
        let lowest = (0..19u8)
            .flat_map(|f| (0..19u8).map(move |r| (f, r)))
            .filter(|&(f, r)| exists(f, r))
            .map(|(f, r)| xiangqi4::point_centre(f, r, viewer).1)
            .max()
            .unwrap();
        assert_eq!(at.1, lowest);
        assert!(at.1 > h * 3 / 4);
        assert!(count_near(&img, at, R4, ARMIES[i].fill) > 300, "seat {i}");
        // The partner's (opposite) general is at the top centre.
        let across = rotate(2, (general.file, general.rank));
        let top = xiangqi4::point_centre(across.0, across.1, viewer);
        assert_eq!(top.0, w / 2);
        assert!(top.1 < h / 4);
        let opposite = ARMIES[(i + 2) % 4].fill;
        assert!(count_near(&img, top, R4, opposite) > 300, "seat {i}");
    }
}

#[test]
fn every_view_is_the_same_board_turned() {
    // Seat i's view puts every point where Red's view puts the point i quarter turns
    // back: coordinates are kept, the board turns.
    for i in 0..4 {
        for f in 0..19u8 {
            for r in (0..19u8).filter(|&r| exists(f, r)) {
                let turned = rotate(i, (f, r));
                assert_eq!(
                    xiangqi4::point_centre(turned.0, turned.1, Some(seat(i))),
                    xiangqi4::point_centre(f, r, None)
                );
            }
        }
    }
}

#[test]
fn four_player_pieces_have_their_armys_colour_and_empty_points_none() {
    let (img, _) = png(draw_scene4(&Scene4::start(false), &names4()));
    for (i, points) in [
        ["j1", "f1", "g3", "n4"],
        ["s10", "s6", "q7", "p14"],
        ["j19", "n19", "m17", "f16"],
        ["a10", "a14", "c13", "d6"],
    ]
    .iter()
    .enumerate()
    {
        for point in points {
            let at = centre4(point, None);
            assert!(count_near(&img, at, R4, ARMIES[i].fill) > 300, "{point}");
            for (j, other) in ARMIES.iter().enumerate().filter(|&(j, _)| j != i) {
                assert_eq!(count_near(&img, at, R4, other.fill), 0, "{point} {j}");
            }
        }
    }
    for point in ["j10", "f6", "n14", "j5", "b11", "o8"] {
        let at = centre4(point, None);
        for army in &ARMIES {
            assert_eq!(count_near(&img, at, R4, army.fill), 0, "{point}");
        }
    }
}

#[test]
fn four_player_last_move_drop_and_checks_are_marked() {
    let scene = busy();
    let viewer = Some(seat(2));
    let opts = names4().viewed_by(viewer);
    let (img, _) = png(draw_scene4(&scene, &opts));
    let at = |p: &str| centre4(p, viewer);
    assert!(count_near(&img, at("s14"), R4, LAST) > 50);
    assert!(count_near(&img, at("j14"), R4 + 8.0, LAST) > 80);
    assert_eq!(count_near(&img, at("d9"), R4 + 8.0, LAST), 0);
    assert!(count_near(&img, at("j19"), R4 + 8.0, CHECK) > 120);
    assert_eq!(count_near(&img, at("j1"), R4 + 8.0, CHECK), 0);

    // A drop: only the point reached is marked.
    let dropped = Scene4 {
        last: Some(LastAction {
            from: None,
            to: p19("c8"),
        }),
        checked: vec![],
        ..scene
    };
    let (img, _) = png(draw_scene4(&dropped, &opts));
    assert!(count_near(&img, at("c8"), R4 + 8.0, LAST) > 80);
    assert_eq!(count_near(&img, at("s14"), R4, LAST), 0);
    assert_eq!(count_near(&img, at("j19"), R4 + 8.0, CHECK), 0);
}

#[test]
fn an_eliminated_players_name_is_greyed() {
    let scene = busy();
    for viewer in [None, Some(seat(2))] {
        let (img, _) = png(draw_scene4(&scene, &names4().viewed_by(viewer)));
        for (i, army) in ARMIES.iter().enumerate() {
            let name = xiangqi4::name_box(seat(i), viewer);
            let grey = exact_in_box(&img, name, OUT_NAME);
            let plain =
                exact_in_box(&img, name, THEME.text) + exact_in_box(&img, name, THEME.accent);
            if i == 3 {
                assert!(grey > 60, "{grey}");
                assert_eq!(plain, 0);
            } else {
                assert_eq!(grey, 0, "seat {i}");
                assert!(plain > 60, "seat {i}");
            }
            // The out player's general is grey, the others' in their colour.
            let icon = xiangqi4::panel_icon(seat(i), viewer);
            let coloured = count_near(&img, icon, 20.0, army.fill);
            assert_eq!(coloured > 200, i != 3, "seat {i}");
        }
    }
}

#[test]
fn the_player_to_move_is_highlighted() {
    let scene = busy();
    let (img, _) = png(draw_scene4(&scene, &names4()));
    for i in 0..4 {
        let (x, y, _, h) = xiangqi4::panel(seat(i), None);
        let bar = *img.get_pixel(x + 2, y + h / 2);
        assert_eq!(bar == THEME.accent, i == 2, "seat {i}");
        let name = xiangqi4::name_box(seat(i), None);
        assert_eq!(
            exact_in_box(&img, name, THEME.accent) > 60,
            i == 2,
            "seat {i}"
        );
    }
}

#[test]
fn the_reserve_is_shown_in_its_owners_colour() {
    let scene = busy();
    let (img, _) = png(draw_scene4(&scene, &names4()));
    let mut empty = scene.clone();
    empty.reserves[0].clear();
    let (plain, _) = png(draw_scene4(&empty, &names4()));
    // Below the panel's icon and name: Red's colour where the reserve's pieces are.
    let (x, y, w, h) = xiangqi4::panel(seat(0), None);
    let lower = (x, y + 100, w, h - 100);
    let red = ARMIES[0].fill;
    assert!(exact_in_box(&img, lower, red) > 4 * 300);
    assert_eq!(exact_in_box(&plain, lower, red), 0);
}

#[test]
fn teams_mark_partners() {
    let (teams, _) = png(draw_scene4(&Scene4::start(true), &names4()));
    let (ffa, _) = png(draw_scene4(&Scene4::start(false), &names4()));
    for i in 0..4 {
        let (x, y, w, h) = xiangqi4::panel(seat(i), None);
        let lower = (x, y + 100, w, h - 100);
        let partner = ARMIES[(i + 2) % 4].fill;
        assert!(exact_in_box(&teams, lower, partner) > 150, "seat {i}");
        assert_eq!(exact_in_box(&ffa, lower, partner), 0, "seat {i}");
    }
}

#[test]
fn panels_sit_in_the_corners_to_the_right_of_each_arm() {
    let (w, h) = xiangqi4::size();
    for v in 0..4 {
        let viewer = Some(seat(v));
        // The viewer's own panel is bottom right; the next player's (on the right) top
        // right; the one across top left; the last bottom left.
        let expected = [(true, true), (true, false), (false, false), (false, true)];
        for (k, &(right, bottom)) in expected.iter().enumerate() {
            let (x, y, pw, ph) = xiangqi4::panel(seat((v + k) % 4), viewer);
            assert_eq!(
                x + pw / 2 > w / 2,
                right,
                "viewer {v}, seat {}",
                (v + k) % 4
            );
            assert_eq!(
                y + ph / 2 > h / 2,
                bottom,
                "viewer {v}, seat {}",
                (v + k) % 4
            );
        }
    }
}

// ---------- Both ----------

#[test]
fn every_character_drawn_is_in_the_fonts() {
    use boardpost::render::font::has_glyph;
    for kind in Kind::ALL {
        for red in [true, false] {
            assert!(has_glyph(kind.character(red)), "{kind:?}");
        }
        for i in 0..4 {
            assert!(
                has_glyph(xiangqi4::character(kind, seat(i))),
                "{kind:?} {i}"
            );
        }
    }
    for c in "楚河漢界·–".chars() {
        assert!(has_glyph(c), "{c}");
    }
}

#[test]
fn scenes_with_points_off_the_board_still_draw() {
    // An adapter never sends these; the renderer must not panic on them anyway.
    let mut scene = Scene::start();
    scene.pieces.push(ScenePiece {
        file: 9,
        rank: 200,
        seat: Seat::SECOND,
        kind: Kind::Rook,
    });
    scene.last_move = Some(((255, 0), (3, 12)));
    scene.checked = Some((40, 40));
    for opts in [names(), black_view()] {
        let (img, _) = png(draw_scene(&scene, &opts));
        assert_eq!(img.width(), xiangqi::layout(opts.viewer).width);
    }
    let mut four = Scene4::start(false);
    four.pieces.push(xiangqi4::ScenePiece {
        file: 0,
        rank: 0,
        seat: Seat::from_number(4).unwrap(),
        kind: Kind::Rook,
    });
    four.last = Some(LastAction {
        from: Some((200, 3)),
        to: (19, 19),
    });
    four.checked = vec![(255, 255), (1, 1)];
    four.reserves[1] = vec![Kind::General; 30];
    for i in 0..4 {
        let (img, _) = png(draw_scene4(&four, &names4().viewed_by(Some(seat(i)))));
        assert_eq!((img.width(), img.height()), xiangqi4::size());
    }
}
