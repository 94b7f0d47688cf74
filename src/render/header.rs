//! The header of a board image: a title line, one line per player, and the status.

use super::font::Weight;
use super::raster::{fit_text, spans_width, Canvas, Span};
use super::sprites;
use super::theme::{rgba, Colour, StoneStyle, Theme};
use super::SeatIcon;
use crate::games::Seat;
use crate::i18n::Localize;
use crate::msg;

/// One line of a header about a player: a stone icon, the name, and details at the right,
/// on a raised background with an accent bar when `active`.
pub struct PlayerLine<'a> {
    /// The player's stone (or piece colour), drawn on a tile of the board's wood.
    pub icon: StoneStyle,
    /// A character written on the icon (a xiangqi piece's), in a colour.
    pub glyph: Option<(char, Colour)>,
    pub name: &'a str,
    pub detail: &'a str,
    pub active: bool,
}

/// Draws a [`PlayerLine`] in the box `(x, y, width, height)`.
pub fn draw_player_line(
    canvas: &mut Canvas,
    line: &PlayerLine,
    (x, y, width, height): (f32, f32, f32, f32),
    px: f32,
    theme: &Theme,
) {
    if line.active {
        canvas.fill_rounded_rect(x, y, width, height, height * 0.25, theme.frame_raised);
        canvas.fill_rounded_rect(x, y, 6.0, height, 3.0, theme.accent);
    }
    let cy = y + height / 2.0;
    // The stone on a little tile of wood, as it looks on the board.
    let tile = (height - 8.0).round();
    let tile_x = x + 14.0;
    canvas.fill_rounded_rect(tile_x, cy - tile / 2.0, tile, tile, 4.0, theme.wood);
    let icon_x = tile_x + tile / 2.0;
    sprites::stone(
        canvas,
        (icon_x, cy),
        tile * 0.38,
        1.5,
        line.icon,
        rgba(0, 0, 0, 0),
        (0.0, 0.0),
    );
    if let Some((c, colour)) = line.glyph {
        canvas.glyph_centred(c, Weight::Bold, tile * 0.52, (icon_x, cy), colour);
    }
    let name_x = tile_x + tile + 12.0;
    let baseline = cy + Canvas::cap_height(Weight::Bold, px) / 2.0;
    let detail_px = px * 0.85;
    let detail_w = Canvas::text_width(line.detail, Weight::Regular, detail_px);
    let detail_x = x + width - 14.0 - detail_w;
    canvas.text(
        line.detail,
        Weight::Regular,
        detail_px,
        (detail_x, baseline),
        theme.text_dim,
    );
    let name = fit_text(line.name, Weight::Bold, px, detail_x - 20.0 - name_x);
    let colour = if line.active {
        theme.accent
    } else {
        theme.text
    };
    canvas.text(&name, Weight::Bold, px, (name_x, baseline), colour);
}

/// What the player to move is to do, after their name: " to move", " to place", " to
/// move, in check".
pub fn verb(placing: bool, in_check: bool, lang: crate::i18n::Lang) -> String {
    let id = match (placing, in_check) {
        (true, _) => "render-to-place",
        (false, true) => "render-to-move-in-check",
        (false, false) => "render-to-move",
    };
    format!(" {}", msg!(id).tr(lang))
}

/// The header's font sizes: the title line, the players' lines, the status line.
pub const TITLE_PX: f32 = 28.0;
pub const PLAYER_PX: f32 = 28.0;
pub const STATUS_PX: f32 = 25.0;

/// A player in a [`Header`]: the line shows the seat's icon, its name and `detail`, and
/// is raised for the player to move, or for the winners once the game is over.
pub struct HeaderPlayer<'a> {
    pub seat: Seat,
    pub icon: SeatIcon,
    pub detail: &'a str,
}

/// The players of a game between the theme's two stones, with each seat's details.
pub fn stone_players<'a>(details: &'a [String; 2], theme: &Theme) -> [HeaderPlayer<'a>; 2] {
    [Seat::FIRST, Seat::SECOND].map(|seat| HeaderPlayer {
        seat,
        icon: (theme.stones[seat.index()], None),
        detail: &details[seat.index()],
    })
}

/// What the header of a board image says: a title line with the ply, one line per
/// player, then whose turn it is (or the result) with what the last turn did.
pub struct Header<'a> {
    pub title: &'a str,
    /// The number of entries in the game's record, shown as `ply N`.
    pub ply: usize,
    pub players: &'a [HeaderPlayer<'a>],
    pub outcome: Option<&'a crate::games::Outcome>,
    pub to_move: Option<crate::games::Seat>,
    /// Display names.
    pub names: &'a super::RenderOptions,
    /// What the player to move is to do, after their name: " to move", " to place".
    pub verb: String,
    /// The last turn in words, shown after `last: ` when there is room.
    pub last: &'a str,
}

/// Draws a [`Header`] across the top of the canvas, `pad` pixels from its edges.
pub fn draw_header(canvas: &mut Canvas, header: &Header, pad: f32, theme: &Theme) {
    let width = canvas.width() as f32;
    let left = pad;
    let inner = width - 2.0 * left;
    let title_baseline = left + 8.0 + Canvas::cap_height(Weight::Bold, TITLE_PX);
    canvas.text(
        header.title,
        Weight::Bold,
        TITLE_PX,
        (left + 6.0, title_baseline),
        theme.text,
    );
    let lang = header.names.lang;
    let ply = msg!("render-ply", ply = header.ply).tr(lang);
    let ply_w = Canvas::text_width(&ply, Weight::Regular, STATUS_PX);
    canvas.text(
        &ply,
        Weight::Regular,
        STATUS_PX,
        (width - left - 6.0 - ply_w, title_baseline),
        theme.text_dim,
    );

    let row_h = 40.0;
    let mut y = title_baseline + 14.0;
    for player in header.players {
        let line = PlayerLine {
            icon: player.icon.0,
            glyph: player.icon.1,
            name: &header.names.name(player.seat),
            detail: player.detail,
            active: match header.outcome {
                Some(o) => o.winners.contains(&player.seat),
                None => header.to_move == Some(player.seat),
            },
        };
        draw_player_line(canvas, &line, (left, y, inner, row_h), PLAYER_PX, theme);
        y += row_h + 4.0;
    }

    // Whose turn it is, or the result; then what the last turn did, if there is room.
    let names = header.names;
    let status: Vec<Span> = match (header.outcome, header.to_move) {
        (Some(o), _) => {
            let mut s = match o.winners.as_slice() {
                [] => vec![Span::new(
                    msg!("render-draw").tr(lang),
                    Weight::Bold,
                    theme.accent,
                )],
                winners => {
                    let names: Vec<String> = winners.iter().map(|w| names.name(*w)).collect();
                    let and = msg!("render-and").tr(lang);
                    let names = fit_text(&names.join(&and), Weight::Bold, STATUS_PX, inner / 2.0);
                    vec![
                        Span::new(names, Weight::Bold, theme.accent),
                        // Fluent trims a message's leading blank: the space is ours,
                        // as in `verb`.
                        Span::new(
                            format!(" {}", msg!("render-wins", count = winners.len()).tr(lang)),
                            Weight::Bold,
                            theme.text,
                        ),
                    ]
                }
            };
            s.push(Span::new(
                format!(
                    " {}",
                    msg!("render-result-reason", reason = o.reason.msg()).tr(lang)
                ),
                Weight::Regular,
                theme.text_dim,
            ));
            s
        }
        (None, Some(seat)) => {
            let name = fit_text(&names.name(seat), Weight::Bold, STATUS_PX, inner / 2.0);
            vec![
                Span::new(name, Weight::Bold, theme.accent),
                Span::new(header.verb.clone(), Weight::Regular, theme.text),
            ]
        }
        (None, None) => Vec::new(),
    };
    let cy = y + 20.0;
    let baseline = cy + Canvas::cap_height(Weight::Bold, STATUS_PX) / 2.0;
    let end = canvas.spans(&status, STATUS_PX, (left + 6.0, baseline));

    if !header.last.is_empty() {
        let label = Span::new(
            msg!("render-last").tr(lang) + " ",
            Weight::Regular,
            theme.text_dim,
        );
        let room = width
            - left
            - 6.0
            - (end + 24.0)
            - Canvas::text_width(&label.text, label.weight, STATUS_PX);
        let text = fit_text(header.last, Weight::Bold, STATUS_PX, room);
        if !text.is_empty() && text != "..." {
            let spans = [label, Span::new(text, Weight::Bold, theme.text)];
            let w = spans_width(&spans, STATUS_PX);
            canvas.spans(&spans, STATUS_PX, (width - left - 6.0 - w, baseline));
        }
    }
}
