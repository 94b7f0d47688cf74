//! A screenshot-like picture of a boardpost game in a Discord channel, for the README.
//!
//!     cargo run --release --example channel_mockup -- docs/images/discord-channel.png
//!
//! Nothing in it is invented: a real table over a temporary SQLite store plays a real
//! game (alice challenges bob, bob accepts, they place and move until alice captures,
//! then bob's time runs half out), and the picture shows the replies' own texts and
//! board images. Only the window around them is drawn, in Discord's dark theme, with the
//! crate's canvas: avatars, names, mentions as pills, buttons, the game's thread.

use boardpost::clock::{ManualClock, DAY};
use boardpost::games::AnyGame;
use boardpost::games::Game as _;
use boardpost::i18n::{Lang, Localize};
use boardpost::ids::{ChannelId, GameId, GuildId, UserId};
use boardpost::render::canvas::{fit_text, rgb, rgba, Canvas, Colour};
use boardpost::render::font::Weight;
use boardpost::store::{First, Store};
use boardpost::table::{ButtonStyle, Caller, ChallengeRequest, Reply, Table};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::imageops;
use image::{ImageEncoder, RgbaImage};
use std::collections::HashMap;
use std::error::Error;
use std::sync::Arc;

type Res<T> = Result<T, Box<dyn Error>>;

const GUILD: GuildId = GuildId(1_180_000_000_000_000_001);
const CHANNEL: ChannelId = ChannelId(1_180_000_000_000_000_002);
const ALICE: UserId = UserId(1_180_000_000_000_000_011);
const BOB: UserId = UserId(1_180_000_000_000_000_012);

/// Days from 1970-01-01 to a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count from 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if m <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        m,
        d,
    )
}

/// Saturday 14 March 2026, 15:58 (the picture's clock reads UTC): the game's first
/// evening, and the reminder on Monday morning.
fn start_time() -> i64 {
    days_from_civil(2026, 3, 14) * DAY + 15 * 3600 + 58 * 60
}

/// A small deterministic generator, so the picture only changes when the code does.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

/// A reply as posted, and when.
struct Posted {
    reply: Reply,
    at: i64,
}

/// What happened, for the picture.
struct Story {
    challenge: Posted,
    start: Posted,
    thread_name: String,
    /// The move that captured, with the extra move after it.
    capture: Posted,
    reminder: Posted,
    /// Messages in the game's thread (every move's reply and the reminder).
    thread_messages: usize,
}

fn caller(user: UserId, name: &str) -> Caller {
    Caller::new(GUILD, CHANNEL, user, name)
}

async fn state(store: &Store, id: GameId) -> Res<AnyGame> {
    let row = store.game(GUILD, id).await?.ok_or("the game is gone")?;
    Ok(serde_json::from_str(&row.state)?)
}

/// The squares playing `action` captures.
fn captured(game: &AnyGame, action: &str) -> Vec<String> {
    game.preview_text(action)
        .and_then(|p| {
            p.tr(Lang::En)
                .strip_prefix("captures ")
                .map(|list| list.split(", ").map(String::from).collect())
        })
        .unwrap_or_default()
}

fn captures(game: &AnyGame, action: &str) -> bool {
    !captured(game, action).is_empty()
}

/// Plays alice's and bob's turns through the table until alice captures in the movement
/// phase and hands the move to bob; then lets half of bob's time pass.
async fn play(table: &Table, store: &Store, clock: &ManualClock) -> Res<Story> {
    let alice = caller(ALICE, "alice");
    let bob = caller(BOB, "bob");
    let request = ChallengeRequest {
        game: "sidja".into(),
        opponents: vec![BOB],
        options: vec!["variant=sudan".into()],
        days_per_move: Some(3),
        first: Some(First::Challenger),
        ..ChallengeRequest::default()
    };
    let challenge = Posted {
        reply: table.challenge(&alice, request).await?,
        at: table.now(),
    };
    clock.advance(23 * 60);
    let start = Posted {
        reply: table.accept(&bob, None).await?,
        at: table.now(),
    };
    let thread = start
        .reply
        .thread
        .clone()
        .ok_or("a new game asks for a thread")?;
    let id = thread.game;

    let mut rng = Rng(0x5eed_b0a7_d905_7e11);
    let mut moves = 0;
    for _ in 0..400 {
        clock.advance(60 * (3 + (rng.next() % 50) as i64));
        let game = state(store, id).await?;
        let seat = game.to_move().ok_or("the game ended before a capture")?;
        let who = if seat.index() == 0 { &alice } else { &bob };
        let placing = match &game {
            AnyGame::Sidja(g) => g.is_placing(),
            AnyGame::Yote(_) => false,
            AnyGame::Banglagor(g) => g.is_placing(),
            AnyGame::Xiangqi(_) => false,
            AnyGame::Xiangqi4(_) => false,
        };
        // alice's showcase: a capture, then the extra move that hands over to bob.
        if !placing && who.user == ALICE {
            let legal = game.legal();
            // The extra move keeps off the captured squares, so the image shows them.
            let capture = legal.iter().find_map(|a| {
                let gone = captured(&game, a);
                if gone.is_empty() {
                    return None;
                }
                let mut next = game.clone();
                next.play(a).ok()?;
                let quiet = next.legal().into_iter().find(|b| {
                    let mut after = next.clone();
                    let to = b.rsplit('-').next().unwrap_or(b);
                    !captures(&next, b)
                        && !gone.iter().any(|g| g == to)
                        && after.play(b).is_ok()
                        && after.to_move().is_some_and(|s| s.index() == 1)
                })?;
                Some(format!("{a} {quiet}"))
            });
            if let Some(text) = capture {
                let reply = table.play_move(who, Some(id), &text).await?;
                moves += 1;
                let capture = Posted {
                    reply,
                    at: table.now(),
                };
                // Half of bob's three days, and a few minutes more for the deadline loop.
                clock.advance(3 * DAY / 2 + 4 * 60);
                let notices = table.tick().await?;
                let notice = notices
                    .into_iter()
                    .find(|n| n.in_channel)
                    .ok_or("no reminder was due")?;
                return Ok(Story {
                    challenge,
                    start,
                    thread_name: thread.name,
                    capture,
                    reminder: Posted {
                        reply: notice.reply,
                        at: table.now(),
                    },
                    thread_messages: moves + 1,
                });
            }
        }
        // Anyone else: a whole turn of random quiet actions (captures only if forced).
        let mut next = game.clone();
        let mut actions = Vec::new();
        while next.to_move() == Some(seat) {
            let legal = next.legal();
            let quiet: Vec<String> = legal
                .iter()
                .filter(|a| !captures(&next, a))
                .cloned()
                .collect();
            let action = rng.pick(if quiet.is_empty() { &legal } else { &quiet });
            actions.push(next.play(action)?);
        }
        table.play_move(who, Some(id), &actions.join(" ")).await?;
        moves += 1;
    }
    Err("no capture by alice within 400 turns".into())
}

// ---------------------------------------------------------------------------------------
// The picture.

const WIDTH: u32 = 900;
/// Where message text starts, right of the avatars.
const CONTENT_X: f32 = 72.0;
/// Room left at the right, where Discord shows a message's hover toolbar.
const RIGHT_MARGIN: f32 = 40.0;
const TEXT_PX: f32 = 16.0;
const LINE_H: f32 = 22.0;
/// The boards, scaled down as Discord shows attachments.
const BOARD_WIDTH: u32 = 360;

const BG: Colour = rgb(0x31, 0x33, 0x38);
const BG_DARK: Colour = rgb(0x2b, 0x2d, 0x31);
const BG_DARKEST: Colour = rgb(0x1e, 0x1f, 0x22);
const INPUT_BG: Colour = rgb(0x38, 0x3a, 0x40);
const HEADER_TEXT: Colour = rgb(0xf2, 0xf3, 0xf5);
const TEXT: Colour = rgb(0xdb, 0xde, 0xe1);
const MUTED: Colour = rgb(0xb5, 0xba, 0xc1);
const TIMESTAMP: Colour = rgb(0x94, 0x9b, 0xa4);
const ICON: Colour = rgb(0x80, 0x84, 0x8e);
const PLACEHOLDER: Colour = rgb(0x6d, 0x6f, 0x78);
const DIVIDER: Colour = rgb(0x3f, 0x41, 0x47);
const SPINE: Colour = rgb(0x4e, 0x50, 0x58);
const BLURPLE: Colour = rgb(0x58, 0x65, 0xf2);
const LINK: Colour = rgb(0x00, 0xa8, 0xfc);
const MENTION_BG: Colour = rgba(0x58, 0x65, 0xf2, 0x4d);
const MENTION_TEXT: Colour = rgb(0xc9, 0xcd, 0xfb);
const WOOD: Colour = rgb(0xe2, 0xbd, 0x85);

/// Who wrote a message: name and avatar colour (people get their initial on it, the
/// bot two stones).
struct Author {
    name: &'static str,
    colour: Colour,
    bot: bool,
}

const BOT: Author = Author {
    name: "boardpost",
    colour: WOOD,
    bot: true,
};
const ALICE_AUTHOR: Author = Author {
    name: "alice",
    colour: rgb(0xeb, 0x45, 0x9e),
    bot: false,
};

fn avatar(canvas: &mut Canvas, author: &Author, (cx, cy): (f32, f32), r: f32) {
    canvas.disc(cx, cy, r, author.colour);
    if author.bot {
        // Two stones on wood: the bot's avatar.
        let theme = boardpost::render::canvas::THEME;
        let s = r * 0.4;
        let no_shadow = rgba(0, 0, 0, 0);
        canvas.stone(
            (cx - r * 0.27, cy + r * 0.1),
            s,
            (r * 0.06).max(1.0),
            theme.stones[0],
            no_shadow,
            (0.0, 0.0),
        );
        canvas.stone(
            (cx + r * 0.27, cy - r * 0.1),
            s,
            (r * 0.06).max(1.0),
            theme.stones[1],
            no_shadow,
            (0.0, 0.0),
        );
    } else {
        let initial = author.name[..1].to_uppercase();
        canvas.text_centred(
            &initial,
            Weight::Bold,
            r * 0.95,
            (cx, cy),
            rgb(0xff, 0xff, 0xff),
        );
    }
}

/// Discord's alarm clock emoji (⏰), which the embedded fonts lack, drawn in `size`
/// pixels with its centre at `(cx, cy)`.
fn alarm_clock(canvas: &mut Canvas, (cx, cy): (f32, f32), size: f32) {
    let red = rgb(0xdd, 0x2e, 0x44);
    let s = size;
    canvas.line(
        (cx - 0.22 * s, cy + 0.2 * s),
        (cx - 0.34 * s, cy + 0.44 * s),
        0.09 * s,
        red,
    );
    canvas.line(
        (cx + 0.22 * s, cy + 0.2 * s),
        (cx + 0.34 * s, cy + 0.44 * s),
        0.09 * s,
        red,
    );
    canvas.disc(cx - 0.3 * s, cy - 0.33 * s, 0.17 * s, red);
    canvas.disc(cx + 0.3 * s, cy - 0.33 * s, 0.17 * s, red);
    canvas.disc(cx, cy + 0.02 * s, 0.42 * s, red);
    canvas.disc(cx, cy + 0.02 * s, 0.32 * s, rgb(0xe1, 0xe8, 0xed));
    let hand = rgb(0x66, 0x75, 0x7f);
    canvas.line((cx, cy + 0.02 * s), (cx, cy - 0.2 * s), 0.06 * s, hand);
    canvas.line(
        (cx, cy + 0.02 * s),
        (cx + 0.14 * s, cy + 0.1 * s),
        0.06 * s,
        hand,
    );
}

/// How a piece of message text looks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Style {
    Plain,
    Bold,
    Code,
    Mention,
    Emoji,
    Break,
}

/// A piece of a message that is never split across lines: a word with the spaces after
/// it, a mention, an inline code span, an emoji.
#[derive(Clone, Debug)]
struct Piece {
    text: String,
    style: Style,
}

fn code_px() -> f32 {
    TEXT_PX * 0.875
}

impl Piece {
    fn width(&self) -> f32 {
        match self.style {
            Style::Plain => Canvas::text_width(&self.text, Weight::Regular, TEXT_PX),
            Style::Bold => Canvas::text_width(&self.text, Weight::Bold, TEXT_PX),
            Style::Code => Canvas::text_width(&self.text, Weight::Regular, code_px()) + 8.0,
            Style::Mention => Canvas::text_width(&self.text, Weight::Bold, TEXT_PX) + 4.0,
            Style::Emoji => 22.0,
            Style::Break => 0.0,
        }
    }

    /// The width without trailing spaces, for deciding where a line breaks.
    fn ink_width(&self) -> f32 {
        let trimmed = Piece {
            text: self.text.trim_end().to_string(),
            style: self.style,
        };
        trimmed.width()
    }
}

/// Reads the Markdown the table writes (`**bold**`, `` `code` ``, `<@id>` mentions, the
/// ⏰ emoji, line breaks) into pieces, with mentions as `@name`.
fn pieces(text: &str, names: &HashMap<UserId, &str>) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut bold = false;
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Piece>, bold: bool| {
        if !word.is_empty() {
            let style = if bold { Style::Bold } else { Style::Plain };
            out.push(Piece {
                text: std::mem::take(word),
                style,
            });
        }
    };
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("**") {
            flush(&mut word, &mut out, bold);
            bold = !bold;
            rest = after;
            continue;
        }
        if let Some(after) = rest.strip_prefix('`') {
            if let Some(end) = after.find('`') {
                flush(&mut word, &mut out, bold);
                out.push(Piece {
                    text: after[..end].to_string(),
                    style: Style::Code,
                });
                rest = &after[end + 1..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix("<@") {
            if let Some(end) = after.find('>') {
                if let Ok(id) = after[..end].parse::<u64>() {
                    flush(&mut word, &mut out, bold);
                    let name = names.get(&UserId(id)).copied().unwrap_or("unknown-user");
                    out.push(Piece {
                        text: format!("@{name}"),
                        style: Style::Mention,
                    });
                    rest = &after[end + 1..];
                    continue;
                }
            }
        }
        rest = &rest[c.len_utf8()..];
        match c {
            '\n' => {
                flush(&mut word, &mut out, bold);
                out.push(Piece {
                    text: String::new(),
                    style: Style::Break,
                });
            }
            '⏰' => {
                flush(&mut word, &mut out, bold);
                out.push(Piece {
                    text: String::new(),
                    style: Style::Emoji,
                });
            }
            ' ' => {
                // Spaces stay with the piece before them, a word or a pill.
                if word.is_empty() {
                    match out.last_mut() {
                        Some(p) if p.style != Style::Break => p.text.push(' '),
                        _ => word.push(' '),
                    }
                } else {
                    word.push(' ');
                    flush(&mut word, &mut out, bold);
                }
            }
            _ => word.push(c),
        }
    }
    flush(&mut word, &mut out, bold);
    out
}

/// Pieces placed on lines: `(line, x offset, piece)`.
fn wrap(pieces: &[Piece], max: f32) -> (Vec<(usize, f32, Piece)>, usize) {
    let mut placed = Vec::new();
    let (mut line, mut x) = (0, 0.0);
    for p in pieces {
        if p.style == Style::Break {
            line += 1;
            x = 0.0;
            continue;
        }
        if x > 0.0 && x + p.ink_width() > max {
            line += 1;
            x = 0.0;
        }
        placed.push((line, x, p.clone()));
        x += p.width();
    }
    (placed, line + 1)
}

/// The text of a pill or code span without the spaces that follow it.
fn split_trailing(text: &str) -> (&str, usize) {
    let trimmed = text.trim_end();
    (trimmed, text.len() - trimmed.len())
}

/// Writes a message's text from `(x, top)`; returns the height used.
fn message_text(
    canvas: &mut Canvas,
    text: &str,
    names: &HashMap<UserId, &str>,
    (x, top): (f32, f32),
    max: f32,
) -> f32 {
    let (placed, lines) = wrap(&pieces(text, names), max);
    let cap = Canvas::cap_height(Weight::Regular, TEXT_PX);
    for (line, dx, p) in placed {
        let line_top = top + line as f32 * LINE_H;
        let baseline = (line_top + (LINE_H + cap) / 2.0).round();
        let px = x + dx;
        match p.style {
            Style::Plain => {
                canvas.text(&p.text, Weight::Regular, TEXT_PX, (px, baseline), TEXT);
            }
            Style::Bold => {
                canvas.text(&p.text, Weight::Bold, TEXT_PX, (px, baseline), HEADER_TEXT);
            }
            Style::Mention => {
                let (name, _) = split_trailing(&p.text);
                let w = Canvas::text_width(name, Weight::Bold, TEXT_PX) + 4.0;
                canvas.fill_rounded_rect(px, line_top + 1.0, w, LINE_H - 2.0, 3.0, MENTION_BG);
                canvas.text(
                    name,
                    Weight::Bold,
                    TEXT_PX,
                    (px + 2.0, baseline),
                    MENTION_TEXT,
                );
            }
            Style::Code => {
                let w = Canvas::text_width(&p.text, Weight::Regular, code_px()) + 6.0;
                canvas.fill_rounded_rect(
                    px,
                    line_top + 1.0,
                    w + 2.0,
                    LINE_H - 2.0,
                    4.0,
                    BG_DARKEST,
                );
                canvas.fill_rounded_rect(px + 1.0, line_top + 2.0, w, LINE_H - 4.0, 3.0, BG_DARK);
                canvas.text(
                    &p.text,
                    Weight::Regular,
                    code_px(),
                    (px + 4.0, baseline - 1.0),
                    TEXT,
                );
            }
            Style::Emoji => alarm_clock(canvas, (px + 10.0, line_top + LINE_H / 2.0), 19.0),
            Style::Break => {}
        }
    }
    lines as f32 * LINE_H
}

/// A message's text on one line, as a reply reference or a thread preview shows it.
fn plain_line(text: &str, names: &HashMap<UserId, &str>) -> String {
    let mut out = String::new();
    for p in pieces(text, names) {
        match p.style {
            Style::Break => out.push(' '),
            Style::Emoji => {}
            _ => out.push_str(&p.text),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn clock_time(t: i64) -> String {
    let secs = t.rem_euclid(DAY);
    let (h, m) = (secs / 3600, secs % 3600 / 60);
    let (h12, half) = match h {
        0 => (12, "AM"),
        1..=11 => (h, "AM"),
        12 => (12, "PM"),
        _ => (h - 12, "PM"),
    };
    format!("{h12}:{m:02} {half}")
}

/// A timestamp as Discord writes it beside a name, seen on the day `today`.
fn timestamp(t: i64, today: i64) -> String {
    let day = t.div_euclid(DAY);
    match today - day {
        0 => format!("Today at {}", clock_time(t)),
        1 => format!("Yesterday at {}", clock_time(t)),
        _ => {
            let (y, m, d) = civil_from_days(day);
            format!("{m}/{d}/{}, {}", y % 100, clock_time(t))
        }
    }
}

fn long_date(t: i64) -> String {
    let (y, m, d) = civil_from_days(t.div_euclid(DAY));
    format!("{} {d}, {y}", MONTHS[(m - 1) as usize])
}

/// The line above a message that answers something: a slash command (`used /play`) or
/// a button pressed on another message (shown as a reply to it).
enum Context<'a> {
    Command { user: &'a Author, command: &'a str },
    ReplyTo { author: &'a Author, preview: String },
}

/// Draws a [`Context`] line from `top`; returns its height.
fn context_line(canvas: &mut Canvas, context: &Context, top: f32) -> f32 {
    // The spine: from above the avatar, curving right to the small avatar.
    let mid = top + 11.0;
    let (sx, ex) = (36.0, CONTENT_X - 4.0);
    canvas.fill_rect(sx as i32 - 1, (mid + 6.0) as i32, 2, 11, SPINE);
    canvas.fill_rect(
        sx as i32 + 5,
        mid as i32 - 1,
        (ex - sx - 5.0) as u32,
        2,
        SPINE,
    );
    // The corner: a quarter ring of radius 6.
    for i in 0..=12 {
        let a = std::f32::consts::FRAC_PI_2 * i as f32 / 12.0;
        let (x, y) = (sx + 6.0 - 6.0 * a.cos(), mid + 6.0 - 6.0 * a.sin());
        canvas.disc(x, y, 1.0, SPINE);
    }
    let px = 14.0;
    let baseline = (mid + Canvas::cap_height(Weight::Regular, px) / 2.0).round();
    let who = match context {
        Context::Command { user, .. } => user,
        Context::ReplyTo { author, .. } => author,
    };
    avatar(canvas, who, (CONTENT_X + 8.0, mid), 8.0);
    let x = CONTENT_X + 20.0;
    match context {
        Context::Command { user, command } => {
            let x = canvas.text(user.name, Weight::Bold, px, (x, baseline), MUTED);
            let x = canvas.text(" used ", Weight::Regular, px, (x, baseline), MUTED);
            canvas.text(command, Weight::Regular, px, (x, baseline), LINK);
        }
        Context::ReplyTo { author, preview } => {
            let name = format!("@{}", author.name);
            let mut x = canvas.text(&name, Weight::Bold, px, (x, baseline), MUTED);
            if author.bot {
                x = app_tag(canvas, (x + 4.0, mid), 0.9);
            }
            let room = WIDTH as f32 - RIGHT_MARGIN - x - 6.0;
            let preview = fit_text(preview, Weight::Regular, px, room);
            canvas.text(&preview, Weight::Regular, px, (x + 6.0, baseline), MUTED);
        }
    }
    22.0
}

/// The `APP` tag beside a bot's name, vertically centred on `cy`; returns where it ends.
fn app_tag(canvas: &mut Canvas, (x, cy): (f32, f32), scale: f32) -> f32 {
    let px = 10.0 * scale;
    let w = Canvas::text_width("APP", Weight::Bold, px) + 8.0 * scale;
    let h = 15.0 * scale;
    canvas.fill_rounded_rect(x, cy - h / 2.0, w, h, 3.0, BLURPLE);
    canvas.text_centred(
        "APP",
        Weight::Bold,
        px,
        (x + w / 2.0, cy),
        rgb(0xff, 0xff, 0xff),
    );
    x + w
}

/// A message's avatar, name and time; returns the height of the name line.
fn message_head(canvas: &mut Canvas, author: &Author, when: &str, top: f32) -> f32 {
    avatar(canvas, author, (36.0, top + 20.0), 20.0);
    let mid = top + LINE_H / 2.0;
    let baseline = (mid + Canvas::cap_height(Weight::Bold, 16.0) / 2.0).round();
    let mut x = canvas.text(
        author.name,
        Weight::Bold,
        16.0,
        (CONTENT_X, baseline),
        HEADER_TEXT,
    );
    if author.bot {
        x = app_tag(canvas, (x + 5.0, mid + 1.0), 1.0);
    }
    canvas.text(when, Weight::Regular, 12.0, (x + 8.0, baseline), TIMESTAMP);
    LINE_H
}

/// Discord's buttons under a message; returns the height used.
fn buttons(canvas: &mut Canvas, reply: &Reply, top: f32) -> f32 {
    let mut x = CONTENT_X;
    for b in &reply.buttons {
        let colour = match b.style {
            ButtonStyle::Primary => BLURPLE,
            ButtonStyle::Secondary => rgb(0x4e, 0x50, 0x58),
            ButtonStyle::Success => rgb(0x24, 0x80, 0x46),
            ButtonStyle::Danger => rgb(0xda, 0x37, 0x3c),
        };
        let w = (Canvas::text_width(&b.label, Weight::Bold, 14.0) + 32.0).max(60.0);
        canvas.fill_rounded_rect(x, top, w, 32.0, 8.0, colour);
        canvas.text_centred(
            &b.label,
            Weight::Bold,
            14.0,
            (x + w / 2.0, top + 16.0),
            rgb(0xff, 0xff, 0xff),
        );
        x += w + 8.0;
    }
    32.0
}

/// The board image of a reply, scaled as Discord shows it, to paste once the canvas is
/// done; returns the height it takes.
fn board(reply: &Reply, top: f32, pastes: &mut Vec<(i64, i64, RgbaImage)>) -> Res<f32> {
    let png = &reply.image.as_ref().ok_or("the reply has no board")?.bytes;
    let full = image::load_from_memory_with_format(png, image::ImageFormat::Png)?.to_rgba8();
    let h = (full.height() as f32 * BOARD_WIDTH as f32 / full.width() as f32).round() as u32;
    let small = imageops::resize(&full, BOARD_WIDTH, h, imageops::FilterType::Lanczos3);
    pastes.push((CONTENT_X as i64, top as i64, small));
    Ok(h as f32)
}

/// A day's divider: a line with the date in its middle. Returns the height used.
fn date_divider(canvas: &mut Canvas, date: &str, top: f32) -> f32 {
    let y = top + 12.0;
    canvas.fill_rect(16, y as i32, WIDTH - 32, 1, DIVIDER);
    let w = Canvas::text_width(date, Weight::Bold, 12.0) + 12.0;
    let x = (WIDTH as f32 - w) / 2.0;
    canvas.fill_rect(x as i32, y as i32 - 2, w as u32, 5, BG);
    canvas.text_centred(date, Weight::Bold, 12.0, (WIDTH as f32 / 2.0, y), TIMESTAMP);
    24.0
}

/// The `#` of a text channel.
fn hash_icon(canvas: &mut Canvas, (x, cy): (f32, f32), size: f32, colour: Colour) {
    let s = size;
    let w = (s * 0.09).max(1.5);
    canvas.line(
        (x + 0.38 * s, cy - 0.4 * s),
        (x + 0.28 * s, cy + 0.4 * s),
        w,
        colour,
    );
    canvas.line(
        (x + 0.72 * s, cy - 0.4 * s),
        (x + 0.62 * s, cy + 0.4 * s),
        w,
        colour,
    );
    canvas.line(
        (x + 0.14 * s, cy - 0.15 * s),
        (x + 0.9 * s, cy - 0.15 * s),
        w,
        colour,
    );
    canvas.line(
        (x + 0.1 * s, cy + 0.15 * s),
        (x + 0.86 * s, cy + 0.15 * s),
        w,
        colour,
    );
}

/// A thread's icon: a `#` with a speech bubble at its lower right.
fn thread_icon(canvas: &mut Canvas, (x, cy): (f32, f32), size: f32, colour: Colour, bg: Colour) {
    hash_icon(canvas, (x, cy - 0.08 * size), size * 0.85, colour);
    let (bx, by, bw, bh) = (x + 0.42 * size, cy + 0.02 * size, 0.58 * size, 0.42 * size);
    canvas.fill_rounded_rect(bx - 2.0, by - 2.0, bw + 4.0, bh + 4.0, 4.0, bg);
    canvas.fill_rounded_rect(bx, by, bw, bh, 3.0, colour);
    canvas.fill_rounded_rect(bx + 1.6, by + 1.6, bw - 3.2, bh - 3.2, 2.0, bg);
}

/// A window's header bar: `title_icon title`, a breadcrumb before it if any, and the
/// search box. Returns its height.
fn header(canvas: &mut Canvas, top: f32, parent: Option<&str>, title: &str, thread: bool) -> f32 {
    let h = 48.0;
    canvas.fill_rect(0, top as i32, WIDTH, h as u32, BG);
    canvas.fill_rect(0, (top + h) as i32 - 1, WIDTH, 1, BG_DARKEST);
    canvas.fill_rect(0, (top + h) as i32, WIDTH, 1, rgba(0, 0, 0, 0x30));
    let cy = top + h / 2.0;
    let baseline = (cy + Canvas::cap_height(Weight::Bold, 16.0) / 2.0).round();
    let mut x = 16.0;
    if let Some(parent) = parent {
        hash_icon(canvas, (x, cy), 20.0, ICON);
        x = canvas.text(parent, Weight::Bold, 16.0, (x + 26.0, baseline), MUTED);
        // A chevron between the parent and the thread.
        let cx = x + 13.0;
        canvas.line((cx - 3.0, cy - 5.0), (cx + 2.0, cy), 2.0, ICON);
        canvas.line((cx + 2.0, cy), (cx - 3.0, cy + 5.0), 2.0, ICON);
        x += 26.0;
    }
    if thread {
        thread_icon(canvas, (x, cy), 22.0, ICON, BG);
    } else {
        hash_icon(canvas, (x, cy), 22.0, ICON);
    }
    canvas.text(title, Weight::Bold, 16.0, (x + 30.0, baseline), HEADER_TEXT);
    // The search box.
    let (sw, sh) = (150.0, 26.0);
    let sx = WIDTH as f32 - 16.0 - sw;
    canvas.fill_rounded_rect(sx, cy - sh / 2.0, sw, sh, 4.0, BG_DARKEST);
    let sb = (cy + Canvas::cap_height(Weight::Regular, 14.0) / 2.0).round();
    canvas.text("Search", Weight::Regular, 14.0, (sx + 8.0, sb), PLACEHOLDER);
    let (gx, gy) = (sx + sw - 16.0, cy - 1.0);
    canvas.disc(gx, gy, 5.5, ICON);
    canvas.disc(gx, gy, 3.8, BG_DARKEST);
    canvas.line((gx + 3.8, gy + 3.8), (gx + 7.0, gy + 7.0), 2.0, ICON);
    h
}

/// The chip under a message that started a thread: its name, how many messages, and
/// the last one. Returns the height used.
fn thread_chip(canvas: &mut Canvas, story: &Story, names: &HashMap<UserId, &str>, top: f32) -> f32 {
    let (w, h) = (480.0, 64.0);
    canvas.fill_rounded_rect(CONTENT_X, top, w, h, 8.0, BG_DARK);
    let x = CONTENT_X + 12.0;
    let b1 = (top + 12.0 + Canvas::cap_height(Weight::Bold, 14.0)).round();
    let end = canvas.text(&story.thread_name, Weight::Bold, 14.0, (x, b1), HEADER_TEXT);
    let count = format!("{} Messages", story.thread_messages);
    let end = canvas.text(&count, Weight::Bold, 14.0, (end + 10.0, b1), LINK);
    let cy1 = b1 - Canvas::cap_height(Weight::Bold, 14.0) / 2.0;
    canvas.line((end + 5.0, cy1 - 4.0), (end + 9.0, cy1), 1.8, LINK);
    canvas.line((end + 9.0, cy1), (end + 5.0, cy1 + 4.0), 1.8, LINK);
    // The last message.
    let cy = top + 44.0;
    avatar(canvas, &BOT, (x + 8.0, cy), 8.0);
    let b2 = (cy + Canvas::cap_height(Weight::Regular, 14.0) / 2.0).round();
    let mut tx = canvas.text(BOT.name, Weight::Bold, 14.0, (x + 22.0, b2), MUTED);
    tx = app_tag(canvas, (tx + 4.0, cy), 0.9) + 6.0;
    if story.reminder.reply.text.starts_with('⏰') {
        alarm_clock(canvas, (tx + 8.0, cy), 15.0);
        tx += 20.0;
    }
    let when = "2m ago";
    let when_w = Canvas::text_width(when, Weight::Regular, 14.0);
    let room = CONTENT_X + w - 12.0 - when_w - 14.0 - tx;
    let preview = fit_text(
        &plain_line(&story.reminder.reply.text, names),
        Weight::Regular,
        14.0,
        room,
    );
    let pe = canvas.text(&preview, Weight::Regular, 14.0, (tx, b2), MUTED);
    canvas.text(
        &format!("· {when}"),
        Weight::Regular,
        14.0,
        (pe + 6.0, b2),
        TIMESTAMP,
    );
    h
}

/// The message box at the bottom of a window. Returns the height used.
fn input_box(canvas: &mut Canvas, placeholder: &str, top: f32) -> f32 {
    let h = 44.0;
    let x = 16.0;
    canvas.fill_rounded_rect(x, top, WIDTH as f32 - 32.0, h, 8.0, INPUT_BG);
    let cy = top + h / 2.0;
    canvas.disc(x + 28.0, cy, 12.0, MUTED);
    canvas.line((x + 22.0, cy), (x + 34.0, cy), 2.2, INPUT_BG);
    canvas.line((x + 28.0, cy - 6.0), (x + 28.0, cy + 6.0), 2.2, INPUT_BG);
    let b = (cy + Canvas::cap_height(Weight::Regular, 16.0) / 2.0).round();
    canvas.text(
        placeholder,
        Weight::Regular,
        16.0,
        (x + 56.0, b),
        PLACEHOLDER,
    );
    h + 24.0
}

fn compose(story: &Story) -> Res<RgbaImage> {
    let names: HashMap<UserId, &str> = [(ALICE, "alice"), (BOB, "bob")].into();
    let today = story.reminder.at.div_euclid(DAY);
    let max = WIDTH as f32 - CONTENT_X - RIGHT_MARGIN;
    let mut canvas = Canvas::new(WIDTH, 4000, BG);
    let mut pastes = Vec::new();
    let mut y = 0.0;

    // The channel, where alice challenges and bob's Accept starts the game.
    y += header(&mut canvas, y, None, "board-games", false);
    y += 16.0;
    y += context_line(
        &mut canvas,
        &Context::Command {
            user: &ALICE_AUTHOR,
            command: "/play",
        },
        y,
    ) + 4.0;
    y += message_head(&mut canvas, &BOT, &timestamp(story.challenge.at, today), y);
    y += message_text(
        &mut canvas,
        &story.challenge.reply.text,
        &names,
        (CONTENT_X, y),
        max,
    );
    y += 8.0;
    y += buttons(&mut canvas, &story.challenge.reply, y) + 4.0;

    y += 17.0;
    y += context_line(
        &mut canvas,
        &Context::ReplyTo {
            author: &BOT,
            preview: plain_line(&story.challenge.reply.text, &names),
        },
        y,
    ) + 4.0;
    y += message_head(&mut canvas, &BOT, &timestamp(story.start.at, today), y);
    y += message_text(
        &mut canvas,
        &story.start.reply.text,
        &names,
        (CONTENT_X, y),
        max,
    );
    y += 6.0;
    y += board(&story.start.reply, y, &mut pastes)?;
    y += 8.0;
    y += thread_chip(&mut canvas, story, &names, y);
    y += 22.0;

    // The game's thread, scrolled to its end.
    canvas.fill_rect(0, y as i32, WIDTH, 8, BG_DARKEST);
    y += 8.0;
    y += header(
        &mut canvas,
        y,
        Some("board-games"),
        &story.thread_name,
        true,
    );
    y += 16.0;
    y += context_line(
        &mut canvas,
        &Context::Command {
            user: &ALICE_AUTHOR,
            command: "/move",
        },
        y,
    ) + 4.0;
    y += message_head(&mut canvas, &BOT, &timestamp(story.capture.at, today), y);
    y += message_text(
        &mut canvas,
        &story.capture.reply.text,
        &names,
        (CONTENT_X, y),
        max,
    );
    y += 6.0;
    y += board(&story.capture.reply, y, &mut pastes)?;
    y += 12.0;
    if story.reminder.at.div_euclid(DAY) != story.capture.at.div_euclid(DAY) {
        y += date_divider(&mut canvas, &long_date(story.reminder.at), y);
    }
    y += 12.0;
    y += message_head(&mut canvas, &BOT, &timestamp(story.reminder.at, today), y);
    y += message_text(
        &mut canvas,
        &story.reminder.reply.text,
        &names,
        (CONTENT_X, y),
        max,
    );
    y += 22.0;
    let placeholder = format!("Message {}", story.thread_name);
    y += input_box(&mut canvas, &placeholder, y);

    let mut img = canvas.into_image();
    for (x, top, board) in &pastes {
        imageops::overlay(&mut img, board, *x, *top);
    }
    Ok(imageops::crop_imm(&img, 0, 0, WIDTH, y.ceil() as u32).to_image())
}

fn save(img: &RgbaImage, path: &str) -> Res<()> {
    if let Some(dir) = std::path::Path::new(path).parent() {
        std::fs::create_dir_all(dir)?;
    }
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    PngEncoder::new_with_quality(file, CompressionType::Best, FilterType::Adaptive).write_image(
        img.as_raw(),
        img.width(),
        img.height(),
        image::ExtendedColorType::Rgba8,
    )?;
    Ok(())
}

#[tokio::main]
async fn main() -> Res<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/images/discord-channel.png".to_string());
    let dir = tempfile::tempdir()?;
    let store = Store::open(&format!("sqlite://{}/x.db", dir.path().display())).await?;
    let clock = ManualClock::new(start_time());
    let table = Table::new(store.clone(), Arc::new(clock.clone()));
    let story = play(&table, &store, &clock).await?;
    for posted in [
        &story.challenge,
        &story.start,
        &story.capture,
        &story.reminder,
    ] {
        println!("{}\n  {:?}\n", timestamp(posted.at, 0), posted.reply.text);
    }
    let img = compose(&story)?;
    save(&img, &out)?;
    let size = std::fs::metadata(&out)?.len();
    println!(
        "{out}: {}×{} px, {} KB",
        img.width(),
        img.height(),
        size / 1024
    );
    table.close().await;
    Ok(())
}
