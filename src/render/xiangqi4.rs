//! Four-player xiangqi boards, drawn from a [`Scene4`]: the cross of 261 points (a 19×19
//! grid without its 5×5 corners) on wood, the middle part shaded, the four rivers, the
//! palaces' diagonals and the start-point marks, pieces in four colours, the last move
//! (or drop), generals in check, coordinates at both ends of every line, and in each
//! empty corner one player's panel: name, state (to move, in check, out), partner in
//! teams, reserve.
//!
//! The board is turned by quarter turns so that the viewer's arm is at the bottom; the
//! labels keep the real names (files a–s, ranks 1–19 as seen from Red) and turn with it.
//! The cross looks the same from every side, so lines, shading and marks are laid out on
//! the screen; only the pieces, labels and panels depend on the view.

use super::cache;
use super::canvas::{
    draw_header, fit_text, rgb, rgba, Canvas, Colour, Header, Span, StoneStyle, Theme, THEME,
};
use super::font::Weight;
use super::header::verb;
use super::xiangqi::{
    draw_check, draw_last_from, draw_last_to, draw_piece, draw_start_mark, PieceLook, Point, WOOD,
};
use super::RenderOptions;
use crate::games::xiangqi::Kind;
use crate::games::{Outcome, Seat};
use crate::i18n::Lang;
use crate::msg;
use image::RgbaImage;

/// Points along each side of the grid the cross is cut from.
pub const SIZE: u8 = 19;
/// The side of each missing corner.
const CORNER: u8 = 5;

/// Whether `(file, rank)` (both from 0) is a point of the cross.
pub fn exists(file: u8, rank: u8) -> bool {
    let outer = |i: u8| !(CORNER..SIZE - CORNER).contains(&i);
    file < SIZE && rank < SIZE && !(outer(file) && outer(rank))
}

/// A piece on a point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScenePiece {
    /// 0 to 18: files a to s, from Red's left.
    pub file: u8,
    /// 0 to 18: ranks 1 to 19, from Red's side.
    pub rank: u8,
    /// Seats 1 to 4: Red, Black, Yellow, Green.
    pub seat: Seat,
    pub kind: Kind,
}

/// The last action: a move from a point, or a drop (no `from`), to a point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LastAction {
    pub from: Option<Point>,
    pub to: Point,
}

/// Everything a four-player board image shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scene4 {
    pub pieces: Vec<ScenePiece>,
    pub last: Option<LastAction>,
    /// The points of the generals in check.
    pub checked: Vec<Point>,
    /// By seat index: whether that player is out of the game.
    pub eliminated: [bool; 4],
    /// By seat index: the pieces in that player's reserve, in any order.
    pub reserves: [Vec<Kind>; 4],
    /// `teams` mode: Red and Yellow play against Black and Green.
    pub teams: bool,
    /// `None` once the game is over.
    pub to_move: Option<Seat>,
    pub outcome: Option<Outcome>,
    /// The last action in words, e.g. `j4-j5` or `R@g17`; empty for none.
    pub last_text: String,
    /// The number of actions played (the record's length).
    pub ply: usize,
}

/// The seat with index `i` (0 to 3).
pub fn seat(i: usize) -> Seat {
    Seat::from_number(i as u8 + 1).expect("four seats")
}

/// Turns a point a quarter turn counter-clockwise about the centre, `turns` times: Red's
/// arm to Black's, Black's to Yellow's, and so on.
pub fn rotate(turns: usize, (x, y): Point) -> Point {
    (0..turns % 4).fold((x, y), |(x, y), _| (SIZE - 1 - y, x))
}

/// Red's army at the start, from Red's side: `(file, rank, kind)`.
fn red_setup() -> Vec<(u8, u8, Kind)> {
    use Kind::*;
    let back = [
        Rook, Horse, Elephant, Advisor, General, Advisor, Elephant, Horse, Rook,
    ];
    let mut army: Vec<(u8, u8, Kind)> = (5u8..).zip(back).map(|(f, k)| (f, 0, k)).collect();
    army.extend([(6, 2, Cannon), (12, 2, Cannon)]);
    army.extend((0..5).map(|i| (5 + 2 * i, 3, Pawn)));
    army
}

impl Scene4 {
    /// The start position, Red to move.
    pub fn start(teams: bool) -> Scene4 {
        let mut pieces = Vec::new();
        for i in 0..4 {
            for (file, rank, kind) in red_setup() {
                let (file, rank) = rotate(i, (file, rank));
                pieces.push(ScenePiece {
                    file,
                    rank,
                    seat: seat(i),
                    kind,
                });
            }
        }
        Scene4 {
            pieces,
            teams,
            to_move: Some(Seat::FIRST),
            ..Scene4::default()
        }
    }
}

// ---------- Looks ----------

/// The armies by seat index, as the messages name them (`army` in the Fluent files).
pub const ARMY_KEYS: [&str; 4] = ["red", "black", "yellow", "green"];

/// The pieces of each army: flat solid discs in its colour, which tell the armies apart
/// at a glance even when the image is small. Only Yellow, the nearest to the wood, has
/// an outline (outlines cost bytes).
pub const ARMIES: [PieceLook; 4] = [
    flat(rgb(0xc8, 0x22, 0x22), None, rgb(0xff, 0xf3, 0xe4)),
    flat(rgb(0x2a, 0x28, 0x26), None, rgb(0xf4, 0xec, 0xe1)),
    flat(
        rgb(0xff, 0xd0, 0x2a),
        Some(rgb(0x6b, 0x4a, 0x00)),
        rgb(0x3a, 0x26, 0x00),
    ),
    flat(rgb(0x23, 0x8a, 0x3c), None, rgb(0xf0, 0xff, 0xf0)),
];

/// A flat disc of `fill`, its character in `ink`: no ring, no shadow.
const fn flat(fill: Colour, outline: Option<Colour>, ink: Colour) -> PieceLook {
    PieceLook {
        fill,
        outline,
        ink,
        ring: None,
        shadow: None,
    }
}

/// Each army's colour as text on the dark card.
pub const ARMY_TEXT: [Colour; 4] = [
    rgb(0xff, 0x7a, 0x6a),
    rgb(0xc8, 0xbe, 0xb2),
    rgb(0xff, 0xd0, 0x2a),
    rgb(0x6c, 0xd0, 0x7c),
];

/// An eliminated player's general in their panel.
const OUT_LOOK: PieceLook = flat(rgb(0x6a, 0x62, 0x5a), None, rgb(0xa8, 0xa0, 0x96));
/// An eliminated player's name.
pub const OUT_NAME: Colour = rgb(0x84, 0x7a, 0x70);
/// A panel's background; the player to move's is `THEME.frame_raised`.
pub const PANEL: Colour = rgb(0x36, 0x2c, 0x24);

/// The character of a piece: simplified forms, which stay legible on small discs;
/// Red and Yellow write with red's set, Black and Green with black's (so partners in
/// `teams` share one).
pub fn character(kind: Kind, seat: Seat) -> char {
    let red = seat.index().is_multiple_of(2);
    match (kind, red) {
        (Kind::General, true) => '帅',
        (Kind::General, false) => '将',
        (Kind::Horse, _) => '马',
        (Kind::Rook, _) => '车',
        (kind, red) => kind.character(red),
    }
}

const LINE: Colour = rgb(0x6e, 0x47, 0x22);
const MIDDLE: Colour = rgba(0x8a, 0x55, 0x18, 0x30);
const RIVER: Colour = rgb(0xbc, 0xd6, 0xd8);
const LABEL: Colour = rgb(0x8a, 0x60, 0x34);

// ---------- Layout ----------

/// Space around everything, in pixels.
const PAD: u32 = 12;
/// The header's height (its own top padding included).
const HEADER: u32 = 100;
const RIM: u32 = 5;
/// The distance between two lines.
pub const CELL: u32 = 46;
/// Wood beyond the outermost lines: room for the pieces standing on them and for the
/// coordinate labels beyond those.
const MARGIN: u32 = 46;
/// Labels stand this far (in cells) beyond the end of their line.
const LABEL_REACH: f32 = 0.7;
/// Between a panel and the board's rim.
const GAP: u32 = 8;

pub const PIECE_RADIUS: f32 = CELL as f32 * 0.46;
const PIECE_PX: f32 = CELL as f32 * 0.64;
const LABEL_PX: f32 = 17.0;
const NAME_PX: f32 = 28.0;
const LINE_PX: f32 = 22.0;

/// The image's size.
pub fn size() -> (u32, u32) {
    let (x, y) = origin();
    let span = (SIZE - 1) as u32 * CELL;
    (x + span + MARGIN + RIM + PAD, y + span + MARGIN + RIM + PAD)
}

/// The top-left grid point's pixel (whatever is there: the cross has no point there).
fn origin() -> (u32, u32) {
    (PAD + RIM + MARGIN, HEADER + RIM + MARGIN)
}

/// The index (0 to 3) of the seat looking: Red without a viewer.
fn viewer_index(viewer: Option<Seat>) -> usize {
    viewer.map_or(0, |s| s.index() % 4)
}

/// The screen column and row (from 0, top left) of a board point seen by viewer `v`,
/// in fractions of a cell so that labels can stand between points.
fn to_screen(v: usize, (x, y): (f32, f32)) -> (f32, f32) {
    let last = (SIZE - 1) as f32;
    // Undo the viewer's quarter turns, then look from Red's side.
    let (x, y) = (0..v).fold((x, y), |(x, y), _| (y, last - x));
    (x, last - y)
}

fn pixel((col, row): (f32, f32)) -> (f32, f32) {
    let (ox, oy) = origin();
    (ox as f32 + col * CELL as f32, oy as f32 + row * CELL as f32)
}

/// The pixel where the lines of `(file, rank)` cross, seen from `viewer`.
pub fn point_centre(file: u8, rank: u8, viewer: Option<Seat>) -> (u32, u32) {
    let (x, y) = pixel(to_screen(viewer_index(viewer), (file as f32, rank as f32)));
    (x as u32, y as u32)
}

/// The pixel of a screen grid point (column, row).
fn screen_point(col: u8, row: u8) -> (u32, u32) {
    let (ox, oy) = origin();
    (ox + col as u32 * CELL, oy + row as u32 * CELL)
}

/// Which side of the screen a seat's arm is on, seen from `viewer`: 0 bottom, 1 right,
/// 2 top, 3 left (counter-clockwise, the order of play).
fn screen_side(seat: Seat, viewer: Option<Seat>) -> usize {
    (seat.index() + 4 - viewer_index(viewer)) % 4
}

/// The box `(left, top, width, height)` of `seat`'s panel: the empty corner to the
/// right of its arm as its player sees it (the viewer's is bottom right).
pub fn panel(seat: Seat, viewer: Option<Seat>) -> (u32, u32, u32, u32) {
    let (w, h) = size();
    let side = CORNER as u32 * CELL - GAP;
    let (left, right) = (PAD, w - PAD - side);
    let (top, bottom) = (HEADER, h - PAD - side);
    let (x, y) = match screen_side(seat, viewer) {
        0 => (right, bottom),
        1 => (right, top),
        2 => (left, top),
        _ => (left, bottom),
    };
    (x, y, side, side)
}

/// The box of the name line in `seat`'s panel.
pub fn name_box(seat: Seat, viewer: Option<Seat>) -> (u32, u32, u32, u32) {
    let (x, y, w, _) = panel(seat, viewer);
    (x + 72, y + 14, w - 82, 44)
}

/// The centre of `seat`'s general icon in its panel.
pub fn panel_icon(seat: Seat, viewer: Option<Seat>) -> (u32, u32) {
    let (x, y, _, _) = panel(seat, viewer);
    (x + 36, y + 36)
}

// ---------- Drawing ----------

/// Draws the scene.
pub fn draw_scene4(scene: &Scene4, opts: &RenderOptions) -> RgbaImage {
    let theme = &THEME;
    let v = viewer_index(opts.viewer);
    let (w, h) = size();
    let empty_board = |canvas: &mut Canvas| {
        draw_wood(canvas, theme);
        draw_lines(canvas);
        draw_labels(canvas, v);
    };
    let key = cache::Key {
        game: "xiangqi4",
        size: SIZE as u32,
        view: v as u8,
        lang: crate::i18n::Lang::En,
    };
    let mut canvas = cache::background(key, (w, h), theme.frame, empty_board);
    // The title and the board touch no pixel in common: either may come first.
    draw_title(&mut canvas, scene, opts, theme);

    let at = |(file, rank): Point| pixel(to_screen(v, (file as f32, rank as f32)));
    let r = PIECE_RADIUS;
    // Points off the cross (never from an engine) are left out rather than drawn.
    let on_board = |&(file, rank): &Point| exists(file, rank);
    for point in scene.checked.iter().filter(|p| on_board(p)) {
        draw_check(&mut canvas, at(*point), r);
    }
    if let Some(last) = scene.last {
        if let Some(from) = last.from.filter(on_board) {
            draw_last_from(&mut canvas, at(from), r);
        }
        if on_board(&last.to) {
            draw_last_to(&mut canvas, at(last.to), r);
        }
    }
    for p in &scene.pieces {
        if !exists(p.file, p.rank) {
            continue;
        }
        let look = &ARMIES[p.seat.index() % 4];
        let c = character(p.kind, p.seat);
        draw_piece(&mut canvas, at((p.file, p.rank)), r, c, PIECE_PX, look);
    }

    for i in 0..4 {
        draw_panel(&mut canvas, scene, opts, seat(i), theme);
    }
    canvas.round_corners(14.0);
    canvas.into_image()
}

/// The wood under the cross: a bar down the middle and a bar across, each with a rim.
fn draw_wood(canvas: &mut Canvas, theme: &Theme) {
    let (ox, oy) = origin();
    let (m, rim) = (MARGIN, RIM);
    let lo = CORNER as u32 * CELL;
    let hi = (SIZE - 1 - CORNER) as u32 * CELL;
    let span = (SIZE - 1) as u32 * CELL;
    // (left, top, right, bottom) of each bar's wood.
    let bars = [
        (ox + lo - m, oy - m, ox + hi + m, oy + span + m),
        (ox - m, oy + lo - m, ox + span + m, oy + hi + m),
    ];
    for (l, t, r, b) in bars {
        let rim = rim as f32;
        canvas.fill_rounded_rect(
            l as f32 - rim,
            t as f32 - rim,
            (r - l) as f32 + 2.0 * rim,
            (b - t) as f32 + 2.0 * rim,
            rim * 0.8,
            theme.wood_edge,
        );
    }
    for (l, t, r, b) in bars {
        canvas.fill_rect(l as i32, t as i32, r - l, b - t, WOOD);
    }
    // The middle part, and the rivers between it and each arm.
    let (a, b) = (
        screen_point(CORNER, CORNER),
        screen_point(SIZE - 1 - CORNER, SIZE - 1 - CORNER),
    );
    canvas.fill_rect(a.0 as i32, a.1 as i32, b.0 - a.0, b.1 - a.1, MIDDLE);
    let c = CELL;
    for (x, y, w, h) in [
        (a.0, a.1 - c, b.0 - a.0, c),
        (a.0, b.1, b.0 - a.0, c),
        (a.0 - c, a.1, c, b.1 - a.1),
        (b.0, a.1, c, b.1 - a.1),
    ] {
        canvas.fill_rect(x as i32, y as i32, w, h, RIVER);
    }
}

/// Whether the segment from screen point `(col, row)` one step along `(dx, dy)` is drawn:
/// both ends are points, and it does not cross a river, unless it is one of the river's
/// two edge lines.
fn segment(col: u8, row: u8, dx: u8, dy: u8) -> bool {
    let (c2, r2) = (col + dx, row + dy);
    if !exists(col, row) || !exists(c2, r2) {
        return false;
    }
    let lo = CORNER - 1;
    let hi = SIZE - 1 - CORNER;
    // Crossing a river means stepping between an arm's last line and the middle's first.
    let (a, across) = if dy == 1 { (row, col) } else { (col, row) };
    let crosses = a == lo || a == hi;
    !crosses || across == CORNER || across == SIZE - 1 - CORNER
}

fn draw_lines(canvas: &mut Canvas) {
    let width = 2u32;
    let half = (width / 2) as i32;
    // Runs of drawn segments along every row and column, each drawn as one rectangle.
    for along_rows in [true, false] {
        for line in 0..SIZE {
            let mut start: Option<u8> = None;
            for i in 0..SIZE {
                let (col, row, dx, dy) = if along_rows {
                    (i, line, 1, 0)
                } else {
                    (line, i, 0, 1)
                };
                let drawn = i + 1 < SIZE && segment(col, row, dx, dy);
                match (drawn, start) {
                    (true, None) => start = Some(i),
                    (false, Some(s)) => {
                        let (p, q) = if along_rows {
                            (screen_point(s, line), screen_point(i, line))
                        } else {
                            (screen_point(line, s), screen_point(line, i))
                        };
                        canvas.fill_rect(
                            p.0 as i32 - half,
                            p.1 as i32 - half,
                            q.0 - p.0 + width,
                            q.1 - p.1 + width,
                            LINE,
                        );
                        start = None;
                    }
                    _ => {}
                }
            }
        }
    }

    // Each arm's palace (its back three lines' middle three points) with diagonals, and
    // the start points of its cannons and pawns, laid out for the bottom arm and turned.
    let turn = |k: usize, p: Point| {
        // A quarter turn on the screen: the bottom arm to the right one, and so on.
        (0..k).fold(p, |(c, r), _| (r, SIZE - 1 - c))
    };
    for k in 0..4 {
        for (a, b) in [((8, 18), (10, 16)), ((10, 18), (8, 16))] {
            let (pa, pb) = (turn(k, a), turn(k, b));
            let (xa, ya) = screen_point(pa.0, pa.1);
            let (xb, yb) = screen_point(pb.0, pb.1);
            canvas.line((xa as f32, ya as f32), (xb as f32, yb as f32), 2.0, LINE);
        }
        let mut marks: Vec<Point> = vec![(6, 16), (12, 16)];
        marks.extend((0..5).map(|i| (5 + 2 * i, 15)));
        for m in marks {
            let (col, row) = turn(k, m);
            let (x, y) = screen_point(col, row);
            let quarter = |dx: i32, dy: i32| {
                let (c, r) = (col as i32 + dx, row as i32 + dy);
                (0..SIZE as i32).contains(&c)
                    && (0..SIZE as i32).contains(&r)
                    && exists(c as u8, r as u8)
            };
            draw_start_mark(canvas, (x as i32, y as i32), CELL, 2, LINE, quarter);
        }
    }
}

/// Every line's name at both of its ends, just beyond its last point.
fn draw_labels(canvas: &mut Canvas, v: usize) {
    let d = LABEL_REACH;
    for i in 0..SIZE {
        let (lo, hi) = if (CORNER..SIZE - CORNER).contains(&i) {
            (0.0, (SIZE - 1) as f32)
        } else {
            (CORNER as f32, (SIZE - 1 - CORNER) as f32)
        };
        let file = ((b'a' + i) as char).to_string();
        let rank = (i + 1).to_string();
        let line = i as f32;
        for end in [lo - d, hi + d] {
            let at = pixel(to_screen(v, (line, end)));
            canvas.text_centred(&file, Weight::Bold, LABEL_PX, at, LABEL);
            let at = pixel(to_screen(v, (end, line)));
            canvas.text_centred(&rank, Weight::Bold, LABEL_PX, at, LABEL);
        }
    }
}

/// Whether `seat`'s general stands on one of the checked points.
fn in_check(scene: &Scene4, seat: Seat) -> bool {
    scene.pieces.iter().any(|p| {
        p.seat == seat && p.kind == Kind::General && scene.checked.contains(&(p.file, p.rank))
    })
}

/// The title of a four-player game's images: free-for-all or teams.
fn title(teams: bool, lang: Lang) -> String {
    msg!(
        "render-xiangqi4-title",
        mode = if teams { "teams" } else { "ffa" }
    )
    .tr(lang)
}

fn draw_title(canvas: &mut Canvas, scene: &Scene4, opts: &RenderOptions, theme: &Theme) {
    let lang = opts.lang;
    let title = title(scene.teams, lang);
    let check = matches!(scene.to_move, Some(s) if in_check(scene, s) && scene.outcome.is_none());
    let header = Header {
        title: &title,
        ply: scene.ply,
        players: &[],
        outcome: scene.outcome.as_ref(),
        to_move: scene.to_move,
        names: opts,
        verb: verb(false, check, lang),
        last: &scene.last_text,
    };
    draw_header(canvas, &header, PAD as f32 + 4.0, theme);
}

/// How many of each kind a reserve holds, in the order R H C P (then any others).
fn reserve_counts(reserve: &[Kind]) -> Vec<(Kind, usize)> {
    let order = [
        Kind::Rook,
        Kind::Horse,
        Kind::Cannon,
        Kind::Pawn,
        Kind::Elephant,
        Kind::Advisor,
        Kind::General,
    ];
    order
        .into_iter()
        .map(|k| (k, reserve.iter().filter(|&&r| r == k).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// One player's panel: the general in the army's colour and the name; the army and the
/// player's state; the partner in `teams`; the reserve in `ffa`. Pieces stand on little
/// tiles of the board's wood, as they look on the board.
fn draw_panel(canvas: &mut Canvas, scene: &Scene4, opts: &RenderOptions, s: Seat, theme: &Theme) {
    let i = s.index();
    let (x, y, w, h) = panel(s, opts.viewer);
    let (x, y, w, h) = (x as f32, y as f32, w as f32, h as f32);
    let out = scene.eliminated[i];
    let winner = scene
        .outcome
        .as_ref()
        .is_some_and(|o| o.winners.contains(&s));
    let active = winner || (scene.outcome.is_none() && scene.to_move == Some(s));
    if active {
        canvas.fill_rounded_rect(x, y, w, h, 14.0, theme.frame_raised);
        canvas.fill_rounded_rect(x, y, 6.0, h, 3.0, theme.accent);
    } else {
        canvas.fill_rounded_rect(x, y, w, h, 14.0, PANEL);
    }

    let (ix, iy) = panel_icon(s, opts.viewer);
    let (ix, iy) = (ix as f32, iy as f32);
    let look = if out { &OUT_LOOK } else { &ARMIES[i] };
    canvas.fill_rounded_rect(ix - 26.0, iy - 26.0, 52.0, 52.0, 8.0, WOOD);
    let general = character(Kind::General, s);
    draw_piece(canvas, (ix, iy), 22.0, general, 30.0, look);

    let (nx, ny, nw, nh) = name_box(s, opts.viewer);
    let name = fit_text(&opts.name(s), Weight::Bold, NAME_PX, nw as f32);
    let colour = if out {
        OUT_NAME
    } else if active {
        theme.accent
    } else {
        theme.text
    };
    let baseline = (ny + nh / 2) as f32 + Canvas::cap_height(Weight::Bold, NAME_PX) / 2.0;
    let end = canvas.text(&name, Weight::Bold, NAME_PX, (nx as f32, baseline), colour);
    if out {
        let mid = baseline - Canvas::cap_height(Weight::Bold, NAME_PX) * 0.4;
        canvas.line((nx as f32 - 2.0, mid), (end + 2.0, mid), 2.5, OUT_NAME);
    }

    // The army and what the player is doing.
    let left = x + 16.0;
    let mut row = y + 88.0;
    let line_base = |cy: f32| cy + Canvas::cap_height(Weight::Bold, LINE_PX) / 2.0;
    let lang = opts.lang;
    let mut spans = vec![Span::new(
        msg!("army", army = ARMY_KEYS[i]).tr(lang),
        Weight::Bold,
        if out { OUT_NAME } else { ARMY_TEXT[i] },
    )];
    let playing = scene.outcome.is_none();
    let check_text = rgb(0xff, 0x6b, 0x5e);
    let state = if out {
        Some(("render-army-out", theme.text_dim))
    } else if winner {
        Some(("render-army-wins", theme.accent))
    } else if scene.outcome.as_ref().is_some_and(|o| o.is_draw()) {
        Some(("render-army-draw", theme.text_dim))
    } else if playing && in_check(scene, s) && active {
        Some(("render-army-to-move-in-check", check_text))
    } else if playing && in_check(scene, s) {
        Some(("render-army-in-check", check_text))
    } else if active {
        Some(("render-army-to-move", theme.accent))
    } else {
        None
    };
    if let Some((id, colour)) = state {
        spans.push(Span::new(" · ", Weight::Regular, theme.text_dim));
        spans.push(Span::new(msg!(id).tr(lang), Weight::Bold, colour));
    }
    canvas.spans(&spans, LINE_PX, (left, line_base(row)));
    row += 44.0;

    if scene.teams {
        // The partner sits opposite: both colours side by side on a tile, then the name.
        let partner = seat((i + 2) % 4);
        canvas.fill_rounded_rect(left, row - 14.0, 46.0, 28.0, 6.0, WOOD);
        for (k, army) in [i, partner.index()].into_iter().enumerate() {
            let dx = left + 13.0 + 20.0 * k as f32;
            canvas.disc(dx, row, 9.5, ARMIES[army].fill);
        }
        let label = Span::new(
            msg!("render-with-partner").tr(lang) + " ",
            Weight::Regular,
            theme.text_dim,
        );
        let start = left + 56.0;
        let room = x + w - 12.0 - start - Canvas::text_width(&label.text, label.weight, LINE_PX);
        let partner_colour = if scene.eliminated[partner.index()] {
            OUT_NAME
        } else {
            ARMY_TEXT[partner.index()]
        };
        let name = fit_text(&opts.name(partner), Weight::Bold, LINE_PX, room);
        let spans = [label, Span::new(name, Weight::Bold, partner_colour)];
        canvas.spans(&spans, LINE_PX, (start, line_base(row)));
        row += 44.0;
    }

    let reserve = reserve_counts(&scene.reserves[i]);
    // An eliminated player's reserve is lost; in teams nothing is ever transferred.
    if out || (scene.teams && reserve.is_empty()) {
        return;
    }
    let id = if reserve.is_empty() {
        "render-reserve-none"
    } else {
        "render-reserve"
    };
    canvas.text(
        &msg!(id).tr(lang),
        Weight::Regular,
        LINE_PX,
        (left, line_base(row)),
        theme.text_dim,
    );
    if reserve.is_empty() {
        return;
    }
    row += 34.0;
    // The reserve on a tray of wood: each kind as a small piece with its count.
    let r = 14.0;
    let count_px = 19.0;
    let entries: Vec<(Kind, String, f32)> = reserve
        .into_iter()
        .map(|(kind, n)| {
            let count = if n > 1 { n.to_string() } else { String::new() };
            let width = 2.0 * r + 2.0 + Canvas::text_width(&count, Weight::Bold, count_px);
            (kind, count, width)
        })
        .collect();
    let tray_w = x + w - 12.0 - left;
    let pitch = 36.0;
    // Lay the entries out in rows first, to size the tray.
    let mut rows: Vec<Vec<&(Kind, String, f32)>> = vec![Vec::new()];
    let mut used = 8.0;
    for e in &entries {
        if used + e.2 > tray_w - 8.0 && !rows.last().is_some_and(Vec::is_empty) {
            rows.push(Vec::new());
            used = 8.0;
        }
        used += e.2 + 8.0;
        rows.last_mut().expect("a row").push(e);
    }
    let tray_h = pitch * rows.len() as f32 + 4.0;
    canvas.fill_rounded_rect(left, row - 20.0, tray_w, tray_h, 8.0, WOOD);
    for (k, entries) in rows.iter().enumerate() {
        let cy = row + pitch * k as f32;
        let mut cx = left + 8.0 + r;
        for (kind, count, width) in entries {
            draw_piece(canvas, (cx, cy), r, character(*kind, s), 20.0, look);
            let baseline = cy + Canvas::cap_height(Weight::Bold, count_px) / 2.0;
            canvas.text(
                count,
                Weight::Bold,
                count_px,
                (cx + r + 2.0, baseline),
                theme.wood_edge,
            );
            cx += width + 8.0;
        }
    }
}

/// The scene of a game's position: pieces, the last action, generals in check, who is
/// out, the reserves, whose turn it is and the result.
pub fn scene_of(game: &crate::games::xiangqi4::Xiangqi4) -> Scene4 {
    use crate::games::xiangqi4::{Action, Army, Mode};
    use crate::games::Game;
    let at = |sq: crate::games::Square| (sq.file, sq.rank);
    let seats: Vec<Seat> = Army::ALL.iter().map(|a| a.seat()).collect();
    let reserve = |seat: Seat| -> Vec<Kind> {
        game.reserve(seat)
            .chars()
            .filter_map(Kind::from_letter)
            .collect()
    };
    Scene4 {
        pieces: game
            .board()
            .pieces()
            .map(|(sq, piece)| ScenePiece {
                file: sq.file,
                rank: sq.rank,
                seat: piece.army.seat(),
                kind: piece.kind,
            })
            .collect(),
        last: game.last_action().map(|a| match a {
            Action::Move { from, to } => LastAction {
                from: Some(at(from)),
                to: at(to),
            },
            Action::Drop { to, .. } => LastAction {
                from: None,
                to: at(to),
            },
        }),
        checked: game.checked_generals().into_iter().map(at).collect(),
        eliminated: [0, 1, 2, 3].map(|i| !game.seats_in().contains(&seats[i])),
        reserves: [0, 1, 2, 3].map(|i| reserve(seats[i])),
        teams: game.mode() == Mode::Teams,
        to_move: game.to_move(),
        outcome: game.outcome().cloned(),
        last_text: game
            .last_action()
            .map(|a| a.to_string())
            .unwrap_or_default(),
        ply: game.history().len(),
    }
}

/// Draws a game's position.
pub fn draw(game: &crate::games::xiangqi4::Xiangqi4, opts: &RenderOptions) -> RgbaImage {
    draw_scene4(&scene_of(game), opts)
}

impl super::Draw for crate::games::xiangqi4::Xiangqi4 {
    fn draw(&self, opts: &RenderOptions) -> RgbaImage {
        draw(self, opts)
    }

    fn title(&self, lang: Lang) -> String {
        title(self.mode() == crate::games::xiangqi4::Mode::Teams, lang)
    }

    fn seat_icon(&self, seat: Seat) -> super::SeatIcon {
        let look = ARMIES[seat.index() % 4];
        let general = character(Kind::General, seat);
        let icon = StoneStyle {
            fill: look.fill,
            outline: look.outline.unwrap_or(look.fill),
        };
        (icon, Some((general, look.ink)))
    }
}
