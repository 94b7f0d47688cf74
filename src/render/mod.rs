//! Board images: a position, what happened last and from whose side to look → PNG.
//!
//! Pure: no I/O. Fonts are embedded ([`font`]); the shared drawing layer is [`canvas`];
//! each game has a small module that lays its board out and draws it.
//!
//! ```
//! use boardpost::games::AnyGame;
//! use boardpost::render::{render_png, RenderOptions};
//!
//! let mut game = AnyGame::new("sidja", &["size=5"]).unwrap();
//! game.play_text("c1 d2").unwrap();
//! let png = render_png(&game, &RenderOptions::new(["alice", "bob"]));
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod banglagor;
pub mod canvas;
pub mod font;
pub mod sidja;
pub mod xiangqi;
pub mod xiangqi4;
pub mod yote;

pub use canvas::{Grid, Layout};

use crate::games::xiangqi::{Side, Xiangqi};
use crate::games::{AnyGame, Game, Seat, Square};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbaImage};

/// Who is who, and from whose side to look.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// Display names by seat index (seat 1 first); missing or empty ones read `Seat N`.
    pub names: Vec<String>,
    /// The seat whose side is at the bottom; `None` looks from the first seat's side.
    pub viewer: Option<Seat>,
}

impl RenderOptions {
    pub fn new<S: Into<String>>(names: impl IntoIterator<Item = S>) -> RenderOptions {
        RenderOptions {
            names: names.into_iter().map(Into::into).collect(),
            viewer: None,
        }
    }

    pub fn viewed_by(mut self, viewer: Option<Seat>) -> RenderOptions {
        self.viewer = viewer;
        self
    }

    /// The display name of a seat.
    pub fn name(&self, seat: Seat) -> String {
        match self.names.get(seat.index()).map(|n| n.trim()) {
            Some(name) if !name.is_empty() => name.to_string(),
            _ => format!("Seat {seat}"),
        }
    }
}

/// How many seats a game has (what `viewer` may be).
pub fn seat_count(game: &AnyGame) -> u8 {
    match game {
        AnyGame::Sidja(_) => 2,
        AnyGame::Banglagor(_) => 2,
        AnyGame::Yote(_) => 2,
        AnyGame::Xiangqi(_) => 2,
    }
}

/// Where the board of `game` is drawn when seen from `viewer`.
pub fn layout(game: &AnyGame, viewer: Option<Seat>) -> Layout {
    match game {
        AnyGame::Sidja(g) => sidja::layout(g.dims().files, viewer),
        AnyGame::Banglagor(_) => banglagor::layout(viewer),
        AnyGame::Yote(_) => yote::layout(viewer),
        AnyGame::Xiangqi(_) => plain_xiangqi_layout(viewer),
    }
}

/// The pixel at the centre of `sq` on a sidja board of `size` seen from `viewer`.
pub fn sidja_square_centre(size: u8, sq: Square, viewer: Option<Seat>) -> (u32, u32) {
    sidja::square_centre(size, sq, viewer)
}

/// Draws the position.
pub fn render_image(game: &AnyGame, opts: &RenderOptions) -> RgbaImage {
    match game {
        AnyGame::Sidja(g) => sidja::draw(g, opts),
        AnyGame::Banglagor(g) => banglagor::draw(g, opts),
        AnyGame::Yote(g) => yote::draw(g, opts),
        AnyGame::Xiangqi(g) => draw_plain_xiangqi(g, opts),
    }
}

/// Where the plain xiangqi picture puts its points (see [`draw_plain_xiangqi`]).
fn plain_xiangqi_layout(viewer: Option<Seat>) -> Layout {
    const CELL: u32 = 64;
    const MARGIN: u32 = 48;
    const TITLE: u32 = 56;
    Layout {
        width: 2 * MARGIN + 9 * CELL,
        height: TITLE + 2 * MARGIN + 10 * CELL,
        grid: Grid {
            left: MARGIN,
            top: TITLE + MARGIN,
            cell: CELL,
            files: 9,
            ranks: 10,
            flipped: viewer == Some(Seat::SECOND),
            kind: canvas::GridKind::Points,
        },
    }
}

/// A plain picture of a xiangqi position until its own board image is drawn: the grid of
/// points, each piece as its WXF letter (red's in red), the last move's points tinted,
/// ICCS coordinates (ranks from 0) and a line saying whose move it is or how it ended.
fn draw_plain_xiangqi(game: &Xiangqi, opts: &RenderOptions) -> RgbaImage {
    use canvas::{draw_board, draw_grid_lines, highlight_cell, rgb, BoardStyle, Canvas, THEME};
    use font::Weight;
    let theme = &THEME;
    let layout = plain_xiangqi_layout(opts.viewer);
    let grid = layout.grid;
    let mut canvas = Canvas::new(layout.width, layout.height, theme.frame);
    let status = match (game.outcome(), game.to_move()) {
        (Some(outcome), _) => format!("xiangqi · {outcome}"),
        (None, Some(seat)) => format!("xiangqi · {} to move", opts.name(seat)),
        (None, None) => "xiangqi".to_string(),
    };
    canvas.text(&status, Weight::Bold, 26.0, (16.0, 38.0), theme.text);
    let style = BoardStyle {
        rim: 6,
        line_width: 2.0,
        label_px: 20.0,
        label_gap: 20.0,
    };
    draw_board(&mut canvas, &grid, &style, theme);
    if let Some(mv) = game.last_move() {
        for (p, colour) in [(mv.from, theme.last_from), (mv.to, theme.last_to)] {
            highlight_cell(&mut canvas, &grid, p.file(), p.rank(), colour);
        }
    }
    draw_grid_lines(&mut canvas, &grid, &style, theme);
    let reach = style.rim as f32 + style.label_gap;
    for file in 0..9u8 {
        let (x, _) = grid.centre(file, 0);
        let label = ((b'a' + file) as char).to_string();
        let bottom = (grid.top + grid.height()) as f32 + reach;
        canvas.text_centred(&label, Weight::Bold, 20.0, (x, bottom), theme.coordinates);
    }
    for rank in 0..10u8 {
        let (_, y) = grid.centre(0, rank);
        let left = grid.left as f32 - reach;
        canvas.text_centred(
            &rank.to_string(),
            Weight::Bold,
            20.0,
            (left, y),
            theme.coordinates,
        );
    }
    for (at, piece) in game.board().pieces() {
        let centre = grid.centre(at.file(), at.rank());
        let (fill, ink) = match piece.side {
            Side::Red => (rgb(0xf6, 0xe7, 0xd0), rgb(0xb0, 0x1e, 0x1e)),
            Side::Black => (rgb(0xf6, 0xe7, 0xd0), rgb(0x1c, 0x1c, 0x1c)),
        };
        canvas.disc(centre.0, centre.1, grid.cell as f32 * 0.42, ink);
        canvas.disc(centre.0, centre.1, grid.cell as f32 * 0.38, fill);
        let letter = piece.kind.letter().to_string();
        canvas.text_centred(&letter, Weight::Bold, 30.0, centre, ink);
    }
    canvas.into_image()
}

/// Encodes an image as PNG: zlib level 1, no filter.
///
/// Board images are large areas of flat colour with the same shapes (stones, glyphs)
/// repeated, which LZ77 matching finds without filtering; filters only turn repeats
/// into noise. Measured on a 9×9 mid-game image: level 1 unfiltered gives about 110 KB
/// in under 3 ms; the `Fast` setting (run lengths and Huffman only) 230–330 KB in
/// 1–2 ms, too big; level 6 or `Best` 70 KB but 5–12 times slower.
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(128 * 1024);
    PngEncoder::new_with_quality(&mut out, CompressionType::Level(1), FilterType::NoFilter)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            ExtendedColorType::Rgba8,
        )
        .expect("encoding a PNG into memory cannot fail");
    out
}

/// Draws the position and encodes it as PNG.
pub fn render_png(game: &AnyGame, opts: &RenderOptions) -> Vec<u8> {
    encode_png(&render_image(game, opts))
}
