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

use crate::games::{AnyGame, Seat, Square};
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
        AnyGame::Xiangqi4(_) => 4,
    }
}

/// Where the board of squares of `game` is drawn when seen from `viewer`. The xiangqi
/// boards are grids of points with their own layouts ([`xiangqi::layout`],
/// [`xiangqi4::point_centre`]): `None` for them.
pub fn layout(game: &AnyGame, viewer: Option<Seat>) -> Option<Layout> {
    match game {
        AnyGame::Sidja(g) => Some(sidja::layout(g.dims().files, viewer)),
        AnyGame::Banglagor(_) => Some(banglagor::layout(viewer)),
        AnyGame::Yote(_) => Some(yote::layout(viewer)),
        AnyGame::Xiangqi(_) | AnyGame::Xiangqi4(_) => None,
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
        AnyGame::Xiangqi(g) => xiangqi::draw(g, opts),
        AnyGame::Xiangqi4(g) => xiangqi4::draw(g, opts),
    }
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
