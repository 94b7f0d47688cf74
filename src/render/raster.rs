//! A canvas with anti-aliased shapes and text, which every board image is drawn on.
//!
//! Shapes are filled by coverage: a pixel on a shape's edge gets the fraction of it the
//! shape covers, estimated from the pixel centre's signed distance to the edge, and the
//! colour is blended in by that fraction. That gives smooth edges at any size without
//! supersampling. Shapes are convex, so each row of one is a single run: only its ends
//! are measured, and the run between is filled whole. Where an opaque shape is about to
//! cover part of another (a stone over its outline and its shadow), that part is left
//! out rather than drawn twice.

use super::font::{drawable, glyph_bitmap, Weight, SUBPIXEL_STEPS};
use super::theme::{Colour, StoneStyle};
use ab_glyph::{Font, GlyphId, PxScale, ScaleFont};
use image::RgbaImage;
use imageproc::rect::Rect;

/// Blends `colour` (straight alpha) over the RGBA pixel `px` with opacity `alpha`
/// (0 to 255, the colour's own alpha already applied).
#[inline]
fn blend(px: &mut [u8], colour: Colour, alpha: u32) {
    if alpha == 0 {
        return;
    }
    if alpha >= 255 {
        px.copy_from_slice(&[colour[0], colour[1], colour[2], 255]);
    } else if px[3] == 255 {
        // The common case, over an opaque pixel: exact integer arithmetic.
        let keep = 255 - alpha;
        for i in 0..3 {
            px[i] = ((colour[i] as u32 * alpha + px[i] as u32 * keep + 127) / 255) as u8;
        }
    } else {
        let a = alpha as f32 / 255.0;
        let below = px[3] as f32 / 255.0 * (1.0 - a);
        let out = a + below;
        for i in 0..3 {
            px[i] = ((colour[i] as f32 * a + px[i] as f32 * below) / out + 0.5) as u8;
        }
        px[3] = (out * 255.0 + 0.5) as u8;
    }
}

/// The pixels of row `y` (from, to) that the disc `(cx, cy, r)` covers fully.
fn full_run((cx, cy, r): (f32, f32, f32), y: u32) -> (u32, u32) {
    let dy = y as f32 + 0.5 - cy;
    let reach = r - 0.5;
    if reach <= 0.0 || dy.abs() >= reach {
        return (0, 0);
    }
    let half = (reach * reach - dy * dy).sqrt();
    let from = (cx - half - 0.5).ceil().max(0.0) as u32;
    let to = (cx + half - 0.5).floor().max(-1.0) + 1.0;
    (from, to as u32)
}

/// The opacity to blend `colour` with at `coverage` (0 to 1).
#[inline]
fn alpha_at(colour: Colour, coverage: f32) -> u32 {
    (colour[3] as f32 * coverage.min(1.0) + 0.5) as u32
}

/// Pixel coverage from a signed distance to a shape's edge (negative inside).
#[inline]
fn coverage(distance: f32) -> f32 {
    (0.5 - distance).clamp(0.0, 1.0)
}

/// The coverage of a rounded rectangle centred on `(cx, cy)`, its straight sides reaching
/// `hx` and `hy` from the centre and its corners of radius `r` beyond them.
fn rounded_rect_cover(cx: f32, cy: f32, hx: f32, hy: f32, r: f32) -> impl Fn(f32, f32) -> f32 {
    move |px, py| {
        let qx = (px - cx).abs() - hx;
        let qy = (py - cy).abs() - hy;
        let outside = if qx > 0.0 && qy > 0.0 {
            qx.hypot(qy)
        } else {
            qx.max(qy)
        };
        coverage(outside - r)
    }
}

/// A piece of text in one weight and colour, for lines made of several.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    pub text: String,
    pub weight: Weight,
    pub colour: Colour,
}

impl Span {
    pub fn new(text: impl Into<String>, weight: Weight, colour: Colour) -> Span {
        Span {
            text: text.into(),
            weight,
            colour,
        }
    }
}

/// A box of pixels `(x0, y0, x1, y1)`, right and bottom excluded.
pub type PixelBox = (u32, u32, u32, u32);

/// The smallest box holding both.
pub fn union(a: PixelBox, b: PixelBox) -> PixelBox {
    (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3))
}

/// An image being drawn.
pub struct Canvas {
    img: RgbaImage,
}

impl Canvas {
    /// A canvas filled with one colour.
    pub fn new(width: u32, height: u32, background: Colour) -> Canvas {
        Canvas {
            img: RgbaImage::from_pixel(width, height, background),
        }
    }

    pub fn width(&self) -> u32 {
        self.img.width()
    }

    pub fn height(&self) -> u32 {
        self.img.height()
    }

    /// The image drawn.
    pub fn into_image(self) -> RgbaImage {
        self.img
    }

    /// A canvas that starts as `img`.
    pub fn from_image(img: RgbaImage) -> Canvas {
        Canvas { img }
    }

    /// The image drawn so far.
    pub fn image(&self) -> &RgbaImage {
        &self.img
    }

    /// Replaces the rectangle `(x, y, width, height)` of this canvas by the pixels of
    /// `from` whose top-left corner stands at `(from_x, from_y)` of the canvas (a part of
    /// a cached background); what falls outside either is left.
    pub fn copy_from(
        &mut self,
        from: &RgbaImage,
        (from_x, from_y): (u32, u32),
        (x, y, width, height): (u32, u32, u32, u32),
    ) {
        let (w, h) = (self.img.width(), self.img.height());
        let x0 = x.max(from_x);
        let y0 = y.max(from_y);
        let x1 = (x + width).min(w).min(from_x + from.width());
        let y1 = (y + height).min(h).min(from_y + from.height());
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let (stride, from_stride) = (w as usize * 4, from.width() as usize * 4);
        let len = (x1 - x0) as usize * 4;
        for row in y0..y1 {
            let at = row as usize * stride + x0 as usize * 4;
            let src = (row - from_y) as usize * from_stride + (x0 - from_x) as usize * 4;
            self.img.as_mut()[at..at + len].copy_from_slice(&from.as_raw()[src..src + len]);
        }
    }

    /// The box of pixels a shape reaching `reach` pixels from `(cx, cy)` may touch,
    /// clipped to the canvas (what a sprite of it keeps).
    pub fn box_around(&self, (cx, cy): (f32, f32), reach: f32) -> PixelBox {
        self.clip((
            cx - reach - 1.0,
            cy - reach - 1.0,
            cx + reach + 1.0,
            cy + reach + 1.0,
        ))
    }

    /// The rows of pixels of the box `(x0, y0, x1, y1)`, top to bottom.
    pub(super) fn box_rows(&self, (x0, y0, x1, y1): PixelBox) -> impl Iterator<Item = &[u8]> + '_ {
        let stride = self.img.width() as usize * 4;
        let len = (x1 - x0) as usize * 4;
        (y0..y1).map(move |y| {
            let at = y as usize * stride + x0 as usize * 4;
            &self.img.as_raw()[at..at + len]
        })
    }

    /// Writes the part `(px0, py0, px1, py1)` of the box's `pixels` (its rows one after
    /// another), which lies within the box.
    pub(super) fn put_part(
        &mut self,
        (x0, y0, x1, _): PixelBox,
        pixels: &[u8],
        (px0, py0, px1, py1): PixelBox,
    ) {
        if px0 >= px1 || py0 >= py1 {
            return;
        }
        let stride = self.img.width() as usize * 4;
        let width = (x1 - x0) as usize * 4;
        let (skip, len) = ((px0 - x0) as usize * 4, (px1 - px0) as usize * 4);
        for y in py0..py1 {
            let from = &pixels[(y - y0) as usize * width + skip..][..len];
            let at = y as usize * stride + px0 as usize * 4;
            self.img.as_mut()[at..at + len].copy_from_slice(from);
        }
    }

    /// The bytes of pixels `x0..x1` of row `y`.
    fn row(&mut self, y: u32, x0: u32, x1: u32) -> &mut [u8] {
        let start = (y as usize * self.img.width() as usize + x0 as usize) * 4;
        let end = start + (x1 - x0) as usize * 4;
        &mut self.img.as_mut()[start..end]
    }

    /// Fills pixels `x0..x1` of row `y` with `colour` (blended if it has alpha).
    fn fill_span(&mut self, y: u32, x0: u32, x1: u32, colour: Colour) {
        if x0 >= x1 {
            return;
        }
        let alpha = colour[3] as u32;
        let row = self.row(y, x0, x1);
        if alpha == 255 {
            // Four pixels at a time: wide stores for long runs.
            let c = colour.0;
            let quad = [
                c[0], c[1], c[2], c[3], c[0], c[1], c[2], c[3], c[0], c[1], c[2], c[3], c[0], c[1],
                c[2], c[3],
            ];
            let mut quads = row.chunks_exact_mut(16);
            for q in &mut quads {
                q.copy_from_slice(&quad);
            }
            for px in quads.into_remainder().chunks_exact_mut(4) {
                px.copy_from_slice(&c);
            }
        } else {
            for px in row.chunks_exact_mut(4) {
                blend(px, colour, alpha);
            }
        }
    }

    /// Blends one pixel by a coverage.
    #[inline]
    fn cover_pixel(&mut self, x: u32, y: u32, colour: Colour, coverage: f32) {
        if coverage > 0.0 {
            let i = (y as usize * self.img.width() as usize + x as usize) * 4;
            blend(
                &mut self.img.as_mut()[i..i + 4],
                colour,
                alpha_at(colour, coverage),
            );
        }
    }

    /// The pixel range a box covers, clipped to the canvas.
    fn clip(&self, (x0, y0, x1, y1): (f32, f32, f32, f32)) -> (u32, u32, u32, u32) {
        let (w, h) = (self.img.width() as f32, self.img.height() as f32);
        (
            x0.floor().clamp(0.0, w) as u32,
            y0.floor().clamp(0.0, h) as u32,
            x1.ceil().clamp(0.0, w) as u32,
            y1.ceil().clamp(0.0, h) as u32,
        )
    }

    /// Fills a convex shape inside a box, given the coverage of each pixel centre.
    ///
    /// Each row of a convex shape is one run: partly covered pixels at its ends and
    /// fully covered ones between. So `cover` is asked only from each end of the row
    /// inwards until a fully covered pixel; the run between is filled at once.
    fn fill_convex(
        &mut self,
        bbox: (f32, f32, f32, f32),
        colour: Colour,
        cover: impl Fn(f32, f32) -> f32,
    ) {
        self.fill_convex_around(bbox, colour, cover, |_| (0, 0));
    }

    /// [`Canvas::fill_convex`], leaving out of each row `y` the pixels `hole(y)` (a start
    /// and an end), which something opaque will cover next.
    fn fill_convex_around(
        &mut self,
        bbox: (f32, f32, f32, f32),
        colour: Colour,
        cover: impl Fn(f32, f32) -> f32,
        hole: impl Fn(u32) -> (u32, u32),
    ) {
        let (xa, ya, xb, yb) = self.clip(bbox);
        for y in ya..yb {
            let py = y as f32 + 0.5;
            let mut left = xa;
            while left < xb {
                let c = cover(left as f32 + 0.5, py);
                if c >= 1.0 {
                    break;
                }
                self.cover_pixel(left, y, colour, c);
                left += 1;
            }
            if left == xb {
                continue;
            }
            let mut right = xb;
            while right > left + 1 {
                let c = cover(right as f32 - 0.5, py);
                if c >= 1.0 {
                    break;
                }
                self.cover_pixel(right - 1, y, colour, c);
                right -= 1;
            }
            let (h0, h1) = hole(y);
            if h0 >= h1 || h1 <= left || h0 >= right {
                self.fill_span(y, left, right, colour);
            } else {
                self.fill_span(y, left, h0.max(left), colour);
                self.fill_span(y, h1.min(right), right, colour);
            }
        }
    }

    /// Fills a pixel-aligned rectangle; a colour with alpha is blended.
    pub fn fill_rect(&mut self, x: i32, y: i32, width: u32, height: u32, colour: Colour) {
        if width == 0 || height == 0 {
            return;
        }
        let bounds = Rect::at(0, 0).of_size(self.img.width(), self.img.height());
        let Some(r) = bounds.intersect(Rect::at(x, y).of_size(width, height)) else {
            return;
        };
        let (x0, x1) = (r.left() as u32, r.right() as u32 + 1);
        for row in r.top() as u32..=r.bottom() as u32 {
            self.fill_span(row, x0, x1, colour);
        }
    }

    /// Fills a rectangle with rounded corners of radius `r`, smooth at any position.
    pub fn fill_rounded_rect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, colour: Colour) {
        self.fill_rounded_rect_around((x, y, w, h), r, colour, (0, 0, 0, 0));
    }

    /// [`Canvas::fill_rounded_rect`] around a hole `(left, top, right, bottom)` in whole
    /// pixels that something opaque will cover next: a frame.
    pub fn fill_rounded_rect_around(
        &mut self,
        (x, y, w, h): (f32, f32, f32, f32),
        r: f32,
        colour: Colour,
        (hl, ht, hr, hb): (u32, u32, u32, u32),
    ) {
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        let (hx, hy) = (w / 2.0 - r, h / 2.0 - r);
        let hole = |row: u32| {
            if (ht..hb).contains(&row) {
                (hl, hr)
            } else {
                (0, 0)
            }
        };
        self.fill_convex_around(
            (x, y, x + w, y + h),
            colour,
            rounded_rect_cover(cx, cy, hx, hy, r),
            hole,
        );
    }

    /// A smooth filled disc.
    pub fn disc(&mut self, cx: f32, cy: f32, r: f32, colour: Colour) {
        self.disc_around(cx, cy, r, colour, None);
    }

    /// A smooth disc, leaving out what the disc `hole` (centre and radius), to be drawn
    /// next, will cover.
    fn disc_around(
        &mut self,
        cx: f32,
        cy: f32,
        r: f32,
        colour: Colour,
        hole: Option<(f32, f32, f32)>,
    ) {
        // Row by row: the run of pixels the disc touches and, inside it, the run it
        // covers fully, both from the circle's equation; only the ends get coverage.
        let inner = (r - 0.5).max(0.0).powi(2);
        let outer = (r + 0.5).powi(2);
        let (_, ya, _, yb) = self.clip((cx - r - 1.0, cy - r - 1.0, cx + r + 1.0, cy + r + 1.0));
        let width = self.img.width() as f32;
        let run = |half: f32| {
            let from = (cx - half - 0.5).ceil().clamp(0.0, width) as u32;
            let to = ((cx + half - 0.5).floor() + 1.0).clamp(0.0, width) as u32;
            (from, to.max(from))
        };
        for y in ya..yb {
            let dy2 = (y as f32 + 0.5 - cy).powi(2);
            if dy2 >= outer {
                continue;
            }
            let (start, end) = run((outer - dy2).sqrt());
            let (full_from, full_to) = if dy2 < inner {
                let (a, b) = run((inner - dy2).sqrt());
                (a.max(start), b.min(end))
            } else {
                (end, end)
            };
            let edge = |x: u32| coverage(((x as f32 + 0.5 - cx).powi(2) + dy2).sqrt() - r);
            for x in (start..full_from).chain(full_to.max(full_from)..end) {
                self.cover_pixel(x, y, colour, edge(x));
            }
            let (h0, h1) = hole.map_or((0, 0), |h| full_run(h, y));
            if h0 >= h1 || h1 <= full_from || h0 >= full_to {
                self.fill_span(y, full_from, full_to, colour);
            } else {
                self.fill_span(y, full_from, h0.max(full_from), colour);
                self.fill_span(y, h1.min(full_to), full_to, colour);
            }
        }
    }

    /// A disc of `style.fill` with an outline `width` wide inside its radius `r`, and
    /// its shadow (if `shadow` has any alpha) offset by `offset`.
    pub fn stone(
        &mut self,
        (cx, cy): (f32, f32),
        r: f32,
        width: f32,
        style: StoneStyle,
        shadow: Colour,
        offset: (f32, f32),
    ) {
        if shadow[3] > 0 {
            self.disc_around(cx + offset.0, cy + offset.1, r, shadow, Some((cx, cy, r)));
        }
        let inner = r - width;
        self.disc_around(cx, cy, r, style.outline, Some((cx, cy, inner)));
        self.disc(cx, cy, inner, style.fill);
    }

    /// A smooth ring: the circle of radius `r` drawn `width` wide inwards.
    pub fn ring(&mut self, cx: f32, cy: f32, r: f32, width: f32, colour: Colour) {
        let (xa, ya, xb, yb) = self.clip((cx - r - 1.0, cy - r - 1.0, cx + r + 1.0, cy + r + 1.0));
        for y in ya..yb {
            for x in xa..xb {
                let d = (x as f32 + 0.5 - cx).hypot(y as f32 + 0.5 - cy);
                let c = coverage(d - r) - coverage(d - (r - width));
                self.cover_pixel(x, y, colour, c);
            }
        }
    }

    /// A smooth line `width` wide with round ends.
    pub fn line(&mut self, (x0, y0): (f32, f32), (x1, y1): (f32, f32), width: f32, colour: Colour) {
        let half = width / 2.0;
        let (dx, dy) = (x1 - x0, y1 - y0);
        let len2 = (dx * dx + dy * dy).max(f32::EPSILON);
        let pad = half + 1.0;
        let bbox = (
            x0.min(x1) - pad,
            y0.min(y1) - pad,
            x0.max(x1) + pad,
            y0.max(y1) + pad,
        );
        self.fill_convex(bbox, colour, |px, py| {
            let t = (((px - x0) * dx + (py - y0) * dy) / len2).clamp(0.0, 1.0);
            let d = (px - x0 - t * dx).hypot(py - y0 - t * dy);
            coverage(d - half)
        });
    }

    /// A diagonal cross (×) centred on a point, `size` from end to end of each stroke's
    /// projection.
    pub fn cross(&mut self, cx: f32, cy: f32, size: f32, width: f32, colour: Colour) {
        let h = size / 2.0;
        self.line((cx - h, cy - h), (cx + h, cy + h), width, colour);
        self.line((cx - h, cy + h), (cx + h, cy - h), width, colour);
    }

    /// A filled diamond (a square on its corner) reaching `half` from its centre.
    pub fn diamond(&mut self, cx: f32, cy: f32, half: f32, colour: Colour) {
        let pad = half + 1.0;
        self.fill_convex(
            (cx - pad, cy - pad, cx + pad, cy + pad),
            colour,
            |px, py| {
                coverage(
                    ((px - cx).abs() + (py - cy).abs() - half) * std::f32::consts::FRAC_1_SQRT_2,
                )
            },
        );
    }

    /// Diagonal stripes rising to the right across the box `(x, y, width, height)`:
    /// lines `line` pixels wide, `gap` pixels apart along a row, smooth-edged. One pass
    /// over the box, however many stripes.
    pub fn hatch(
        &mut self,
        (x, y, w, h): (u32, u32, u32, u32),
        gap: f32,
        line: f32,
        colour: Colour,
    ) {
        let (xa, ya, xb, yb) = self.clip((x as f32, y as f32, (x + w) as f32, (y + h) as f32));
        let half = line / 2.0;
        for py in ya..yb {
            for px in xa..xb {
                // Along a rising line x + y is constant.
                let u = ((px + py) as f32 + 1.0).rem_euclid(gap);
                let d = u.min(gap - u) * std::f32::consts::FRAC_1_SQRT_2;
                self.cover_pixel(px, py, colour, coverage(d - half));
            }
        }
    }

    /// Makes the canvas's corners transparent outside a radius `r`, smoothly.
    pub fn round_corners(&mut self, r: f32) {
        let (w, h) = (self.img.width(), self.img.height());
        let n = (r.ceil() as u32).min(w / 2).min(h / 2);
        for y in 0..n {
            for x in 0..n {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let d = (r - px).hypot(r - py) - r;
                if px >= r || py >= r || d <= -0.5 {
                    continue;
                }
                let keep = coverage(d);
                for (cx, cy) in [
                    (x, y),
                    (w - 1 - x, y),
                    (x, h - 1 - y),
                    (w - 1 - x, h - 1 - y),
                ] {
                    let p = self.img.get_pixel_mut(cx, cy);
                    p[3] = (p[3] as f32 * keep + 0.5) as u8;
                }
            }
        }
    }

    /// The width of `text` at `px` pixels per em.
    pub fn text_width(text: &str, weight: Weight, px: f32) -> f32 {
        walk_glyphs(text, weight, px, 0.0, |_, _| {})
    }

    /// The height of a capital letter at `px` pixels per em, for centring text.
    pub fn cap_height(weight: Weight, px: f32) -> f32 {
        let font = weight.font();
        let scaled = font.as_scaled(PxScale::from(px));
        font.outline(font.glyph_id('H'))
            .map_or(px * 0.73, |o| o.bounds.min.y * scaled.v_scale_factor())
    }

    /// Writes `text` from `x` on the baseline `baseline`; returns where it ended.
    pub fn text(
        &mut self,
        text: &str,
        weight: Weight,
        px: f32,
        (x, baseline): (f32, f32),
        colour: Colour,
    ) -> f32 {
        let (w, h) = (self.img.width() as i32, self.img.height() as i32);
        let baseline = baseline.round() as i32;
        walk_glyphs(text, weight, px, x, |id, caret| {
            let steps = (caret * SUBPIXEL_STEPS as f32).round() as i32;
            let pen = steps.div_euclid(SUBPIXEL_STEPS as i32);
            let subpixel = steps.rem_euclid(SUBPIXEL_STEPS as i32) as u32;
            let Some(g) = glyph_bitmap(weight, px, id, subpixel) else {
                return;
            };
            let (left, top) = (pen + g.left, baseline + g.top);
            for gy in 0..g.height as i32 {
                let y = top + gy;
                if y < 0 || y >= h {
                    continue;
                }
                let row = &g.coverage[(gy as u32 * g.width) as usize..][..g.width as usize];
                for (gx, &c) in row.iter().enumerate() {
                    let x = left + gx as i32;
                    if c > 0 && x >= 0 && x < w {
                        let alpha = (colour[3] as u32 * c as u32 + 127) / 255;
                        let i = (y as usize * w as usize + x as usize) * 4;
                        blend(&mut self.img.as_mut()[i..i + 4], colour, alpha);
                    }
                }
            }
        })
    }

    /// Writes `text` centred on a point (capital letters and digits centred vertically).
    pub fn text_centred(
        &mut self,
        text: &str,
        weight: Weight,
        px: f32,
        (cx, cy): (f32, f32),
        colour: Colour,
    ) {
        let width = Canvas::text_width(text, weight, px);
        let baseline = cy + Canvas::cap_height(weight, px) / 2.0;
        self.text(text, weight, px, (cx - width / 2.0, baseline), colour);
    }

    /// Draws one character with its inked box centred on a point: for Han characters,
    /// whose ink sits differently on the baseline from Latin capitals.
    pub fn glyph_centred(
        &mut self,
        c: char,
        weight: Weight,
        px: f32,
        (cx, cy): (f32, f32),
        colour: Colour,
    ) {
        let id = weight.font().glyph_id(c);
        let Some(g) = glyph_bitmap(weight, px, id, 0) else {
            return;
        };
        let x = cx - (g.left as f32 + g.width as f32 / 2.0);
        let baseline = cy - (g.top as f32 + g.height as f32 / 2.0);
        self.text(&c.to_string(), weight, px, (x, baseline), colour);
    }

    /// Writes spans one after another from `x`; returns where they ended.
    pub fn spans(&mut self, spans: &[Span], px: f32, (x, baseline): (f32, f32)) -> f32 {
        spans.iter().fold(x, |caret, s| {
            self.text(&s.text, s.weight, px, (caret, baseline), s.colour)
        })
    }
}

/// Calls `glyph` with each glyph of `text` and the caret where it starts (kerned after
/// the one before), from `x`; returns where the text ends.
fn walk_glyphs(
    text: &str,
    weight: Weight,
    px: f32,
    x: f32,
    mut glyph: impl FnMut(GlyphId, f32),
) -> f32 {
    let scaled = weight.font().as_scaled(PxScale::from(px));
    let mut caret = x;
    let mut previous: Option<GlyphId> = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = previous {
            caret += scaled.kern(p, id);
        }
        glyph(id, caret);
        caret += scaled.h_advance(id);
        previous = Some(id);
    }
    caret
}

/// The width of spans written one after another.
pub fn spans_width(spans: &[Span], px: f32) -> f32 {
    spans
        .iter()
        .map(|s| Canvas::text_width(&s.text, s.weight, px))
        .sum()
}

/// `text` made drawable (see [`drawable`]) and cut short with `...` to fit `max` pixels.
pub fn fit_text(text: &str, weight: Weight, px: f32, max: f32) -> String {
    // No glyph is narrower than a pixel but marks drawn over the letter before them:
    // more characters than twice the pixels (and a few) can never fit, so a name of any
    // length costs no more than one that fills the space.
    let limit = 2 * max.max(0.0) as usize + 8;
    let text = drawable(&text.chars().take(limit + 1).collect::<String>());
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= limit && Canvas::text_width(&text, weight, px) <= max {
        return text;
    }
    let cut = |n: usize| chars[..n].iter().collect::<String>().trim_end().to_string() + "...";
    let fits = |n: usize| Canvas::text_width(&cut(n), weight, px) <= max;
    // The longest cut that fits, found by halving: wider texts are cut shorter.
    let (mut lo, mut hi) = (0, chars.len().min(limit));
    if !fits(0) {
        return String::new();
    }
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    cut(lo)
}

#[cfg(test)]
mod tests {
    use super::super::theme::{rgb, rgba, THEME};
    use super::*;

    const WHITE: Colour = rgb(255, 255, 255);
    const BLACK: Colour = rgb(0, 0, 0);

    /// How much of the canvas is white, in pixels.
    fn white_area(canvas: &Canvas) -> f32 {
        canvas.img.pixels().map(|p| p[0] as f32 / 255.0).sum()
    }

    #[test]
    fn discs_cover_their_area_with_smooth_edges() {
        for (cx, cy, r) in [(20.0, 20.0, 10.3), (20.5, 19.25, 6.0), (21.0, 20.0, 15.5)] {
            let mut canvas = Canvas::new(42, 42, BLACK);
            canvas.disc(cx, cy, r, WHITE);
            let area = std::f32::consts::PI * r * r;
            let drawn = white_area(&canvas);
            assert!(
                (drawn - area).abs() < area * 0.01,
                "r {r}: {drawn} vs {area}"
            );
            let grey = canvas
                .img
                .pixels()
                .filter(|p| p[0] > 0 && p[0] < 255)
                .count();
            assert!(grey > 0, "the edge is anti-aliased");
            assert_eq!(*canvas.img.get_pixel(cx as u32, cy as u32), WHITE);
        }
    }

    #[test]
    fn a_stone_looks_the_same_as_its_discs_drawn_one_over_another() {
        let style = StoneStyle {
            fill: rgb(200, 190, 180),
            outline: rgb(20, 30, 40),
        };
        let shadow = rgba(0, 0, 0, 100);
        for (cx, cy, r) in [(30.0, 30.0, 20.0), (30.3, 29.6, 17.7), (28.0, 31.0, 24.9)] {
            let mut fast = Canvas::new(64, 64, THEME.wood);
            fast.stone((cx, cy), r, 2.0, style, shadow, (1.5, 2.5));
            let mut slow = Canvas::new(64, 64, THEME.wood);
            slow.disc(cx + 1.5, cy + 2.5, r, shadow);
            slow.disc(cx, cy, r, style.outline);
            slow.disc(cx, cy, r - 2.0, style.fill);
            assert!(fast.img == slow.img, "stone at ({cx}, {cy}) r {r}");
        }
    }

    #[test]
    fn a_framed_rectangle_looks_the_same_as_a_filled_one_under_its_contents() {
        let mut fast = Canvas::new(50, 40, BLACK);
        fast.fill_rounded_rect_around((4.0, 3.0, 40.0, 30.0), 4.0, WHITE, (10, 9, 38, 27));
        fast.fill_rect(10, 9, 28, 18, THEME.wood);
        let mut slow = Canvas::new(50, 40, BLACK);
        slow.fill_rounded_rect(4.0, 3.0, 40.0, 30.0, 4.0, WHITE);
        slow.fill_rect(10, 9, 28, 18, THEME.wood);
        assert!(fast.img == slow.img);
    }

    #[test]
    fn lines_and_rectangles_are_clipped_to_the_canvas() {
        let mut canvas = Canvas::new(20, 20, BLACK);
        canvas.fill_rect(-5, -5, 10, 10, WHITE);
        assert_eq!(white_area(&canvas), 25.0);
        canvas.line((-10.0, 10.0), (30.0, 10.0), 2.0, WHITE);
        canvas.disc(19.0, 19.0, 8.0, WHITE);
        canvas.fill_rounded_rect(-3.0, 15.0, 40.0, 10.0, 3.0, WHITE);
        canvas.round_corners(5.0);
        assert_eq!(canvas.img.get_pixel(0, 0)[3], 0);
        assert_eq!(canvas.img.get_pixel(10, 10)[3], 255);
    }

    #[test]
    fn text_is_drawn_where_asked_and_measured_as_drawn() {
        let mut canvas = Canvas::new(200, 50, BLACK);
        let end = canvas.text("a1 Hx", Weight::Bold, 24.0, (10.0, 35.0), WHITE);
        let width = Canvas::text_width("a1 Hx", Weight::Bold, 24.0);
        assert!((end - 10.0 - width).abs() < 0.01);
        let inked: Vec<u32> = (0..200)
            .filter(|x| (0..50).any(|y| canvas.img.get_pixel(*x, y)[0] > 0))
            .collect();
        assert!(*inked.first().unwrap() >= 10 && *inked.last().unwrap() <= end.ceil() as u32);
        // Nothing below the baseline but descenders (none here) and nothing above the
        // capitals' height.
        let cap = Canvas::cap_height(Weight::Bold, 24.0);
        for y in (0..(35.0 - cap - 1.0) as u32).chain(37..50) {
            assert!(
                (0..200).all(|x| canvas.img.get_pixel(x, y)[0] == 0),
                "row {y}"
            );
        }
    }

    #[test]
    fn long_names_are_cut_to_fit() {
        let name = "a very long display name indeed, longer than any header";
        let cut = fit_text(name, Weight::Bold, 28.0, 200.0);
        assert!(cut.ends_with("...") && cut.len() < name.len());
        assert!(Canvas::text_width(&cut, Weight::Bold, 28.0) <= 200.0);
        assert_eq!(fit_text("bob", Weight::Bold, 28.0, 200.0), "bob");
    }

    #[test]
    fn names_of_any_length_are_cut_in_bounded_time() {
        let max = 300.0;
        for name in [
            "x".repeat(10_000),
            "é\u{301}".repeat(200_000),
            "🙂\u{7}\n".repeat(350_000),
        ] {
            let fitted = fit_text(&name, Weight::Regular, 28.0, max);
            assert!(fitted.ends_with("..."), "{fitted}");
            assert!(Canvas::text_width(&fitted, Weight::Regular, 28.0) <= max);
            assert!(fitted.chars().count() < 2 * max as usize + 12);
        }
        // A name that fits is kept whole.
        assert_eq!(fit_text("alice", Weight::Regular, 28.0, max), "alice");
    }
}
