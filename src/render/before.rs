//! The image path as it was before issue 19 (the `png` crate's zlib at level 1,
//! unfiltered; every image drawn whole, no background cache), kept so that benches can
//! measure it beside the new one in the same run, on the same loaded machine. Off unless
//! a bench turns it on for the whole process ([`set`]); the bot never does.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbaImage};
use std::sync::atomic::{AtomicBool, Ordering};

static ON: AtomicBool = AtomicBool::new(false);

/// Makes every image of the process take the path before issue 19 (`true`), or the
/// current one.
pub fn set(on: bool) {
    ON.store(on, Ordering::Relaxed);
}

/// Whether images take the path before issue 19.
pub fn on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// The encoder before issue 19, into `out` (cleared first).
pub fn encode_png_into(img: &RgbaImage, out: &mut Vec<u8>) {
    out.clear();
    PngEncoder::new_with_quality(&mut *out, CompressionType::Level(1), FilterType::NoFilter)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            ExtendedColorType::Rgba8,
        )
        .expect("encoding a PNG into memory cannot fail");
}
