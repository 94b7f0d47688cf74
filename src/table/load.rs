//! Finding the game a request is about, and reading it back: the snapshot is a cache,
//! checked against the action log and rebuilt from it when they disagree.

use super::words::numbered;
use super::{refuse, Caller, Result, Table, TableError};
use crate::games::{AnyGame, Ending, Game, GameKind, GameOptions, Outcome, Reason, Seat};
use crate::i18n::words::join_and;
use crate::i18n::{Lang, Localize, Msg};
use crate::ids::{GameId, GuildId, UserId};
use crate::msg;
use crate::render::{self, RenderOptions};
use crate::store::{ActionRow, GameRow, GameStatus, Record};
use crate::table::Attachment;
use std::str::FromStr;

/// A game's options as stored: the effective `key=value` texts. Anything else is an
/// error naming the game: a damaged row must never come back with other options than its
/// own.
pub(super) fn read_options(row: &GameRow) -> Result<GameOptions> {
    let corrupt = |why: String| TableError::Corrupt { game: row.id, why };
    let kind = GameKind::from_str(&row.kind).map_err(|e| corrupt(e.tr(Lang::En)))?;
    let pairs = crate::store::decode_options(&row.options)
        .map_err(|why| corrupt(format!("its options cannot be read: {why}")))?;
    GameOptions::parse(kind, &pairs)
        .map_err(|e| corrupt(format!("its options: {}", e.tr(Lang::En))))
}

/// Checks the game row and its seats against what its record says defines the game
/// (entry 0, written when the game was made), and that the seats are those its kind
/// needs: a row changed alone is damage, never another game.
fn check_definition(row: &GameRow, record: &Record, options: GameOptions) -> Result<()> {
    let corrupt = |why: String| TableError::Corrupt { game: row.id, why };
    let seats = options.kind().seat_count();
    if row.seats.len() != seats {
        return Err(corrupt(format!(
            "{} is played by {seats} but it has {} seats",
            row.kind,
            row.seats.len()
        )));
    }
    let Some(text) = &record.definition else {
        return Err(corrupt(
            "its record does not say what game it is (entry 0 is missing)".to_string(),
        ));
    };
    let definition = crate::store::decode_definition(text)
        .map_err(|why| corrupt(format!("its record's entry 0 cannot be read: {why}")))?;
    if definition.kind != row.kind {
        return Err(corrupt(format!(
            "the game row says {} but its record was made for {}",
            row.kind, definition.kind
        )));
    }
    let recorded = GameOptions::parse(options.kind(), &definition.options)
        .map_err(|e| corrupt(format!("its record's options: {}", e.tr(Lang::En))))?;
    if recorded != options {
        return Err(corrupt(format!(
            "the game row's options ({}) are not those its record was made with ({})",
            option_pairs(options).join(" "),
            option_pairs(recorded).join(" ")
        )));
    }
    let users: Vec<u64> = row.seats.iter().map(|u| u.0).collect();
    if definition.seats != users || definition.bots != row.bots {
        return Err(corrupt(
            "its seats are not those its record was made with".to_string(),
        ));
    }
    Ok(())
}

/// Options as `key=value` texts: `["size=7", "drop=2"]`.
pub(super) fn option_pairs(options: GameOptions) -> Vec<String> {
    let values = options.values();
    values.iter().map(|(k, v)| format!("{k}={v}")).collect()
}

/// Plays a game's log from the start (actions and endings).
pub(super) fn replay_log(id: GameId, options: GameOptions, log: &[ActionRow]) -> Result<AnyGame> {
    let mut entries = Vec::with_capacity(log.len());
    for (i, row) in log.iter().enumerate() {
        let seat = Seat::from_number(row.seat).ok_or_else(|| TableError::Corrupt {
            game: id,
            why: format!("log entry {} names seat {}", i + 1, row.seat),
        })?;
        entries.push((seat, row.text.as_str()));
    }
    AnyGame::replay_log(options, entries).map_err(|e| TableError::Corrupt {
        game: id,
        why: format!("its record does not replay: {}", e.tr(Lang::En)),
    })
}

/// The stored result of a game, which must name only its seats.
fn stored_outcome(row: &GameRow, game: &AnyGame) -> Result<Option<Outcome>> {
    let corrupt = |why: String| TableError::Corrupt { game: row.id, why };
    let Some(result) = &row.result else {
        return Ok(None);
    };
    let outcome = crate::store::decode_outcome(result)
        .map_err(|why| corrupt(format!("its result cannot be read: {why}")))?;
    let seats = Seat::all(game.seat_count());
    if let Some(stranger) = outcome.winners.iter().find(|s| !seats.contains(s)) {
        return Err(corrupt(format!(
            "its result names seat {}, which the game does not have",
            stranger.number()
        )));
    }
    Ok(Some(outcome))
}

/// Games of two ended by resignation, time or agreement before endings were entries of
/// the log have their outcome in the row only: it becomes the engine's ending again (for
/// the player who lost; for an agreement, the first player still in).
fn legacy_ending(row: &GameRow, game: &mut AnyGame) -> Result<()> {
    let corrupt = |why: String| TableError::Corrupt { game: row.id, why };
    let Some(outcome) = stored_outcome(row, game)? else {
        return Err(corrupt("it is finished but has no result".to_string()));
    };
    let ending = match outcome.reason {
        Reason::Resigned => Ending::Resign,
        Reason::Timeout => Ending::Timeout,
        Reason::Agreed => Ending::AgreedDraw,
        other => {
            return Err(corrupt(format!(
                "its result ({other}) is not where its record leads"
            )))
        }
    };
    let seat = game
        .seats_in()
        .into_iter()
        .find(|s| ending == Ending::AgreedDraw || !outcome.winners.contains(s))
        .ok_or_else(|| corrupt("its result names no player who lost".to_string()))?;
    game.end(seat, ending)
        .map_err(|e| corrupt(format!("its result cannot be applied: {}", e.tr(Lang::En))))?;
    Ok(())
}

/// A game's position as its record makes it: the game row and seats checked against the
/// record's definition, its log replayed, and for rows from before endings were logged,
/// the ending kept in the row. Refused with the game's id when the rows disagree, the
/// record does not replay, or the stored result is not where the record leads.
/// (`boardpost db check` compares it with the stored snapshot; loading a game does the
/// same.)
pub fn replay_record(row: &GameRow, record: &Record) -> Result<AnyGame> {
    let options = read_options(row)?;
    check_definition(row, record, options)?;
    let mut game = replay_log(row.id, options, &record.log)?;
    if row.status == GameStatus::Finished && game.outcome().is_none() {
        legacy_ending(row, &mut game)?;
    }
    if let Some(stored) = stored_outcome(row, &game)? {
        if game.outcome() != Some(&stored) {
            return Err(TableError::Corrupt {
                game: row.id,
                why: "its stored result is not where its record leads".to_string(),
            });
        }
    }
    Ok(game)
}

/// A game as read from the store, with its position.
#[derive(Clone, Debug)]
pub(super) struct Loaded {
    pub row: GameRow,
    pub game: AnyGame,
}

impl Loaded {
    pub fn id(&self) -> GameId {
        self.row.id
    }

    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        let i = self.row.seats.iter().position(|u| *u == user)?;
        Seat::from_number(i as u8 + 1)
    }

    /// The user at a seat of the game. Every game is loaded through [`Table::load`],
    /// which refuses a game whose seats are not those its kind needs, so each of the
    /// engine's seats has its user.
    pub fn user_at(&self, seat: Seat) -> UserId {
        self.row.seats[seat.index()]
    }

    /// The users still in the game while it goes on (every player once it is over).
    pub fn users_in(&self) -> Vec<UserId> {
        if self.is_over() {
            return self.row.seats.clone();
        }
        self.game
            .seats_in()
            .into_iter()
            .map(|s| self.user_at(s))
            .collect()
    }

    /// Final places by seat (1 = best, equal places drawn), for the ratings: the
    /// engine's standings.
    pub fn places(&self) -> Vec<(UserId, u32)> {
        let seats = self.row.seats.len();
        let mut places = vec![seats as u32; seats];
        let mut place = 1;
        for group in self.game.standings() {
            for seat in &group {
                if let Some(p) = places.get_mut(seat.index()) {
                    *p = place;
                }
            }
            place += group.len() as u32;
        }
        self.row.seats.iter().copied().zip(places).collect()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().cloned()
    }

    pub fn is_over(&self) -> bool {
        self.row.status == GameStatus::Finished || self.game.outcome().is_some()
    }

    /// The user to move, while the game goes on.
    pub fn to_move_user(&self) -> Option<UserId> {
        if self.row.status == GameStatus::Finished {
            return None;
        }
        self.game.to_move().map(|s| self.user_at(s))
    }

    /// "<@a> wins (one stone left)" or "draw (agreed draw)".
    /// The result with the players' mentions: "@alice won (checkmate)".
    pub fn result_msg(&self) -> Msg {
        match self.outcome() {
            None => msg!("result-going-on"),
            Some(o) if o.is_draw() => msg!("result-draw", reason = o.reason.msg()),
            Some(o) => {
                let winners: Vec<String> = o
                    .winners
                    .iter()
                    .map(|s| self.user_at(*s).mention())
                    .collect();
                msg!(
                    "result-won",
                    winners = join_and(&winners),
                    count = winners.len(),
                    reason = o.reason.msg()
                )
            }
        }
    }
}

/// A user's games as a listing reads them: those that can be read, and the ids of the
/// damaged ones it leaves out, with what is wrong.
#[derive(Debug, Default)]
pub(super) struct Listing {
    pub games: Vec<Loaded>,
    pub damaged: Vec<(GameId, String)>,
}

/// "You are in 3 games (#1, #4, #7): say which": the refusal when a request could be
/// about any of `games`.
pub(super) fn which_game<'a>(games: impl IntoIterator<Item = &'a Loaded>) -> Msg {
    let ids: Vec<GameId> = games.into_iter().map(Loaded::id).collect();
    msg!("which-game", count = ids.len(), games = numbered(&ids))
}

impl Table {
    /// Reads a game row into a position. The stored snapshot is a cache: the first time
    /// this process reads a game at a version, the snapshot is checked against a replay
    /// of the log from the stored options, and where they differ the replay wins and
    /// the snapshot is rewritten; after that it is trusted while its version and the
    /// record it holds stay the same. A row that cannot be read is refused with its id.
    pub(super) async fn load(&self, mut row: GameRow) -> Result<Loaded> {
        let options = read_options(&row)?;
        let cached = crate::store::decode_state(&row.state);
        // Checked against its log at this version and with this very record already, by
        // this process's reading or writing it: every write of a game raises its
        // version, and a snapshot set to another position by other means holds another
        // record, so the log need not be read (nor its rows moved, as many as the game
        // is long).
        let cached = match cached {
            Some(game)
                if game.game_options() == options
                    && self.is_verified(row.id, row.version, &game) =>
            {
                return Ok(Loaded { game, row });
            }
            other => other,
        };
        let record = self.store.record(row.id).await?;
        let game = replay_record(&row, &record)?;
        if cached.as_ref() != Some(&game) {
            // Counted in the row, so that `boardpost db check` still reports it.
            tracing::warn!(game = %row.id, "the stored position disagrees with its record: rebuilt from the record");
            let state = crate::store::encode_state(&game);
            self.store.repair_state(row.id, row.version, &state).await?;
            row.state = state;
        }
        self.verified(row.id, row.version, &game);
        Ok(Loaded { row, game })
    }

    /// The game a request is about: the one named; else the game of this thread; else
    /// the caller's one game waiting for them; else their one active game.
    pub(super) async fn find_game(&self, caller: &Caller, id: Option<GameId>) -> Result<Loaded> {
        match self.named_or_here(caller, id).await? {
            Some(game) => Ok(game),
            None => {
                let active = self.active_games(caller).await?;
                self.pick_active(caller, active).await
            }
        }
    }

    /// The game named, or else the game of the thread the request comes from, if any.
    pub(super) async fn named_or_here(
        &self,
        caller: &Caller,
        id: Option<GameId>,
    ) -> Result<Option<Loaded>> {
        if let Some(id) = id {
            return match self.store.game(caller.guild, id).await? {
                Some(row) => Ok(Some(self.load(row).await?)),
                None => refuse(msg!("no-such-game", game = id.to_string())),
            };
        }
        match self
            .store
            .game_in_thread(caller.guild, caller.channel)
            .await?
        {
            Some(row) => Ok(Some(self.load(row).await?)),
            None => Ok(None),
        }
    }

    /// A user's games in a server (only those going on, if asked), newest first: the
    /// newest page, or the page below `before`. A game that cannot be read is logged with
    /// its id and set aside, so that every other game is listed; a failure of the
    /// database itself stops the listing.
    pub(super) async fn list_games(
        &self,
        guild: GuildId,
        user: UserId,
        active_only: bool,
        before: Option<GameId>,
    ) -> Result<Listing> {
        let mut listing = Listing::default();
        for row in self
            .store
            .each_game_of(guild, user, active_only, before)
            .await?
        {
            let loaded = match row {
                Ok(row) => self.load(row).await,
                Err(e) => Err(e.into()),
            };
            match loaded {
                Ok(loaded) => listing.games.push(loaded),
                Err(TableError::Corrupt { game, why }) => {
                    tracing::error!(game = %game, "game #{game} is damaged: {why}: left out of a list");
                    listing.damaged.push((game, why));
                }
                Err(e) => return Err(e),
            }
        }
        Ok(listing)
    }

    /// The caller's games going on in this server.
    pub(super) async fn active_games(&self, caller: &Caller) -> Result<Listing> {
        self.list_games(caller.guild, caller.user, true, None).await
    }

    /// Of the caller's games going on, the one waiting for them; else the only one; else,
    /// with none, their latest game. With none that can be read but a damaged one, that
    /// game's refusal, which names it.
    pub(super) async fn pick_active(&self, caller: &Caller, listing: Listing) -> Result<Loaded> {
        let active = listing.games;
        let waiting: Vec<&Loaded> = active
            .iter()
            .filter(|g| g.to_move_user() == Some(caller.user))
            .collect();
        if active.is_empty() {
            if let Some((game, why)) = listing.damaged.into_iter().next() {
                return Err(TableError::Corrupt { game, why });
            }
        }
        match (waiting.as_slice(), active.as_slice()) {
            ([one], _) => Ok((*one).clone()),
            ([], [one]) => Ok(one.clone()),
            // Nothing going on: the caller's latest game, so that /board, /history and
            // /export work right after a game ends (and /move says it is over).
            (_, []) => match self
                .store
                .games_of(caller.guild, caller.user, false)
                .await?
                .into_iter()
                .next()
            {
                Some(row) => self.load(row).await,
                None => refuse(msg!("no-game-yet")),
            },
            _ => refuse(which_game(&active)),
        }
    }

    /// Draws a position as PNG, at most one drawing per core at a time.
    pub(super) async fn picture(&self, game: AnyGame, opts: RenderOptions) -> Result<Vec<u8>> {
        let _permit = self
            .renders
            .acquire()
            .await
            .expect("the render semaphore is never closed");
        tokio::task::spawn_blocking(move || {
            // One buffer per drawing thread, grown once to the largest image: the
            // encoder writes into it and the reply takes a copy of just its bytes.
            thread_local! {
                static PNG: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
            }
            PNG.with(|buffer| {
                let mut buffer = buffer.borrow_mut();
                render::render_png_into(&game, &opts, &mut buffer);
                buffer.clone()
            })
        })
        .await
        .map_err(|e| TableError::Render(e.to_string()))
    }

    /// The board image of a game, seen from `viewer`'s side, its words in `lang`.
    pub(super) async fn image(
        &self,
        loaded: &Loaded,
        viewer: Option<Seat>,
        lang: Lang,
    ) -> Result<Attachment> {
        let names = self.names(&loaded.row.seats).await?;
        self.image_named(loaded, names, viewer, lang).await
    }

    /// [`Table::image`] with the players' names already read (a move reads them while
    /// its write is under way).
    pub(super) async fn image_named(
        &self,
        loaded: &Loaded,
        names: Vec<String>,
        viewer: Option<Seat>,
        lang: Lang,
    ) -> Result<Attachment> {
        let ply = loaded.game.history().len();
        let bytes = self
            .picture(
                loaded.game.clone(),
                RenderOptions::new(names).viewed_by(viewer).in_lang(lang),
            )
            .await?;
        Ok(Attachment {
            name: format!("{}-{}-ply{}.png", loaded.row.kind, loaded.row.id, ply),
            bytes,
        })
    }
}

impl Table {
    /// Refuses unless the game goes on and the caller plays in it; returns their seat.
    pub(super) fn player_in(&self, loaded: &Loaded, caller: &Caller) -> Result<Seat> {
        let game = loaded.id().to_string();
        if loaded.is_over() {
            return refuse(msg!(
                "game-is-over",
                game = game,
                result = loaded.result_msg()
            ));
        }
        match loaded.seat_of(caller.user) {
            Some(_) if !loaded.users_in().contains(&caller.user) => {
                refuse(msg!("you-are-out", game = game))
            }
            Some(seat) => Ok(seat),
            None => refuse(msg!("you-are-not-playing", game = game)),
        }
    }
}
