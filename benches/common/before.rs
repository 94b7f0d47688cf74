//! The image path as it was before issue 19, for benches to measure side by side with
//! the new one in the same run: the PNG encoder (zlib level 1, unfiltered, through the
//! `png` crate) and drawing without the background cache.

use image::RgbaImage;

/// The encoder before issue 19.
pub fn encode_png_before(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(128 * 1024);
    boardpost::render::before::encode_png_into(img, &mut out);
    out
}

/// Draws as before the background cache.
pub fn drawn_before<T>(draw: impl FnOnce() -> T) -> T {
    boardpost::render::cache::without_cache(draw)
}
