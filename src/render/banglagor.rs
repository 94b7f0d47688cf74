//! Banglagor boards: 8×12 squares in two lands (tinted apart, their border rows
//! hatched), columns whose size, rings and number give their height, bound columns in a
//! violet ring, the last move's path drawn and its target framed in red, a header with
//! each player's total height and a legend under the board.

use super::board::{square_layout, square_style, LABEL_BAND, PAD, RIM};
use super::cache;
use super::canvas::{
    draw_board, draw_coordinates, draw_grid_lines, draw_header, highlight_cell, rgb, rgba, union,
    Canvas, Colour, Grid, Header, Layout, StoneStyle, Theme, THEME,
};
use super::font::Weight;
use super::header::{stone_players, verb};
use super::sprites::{self, exact, Exact};
use super::RenderOptions;
use crate::games::banglagor::{border_rank, Action, Banglagor, Column, FILES, RANKS};
use crate::games::{Game, Outcome, Seat, Square};
use crate::i18n::Lang;
use crate::msg;
use image::RgbaImage;

/// The legend's row under the board's bottom labels.
const LEGEND: u32 = 40;
/// A square's side: even, so grid lines and centres fall on whole pixels.
const CELL: u32 = 56;

const LEGEND_PX: f32 = 20.0;

/// The first player's land, a shade darker than the wood.
const LAND_FIRST: Colour = rgba(0x6b, 0x43, 0x16, 0x2c);
/// The second player's land, a shade lighter.
const LAND_SECOND: Colour = rgba(0xff, 0xf6, 0xe6, 0x5a);
/// The hatching of the border rows and the line between the lands.
const BORDER_HATCH: Colour = rgba(0x7a, 0x55, 0x30, 0x50);
const BORDER_LINE: Colour = rgb(0x7a, 0x55, 0x30);
/// A bound column's ring, and the legend's.
pub const BOUND: Colour = rgb(0x8e, 0x2d, 0xc9);
/// The last move's path.
pub const PATH: Colour = rgba(0x3f, 0x7a, 0x0a, 0xd8);

/// Where a banglagor board is drawn, seen from `viewer`'s side (seat 2 sees it turned
/// 180°; no viewer, or seat 1, sees rank 1 at the bottom).
pub fn layout(viewer: Option<Seat>) -> Layout {
    square_layout((FILES, RANKS), CELL, viewer, (0, LEGEND))
}

/// A column's disc radius: the higher, the bigger.
pub fn column_radius(height: u8) -> f32 {
    CELL as f32 * (0.27 + 0.05 * height as f32)
}

/// Everything a Banglagor board image shows, read from the game in one place
/// ([`Scene::of`]): the drawing reads only this.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub ply: usize,
    pub columns: Vec<(Square, Column)>,
    /// The squares the last action left (false) and reached or placed on (true).
    pub tints: Vec<(Square, bool)>,
    /// The last action's path, and whether it was a relocation.
    pub path: Option<(Vec<Square>, bool)>,
    /// The square its attack aimed at, and whether the column there was removed.
    pub attack: Option<(Square, bool)>,
    pub details: [String; 2],
    pub outcome: Option<Outcome>,
    pub to_move: Option<Seat>,
    pub placing: bool,
    pub last: String,
}

impl Scene {
    pub fn of(game: &Banglagor, lang: Lang) -> Scene {
        let last = game.last_turn().first().filter(|s| s.action.is_some());
        let tints = match last.and_then(|s| s.action()) {
            Some(Action::Move { from, to, .. } | Action::Relocate { from, to, .. }) => {
                vec![(from, false), (to, true)]
            }
            Some(Action::Place { at, .. } | Action::Free(at)) => vec![(at, true)],
            None => Vec::new(),
        };
        Scene {
            ply: game.steps().len(),
            columns: game.board().columns().collect(),
            tints,
            path: last.map(|step| {
                let relocation = matches!(step.action(), Some(Action::Relocate { .. }));
                (step.path.clone(), relocation)
            }),
            attack: last.and_then(|s| s.attack).map(|a| (a.target, a.removed)),
            details: [
                player_detail(game, Seat::FIRST, lang),
                player_detail(game, Seat::SECOND, lang),
            ],
            outcome: game.outcome().cloned(),
            to_move: game.to_move(),
            placing: game.is_placing(),
            last: last_turn_text(game, lang),
        }
    }
}

/// Draws a [`Scene`].
pub fn draw_scene(scene: &Scene, opts: &RenderOptions) -> RgbaImage {
    let theme = &THEME;
    let layout = layout(opts.viewer);
    let grid = layout.grid;
    let [left, reached] = cache::squares_by(&scene.tints, [false, true]);
    let mut canvas = cache::board_and_header(
        ("banglagor", ["banglagor:left", "banglagor:reached"]),
        (RANKS as u32, &layout),
        theme.frame,
        [(theme.last_from, &left), (theme.last_to, &reached)],
        |canvas, tint| draw_empty_board(canvas, &grid, tint),
        |canvas| draw_game_header(canvas, scene, opts, theme),
    );

    if let Some((path, relocation)) = &scene.path {
        draw_path(&mut canvas, &grid, path, *relocation);
    }

    for (sq, column) in &scene.columns {
        draw_column(&mut canvas, &grid, *sq, *column, theme);
    }

    if let Some((t, removed)) = scene.attack {
        frame_cell(&mut canvas, &grid, t, 3.0, theme.capture);
        if removed {
            let (x, y) = grid.centre(t.file, t.rank);
            let cell = grid.cell as f32;
            canvas.cross(x, y, cell * 0.42, cell * 0.09, theme.capture);
        }
    }

    draw_legend(&mut canvas, &grid, theme, opts.lang);
    canvas.round_corners(14.0);
    canvas.into_image()
}

/// The board without columns: rim, wood, lands, then `tint` (the last action's squares),
/// the grid lines, the line between the lands and the coordinates.
fn draw_empty_board(canvas: &mut Canvas, grid: &Grid, tint: impl FnOnce(&mut Canvas)) {
    let theme = &THEME;
    let style = square_style(1.0);
    draw_board(canvas, grid, &style, theme);
    draw_lands(canvas, grid);
    tint(canvas);
    draw_grid_lines(canvas, grid, &style, theme);
    draw_border_line(canvas, grid);
    draw_coordinates(canvas, grid, &style, theme);
}

/// Tints each land and hatches both border rows.
fn draw_lands(canvas: &mut Canvas, grid: &Grid) {
    for rank in 0..RANKS {
        let tint = if rank < RANKS / 2 {
            LAND_FIRST
        } else {
            LAND_SECOND
        };
        for file in 0..FILES {
            highlight_cell(canvas, grid, file, rank, tint);
        }
    }
    for seat in [Seat::FIRST, Seat::SECOND] {
        let rank = border_rank(seat);
        let (_, y) = grid.cell_origin(0, rank);
        canvas.hatch(
            (grid.left, y, grid.width(), grid.cell),
            12.0,
            1.5,
            BORDER_HATCH,
        );
    }
}

/// The line between the two lands (between ranks 6 and 7), drawn thick.
fn draw_border_line(canvas: &mut Canvas, grid: &Grid) {
    let (_, y6) = grid.cell_origin(0, RANKS / 2 - 1);
    let (_, y7) = grid.cell_origin(0, RANKS / 2);
    let y = y6.max(y7) as i32;
    canvas.fill_rect(grid.left as i32, y - 2, grid.width(), 4, BORDER_LINE);
}

/// The last move's path: a line through the squares' centres with a dot where it
/// started; a relocation (a lift, not a walk) as a dashed line.
fn draw_path(canvas: &mut Canvas, grid: &Grid, path: &[Square], relocation: bool) {
    let centre = |sq: &Square| grid.centre(sq.file, sq.rank);
    let width = grid.cell as f32 * 0.1;
    if relocation {
        if let [from, to] = path {
            let (a, b) = (centre(from), centre(to));
            let len = (b.0 - a.0).hypot(b.1 - a.1);
            let dash = grid.cell as f32 * 0.22;
            let mut t = 0.0;
            while t < len {
                let (s, e) = (t / len, ((t + dash) / len).min(1.0));
                canvas.line(
                    (a.0 + (b.0 - a.0) * s, a.1 + (b.1 - a.1) * s),
                    (a.0 + (b.0 - a.0) * e, a.1 + (b.1 - a.1) * e),
                    width,
                    PATH,
                );
                t += dash * 1.8;
            }
        }
    } else {
        // Back-and-forth steps overlap: draw each segment once.
        let mut drawn: Vec<(Square, Square)> = Vec::new();
        for pair in path.windows(2) {
            let key = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            if !drawn.contains(&key) {
                canvas.line(centre(&pair[0]), centre(&pair[1]), width, PATH);
                drawn.push(key);
            }
        }
    }
    if let Some(start) = path.first() {
        let (x, y) = centre(start);
        canvas.disc(x, y, grid.cell as f32 * 0.12, PATH);
    }
}

/// A column: a stone as large as it is high, with a ring inside for each level above
/// the first and its height written on top; a bound one is circled in violet. Drawn once
/// for each place, height, side and ground, then copied (see `sprites`).
fn draw_column(canvas: &mut Canvas, grid: &Grid, sq: Square, column: Column, theme: &Theme) {
    let (x, y) = grid.centre(sq.file, sq.rank);
    let cell = grid.cell as f32;
    let style = theme.stones[column.seat.index() % 2];
    let r = column_radius(column.height);
    let shadow = if column.bound {
        rgba(0, 0, 0, 0)
    } else {
        theme.shadow
    };
    let offset = (cell * 0.02, cell * 0.035);
    let px = cell * 0.36;
    // The number in the other side's colour.
    let ink = theme.stones[1 - column.seat.index() % 2].fill;
    // The violet circle reaches 4 pixels past the stone, the shadow `r` from its own
    // centre, the number (one or two digits, centred) less than `px` from the centre.
    let at = union(
        canvas.box_around((x, y), (r + 4.0).max(px)),
        canvas.box_around((x + offset.0, y + offset.1), r),
    );
    let key = ColumnSprite {
        centre: exact((x, y)),
        height: column.height,
        bound: column.bound,
        cell: Exact(cell),
        style,
        shadow,
        ink,
    };
    sprites::draw_kept(canvas, key, at, |canvas| {
        if column.bound {
            canvas.disc(x, y, r + 4.0, BOUND);
        }
        canvas.stone((x, y), r, 2.0, style, shadow, offset);
        for level in 1..column.height {
            canvas.ring(x, y, r - 4.5 * level as f32, 1.6, ring_colour(style));
        }
        canvas.text_centred(&column.height.to_string(), Weight::Bold, px, (x, y), ink);
    });
}

/// The key of [`draw_column`]'s sprites: every parameter of its drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct ColumnSprite {
    centre: (Exact, Exact),
    height: u8,
    bound: bool,
    cell: Exact,
    style: StoneStyle,
    shadow: Colour,
    ink: Colour,
}

/// The rings inside a stone: its outline colour, softened toward its fill.
fn ring_colour(style: StoneStyle) -> Colour {
    let mix = |a: u8, b: u8| ((a as u16 * 3 + b as u16 * 2) / 5) as u8;
    let (o, f) = (style.outline, style.fill);
    if f[0] < 0x80 {
        // A dark stone: rings lighter than its fill.
        rgb(0x8a, 0x80, 0x74)
    } else {
        rgb(mix(o[0], f[0]), mix(o[1], f[1]), mix(o[2], f[2]))
    }
}

/// An outline `width` wide just inside a square's cell.
fn frame_cell(canvas: &mut Canvas, grid: &Grid, sq: Square, width: f32, colour: Colour) {
    let (x, y) = grid.cell_origin(sq.file, sq.rank);
    let (x, y, c, w) = (x as i32, y as i32, grid.cell, width.round() as u32);
    canvas.fill_rect(x, y, c, w, colour);
    canvas.fill_rect(x, y + (c - w) as i32, c, w, colour);
    canvas.fill_rect(x, y + w as i32, w, c - 2 * w, colour);
    canvas.fill_rect(x + (c - w) as i32, y + w as i32, w, c - 2 * w, colour);
}

/// Under the board: what the marks mean. Drawn once for each language and side, then
/// copied (see `sprites`): a tall column may reach into its row, and is then drawn over
/// as before.
fn draw_legend(canvas: &mut Canvas, grid: &Grid, theme: &Theme, lang: Lang) {
    let top = grid.top + grid.height() + RIM + LABEL_BAND;
    // Everything in it stays within 15 pixels of its middle line.
    let at = (0, top, canvas.width(), (top + LEGEND).min(canvas.height()));
    let key = LegendSprite {
        lang,
        top,
        width: canvas.width(),
    };
    sprites::draw_kept(canvas, key, at, |canvas| {
        draw_legend_whole(canvas, grid, theme, lang)
    });
}

/// The key of [`draw_legend`]'s sprites: the legend's words, and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct LegendSprite {
    lang: Lang,
    top: u32,
    width: u32,
}

fn draw_legend_whole(canvas: &mut Canvas, grid: &Grid, theme: &Theme, lang: Lang) {
    let y = (grid.top + grid.height() + RIM + LABEL_BAND + LEGEND / 2) as f32;
    let mut x = PAD as f32 + 8.0;
    let gap = 22.0;
    // Writes a mark's meaning from `x`; returns where the next mark goes.
    let label = |canvas: &mut Canvas, x: f32, id: &'static str| {
        let baseline = y + Canvas::cap_height(Weight::Regular, LEGEND_PX) / 2.0;
        let text = msg!(id).tr(lang);
        canvas.text(
            &text,
            Weight::Regular,
            LEGEND_PX,
            (x, baseline),
            theme.text_dim,
        ) + gap
    };
    // A bound column.
    let icon = 11.0;
    canvas.disc(x + icon, y, icon + 4.0, BOUND);
    canvas.stone(
        (x + icon, y),
        icon,
        1.5,
        theme.stones[1],
        rgba(0, 0, 0, 0),
        (0.0, 0.0),
    );
    x = label(canvas, x + 2.0 * icon + 10.0, "render-legend-bound");
    // The attacked square.
    let side = 22.0;
    canvas.fill_rect(
        x as i32,
        (y - side / 2.0) as i32,
        side as u32,
        side as u32,
        theme.wood,
    );
    let (fx, fy) = (x as i32, (y - side / 2.0) as i32);
    for (dx, dy, w, h) in [(0, 0, 22, 3), (0, 19, 22, 3), (0, 0, 3, 22), (19, 0, 3, 22)] {
        canvas.fill_rect(fx + dx, fy + dy, w, h, theme.capture);
    }
    x = label(canvas, x + side + 8.0, "render-legend-attacked");
    // The path.
    canvas.line((x + 4.0, y), (x + 30.0, y), 5.0, PATH);
    canvas.disc(x + 4.0, y, 6.0, PATH);
    x = label(canvas, x + 38.0, "render-legend-last-path");
    // Heights.
    label(canvas, x, "render-legend-height");
}

fn draw_game_header(canvas: &mut Canvas, scene: &Scene, opts: &RenderOptions, theme: &Theme) {
    let header = Header {
        title: &title(opts.lang),
        ply: scene.ply,
        players: &stone_players(&scene.details, theme),
        outcome: scene.outcome.as_ref(),
        to_move: scene.to_move,
        names: opts,
        verb: verb(scene.placing, false, opts.lang),
        last: &scene.last,
    };
    draw_header(canvas, &header, PAD as f32, theme);
}

/// What the header says about a player beside the name: the total height on the
/// board, and the columns still to place or the bound ones.
pub fn player_detail(game: &Banglagor, seat: Seat, lang: Lang) -> String {
    let height = game.total_height(seat);
    if game.is_placing() {
        let left: u8 = game.in_hand(seat).iter().sum();
        msg!("render-height-to-place", height = height, left = left)
    } else {
        match game.board().bound_count(seat) {
            0 => msg!("render-height", height = height),
            bound => msg!("render-height-bound", height = height, bound = bound),
        }
    }
    .tr(lang)
}

/// The last action in words, with what its attack did, then any passes after it.
pub fn last_turn_text(game: &Banglagor, lang: Lang) -> String {
    let mut parts = Vec::new();
    for step in game.last_turn() {
        parts.push(step.text());
        if let Some(a) = step.attack {
            let id = if a.removed {
                "banglagor-preview-removes"
            } else {
                "banglagor-preview-binds"
            };
            parts.push(msg!(id, target = a.target.to_string()).tr(lang));
        }
    }
    parts.join(" ")
}

/// The title over the images.
fn title(lang: Lang) -> String {
    msg!("render-banglagor-title").tr(lang)
}

impl super::Draw for crate::games::banglagor::Banglagor {
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
