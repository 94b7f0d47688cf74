//! Yoté boards: 6×5 squares with pieces, each player's reserve in a tray beside the
//! board (on the side of the board that player sits at), the last action tinted (a
//! capture's jumps drawn as a line through its landing squares), the jumped pieces
//! crossed out and the bonus piece ringed, and a header with the players.

use super::board::{square_layout, square_style, LABEL_BAND, PAD, RIM};
use super::cache;
use super::canvas::{
    draw_board, draw_coordinates, draw_grid_lines, draw_header, rgba, Canvas, Colour, Grid, Header,
    Layout, Theme, THEME,
};
use super::font::Weight;
use super::header::{stone_players, verb};
use super::sprites;
use super::RenderOptions;
use crate::games::yote::{Action, Yote, DIMS};
use crate::games::{Game, Outcome, Seat, Square};
use crate::i18n::Lang;
use crate::msg;
use image::RgbaImage;

/// A square's size.
const CELL: u32 = 100;
/// The reserve trays' width, and their distance from the board's right labels.
const TRAY_W: u32 = 150;
const TRAY_GAP: u32 = 10;
/// Reserve pieces stand in a grid of this many columns (12 pieces: 4 rows).
const TRAY_COLUMNS: u32 = 3;
const TRAY_SLOT: f32 = 44.0;
/// The band at the top of a tray that holds the count.
const TRAY_BAND: f32 = 50.0;

const COUNT_PX: f32 = 34.0;
const TRAY_LABEL_PX: f32 = 19.0;

/// An empty place in a reserve tray.
const SOCKET: Colour = rgba(0x7a, 0x55, 0x30, 0x30);

/// The line a capture's piece travels along, through its landing squares.
const PATH: Colour = rgba(0x2f, 0x6e, 0x12, 0xd8);

/// Where a Yoté board is drawn, seen from `viewer`'s side (seat 2 sees the board turned
/// 180°; no viewer, or seat 1, sees rank 1 at the bottom).
pub fn layout(viewer: Option<Seat>) -> Layout {
    square_layout(
        (DIMS.files, DIMS.ranks),
        CELL,
        viewer,
        (TRAY_GAP + TRAY_W, 0),
    )
}

/// The pixel at the centre of `sq` on a Yoté board image seen from `viewer`.
pub fn square_centre(sq: Square, viewer: Option<Seat>) -> (u32, u32) {
    layout(viewer).square_centre(sq)
}

/// The box `(left, top, width, height)` of `seat`'s reserve tray: beside the board, on
/// the side that player sits at (the bottom for the one seen from, the top for the
/// other).
pub fn tray(seat: Seat, viewer: Option<Seat>) -> (u32, u32, u32, u32) {
    let lay = layout(viewer);
    let grid = lay.grid;
    let left = grid.left + grid.width() + RIM + LABEL_BAND + TRAY_GAP;
    let height = grid.height() / 2 - TRAY_GAP / 2;
    let bottom_seat = viewer.unwrap_or(Seat::FIRST);
    let top = if seat == bottom_seat {
        grid.top + grid.height() - height
    } else {
        grid.top
    };
    (left, top, TRAY_W, height)
}

/// The centre of reserve slot `i` (0 to 11) in `seat`'s tray, row by row from the top
/// left.
pub fn tray_slot(seat: Seat, viewer: Option<Seat>, i: u32) -> (f32, f32) {
    let (left, top, width, height) = tray(seat, viewer);
    let rows = 12u32.div_ceil(TRAY_COLUMNS);
    let grid_w = TRAY_COLUMNS as f32 * TRAY_SLOT;
    let x0 = left as f32 + (width as f32 - grid_w) / 2.0 + TRAY_SLOT / 2.0;
    // The slots' grid fills the tray below the band that holds the count.
    let room = height as f32 - TRAY_BAND - 6.0;
    let y0 = top as f32 + TRAY_BAND + (room - rows as f32 * TRAY_SLOT) / 2.0 + TRAY_SLOT / 2.0;
    let (col, row) = (i % TRAY_COLUMNS, i / TRAY_COLUMNS);
    (x0 + col as f32 * TRAY_SLOT, y0 + row as f32 * TRAY_SLOT)
}

/// Everything a Yoté board image shows, read from the game in one place
/// ([`Scene::of`]): the drawing reads only this.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub ply: usize,
    pub pieces: Vec<(Square, Seat)>,
    /// The squares the last action left (false) and reached or dropped on (true).
    pub tints: Vec<(Square, bool)>,
    /// A capture's path: its start and every landing square (empty for other actions).
    pub path: Vec<Square>,
    /// Pieces the last action jumped.
    pub jumped: Vec<Square>,
    /// The bonus piece it removed, and whose it was.
    pub removed: Option<(Square, Seat)>,
    pub in_hand: [u8; 2],
    pub details: [String; 2],
    pub outcome: Option<Outcome>,
    pub to_move: Option<Seat>,
    pub last: String,
}

impl Scene {
    pub fn of(game: &Yote, lang: Lang) -> Scene {
        let last = game
            .last_turn()
            .first()
            .and_then(|s| s.action().map(|a| (s, a)));
        let mut tints = Vec::new();
        let mut path = Vec::new();
        match last.map(|(_, a)| a) {
            Some(Action::Drop(sq)) => tints.push((sq, true)),
            Some(Action::Step { from, to }) => tints.extend([(from, false), (to, true)]),
            Some(Action::Capture(c)) => {
                // A chain may end where it began: then only the square reached is tinted.
                if c.from() != c.to() {
                    tints.push((c.from(), false));
                }
                tints.push((c.to(), true));
                path = c.path().collect();
            }
            None => {}
        }
        let detail = |seat: Seat| {
            msg!(
                "render-yote-detail",
                reserve = game.in_hand(seat),
                board = game.board().count(seat),
                captured = game.captured_by(seat)
            )
            .tr(lang)
        };
        let last_text: Vec<String> = game.last_turn().iter().map(|s| s.text()).collect();
        Scene {
            ply: game.steps().len(),
            pieces: game.board().pieces().collect(),
            tints,
            path,
            jumped: last.map(|(s, _)| s.jumped()).unwrap_or_default(),
            removed: last.and_then(|(s, _)| s.removed().map(|sq| (sq, s.seat.next(2)))),
            in_hand: [game.in_hand(Seat::FIRST), game.in_hand(Seat::SECOND)],
            details: [detail(Seat::FIRST), detail(Seat::SECOND)],
            outcome: game.outcome().cloned(),
            to_move: game.to_move(),
            last: last_text.join(" "),
        }
    }
}

/// The board without pieces: rim, wood, then `tint` (the last action's squares), the
/// grid lines and the coordinates.
fn draw_empty_board(canvas: &mut Canvas, grid: &Grid, tint: impl FnOnce(&mut Canvas)) {
    let theme = &THEME;
    let style = square_style(2.0);
    draw_board(canvas, grid, &style, theme);
    tint(canvas);
    draw_grid_lines(canvas, grid, &style, theme);
    draw_coordinates(canvas, grid, &style, theme);
}

/// Draws a [`Scene`].
pub fn draw_scene(scene: &Scene, opts: &RenderOptions) -> RgbaImage {
    let theme = &THEME;
    let layout = layout(opts.viewer);
    let grid = layout.grid;
    let [left, reached] = cache::squares_by(&scene.tints, [false, true]);
    let mut canvas = cache::board_and_header(
        ("yote", ["yote:left", "yote:reached"]),
        (0, &layout),
        theme.frame,
        [(theme.last_from, &left), (theme.last_to, &reached)],
        |canvas, tint| draw_empty_board(canvas, &grid, tint),
        |canvas| draw_yote_header(canvas, scene, opts, theme),
    );

    let cell = grid.cell as f32;
    // A capture's path: a line from the start through every landing square, with a dot
    // where the piece touched down on the way.
    if !scene.path.is_empty() {
        let points: Vec<(f32, f32)> = scene
            .path
            .iter()
            .map(|sq| grid.centre(sq.file, sq.rank))
            .collect();
        for pair in points.windows(2) {
            canvas.line(pair[0], pair[1], cell * 0.07, PATH);
        }
        for &(x, y) in &points[..points.len() - 1] {
            canvas.disc(x, y, cell * 0.09, PATH);
        }
    }

    let r = cell * 0.4;
    let outline = (cell * 0.025).max(1.5);
    let shadow = (cell * 0.02, cell * 0.035);
    for (sq, seat) in &scene.pieces {
        let (x, y) = grid.centre(sq.file, sq.rank);
        sprites::stone(
            &mut canvas,
            (x, y),
            r,
            outline,
            theme.stones[seat.index()],
            theme.shadow,
            shadow,
        );
    }

    // Jumped pieces are crossed out; the bonus piece is ringed, over a ghost of it.
    // (A chain never lands where it jumped: each jump keeps the piece's file and rank
    // parities, and a jumped square differs in one of them. So these squares are empty.)
    for sq in &scene.jumped {
        let (x, y) = grid.centre(sq.file, sq.rank);
        canvas.cross(x, y, cell * 0.42, cell * 0.09, theme.capture);
    }
    if let Some((sq, owner)) = scene.removed {
        let (x, y) = grid.centre(sq.file, sq.rank);
        let mut ghost = theme.stones[owner.index()].fill;
        ghost[3] = 0x60;
        canvas.disc(x, y, r - cell * 0.05, ghost);
        canvas.ring(x, y, r, cell * 0.08, theme.capture);
    }

    for seat in [Seat::FIRST, Seat::SECOND] {
        draw_tray(
            &mut canvas,
            scene.in_hand[seat.index()],
            seat,
            opts.viewer,
            theme,
            opts.lang,
        );
    }

    canvas.round_corners(14.0);
    canvas.into_image()
}

/// A player's reserve: a tray with the number of pieces in it at the top and the
/// pieces themselves below, three to a row.
fn draw_tray(
    canvas: &mut Canvas,
    count: u8,
    seat: Seat,
    viewer: Option<Seat>,
    theme: &Theme,
    lang: Lang,
) {
    let (left, top, width, height) = tray(seat, viewer);
    let (l, t, w, h) = (left as f32, top as f32, width as f32, height as f32);
    canvas.fill_rounded_rect(l, t, w, h, 10.0, theme.wood_edge);
    canvas.fill_rounded_rect(l + 4.0, t + 4.0, w - 8.0, h - 8.0, 7.0, theme.wood);
    let style = theme.stones[seat.index()];
    for i in 0..12u32 {
        let (x, y) = tray_slot(seat, viewer, i);
        if i < count as u32 {
            let r = TRAY_SLOT * 0.42;
            sprites::stone(canvas, (x, y), r, 1.5, style, theme.shadow, (0.8, 1.4));
        } else {
            // An empty socket where a piece that has left the reserve stood.
            canvas.disc(x, y, TRAY_SLOT * 0.3, SOCKET);
        }
    }
    // The count and its caption, centred together in the band above the pieces.
    let number = count.to_string();
    let caption = &(String::from(" ") + &msg!("render-in-reserve", count = count).tr(lang));
    let number_w = Canvas::text_width(&number, Weight::Bold, COUNT_PX);
    let caption_w = Canvas::text_width(caption, Weight::Regular, TRAY_LABEL_PX);
    let x = l + (w - number_w - caption_w) / 2.0;
    let baseline = t + TRAY_BAND / 2.0 + Canvas::cap_height(Weight::Bold, COUNT_PX) / 2.0 + 2.0;
    let end = canvas.text(
        &number,
        Weight::Bold,
        COUNT_PX,
        (x, baseline),
        theme.wood_edge,
    );
    canvas.text(
        caption,
        Weight::Regular,
        TRAY_LABEL_PX,
        (end, baseline),
        theme.wood_edge,
    );
}

fn draw_yote_header(canvas: &mut Canvas, scene: &Scene, opts: &RenderOptions, theme: &Theme) {
    let header = Header {
        title: &title(opts.lang),
        ply: scene.ply,
        players: &stone_players(&scene.details, theme),
        outcome: scene.outcome.as_ref(),
        to_move: scene.to_move,
        names: opts,
        verb: verb(false, false, opts.lang),
        last: &scene.last,
    };
    draw_header(canvas, &header, PAD as f32, theme);
}

/// The title over the images.
fn title(lang: Lang) -> String {
    msg!("render-yote-title").tr(lang)
}

impl super::Draw for crate::games::yote::Yote {
    fn draw(&self, opts: &RenderOptions) -> RgbaImage {
        draw_scene(&Scene::of(self, opts.lang), opts)
    }

    fn layout(&self, viewer: Option<Seat>) -> Option<Layout> {
        Some(layout(viewer))
    }

    fn title(&self, lang: Lang) -> String {
        title(lang)
    }
}
