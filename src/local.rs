//! `boardpost local`: the same table as the bot, in a terminal. `/as alice` picks who you
//! are; then the bot's commands (`/play sidja @bob`, `/accept`, `/move c1 d2`, …) and
//! `/wait 2d` to move the clock. Images go to a folder, their paths printed.

mod tournament;

use crate::clock::{parse_duration, Clock, ShiftedClock};
use crate::games::{GameKind, OptionSpec};
use crate::i18n::words::{join_or, known_options, option_label};
use crate::i18n::{Lang, LangChoice, Msg};
use crate::ids::{ChallengeId, ChannelId, GameId, GuildId, UserId};
use crate::msg;
use crate::table::{
    Attachment, ButtonId, Caller, ChallengeRequest, DrawAction, ExportFormat, First, LearnAction,
    LearnRequest, PremoveAction, PuzzleAction, PuzzleRequest, Reply, Request, SettingsChange,
    Store, StoreError, Table, TakebackAction, VacationAction,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncReadExt};

/// The one server and channel the terminal plays in.
pub const LOCAL_GUILD: GuildId = GuildId(1);
pub const LOCAL_CHANNEL: ChannelId = ChannelId(1);
/// The longest command line read: far more than any command needs, so that input with
/// no end of line (`/dev/zero`) is refused instead of filling memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Skips input up to the end of the line, keeping nothing of it.
async fn skip_line<R: AsyncBufRead + Unpin>(input: &mut R) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf().await?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|b| *b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let read = buf.len();
                input.consume(read);
            }
        }
    }
}
/// The bot's name in the terminal: `/play sidja @boardpost level=2`.
pub const BOT_NAME: &str = "boardpost";

/// The commands, as `/help` lists them in `lang`; each game's options from its options
/// table, in English as typed there, in another language with the words of Discord's
/// menus in that language (which the terminal reads too).
pub fn help(lang: Lang) -> String {
    let mut options = String::new();
    for kind in GameKind::ALL {
        if kind.option_specs().is_empty() {
            continue;
        }
        let (name, usage) = match lang {
            Lang::En => (kind.name().to_string(), known_options(*kind).tr(lang)),
            _ => (
                msg!("title-plain", game = kind.name()).tr(lang),
                options_in(*kind, lang),
            ),
        };
        options += &format!("\n                                 {name}: {usage}");
    }
    msg!("local-help", options = options).tr(lang)
}

/// A game's options in `lang`, as a Russian player types them: `вариант=суданский|…`,
/// with the options of one variant after the others.
fn options_in(kind: GameKind, lang: Lang) -> String {
    let usage = |spec: &OptionSpec| {
        let values: Vec<String> = spec
            .values
            .iter()
            .map(|v| option_label(kind, spec, v).tr(lang).replace(' ', "_"))
            .collect();
        format!("{}={}", option_key(spec).tr(lang), values.join("|"))
    };
    let specs = kind.option_specs();
    let plain: Vec<String> = specs
        .iter()
        .filter(|s| s.only_with.is_none())
        .map(usage)
        .collect();
    let mut text = plain.join(", ");
    let mut groups: Vec<(&str, &str)> = specs.iter().filter_map(|s| s.only_with).collect();
    groups.dedup();
    for (key, value) in groups {
        let Some(needed) = specs.iter().find(|s| s.name == key) else {
            continue;
        };
        let usages: Vec<String> = specs
            .iter()
            .filter(|s| s.only_with == Some((key, value)))
            .map(usage)
            .collect();
        text += &msg!(
            "options-and-for",
            value = option_label(kind, needed, value),
            options = usages.join(", ")
        )
        .tr(lang);
    }
    text
}

/// The name of an option as Discord shows it (`opt-variant-name`: `вариант`).
fn option_key(spec: &OptionSpec) -> Msg {
    Msg::new(format!("opt-{}-name", spec.name))
}

/// A word as menus and typed words are compared: in lower case, `_` read as a space
/// (`каждый_за_себя` is the menu's `каждый за себя`).
fn folded(text: &str) -> String {
    text.to_lowercase().replace('_', " ")
}

/// Whether `typed` is `msg` in some language that has it.
fn is_said(typed: &str, msg: &Msg) -> bool {
    let typed = folded(typed);
    Lang::ALL
        .into_iter()
        .any(|lang| crate::i18n::has(lang, &msg.id) && folded(&msg.tr(lang)) == typed)
}

/// The game the first words name, and how many words that took: its code (`sidja`) or
/// its name in a language, as Discord's menu has it (`сиджа`, `сянци вчетвером`).
fn game_named(words: &[&str]) -> Option<(GameKind, usize)> {
    (1..=words.len().min(3)).rev().find_map(|n| {
        let typed = words[..n].join(" ");
        GameKind::ALL
            .iter()
            .find(|kind| {
                folded(&typed) == kind.name()
                    || is_said(&typed, &msg!("game-name", game = kind.name()))
            })
            .map(|kind| (*kind, n))
    })
}

/// The game a command's first words give, as the table is to read it (its code), the
/// kind when the terminal knows it, and how many words it took. A game the terminal does
/// not know goes to the table as typed, which refuses it with the games' names. `None`
/// when no word is left.
fn game_typed(words: &[&str]) -> Option<(String, Option<GameKind>, usize)> {
    match game_named(words) {
        Some((kind, n)) => Some((kind.name().to_string(), Some(kind), n)),
        None => words.first().map(|typed| (typed.to_string(), None, 1)),
    }
}

/// The commands by their English names, and the messages that name them in other
/// languages (`/ход` is `/move`): Discord's commands, and the terminal's own.
const COMMANDS: [(&str, &str); 26] = [
    ("play", "cmd-play-name"),
    ("move", "cmd-move-name"),
    ("board", "cmd-board-name"),
    ("history", "cmd-history-name"),
    ("games", "cmd-games-name"),
    ("resign", "cmd-resign-name"),
    ("draw", "cmd-draw-name"),
    ("takeback", "cmd-takeback-name"),
    ("rules", "cmd-rules-name"),
    ("settings", "cmd-settings-name"),
    ("leaderboard", "cmd-leaderboard-name"),
    ("export", "cmd-export-name"),
    ("hint", "cmd-hint-name"),
    ("analyse", "cmd-analyse-name"),
    ("vacation", "cmd-vacation-name"),
    ("premove", "cmd-premove-name"),
    ("tournament", "local-cmd-tournament"),
    ("learn", "cmd-learn-name"),
    ("puzzle", "cmd-puzzle-name"),
    ("accept", "local-cmd-accept"),
    ("decline", "local-cmd-decline"),
    ("cancel", "local-cmd-cancel"),
    ("as", "local-cmd-as"),
    ("wait", "local-cmd-wait"),
    ("help", "local-cmd-help"),
    ("quit", "local-cmd-quit"),
];

/// A command or word as typed, in English: `/ход` → `/move`, `предложить` → `offer`.
fn english_word<'a>(typed: &'a str, words: &[(&'a str, &str)]) -> &'a str {
    let lower = typed.to_lowercase();
    for (english, id) in words {
        if lower == *english {
            return english;
        }
        if Lang::ALL
            .into_iter()
            .any(|lang| crate::i18n::has(lang, id) && Msg::new(id.to_string()).tr(lang) == lower)
        {
            return english;
        }
    }
    typed
}

fn english_command(typed: &str) -> String {
    match typed.strip_prefix('/') {
        Some(name) => format!("/{}", english_word(name, &COMMANDS)),
        None => typed.to_string(),
    }
}

/// The game `/rules` or `/leaderboard` names, as the table reads it: its code, or the
/// first word as typed when no game has that name.
fn game_code(words: &[&str]) -> String {
    match game_named(words) {
        Some((kind, _)) => kind.name().to_string(),
        None => words.first().copied().unwrap_or("").to_string(),
    }
}

/// The words of `/draw`, `/takeback` and `/settings` values in other languages.
const WORDS: [(&str, &str); 17] = [
    ("ply", "opt-ply-name"),
    ("offer", "opt-offer-name"),
    ("accept", "opt-accept-name"),
    ("decline", "opt-decline-name"),
    ("request", "opt-request-name"),
    ("start", "opt-start-name"),
    ("end", "opt-end-name"),
    ("allowance", "opt-allowance-name"),
    ("add", "opt-add-name"),
    ("list", "opt-list-name"),
    ("cancel", "opt-cancel-name"),
    ("on", "local-word-on"),
    ("off", "local-word-off"),
    ("show", "local-word-show"),
    ("next", "local-word-next"),
    ("mistakes", "local-word-mistakes"),
    ("daily", "local-word-daily"),
];

/// The words of `/learn` (`/learn next`), and the messages that name them in other
/// languages (`/урок дальше`).
const LEARN_WORDS: [(&str, &str); 3] = [
    ("show", "local-word-show"),
    ("next", "local-word-next"),
    ("restart", "opt-restart-name"),
];

/// `/learn [show|next|restart] [GAME] [MOVE…]` as the table's request: a game's name
/// starts or resumes its course, words after it (or without a game) answer the step of
/// the course, and `show`, `next` and `restart` act on it (without a game: on the course
/// the player was in last).
fn learn_request(words: &[&str]) -> Result<LearnRequest, Msg> {
    let (action, rest) = match words.first().map(|w| english_word(w, &LEARN_WORDS)) {
        Some("show") => (Some(LearnAction::ShowAnswer), &words[1..]),
        Some("next") => (Some(LearnAction::Next), &words[1..]),
        Some("restart") => (Some(LearnAction::Restart), &words[1..]),
        _ => (None, words),
    };
    let (game, rest) = match game_named(rest) {
        Some((kind, n)) => (Some(kind.name().to_string()), &rest[n..]),
        None => (None, rest),
    };
    let action = match (action, rest.is_empty()) {
        (Some(action), true) => action,
        (Some(_), false) => return Err(msg!("local-learn-usage")),
        (None, true) => LearnAction::Current,
        (None, false) => LearnAction::Play(rest.join(" ")),
    };
    Ok(LearnRequest::new(game, action))
}

/// The keys of `/play` that are not a game's options, and the messages that name them
/// in other languages (`дней=5` is `days=5`, as `/vacation` and `/play` say on Discord).
const PLAY_KEYS: [(&str, &str); 5] = [
    ("level", "opt-level-name"),
    ("bot_seats", "opt-bot_seats-name"),
    ("days", "opt-days-name"),
    ("days", "opt-days_per_move-name"),
    ("first", "opt-first-name"),
];

/// The settings' keys, and the messages that name them in other languages.
const SETTINGS: [(&str, &str); 8] = [
    ("replay_gif", "opt-replay_gif-name"),
    ("puzzle_of_the_day", "opt-puzzle_of_the_day-name"),
    ("ping_thread", "opt-ping_thread-name"),
    ("ping_dm", "opt-ping_dm-name"),
    ("remind_half", "opt-remind_half-name"),
    ("remind_last_day", "opt-remind_last_day-name"),
    ("language", "opt-language-name"),
    ("server_language", "opt-server_language-name"),
];

/// A stable id for a local name, so the same name is the same player after a restart.
pub fn local_user_id(name: &str) -> UserId {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.to_lowercase().bytes() {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    UserId(hash >> 2)
}

pub struct Local {
    table: Table,
    clock: ShiftedClock,
    boards: PathBuf,
    me: Option<Caller>,
    /// The terminal's language: every player's, and the server's, until /settings
    /// says otherwise.
    lang: Lang,
}

impl Local {
    /// Opens the terminal front end over a store; the clock's offset is kept in it.
    pub async fn open(store: Store, boards: PathBuf) -> Result<Local, StoreError> {
        // The bot plays as `@boardpost`, as on Discord.
        let (table, clock) = Table::terminal(store, local_user_id(BOT_NAME), BOT_NAME).await?;
        // The shipped puzzles, added once (a start that finds them there adds nothing).
        if let Err(e) = table.load_shipped_puzzles().await {
            tracing::warn!(error = %e, "the shipped puzzles could not be added");
        }
        Ok(Local {
            table,
            clock,
            boards,
            me: None,
            lang: Lang::En,
        })
    }

    /// The terminal in `lang`.
    pub fn speaking(mut self, lang: Lang) -> Local {
        self.lang = lang;
        self
    }

    fn say(&self, msg: Msg) -> String {
        msg.tr(self.lang)
    }

    /// What to type in the terminal for a button, in the session's language:
    /// `/draw accept #12` for "Accept draw", `/урок дальше` for «Дальше».
    fn typed_for(&self, id: &str) -> Option<String> {
        let button: ButtonId = id.parse().ok()?;
        let command = |english: &str| {
            let (_, id) = COMMANDS.iter().find(|(name, _)| *name == english)?;
            Some(format!("/{}", self.say(Msg::new(id.to_string()))))
        };
        let word = |english: &str, words: &[(&str, &str)]| {
            let (_, id) = words.iter().find(|(name, _)| *name == english)?;
            Some(self.say(Msg::new(id.to_string())))
        };
        let typed = match button {
            ButtonId::ChallengeAccept(c) => format!("{} #{}", command("accept")?, c.0),
            ButtonId::ChallengeDecline(c) => format!("{} #{}", command("decline")?, c.0),
            ButtonId::ChallengeCancel(c) => format!("{} #{}", command("cancel")?, c.0),
            ButtonId::DrawAccept(g) => {
                format!("{} {} #{}", command("draw")?, word("accept", &WORDS)?, g.0)
            }
            ButtonId::DrawDecline(g) => {
                format!("{} {} #{}", command("draw")?, word("decline", &WORDS)?, g.0)
            }
            ButtonId::TakebackAccept(g) => {
                format!(
                    "{} {} #{}",
                    command("takeback")?,
                    word("accept", &WORDS)?,
                    g.0
                )
            }
            ButtonId::LearnShow(..) => {
                format!("{} {}", command("learn")?, word("show", &LEARN_WORDS)?)
            }
            ButtonId::LearnNext(..) => {
                format!("{} {}", command("learn")?, word("next", &LEARN_WORDS)?)
            }
            ButtonId::LearnRestart(..) => {
                format!("{} {}", command("learn")?, word("restart", &LEARN_WORDS)?)
            }
            ButtonId::PuzzleShow(_) => format!("{} {}", command("puzzle")?, word("show", &WORDS)?),
            ButtonId::PuzzleNext(_) => format!("{} {}", command("puzzle")?, word("next", &WORDS)?),
            ButtonId::PuzzleDaily(_) => {
                format!("{} {}", command("puzzle")?, word("daily", &WORDS)?)
            }
            ButtonId::PuzzleMistakes(g) => {
                format!(
                    "{} {} #{}",
                    command("puzzle")?,
                    word("mistakes", &WORDS)?,
                    g.0
                )
            }
        };
        Some(typed)
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Reads commands until the input ends or `/quit`; a line longer than
    /// [`MAX_LINE_BYTES`] is refused.
    pub async fn run<R: AsyncBufRead + Unpin>(
        &mut self,
        input: R,
        out: &mut dyn Write,
        prompt: bool,
    ) -> std::io::Result<()> {
        let mut input = input;
        let mut bytes = Vec::new();
        writeln!(out, "{}", self.say(msg!("local-welcome")))?;
        loop {
            if prompt {
                let who = self
                    .me
                    .as_ref()
                    .map_or_else(|| self.say(msg!("local-nobody")), |c| c.name.clone());
                write!(out, "{who}> ")?;
                out.flush()?;
            }
            bytes.clear();
            if (&mut input)
                .take(MAX_LINE_BYTES as u64 + 1)
                .read_until(b'\n', &mut bytes)
                .await?
                == 0
            {
                break;
            }
            // A line too long for any command is refused, and the rest of it skipped
            // without being kept.
            if bytes.len() > MAX_LINE_BYTES {
                if bytes.last() != Some(&b'\n') {
                    skip_line(&mut input).await?;
                }
                writeln!(
                    out,
                    "{}",
                    self.say(msg!("local-line-too-long", most = MAX_LINE_BYTES / 1024))
                )?;
                continue;
            }
            // A line that is not text is refused on its own; the session goes on.
            let Ok(line) = std::str::from_utf8(&bytes) else {
                writeln!(out, "{}", self.say(msg!("local-not-text")))?;
                continue;
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let first = line.split_whitespace().next().unwrap_or("");
            if matches!(english_command(first).as_str(), "/quit" | "/exit") {
                break;
            }
            self.command(line, out).await?;
        }
        Ok(())
    }

    /// Runs one command line and prints what the bot would post.
    pub async fn command(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<()> {
        let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let name = english_command(name);
        let name = name.as_str();
        let args: Vec<&str> = rest.split_whitespace().collect();
        match name {
            "/help" => return writeln!(out, "{}", help(self.lang)),
            "/as" => {
                let Some(who) = args.first().map(|n| n.trim_start_matches('@')) else {
                    return writeln!(out, "{}", self.say(msg!("local-as-who")));
                };
                let code = self.lang.code().to_string();
                // One player at the terminal also manages its one server.
                let caller = Caller::new(LOCAL_GUILD, LOCAL_CHANNEL, local_user_id(who), who)
                    .with_locales(Some(code.clone()), Some(code))
                    .managing_server(true);
                if let Err(e) = self.table.remember_name(caller.user, who).await {
                    return writeln!(out, "{}", e.msg().tr(self.lang));
                }
                writeln!(out, "{}", self.say(msg!("local-you-are", name = who)))?;
                self.me = Some(caller);
                return Ok(());
            }
            "/wait" => {
                let Some(span) = args.first().and_then(|a| parse_duration(a)) else {
                    return writeln!(out, "{}", self.say(msg!("local-wait-how-long")));
                };
                if self.clock.offset().saturating_add(span) > crate::clock::MAX_SHIFT {
                    return writeln!(out, "{}", self.say(msg!("local-wait-too-far")));
                }
                self.clock.advance(span);
                if let Err(e) = self.table.keep_clock_offset(&self.clock).await {
                    return writeln!(out, "{}", e.msg().tr(self.lang));
                }
                writeln!(
                    out,
                    "{}",
                    self.say(msg!("local-clock-moves", span = args[0]))
                )?;
                return self.deliver_notices(out).await;
            }
            _ => {}
        }
        let Some(me) = self.me.clone() else {
            return writeln!(out, "{}", self.say(msg!("local-who-first")));
        };
        let reply = match self.read_request(name, &args).await {
            Ok(request) => self.table.handle(&me, request).await,
            Err(why) => {
                let lang = self.table.langs(&me).await.map_or(self.lang, |l| l.private);
                Reply::private(why.tr(lang))
            }
        };
        self.print(&reply, out).await?;
        if let Some(game) = reply.game {
            self.bot_turns(game, out).await?;
        }
        self.deliver_notices(out).await
    }

    /// The bot's answers in a game, printed in order.
    async fn bot_turns(&self, game: GameId, out: &mut dyn Write) -> std::io::Result<()> {
        match self.table.bot_turns(LOCAL_GUILD, game).await {
            Ok(replies) => {
                for reply in &replies {
                    self.print(reply, out).await?;
                }
                Ok(())
            }
            Err(e) => writeln!(out, "{}", e.msg().tr(self.lang)),
        }
    }

    /// Reads a command line into the request Discord would send for it; the table's one
    /// dispatch answers both. (Names typed as `@bob` are remembered, as Discord would
    /// know them.)
    async fn read_request(&self, name: &str, args: &[&str]) -> Result<Request, Msg> {
        let t = &self.table;
        // `#12` names a game or challenge; it may stand anywhere among the words.
        let id: Option<i64> = args
            .iter()
            .find_map(|a| a.strip_prefix('#').and_then(|n| n.parse().ok()));
        let words: Vec<&str> = args
            .iter()
            .copied()
            .filter(|a| !(a.starts_with('#') && a[1..].parse::<i64>().is_ok()))
            .collect();
        let game = id.map(GameId);
        let challenge = id.map(ChallengeId);
        let refuse = |msg: Msg| Err(msg);
        match name {
            "/play" => {
                let Some((game, kind, taken)) = game_typed(&words) else {
                    return refuse(msg!("local-play-which"));
                };
                let mut req = ChallengeRequest {
                    game,
                    ..ChallengeRequest::default()
                };
                for word in &words[taken..] {
                    // `уровень=2` is `level=2`, `вариант=сига` is `variant=seega`.
                    let word = match word.split_once('=') {
                        Some((key, value)) => self.english_pair(kind, key, value)?,
                        None => word.to_string(),
                    };
                    let word = word.as_str();
                    if let Some(user) = word.strip_prefix('@') {
                        req.opponents.push(local_user_id(user));
                        t.remember_name(local_user_id(user), user)
                            .await
                            .map_err(|e| e.msg())?;
                    } else if let Some(days) = word.strip_prefix("days=") {
                        match days.parse() {
                            Ok(d) => req.days_per_move = Some(d),
                            Err(_) => return refuse(msg!("local-days-number")),
                        }
                    } else if let Some(level) = word.strip_prefix("level=") {
                        match level.parse() {
                            Ok(n) => req.level = Some(n),
                            Err(_) => return refuse(msg!("level-range", level = level)),
                        }
                    } else if let Some(n) = word.strip_prefix("bot_seats=") {
                        match n.parse() {
                            Ok(n) => req.bot_seats = Some(n),
                            Err(_) => return refuse(msg!("bot-seats-range", most = 3)),
                        }
                    } else if let Some(first) = word.strip_prefix("first=") {
                        match First::parse(first) {
                            Some(f) => req.first = Some(f),
                            None => return refuse(msg!("local-first-values")),
                        }
                    } else {
                        req.options.push(word.to_string());
                    }
                }
                Ok(Request::Play(req))
            }
            "/accept" => Ok(Request::Accept(challenge)),
            "/decline" => Ok(Request::Decline(challenge)),
            "/cancel" => Ok(Request::Cancel(challenge)),
            "/move" => Ok(Request::Move {
                game,
                text: words.join(" "),
            }),
            "/board" => {
                let mut ply = None;
                for word in &words {
                    // `ply:6`, as Discord shows its options, is `ply=6` too; any other
                    // word is refused rather than silently showing the current position.
                    match word.split_once(['=', ':']) {
                        Some((key, n)) if english_word(key, &WORDS) == "ply" => match n.parse() {
                            Ok(n) => ply = Some(n),
                            Err(_) => return refuse(msg!("local-ply-number")),
                        },
                        _ => return refuse(msg!("local-board-usage")),
                    }
                }
                Ok(Request::Board { game, ply })
            }
            "/history" => Ok(Request::History(game)),
            "/games" => Ok(Request::Games(
                words
                    .first()
                    .map(|u| local_user_id(u.trim_start_matches('@'))),
            )),
            "/export" => Ok(Request::Export {
                game,
                format: words
                    .iter()
                    .find_map(|w| ExportFormat::parse(w.trim_start_matches("format=")))
                    .unwrap_or_default(),
            }),
            "/vacation" => {
                let what = words.first().map(|w| english_word(w, &WORDS));
                let days = words.get(1).and_then(|d| d.parse::<i64>().ok());
                match (what, days) {
                    (Some("start"), Some(days)) => {
                        Ok(Request::Vacation(VacationAction::Start { days }))
                    }
                    (Some("end"), _) => Ok(Request::Vacation(VacationAction::End)),
                    (Some("allowance"), Some(days)) => {
                        Ok(Request::Vacation(VacationAction::Allowance { days }))
                    }
                    _ => refuse(msg!("local-vacation-usage")),
                }
            }
            "/premove" => {
                let what = words.first().map(|w| english_word(w, &WORDS));
                match what {
                    Some("add") => Ok(Request::Premove(
                        game,
                        PremoveAction::Add(words[1..].join(" ")),
                    )),
                    Some("list") => Ok(Request::Premove(game, PremoveAction::List)),
                    Some("cancel") => match words.get(1).map(|n| n.parse::<i64>()) {
                        None => Ok(Request::Premove(game, PremoveAction::Cancel(None))),
                        Some(Ok(n)) => Ok(Request::Premove(game, PremoveAction::Cancel(Some(n)))),
                        Some(Err(_)) => refuse(msg!("local-premove-usage")),
                    },
                    _ => refuse(msg!("local-premove-usage")),
                }
            }
            "/tournament" => {
                let (request, named) = self.tournament_request(&words, id)?;
                for (user, name) in named {
                    t.remember_name(user, &name).await.map_err(|e| e.msg())?;
                }
                Ok(request)
            }
            "/learn" => learn_request(&words).map(Request::Learn),
            "/puzzle" => {
                // `/puzzle [GAME] [MOVE | show | next]`.
                let (kind, taken) = match game_named(&words) {
                    Some((kind, n)) => (Some(kind.name().to_string()), n),
                    None => (None, 0),
                };
                // The answer as Discord's words say it (`/puzzle move:c3`) is taken too.
                let mut rest: Vec<&str> = words[taken..].to_vec();
                if let Some((option, answer)) = rest.first().and_then(|w| w.split_once(':')) {
                    if english_word(option, &[("move", "opt-move-name")]) == "move" {
                        rest[0] = answer;
                    }
                }
                let rest = &rest[..];
                let action = match rest.first().map(|w| english_word(w, &WORDS)) {
                    None => PuzzleAction::Serve,
                    Some("show") if rest.len() == 1 => PuzzleAction::Show(None),
                    Some("next") if rest.len() == 1 => PuzzleAction::Next,
                    // The post's button: today's puzzle of the day.
                    Some("daily") if rest.len() == 1 => PuzzleAction::Daily(None),
                    // `/analyse`'s button: `/puzzle mistakes #12`.
                    Some("mistakes") if rest.len() == 1 => match game {
                        Some(id) => PuzzleAction::Mistakes(id),
                        None => return refuse(msg!("local-puzzle-mistakes-which")),
                    },
                    Some(_) => PuzzleAction::Answer(rest.join(" ")),
                };
                Ok(Request::Puzzle(PuzzleRequest { game: kind, action }))
            }
            "/hint" => Ok(Request::Hint(game)),
            "/analyse" | "/analyze" => Ok(Request::Analyse(game)),
            "/resign" => Ok(Request::Resign(game)),
            "/draw" => {
                let what = match words.first().map(|w| english_word(w, &WORDS)) {
                    Some("offer") => DrawAction::Offer,
                    Some("accept") => DrawAction::Accept,
                    Some("decline") => DrawAction::Decline,
                    _ => return refuse(msg!("local-draw-usage")),
                };
                Ok(Request::Draw(game, what))
            }
            "/takeback" => {
                let what = match words.first().map(|w| english_word(w, &WORDS)) {
                    Some("request") => TakebackAction::Request,
                    Some("accept") => TakebackAction::Accept,
                    _ => return refuse(msg!("local-takeback-usage")),
                };
                Ok(Request::Takeback(game, what))
            }
            "/rules" => Ok(Request::Rules(game_code(&words))),
            "/leaderboard" => Ok(Request::Leaderboard(game_code(&words))),
            "/settings" => {
                let mut change = SettingsChange::default();
                for word in &words {
                    let Some((key, value)) = word.split_once('=') else {
                        return refuse(msg!("local-settings-usage"));
                    };
                    let key = english_word(key, &SETTINGS);
                    if key == "language" || key == "server_language" {
                        let Ok(choice) = value.parse::<LangChoice>() else {
                            return refuse(msg!("local-language-values"));
                        };
                        match key {
                            "language" => change.language = Some(choice),
                            _ => change.server_language = Some(choice),
                        }
                        continue;
                    }
                    let on = match english_word(value, &WORDS) {
                        "on" | "yes" | "true" => true,
                        "off" | "no" | "false" => false,
                        _ => return refuse(msg!("local-setting-on-off")),
                    };
                    match key {
                        "ping_thread" => change.ping_thread = Some(on),
                        "ping_dm" => change.ping_dm = Some(on),
                        "remind_half" => change.remind_half = Some(on),
                        "remind_last_day" => change.remind_last_day = Some(on),
                        "replay_gif" => change.replay_gif = Some(on),
                        "puzzle_of_the_day" => change.puzzle_of_the_day = Some(on),
                        _ => return refuse(msg!("local-settings-keys")),
                    }
                }
                Ok(Request::Settings(change))
            }
            other => refuse(msg!(
                "local-no-command",
                command = crate::i18n::token(other)
            )),
        }
    }

    /// A `key=value` of `/play` as the table reads it, in English: the keys of `/play`
    /// and of the game's options, and the options' values, in any language Discord's
    /// menus speak. Outside English, a key or value the game does not have is refused
    /// here with the words of this language; in English the table refuses it.
    fn english_pair(&self, kind: Option<GameKind>, key: &str, value: &str) -> Result<String, Msg> {
        let play_key = english_word(key, &PLAY_KEYS);
        if play_key == "first" {
            let who = ["challenger", "opponent", "random"]
                .into_iter()
                .find(|who| is_said(value, &msg!("choice-first", who = *who)));
            return Ok(format!("first={}", who.unwrap_or(value)));
        }
        if play_key != key || PLAY_KEYS.iter().any(|(english, _)| *english == key) {
            return Ok(format!("{play_key}={value}"));
        }
        let Some(kind) = kind.filter(|k| !k.option_specs().is_empty()) else {
            return Ok(format!("{key}={value}"));
        };
        let specs = kind.option_specs();
        let Some(spec) = specs
            .iter()
            .find(|s| folded(key) == s.name || is_said(key, &option_key(s)))
        else {
            if self.lang == Lang::En {
                return Ok(format!("{key}={value}"));
            }
            let keys: Vec<String> = specs.iter().map(|s| option_key(s).tr(self.lang)).collect();
            return Err(msg!(
                "error-unknown-option",
                game = msg!("title-plain", game = kind.name()),
                key = key,
                known = keys.join(", ")
            ));
        };
        let code = spec
            .values
            .iter()
            .find(|v| folded(value) == **v || is_said(value, &option_label(kind, spec, v)));
        match code {
            Some(code) => Ok(format!("{}={code}", spec.name)),
            None if self.lang == Lang::En => Ok(format!("{}={value}", spec.name)),
            None => {
                let labels: Vec<String> = spec
                    .values
                    .iter()
                    .map(|v| option_label(kind, spec, v).tr(self.lang))
                    .collect();
                let key = option_key(spec).tr(self.lang);
                Err(msg!(
                    "error-bad-option-value",
                    key = key,
                    value = value,
                    allowed = join_or(&labels)
                ))
            }
        }
    }

    async fn deliver_notices(&self, out: &mut dyn Write) -> std::io::Result<()> {
        // What waited in the outbox (a vacation told in each game, a finished game's
        // replay drawn after the message that ended it), then what the clock made due.
        // What the clock's work queued for later delivery (a tournament's standings after
        // a game lost on time) comes last.
        let notices = match self.table.undelivered().await {
            Ok(mut notices) => match self.table.tick().await {
                Ok(more) => {
                    notices.extend(more);
                    self.table.undelivered().await.map(|queued| {
                        notices.extend(queued);
                        notices
                    })
                }
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        };
        match notices {
            Ok(notices) => {
                for notice in notices {
                    self.print(&notice.reply, out).await?;
                    // Printed is delivered: nothing waits in the outbox.
                    if let Err(e) = self.table.notice_sent(notice.id).await {
                        writeln!(out, "{}", e.msg().tr(self.lang))?;
                    }
                    // A player who ran out of time may leave the bot to move.
                    if let Some(game) = notice.game {
                        self.bot_turns(game, out).await?;
                    }
                }
                Ok(())
            }
            Err(e) => writeln!(out, "{}", e.msg().tr(self.lang)),
        }
    }

    /// Shows a reply as the bot would post it: mentions as @names, files saved.
    async fn print(&self, reply: &Reply, out: &mut dyn Write) -> std::io::Result<()> {
        let text = self
            .names_for_mentions(reply.text.trim_end())
            .await
            .replace("**", "");
        let private = if reply.ephemeral {
            format!(" {}", self.say(msg!("local-only-you")))
        } else {
            String::new()
        };
        writeln!(out, "{text}{private}")?;
        for attachment in reply.image.iter().chain(reply.file.iter()) {
            match save(&self.boards, attachment) {
                Ok(path) => writeln!(out, "  → {}", path.display())?,
                // A file that cannot be saved is said; the session goes on.
                Err(e) => {
                    let name: String = attachment.name.chars().take(40).collect();
                    let why = e.to_string();
                    let line = self.say(msg!("local-file-not-saved", name = name, why = why));
                    writeln!(out, "  {line}")?;
                }
            }
        }
        if !reply.buttons.is_empty() {
            let buttons: Vec<String> = reply
                .buttons
                .iter()
                .map(|b| match self.typed_for(&b.id) {
                    Some(typed) => format!("[{}] {typed}", b.label),
                    None => format!("[{}]", b.label),
                })
                .collect();
            let line = self.say(msg!("local-buttons", buttons = buttons.join(" ")));
            writeln!(out, "  {line}")?;
        }
        if let Some(thread) = &reply.thread {
            let name = self.names_for_mentions(&thread.name).await;
            writeln!(out, "  {}", self.say(msg!("local-thread", name = name)))?;
        }
        for user in &reply.pings {
            let name = self.name_of(*user).await;
            writeln!(out, "  🔔 @{name}")?;
        }
        Ok(())
    }

    async fn name_of(&self, user: UserId) -> String {
        match self.table.name_of(user).await {
            Ok(Some(name)) => name,
            _ => user.to_string(),
        }
    }

    async fn names_for_mentions(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find("<@") {
            out += &rest[..start];
            let after = &rest[start + 2..];
            match after
                .find('>')
                .and_then(|end| after[..end].parse::<u64>().ok().map(|id| (end, id)))
            {
                Some((end, id)) => {
                    out += "@";
                    out += &self.name_of(UserId(id)).await;
                    rest = &after[end + 1..];
                }
                None => {
                    out += "<@";
                    rest = after;
                }
            }
        }
        out + rest
    }
}

/// Saves a file into `folder` under its name, which must be a plain file name (the
/// program makes them; one that is not would be written elsewhere, or nowhere).
fn save(folder: &Path, file: &Attachment) -> std::io::Result<PathBuf> {
    if !file.has_plain_name() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a plain file name",
        ));
    }
    std::fs::create_dir_all(folder)?;
    let path = folder.join(&file.name);
    std::fs::write(&path, &file.bytes)?;
    Ok(path)
}

/// The clock the local front end plays by (exposed for tests).
pub fn now_of(local: &Local) -> i64 {
    local.clock.now()
}
