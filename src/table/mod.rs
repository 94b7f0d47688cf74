//! The use cases of the service, free of Discord: each takes who is asking (server,
//! channel, user) and a request, and returns a [`Reply`] for a front end to show.
//! Decisions live here; the store keeps, the games judge, the render draws.

mod analysis;
mod bot;
mod button;
mod challenge;
mod daily;
mod deadlines;
mod draw;
mod hint;
mod info;
mod learn;
mod load;
mod new_game;
mod offer;
mod play_move;
mod premove;
mod puzzle;
mod replay_gif;
mod reply;
mod request;
mod resign;
mod suggest;
mod takeback;
mod terminal;
mod tournament;
mod vacation;
pub mod words;
mod write;

/// The store's words a front end needs: the database it opens and hands to a table, what
/// can go wrong there, and who moves first in a challenge. Everything else it asks of
/// the table.
pub use crate::store::{First, Store, StoreError, MAX_ENTRANTS, MAX_SWISS_ROUNDS};
pub use analysis::{analyse_game, AnalysisReport, ANALYSIS_LEVEL};
pub use bot::DEFAULT_LEVEL;
pub use button::{ButtonId, UnknownButton};
pub use challenge::ChallengeRequest;
pub use deadlines::{DueBatch, Notice, Undelivered};
pub use draw::{bot_agrees_to_draw, DrawAction};
pub use hint::HINT_LEVEL;
pub use info::SettingsChange;
pub use learn::{LearnAction, LearnRequest};
pub use load::replay_record;
pub use premove::{PremoveAction, MAX_LINES, MAX_LINE_ACTIONS};
pub use puzzle::{rate_attempt, PuzzleAction, PuzzleRequest};
pub use replay_gif::ExportFormat;
pub use reply::{
    people_once, Attachment, Button, ButtonStyle, Reply, ThreadRequest, TournamentThread,
};
pub use request::Request;
pub use suggest::{Choice, MAX_CHOICES};
pub use takeback::TakebackAction;
pub use tournament::{
    parse_format, ByeScore, StartRule, TournamentFormat, TournamentRequest, TournamentSettings,
};
pub use vacation::{VacationAction, DEFAULT_VACATION_DAYS, MAX_VACATION_DAYS};
pub use words::{days, span};

use crate::clock::Clock;
use crate::games::AnyGame;
use crate::i18n::{Lang, LangChoice, Msg};
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::msg;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::{Arc, OnceLock};
use thiserror::Error;
use tokio::sync::Semaphore;

/// Days a move may take, as a challenge offers them.
pub const DAYS_PER_MOVE: [i64; 7] = [1, 2, 3, 5, 7, 10, 14];
pub const DEFAULT_DAYS_PER_MOVE: i64 = 3;

/// Who is asking, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub user: UserId,
    /// The caller's display name, remembered for images and lists.
    pub name: String,
    /// The caller's Discord locale (`ru`, `en-US`), when the front end knows it.
    pub locale: Option<String>,
    /// The server's Discord locale, when the front end knows it.
    pub guild_locale: Option<String>,
    /// Whether the caller may change the server's settings (Discord's Manage Server).
    pub manages_server: bool,
}

impl Caller {
    pub fn new(
        guild: GuildId,
        channel: ChannelId,
        user: UserId,
        name: impl Into<String>,
    ) -> Caller {
        Caller {
            guild,
            channel,
            user,
            name: name.into(),
            locale: None,
            guild_locale: None,
            manages_server: false,
        }
    }

    /// The caller, allowed to change the server's settings.
    pub fn managing_server(mut self, manages: bool) -> Caller {
        self.manages_server = manages;
        self
    }

    /// The caller with the locales Discord reports for them and their server.
    pub fn with_locales(mut self, locale: Option<String>, guild_locale: Option<String>) -> Caller {
        self.locale = locale.filter(|l| !l.is_empty());
        self.guild_locale = guild_locale.filter(|l| !l.is_empty());
        self
    }
}

/// The languages of one request: the caller's own, for what only they see, and the
/// server's, for what everyone in the channel sees.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Langs {
    pub private: Lang,
    pub public: Lang,
}

/// What a use case refuses or fails with; shown as its [`TableError::msg`].
#[derive(Debug, Error)]
#[error("{}", self.msg())]
pub enum TableError {
    /// Something the player can fix; the message says how.
    Refused(Msg),
    /// Another change of the same game won the race.
    Changed,
    Store(StoreError),
    /// A stored game cannot be read: refused with its id, every other game goes on.
    Corrupt {
        game: GameId,
        why: String,
    },
    /// A stored tournament cannot be read: refused with its id, every other one goes on.
    CorruptTournament {
        tournament: crate::ids::TournamentId,
        why: String,
    },
    /// Drawing a board failed: our fault, not the player's.
    Render(String),
    /// The bot's search failed: our fault, not the player's.
    Bot(String),
}

impl From<StoreError> for TableError {
    fn from(e: StoreError) -> TableError {
        match e {
            StoreError::Conflict => TableError::Changed,
            StoreError::DamagedGame { game, why } => TableError::Corrupt { game, why },
            StoreError::DamagedTournament { tournament, why } => {
                TableError::CorruptTournament { tournament, why }
            }
            other => TableError::Store(other),
        }
    }
}

impl TableError {
    /// The error in words of `lang`.
    pub fn msg(&self) -> Msg {
        match self {
            TableError::Refused(msg) => msg.clone(),
            TableError::Changed => msg!("error-changed"),
            TableError::Store(e) => msg!("error-store", why = e.to_string()),
            TableError::Corrupt { game, why } => {
                msg!("error-damaged-game", game = game.to_string(), why = why)
            }
            TableError::CorruptTournament { tournament, why } => msg!(
                "error-damaged-tournament",
                tournament = tournament.to_string(),
                why = why
            ),
            TableError::Render(why) => msg!("error-render", why = why),
            TableError::Bot(why) => msg!("error-bot", why = why),
        }
    }

    /// The error as the player sees it: only to them, in their language.
    pub fn into_reply(self, lang: Lang) -> Reply {
        if let TableError::Corrupt { game, why } = &self {
            tracing::error!(%game, "a damaged game was refused: {why}");
        }
        if let TableError::CorruptTournament { tournament, why } = &self {
            tracing::error!(%tournament, "a damaged tournament was refused: {why}");
        }
        Reply::private(self.msg().tr(lang))
    }
}

pub type Result<T, E = TableError> = std::result::Result<T, E>;

fn refuse<T>(msg: Msg) -> Result<T> {
    Err(TableError::Refused(msg))
}

/// The language chosen, else that of a Discord `locale`, else the default.
fn lang_from(language: LangChoice, locale: Option<&str>) -> Lang {
    language
        .fixed()
        .or_else(|| locale.and_then(Lang::from_locale))
        .unwrap_or_default()
}

/// Discord's longest display name, in characters.
pub const NAME_CHARS: usize = 32;

/// A position's record in a word: its log entries hashed. With the version, what tells
/// a snapshot this process checked from one changed by other means (it never trusted
/// more: a snapshot is checked against the log it holds).
fn fingerprint(game: &AnyGame) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for (seat, entry) in game.log() {
        seat.number().hash(&mut hasher);
        entry.text().hash(&mut hasher);
    }
    hasher.finish()
}

/// A name as images and lists show it: control characters removed, blanks trimmed,
/// at most [`NAME_CHARS`] characters (an old row may hold any text).
pub fn display_name(name: &str) -> String {
    let clean: String = name.chars().filter(|c| !c.is_control()).collect();
    clean.trim().chars().take(NAME_CHARS).collect()
}

/// The service: a store, a clock, and the rules of play.
#[derive(Clone)]
pub struct Table {
    store: Store,
    clock: Arc<dyn Clock>,
    /// Drawing a board takes a few megabytes for a few milliseconds: as many at once as
    /// there are cores, so a burst of moves queues instead of piling up images.
    renders: Arc<Semaphore>,
    /// The version of each game whose snapshot this process has checked against its
    /// record (or written itself), with a fingerprint of the snapshot's record: only
    /// those are trusted without a replay. Another process's write moves the version on,
    /// and a snapshot edited by hand to another position holds another record, so this
    /// never trusts a stale one.
    verified: Arc<Mutex<HashMap<GameId, (i64, u64)>>>,
    /// What this process last wrote of each user's name and locale and each server's
    /// locale, which every interaction reports, and when: the same again writes
    /// nothing for [`REWRITE_AFTER`] seconds. Another process may have written another
    /// value since (a name seen by another shard), so after that the value is written
    /// again: a stale name lasts minutes, not until it changes here.
    written: Arc<Mutex<HashMap<(Remembered, u64), Written>>>,
    /// Who this table is when it claims background work (deadlines, notices to deliver)
    /// shared with other processes, and for how long a claim holds, in seconds.
    owner: Arc<str>,
    lease: i64,
    /// The bot's own user, which plays its seats (a front end learns it when it
    /// connects; the terminal names it).
    bot: Arc<OnceLock<UserId>>,
    /// The bot thinks on blocking threads, as many at once as there are cores, so that
    /// ten games against it never hold up people's moves.
    thinkers: Arc<Semaphore>,
    /// One finished game searched for puzzles at a time in this process: the search
    /// takes seconds, and people's moves and the bot's come first.
    mining: Arc<Semaphore>,
}

/// How long, in seconds, a name or locale this process wrote is taken as still stored
/// (see `Table::written`): another process may have written another since.
const REWRITE_AFTER: i64 = 600;

/// A value this process wrote, with when (the table's clock, in seconds).
type Written = (String, i64);

/// What an interaction reports that the table keeps: see [`Table::written`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Remembered {
    Name,
    Locale,
    GuildLocale,
}

/// How long a claim on background work holds (seconds): a process that dies holding one
/// has its work taken over by another this long after it claimed it.
pub const DEFAULT_LEASE: i64 = 60;

/// A name for this process and table among those sharing the database: the host, the
/// process id and a random part (two tables in one process are two workers).
fn worker_name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".to_string());
    format!(
        "{host}:{}:{:08x}",
        std::process::id(),
        rand::random::<u32>()
    )
}

impl Table {
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Table {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Table {
            store,
            clock,
            renders: Arc::new(Semaphore::new(cores)),
            verified: Arc::default(),
            written: Arc::default(),
            owner: worker_name().into(),
            lease: DEFAULT_LEASE,
            bot: Arc::default(),
            thinkers: Arc::new(Semaphore::new(cores)),
            mining: Arc::new(Semaphore::new(1)),
        }
    }

    /// The same table with claims on background work that hold `seconds` (tests make
    /// them short to see a dead process's work taken over).
    pub fn with_lease(mut self, seconds: i64) -> Table {
        self.lease = seconds.max(1);
        self
    }

    /// The same table drawing at most `slots` images at once, with a pool of its own
    /// (the default is one per core). Tests make it 0 to hold drawing back and see that
    /// a move is committed, and other games written, before its image is drawn.
    pub fn with_render_slots(mut self, slots: usize) -> Table {
        self.renders = Arc::new(Semaphore::new(slots));
        self
    }

    /// Lets `slots` more images be drawn at once (see [`Table::with_render_slots`]).
    pub fn add_render_slots(&self, slots: usize) {
        self.renders.add_permits(slots);
    }

    /// This table's name when it claims background work.
    pub fn worker(&self) -> &str {
        &self.owner
    }

    /// Remembers the name a user goes by (a front end learns it with their id).
    pub async fn remember_name(&self, user: UserId, name: &str) -> Result<()> {
        let name = display_name(name);
        if !name.is_empty() && !self.written_already(Remembered::Name, user.0, &name) {
            self.store.remember_user(user, &name).await?;
            self.written(Remembered::Name, user.0, &name);
        }
        Ok(())
    }

    /// The language of what reaches a user outside an interaction (reminders, direct
    /// messages): their own choice, else the locale Discord last reported for them.
    pub async fn lang_of(&self, user: UserId) -> Result<Lang> {
        let row = self.store.user(user).await?;
        Ok(row.map_or_else(Lang::default, |u| {
            lang_from(u.language, u.locale.as_deref())
        }))
    }

    /// The language of a server's public messages: its own choice, else the locale
    /// Discord last reported for it.
    pub async fn guild_lang(&self, guild: GuildId) -> Result<Lang> {
        let row = self.store.guild(guild).await?;
        Ok(lang_from(row.language, row.locale.as_deref()))
    }

    /// The caller's languages, from their and their server's choices, else from the
    /// locales of this interaction.
    pub async fn langs(&self, caller: &Caller) -> Result<Langs> {
        // Two reads at once: every request waits for them.
        let (user, guild) =
            tokio::try_join!(self.store.user(caller.user), self.store.guild(caller.guild))?;
        let locale = caller
            .locale
            .clone()
            .or_else(|| user.as_ref().and_then(|u| u.locale.clone()));
        let guild_locale = caller.guild_locale.clone().or(guild.locale);
        let language = user.map(|u| u.language).unwrap_or_default();
        Ok(Langs {
            private: lang_from(language, locale.as_deref()),
            public: lang_from(guild.language, guild_locale.as_deref()),
        })
    }

    /// The name a user was last seen with, if any.
    pub async fn name_of(&self, user: UserId) -> Result<Option<String>> {
        Ok(self
            .store
            .user(user)
            .await?
            .map(|u| display_name(&u.name))
            .filter(|n| !n.is_empty()))
    }

    /// Records the thread a front end opened for a game: its notices go there.
    pub async fn record_thread(&self, game: GameId, thread: ChannelId) -> Result<()> {
        Ok(self.store.set_thread(game, thread).await?)
    }

    /// Records the thread a tournament's announcement opened.
    pub async fn record_tournament_thread(
        &self,
        tournament: crate::ids::TournamentId,
        thread: ChannelId,
    ) -> Result<()> {
        Ok(self.store.set_tournament_thread(tournament, thread).await?)
    }

    /// A value the service keeps about itself (the development server, the local clock).
    pub async fn meta(&self, key: &str) -> Result<Option<String>> {
        Ok(self.store.meta(key).await?)
    }

    pub async fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        Ok(self.store.set_meta(key, value).await?)
    }

    /// Closes the database (the bot or terminal is stopping).
    pub async fn close(&self) {
        self.store.close().await;
    }

    /// Whether `value` is what this process last wrote for `what` of `id`.
    fn written_already(&self, what: Remembered, id: u64, value: &str) -> bool {
        let now = self.now();
        let written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        written
            .get(&(what, id))
            .is_some_and(|(v, at)| v == value && (0..REWRITE_AFTER).contains(&(now - at)))
    }

    fn written(&self, what: Remembered, id: u64, value: &str) {
        let now = self.now();
        let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        written.insert((what, id), (value.to_string(), now));
    }

    fn is_verified(&self, game: GameId, version: i64, position: &AnyGame) -> bool {
        let print = fingerprint(position);
        let verified = self.verified.lock().unwrap_or_else(|e| e.into_inner());
        verified.get(&game) == Some(&(version, print))
    }

    fn verified(&self, game: GameId, version: i64, position: &AnyGame) {
        let print = fingerprint(position);
        let mut verified = self.verified.lock().unwrap_or_else(|e| e.into_inner());
        verified.insert(game, (version, print));
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Remembers the caller's name and the locales Discord reports; every use case
    /// starts here, and learns the languages to answer in.
    async fn greet(&self, caller: &Caller) -> Result<Langs> {
        self.remember_name(caller.user, &caller.name).await?;
        if let Some(locale) = &caller.locale {
            let user = caller.user.0;
            if !self.written_already(Remembered::Locale, user, locale) {
                self.store.remember_locale(caller.user, locale).await?;
                self.written(Remembered::Locale, user, locale);
            }
        }
        if let Some(locale) = &caller.guild_locale {
            let guild = caller.guild.0;
            if !self.written_already(Remembered::GuildLocale, guild, locale) {
                self.store
                    .remember_guild_locale(caller.guild, locale)
                    .await?;
                self.written(Remembered::GuildLocale, guild, locale);
            }
        }
        self.langs(caller).await
    }

    /// Display names by seat, for images.
    async fn names(&self, seats: &[UserId]) -> Result<Vec<String>> {
        let known = self.store.users(seats).await?;
        let mut names = Vec::with_capacity(seats.len());
        for user in seats {
            let name = known.iter().find(|u| u.id == *user).map(|u| &u.name);
            names.push(
                name.map(|n| display_name(n))
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| format!("player {user}")),
            );
        }
        Ok(names)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The front ends reach the store only through the table: no path into `store` in
    /// their code (the table re-exports the few words they need, such as `First`).
    #[test]
    fn front_ends_name_nothing_of_the_store() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![src.join("local.rs")];
        let discord = std::fs::read_dir(src.join("discord")).expect("src/discord");
        files.extend(discord.map(|entry| entry.expect("src/discord entry").path()));
        for file in files {
            let text = std::fs::read_to_string(&file).expect("front end source");
            for (number, line) in text.lines().enumerate() {
                let code = line.trim_start();
                assert!(
                    code.starts_with("//") || !code.contains("store::"),
                    "{}:{}: {line}",
                    file.display(),
                    number + 1
                );
            }
        }
    }
}
