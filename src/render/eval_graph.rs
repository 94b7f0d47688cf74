//! The evaluation graph of an analysed game: x = ply, y = evaluation (clamped), one
//! line per series (seat 1's view for two players; one per seat for four), a zero
//! line, the mistakes marked with discs and the turning point highlighted.
//!
//! Pure: every word drawn comes in through [`GraphText`] and series names, so the
//! caller localises them; numbers are drawn as digits. Like every image here, text the
//! embedded fonts cannot draw is shown as `?` (see [`super::font::drawable`]).

use super::encode_png;
use super::font::{drawable, Weight};
use super::raster::Canvas;
use super::theme::{rgb, rgba, Colour, THEME};
use image::RgbaImage;

pub const WIDTH: u32 = 960;
pub const HEIGHT: u32 = 480;
/// The plot area: left, top, right, bottom (pixels; right and bottom excluded).
pub const PLOT: (u32, u32, u32, u32) = (80, 64, 930, 424);

/// The background of the plot area.
pub const PLOT_BACKGROUND: Colour = rgb(0x36, 0x2c, 0x24);
/// The zero line.
pub const ZERO_LINE: Colour = rgb(0xc4, 0xb2, 0x9b);
/// Grid lines at half the clamp.
const GRID: Colour = rgb(0x4a, 0x3d, 0x32);
/// Series colours, by series index (seat order).
pub const SERIES: [Colour; 4] = [
    rgb(0xf2, 0xb8, 0x4b),
    rgb(0x6c, 0xb4, 0xee),
    rgb(0xe0, 0x6a, 0x6a),
    rgb(0x7c, 0xc4, 0x6c),
];
/// Four-player xiangqi's series, by seat: each army's line in its own colour (Black's
/// in a slate blue, which shows on the dark plot).
pub const ARMY_SERIES: [Colour; 4] = [
    rgb(0xe0, 0x6a, 0x6a),
    rgb(0x6c, 0xb4, 0xee),
    rgb(0xf2, 0xb8, 0x4b),
    rgb(0x7c, 0xc4, 0x6c),
];
/// The band behind the turning point.
pub const TURNING_BAND: Colour = rgba(0xf2, 0xb8, 0x4b, 0x40);
/// The disc of a mistake.
pub const MISTAKE: Colour = THEME.capture;

/// The words on the graph, already in the reader's language.
#[derive(Copy, Clone, Debug)]
pub struct GraphText<'a> {
    pub title: &'a str,
    /// Under the x axis ("ply").
    pub x_axis: &'a str,
    /// Over the y axis ("evaluation").
    pub y_axis: &'a str,
}

/// One line of the graph: a name for the legend and a value after each ply (index 0
/// is after ply 1).
#[derive(Copy, Clone, Debug)]
pub struct Series<'a> {
    pub name: &'a str,
    pub values: &'a [i32],
    /// Its line and legend (one of [`SERIES`], or [`ARMY_SERIES`] for the armies of
    /// four-player xiangqi).
    pub colour: Colour,
}

/// What to draw.
#[derive(Clone, Debug)]
pub struct EvalGraph<'a> {
    pub series: Vec<Series<'a>>,
    /// Plies (counted from 1) to mark as mistakes, each with the series it is drawn on.
    pub mistakes: Vec<(usize, usize)>,
    /// The ply (from 1) to highlight.
    pub turning_point: Option<usize>,
    /// Values are clamped to ±this (at least 1).
    pub clamp: i32,
    pub text: GraphText<'a>,
}

impl EvalGraph<'_> {
    fn plies(&self) -> usize {
        self.series
            .iter()
            .map(|s| s.values.len())
            .max()
            .unwrap_or(0)
    }

    /// The x of ply `ply` (0 is the start, before any ply).
    pub fn x_of(&self, ply: usize) -> f32 {
        let (left, _, right, _) = PLOT;
        let span = self.plies().max(1) as f32;
        left as f32 + (right - left - 1) as f32 * ply as f32 / span
    }

    /// The y of a value, clamped.
    pub fn y_of(&self, value: i32) -> f32 {
        let clamp = self.clamp.max(1);
        let v = value.clamp(-clamp, clamp) as f32 / clamp as f32;
        let (_, top, _, bottom) = PLOT;
        let middle = (top + bottom - 1) as f32 / 2.0;
        middle - v * (bottom - top - 1) as f32 / 2.0
    }

    /// The pixel row of the zero line.
    pub fn zero_row(&self) -> u32 {
        self.y_of(0).round() as u32
    }
}

/// Draws the graph.
pub fn eval_graph_image(graph: &EvalGraph) -> RgbaImage {
    let mut canvas = Canvas::new(WIDTH, HEIGHT, THEME.frame);
    let (left, top, right, bottom) = PLOT;
    canvas.fill_rect(
        left as i32,
        top as i32,
        right - left,
        bottom - top,
        PLOT_BACKGROUND,
    );
    // The title.
    canvas.text(
        &drawable(graph.text.title),
        Weight::Bold,
        26.0,
        (left as f32, 40.0),
        THEME.text,
    );
    // The axes' words and the numbers on them, dim.
    let dim = |canvas: &mut Canvas, text: &str, px: f32, x: f32, baseline: f32| {
        canvas.text(text, Weight::Regular, px, (x, baseline), THEME.text_dim);
    };
    let y_words = drawable(graph.text.y_axis);
    dim(&mut canvas, &y_words, 16.0, 8.0, top as f32 - 6.0);
    let x_words = drawable(graph.text.x_axis);
    let x_width = Canvas::text_width(&x_words, Weight::Regular, 16.0);
    let x = (left + right) as f32 / 2.0 - x_width / 2.0;
    dim(&mut canvas, &x_words, 16.0, x, HEIGHT as f32 - 12.0);
    // Grid at ±clamp/2 and the value scale.
    let clamp = graph.clamp.max(1);
    for v in [clamp, clamp / 2, -clamp / 2, -clamp] {
        let y = graph.y_of(v).round() as i32;
        if v.abs() != clamp {
            canvas.fill_rect(left as i32, y, right - left, 1, GRID);
        }
        // A dash as long as a digit stands for the minus sign, which the embedded fonts
        // lack (a hyphen is too short to read as one).
        let label = format!("{v:+}").replace('-', "\u{2013}");
        let w = Canvas::text_width(&label, Weight::Regular, 14.0);
        dim(
            &mut canvas,
            &label,
            14.0,
            left as f32 - 8.0 - w,
            y as f32 + 5.0,
        );
    }
    let zero = graph.zero_row();
    dim(
        &mut canvas,
        "0",
        14.0,
        left as f32 - 18.0,
        zero as f32 + 5.0,
    );
    // Ply numbers along the bottom, about every tenth of the game.
    let plies = graph.plies();
    if plies > 0 {
        let step = nice_step(plies);
        let mut ply = step;
        while ply <= plies {
            let x = graph.x_of(ply);
            let label = ply.to_string();
            let w = Canvas::text_width(&label, Weight::Regular, 14.0);
            dim(&mut canvas, &label, 14.0, x - w / 2.0, bottom as f32 + 18.0);
            canvas.fill_rect(x.round() as i32, bottom as i32, 1, 4, THEME.text_dim);
            ply += step;
        }
    }
    // The turning point: a band the width of one ply, and a line at it.
    if let Some(ply) = graph.turning_point.filter(|p| *p >= 1 && *p <= plies) {
        let (x0, x1) = (graph.x_of(ply - 1), graph.x_of(ply));
        let x0 = x0.round() as i32;
        let width = ((x1.round() as i32 - x0).max(3)) as u32;
        canvas.fill_rect(x0, top as i32, width, bottom - top, TURNING_BAND);
    }
    canvas.fill_rect(left as i32, zero as i32, right - left, 2, ZERO_LINE);
    // The lines, each from the start (0) through every ply.
    for series in &graph.series {
        let colour = series.colour;
        let mut previous = (graph.x_of(0), graph.y_of(0));
        for (n, v) in series.values.iter().enumerate() {
            let point = (graph.x_of(n + 1), graph.y_of(*v));
            canvas.line(previous, point, 2.5, colour);
            previous = point;
        }
    }
    for &(ply, series) in &graph.mistakes {
        let Some(v) = graph
            .series
            .get(series)
            .and_then(|s| s.values.get(ply.wrapping_sub(1)))
        else {
            continue;
        };
        let (x, y) = (graph.x_of(ply), graph.y_of(*v));
        canvas.disc(x, y, 6.0, THEME.frame);
        canvas.disc(x, y, 4.5, MISTAKE);
    }
    // The legend, right-aligned above the plot.
    let mut x = right as f32;
    for (i, series) in graph.series.iter().enumerate().rev() {
        let name = drawable(series.name);
        let w = Canvas::text_width(&name, Weight::Regular, 16.0);
        x -= w;
        canvas.text(&name, Weight::Regular, 16.0, (x, 40.0), THEME.text);
        x -= 18.0;
        canvas.fill_rect(x as i32, 28, 12, 12, graph.series[i].colour);
        x -= 18.0;
    }
    canvas.into_image()
}

/// Draws the graph and encodes it as PNG.
pub fn eval_graph_png(graph: &EvalGraph) -> Vec<u8> {
    encode_png(&eval_graph_image(graph))
}

/// A round step for about ten ply labels.
fn nice_step(plies: usize) -> usize {
    let raw = plies.div_ceil(10).max(1);
    [1, 2, 5, 10, 20, 25, 50, 100, 200, 500]
        .into_iter()
        .find(|s| *s >= raw)
        .unwrap_or(raw)
}
