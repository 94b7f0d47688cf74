//! Pieces drawn once (issue 19): a stone drawn at a place of the canvas over a given
//! patch of background is kept, and the next time the same stone stands at the same
//! place over the same pixels its drawn pixels are copied in instead of drawn again, as
//! lichess's GIF service pastes its pre-rendered pieces.
//!
//! The copy is exact by construction, not by approximation: drawing a stone reads and
//! writes only the pixels of its box, so the pixels it leaves depend only on what it is
//! (every parameter, kept bit for bit in the [`SpriteKey`]), where it is (absolute
//! coordinates are part of the key, since the floating-point arithmetic of an edge pixel
//! is not the same at every offset) and the pixels of the box before it (kept as runs
//! of equal pixels, small for the flat cells stones stand on, and compared pixel for
//! pixel). A stone over a tinted cell, or over the edge of an arrow,
//! simply is another sprite.
//!
//! A sprite placed again writes only the part of its box that differs from the pixels it
//! was drawn over (the rest holds them already), so that the canvas notes only that part
//! as drawn over its background ([`super::cache::Over`]). The drawing's notes, the
//! sprites placed and the background drawn over, go to the PNG coder ([`placing`]).
//!
//! A board has a few dozen places and two or three looks of stone and of cell, so the
//! sprites of the boards a server draws stay few; they are kept up to [`MAX_BYTES`],
//! the least recently used going first.

use super::raster::Canvas;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

thread_local! {
    /// Set while a sprite is being drawn: what it draws is kept as part of it, not again.
    static DRAWING: Cell<bool> = const { Cell::new(false) };
    /// What the drawing on this thread noted while [`placing`] runs.
    static NOTED: RefCell<Option<Drawn>> = const { RefCell::new(None) };
}

/// A canvas (by its number) and how many writes it had made.
pub type Writes = (u64, u32);

/// What the drawing of an image noted for its PNG coder, which copies codes made before
/// where the image still holds what they code ([`super::png::encode_png_placed`]).
#[derive(Default)]
pub struct Drawn {
    /// The sprites placed, in order, each with the canvas it was placed on and the count
    /// of its writes then, where the canvas notes them (see
    /// [`super::cache::Over::stamps`]).
    pub sprites: Vec<(Arc<Kept>, Option<Writes>)>,
    /// The cached background the image started as, and what was drawn over it.
    pub over: Option<super::cache::Over>,
}

/// Runs `f` (the drawing of an image), and returns with what it returns what the
/// drawing noted: the sprites it placed and the background it drew over.
pub fn placing<T>(f: impl FnOnce() -> T) -> (T, Drawn) {
    // Put back however the drawing ends, a panic included, as it was (none, or an outer
    // image's).
    struct Restore(Option<Drawn>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            NOTED.with(|p| *p.borrow_mut() = outer);
        }
    }
    let outer = NOTED.with(|p| p.borrow_mut().replace(Drawn::default()));
    let restore = Restore(outer);
    let out = f();
    let drawn = NOTED.with(|p| p.borrow_mut().take()).unwrap_or_default();
    drop(restore);
    (out, drawn)
}

/// Notes a sprite placed on this thread's `canvas`, if [`placing`] is running.
fn note_placed(kept: &Arc<Kept>, canvas: &Canvas) {
    NOTED.with(|p| {
        if let Some(drawn) = p.borrow_mut().as_mut() {
            drawn.sprites.push((kept.clone(), canvas.writes()));
        }
    });
}

/// Notes the background an image drawn on this thread started as, and what was drawn
/// over it, if [`placing`] is running.
pub(super) fn note_over(over: super::cache::Over) {
    NOTED.with(|p| {
        if let Some(drawn) = p.borrow_mut().as_mut() {
            drawn.over = Some(over);
        }
    });
}

/// A sprite's box and its pixels after drawing, shared with the images it was placed on
/// until they are coded, with the codes of its rows, made the first time an image is
/// coded with it (see [`super::png::BoxCodes`]).
pub struct Kept {
    at: PixelBox,
    pixels: Vec<u8>,
    /// The part of the box where the pixels differ from those it was drawn over: all that
    /// placing it again needs to write (the rest of the box holds those pixels, or the
    /// sprite is not placed).
    changed: PixelBox,
    codes: OnceLock<Option<super::png::BoxCodes>>,
}

impl Kept {
    /// A sprite at `at` of these pixels (the box's rows one after another), its codes not
    /// made yet.
    pub fn new(at: PixelBox, pixels: Vec<u8>) -> Kept {
        Kept {
            at,
            pixels,
            changed: at,
            codes: OnceLock::new(),
        }
    }

    /// A sprite drawn at `at` over the pixels `before`, which it left as `after`.
    fn drawn(at: PixelBox, before: &[u8], after: Vec<u8>) -> Kept {
        let width = (at.2 - at.0) as usize;
        let mut changed: Option<PixelBox> = None;
        for (i, (b, a)) in before
            .chunks_exact(4)
            .zip(after.chunks_exact(4))
            .enumerate()
        {
            if a != b {
                let (x, y) = (at.0 + (i % width) as u32, at.1 + (i / width) as u32);
                let here = (x, y, x + 1, y + 1);
                changed = Some(changed.map_or(here, |c| union(c, here)));
            }
        }
        Kept {
            at,
            pixels: after,
            changed: changed.unwrap_or((at.0, at.1, at.0, at.1)),
            codes: OnceLock::new(),
        }
    }

    /// Where it is drawn.
    pub fn at(&self) -> PixelBox {
        self.at
    }

    /// Its pixels, row after row.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// Its codes, made by `make` the first time.
    pub fn codes(
        &self,
        make: impl FnOnce() -> Option<super::png::BoxCodes>,
    ) -> Option<&super::png::BoxCodes> {
        self.codes.get_or_init(make).as_ref()
    }
}

/// The most bytes of sprites kept (each keeps its box before and after drawing).
pub const MAX_BYTES: usize = 4 << 20;

/// What is drawn, to the bit: a tag for the kind of shape and its parameters
/// (coordinates as `f32::to_bits`, colours as their RGBA bytes).
pub type SpriteKey = [u32; 12];

/// A box of pixels `(x0, y0, x1, y1)`, right and bottom excluded.
pub type PixelBox = (u32, u32, u32, u32);

/// The smallest box holding both.
pub fn union(a: PixelBox, b: PixelBox) -> PixelBox {
    (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3))
}

/// A colour as one word of a [`SpriteKey`].
pub fn colour_word(c: super::theme::Colour) -> u32 {
    u32::from_le_bytes(c.0)
}

struct Sprite {
    at: PixelBox,
    /// The box's pixels before drawing, as runs, and after.
    before: Runs,
    after: Arc<Kept>,
    used: u64,
}

impl Sprite {
    /// Its bytes at most: the pixels before and after, and the codes of its rows, made
    /// when it is first coded (half its pixels after at most: larger codes are not kept).
    fn bytes(&self) -> usize {
        self.before.0.len() * std::mem::size_of::<(u32, u32)>() + self.after.pixels.len() * 3 / 2
    }
}

/// Pixels as runs of one value: `(pixel, how many)`, row after row.
#[derive(PartialEq, Eq)]
struct Runs(Vec<(u32, u32)>);

fn pixels(row: &[u8]) -> impl Iterator<Item = u32> + '_ {
    row.chunks_exact(4)
        .map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]]))
}

impl Runs {
    fn of<'a>(rows: impl Iterator<Item = &'a [u8]>) -> Runs {
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for p in rows.flat_map(pixels) {
            match runs.last_mut() {
                Some((v, n)) if *v == p => *n += 1,
                _ => runs.push((p, 1)),
            }
        }
        Runs(runs)
    }

    /// Whether `rows` hold exactly these pixels: each run compared as a slice against
    /// its pixel repeated, sixteen bytes at a time.
    fn matches<'a>(&self, rows: impl Iterator<Item = &'a [u8]>) -> bool {
        let mut runs = self.0.iter();
        let mut pattern = [0u8; 16];
        let mut left = 0usize;
        for mut row in rows {
            while !row.is_empty() {
                if left == 0 {
                    let Some(&(v, n)) = runs.next() else {
                        return false;
                    };
                    for p in pattern.chunks_exact_mut(4) {
                        p.copy_from_slice(&v.to_le_bytes());
                    }
                    left = n as usize;
                }
                let take = left.min(row.len() / 4);
                let (head, rest) = row.split_at(take * 4);
                let mut quads = head.chunks_exact(16);
                if !quads.all(|q| q == pattern) || quads.remainder() != &pattern[..head.len() % 16]
                {
                    return false;
                }
                left -= take;
                row = rest;
            }
        }
        left == 0 && runs.next().is_none()
    }
}

#[derive(Default)]
struct Sprites {
    by_key: HashMap<SpriteKey, Vec<Sprite>>,
    bytes: usize,
    clock: u64,
}

static SPRITES: LazyLock<Mutex<Sprites>> = LazyLock::new(|| Mutex::new(Sprites::default()));

impl Sprites {
    /// Drops the least recently used sprites until `room` more bytes fit.
    fn make_room(&mut self, room: usize) {
        while self.bytes + room > MAX_BYTES {
            let oldest = self
                .by_key
                .iter()
                .flat_map(|(k, v)| v.iter().enumerate().map(move |(i, s)| (s.used, *k, i)))
                .min();
            let Some((_, key, i)) = oldest else { return };
            if let Some(list) = self.by_key.get_mut(&key) {
                let gone = list.swap_remove(i);
                self.bytes -= gone.bytes();
                if list.is_empty() {
                    self.by_key.remove(&key);
                }
            }
        }
    }
}

/// How the PNG coder takes a sprite placed on an image.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Codes {
    /// It copies the sprite's codes where the image holds the sprite (see
    /// [`super::png::BoxCodes`]): stones and columns, whose rows are unlike anything
    /// beside them.
    Copied,
    /// It codes the sprite with the rest of its rows: xiangqi's pieces, whose rims it
    /// finds again in the pieces beside them. Their codes copied, the four-player board
    /// grew from 186 to 205 KB, over the bound of 200 KB, to code 10 % faster.
    Recoded,
}

/// Draws with `draw`, which touches no pixel outside `at`, or copies in what it drew
/// the last time it was given the same `key` over the same pixels; `codes` says whether
/// the PNG coder is to copy its codes too.
pub fn draw_kept(
    canvas: &mut Canvas,
    key: SpriteKey,
    at: PixelBox,
    codes: Codes,
    draw: impl FnOnce(&mut Canvas),
) {
    let (x0, y0, x1, y1) = at;
    if !super::cache::enabled() || DRAWING.with(Cell::get) || x0 >= x1 || y0 >= y1 {
        return draw(canvas);
    }
    if (x1 - x0) as usize * (y1 - y0) as usize * 4 > MAX_BYTES / 16 {
        return draw(canvas);
    }
    {
        let mut sprites = SPRITES.lock().unwrap_or_else(|e| e.into_inner());
        sprites.clock += 1;
        let now = sprites.clock;
        if let Some(list) = sprites.by_key.get_mut(&key) {
            if let Some(s) = list
                .iter_mut()
                .find(|s| s.at == at && s.before.matches(canvas.box_rows(at)))
            {
                s.used = now;
                canvas.put_part(at, &s.after.pixels, s.after.changed);
                if codes == Codes::Copied {
                    note_placed(&s.after, canvas);
                }
                return;
            }
        }
    }
    // Drawn outside the lock, so that another thread's image need not wait.
    let before = Runs::of(canvas.box_rows(at));
    let under: Vec<u8> = canvas.box_rows(at).flatten().copied().collect();
    {
        // Cleared however the drawing ends, a panic included.
        struct Drawing;
        impl Drop for Drawing {
            fn drop(&mut self) {
                DRAWING.with(|d| d.set(false));
            }
        }
        DRAWING.with(|d| d.set(true));
        let _drawing = Drawing;
        draw(canvas);
    }
    let after = Arc::new(Kept::drawn(
        at,
        &under,
        canvas.box_rows(at).flatten().copied().collect(),
    ));
    if codes == Codes::Copied {
        note_placed(&after, canvas);
    }
    let mut sprites = SPRITES.lock().unwrap_or_else(|e| e.into_inner());
    let sprite = Sprite {
        at,
        before,
        after,
        used: sprites.clock,
    };
    sprites.make_room(sprite.bytes());
    let size = sprite.bytes();
    let list = sprites.by_key.entry(key).or_default();
    // Two threads may have drawn the same sprite at once: keep one.
    if !list.iter().any(|s| s.at == at && s.before == sprite.before) {
        list.push(sprite);
        sprites.bytes += size;
    }
}

/// How many sprites are kept, and their bytes.
pub fn kept() -> (usize, usize) {
    let sprites = SPRITES.lock().unwrap_or_else(|e| e.into_inner());
    (sprites.by_key.values().map(Vec::len).sum(), sprites.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::cache::without_cache;
    use crate::render::theme::{Colour, StoneStyle};
    use image::Rgba;

    /// A canvas whose every pixel differs from its neighbours, so that any pixel a kept
    /// sprite got wrong shows.
    fn ground(seed: u8) -> Canvas {
        let mut canvas = Canvas::new(120, 90, Rgba([200, 170, 120, 255]));
        for y in 0..90 {
            for x in 0..120 {
                let v = (x * 7 + y * 13) as u8 ^ seed;
                let at = (x, y, x + 1, y + 1);
                canvas.put_part(at, &[v, 255 - v, v / 2, 255], at);
            }
        }
        canvas
    }

    fn stone(canvas: &mut Canvas, (x, y): (f32, f32), fill: Colour) {
        let style = StoneStyle {
            fill,
            outline: Rgba([20, 20, 20, 255]),
        };
        canvas.stone((x, y), 17.3, 2.0, style, Rgba([0, 0, 0, 90]), (1.2, 2.1));
    }

    #[test]
    fn a_kept_stone_gives_the_pixels_drawing_it_gives() {
        let white = Rgba([240, 240, 230, 255]);
        let black = Rgba([30, 30, 30, 255]);
        // Places, looks and grounds, each drawn twice with sprites (the second time from
        // the kept ones) and once without, including a place where the box is clipped.
        for (at, fill, seed) in [
            ((40.0, 40.0), white, 0),
            ((40.0, 40.0), black, 0),
            ((40.0, 40.0), white, 1),
            ((80.5, 45.5), white, 1),
            ((110.0, 80.0), black, 2),
            ((40.0, 40.0), white, 0),
        ] {
            let mut direct = ground(seed);
            without_cache(|| stone(&mut direct, at, fill));
            for round in 0..2 {
                let mut kept = ground(seed);
                stone(&mut kept, at, fill);
                assert!(
                    kept.image() == direct.image(),
                    "stone at {at:?} on ground {seed}, round {round}: pixels differ"
                );
            }
        }
        let (count, bytes) = kept();
        assert!(count >= 5, "{count} sprites kept");
        assert!(bytes <= MAX_BYTES);
    }

    #[test]
    fn a_sprite_is_not_used_over_other_pixels() {
        let white = Rgba([250, 250, 250, 255]);
        let mut first = ground(7);
        stone(&mut first, (60.0, 45.0), white);
        // One pixel under the stone's shadow changed: the stone must be drawn anew.
        let mut other = ground(7);
        let at = (75, 62, 76, 63);
        other.put_part(at, &[1, 2, 3, 255], at);
        let mut direct = Canvas::from_image(other.image().clone());
        stone(&mut other, (60.0, 45.0), white);
        without_cache(|| stone(&mut direct, (60.0, 45.0), white));
        assert!(other.image() == direct.image());
        assert!(other.image() != first.image());
    }

    #[test]
    fn a_drawing_that_panics_leaves_sprites_on_for_the_next() {
        let mut canvas = ground(3);
        let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            draw_kept(&mut canvas, [9; 12], (0, 0, 4, 4), Codes::Copied, |_| {
                panic!("drawing failed")
            })
        }));
        assert!(failed.is_err());
        assert!(!DRAWING.with(Cell::get), "the next piece is kept again");
    }

    proptest::proptest! {
        /// Runs match the rows they were made of, and no rows differing in one pixel.
        #[test]
        fn runs_match_their_rows_and_no_other(
            width in 1usize..40,
            pixels in proptest::collection::vec(0u8..3, 1..400),
            change in 0usize..400,
        ) {
            let bytes: Vec<u8> = pixels.iter().flat_map(|&p| [p, 0, 0, 255]).collect();
            let rows = |b: &[u8]| -> Vec<Vec<u8>> { b.chunks(width * 4).map(<[u8]>::to_vec).collect() };
            let runs = Runs::of(rows(&bytes).iter().map(Vec::as_slice));
            proptest::prop_assert!(runs.matches(rows(&bytes).iter().map(Vec::as_slice)));
            let mut other = bytes.clone();
            let at = (change % pixels.len()) * 4;
            other[at] = other[at].wrapping_add(1);
            proptest::prop_assert!(!runs.matches(rows(&other).iter().map(Vec::as_slice)));
            let shorter = &bytes[..bytes.len() - 4];
            proptest::prop_assert!(!runs.matches(rows(shorter).iter().map(Vec::as_slice)));
        }
    }
}
