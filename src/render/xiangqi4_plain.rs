//! A plain image of a four-player xiangqi position: the cross's points on wood, each
//! piece as its two-letter code from the text diagram (army initial, piece letter) in
//! its army's colour, the last action's points tinted, generals in check ringed, and a
//! line per player under the board. It is drawn as Red sees the board, whoever views.
//!
//! This is the engine branch's own view, so the game can be played and exported with
//! images; the full board image (pieces as discs, turned to the viewer, panels in the
//! corners) is drawn by the board-image work and replaces this one when it lands.

use super::canvas::{rgb, Canvas, Colour, Grid, GridKind, Layout, THEME};
use super::font::Weight;
use super::RenderOptions;
use crate::games::xiangqi4::{geometry, Action, Army, Xiangqi4};
use crate::games::{Game, Seat, Square};
use image::RgbaImage;

const CELL: u32 = 30;
const PAD: u32 = 34;
const LINE: u32 = 26;
const PX: f32 = 15.0;

/// Each army's colour: red, near-black, ochre, green.
const COLOURS: [Colour; 4] = [
    rgb(0xc0, 0x1c, 0x1c),
    rgb(0x1e, 0x1e, 0x1e),
    rgb(0xa8, 0x74, 0x00),
    rgb(0x1d, 0x7a, 0x2e),
];

/// Where the board is drawn: 19×19 points, Red's side at the bottom.
pub fn layout() -> Layout {
    let grid = Grid {
        left: PAD,
        top: PAD,
        cell: CELL,
        files: geometry::SIZE,
        ranks: geometry::SIZE,
        flipped: false,
        kind: GridKind::Points,
    };
    Layout {
        width: 2 * PAD + grid.width(),
        height: 2 * PAD + grid.height() + 5 * LINE,
        grid,
    }
}

pub fn draw(game: &Xiangqi4, opts: &RenderOptions) -> RgbaImage {
    let layout = layout();
    let grid = layout.grid;
    let mut canvas = Canvas::new(layout.width, layout.height, THEME.frame);
    let last: Vec<Square> = match game.last_action() {
        Some(Action::Move { from, to }) => vec![from, to],
        Some(Action::Drop { to, .. }) => vec![to],
        None => Vec::new(),
    };
    let checked = game.checked_generals();
    for sq in geometry::points() {
        let (x, y) = grid.cell_origin(sq.file, sq.rank);
        let wood = if geometry::in_middle(sq) {
            rgb(0xd8, 0xb0, 0x76)
        } else {
            THEME.wood
        };
        canvas.fill_rect(x as i32, y as i32, CELL, CELL, wood);
        if last.contains(&sq) {
            canvas.fill_rect(x as i32, y as i32, CELL, CELL, THEME.last_to);
        }
        let centre = grid.centre(sq.file, sq.rank);
        match game.board().get(sq) {
            None => canvas.disc(centre.0, centre.1, 2.0, THEME.grid),
            Some(piece) => {
                if checked.contains(&sq) {
                    canvas.ring(
                        centre.0,
                        centre.1,
                        CELL as f32 / 2.0 - 1.0,
                        2.0,
                        THEME.capture,
                    );
                }
                let colour = COLOURS[piece.army.index()];
                canvas.text_centred(&piece.code(), Weight::Bold, PX, centre, colour);
            }
        }
    }
    for i in 0..geometry::SIZE {
        let (x, _) = grid.centre(i, 0);
        let (_, y) = grid.centre(0, i);
        let file = ((b'a' + i) as char).to_string();
        let bottom = (grid.top + grid.height() + PAD / 2) as f32;
        canvas.text_centred(&file, Weight::Regular, 12.0, (x, bottom), THEME.coordinates);
        let rank = (i + 1).to_string();
        canvas.text_centred(
            &rank,
            Weight::Regular,
            12.0,
            ((PAD / 2) as f32, y),
            THEME.coordinates,
        );
    }
    let mut baseline = (grid.top + grid.height() + PAD + LINE / 2) as f32;
    for army in Army::ALL {
        let seat: Seat = army.seat();
        let state = if !game.is_in(army) {
            "out".to_string()
        } else if game.to_move() == Some(seat) {
            "to move".to_string()
        } else {
            "in".to_string()
        };
        let reserve = game.reserve(seat);
        let reserve = if reserve.is_empty() {
            String::new()
        } else {
            format!(" · reserve {reserve}")
        };
        let text = format!("{army} {}: {state}{reserve}", opts.name(seat));
        let marker = (PAD as f32 + 6.0, baseline - 5.0);
        canvas.disc(marker.0, marker.1, 6.0, COLOURS[army.index()]);
        canvas.ring(marker.0, marker.1, 6.0, 1.0, THEME.text);
        canvas.text(
            &text,
            Weight::Bold,
            PX,
            (PAD as f32 + 18.0, baseline),
            THEME.text,
        );
        baseline += LINE as f32;
    }
    if let Some(outcome) = game.outcome() {
        canvas.text(
            &format!("Game over: {outcome}"),
            Weight::Bold,
            PX,
            (PAD as f32, baseline),
            THEME.accent,
        );
    }
    canvas.into_image()
}
