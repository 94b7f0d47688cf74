//! What a use case answers: words, maybe a picture or a file, who to ping, buttons.

use crate::i18n::Lang;
use crate::ids::{GameId, TournamentId, UserId};
use crate::msg;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Markdown; users appear as mentions (`<@id>`), which front ends show as names.
    pub text: String,
    /// The board, as PNG.
    pub image: Option<Attachment>,
    /// A text file (an export).
    pub file: Option<Attachment>,
    /// Exactly the users to notify, each once, never the bot; nobody else is pinged.
    pub pings: Vec<UserId>,
    pub buttons: Vec<Button>,
    /// Shown only to the caller.
    pub ephemeral: bool,
    /// A new game wants its own thread.
    pub thread: Option<ThreadRequest>,
    /// A new tournament wants a thread for its round and final posts.
    pub tournament_thread: Option<TournamentThread>,
    /// What a button's message says once the press decided it (a challenge accepted,
    /// declined or cancelled): front ends show this in place of that message and remove
    /// its buttons, so nothing is pressed twice. `None`: the buttons stay (a seat taken
    /// while others are still open).
    pub settles: Option<String>,
    /// The game this reply moved on (a move, a start, a takeback): front ends then let
    /// the bot play its turns in it, if it plays there.
    pub game: Option<GameId>,
}

impl Reply {
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }

    /// The reply with its pings as [`people_once`] gives them.
    pub fn pinging_people_once(mut self, bot: Option<UserId>) -> Reply {
        self.pings = people_once(self.pings, bot);
        self
    }

    /// A private list (a game's turns, a player's games) that may be long: whole when it
    /// fits in one message; otherwise its header, a line saying what is left out, the
    /// newest lines that fit and its footer, with the whole list attached as a text file
    /// (`file` names it; `plain` is the whole list as the file shows it, names for
    /// mentions). The newest lines, at the end, are never the ones left out.
    pub fn private_list(
        header: &str,
        lines: &[String],
        footer: &str,
        file: &str,
        plain: String,
        lang: Lang,
    ) -> Reply {
        let whole = format!("{header}{}{footer}", lines.concat());
        if whole.chars().count() <= MAX_MESSAGE {
            return Reply::private(whole);
        }
        let note = |left: usize| msg!("list-left-out", count = left, file = file).tr(lang) + "\n";
        let fixed =
            header.chars().count() + footer.chars().count() + note(lines.len()).chars().count();
        let mut room = MAX_MESSAGE.saturating_sub(fixed);
        let mut kept = 0;
        for line in lines.iter().rev() {
            let n = line.chars().count();
            if n > room {
                break;
            }
            room -= n;
            kept += 1;
        }
        let newest = lines[lines.len() - kept..].concat();
        Reply {
            file: Some(Attachment {
                name: file.to_string(),
                bytes: plain.into_bytes(),
            }),
            ..Reply::private(format!(
                "{header}{}{newest}{footer}",
                note(lines.len() - kept)
            ))
        }
    }
}

/// `users` each once, in the order first named, without the bot's own user: lists built
/// from a game's seats repeat the bot, which holds a seat each for its armies, and
/// Discord refuses a message that names a user twice among those it may ping. The bot is
/// never pinged: it has nothing to be told.
pub fn people_once(users: impl IntoIterator<Item = UserId>, bot: Option<UserId>) -> Vec<UserId> {
    let mut seen = std::collections::HashSet::new();
    users
        .into_iter()
        .filter(|user| Some(*user) != bot && seen.insert(*user))
        .collect()
}

/// Discord's limit on a message's length, in characters.
pub const MAX_MESSAGE: usize = 2_000;

/// `text` with the mentions of `users` written as their names (`<@7>` → `@alice`), for
/// files, where mentions are not shown as names.
pub fn with_names(text: &str, users: &[(UserId, String)]) -> String {
    users.iter().fold(text.to_string(), |t, (user, name)| {
        t.replace(&user.mention(), &format!("@{name}"))
    })
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl Attachment {
    /// Whether the name is a plain file name, one that stays inside the folder a front
    /// end saves it in (see [`crate::store::is_plain_file_name`]).
    pub fn has_plain_name(&self) -> bool {
        crate::store::is_plain_file_name(&self.name)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// A button; its id says what pressing it does (`challenge:accept:7`, `draw:accept:12`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
}

impl Button {
    pub fn new(id: super::ButtonId, label: impl Into<String>, style: ButtonStyle) -> Button {
        Button {
            id: id.to_string(),
            label: label.into(),
            style,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadRequest {
    pub game: GameId,
    pub name: String,
}

/// The thread a tournament's announcement opens, and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentThread {
    pub tournament: TournamentId,
    pub name: String,
}
