//! A tournament's crosstable as an image: for a round-robin, a grid of every player
//! against every other (the diagonal shaded); for a Swiss, a page of standings with each
//! round's result, opponent and colour. Scores and tie-breaks close each row; the
//! leaders' rows are highlighted, and a player whose results were struck out is marked
//! so, with a note under the table.
//!
//! Pure: the table builds a [`Crosstable`] from what is stored; [`draw`] lays it out.

use super::font::Weight;
use super::raster::{fit_text, Canvas};
use super::theme::{rgb, Colour, THEME};
use crate::i18n::Lang;
use crate::msg;
use image::RgbaImage;

/// The most rows one image holds: a round-robin's cap, a Swiss page.
pub const MAX_ROWS: usize = 20;
/// The most columns of results one image holds (a Swiss's rounds, a round-robin's
/// opponents).
pub const MAX_COLUMNS: usize = 30;

/// The background of a leader's row.
pub const LEADER_FILL: Colour = rgb(0x6a, 0x4f, 0x1c);
/// The background of every other row.
pub const ROW_FILL: Colour = rgb(0x33, 0x2a, 0x23);
/// Every second row, for following a row across.
pub const ROW_FILL_ALT: Colour = rgb(0x3b, 0x31, 0x29);
/// A round-robin's diagonal: nobody plays themselves.
pub const DIAGONAL_FILL: Colour = rgb(0x1c, 0x17, 0x13);
/// The lines between columns.
const RULE: Colour = rgb(0x52, 0x44, 0x38);
/// Results struck out, and the names of those whose results were.
const STRUCK: Colour = rgb(0x8c, 0x7d, 0x6c);

/// What a game came to, for one of its players.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// One game of a round-robin's cell, as its row's player had it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameMark {
    /// `None` while it goes on.
    pub outcome: Option<Outcome>,
    /// Decided without play.
    pub forfeit: bool,
    /// Struck out by the withdrawal rule: counts for nobody.
    pub struck: bool,
}

/// One round of a Swiss row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RoundCell {
    /// A game, played or decided without play (`forfeit`), against the player ranked
    /// `opponent`.
    Game {
        outcome: Option<Outcome>,
        opponent: u16,
        white: bool,
        forfeit: bool,
        struck: bool,
    },
    /// The pairing-allocated bye, scoring tenths of a point.
    Bye { tenths: u32 },
    /// Not paired (withdrawn, or not yet in the event).
    Absent,
}

/// The results of a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cells {
    /// Against each row's player in row order (one game, or two in a double
    /// round-robin); the row's own place is the diagonal and is not read.
    RoundRobin(Vec<Vec<GameMark>>),
    /// Round by round.
    Swiss(Vec<RoundCell>),
}

/// A tie-break column, in the order of the standings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TieBreakColumn {
    /// In hundredths of a point.
    SonnebornBerger,
    /// In tenths of a point.
    DirectEncounter,
    /// A count.
    Wins,
    /// In tenths of a point.
    Buchholz,
    /// In tenths of a point.
    BuchholzCut1,
}

/// Why a player left.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Left {
    /// Withdrew with their results standing (the rest lost by forfeit).
    Withdrew,
    /// Ran out of time in every game.
    OutOfTime,
    /// Withdrew with too few games finished: every result struck out.
    Struck,
}

/// One player's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The place in the standings, from 1.
    pub place: u16,
    /// A display name, any text (drawn as far as the font goes, cut to fit).
    pub name: String,
    /// Tenths of a point.
    pub score: u32,
    /// Values in the order of [`Crosstable::tie_breaks`].
    pub tie_breaks: Vec<i64>,
    pub cells: Cells,
    /// Tied with the first on score and every tie-break.
    pub leader: bool,
    pub left: Option<Left>,
}

/// What kind of tournament, and how far it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    RoundRobin {
        double: bool,
        games_over: u32,
        games: u32,
    },
    Swiss {
        /// Rounds whose results are all in.
        round: u16,
        rounds: u16,
        /// This image's page of the standings, from 1.
        page: u16,
        pages: u16,
    },
}

/// Everything a crosstable image shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    pub lang: Lang,
    pub tournament: i64,
    /// The game's title as the board images give it.
    pub game: String,
    pub progress: Progress,
    pub finished: bool,
    pub tie_breaks: Vec<TieBreakColumn>,
    /// Best first; at most [`MAX_ROWS`] are drawn.
    pub rows: Vec<Row>,
}

const PAD: f32 = 22.0;
const TITLE_PX: f32 = 26.0;
const SUBTITLE_PX: f32 = 20.0;
const HEAD_PX: f32 = 17.0;
const CELL_PX: f32 = 19.0;
const NAME_PX: f32 = 20.0;
const NOTE_PX: f32 = 17.0;
const ROW_H: f32 = 32.0;
const HEAD_H: f32 = 30.0;
const NOTE_H: f32 = 24.0;
/// Room on either side of a cell's text.
const CELL_PAD: f32 = 8.0;
/// The widest a name column gets; longer names are cut.
const NAME_MAX: f32 = 250.0;
const NAME_MIN: f32 = 120.0;
/// The widest a note line gets before its name is cut.
const NOTE_NAME_MAX: f32 = 260.0;

/// A line of text in which `½` is drawn as a small fraction: the fonts have no glyph
/// for it.
fn rich_width(text: &str, weight: Weight, px: f32) -> f32 {
    let mut width = 0.0;
    for (i, part) in text.split('½').enumerate() {
        if i > 0 {
            width += half_width(weight, px);
        }
        width += Canvas::text_width(part, weight, px);
    }
    width
}

fn half_width(weight: Weight, px: f32) -> f32 {
    let small = px * 0.62;
    Canvas::text_width("1", weight, small) + Canvas::text_width("/", weight, px * 0.8) * 0.8 - 1.0
        + Canvas::text_width("2", weight, small)
}

/// Writes `text` as [`rich_width`] measures it; returns where it ended.
fn rich_text(
    canvas: &mut Canvas,
    text: &str,
    weight: Weight,
    px: f32,
    (x, baseline): (f32, f32),
    colour: Colour,
) -> f32 {
    let mut caret = x;
    for (i, part) in text.split('½').enumerate() {
        if i > 0 {
            let small = px * 0.62;
            let lift = Canvas::cap_height(weight, px) - Canvas::cap_height(weight, small);
            caret = canvas.text("1", weight, small, (caret, baseline - lift), colour);
            let slash = px * 0.8;
            let slash_w = Canvas::text_width("/", weight, slash);
            canvas.text(
                "/",
                weight,
                slash,
                (caret - slash_w * 0.1, baseline),
                colour,
            );
            caret += slash_w * 0.8 - 1.0;
            caret = canvas.text("2", weight, small, (caret, baseline), colour);
        }
        caret = canvas.text(part, weight, px, (caret, baseline), colour);
    }
    caret
}

/// Writes `text` centred in the column from `x0` to `x1`.
fn centred(
    canvas: &mut Canvas,
    text: &str,
    weight: Weight,
    px: f32,
    (x0, x1, baseline): (f32, f32, f32),
    colour: Colour,
) {
    let w = rich_width(text, weight, px);
    rich_text(
        canvas,
        text,
        weight,
        px,
        ((x0 + x1 - w) / 2.0, baseline),
        colour,
    );
}

/// `value` in units of `10^-digits` as the language writes it: `2.5`, `2,5`, `1.25`.
fn decimal_text(value: i64, digits: u32, lang: Lang) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let (v, unit) = (value.unsigned_abs(), 10u64.pow(digits));
    let separator = match lang {
        Lang::Ru => ",",
        _ => ".",
    };
    let digits = digits as usize;
    format!("{sign}{}{separator}{:0digits$}", v / unit, v % unit)
}

/// Tenths of a point: `2.5`.
fn tenths_text(tenths: i64, lang: Lang) -> String {
    decimal_text(tenths, 1, lang)
}

fn tie_break_value(column: TieBreakColumn, value: i64, lang: Lang) -> String {
    match column {
        TieBreakColumn::Wins => value.to_string(),
        TieBreakColumn::SonnebornBerger => decimal_text(value, 2, lang),
        _ => tenths_text(value, lang),
    }
}

fn tie_break_heading(column: TieBreakColumn, lang: Lang) -> String {
    let name = match column {
        TieBreakColumn::SonnebornBerger => "sb",
        TieBreakColumn::DirectEncounter => "de",
        TieBreakColumn::Wins => "win",
        TieBreakColumn::Buchholz => "bh",
        TieBreakColumn::BuchholzCut1 => "bh_c1",
    };
    msg!("render-ct-tie-break", name = name).tr(lang)
}

/// A round-robin game's mark: `1`, `½`, `0`, or `+`, `–` for one decided without play.
fn game_text(mark: &GameMark) -> &'static str {
    match (mark.outcome, mark.forfeit) {
        (None, _) => "",
        (Some(Outcome::Win), false) => "1",
        (Some(Outcome::Draw), _) => "½",
        (Some(Outcome::Loss), false) => "0",
        (Some(Outcome::Win), true) => "+",
        (Some(Outcome::Loss), true) => "–",
    }
}

fn outcome_sign(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "…",
        Some(Outcome::Win) => "+",
        Some(Outcome::Draw) => "½",
        Some(Outcome::Loss) => "–",
    }
}

/// A Swiss round's text: `+12W`, `½5B`, `–3F` (decided without play), `+ bye`, `·`.
fn round_text(cell: &RoundCell, words: &Words) -> (String, bool) {
    match cell {
        RoundCell::Game {
            outcome,
            opponent,
            white,
            forfeit,
            struck,
        } => {
            let side = if *forfeit {
                &words.forfeit
            } else if *white {
                &words.white
            } else {
                &words.black
            };
            (
                format!("{}{opponent}{side}", outcome_sign(*outcome)),
                *struck,
            )
        }
        RoundCell::Bye { tenths } => {
            let sign = match tenths {
                0 => "0",
                5 => "½",
                _ => "+",
            };
            (format!("{sign} {}", words.bye), false)
        }
        RoundCell::Absent => ("·".to_string(), false),
    }
}

/// The words of the image in its language, looked up once.
struct Words {
    white: String,
    black: String,
    forfeit: String,
    bye: String,
}

impl Words {
    fn new(lang: Lang) -> Words {
        Words {
            white: msg!("render-ct-white").tr(lang),
            black: msg!("render-ct-black").tr(lang),
            forfeit: msg!("render-ct-forfeit").tr(lang),
            bye: msg!("render-ct-bye").tr(lang),
        }
    }
}

/// What a row's result columns say: their texts, and whether each is struck out.
fn row_texts(row: &Row, own: usize, words: &Words, columns: usize) -> Vec<(String, bool)> {
    match &row.cells {
        Cells::RoundRobin(cells) => (0..columns)
            .map(|c| {
                if c == own {
                    return (String::new(), false);
                }
                let marks = cells.get(c).map_or(&[][..], |m| &m[..]);
                let text: Vec<&str> = marks.iter().map(game_text).collect();
                let struck = marks.iter().any(|m| m.struck && m.outcome.is_some());
                let text = if text.iter().all(|t| t.is_empty()) {
                    String::new()
                } else {
                    text.iter()
                        .map(|t| if t.is_empty() { "·" } else { t })
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                (text, struck)
            })
            .collect(),
        Cells::Swiss(rounds) => (0..columns)
            .map(|c| {
                rounds
                    .get(c)
                    .map_or((String::new(), false), |r| round_text(r, words))
            })
            .collect(),
    }
}

/// Draws the crosstable.
pub fn draw(table: &Crosstable) -> RgbaImage {
    let lang = table.lang;
    let theme = &THEME;
    let words = Words::new(lang);
    let rows = &table.rows[..table.rows.len().min(MAX_ROWS)];
    let swiss = matches!(table.progress, Progress::Swiss { .. });
    let columns = match table.progress {
        Progress::RoundRobin { .. } => rows.len(),
        Progress::Swiss { .. } => rows
            .iter()
            .map(|r| match &r.cells {
                Cells::Swiss(c) => c.len(),
                Cells::RoundRobin(_) => 0,
            })
            .max()
            .unwrap_or(0),
    }
    .min(MAX_COLUMNS);

    // Every text of the table, measured once for the columns' widths.
    let texts: Vec<Vec<(String, bool)>> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| row_texts(r, i, &words, columns))
        .collect();
    let column_heading = |c: usize| {
        if swiss {
            msg!("render-ct-round-column", round = c + 1).tr(lang)
        } else {
            (c + 1).to_string()
        }
    };
    let min_cell = if swiss { 40.0 } else { 34.0 };
    let cell_w = (0..columns)
        .map(|c| {
            let head = Canvas::text_width(&column_heading(c), Weight::Bold, HEAD_PX);
            texts
                .iter()
                .filter_map(|t| t.get(c))
                .map(|(t, _)| rich_width(t, Weight::Regular, CELL_PX))
                .fold(head, f32::max)
        })
        .fold(min_cell - 2.0 * CELL_PAD, f32::max)
        .ceil()
        + 2.0 * CELL_PAD;
    let place_w = (Canvas::text_width(&rows.len().max(1).to_string(), Weight::Bold, NAME_PX)
        + Canvas::text_width("00", Weight::Bold, NAME_PX))
    .max(Canvas::text_width("#", Weight::Bold, HEAD_PX) + 2.0 * CELL_PAD)
    .ceil();
    let player_heading = msg!("render-ct-player").tr(lang);
    let name_w = rows
        .iter()
        .map(|r| Canvas::text_width(&r.name, Weight::Bold, NAME_PX) + 24.0)
        .fold(
            Canvas::text_width(&player_heading, Weight::Bold, HEAD_PX),
            f32::max,
        )
        .clamp(NAME_MIN, NAME_MAX)
        .ceil()
        + 2.0 * CELL_PAD;
    let score_heading = msg!("render-ct-points").tr(lang);
    let number_w = |heading: &str, values: &mut dyn Iterator<Item = String>| {
        values
            .map(|v| Canvas::text_width(&v, Weight::Regular, CELL_PX))
            .fold(Canvas::text_width(heading, Weight::Bold, HEAD_PX), f32::max)
            .ceil()
            + 2.0 * CELL_PAD
    };
    let score_w = number_w(
        &score_heading,
        &mut rows.iter().map(|r| tenths_text(r.score.into(), lang)),
    );
    let break_w: Vec<(String, f32)> = table
        .tie_breaks
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let heading = tie_break_heading(*b, lang);
            let w = number_w(
                &heading,
                &mut rows
                    .iter()
                    .filter_map(|r| r.tie_breaks.get(i).map(|v| tie_break_value(*b, *v, lang))),
            );
            (heading, w)
        })
        .collect();

    // The lines under the table: who left and what came of their results, then what
    // the marks mean.
    let mut notes: Vec<String> = rows
        .iter()
        .filter_map(|r| {
            let id = match r.left? {
                // A Swiss has no games left to forfeit: the player is not paired again.
                Left::Withdrew if swiss => "render-ct-note-withdrew-swiss",
                Left::Withdrew => "render-ct-note-withdrew",
                Left::OutOfTime => "render-ct-note-out-of-time",
                Left::Struck => "render-ct-note-struck",
            };
            let name = fit_text(&r.name, Weight::Regular, NOTE_PX, NOTE_NAME_MAX);
            Some(msg!(id, name = name).tr(lang))
        })
        .collect();
    notes.push(
        if swiss {
            msg!("render-ct-legend-swiss")
        } else {
            msg!("render-ct-legend-round-robin")
        }
        .tr(lang),
    );

    let table_w = place_w
        + name_w
        + cell_w * columns as f32
        + score_w
        + break_w.iter().map(|(_, w)| w).sum::<f32>();
    let title = msg!(
        "render-ct-title",
        tournament = table.tournament,
        game = table.game.as_str()
    )
    .tr(lang);
    let subtitle = subtitle(table);
    let notes_w = notes
        .iter()
        .map(|n| rich_width(n, Weight::Regular, NOTE_PX))
        .fold(0.0, f32::max);
    let title_w = rich_width(&title, Weight::Bold, TITLE_PX).max(rich_width(
        &subtitle,
        Weight::Regular,
        SUBTITLE_PX,
    ));
    // Wide enough for the table; titles and notes longer than that are cut, up to a
    // width no table needs.
    let width = (table_w.max(title_w.min(900.0)).max(notes_w.min(900.0)) + 2.0 * PAD).ceil();
    let title_base = PAD + Canvas::cap_height(Weight::Bold, TITLE_PX) + 4.0;
    let subtitle_base = title_base + 12.0 + Canvas::cap_height(Weight::Regular, SUBTITLE_PX);
    let head_top = subtitle_base + 18.0;
    let rows_top = head_top + HEAD_H;
    let rows_bottom = rows_top + ROW_H * rows.len() as f32;
    let notes_top = rows_bottom + 14.0;
    let height = (notes_top + NOTE_H * notes.len() as f32 + PAD - 4.0).ceil();
    let mut canvas = Canvas::new(width as u32, height as u32, theme.frame);

    // Titles, cut to the width.
    let inner = width - 2.0 * PAD;
    let title_style = (Weight::Bold, TITLE_PX);
    line(
        &mut canvas,
        &title,
        title_style,
        (title_base, inner),
        theme.text,
    );
    let subtitle_style = (Weight::Regular, SUBTITLE_PX);
    line(
        &mut canvas,
        &subtitle,
        subtitle_style,
        (subtitle_base, inner),
        theme.text_dim,
    );

    // Column edges, left to right.
    let x_place = PAD;
    let x_name = x_place + place_w;
    let x_cells = x_name + name_w;
    let x_score = x_cells + cell_w * columns as f32;
    let x_breaks = x_score + score_w;
    let cell_x = |c: usize| x_cells + cell_w * c as f32;

    // The centred columns after the names, left to right: each result, the score, each
    // tie-break; with their headings (the score's in full colour) and edges.
    let dim = theme.text_dim;
    let mut heads: Vec<(String, Colour, f32, f32)> = (0..columns)
        .map(|c| (column_heading(c), dim, cell_x(c), cell_x(c) + cell_w))
        .collect();
    heads.push((score_heading, theme.text, x_score, x_breaks));
    let mut x = x_breaks;
    for (heading, w) in &break_w {
        heads.push((heading.clone(), dim, x, x + w));
        x += w;
    }

    // Headings.
    let head_base = head_top + HEAD_H / 2.0 + Canvas::cap_height(Weight::Bold, HEAD_PX) / 2.0;
    centred(
        &mut canvas,
        "#",
        Weight::Bold,
        HEAD_PX,
        (x_place, x_name, head_base),
        dim,
    );
    canvas.text(
        &player_heading,
        Weight::Bold,
        HEAD_PX,
        (x_name + CELL_PAD, head_base),
        dim,
    );
    for (heading, colour, x0, x1) in &heads {
        let at = (*x0, *x1, head_base);
        centred(&mut canvas, heading, Weight::Bold, HEAD_PX, at, *colour);
    }

    // Rows.
    let right = x_breaks + break_w.iter().map(|(_, w)| w).sum::<f32>();
    for (i, (row, texts)) in rows.iter().zip(&texts).enumerate() {
        let top = rows_top + ROW_H * i as f32;
        let fill = if row.leader {
            LEADER_FILL
        } else if i % 2 == 1 {
            ROW_FILL_ALT
        } else {
            ROW_FILL
        };
        canvas.fill_rect(
            x_place as i32,
            top as i32,
            (right - x_place) as u32,
            ROW_H as u32,
            fill,
        );
        if row.leader {
            canvas.fill_rect(x_place as i32, top as i32, 4, ROW_H as u32, theme.accent);
        }
        if !swiss && i < columns {
            let x = cell_x(i);
            canvas.fill_rect(
                x as i32,
                top as i32,
                cell_w as u32,
                ROW_H as u32,
                DIAGONAL_FILL,
            );
        }
        let base = top + ROW_H / 2.0 + Canvas::cap_height(Weight::Bold, NAME_PX) / 2.0;
        let struck_row = row.left == Some(Left::Struck);
        let ink = if row.leader { theme.accent } else { theme.text };
        let name_ink = if struck_row { STRUCK } else { ink };
        centred(
            &mut canvas,
            &row.place.to_string(),
            Weight::Bold,
            NAME_PX,
            (x_place, x_name, base),
            name_ink,
        );
        let mark = if row.left.is_some() { " *" } else { "" };
        let room = name_w - 2.0 * CELL_PAD - Canvas::text_width(mark, Weight::Bold, NAME_PX);
        let name = fit_text(&row.name, Weight::Bold, NAME_PX, room);
        let name_end = canvas.text(
            &name,
            Weight::Bold,
            NAME_PX,
            (x_name + CELL_PAD, base),
            name_ink,
        );
        if struck_row {
            strike(&mut canvas, x_name + CELL_PAD, name_end, base, NAME_PX);
        }
        canvas.text(mark, Weight::Bold, NAME_PX, (name_end, base), name_ink);
        let cell_base = top + ROW_H / 2.0 + Canvas::cap_height(Weight::Regular, CELL_PX) / 2.0;
        for (c, (text, struck)) in texts.iter().enumerate() {
            if text.is_empty() {
                continue;
            }
            let x = cell_x(c);
            let colour = if *struck { STRUCK } else { theme.text };
            centred(
                &mut canvas,
                text,
                Weight::Regular,
                CELL_PX,
                (x, x + cell_w, cell_base),
                colour,
            );
            if *struck {
                let w = rich_width(text, Weight::Regular, CELL_PX);
                let from = x + (cell_w - w) / 2.0;
                strike(&mut canvas, from, from + w, cell_base, CELL_PX);
            }
        }
        centred(
            &mut canvas,
            &tenths_text(row.score.into(), lang),
            Weight::Bold,
            CELL_PX,
            (x_score, x_breaks, cell_base),
            ink,
        );
        for (j, (_, _, x0, x1)) in heads[columns + 1..].iter().enumerate() {
            if let (Some(value), Some(column)) = (row.tie_breaks.get(j), table.tie_breaks.get(j)) {
                centred(
                    &mut canvas,
                    &tie_break_value(*column, *value, lang),
                    Weight::Regular,
                    CELL_PX,
                    (*x0, *x1, cell_base),
                    dim,
                );
            }
        }
    }
    // Rules between the columns, over the rows, so that the eye follows a column down.
    let rule = |canvas: &mut Canvas, x: f32| {
        canvas.fill_rect(
            x.round() as i32,
            head_top as i32,
            1,
            (rows_bottom - head_top) as u32,
            RULE,
        );
    };
    rule(&mut canvas, x_name);
    for (_, _, x0, _) in &heads {
        rule(&mut canvas, *x0);
    }
    // And between the rows, so that two leaders' rows read as two.
    for i in 0..rows.len() {
        canvas.fill_rect(
            x_place as i32,
            (rows_top + ROW_H * i as f32 - 1.0) as i32,
            (right - x_place) as u32,
            1,
            RULE,
        );
    }

    for (i, note) in notes.iter().enumerate() {
        let base = notes_top + NOTE_H * i as f32 + Canvas::cap_height(Weight::Regular, NOTE_PX);
        let style = (Weight::Regular, NOTE_PX);
        line(&mut canvas, note, style, (base, inner), theme.text_dim);
    }
    canvas.round_corners(12.0);
    canvas.into_image()
}

/// A line through text from `x0` to `x1` on `baseline`, at the height of lower-case
/// letters.
fn strike(canvas: &mut Canvas, x0: f32, x1: f32, baseline: f32, px: f32) {
    let y = baseline - Canvas::cap_height(Weight::Regular, px) * 0.4;
    canvas.line((x0 - 2.0, y), (x1 + 2.0, y), 1.6, STRUCK);
}

/// Writes a line of text with `½` from the left padding on `baseline`, cut to `max`.
fn line(
    canvas: &mut Canvas,
    text: &str,
    (weight, px): (Weight, f32),
    (baseline, max): (f32, f32),
    colour: Colour,
) {
    let text = fit_rich(text, weight, px, max);
    rich_text(canvas, &text, weight, px, (PAD, baseline), colour);
}

/// [`fit_text`] for texts with `½`, which it would make `?`: cut at a `½` no line of
/// ours is long enough to need.
fn fit_rich(text: &str, weight: Weight, px: f32, max: f32) -> String {
    if rich_width(text, weight, px) <= max {
        return text.to_string();
    }
    fit_text(text, weight, px, max)
}

/// The line under the title: the format and how far the tournament is.
fn subtitle(table: &Crosstable) -> String {
    let lang = table.lang;
    let mut parts = Vec::new();
    match table.progress {
        Progress::RoundRobin {
            double,
            games_over,
            games,
        } => {
            parts.push(
                if double {
                    msg!("tournament-format-double")
                } else {
                    msg!("tournament-format-round-robin")
                }
                .tr(lang),
            );
            parts.push(msg!("render-ct-games-over", over = games_over, games = games).tr(lang));
        }
        Progress::Swiss {
            round,
            rounds,
            page,
            pages,
        } => {
            parts.push(msg!("tournament-format-swiss", rounds = rounds).tr(lang));
            parts.push(msg!("render-ct-round", round = round, rounds = rounds).tr(lang));
            if pages > 1 {
                parts.push(msg!("render-ct-page", page = page, pages = pages).tr(lang));
            }
        }
    }
    if table.finished {
        parts.push(msg!("render-ct-final").tr(lang));
    }
    parts.join(" · ")
}

/// Draws the crosstable and encodes it as PNG.
pub fn render_png(table: &Crosstable) -> Vec<u8> {
    let mut out = Vec::new();
    super::draw_png_into(|| draw(table), &mut out);
    out
}
