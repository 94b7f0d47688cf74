//! Pieces drawn once: a piece drawn at a place of the canvas over a given patch of
//! background is kept, and the next time the same piece stands at the same place over
//! the same pixels its drawn pixels are copied in instead of drawn again, as lichess's
//! GIF service pastes its pre-rendered pieces.
//!
//! The copy is exact by construction: drawing a piece reads and writes only the pixels
//! of its box, so the pixels it leaves depend only on what it is (its key: every
//! parameter of its drawing, coordinates to the bit, see [`Exact`]), where it is
//! (absolute coordinates are part of the key, since the floating-point arithmetic of an
//! edge pixel is not the same at every offset) and the pixels of the box before it
//! (kept as runs of equal pixels, small for the flat cells pieces stand on, and compared
//! pixel for pixel). A stone over a tinted cell, or over the edge of an arrow, simply is
//! another sprite.
//!
//! Each kind of sprite has a key type of its own (a stone's is [`StoneSprite`]; the
//! renderers define theirs beside their drawing): any type that compares and hashes
//! every parameter of the drawing. A board has a few dozen places and two or three looks
//! of stone and of cell, so the sprites of the boards a server draws stay few; they are
//! kept up to [`MAX_BYTES`], the least recently used going first.

use super::raster::{union, Canvas, PixelBox};
use super::theme::{Colour, StoneStyle};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::{LazyLock, Mutex};

/// A coordinate or size in a sprite's key, compared and hashed by its bits: a sprite is
/// used again only where drawing it would compute the very same pixels.
#[derive(Clone, Copy, Debug)]
pub struct Exact(pub f32);

impl PartialEq for Exact {
    fn eq(&self, other: &Exact) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Exact {}

impl Hash for Exact {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state)
    }
}

/// A point in a sprite's key.
pub fn exact((x, y): (f32, f32)) -> (Exact, Exact) {
    (Exact(x), Exact(y))
}

/// The key of [`stone`]'s sprites: every parameter of [`Canvas::stone`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StoneSprite {
    pub centre: (Exact, Exact),
    pub r: Exact,
    pub width: Exact,
    pub fill: Colour,
    pub outline: Colour,
    pub shadow: Colour,
    pub offset: (Exact, Exact),
}

/// [`Canvas::stone`], drawn once for each place, look and ground, then copied.
pub fn stone(
    canvas: &mut Canvas,
    centre: (f32, f32),
    r: f32,
    width: f32,
    style: StoneStyle,
    shadow: Colour,
    offset: (f32, f32),
) {
    // What the discs of the stone touch: each one's box, as the canvas clips it.
    let (cx, cy) = centre;
    let mut at = canvas.box_around(centre, r);
    if shadow[3] > 0 {
        at = union(at, canvas.box_around((cx + offset.0, cy + offset.1), r));
    }
    let key = StoneSprite {
        centre: exact(centre),
        r: Exact(r),
        width: Exact(width),
        fill: style.fill,
        outline: style.outline,
        shadow,
        offset: exact(offset),
    };
    draw_kept(canvas, key, at, |canvas| {
        canvas.stone(centre, r, width, style, shadow, offset)
    });
}

/// The most bytes of sprites kept (each keeps its box before and after drawing).
pub const MAX_BYTES: usize = 4 << 20;

struct Sprite {
    /// What it draws: a key of its kind's type.
    key: Box<dyn Any + Send>,
    at: PixelBox,
    /// The box's pixels before drawing, as runs.
    before: Runs,
    /// The box's pixels after drawing, its rows one after another.
    after: Vec<u8>,
    /// The part of the box where they differ from those before: all that placing it
    /// again needs to write (the rest of the box holds those pixels, or the sprite is
    /// not placed).
    changed: PixelBox,
    used: u64,
}

impl Sprite {
    /// Its bytes: the pixels before and after.
    fn bytes(&self) -> usize {
        self.before.0.len() * std::mem::size_of::<(u32, u32)>() + self.after.len()
    }
}

/// The part of the box `at` where the pixels `after` differ from `before` (both its
/// rows one after another); an empty box at its corner where none does.
fn changed_part(at: PixelBox, before: &[u8], after: &[u8]) -> PixelBox {
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
    changed.unwrap_or((at.0, at.1, at.0, at.1))
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

/// The kept sprites, by the hash of their kind and key.
#[derive(Default)]
struct Sprites {
    by_hash: HashMap<u64, Vec<Sprite>>,
    bytes: usize,
    clock: u64,
}

static SPRITES: LazyLock<Mutex<Sprites>> = LazyLock::new(|| Mutex::new(Sprites::default()));

/// Hashes the kinds of keys apart: two kinds' keys may hash alike as values.
static HASHER: LazyLock<std::collections::hash_map::RandomState> =
    LazyLock::new(std::collections::hash_map::RandomState::new);

fn hash_of<K: Hash + 'static>(key: &K) -> u64 {
    HASHER.hash_one((TypeId::of::<K>(), key))
}

impl Sprites {
    /// Drops the least recently used sprites until `room` more bytes fit.
    fn make_room(&mut self, room: usize) {
        while self.bytes + room > MAX_BYTES {
            let oldest = self
                .by_hash
                .iter()
                .flat_map(|(h, v)| v.iter().enumerate().map(move |(i, s)| (s.used, *h, i)))
                .min();
            let Some((_, hash, i)) = oldest else { return };
            if let Some(list) = self.by_hash.get_mut(&hash) {
                let gone = list.swap_remove(i);
                self.bytes -= gone.bytes();
                if list.is_empty() {
                    self.by_hash.remove(&hash);
                }
            }
        }
    }
}

/// Draws with `draw`, which touches no pixel outside `at`, or copies in what it drew
/// the last time it was given the same `key` over the same pixels. `key` holds every
/// parameter of the drawing; its type tells the kinds of sprites apart.
pub fn draw_kept<K: Hash + Eq + Send + 'static>(
    canvas: &mut Canvas,
    key: K,
    at: PixelBox,
    draw: impl FnOnce(&mut Canvas),
) {
    let (x0, y0, x1, y1) = at;
    if !super::cache::enabled() || x0 >= x1 || y0 >= y1 {
        return draw(canvas);
    }
    if (x1 - x0) as usize * (y1 - y0) as usize * 4 > MAX_BYTES / 16 {
        return draw(canvas);
    }
    let hash = hash_of(&key);
    let same = |s: &Sprite| s.at == at && s.key.downcast_ref::<K>() == Some(&key);
    {
        let mut sprites = SPRITES.lock().unwrap_or_else(|e| e.into_inner());
        sprites.clock += 1;
        let now = sprites.clock;
        if let Some(list) = sprites.by_hash.get_mut(&hash) {
            if let Some(s) = list
                .iter_mut()
                .find(|s| same(s) && s.before.matches(canvas.box_rows(at)))
            {
                s.used = now;
                canvas.put_part(at, &s.after, s.changed);
                return;
            }
        }
    }
    // Drawn outside the lock, so that another thread's image need not wait.
    let before = Runs::of(canvas.box_rows(at));
    let under: Vec<u8> = canvas.box_rows(at).flatten().copied().collect();
    draw(canvas);
    let after: Vec<u8> = canvas.box_rows(at).flatten().copied().collect();
    let changed = changed_part(at, &under, &after);
    let mut sprites = SPRITES.lock().unwrap_or_else(|e| e.into_inner());
    // Two threads may have drawn the same sprite at once: keep one.
    let known = sprites
        .by_hash
        .get(&hash)
        .is_some_and(|list| list.iter().any(|s| same(s) && s.before == before));
    if known {
        return;
    }
    let sprite = Sprite {
        key: Box::new(key),
        at,
        before,
        after,
        changed,
        used: sprites.clock,
    };
    let size = sprite.bytes();
    sprites.make_room(size);
    sprites.by_hash.entry(hash).or_default().push(sprite);
    sprites.bytes += size;
}

/// How many sprites are kept, and their bytes.
pub fn kept() -> (usize, usize) {
    let sprites = SPRITES.lock().unwrap_or_else(|e| e.into_inner());
    (sprites.by_hash.values().map(Vec::len).sum(), sprites.bytes)
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

    fn draw_stone(canvas: &mut Canvas, (x, y): (f32, f32), fill: Colour) {
        let style = StoneStyle {
            fill,
            outline: Rgba([20, 20, 20, 255]),
        };
        stone(
            canvas,
            (x, y),
            17.3,
            2.0,
            style,
            Rgba([0, 0, 0, 90]),
            (1.2, 2.1),
        );
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
            without_cache(|| draw_stone(&mut direct, at, fill));
            for round in 0..2 {
                let mut kept = ground(seed);
                draw_stone(&mut kept, at, fill);
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
        draw_stone(&mut first, (60.0, 45.0), white);
        // One pixel under the stone's shadow changed: the stone must be drawn anew.
        let mut other = ground(7);
        let at = (75, 62, 76, 63);
        other.put_part(at, &[1, 2, 3, 255], at);
        let mut direct = Canvas::from_image(other.image().clone());
        draw_stone(&mut other, (60.0, 45.0), white);
        without_cache(|| draw_stone(&mut direct, (60.0, 45.0), white));
        assert!(other.image() == direct.image());
        assert!(other.image() != first.image());
    }

    #[test]
    fn sprites_of_two_kinds_with_equal_keys_are_kept_apart() {
        // Two kinds whose keys are the same value, drawn at the same place over the same
        // pixels: each is given its own pixels back.
        #[derive(Hash, PartialEq, Eq)]
        struct Red(u32);
        #[derive(Hash, PartialEq, Eq)]
        struct Blue(u32);
        let at = (10, 10, 20, 20);
        let fill =
            |colour: Colour| move |canvas: &mut Canvas| canvas.fill_rect(10, 10, 10, 10, colour);
        let (red, blue) = (Rgba([255, 0, 0, 255]), Rgba([0, 0, 255, 255]));
        for _ in 0..2 {
            let mut canvas = ground(9);
            draw_kept(&mut canvas, Red(1), at, fill(red));
            assert_eq!(*canvas.image().get_pixel(15, 15), red);
            let mut canvas = ground(9);
            draw_kept(&mut canvas, Blue(1), at, fill(blue));
            assert_eq!(*canvas.image().get_pixel(15, 15), blue);
        }
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
