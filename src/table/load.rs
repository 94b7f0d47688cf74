//! Finding the game a request is about, and reading it back: the snapshot is a cache,
//! checked against the action log and rebuilt from it when they disagree.

use super::{refuse, Caller, Result, Table, TableError};
use crate::games::{AnyGame, Outcome, Seat};
use crate::ids::{GameId, UserId};
use crate::render::{self, RenderOptions};
use crate::store::{GameRow, GameStatus, StoreError};
use crate::table::Attachment;

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

    /// Typed actions of the snapshot: its history without automatic passes.
    fn typed_history(&self) -> Vec<String> {
        self.game
            .history()
            .into_iter()
            .filter(|t| t != "pass")
            .collect()
    }
}

impl Table {
    /// Reads a game row into a position, rebuilding the snapshot from the action log if
    /// it is unreadable or disagrees with the log.
    pub(super) async fn load(&self, row: GameRow) -> Result<Loaded> {
        let log: Vec<String> = self
            .store
            .actions(row.id)
            .await?
            .into_iter()
            .map(|a| a.text)
            .collect();
        if let Ok(game) = serde_json::from_str::<AnyGame>(&row.state) {
            let loaded = Loaded {
                row: row.clone(),
                game,
            };
            if loaded.typed_history() == log && loaded.game.name() == row.kind {
                return Ok(loaded);
            }
        }
        let options: Vec<String> = serde_json::from_str(&row.options).unwrap_or_default();
        let damaged = |why: String| {
            TableError::Store(StoreError::Sql(sqlx::Error::Protocol(format!(
                "game #{} cannot be rebuilt from its record: {why}",
                row.id
            ))))
        };
        let mut game = AnyGame::new(&row.kind, &options).map_err(|e| damaged(e.to_string()))?;
        game.play_all(&log).map_err(|e| damaged(e.to_string()))?;
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
