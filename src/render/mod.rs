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
pub mod cache;
pub mod canvas;
pub mod crosstable;
pub mod eval_graph;
pub mod font;
pub mod gif;
pub mod header;
pub mod lzw;
mod options;
pub mod raster;
pub mod sidja;
pub mod sprites;
pub mod theme;
pub mod xiangqi;
pub mod xiangqi4;
pub mod yote;

pub use canvas::{Grid, Layout};
pub use options::RenderOptions;

use crate::games::{each_game, AnyGame, Game, Seat, Square};
use crate::i18n::Lang;
use canvas::{StoneStyle, THEME};
use image::RgbaImage;

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

    /// The title over its images, in `lang`.
    fn title(&self, lang: Lang) -> String;

    /// How `seat` is shown beside its name on a replay's title card: its stone, and
    /// for the xiangqi games its general.
    fn seat_icon(&self, seat: Seat) -> SeatIcon {
        (THEME.stones[seat.index() % 2], None)
    }
}

/// A seat's icon: the stone, and a character drawn on it in its ink.
pub type SeatIcon = (StoneStyle, Option<(char, image::Rgba<u8>)>);

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

/// The title of a game's images, in `lang`.
pub fn game_title(game: &AnyGame, lang: Lang) -> String {
    each_game!(game, g => Draw::title(&**g, lang))
}

/// How `seat` is shown beside its name on a replay's title card.
pub fn seat_icon(game: &AnyGame, seat: Seat) -> SeatIcon {
    each_game!(game, g => Draw::seat_icon(&**g, seat))
}

/// Encodes an image as an 8-bit RGBA PNG, by the coder made for board images
/// (`boardpost_png`).
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    encode_png_into(img, &mut out);
    out
}

/// [`encode_png`] into a buffer that is cleared first and kept: one per worker, so that
/// encoding allocates nothing once it has grown to the largest image.
pub fn encode_png_into(img: &RgbaImage, out: &mut Vec<u8>) {
    boardpost_png::encode_rgba(img.as_raw(), img.width(), img.height(), out)
        .expect("every board image has pixels, four bytes each");
}

/// Draws the position and encodes it as PNG.
pub fn render_png(game: &AnyGame, opts: &RenderOptions) -> Vec<u8> {
    let mut out = Vec::new();
    render_png_into(game, opts, &mut out);
    out
}

/// [`render_png`] into a reused buffer (see [`encode_png_into`]).
pub fn render_png_into(game: &AnyGame, opts: &RenderOptions, out: &mut Vec<u8>) {
    draw_png_into(|| render_image(game, opts), out)
}

/// Draws an image with `draw` and encodes it as PNG into `out`, as the bot does; the
/// image's buffer is then kept for the next one to be drawn into ([`cache::recycle`]).
pub fn draw_png_into(draw: impl FnOnce() -> RgbaImage, out: &mut Vec<u8>) {
    let image = draw();
    encode_png_into(&image, out);
    cache::recycle(image);
}
