//! A board's grid of squares or points, with its frame, lines, coordinates and
//! highlights, and where it stands on the image.

use super::font::Weight;
use super::raster::Canvas;
use super::theme::{Colour, Theme};
use crate::games::Seat;

// The card of a board of squares (Yoté, Sidja, Banglagor), from `square_layout`.
/// Space around everything, in pixels.
pub const PAD: u32 = 16;
/// The header's height, above the board's top coordinate labels.
pub const HEADER: u32 = 176;
/// Room for coordinate labels between the card's edge (or the header) and the rim.
pub const LABEL_BAND: u32 = 30;
pub const RIM: u32 = 6;
const LABEL_PX: f32 = 22.0;

/// Whether the board's cells are squares (stones stand in them) or points (pieces stand
/// on line crossings).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GridKind {
    Squares,
    Points,
}

/// Where a board's cells are on the canvas, and which way up it is. Cells are `cell`
/// pixels apart; a cell's centre is where its stone or piece stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Left edge of the cells' area.
    pub left: u32,
    /// Top edge of the cells' area.
    pub top: u32,
    pub cell: u32,
    pub files: u8,
    pub ranks: u8,
    /// Turned 180°: rank 1 at the top, file a at the right.
    pub flipped: bool,
    pub kind: GridKind,
}

impl Grid {
    pub fn width(&self) -> u32 {
        self.cell * self.files as u32
    }

    pub fn height(&self) -> u32 {
        self.cell * self.ranks as u32
    }

    /// The column (from the left) and row (from the top) a square is drawn in.
    pub fn column_row(&self, file: u8, rank: u8) -> (u32, u32) {
        if self.flipped {
            ((self.files - 1 - file) as u32, rank as u32)
        } else {
            (file as u32, (self.ranks - 1 - rank) as u32)
        }
    }

    /// The top-left corner of a square's cell.
    pub fn cell_origin(&self, file: u8, rank: u8) -> (u32, u32) {
        let (col, row) = self.column_row(file, rank);
        (self.left + col * self.cell, self.top + row * self.cell)
    }

    /// A cell's centre, in pixels (the centre of the middle pixel for odd cells).
    pub fn centre(&self, file: u8, rank: u8) -> (f32, f32) {
        let (x, y) = self.cell_origin(file, rank);
        let half = self.cell as f32 / 2.0;
        (x as f32 + half, y as f32 + half)
    }

    /// The pixel at a cell's centre.
    pub fn centre_pixel(&self, file: u8, rank: u8) -> (u32, u32) {
        let (x, y) = self.cell_origin(file, rank);
        (x + self.cell / 2, y + self.cell / 2)
    }
}

/// A board's frame, grid and coordinate labels, as every game draws them.
pub struct BoardStyle {
    /// The rim around the wood, in pixels.
    pub rim: u32,
    pub line_width: f32,
    /// Coordinate labels' size, and their distance from the rim's outer edge to their
    /// centre.
    pub label_px: f32,
    pub label_gap: f32,
}

/// Draws the board: rim, wood and grid lines.
pub fn draw_board(canvas: &mut Canvas, grid: &Grid, style: &BoardStyle, theme: &Theme) {
    let rim = style.rim as i32;
    let (left, top) = (grid.left as i32, grid.top as i32);
    let (w, h) = (grid.width(), grid.height());
    let outer = (
        (left - rim) as f32,
        (top - rim) as f32,
        (w + 2 * style.rim) as f32,
        (h + 2 * style.rim) as f32,
    );
    let hole = (grid.left, grid.top, grid.left + w, grid.top + h);
    canvas.fill_rounded_rect_around(outer, style.rim as f32 * 0.8, theme.wood_edge, hole);
    canvas.fill_rect(left, top, w, h, theme.wood);
}

/// Draws the grid's lines: between cells for squares, through their centres for points.
pub fn draw_grid_lines(canvas: &mut Canvas, grid: &Grid, style: &BoardStyle, theme: &Theme) {
    let lw = style.line_width.round().max(1.0) as u32;
    let (left, top) = (grid.left as i32, grid.top as i32);
    let (w, h) = (grid.width(), grid.height());
    let (offset, first, lines_x, lines_y) = match grid.kind {
        // Inner lines only: the rim is the outer edge.
        GridKind::Squares => (0, 1, grid.files as u32, grid.ranks as u32),
        GridKind::Points => (grid.cell / 2, 0, grid.files as u32, grid.ranks as u32),
    };
    let (span_x0, span_w, span_y0, span_h) = match grid.kind {
        GridKind::Squares => (left, w, top, h),
        GridKind::Points => (
            left + offset as i32,
            w - grid.cell + lw,
            top + offset as i32,
            h - grid.cell + lw,
        ),
    };
    let half = (lw / 2) as i32;
    for i in first..lines_x {
        let x = left + (offset + i * grid.cell) as i32 - half;
        canvas.fill_rect(x, span_y0 - half, lw, span_h, theme.grid);
    }
    for i in first..lines_y {
        let y = top + (offset + i * grid.cell) as i32 - half;
        canvas.fill_rect(span_x0 - half, y, span_w, lw, theme.grid);
    }
}

/// Writes file letters above and below the board and rank numbers left and right of
/// it, each beside its own column or row, so they follow a turned board.
pub fn draw_coordinates(canvas: &mut Canvas, grid: &Grid, style: &BoardStyle, theme: &Theme) {
    let reach = style.rim as f32 + style.label_gap;
    let (left, top) = (grid.left as f32, grid.top as f32);
    let (right, bottom) = (left + grid.width() as f32, top + grid.height() as f32);
    let mut label = |text: &str, at| {
        canvas.text_centred(text, Weight::Bold, style.label_px, at, theme.coordinates);
    };
    for file in 0..grid.files {
        let text = ((b'a' + file) as char).to_string();
        let (x, _) = grid.centre(file, 0);
        for y in [top - reach, bottom + reach] {
            label(&text, (x, y));
        }
    }
    for rank in 0..grid.ranks {
        let text = (rank as u32 + 1).to_string();
        let (_, y) = grid.centre(0, rank);
        for x in [left - reach, right + reach] {
            label(&text, (x, y));
        }
    }
}

/// Tints a cell (all of it, grid lines included, which are drawn after).
pub fn highlight_cell(canvas: &mut Canvas, grid: &Grid, file: u8, rank: u8, colour: Colour) {
    let (x, y) = grid.cell_origin(file, rank);
    canvas.fill_rect(x as i32, y as i32, grid.cell, grid.cell, colour);
}

/// The frame and labels of a board of squares on its card, with lines `line_width` wide.
pub fn square_style(line_width: f32) -> BoardStyle {
    BoardStyle {
        rim: RIM,
        line_width,
        label_px: LABEL_PX,
        label_gap: LABEL_BAND as f32 / 2.0,
    }
}

/// Where things are on a board image: its size and its grid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    pub grid: Grid,
}

/// Where a board of `files` × `ranks` squares of `cell` pixels is drawn on its card, with
/// `extra` pixels beside and below the labels (for trays, a legend), seen from
/// `viewer`'s side (seat 2 sees it turned 180°; no viewer, or seat 1, sees rank 1 at the
/// bottom).
pub fn square_layout(
    (files, ranks): (u8, u8),
    cell: u32,
    viewer: Option<Seat>,
    (extra_w, extra_h): (u32, u32),
) -> Layout {
    let grid = Grid {
        left: PAD + LABEL_BAND + RIM,
        top: HEADER + LABEL_BAND + RIM,
        cell,
        files,
        ranks,
        flipped: viewer == Some(Seat::SECOND),
        kind: GridKind::Squares,
    };
    let margins = RIM + LABEL_BAND + PAD;
    Layout {
        width: grid.left + grid.width() + margins + extra_w,
        height: grid.top + grid.height() + margins + extra_h,
        grid,
    }
}

impl Layout {
    /// The pixel at the centre of a square's cell (where its stone's centre is).
    pub fn square_centre(&self, sq: crate::games::Square) -> (u32, u32) {
        self.grid.centre_pixel(sq.file, sq.rank)
    }

    /// A square's cell as `(left, top, size)`.
    pub fn square_cell(&self, sq: crate::games::Square) -> (u32, u32, u32) {
        let (x, y) = self.grid.cell_origin(sq.file, sq.rank);
        (x, y, self.grid.cell)
    }
}
