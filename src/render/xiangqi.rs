//! Classical xiangqi boards, drawn from a [`Scene`]: the 9×10 lines on wood with the
//! river (楚河 漢界), the palaces' diagonals and the start-point marks, round pieces with
//! their characters (red's in red, black's in black), the last move's two points, a
//! general in check ringed in red, ICCS coordinates (files a–i, ranks 0–9) on all sides
//! and each side's WXF file numbers along its own edge, and a header with the players.
//!
//! The scene is plain data so that the picture does not depend on the engine: an adapter
//! fills it from a game. The drawing pieces that the four-player board shares (a piece,
//! the check ring, the last move's marks, the start-point brackets) are public here.

use super::canvas::{
    draw_header, rgb, rgba, union, Canvas, Colour, Header, HeaderPlayer, StoneStyle, Theme, THEME,
};
use super::font::Weight;
use super::header::verb;
use super::sprites::{self, exact, Exact};
use super::RenderOptions;
use crate::games::xiangqi::{ByKind, Kind};
use crate::games::{Outcome, Seat};
use crate::i18n::Lang;
use crate::msg;
use image::RgbaImage;

/// A point of the board: `(file, rank)`, both from 0.
pub type Point = (u8, u8);

/// Files a–i.
pub const FILES: u8 = 9;
/// Ranks 0–9 (ICCS numbers them from 0 on red's side).
pub const RANKS: u8 = 10;

/// A piece on a point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScenePiece {
    /// 0 to 8: files a to i, from red's left.
    pub file: u8,
    /// 0 to 9: ICCS ranks, from red's side.
    pub rank: u8,
    /// `Seat::FIRST` is red, `Seat::SECOND` black.
    pub seat: Seat,
    pub kind: Kind,
}

/// Everything a classical board image shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scene {
    pub pieces: Vec<ScenePiece>,
    /// The last move: the point it left and the point it reached.
    pub last_move: Option<(Point, Point)>,
    /// The point of a general in check.
    pub checked: Option<Point>,
    /// The last move in words for the header, e.g. `h2-e2 (C2.5)`; empty for none.
    pub last_text: String,
    /// `None` once the game is over.
    pub to_move: Option<Seat>,
    pub outcome: Option<Outcome>,
    /// The number of moves played (the record's length).
    pub ply: usize,
}

/// How many pieces of each kind an army has at the start (K A E H R C P).
pub const START_COUNT: ByKind<u8> = ByKind([1, 2, 2, 2, 2, 2, 5]);

/// Red's army at the start, as `(file, rank, kind)` from red's side.
fn red_setup() -> Vec<(u8, u8, Kind)> {
    use Kind::*;
    let back = [
        Rook, Horse, Elephant, Advisor, General, Advisor, Elephant, Horse, Rook,
    ];
    let mut army: Vec<(u8, u8, Kind)> = (0u8..).zip(back).map(|(f, k)| (f, 0, k)).collect();
    army.extend([(1, 2, Cannon), (7, 2, Cannon)]);
    army.extend((0..5).map(|i| (2 * i, 3, Pawn)));
    army
}

impl Scene {
    /// The start position, red to move.
    pub fn start() -> Scene {
        let mut pieces = Vec::new();
        for (file, rank, kind) in red_setup() {
            // Black's army is red's, seen from the other edge.
            for (seat, rank) in [(Seat::FIRST, rank), (Seat::SECOND, RANKS - 1 - rank)] {
                pieces.push(ScenePiece {
                    file,
                    rank,
                    seat,
                    kind,
                });
            }
        }
        Scene {
            pieces,
            to_move: Some(Seat::FIRST),
            ..Scene::default()
        }
    }

    /// The opponent's pieces that `seat` has taken, as the ones missing from the
    /// opponent's start set (xiangqi pieces never change kind), strongest first.
    pub fn taken_by(&self, seat: Seat) -> Vec<Kind> {
        let mut left = ByKind([0u8; 7]);
        for p in self.pieces.iter().filter(|p| p.seat != seat) {
            left[p.kind] += 1;
        }
        let order = [
            Kind::Rook,
            Kind::Horse,
            Kind::Cannon,
            Kind::Elephant,
            Kind::Advisor,
            Kind::Pawn,
            Kind::General,
        ];
        order
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(k, START_COUNT[k].saturating_sub(left[k]) as usize))
            .collect()
    }
}

// ---------- Shared piece art (also used by the four-player board) ----------

/// How a piece looks: a disc, maybe with an outline, a thin ring inside its edge and a
/// shadow, and the character. (Each of those costs bytes: every piece adds its
/// anti-aliased edges to the PNG, which matters on the big four-player board.)
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceLook {
    pub fill: Colour,
    pub outline: Option<Colour>,
    /// The character's colour.
    pub ink: Colour,
    /// The ring inside the disc's edge.
    pub ring: Option<Colour>,
    /// The shadow's colour.
    pub shadow: Option<Colour>,
}

/// The red general's ring of check.
pub const CHECK: Colour = rgb(0xe8, 0x1c, 0x24);
/// The soft glow around the ring of check.
const CHECK_GLOW: Colour = rgba(0xff, 0x30, 0x20, 0x70);
/// The last move's marks.
pub const LAST: Colour = rgb(0x4f, 0xa8, 0x10);
const LAST_FILL: Colour = rgba(0x6c, 0xc0, 0x18, 0x78);
const PIECE_SHADOW: Colour = rgba(0x3a, 0x22, 0x08, 0x50);

/// Draws a piece of radius `r` with the character `c` written `px` pixels per em.
pub fn draw_piece(
    canvas: &mut Canvas,
    (x, y): (f32, f32),
    r: f32,
    c: char,
    px: f32,
    look: &PieceLook,
) {
    let (outline, edge) = match look.outline {
        Some(colour) => ((r * 0.08).max(1.5), colour),
        None => (0.0, look.fill),
    };
    let style = StoneStyle {
        fill: look.fill,
        outline: edge,
    };
    let shadow = look.shadow.unwrap_or(rgba(0, 0, 0, 0));
    let offset = (r * 0.05, r * 0.09);
    // Drawn once for each place, look and ground, then copied (see `sprites`). The
    // character stays within `px` of the centre, the shadow within `r` of its own.
    let at = union(
        canvas.box_around((x, y), r.max(px)),
        canvas.box_around((x + offset.0, y + offset.1), r),
    );
    let key = PieceSprite {
        centre: exact((x, y)),
        r: Exact(r),
        glyph: c,
        px: Exact(px),
        look: *look,
    };
    sprites::draw_kept(canvas, key, at, |canvas| {
        canvas.stone((x, y), r, outline, style, shadow, offset);
        if let Some(ring) = look.ring {
            canvas.ring(x, y, r * 0.84, (r * 0.06).max(1.2), ring);
        }
        canvas.glyph_centred(c, Weight::Bold, px, (x, y), look.ink);
    });
}

/// The key of [`draw_piece`]'s sprites: every parameter of its drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PieceSprite {
    centre: (Exact, Exact),
    r: Exact,
    glyph: char,
    px: Exact,
    look: PieceLook,
}

/// Rings a general in check: a solid red ring just outside its disc and a glow beyond.
/// Drawn before the pieces, so neighbours stay whole.
pub fn draw_check(canvas: &mut Canvas, (x, y): (f32, f32), r: f32) {
    let w = (r * 0.16).max(3.0);
    canvas.disc(x, y, r + 2.0 * w + 3.0, CHECK_GLOW);
    canvas.ring(x, y, r + w + 2.0, w + 2.0, CHECK);
}

/// Marks the point a move left: a green ghost of the piece.
pub fn draw_last_from(canvas: &mut Canvas, (x, y): (f32, f32), r: f32) {
    canvas.disc(x, y, r * 0.8, LAST_FILL);
    canvas.ring(x, y, r * 0.8, (r * 0.12).max(2.5), LAST);
}

/// Marks the point a move reached: a green ring around the piece there.
pub fn draw_last_to(canvas: &mut Canvas, (x, y): (f32, f32), r: f32) {
    let w = (r * 0.16).max(3.0);
    canvas.ring(x, y, r + w + 1.0, w, LAST);
}

/// The little corner brackets at a cannon's or pawn's start point: one in each quarter
/// around the point for which `quarter(dx, dy)` (dx, dy = ±1 on screen) says the board
/// goes on.
pub fn draw_start_mark(
    canvas: &mut Canvas,
    (x, y): (i32, i32),
    cell: u32,
    width: u32,
    colour: Colour,
    quarter: impl Fn(i32, i32) -> bool,
) {
    let gap = (cell as i32 * 9) / 100 + width as i32;
    let len = (cell as i32 * 18) / 100;
    let w = width as i32;
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        if !quarter(dx, dy) {
            continue;
        }
        // The bracket's corner, and its two arms pointing away from the point.
        let cx = x + dx * gap;
        let cy = y + dy * gap;
        let (hx, hy) = if dx > 0 {
            (cx - w / 2, cy)
        } else {
            (cx - len, cy)
        };
        let hy = hy - w / 2;
        canvas.fill_rect(hx, hy, (len + w / 2) as u32, w as u32, colour);
        let vy = if dy > 0 { cy - w / 2 } else { cy - len };
        canvas.fill_rect(cx - w / 2, vy, w as u32, (len + w / 2) as u32, colour);
    }
}

// ---------- The classical board ----------

/// Space around everything, in pixels.
const PAD: u32 = 16;
/// The header's height (its own top padding included).
const HEADER: u32 = 176;
/// One row of labels above or below the board: ICCS letters next to it, the WXF
/// numbers of that edge's side outside them.
const LABEL_ROW: u32 = 26;
/// The column of rank numbers left and right of the board.
const SIDE_BAND: u32 = 30;
const RIM: u32 = 6;
/// The distance between two lines.
pub const CELL: u32 = 56;
/// Wood beyond the outermost lines: room for the pieces standing on them.
const MARGIN: u32 = 34;
/// A piece's radius.
pub const PIECE_RADIUS: f32 = CELL as f32 * 0.45;
const PIECE_PX: f32 = CELL as f32 * 0.56;

const LABEL_PX: f32 = 20.0;
const RIVER_PX: f32 = CELL as f32 * 0.6;

/// The board's wood: lighter and warmer than the other games', as xiangqi boards are.
pub const WOOD: Colour = rgb(0xe9, 0xc7, 0x8e);
const LINE: Colour = rgb(0x6e, 0x47, 0x22);
const RIVER_TEXT: Colour = rgba(0x6e, 0x47, 0x22, 0xb0);
/// The pieces' disc, the same for both sides, as on a real set.
pub const PIECE_FILL: Colour = rgb(0xf7, 0xea, 0xcf);
const PIECE_EDGE: Colour = rgb(0x7a, 0x52, 0x2b);
/// Red's characters and rings.
pub const RED_INK: Colour = rgb(0xc4, 0x12, 0x1e);
/// Black's characters and rings.
pub const BLACK_INK: Colour = rgb(0x1c, 0x1a, 0x18);
/// Red's WXF file numbers, along red's edge.
pub const RED_LABEL: Colour = rgb(0xf2, 0x86, 0x78);
/// Black's WXF file numbers, along black's edge.
pub const BLACK_LABEL: Colour = rgb(0xb5, 0xab, 0x9f);

/// The icon of `seat` on a header's player line: a piece with its general.
pub fn player_icon(seat: Seat) -> (StoneStyle, Option<(char, Colour)>) {
    let look = look(seat);
    let icon = StoneStyle {
        fill: look.fill,
        outline: PIECE_EDGE,
    };
    let general = Kind::General.character(seat == Seat::FIRST);
    (icon, Some((general, look.ink)))
}

/// The look of `seat`'s pieces.
pub fn look(seat: Seat) -> PieceLook {
    let ink = if seat == Seat::FIRST {
        RED_INK
    } else {
        BLACK_INK
    };
    PieceLook {
        fill: PIECE_FILL,
        outline: Some(PIECE_EDGE),
        ink,
        ring: Some(ink),
        shadow: Some(PIECE_SHADOW),
    }
}

/// The board's geometry seen from one side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    /// Where the line of file a (or i, turned) and rank 9 (or 0, turned) meet: the top
    /// left point.
    pub origin: (u32, u32),
    /// Black's view: rank 0 at the top, file a at the right.
    pub flipped: bool,
}

impl Layout {
    /// The screen column (from the left) and row (from the top) of a point.
    pub fn column_row(&self, file: u8, rank: u8) -> (u32, u32) {
        if self.flipped {
            ((FILES - 1 - file) as u32, rank as u32)
        } else {
            (file as u32, (RANKS - 1 - rank) as u32)
        }
    }

    /// The pixel where a point's lines cross (the top left of the four around it).
    pub fn point_centre(&self, file: u8, rank: u8) -> (u32, u32) {
        let (col, row) = self.column_row(file, rank);
        (self.origin.0 + col * CELL, self.origin.1 + row * CELL)
    }

    fn centre(&self, (file, rank): Point) -> (f32, f32) {
        let (x, y) = self.point_centre(file, rank);
        (x as f32, y as f32)
    }

    /// The wood's box `(left, top, right, bottom)`, inside the rim.
    pub fn wood(&self) -> (u32, u32, u32, u32) {
        let (x, y) = self.origin;
        (
            x - MARGIN,
            y - MARGIN,
            x + (FILES - 1) as u32 * CELL + MARGIN,
            y + (RANKS - 1) as u32 * CELL + MARGIN,
        )
    }
}

/// Where the board is drawn, seen from `viewer`'s side (black, `Seat::SECOND`, sees it
/// turned 180°; anyone else sees red at the bottom).
pub fn layout(viewer: Option<Seat>) -> Layout {
    let left = PAD + SIDE_BAND + RIM + MARGIN;
    let top = HEADER + 2 * LABEL_ROW + RIM + MARGIN;
    Layout {
        width: 2 * left + (FILES - 1) as u32 * CELL,
        height: top + (RANKS - 1) as u32 * CELL + MARGIN + RIM + 2 * LABEL_ROW + PAD,
        origin: (left, top),
        flipped: viewer == Some(Seat::SECOND),
    }
}

/// The pixel where the lines of `(file, rank)` cross on the image seen from `viewer`.
pub fn point_centre(file: u8, rank: u8, viewer: Option<Seat>) -> (u32, u32) {
    layout(viewer).point_centre(file, rank)
}

/// Draws the scene.
pub fn draw_scene(scene: &Scene, opts: &RenderOptions) -> RgbaImage {
    let theme = &THEME;
    let lay = layout(opts.viewer);
    let empty_board = |canvas: &mut Canvas| {
        draw_wood(canvas, &lay, theme);
        draw_lines(canvas, &lay);
        draw_coordinates(canvas, &lay);
    };
    let key = super::cache::Key {
        game: "xiangqi",
        size: FILES as u32,
        view: lay.flipped as u8,
        lang: crate::i18n::Lang::En,
    };
    let size = (lay.width, lay.height);
    let mut canvas = super::cache::background(key, size, theme.frame, empty_board);
    // The header and the board touch no pixel in common: either may come first.
    draw_xiangqi_header(&mut canvas, scene, opts, theme);

    // Points off the board (never from an engine) are left out rather than drawn.
    let on_board = |&(file, rank): &Point| file < FILES && rank < RANKS;
    let r = PIECE_RADIUS;
    if let Some(point) = scene.checked.filter(on_board) {
        draw_check(&mut canvas, lay.centre(point), r);
    }
    if let Some((from, to)) = scene.last_move {
        if on_board(&from) {
            draw_last_from(&mut canvas, lay.centre(from), r);
        }
        if on_board(&to) {
            draw_last_to(&mut canvas, lay.centre(to), r);
        }
    }
    for p in &scene.pieces {
        if !on_board(&(p.file, p.rank)) {
            continue;
        }
        let c = p.kind.character(p.seat == Seat::FIRST);
        draw_piece(
            &mut canvas,
            lay.centre((p.file, p.rank)),
            r,
            c,
            PIECE_PX,
            &look(p.seat),
        );
    }

    canvas.round_corners(14.0);
    canvas.into_image()
}

fn draw_wood(canvas: &mut Canvas, lay: &Layout, theme: &Theme) {
    let (l, t, r, b) = lay.wood();
    let rim = RIM as f32;
    canvas.fill_rounded_rect_around(
        (
            l as f32 - rim,
            t as f32 - rim,
            (r - l) as f32 + 2.0 * rim,
            (b - t) as f32 + 2.0 * rim,
        ),
        rim * 0.8,
        theme.wood_edge,
        (l, t, r, b),
    );
    canvas.fill_rect(l as i32, t as i32, r - l, b - t, WOOD);
}

/// A line between two points' crossings, `width` pixels wide, centred on them.
fn straight(canvas: &mut Canvas, (x0, y0): (u32, u32), (x1, y1): (u32, u32), width: u32) {
    let half = (width / 2) as i32;
    let (xa, xb) = (x0.min(x1) as i32, x0.max(x1) as i32);
    let (ya, yb) = (y0.min(y1) as i32, y0.max(y1) as i32);
    canvas.fill_rect(
        xa - half,
        ya - half,
        (xb - xa) as u32 + width,
        (yb - ya) as u32 + width,
        LINE,
    );
}

fn draw_lines(canvas: &mut Canvas, lay: &Layout) {
    let at = |file: u8, rank: u8| lay.point_centre(file, rank);
    // Ranks across; files down each half, the outer two across the river too.
    for rank in 0..RANKS {
        straight(canvas, at(0, rank), at(FILES - 1, rank), 2);
    }
    for file in 0..FILES {
        if file == 0 || file == FILES - 1 {
            straight(canvas, at(file, 0), at(file, RANKS - 1), 2);
        } else {
            straight(canvas, at(file, 0), at(file, 4), 2);
            straight(canvas, at(file, 5), at(file, RANKS - 1), 2);
        }
    }
    // The border: a heavier frame a little outside the outer lines.
    let (x0, y0) = lay.origin;
    let (x1, y1) = (
        x0 + (FILES - 1) as u32 * CELL,
        y0 + (RANKS - 1) as u32 * CELL,
    );
    let off = 7;
    let (bx0, by0, bx1, by1) = (x0 - off, y0 - off, x1 + off, y1 + off);
    straight(canvas, (bx0, by0), (bx1, by0), 3);
    straight(canvas, (bx0, by1), (bx1, by1), 3);
    straight(canvas, (bx0, by0), (bx0, by1), 3);
    straight(canvas, (bx1, by0), (bx1, by1), 3);

    // The palaces' diagonals.
    for (r0, r1) in [(0u8, 2u8), (7, 9)] {
        for (a, b) in [((3u8, r0), (5u8, r1)), ((5, r0), (3, r1))] {
            let (p, q) = (lay.centre(a), lay.centre(b));
            canvas.line(p, q, 2.0, LINE);
        }
    }

    // The start points of cannons and pawns.
    let mut marks: Vec<Point> = vec![(1, 2), (7, 2), (1, 7), (7, 7)];
    for file in (0..FILES).step_by(2) {
        marks.extend([(file, 3), (file, 6)]);
    }
    for (file, rank) in marks {
        let (x, y) = at(file, rank);
        let quarter = |dx: i32, _dy: i32| {
            let screen_right = !lay.flipped;
            let towards_a = (dx < 0) == screen_right;
            if towards_a {
                file > 0
            } else {
                file < FILES - 1
            }
        };
        draw_start_mark(canvas, (x as i32, y as i32), CELL, 2, LINE, quarter);
    }

    // 楚河 on the viewer's left half of the river, 漢界 on the right.
    let (_, y_top) = at(0, if lay.flipped { 4 } else { 5 });
    let y = y_top as f32 + CELL as f32 / 2.0;
    let x0 = x0 as f32;
    let cell = CELL as f32;
    for (c, column) in "楚河漢界".chars().zip([1.5, 2.5, 5.5, 6.5]) {
        let x = x0 + cell * column;
        canvas.glyph_centred(c, Weight::Bold, RIVER_PX, (x, y), RIVER_TEXT);
    }
}

/// ICCS letters above and below the board, ICCS ranks left and right of it, and each
/// side's WXF file numbers along its own edge, counted from that side's right.
fn draw_coordinates(canvas: &mut Canvas, lay: &Layout) {
    let theme = &THEME;
    let (l, t, r, b) = lay.wood();
    let inner_top = t as f32 - RIM as f32 - LABEL_ROW as f32 / 2.0;
    let outer_top = inner_top - LABEL_ROW as f32;
    let inner_bottom = b as f32 + RIM as f32 + LABEL_ROW as f32 / 2.0;
    let outer_bottom = inner_bottom + LABEL_ROW as f32;
    // Red's edge is at the bottom unless the board is turned.
    let (red_y, black_y) = if lay.flipped {
        (outer_top, outer_bottom)
    } else {
        (outer_bottom, outer_top)
    };
    for file in 0..FILES {
        let (x, _) = lay.centre((file, 0));
        let letter = ((b'a' + file) as char).to_string();
        for y in [inner_top, inner_bottom] {
            canvas.text_centred(&letter, Weight::Bold, LABEL_PX, (x, y), theme.coordinates);
        }
        // Red's file 1 is file i (red's right), black's file 1 is file a.
        let red = (FILES - file).to_string();
        let black = (file + 1).to_string();
        canvas.text_centred(&red, Weight::Bold, LABEL_PX, (x, red_y), RED_LABEL);
        canvas.text_centred(&black, Weight::Bold, LABEL_PX, (x, black_y), BLACK_LABEL);
    }
    let side = RIM as f32 + SIDE_BAND as f32 / 2.0;
    for rank in 0..RANKS {
        let (_, y) = lay.centre((0, rank));
        let label = rank.to_string();
        for x in [l as f32 - side, r as f32 + side] {
            canvas.text_centred(&label, Weight::Bold, LABEL_PX, (x, y), theme.coordinates);
        }
    }
}

fn draw_xiangqi_header(canvas: &mut Canvas, scene: &Scene, opts: &RenderOptions, theme: &Theme) {
    let details = [Seat::FIRST, Seat::SECOND].map(|seat| {
        let side = if seat == Seat::FIRST { "red" } else { "black" };
        let taken: String = scene
            .taken_by(seat)
            .iter()
            .map(|k| k.character(seat != Seat::FIRST))
            .collect();
        if taken.is_empty() {
            msg!("render-xiangqi-side", side = side)
        } else {
            msg!("render-xiangqi-side-took", side = side, taken = taken)
        }
        .tr(opts.lang)
    });
    let players = [Seat::FIRST, Seat::SECOND].map(|seat| HeaderPlayer {
        seat,
        icon: player_icon(seat),
        detail: &details[seat.index()],
    });
    let verb = verb(
        false,
        scene.checked.is_some() && scene.outcome.is_none(),
        opts.lang,
    );
    let header = Header {
        title: &title(opts.lang),
        ply: scene.ply,
        players: &players,
        outcome: scene.outcome.as_ref(),
        to_move: scene.to_move,
        names: opts,
        verb,
        last: &scene.last_text,
    };
    draw_header(canvas, &header, PAD as f32, theme);
}

/// The scene of a game's position: its pieces, the last move (with its WXF), a general
/// in check, whose turn it is and the result.
pub fn scene_of(game: &crate::games::xiangqi::Xiangqi) -> Scene {
    use crate::games::Game;
    let at = |p: crate::games::xiangqi::Point| (p.file(), p.rank());
    Scene {
        pieces: game
            .board()
            .pieces()
            .map(|(p, piece)| ScenePiece {
                file: p.file(),
                rank: p.rank(),
                seat: piece.side.seat(),
                kind: piece.kind,
            })
            .collect(),
        last_move: game.last_move().map(|m| (at(m.from), at(m.to))),
        checked: game.checked_general().map(at),
        last_text: game
            .last_step()
            .map(|s| format!("{} ({})", s.mv, s.wxf))
            .unwrap_or_default(),
        to_move: game.to_move(),
        outcome: game.outcome().cloned(),
        ply: game.steps().len(),
    }
}

/// The title over the images.
fn title(lang: Lang) -> String {
    msg!("render-xiangqi-title").tr(lang)
}

impl super::Draw for crate::games::xiangqi::Xiangqi {
    fn draw(&self, opts: &RenderOptions) -> RgbaImage {
        draw_scene(&scene_of(self), opts)
    }

    fn title(&self, lang: Lang) -> String {
        title(lang)
    }

    fn seat_icon(&self, seat: Seat) -> super::SeatIcon {
        player_icon(seat)
    }
}
