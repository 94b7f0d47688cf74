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
pub mod board;
pub mod canvas;
pub mod eval_graph;
pub mod font;
pub mod header;
mod options;
pub mod raster;
pub mod sidja;
pub mod theme;
pub mod xiangqi;
pub mod xiangqi4;
pub mod yote;

pub use canvas::{Grid, Layout};
pub use options::RenderOptions;

use crate::games::{each_game, AnyGame, Game, Seat, Square};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbaImage};

/// How a game's board is drawn: each game's renderer implements it for its engine, and
/// [`render_image`] hands any game to its own.
pub trait Draw {
    /// Draws the position.
    fn draw(&self, opts: &RenderOptions) -> RgbaImage;

    /// Where its board of squares is drawn seen from `viewer` (`None` for the boards of
    /// points, which have their own layouts).
    fn layout(&self, _viewer: Option<Seat>) -> Option<Layout> {
        None
    }
}

/// How many seats a game has (what `viewer` may be).
pub fn seat_count(game: &AnyGame) -> u8 {
    game.seat_count() as u8
}

/// Where the board of squares of `game` is drawn when seen from `viewer`. The xiangqi
/// boards are grids of points with their own layouts ([`xiangqi::layout`],
/// [`xiangqi4::point_centre`]): `None` for them.
pub fn layout(game: &AnyGame, viewer: Option<Seat>) -> Option<Layout> {
    each_game!(game, g => g.layout(viewer))
}

/// The pixel at the centre of `sq` on a sidja board of `size` seen from `viewer`.
pub fn sidja_square_centre(size: u8, sq: Square, viewer: Option<Seat>) -> (u32, u32) {
    sidja::square_centre(size, sq, viewer)
}

/// Draws the position.
pub fn render_image(game: &AnyGame, opts: &RenderOptions) -> RgbaImage {
    each_game!(game, g => g.draw(opts))
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
