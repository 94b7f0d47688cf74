//! What never changes per game, size, side and language, drawn once: the card with its
//! empty board (rim, wood, lines, marks, coordinates, legends). Each image starts as a
//! copy of its background and draws only what the position adds, as lichess's GIF
//! service does with its pre-rendered boards.
//!
//! Backgrounds are one to four megabytes each, so few are kept: the most recently used
//! [`MAX_BACKGROUNDS`], enough for the boards a server draws in a busy hour (a game kind
//! and size, seen from each side) while staying a small part of the process's memory.
//! A board whose cells are tinted for the last turn keeps, beside its plain background,
//! one of its grid with every cell tinted each way: a tinted cell is copied from there,
//! the very pixels drawing it would make (a cell's pixels depend only on its own tint).
//!
//! The renderers draw the same pixels with or without the cache ([`without_cache`] draws
//! everything each time, in the order the renderers always did, for tests and for benches
//! that measure what the cache saves).

use super::raster::Canvas;
use super::theme::Colour;
use crate::i18n::Lang;
use image::RgbaImage;
use std::cell::Cell;
use std::sync::{Arc, LazyLock, Mutex};

/// How many backgrounds are kept at most.
pub const MAX_BACKGROUNDS: usize = 16;

/// What a background depends on: the game (and what part of its board: the plain one,
/// or every cell highlighted), its size in cells, the side it is seen from, the
/// language of its words (renderers whose backgrounds have no words use [`Lang::En`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub game: &'static str,
    pub size: u32,
    pub view: u8,
    pub lang: Lang,
}

struct Entry {
    key: Key,
    image: Arc<RgbaImage>,
    used: u64,
}

static BACKGROUNDS: LazyLock<Mutex<(u64, Vec<Entry>)>> =
    LazyLock::new(|| Mutex::new((0, Vec::new())));

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
}

/// Runs `f` with every image on this thread drawn whole, without the cache: the
/// renderers as they were before it, for measuring against and for tests.
pub fn without_cache<T>(f: impl FnOnce() -> T) -> T {
    let before = ENABLED.with(|e| e.replace(false));
    let out = f();
    ENABLED.with(|e| e.set(before));
    out
}

/// Whether images on this thread start from cached backgrounds and kept sprites.
pub fn enabled() -> bool {
    ENABLED.with(Cell::get)
}

/// The image kept as `key`, or the one `draw` makes now (then kept): shared, not copied.
pub fn image(key: Key, draw: impl FnOnce() -> RgbaImage) -> Arc<RgbaImage> {
    {
        let mut cache = BACKGROUNDS.lock().unwrap_or_else(|e| e.into_inner());
        let (clock, entries) = &mut *cache;
        *clock += 1;
        let now = *clock;
        if let Some(e) = entries.iter_mut().find(|e| e.key == key) {
            e.used = now;
            return e.image.clone();
        }
    }
    // Drawn outside the lock: two threads may both draw a new key once; the same pixels.
    let image = Arc::new(draw());
    let mut cache = BACKGROUNDS.lock().unwrap_or_else(|e| e.into_inner());
    let (clock, entries) = &mut *cache;
    entries.retain(|e| e.key != key);
    if entries.len() >= MAX_BACKGROUNDS {
        if let Some(oldest) = (0..entries.len()).min_by_key(|&i| entries[i].used) {
            entries.swap_remove(oldest);
        }
    }
    entries.push(Entry {
        key,
        image: image.clone(),
        used: *clock,
    });
    image
}

/// A canvas that starts as the background `key`: a copy of the one drawn before, or one
/// drawn now by `draw` on a card of `colour`, `width` × `height` (always, without the
/// cache).
pub fn background(
    key: Key,
    (width, height): (u32, u32),
    colour: Colour,
    draw: impl FnOnce(&mut Canvas),
) -> Canvas {
    let fresh = || {
        let mut canvas = Canvas::new(width, height, colour);
        draw(&mut canvas);
        canvas
    };
    if !enabled() {
        return fresh();
    }
    let image = image(key, || fresh().into_image());
    Canvas::from_image(copy_of(&image))
}

/// How many buffers of sent images are kept for the next images: one for each image
/// drawn at once on a 2-core machine (the table's drawing pool has a slot per core).
/// More would only add to the resident memory.
const MAX_SPARE: usize = 2;

/// Buffers of images already encoded, for the next ones to be drawn into. An image is a
/// copy of its background (2.5 MB for a 7×7 Sidja board); copied into fresh memory, the
/// first touch of each of its pages costs the kernel more than the copy itself.
static SPARE: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

/// A copy of `image`, in a kept buffer if there is one.
fn copy_of(image: &RgbaImage) -> RgbaImage {
    let spare = SPARE.lock().unwrap_or_else(|e| e.into_inner()).pop();
    let Some(mut buffer) = spare else {
        return image.clone();
    };
    buffer.clear();
    buffer.extend_from_slice(image.as_raw());
    RgbaImage::from_raw(image.width(), image.height(), buffer).unwrap_or_else(|| image.clone())
}

/// Gives back an image no longer needed (encoded and sent), for its buffer to be used
/// again by [`background`].
pub fn recycle(image: RgbaImage) {
    let mut spare = SPARE.lock().unwrap_or_else(|e| e.into_inner());
    if spare.len() < MAX_SPARE {
        spare.push(image.into_raw());
    }
}

/// The squares of a last turn's marks, `(square, mark)`, split by mark in the order of
/// `marks` (for example `[false, true]` for the squares left and reached); squares with
/// another mark are left out.
pub fn squares_by<M: PartialEq + Copy, const N: usize>(
    marked: &[(crate::games::Square, M)],
    marks: [M; N],
) -> [Vec<crate::games::Square>; N] {
    marks.map(|mark| {
        marked
            .iter()
            .filter(|(_, m)| *m == mark)
            .map(|(sq, _)| *sq)
            .collect()
    })
}

/// The start of a board image of squares: its header and its board without pieces, the
/// last turn's squares tinted (each square once, with one tint). From cached
/// backgrounds (`tinted_board`) then the header, or, without the cache, drawn whole
/// in the order the renderers always drew them: the header, then the board. The header
/// and the board touch no pixel in common, so either may come first.
pub fn board_and_header<const TINTS: usize>(
    names: (&'static str, [&'static str; TINTS]),
    (size, layout): (u32, &super::board::Layout),
    frame: Colour,
    tints: [(Colour, &[crate::games::Square]); TINTS],
    draw_empty: impl Fn(&mut Canvas, &dyn Fn(&mut Canvas)),
    header: impl FnOnce(&mut Canvas),
) -> Canvas {
    if enabled() {
        let mut canvas = tinted_board(names, (size, layout), frame, tints, draw_empty);
        header(&mut canvas);
        return canvas;
    }
    let grid = layout.grid;
    let mut canvas = Canvas::new(layout.width, layout.height, frame);
    header(&mut canvas);
    draw_empty(&mut canvas, &|canvas| {
        for (colour, squares) in tints {
            for sq in squares {
                super::board::highlight_cell(canvas, &grid, sq.file, sq.rank, colour);
            }
        }
    });
    canvas
}

/// A board of squares without pieces, from cached backgrounds, the last turn's squares
/// tinted: the plain board (`names.0`), and for each tint the board's grid with every
/// square tinted so (`names.1`), from which the tinted squares are copied. `draw_empty`
/// draws the board on a canvas, calling its second argument where the tints go (after
/// the wood, before the lines drawn over them). A square's pixels depend only on its
/// own tint: a tint fills its square, and what is drawn over it is the same whatever
/// the tint.
fn tinted_board<const TINTS: usize>(
    (plain, tinted_names): (&'static str, [&'static str; TINTS]),
    (size, layout): (u32, &super::board::Layout),
    frame: Colour,
    tints: [(Colour, &[crate::games::Square]); TINTS],
    draw_empty: impl Fn(&mut Canvas, &dyn Fn(&mut Canvas)),
) -> Canvas {
    let grid = layout.grid;
    let key = |game| Key {
        game,
        size,
        view: grid.flipped as u8,
        lang: Lang::En,
    };
    let mut canvas = background(key(plain), (layout.width, layout.height), frame, |canvas| {
        draw_empty(canvas, &|_| {})
    });
    let area = (grid.left, grid.top, grid.width(), grid.height());
    for (name, (colour, squares)) in tinted_names.into_iter().zip(tints) {
        if squares.is_empty() {
            continue;
        }
        let tinted = image(key(name), || {
            let mut full = Canvas::new(layout.width, layout.height, frame);
            draw_empty(&mut full, &|canvas| {
                for rank in 0..grid.ranks {
                    for file in 0..grid.files {
                        super::board::highlight_cell(canvas, &grid, file, rank, colour);
                    }
                }
            });
            image::imageops::crop_imm(full.image(), area.0, area.1, area.2, area.3).to_image()
        });
        for sq in squares {
            let (x, y) = grid.cell_origin(sq.file, sq.rank);
            canvas.copy_from(&tinted, (area.0, area.1), (x, y, grid.cell, grid.cell));
        }
    }
    canvas
}
