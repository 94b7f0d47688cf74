//! Finding the game a request is about, and reading it back: the snapshot is a cache,
//! checked against the action log and rebuilt from it when they disagree.

use super::{refuse, Caller, Result, Table, TableError};
use crate::games::{AnyGame, Outcome, Reason, Seat};
use crate::ids::{GameId, UserId};
use crate::render::{self, RenderOptions};
use crate::store::{ActionRow, GameRow, GameStatus, StoreError};
use crate::table::Attachment;

/// The log text of a player leaving a game of more than two by resigning. Not an action
/// of any game (no game parses it), so it cannot be confused with a move.
pub(super) const RESIGNED: &str = "resign";
/// The log text of a player of a game of more than two whose time ran out.
pub(super) const TIMED_OUT: &str = "timeout";

/// Why a log row left the game, if it is a withdrawal rather than an action.
pub(super) fn withdrawal(text: &str) -> Option<Reason> {
    match text {
        RESIGNED => Some(Reason::Resigned),
        TIMED_OUT => Some(Reason::Timeout),
        _ => None,
    }
}

/// Plays a game's log from the start: actions, and the withdrawals of players who left a
/// game of more than two (resignation, time) where they happened.
pub(super) fn replay_log(
    kind: &str,
    options: &[String],
    log: &[ActionRow],
) -> std::result::Result<AnyGame, String> {
    let mut game = AnyGame::new(kind, options).map_err(|e| e.to_string())?;
    for (i, row) in log.iter().enumerate() {
        match withdrawal(&row.text) {
            Some(reason) => {
                let seat = Seat::from_number(row.seat)
                    .ok_or_else(|| format!("entry {} names seat {}", i + 1, row.seat))?;
                game.withdraw(seat, reason)
                    .map_err(|e| format!("entry {} \"{}\": {e}", i + 1, row.text))?;
            }
            None => {
                game.play(&row.text)
                    .map_err(|e| format!("action {} \"{}\": {e}", i + 1, row.text))?;
            }
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

    pub fn user_at(&self, seat: Seat) -> UserId {
        self.row.seats[seat.index()]
    }

    /// The users still in the game: every player of a two-player game, the players not
    /// eliminated in a game of four.
    pub fn users_in(&self) -> Vec<UserId> {
        if self.row.seats.len() <= 2 {
            return self.row.seats.clone();
        }
        self.game
            .seats_in()
            .into_iter()
            .map(|s| self.user_at(s))
            .collect()
    }

    /// Final places by seat (1 = best, equal places drawn), for the ratings: the board's
    /// order of elimination in a game of four, winners against losers in a game of two.
    pub fn places(&self, outcome: &Outcome) -> Vec<(UserId, u32)> {
        let seats = self.row.seats.len();
        let mut places = vec![seats as u32; seats];
        if seats > 2 {
            let mut place = 1;
            for group in self.game.standings() {
                for seat in &group {
                    if let Some(p) = places.get_mut(seat.index()) {
                        *p = place;
                    }
                }
                place += group.len() as u32;
            }
        } else {
            for (i, p) in places.iter_mut().enumerate() {
                let winner = outcome.winners.iter().any(|s| s.index() == i);
                *p = if outcome.is_draw() || winner { 1 } else { 2 };
            }
        }
        self.row.seats.iter().copied().zip(places).collect()
    }

    /// How the game ended: the board's verdict or the service's (resignation, time,
    /// agreement), whichever was recorded.
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.row.result {
            Some(json) => serde_json::from_str(json).ok(),
            None => self.game.outcome().cloned(),
        }
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

    /// The options it was made with, as `key=value` texts.
    pub fn option_pairs(&self) -> Vec<String> {
        serde_json::from_str(&self.row.options).unwrap_or_default()
    }

    /// "<@a> wins (one stone left)" or "draw (agreed draw)".
    pub fn result_text(&self) -> String {
        match self.outcome() {
            None => "still going on".to_string(),
            Some(o) if o.is_draw() => format!("a draw ({})", o.reason),
            Some(o) => {
                let winners: Vec<String> = o
                    .winners
                    .iter()
                    .map(|s| self.user_at(*s).mention())
                    .collect();
                format!("{} won ({})", winners.join(" and "), o.reason)
            }
        }
    }
}

impl Table {
    /// Reads a game row into a position, rebuilding the snapshot from the action log if
    /// it is unreadable or disagrees with the log.
    pub(super) async fn load(&self, row: GameRow) -> Result<Loaded> {
        let log = self.store.actions(row.id).await?;
        let typed: Vec<&str> = log
            .iter()
            .map(|a| a.text.as_str())
            .filter(|t| withdrawal(t).is_none())
            .collect();
        if let Ok(game) = serde_json::from_str::<AnyGame>(&row.state) {
            let loaded = Loaded {
                row: row.clone(),
                game,
            };
            if loaded.game.typed_history() == typed && loaded.game.name() == row.kind {
                return Ok(loaded);
            }
        }
        let options: Vec<String> = serde_json::from_str(&row.options).unwrap_or_default();
        let game = replay_log(&row.kind, &options, &log).map_err(|why| {
            TableError::Store(StoreError::Sql(sqlx::Error::Protocol(format!(
                "game #{} cannot be rebuilt from its record: {why}",
                row.id
            ))))
        })?;
        let state = serde_json::to_string(&game).expect("games serialize");
        self.store.repair_state(row.id, row.version, &state).await?;
        Ok(Loaded { row, game })
    }

    /// The game a request is about: the one named; else the game of this thread; else
    /// the caller's one game waiting for them; else their one active game.
    pub(super) async fn find_game(&self, caller: &Caller, id: Option<GameId>) -> Result<Loaded> {
        if let Some(id) = id {
            return match self.store.game(caller.guild, id).await? {
                Some(row) => self.load(row).await,
                None => refuse(format!(
                    "there is no game #{id} on this server: /games lists yours"
                )),
            };
        }
        if let Some(row) = self
            .store
            .game_in_thread(caller.guild, caller.channel)
            .await?
        {
            return self.load(row).await;
        }
        let mut active = Vec::new();
        for row in self.store.games_of(caller.guild, caller.user, true).await? {
            active.push(self.load(row).await?);
        }
        let waiting: Vec<&Loaded> = active
            .iter()
            .filter(|g| g.to_move_user() == Some(caller.user))
            .collect();
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
                None => refuse("you have no game here yet: start one with /play"),
            },
            _ => {
                let list: Vec<String> = active.iter().map(|g| format!("#{}", g.id())).collect();
                refuse(format!(
                    "you are in {} games ({}): say which with the game option",
                    active.len(),
                    list.join(", ")
                ))
            }
        }
    }

    /// Draws a position as PNG, at most one drawing per core at a time.
    pub(super) async fn picture(&self, game: AnyGame, opts: RenderOptions) -> Result<Vec<u8>> {
        let _permit = self
            .renders
            .acquire()
            .await
            .expect("the render semaphore is never closed");
        tokio::task::spawn_blocking(move || render::render_png(&game, &opts))
            .await
            .map_err(|e| TableError::Refused(format!("the board could not be drawn ({e})")))
    }

    /// The board image of a game, seen from `viewer`'s side.
    pub(super) async fn image(&self, loaded: &Loaded, viewer: Option<Seat>) -> Result<Attachment> {
        let names = self.names(&loaded.row.seats).await?;
        let ply = loaded.game.history().len();
        let bytes = self
            .picture(
                loaded.game.clone(),
                RenderOptions::new(names).viewed_by(viewer),
            )
            .await?;
        Ok(Attachment {
            name: format!("{}-{}-ply{}.png", loaded.row.kind, loaded.row.id, ply),
            bytes,
        })
    }
}
