//! A whole game as an animated GIF (issue 18): a title card with the players, then the
//! board after every turn, each drawn by the game's own renderer exactly as the still
//! images are (the last turn highlighted), the last frame held longer.
//!
//! - **Frames**: the game's log is replayed from the start; a frame follows each turn
//!   (all the actions one player made in a row: a sidja capture chain, two placements)
//!   and each ending (resignation, timeout, agreed draw), so a game of `T` turns and `E`
//!   endings has `1 + T + E` frames. The last frame is the final position, the result in
//!   its header, and is held [`LAST_DELAY`].
//! - **Size**: the frames are the size of the still images, unscaled.
//! - **One palette** for all frames, chosen once from the title card, the first, middle
//!   and last positions: the most frequent colours exactly (the flat areas: card, wood,
//!   stones, pieces, text), then the colours farthest from those (edges' and text's
//!   in-between shades), 255 in all; every other colour is drawn with its nearest entry.
//!   The choice depends only on the pictures, so the same game gives the same bytes.
//! - **Differences**: each frame after the first covers only the rectangle of pixels
//!   that changed since the one before, pixels that did not change in it transparent
//!   (index 255), kept over the previous frame. Long transparent runs cost LZW almost
//!   nothing, so a frame costs about what its changes do.
//!
//! Pure: the bytes are returned, nothing is written.

use super::canvas::{draw_player_line, Canvas, PlayerLine, Theme, THEME};
use super::font::Weight;
use super::header::TITLE_PX;
use super::lzw::Lzw;
use super::{game_title, render_image, seat_icon, RenderOptions};
use crate::games::LogEntry;
use crate::games::{AnyGame, Game, Seat};
use crate::msg;
use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbaImage;
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// How long the title card shows, in hundredths of a second.
pub const TITLE_DELAY: u16 = 250;
/// How long each turn shows.
pub const TURN_DELAY: u16 = 100;
/// How long the last frame (the result, or the position so far) shows before the loop.
pub const LAST_DELAY: u16 = 500;

/// The palette index of pixels that show the frame below: unchanged ones, and the
/// image's rounded corners.
const TRANSPARENT: u8 = 255;

/// The positions a replay shows: the game after each turn and each ending, in order.
pub fn turn_positions(game: &AnyGame) -> Vec<AnyGame> {
    let mut position = game.game_options().start();
    let log = game.log();
    let mut positions = Vec::new();
    for (i, (seat, entry)) in log.iter().enumerate() {
        let before = position.history().len();
        let applied = match entry {
            LogEntry::Ending(ending) => position.end(*seat, *ending).map(|_| ()),
            LogEntry::Action(text) => position.play(text).map(|_| ()),
        };
        // A log that does not replay (never from a game that was played) ends the replay
        // where it stops making sense rather than failing the whole export.
        if applied.is_err() {
            break;
        }
        let turn_over = match entry {
            LogEntry::Ending(_) => true,
            LogEntry::Action(_) => {
                position.outcome().is_some()
                    || position.to_move() != Some(*seat)
                    // An automatic pass came between: the same player again, a new turn.
                    || position.history().len() > before + 1
                    || matches!(log.get(i + 1), Some((_, LogEntry::Ending(_))) | None)
            }
        };
        if turn_over {
            positions.push(position.clone());
        }
    }
    positions
}

/// The whole game as an animated GIF: a title card, the board after every turn, the
/// final position held longer. `game` is the game as it stands (finished or not); its
/// log is replayed from the start.
pub fn game_gif(game: &AnyGame, opts: &RenderOptions) -> Vec<u8> {
    game_gif_with_progress(game, opts, Threads::One, &mut |_, _| {})
}

/// [`game_gif`] on the threads given (the same bytes either way).
pub fn game_gif_on(game: &AnyGame, opts: &RenderOptions, threads: Threads) -> Vec<u8> {
    game_gif_with_progress(game, opts, threads, &mut |_, _| {})
}

/// How many threads make a replay: one draws and compresses each frame in turn; with
/// two, one draws the frames ahead while the other compresses them (about 40 % less
/// time where a second core is free).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Threads {
    One,
    Two,
}

/// [`game_gif_on`], calling `progress(done, total)` after each frame.
pub fn game_gif_with_progress(
    game: &AnyGame,
    opts: &RenderOptions,
    threads: Threads,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<u8> {
    let positions = turn_positions(game);
    let start = game.game_options().start();
    let first = render_image(positions.first().unwrap_or(&start), opts);
    let (width, height) = first.dimensions();
    let title = title_card(game, opts, positions.len(), width, height);

    // The palette from the pictures that show most of what any frame will: the card, the
    // first and last positions and one in the middle.
    let last = positions.last().map(|p| render_image(p, opts));
    let middle = (positions.len() > 2).then(|| render_image(&positions[positions.len() / 2], opts));
    let mut samples = vec![&title, &first];
    samples.extend(middle.as_ref());
    samples.extend(last.as_ref());
    let mut quantizer = Quantizer::from_samples(&samples);

    let mut out = Vec::with_capacity(64 * 1024 + positions.len() * 16 * 1024);
    let mut encoder = Encoder::new(
        &mut out,
        width as u16,
        height as u16,
        &quantizer.palette_rgb(),
    )
    .expect("writing to memory cannot fail");
    encoder
        .set_repeat(Repeat::Infinite)
        .expect("writing to memory cannot fail");

    let total = positions.len() + 1;
    let mut indices = Vec::new();
    let delay = |i: usize| match i {
        _ if i + 1 == total => LAST_DELAY,
        0 => TITLE_DELAY,
        _ => TURN_DELAY,
    };
    let mut lzw = Lzw::new();
    let mut packed = Vec::new();
    let frame = quantizer.full_frame(&title, &mut indices, delay(0));
    write_frame(&mut encoder, &mut lzw, &frame, &mut packed);
    progress(1, total);

    let draw = |i: usize, position: &AnyGame| match (&last, i + 1 == positions.len(), i) {
        (Some(last), true, _) => last.clone(),
        (_, _, 0) => first.clone(),
        _ => render_image(position, opts),
    };
    let mut previous = title;
    let mut add = |i: usize, image: RgbaImage| {
        let frame = if image.dimensions() == previous.dimensions() {
            quantizer.delta_frame(&previous, &image, &mut indices, delay(i + 1))
        } else {
            // Never from one game (its images keep their size), but a full frame is right
            // whatever the sizes.
            quantizer.full_frame(&image, &mut indices, delay(i + 1))
        };
        write_frame(&mut encoder, &mut lzw, &frame, &mut packed);
        previous = image;
        progress(i + 2, total);
    };
    match threads {
        Threads::One => {
            for (i, position) in positions.iter().enumerate() {
                add(i, draw(i, position));
            }
        }
        // The frames are drawn ahead on a second thread (two at most waiting), while
        // this one compares and compresses them: the same frames, in the same order.
        Threads::Two => std::thread::scope(|scope| {
            let (drawn, frames) = std::sync::mpsc::sync_channel(2);
            let (draw, positions) = (&draw, &positions);
            scope.spawn(move || {
                for (i, position) in positions.iter().enumerate() {
                    if drawn.send(draw(i, position)).is_err() {
                        return;
                    }
                }
            });
            for (i, image) in frames.into_iter().enumerate() {
                add(i, image);
            }
        }),
    }
    drop(encoder);
    out
}

/// Writes a frame of palette indices, compressed by our LZW (see [`super::lzw`]).
fn write_frame(
    encoder: &mut Encoder<&mut Vec<u8>>,
    lzw: &mut Lzw,
    frame: &Frame<'_>,
    packed: &mut Vec<u8>,
) {
    packed.clear();
    lzw.encode(&frame.buffer, packed);
    let frame = Frame {
        buffer: Cow::Borrowed(packed.as_slice()),
        ..frame.clone()
    };
    encoder
        .write_lzw_pre_encoded_frame(&frame)
        .expect("writing to memory cannot fail");
}

/// The first frame: the game's title, each player with their colour, and how many
/// turns follow.
pub fn title_card(
    game: &AnyGame,
    opts: &RenderOptions,
    turns: usize,
    width: u32,
    height: u32,
) -> RgbaImage {
    let theme: &Theme = &THEME;
    let mut canvas = Canvas::new(width, height, theme.frame);
    let seats = Seat::all(game.seat_count());
    let names: Vec<String> = seats.iter().map(|s| opts.name(*s)).collect();
    let (row_h, gap, title_px, px) = (48.0, 10.0, TITLE_PX * 1.4, 30.0);
    let block_w = (width as f32 - 80.0).clamp(0.0, 600.0);
    let block_h = title_px + 36.0 + seats.len() as f32 * (row_h + gap) + 24.0 + 30.0;
    let left = (width as f32 - block_w) / 2.0;
    let mut y = ((height as f32 - block_h) / 2.0).max(16.0);

    let title = super::canvas::fit_text(
        &game_title(game, opts.lang),
        Weight::Bold,
        title_px,
        block_w,
    );
    let baseline = y + Canvas::cap_height(Weight::Bold, title_px);
    canvas.text_centred(
        &title,
        Weight::Bold,
        title_px,
        (
            width as f32 / 2.0,
            baseline - Canvas::cap_height(Weight::Bold, title_px) / 2.0,
        ),
        theme.text,
    );
    y = baseline + 36.0;
    // A thin rule under the title, in the accent.
    canvas.fill_rect(
        (left + block_w * 0.3) as i32,
        (y - 18.0) as i32,
        (block_w * 0.4) as u32,
        2,
        theme.accent,
    );

    for (seat, name) in seats.iter().zip(&names) {
        let (icon, glyph) = seat_icon(game, *seat);
        let line = PlayerLine {
            icon,
            glyph,
            name,
            detail: "",
            active: false,
        };
        draw_player_line(&mut canvas, &line, (left, y, block_w, row_h), px, theme);
        y += row_h + gap;
    }

    let turns = msg!("render-gif-turns", turns = turns).tr(opts.lang);
    canvas.text_centred(
        &turns,
        Weight::Regular,
        24.0,
        (width as f32 / 2.0, y + 24.0),
        theme.text_dim,
    );
    canvas.round_corners(14.0);
    canvas.into_image()
}

/// FxHash's multiply-and-rotate, for the colour tables: a colour is one `u32`, hashed
/// once per distinct colour run, where SipHash would dominate.
#[derive(Default)]
struct ColourHasher(u64);

impl Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(*b as u64);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type ColourMap<V> = HashMap<u32, V, BuildHasherDefault<ColourHasher>>;

/// An RGBA pixel as one number.
#[inline]
fn key(px: &[u8]) -> u32 {
    u32::from_le_bytes([px[0], px[1], px[2], px[3]])
}

/// A distance between colours that weighs green most, as eyes do.
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).pow(2) as u32;
    2 * d(0) + 4 * d(1) + 3 * d(2)
}

/// The shared palette and the index of every colour met so far.
struct Quantizer {
    palette: Vec<[u8; 3]>,
    index: ColourMap<u8>,
}

impl Quantizer {
    /// The palette of the sample images (see the module's comment).
    fn from_samples(samples: &[&RgbaImage]) -> Quantizer {
        let mut counts: ColourMap<u32> = ColourMap::default();
        for image in samples {
            let mut last = None;
            for px in image.as_raw().chunks_exact(4) {
                if px[3] < 128 {
                    continue;
                }
                let k = key(px) | 0xff00_0000;
                // Runs of one colour are counted once a pixel without a lookup each.
                match last {
                    Some((lk, ref mut n)) if lk == k => *n += 1,
                    _ => {
                        if let Some((lk, n)) = last {
                            *counts.entry(lk).or_insert(0) += n;
                        }
                        last = Some((k, 1));
                    }
                }
            }
            if let Some((lk, n)) = last {
                *counts.entry(lk).or_insert(0) += n;
            }
        }
        let rgb = |k: u32| {
            let b = k.to_le_bytes();
            [b[0], b[1], b[2]]
        };
        let mut colours: Vec<(u32, u32)> = counts.into_iter().collect();
        // The most frequent first; equal counts by colour, so the order is fixed.
        colours.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        const SLOTS: usize = TRANSPARENT as usize;
        const FREQUENT: usize = 176;
        let mut palette: Vec<[u8; 3]> = colours.iter().take(FREQUENT).map(|c| rgb(c.0)).collect();
        // Then, one at a time, the colour farthest from every entry so far (weighed a
        // little by how often it appears), so edges' shades spread over the gaps.
        let rest: Vec<([u8; 3], u32)> = colours
            .iter()
            .skip(FREQUENT)
            .map(|c| (rgb(c.0), c.1))
            .collect();
        let mut nearest: Vec<u32> = rest
            .iter()
            .map(|(c, _)| {
                palette
                    .iter()
                    .map(|p| distance(*c, *p))
                    .min()
                    .unwrap_or(u32::MAX)
            })
            .collect();
        while palette.len() < SLOTS {
            let best = rest
                .iter()
                .zip(&nearest)
                .enumerate()
                .filter(|(_, (_, d))| **d > 0)
                .max_by_key(|(i, ((_, count), d))| {
                    (
                        **d as u64 * (1 + (*count).min(16) as u64),
                        std::cmp::Reverse(*i),
                    )
                })
                .map(|(i, _)| i);
            let Some(best) = best else { break };
            let chosen = rest[best].0;
            palette.push(chosen);
            for ((c, _), d) in rest.iter().zip(nearest.iter_mut()) {
                *d = (*d).min(distance(*c, chosen));
            }
        }
        if palette.is_empty() {
            palette.push([0, 0, 0]);
        }
        Quantizer {
            palette,
            index: ColourMap::default(),
        }
    }

    /// The global colour table: the palette, then black up to 256 entries, the last of
    /// which is the transparent one.
    fn palette_rgb(&self) -> Vec<u8> {
        let mut rgb: Vec<u8> = self.palette.iter().flatten().copied().collect();
        rgb.resize(256 * 3, 0);
        rgb
    }

    /// The palette index of an RGBA pixel.
    #[inline]
    fn index_of(&mut self, px: &[u8]) -> u8 {
        if px[3] < 128 {
            return TRANSPARENT;
        }
        let k = key(px);
        if let Some(i) = self.index.get(&k) {
            return *i;
        }
        let c = [px[0], px[1], px[2]];
        let i = self
            .palette
            .iter()
            .enumerate()
            .min_by_key(|(_, p)| distance(c, **p))
            .map_or(0, |(i, _)| i as u8);
        self.index.insert(k, i);
        i
    }

    /// A frame of the whole image.
    fn full_frame<'a>(
        &mut self,
        image: &RgbaImage,
        indices: &'a mut Vec<u8>,
        delay: u16,
    ) -> Frame<'a> {
        indices.clear();
        let mut last: Option<(u32, u8)> = None;
        for px in image.as_raw().chunks_exact(4) {
            let k = key(px);
            let i = match last {
                Some((lk, li)) if lk == k => li,
                _ => self.index_of(px),
            };
            last = Some((k, i));
            indices.push(i);
        }
        frame(0, 0, image.width(), image.height(), indices, delay)
    }

    /// A frame of the rectangle where `image` differs from `previous`, unchanged pixels
    /// transparent.
    fn delta_frame<'a>(
        &mut self,
        previous: &RgbaImage,
        image: &RgbaImage,
        indices: &'a mut Vec<u8>,
        delay: u16,
    ) -> Frame<'a> {
        indices.clear();
        let mut changed_rows = Vec::new();
        let Some((left, top, right, bottom)) = changed_box(previous, image, &mut changed_rows)
        else {
            // Nothing changed: one transparent pixel keeps the frame and its time.
            indices.push(TRANSPARENT);
            return frame(0, 0, 1, 1, indices, delay);
        };
        let stride = image.width() as usize * 4;
        let (old, new) = (previous.as_raw(), image.as_raw());
        let width = (right - left) as usize;
        let mut last: Option<(u32, u8)> = None;
        for y in top..bottom {
            let at = y as usize * stride + left as usize * 4;
            let (old_row, new_row) = (&old[at..at + width * 4], &new[at..at + width * 4]);
            let start = indices.len();
            indices.resize(start + width, TRANSPARENT);
            if !changed_rows[y as usize] {
                continue;
            }
            let row = &mut indices[start..];
            // Pixels as whole words: one comparison each, most of them equal.
            let pixels = old_row.chunks_exact(4).zip(new_row.chunks_exact(4));
            for (slot, (o, n)) in row.iter_mut().zip(pixels) {
                let k = key(n);
                if key(o) == k {
                    continue;
                }
                *slot = match last {
                    Some((lk, li)) if lk == k => li,
                    _ => self.index_of(n),
                };
                last = Some((k, *slot));
            }
        }
        frame(left, top, right - left, bottom - top, indices, delay)
    }
}

/// A frame with the shared palette, drawn over the one before.
fn frame(left: u32, top: u32, width: u32, height: u32, indices: &[u8], delay: u16) -> Frame<'_> {
    Frame {
        delay,
        dispose: DisposalMethod::Keep,
        transparent: Some(TRANSPARENT),
        left: left as u16,
        top: top as u16,
        width: width as u16,
        height: height as u16,
        buffer: Cow::Borrowed(indices),
        ..Frame::default()
    }
}

/// The smallest box `(left, top, right, bottom)` (right and bottom exclusive) outside
/// which two images of one size are the same, or `None` if they are equal; `rows` gets
/// whether each row differs.
fn changed_box(a: &RgbaImage, b: &RgbaImage, rows: &mut Vec<bool>) -> Option<(u32, u32, u32, u32)> {
    let stride = a.width() as usize * 4;
    let (ra, rb) = (a.as_raw(), b.as_raw());
    rows.clear();
    rows.extend(
        ra.chunks_exact(stride)
            .zip(rb.chunks_exact(stride))
            .map(|(x, z)| x != z),
    );
    let top = rows.iter().position(|c| *c)?;
    let bottom = rows.iter().rposition(|c| *c)? + 1;
    let (mut left, mut right) = (a.width() as usize, 0);
    for y in top..bottom {
        if !rows[y] {
            continue;
        }
        let (x, z) = (&ra[y * stride..][..stride], &rb[y * stride..][..stride]);
        let pixels = || x.chunks_exact(4).zip(z.chunks_exact(4));
        if let Some(l) = pixels().position(|(p, q)| p != q) {
            left = left.min(l);
            let r = a.width() as usize - pixels().rev().position(|(p, q)| p != q).unwrap_or(0);
            right = right.max(r);
        }
    }
    Some((left as u32, top as u32, right as u32, bottom as u32))
}
