//! Sidja family boards: squares with stones, the centre square marked, the last turn's
//! squares tinted and its captures crossed out, and a header with the players.

use super::canvas::{
    draw_board, draw_coordinates, draw_grid_lines, draw_player_line, fit_text, highlight_cell,
    spans_width, BoardStyle, Canvas, Grid, GridKind, Layout, PlayerLine, Span, Theme, THEME,
};
use super::font::Weight;
use super::RenderOptions;
use crate::games::sidja::{Action, Sidja};
use crate::games::{Game, Seat, Square};
use image::RgbaImage;

/// Space around everything, in pixels.
const PAD: u32 = 16;
/// The header's height, above the board's top coordinate labels.
const HEADER: u32 = 176;
/// Room for coordinate labels between the card's edge (or the header) and the rim.
const LABEL_BAND: u32 = 30;
const RIM: u32 = 6;
/// The board's cells take about this many pixels across, whatever the size.
const BOARD_PX: u32 = 620;

const TITLE_PX: f32 = 28.0;
const PLAYER_PX: f32 = 28.0;
const STATUS_PX: f32 = 25.0;
const LABEL_PX: f32 = 22.0;

/// Where a sidja board of `size` squares a side is drawn, seen from `viewer`'s side
/// (seat 2 sees the board turned 180°; no viewer, or seat 1, sees rank 1 at the bottom).
pub fn layout(size: u8, viewer: Option<Seat>) -> Layout {
    // An even cell keeps the grid lines and stone centres on whole pixels.
    let cell = (BOARD_PX / size as u32) & !1;
    let board = cell * size as u32;
    let left = PAD + LABEL_BAND + RIM;
    let top = HEADER + LABEL_BAND + RIM;
    Layout {
        width: 2 * left + board,
        height: top + board + RIM + LABEL_BAND + PAD,
        grid: Grid {
            left,
            top,
            cell,
            files: size,
            ranks: size,
            flipped: viewer == Some(Seat::SECOND),
            kind: GridKind::Squares,
        },
    }
}

/// The pixel at the centre of `sq` on a sidja board image of `size` seen from `viewer`.
pub fn square_centre(size: u8, sq: Square, viewer: Option<Seat>) -> (u32, u32) {
    layout(size, viewer).square_centre(sq)
}

/// What the last turn did to each square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    None,
    From,
    To,
}

pub fn draw(game: &Sidja, opts: &RenderOptions) -> RgbaImage {
    let theme = &THEME;
    let dims = game.dims();
    let layout = layout(dims.files, opts.viewer);
    let grid = layout.grid;
    let mut canvas = Canvas::new(layout.width, layout.height, theme.frame);

    draw_header(&mut canvas, game, opts, theme);

    let style = BoardStyle {
        rim: RIM,
        line_width: if grid.cell >= 80 { 2.0 } else { 1.0 },
        label_px: LABEL_PX,
        label_gap: LABEL_BAND as f32 / 2.0,
    };
    draw_board(&mut canvas, &grid, &style, theme);

    // The last turn: squares left and reached (or placed on), and stones captured.
    let mut marks = vec![Mark::None; dims.area()];
    let mut captured = Vec::new();
    for step in game.last_turn() {
        match step.action() {
            Some(Action::Place(sq)) => marks[dims.index(sq)] = Mark::To,
            Some(Action::Move { from, to }) => {
                let i = dims.index(from);
                marks[i] = marks[i].max(Mark::From);
                marks[dims.index(to)] = Mark::To;
            }
            None => {}
        }
        captured.extend(step.captured.iter().copied());
    }
    for sq in dims.squares() {
        let colour = match marks[dims.index(sq)] {
            Mark::None => continue,
            Mark::From => theme.last_from,
            Mark::To => theme.last_to,
        };
        highlight_cell(&mut canvas, &grid, sq.file, sq.rank, colour);
    }
    draw_grid_lines(&mut canvas, &grid, &style, theme);
    draw_coordinates(&mut canvas, &grid, &style, theme);

    let cell = grid.cell as f32;
    let centre = game.centre();
    let (cx, cy) = grid.centre(centre.file, centre.rank);
    canvas.diamond(cx, cy, cell * 0.13, theme.centre_mark);

    let r = cell * 0.4;
    let outline = (cell * 0.025).max(1.5);
    let shadow = (cell * 0.02, cell * 0.035);
    for (sq, seat) in game.board().stones() {
        let (x, y) = grid.centre(sq.file, sq.rank);
        let style = theme.stones[seat.index() % 2];
        canvas.stone((x, y), r, outline, style, theme.shadow, shadow);
    }

    for sq in captured {
        let (x, y) = grid.centre(sq.file, sq.rank);
        if game.board().get(sq).is_none() {
            canvas.cross(x, y, cell * 0.42, cell * 0.09, theme.capture);
        } else {
            // A stone came back to where one was captured: mark the corner instead.
            let (ox, oy) = grid.cell_origin(sq.file, sq.rank);
            let (x, y) = (ox as f32 + cell * 0.84, oy as f32 + cell * 0.16);
            canvas.cross(x, y, cell * 0.16, cell * 0.05, theme.capture);
        }
    }

    canvas.round_corners(14.0);
    canvas.into_image()
}

fn variant_title(game: &Sidja) -> String {
    let o = game.options();
    format!(
        "Sidja · {} · {}x{} · drop {}",
        o.variant, o.size, o.size, o.drop
    )
}

fn draw_header(canvas: &mut Canvas, game: &Sidja, opts: &RenderOptions, theme: &Theme) {
    let width = canvas.width() as f32;
    let left = PAD as f32;
    let inner = width - 2.0 * left;
    let title_baseline = left + 8.0 + Canvas::cap_height(Weight::Bold, TITLE_PX);
    let title = variant_title(game);
    canvas.text(
        &title,
        Weight::Bold,
        TITLE_PX,
        (left + 6.0, title_baseline),
        theme.text,
    );
    let ply = format!("ply {}", game.steps().len());
    let ply_w = Canvas::text_width(&ply, Weight::Regular, STATUS_PX);
    canvas.text(
        &ply,
        Weight::Regular,
        STATUS_PX,
        (width - left - 6.0 - ply_w, title_baseline),
        theme.text_dim,
    );

    let to_move = game.to_move();
    let outcome = game.outcome();
    let row_h = 40.0;
    let mut y = title_baseline + 14.0;
    for seat in [Seat::FIRST, Seat::SECOND] {
        let on_board = game.board().count(seat);
        let detail = if game.is_placing() {
            format!(
                "{} in hand · {} captured",
                game.in_hand(seat),
                game.captured_by(seat)
            )
        } else {
            format!(
                "{} on board · {} captured",
                on_board,
                game.captured_by(seat)
            )
        };
        let active = match outcome {
            Some(o) => o.winners.contains(&seat),
            None => to_move == Some(seat),
        };
        let name = opts.name(seat);
        let line = PlayerLine {
            icon: theme.stones[seat.index() % 2],
            name: &name,
            detail: &detail,
            active,
        };
        draw_player_line(canvas, &line, (left, y, inner, row_h), PLAYER_PX, theme);
        y += row_h + 4.0;
    }

    // Whose turn it is, or the result; then what the last turn did, if there is room.
    let status: Vec<Span> = match (outcome, to_move) {
        (Some(o), _) => {
            let mut s = match o.winners.as_slice() {
                [] => vec![Span::new("Draw", Weight::Bold, theme.accent)],
                winners => {
                    let names: Vec<String> = winners.iter().map(|w| opts.name(*w)).collect();
                    let names =
                        fit_text(&names.join(" and "), Weight::Bold, STATUS_PX, inner / 2.0);
                    vec![
                        Span::new(names, Weight::Bold, theme.accent),
                        Span::new(" wins", Weight::Bold, theme.text),
                    ]
                }
            };
            s.push(Span::new(
                format!(" – {}", o.reason),
                Weight::Regular,
                theme.text_dim,
            ));
            s
        }
        (None, Some(seat)) => {
            let name = fit_text(&opts.name(seat), Weight::Bold, STATUS_PX, inner / 2.0);
            let what = if game.is_placing() {
                " to place"
            } else {
                " to move"
            };
            vec![
                Span::new(name, Weight::Bold, theme.accent),
                Span::new(what, Weight::Regular, theme.text),
            ]
        }
        (None, None) => Vec::new(),
    };
    let cy = y + 20.0;
    let baseline = cy + Canvas::cap_height(Weight::Bold, STATUS_PX) / 2.0;
    let end = canvas.spans(&status, STATUS_PX, (left + 6.0, baseline));

    let last = last_turn_text(game);
    if !last.is_empty() {
        let label = Span::new("last: ", Weight::Regular, theme.text_dim);
        let room = width
            - left
            - 6.0
            - (end + 24.0)
            - Canvas::text_width(&label.text, label.weight, STATUS_PX);
        let text = fit_text(&last, Weight::Bold, STATUS_PX, room);
        if !text.is_empty() && text != "..." {
            let spans = [label, Span::new(text, Weight::Bold, theme.text)];
            let w = spans_width(&spans, STATUS_PX);
            canvas.spans(&spans, STATUS_PX, (width - left - 6.0 - w, baseline));
        }
    }
}

/// The last turn in words: its actions in order, each capture as `xd4` after the move.
fn last_turn_text(game: &Sidja) -> String {
    let mut parts = Vec::new();
    for step in game.last_turn() {
        parts.push(step.text());
        for sq in &step.captured {
            parts.push(format!("x{sq}"));
        }
    }
    parts.join(" ")
}
