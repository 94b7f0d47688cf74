//! The fonts the renderer writes with, embedded in the binary and parsed once.
//!
//! Both are subsets of Noto Sans CJK SC (see `assets/fonts/README.md` for what they
//! hold and how they were made): printable ASCII, a few symbols (`·`, `×`, `–`, `—`,
//! `…`, `«»`, `●`, `○`), the Russian alphabet and the xiangqi characters.

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

static BOLD_BYTES: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKsc-Bold-subset.otf");
static REGULAR_BYTES: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKsc-Regular-subset.otf");

static BOLD: LazyLock<FontRef<'static>> =
    LazyLock::new(|| FontRef::try_from_slice(BOLD_BYTES).expect("the embedded bold font parses"));
static REGULAR: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(REGULAR_BYTES).expect("the embedded regular font parses")
});

/// Which of the embedded fonts to write with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

impl Weight {
    pub fn font(self) -> &'static FontRef<'static> {
        match self {
            Weight::Regular => &REGULAR,
            Weight::Bold => &BOLD,
        }
    }
}

/// Whether the fonts have a glyph for `c` (anything else would print as an empty box).
pub fn has_glyph(c: char) -> bool {
    BOLD.glyph_id(c) != GlyphId(0)
}

/// Base letters of U+00C0–U+00FF, one per code point.
const LATIN_1: &str = "AAAAAAACEEEEIIIIDNOOOOOxOUUUUYTsaaaaaaaceeeeiiiidnooooo/ouuuuyty";
/// Base letters of U+0100–U+017F (Latin Extended-A), one per code point.
const LATIN_EXT_A: &str = "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiIiJjKkkLlLlLlLlLlNnNnNnnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";

/// `text` with every character the fonts cannot draw replaced: accented Latin letters by
/// their base letter (`é` → `e`), anything else by `?`, so that display names still give
/// a readable, if partial, label.
pub fn drawable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if has_glyph(c) {
                return c;
            }
            let code = c as usize;
            let base = match code {
                0xC0..=0xFF => LATIN_1.as_bytes().get(code - 0xC0),
                0x100..=0x17F => LATIN_EXT_A.as_bytes().get(code - 0x100),
                _ => None,
            };
            base.map_or('?', |b| *b as char)
        })
        .collect()
}

/// A glyph rasterized once: coverage (0 to 255) of a box placed relative to the pen
/// position on the baseline.
#[derive(Debug)]
pub struct GlyphBitmap {
    pub left: i32,
    pub top: i32,
    pub width: u32,
    pub height: u32,
    pub coverage: Vec<u8>,
}

/// Horizontal pen positions are rounded to this fraction of a pixel.
pub const SUBPIXEL_STEPS: u32 = 4;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct GlyphKey {
    weight: Weight,
    /// The size in 1/64 pixel.
    size: u32,
    glyph: u16,
    /// The pen's fractional position, in `1 / SUBPIXEL_STEPS` pixels.
    subpixel: u32,
}

/// Rasterized glyphs, kept because rasterizing outlines costs more than the rest of a
/// header. The fonts have 125 glyphs and the renderer a handful of sizes, so this stays
/// small.
static GLYPHS: LazyLock<Mutex<HashMap<GlyphKey, Arc<GlyphBitmap>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The glyph `id` of `weight` at `px` pixels per em with the pen `subpixel` steps right of
/// a whole pixel, rasterized (once), or `None` for a glyph with no outline (a space).
pub fn glyph_bitmap(
    weight: Weight,
    px: f32,
    id: GlyphId,
    subpixel: u32,
) -> Option<Arc<GlyphBitmap>> {
    let key = GlyphKey {
        weight,
        size: (px * 64.0).round() as u32,
        glyph: id.0,
        subpixel,
    };
    if let Some(found) = GLYPHS.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Some(found.clone());
    }
    let x = subpixel as f32 / SUBPIXEL_STEPS as f32;
    let glyph = id.with_scale_and_position(PxScale::from(px), point(x, 0.0));
    let outlined = weight.font().outline_glyph(glyph)?;
    let bounds = outlined.px_bounds();
    let (width, height) = (bounds.width() as u32, bounds.height() as u32);
    let mut coverage = vec![0u8; (width * height) as usize];
    outlined.draw(|gx, gy, c| {
        if gx < width && gy < height {
            coverage[(gy * width + gx) as usize] = (c.min(1.0) * 255.0 + 0.5) as u8;
        }
    });
    let bitmap = Arc::new(GlyphBitmap {
        left: bounds.min.x as i32,
        top: bounds.min.y as i32,
        width,
        height,
        coverage,
    });
    GLYPHS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, bitmap.clone());
    Some(bitmap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_fonts_parse_and_cover_ascii_and_symbols() {
        for weight in [Weight::Regular, Weight::Bold] {
            let font = weight.font();
            for c in (' '..='~').chain("·×–—●○帥".chars()) {
                assert_ne!(font.glyph_id(c), GlyphId(0), "{weight:?} lacks {c:?}");
            }
        }
        assert_eq!(LATIN_1.len(), 0x40);
        assert_eq!(LATIN_EXT_A.len(), 0x80);
        assert_eq!(drawable("Zoë Łukasz Ærø Ŵŷ 😀 李"), "Zoe Lukasz Aro Wy ? ?");
    }
}
