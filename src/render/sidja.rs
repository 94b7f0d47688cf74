//! Sidja family boards: squares with stones, the centre square marked, the last turn's
//! squares tinted and its captures crossed out, and a header with the players.

use super::board::{square_layout, square_style, PAD};
use super::cache;
use super::canvas::{
    draw_board, draw_coordinates, draw_grid_lines, draw_header, Canvas, Grid, Header, Layout,
    Theme, THEME,
};
use super::header::{stone_players, verb};
use super::sprites;
use super::RenderOptions;
use crate::games::sidja::{Action, Blocked, Chain, Opening, Sidja};
use crate::games::{Game, Outcome, Seat, Square};
use crate::i18n::Lang;
use crate::msg;
use image::RgbaImage;

/// The board's cells take about this many pixels across, whatever the size.
const BOARD_PX: u32 = 620;

/// Where a sidja board of `size` squares a side is drawn, seen from `viewer`'s side
/// (seat 2 sees the board turned 180°; no viewer, or seat 1, sees rank 1 at the bottom).
pub fn layout(size: u8, viewer: Option<Seat>) -> Layout {
    // An even cell keeps the grid lines and stone centres on whole pixels.
    let cell = (BOARD_PX / size as u32) & !1;
    square_layout((size, size), cell, viewer, (0, 0))
}

/// The pixel at the centre of `sq` on a sidja board image of `size` seen from `viewer`.
pub fn square_centre(size: u8, sq: Square, viewer: Option<Seat>) -> (u32, u32) {
    layout(size, viewer).square_centre(sq)
}

/// What the last turn did to each square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    None,
    From,
    To,
}

/// Everything a sidja board image shows, read from the game in one place
/// ([`Scene::of`]): the drawing reads only this.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub title: String,
    /// Side of the board, in squares.
    pub size: u8,
    pub ply: usize,
    pub centre: Square,
    pub stones: Vec<(Square, Seat)>,
    /// What the last turn did to each square (placed or reached, left), by square.
    pub marks: Vec<(Square, Mark)>,
    /// Squares whose stones the last turn captured.
    pub captured: Vec<Square>,
    /// Each seat's header line after its name (hand or board count, captures).
    pub details: [String; 2],
    pub outcome: Option<Outcome>,
    pub to_move: Option<Seat>,
    pub placing: bool,
    /// The last turn in words.
    pub last: String,
}

impl Scene {
    pub fn of(game: &Sidja, lang: Lang) -> Scene {
        let dims = game.dims();
        let mut marks = vec![Mark::None; dims.area()];
        let mut captured = Vec::new();
        for step in game.last_turn() {
            match step.action() {
                Some(Action::Place(sq)) => marks[dims.index(sq)] = Mark::To,
                Some(Action::Move { from, to }) => {
                    let i = dims.index(from);
                    marks[i] = marks[i].max(Mark::From);
                    marks[dims.index(to)] = Mark::To;
                }
                Some(Action::Pass) | None => {}
            }
            captured.extend(step.captured.iter().copied());
        }
        let detail = |seat: Seat| {
            if game.is_placing() {
                msg!(
                    "render-in-hand-captured",
                    hand = game.in_hand(seat),
                    captured = game.captured_by(seat)
                )
            } else {
                msg!(
                    "render-on-board-captured",
                    board = game.board().count(seat),
                    captured = game.captured_by(seat)
                )
            }
            .tr(lang)
        };
        Scene {
            title: variant_title(game, lang),
            size: dims.files,
            ply: game.steps().len(),
            centre: game.centre(),
            stones: game.board().stones().collect(),
            marks: dims
                .squares()
                .map(|sq| (sq, marks[dims.index(sq)]))
                .filter(|(_, m)| *m != Mark::None)
                .collect(),
            captured,
            details: [detail(Seat::FIRST), detail(Seat::SECOND)],
            outcome: game.outcome().cloned(),
            to_move: game.to_move(),
            placing: game.is_placing(),
            last: last_turn_text(game),
        }
    }
}

/// Draws a [`Scene`].
pub fn draw_scene(scene: &Scene, opts: &RenderOptions) -> RgbaImage {
    let theme = &THEME;
    let layout = layout(scene.size, opts.viewer);
    let grid = layout.grid;
    let [from, to] = cache::squares_by(&scene.marks, [Mark::From, Mark::To]);
    let mut canvas = cache::board_and_header(
        ("sidja", ["sidja:from", "sidja:to"]),
        (scene.size as u32, &layout),
        theme.frame,
        [(theme.last_from, &from), (theme.last_to, &to)],
        |canvas, tint| draw_empty_board(canvas, &grid, scene.centre, tint),
        |canvas| draw_sidja_header(canvas, scene, opts, theme),
    );
    let cell = grid.cell as f32;

    let r = cell * 0.4;
    let outline = (cell * 0.025).max(1.5);
    let shadow = (cell * 0.02, cell * 0.035);
    for (sq, seat) in &scene.stones {
        let (x, y) = grid.centre(sq.file, sq.rank);
        let style = theme.stones[seat.index() % 2];
        sprites::stone(&mut canvas, (x, y), r, outline, style, theme.shadow, shadow);
    }

    for sq in &scene.captured {
        let (x, y) = grid.centre(sq.file, sq.rank);
        if !scene.stones.iter().any(|(at, _)| at == sq) {
            canvas.cross(x, y, cell * 0.42, cell * 0.09, theme.capture);
        } else {
            // A stone came back to where one was captured: mark the corner instead.
            let (ox, oy) = grid.cell_origin(sq.file, sq.rank);
            let (x, y) = (ox as f32 + cell * 0.84, oy as f32 + cell * 0.16);
            canvas.cross(x, y, cell * 0.16, cell * 0.05, theme.capture);
        }
    }

    canvas.round_corners(14.0);
    canvas.into_image()
}

/// The board without stones: rim, wood, then `tint` (the last turn's cells), the grid
/// lines, coordinates and the centre's mark.
fn draw_empty_board(
    canvas: &mut Canvas,
    grid: &Grid,
    centre: Square,
    tint: impl FnOnce(&mut Canvas),
) {
    let theme = &THEME;
    let style = square_style(if grid.cell >= 80 { 2.0 } else { 1.0 });
    draw_board(canvas, grid, &style, theme);
    tint(canvas);
    draw_grid_lines(canvas, grid, &style, theme);
    draw_coordinates(canvas, grid, &style, theme);
    let (cx, cy) = grid.centre(centre.file, centre.rank);
    canvas.diamond(cx, cy, grid.cell as f32 * 0.13, theme.centre_mark);
}

/// The title line of a game's images: the variant and its options.
pub fn variant_title(game: &Sidja, lang: Lang) -> String {
    let o = game.options();
    let mut title = msg!(
        "render-sidja-title",
        variant = o.variant.name(),
        size = o.size,
        drop = o.drop
    )
    .tr(lang);
    // Seega's own options, where they differ from the defaults.
    if o.opening == Opening::Cross {
        title += &msg!("render-sidja-cross").tr(lang);
    }
    if o.chain == Chain::Two {
        title += &msg!("render-sidja-chain-2").tr(lang);
    }
    if o.blocked == Blocked::Lose {
        title += &msg!("render-sidja-blocked-loses").tr(lang);
    }
    title
}

fn draw_sidja_header(canvas: &mut Canvas, scene: &Scene, opts: &RenderOptions, theme: &Theme) {
    let header = Header {
        title: &scene.title,
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

/// The last turn in words: its actions in order, each capture as `xd4` after the move.
fn last_turn_text(game: &Sidja) -> String {
    let mut parts = Vec::new();
    for step in game.last_turn() {
        parts.push(step.text());
        for sq in &step.captured {
            parts.push(format!("x{sq}"));
        }
    }
    parts.join(" ")
}

impl super::Draw for crate::games::sidja::Sidja {
    fn draw(&self, opts: &RenderOptions) -> RgbaImage {
        draw_scene(&Scene::of(self, opts.lang), opts)
    }

    fn layout(&self, viewer: Option<Seat>) -> Option<Layout> {
        Some(layout(self.dims().files, viewer))
    }

    fn title(&self, lang: Lang) -> String {
        variant_title(self, lang)
    }
}
