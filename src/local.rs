//! `boardpost local`: the same table as the bot, in a terminal. `/as alice` picks who you
//! are; then the bot's commands (`/play sidja @bob`, `/accept`, `/move c1 d2`, …) and
//! `/wait 2d` to move the clock. Images go to a folder, their paths printed.

use crate::clock::{parse_duration, Clock, ShiftedClock};
use crate::games::options::known_options;
use crate::games::GameKind;
use crate::ids::{ChallengeId, ChannelId, GameId, GuildId, UserId};
use crate::store::{First, Store};
use crate::table::{
    Caller, ChallengeRequest, DrawAction, Reply, Request, SettingsChange, Table, TakebackAction,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The one server and channel the terminal plays in.
pub const LOCAL_GUILD: GuildId = GuildId(1);
pub const LOCAL_CHANNEL: ChannelId = ChannelId(1);
const CLOCK_KEY: &str = "local_clock_offset";

/// The commands, as `/help` lists them; each game's options from its options table.
pub fn help() -> String {
    let mut options = String::new();
    for kind in GameKind::ALL {
        let specs = kind.option_specs();
        if !specs.is_empty() {
            options += &format!(
                "\n                                 {kind}: {}",
                known_options(specs)
            );
        }
    }
    format!(
        "\
Commands (as on Discord):
  /as NAME                       be NAME from now on
  /play GAME [@user] [key=value]… [days=3] [first=me|them|random]
                                 options:{options}
  /accept [#challenge]  /decline [#challenge]  /cancel [#challenge]
  /move [#game] TEXT             e.g. /move c1 d2
  /board [#game]  /history [#game]  /games [@user]  /export [#game]
  /resign [#game]  /draw offer|accept|decline [#game]  /takeback request|accept [#game]
  /rules GAME  /leaderboard GAME  /settings [ping_thread=on|off] [ping_dm=…] [remind_half=…] [remind_last_day=…]
  /wait 2d                       move the clock forward (also 12h, 30m)
  /help  /quit"
    )
}

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
}

impl Local {
    /// Opens the terminal front end over a store; the clock's offset is kept in it.
    pub async fn open(store: Store, boards: PathBuf) -> crate::store::Result<Local> {
        let offset = store
            .meta(CLOCK_KEY)
            .await?
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let clock = ShiftedClock::new(offset);
        Ok(Local {
            table: Table::new(store, Arc::new(clock.clone())),
            clock,
            boards,
            me: None,
        })
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Reads commands until the input ends or `/quit`.
    pub async fn run<R: AsyncBufRead + Unpin>(
        &mut self,
        input: R,
        out: &mut dyn Write,
        prompt: bool,
    ) -> std::io::Result<()> {
        let mut input = input;
        let mut bytes = Vec::new();
        writeln!(out, "boardpost local: the bot's commands in a terminal. /help lists them; start with /as NAME.")?;
        loop {
            if prompt {
                let who = self
                    .me
                    .as_ref()
                    .map_or("nobody".to_string(), |c| c.name.clone());
                write!(out, "{who}> ")?;
                out.flush()?;
            }
            bytes.clear();
            if input.read_until(b'\n', &mut bytes).await? == 0 {
                break;
            }
            // A line that is not text is refused on its own; the session goes on.
            let Ok(line) = std::str::from_utf8(&bytes) else {
                writeln!(out, "that line is not text (UTF-8): type the command again")?;
                continue;
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if line == "/quit" || line == "/exit" {
                break;
            }
            self.command(line, out).await?;
        }
        Ok(())
    }

    /// Runs one command line and prints what the bot would post.
    pub async fn command(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<()> {
        let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let args: Vec<&str> = rest.split_whitespace().collect();
        match name {
            "/help" => return writeln!(out, "{}", help()),
            "/as" => {
                let Some(who) = args.first().map(|n| n.trim_start_matches('@')) else {
                    return writeln!(out, "say who you are: /as alice");
                };
                let caller = Caller {
                    guild: LOCAL_GUILD,
                    channel: LOCAL_CHANNEL,
                    user: local_user_id(who),
                    name: who.to_string(),
                };
                if let Err(e) = self.table.remember_name(caller.user, who).await {
                    return writeln!(out, "{e}");
                }
                writeln!(out, "You are {who}.")?;
                self.me = Some(caller);
                return Ok(());
            }
            "/wait" => {
                let Some(span) = args.first().and_then(|a| parse_duration(a)) else {
                    return writeln!(out, "say how long: /wait 2d (or 12h, 30m)");
                };
                if self.clock.offset().saturating_add(span) > crate::clock::MAX_SHIFT {
                    return writeln!(
                        out,
                        "that is too far ahead: the clock may run at most a thousand years ahead"
                    );
                }
                self.clock.advance(span);
                if let Err(e) = self
                    .table
                    .set_meta(CLOCK_KEY, &self.clock.offset().to_string())
                    .await
                {
                    return writeln!(out, "{e}");
                }
                writeln!(out, "The clock moves forward {}.", args[0])?;
                return self.deliver_notices(out).await;
            }
            _ => {}
        }
        let Some(me) = self.me.clone() else {
            return writeln!(out, "first say who you are: /as alice");
        };
        let reply = match self.read_request(name, &args).await {
            Ok(request) => self.table.handle(&me, request).await,
            Err(why) => Reply::private(why),
        };
        self.print(&reply, out).await?;
        self.deliver_notices(out).await
    }

    /// Reads a command line into the request Discord would send for it; the table's one
    /// dispatch answers both. (Names typed as `@bob` are remembered, as Discord would
    /// know them.)
    async fn read_request(&self, name: &str, args: &[&str]) -> Result<Request, String> {
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
        let refuse = |text: &str| Err(text.to_string());
        match name {
            "/play" => {
                let Some(kind) = words.first() else {
                    return refuse("say which game: /play sidja @bob");
                };
                let mut req = ChallengeRequest {
                    game: kind.to_string(),
                    ..ChallengeRequest::default()
                };
                for word in &words[1..] {
                    if let Some(user) = word.strip_prefix('@') {
                        req.opponents.push(local_user_id(user));
                        t.remember_name(local_user_id(user), user)
                            .await
                            .map_err(|e| e.to_string())?;
                    } else if let Some(days) = word.strip_prefix("days=") {
                        match days.parse() {
                            Ok(d) => req.days_per_move = Some(d),
                            Err(_) => {
                                return refuse(
                                    "days= takes a number of days: 1, 2, 3, 5, 7, 10 or 14",
                                )
                            }
                        }
                    } else if let Some(first) = word.strip_prefix("first=") {
                        match First::parse(first) {
                            Some(f) => req.first = Some(f),
                            None => return refuse("first= is me, them or random"),
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
            "/board" => Ok(Request::Board(game)),
            "/history" => Ok(Request::History(game)),
            "/games" => Ok(Request::Games(
                words
                    .first()
                    .map(|u| local_user_id(u.trim_start_matches('@'))),
            )),
            "/export" => Ok(Request::Export(game)),
            "/resign" => Ok(Request::Resign(game)),
            "/draw" => {
                let what = match words.first().copied() {
                    Some("offer") => DrawAction::Offer,
                    Some("accept") => DrawAction::Accept,
                    Some("decline") => DrawAction::Decline,
                    _ => return refuse("/draw offer, /draw accept or /draw decline"),
                };
                Ok(Request::Draw(game, what))
            }
            "/takeback" => {
                let what = match words.first().copied() {
                    Some("request") => TakebackAction::Request,
                    Some("accept") => TakebackAction::Accept,
                    _ => return refuse("/takeback request or /takeback accept"),
                };
                Ok(Request::Takeback(game, what))
            }
            "/rules" => Ok(Request::Rules(
                words.first().copied().unwrap_or("").to_string(),
            )),
            "/leaderboard" => Ok(Request::Leaderboard(
                words.first().copied().unwrap_or("").to_string(),
            )),
            "/settings" => {
                let mut change = SettingsChange::default();
                for word in &words {
                    let Some((key, value)) = word.split_once('=') else {
                        return refuse("settings are key=on|off, like ping_dm=on");
                    };
                    let on = match value {
                        "on" | "yes" | "true" => true,
                        "off" | "no" | "false" => false,
                        _ => return refuse("a setting is on or off"),
                    };
                    match key {
                        "ping_thread" => change.ping_thread = Some(on),
                        "ping_dm" => change.ping_dm = Some(on),
                        "remind_half" => change.remind_half = Some(on),
                        "remind_last_day" => change.remind_last_day = Some(on),
                        _ => {
                            return refuse(
                                "settings: ping_thread, ping_dm, remind_half, remind_last_day",
                            )
                        }
                    }
                }
                Ok(Request::Settings(change))
            }
            other => refuse(&format!("there is no command {other}: /help lists them")),
        }
    }

    async fn deliver_notices(&self, out: &mut dyn Write) -> std::io::Result<()> {
        match self.table.tick().await {
            Ok(notices) => {
                for notice in notices {
                    self.print(&notice.reply, out).await?;
                    // Printed is delivered: nothing waits in the outbox.
                    if let Err(e) = self.table.notice_sent(notice.id).await {
                        writeln!(out, "{e}")?;
                    }
                }
                Ok(())
            }
            Err(e) => writeln!(out, "{e}"),
        }
    }

    /// Shows a reply as the bot would post it: mentions as @names, files saved.
    async fn print(&self, reply: &Reply, out: &mut dyn Write) -> std::io::Result<()> {
        let text = self
            .names_for_mentions(reply.text.trim_end())
            .await
            .replace("**", "");
        let private = if reply.ephemeral {
            " (only you see this)"
        } else {
            ""
        };
        writeln!(out, "{text}{private}")?;
        for attachment in reply.image.iter().chain(reply.file.iter()) {
            let path = save(&self.boards, &attachment.name, &attachment.bytes)?;
            writeln!(out, "  → {}", path.display())?;
        }
        if !reply.buttons.is_empty() {
            let buttons: Vec<String> = reply
                .buttons
                .iter()
                .map(|b| format!("[{}]", b.label))
                .collect();
            writeln!(
                out,
                "  buttons: {} (type /accept, /decline, … instead)",
                buttons.join(" ")
            )?;
        }
        if let Some(thread) = &reply.thread {
            writeln!(
                out,
                "  (on Discord the game gets its own thread: {})",
                self.names_for_mentions(&thread.name).await
            )?;
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

fn save(folder: &Path, name: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(folder)?;
    let path = folder.join(name);
    std::fs::write(&path, bytes)?;
    Ok(path)
}

/// The clock the local front end plays by (exposed for tests).
pub fn now_of(local: &Local) -> i64 {
    local.clock.now()
}
