//! What never changes per game, size, side and language, drawn once (issue 19): the card
//! with its empty board (rim, wood, lines, marks, coordinates, legends). Each image starts
//! as a copy of its background and draws only what the position adds, as lichess's GIF
//! service does with its pre-rendered boards.
//!
//! Backgrounds are a few megabytes each, so few are kept: the most recently used
//! [`MAX_BACKGROUNDS`], enough for every board a server draws in a busy hour (a game
//! kind and size, seen from each side, in one language) while staying a small part of
//! the process's memory.
//!
//! The renderers draw the same pixels with or without the cache ([`without_cache`] draws
//! everything each time, in the order the renderers always did, for the benches' "before"
//! and for tests).

use super::raster::Canvas;
use super::theme::Colour;
use crate::i18n::Lang;
use image::RgbaImage;
use std::cell::Cell;
use std::sync::{Arc, LazyLock, Mutex};

/// How many backgrounds are kept at most.
pub const MAX_BACKGROUNDS: usize = 12;

/// What a background depends on: the game (and variant) drawn, its size in cells, the
/// side it is seen from, the language of its words.
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

/// Whether images on this thread start from cached backgrounds.
pub fn enabled() -> bool {
    ENABLED.with(Cell::get)
}

/// A canvas that starts as the background `key`: a copy of the one drawn before, or one
/// drawn now by `draw` on a card of `colour`.
pub fn background(
    key: Key,
    (width, height): (u32, u32),
    colour: Colour,
    draw: impl FnOnce(&mut Canvas),
) -> Canvas {
    let found = {
        let mut cache = BACKGROUNDS.lock().unwrap_or_else(|e| e.into_inner());
        let (clock, entries) = &mut *cache;
        *clock += 1;
        let now = *clock;
        entries.iter_mut().find(|e| e.key == key).map(|e| {
            e.used = now;
            e.image.clone()
        })
    };
    if let Some(image) = found {
        if image.dimensions() == (width, height) {
            return Canvas::from_image((*image).clone());
        }
    }
    let mut canvas = Canvas::new(width, height, colour);
    draw(&mut canvas);
    let image = Arc::new(canvas.image().clone());
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
        image,
        used: *clock,
    });
    canvas
}

/// How many backgrounds are kept now.
pub fn backgrounds_kept() -> usize {
    BACKGROUNDS.lock().unwrap_or_else(|e| e.into_inner()).1.len()
}
