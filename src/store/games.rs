//! Games, their seats, action logs, offers and reminders. Every change of a game goes
//! through [`Store::update_game`]: one transaction guarded by the game's version.

use super::kinds::stored_enum;
use super::{
    column, db_id, first, json_column, json_text, query, Arg, DamagedRating, DbRow, NoticeRow,
    Result, Settles, Store, StoreError, Tx,
};
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::rating;
use std::collections::HashMap;

/// How many games of a user a listing reads at a time: `/games` shows the newest page.
pub const GAMES_PAGE: i64 = 100;

stored_enum! {
    pub enum GameStatus {
        Active = "active",
        Finished = "finished",
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: GameId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub thread: Option<ChannelId>,
    pub kind: String,
    /// JSON array of the `key=value` options the game was made with.
    pub options: String,
    pub status: GameStatus,
    pub version: i64,
    /// JSON snapshot of the game (a cache of kind + options + action log).
    pub state: String,
    pub days_per_move: i64,
    pub turn_started: i64,
    pub deadline: Option<i64>,
    /// JSON outcome once finished.
    pub result: Option<String>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    /// Users by seat: `seats[0]` is seat 1.
    pub seats: Vec<UserId>,
    /// The seats the bot plays (their user is the bot's), by seat number, with its
    /// level (1–5).
    pub bots: Vec<(u8, u8)>,
    /// How many times its stored position was found to differ from its record and was
    /// rebuilt (`boardpost db check` reports them).
    pub snapshot_rebuilds: i64,
    /// Whether conditional lines go on from this version, where the read asked
    /// ([`Store::game`] does; lists do not): `Some(false)` spares a move the read of lines
    /// that are not there. `None`: not asked, so they must be read.
    pub lines_stored: Option<bool>,
}

#[derive(Clone, Debug)]
pub struct NewGame {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub kind: String,
    pub options: String,
    pub state: String,
    pub days_per_move: i64,
    pub now: i64,
    pub deadline: i64,
    pub seats: Vec<UserId>,
    /// The seats the bot plays, by seat number, with its level.
    pub bots: Vec<(u8, u8)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAction {
    pub seat: u8,
    pub user: UserId,
    pub text: String,
}

/// A game's record: what defines it (entry 0) and its log of actions (entries 1, 2, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Entry 0 as stored (see [`super::Definition`]); `None` when it is missing.
    pub definition: Option<String>,
    pub log: Vec<ActionRow>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub n: i64,
    pub seat: u8,
    pub user: UserId,
    pub text: String,
    pub at: i64,
}

/// A finished game's final order, for the ratings: places from 1, equal for a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranking {
    pub guild: GuildId,
    pub kind: String,
    pub places: Vec<(UserId, u32)>,
    /// A draw: those sharing the best place drew; else they won.
    pub draw: bool,
}

/// Everything one change of a game writes, in one transaction.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    pub game: GameId,
    /// The version the change was computed from; another change since → conflict.
    pub expected_version: i64,
    pub now: i64,
    pub state: String,
    pub status: GameStatus,
    /// Whether another turn begins. It runs from `turn_started` to `deadline`, or for as
    /// long from the return of `to_move` if they are away on vacation: decided inside the
    /// write, where a vacation starting at the same moment is seen. Without a new turn the
    /// stored time limit stands (a vacation may have moved it since the game was read),
    /// and a finished game has none.
    pub new_turn: bool,
    pub turn_started: i64,
    pub deadline: Option<i64>,
    /// The player the new turn is for.
    pub to_move: Option<UserId>,
    pub result: Option<String>,
    /// The agreement the change carries out (a draw, a takeback), if it is one: refused
    /// ([`StoreError::Conflict`]) unless the offer still stands at `expected_version`
    /// with everyone in it who must agree (a decline or a withdrawal came first).
    pub settles: Option<Settles>,
    /// Actions to log after the existing ones.
    pub append: Vec<NewAction>,
    /// Forget logged actions after this many (a takeback).
    pub truncate_to: Option<i64>,
    /// Rate the game (when it finishes).
    pub ranking: Option<Ranking>,
    /// A notice the change makes (a loss on time), queued in the same transaction for
    /// `notice.1` (the process that delivers it, by its lease) until `notice.2`: written
    /// with the change or not at all.
    pub notice: Option<(NoticeRow, String, i64)>,
    /// The conditional lines the change keeps, from the new position on; every other
    /// line of the game goes with the change.
    pub premoves: Vec<super::KeptLine>,
    /// The result of a tournament game that this change ends, for its pairing.
    pub pairing_result: Option<super::PairingResult>,
}

/// What a change of a game wrote: the game's new version, its turn's start and time
/// limit as stored, and the id of the notice written with it, if any.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub version: i64,
    pub turn_started: i64,
    pub deadline: Option<i64>,
    pub notice: Option<i64>,
}

/// A game row in typed values; a value that cannot be read is an error naming the game.
/// The snapshot is a cache: one that is not text is logged and read as missing, so the
/// game is rebuilt from its record.
fn game_from(row: &DbRow, (seats, bots): Seated) -> Result<GameRow> {
    let id: i64 = column(row, &|| "a game".to_string(), "game_id")?;
    read_game(row, id, seats, bots).map_err(|e| e.of_game(GameId(id)))
}

/// A game's users by seat, and the bot's seats with their levels.
pub(super) type Seated = (Vec<UserId>, Vec<(u8, u8)>);

fn read_game(row: &DbRow, id: i64, seats: Vec<UserId>, bots: Vec<(u8, u8)>) -> Result<GameRow> {
    let what = || format!("game #{id}");
    let status: String = column(row, &what, "status")?;
    let status = GameStatus::parse(&status).ok_or_else(|| StoreError::Corrupt {
        what: what(),
        why: format!("unknown status “{status}”"),
    })?;
    let state = match json_text(row, &what, "state") {
        Ok(state) => state,
        Err(e) => {
            tracing::warn!("{e}: it is rebuilt from the game's record");
            String::new()
        }
    };
    Ok(GameRow {
        id: GameId(id),
        guild: GuildId(column::<i64>(row, &what, "guild_id")? as u64),
        channel: ChannelId(column::<i64>(row, &what, "channel_id")? as u64),
        thread: column::<Option<i64>>(row, &what, "thread_id")?.map(|t| ChannelId(t as u64)),
        kind: column(row, &what, "kind")?,
        options: json_text(row, &what, "options")?,
        status,
        version: column(row, &what, "version")?,
        state,
        days_per_move: super::days_per_move(row, &what)?,
        turn_started: column(row, &what, "turn_started")?,
        deadline: column(row, &what, "deadline")?,
        result: json_column(row, &what, "result")?,
        created_at: column(row, &what, "created_at")?,
        finished_at: column(row, &what, "finished_at")?,
        snapshot_rebuilds: column(row, &what, "snapshot_rebuilds")?,
        seats,
        bots,
        lines_stored: None,
    })
}

/// The games that could be read; each other one is logged with its error and left out
/// of the list.
fn readable(games: Vec<Result<GameRow>>) -> Vec<GameRow> {
    games
        .into_iter()
        .filter_map(|game| {
            game.inspect_err(|e| tracing::error!("{e}: left out of the list"))
                .ok()
        })
        .collect()
}

impl Store {
    /// Creates a game with its seats (used by [`Store::start_challenge`]).
    pub(super) async fn insert_game(tx: &mut Tx, g: &NewGame) -> Result<GameId> {
        let row = query(
            "INSERT INTO games (guild_id, channel_id, kind, options, status, version, state,
               days_per_move, turn_started, deadline, created_at)
             VALUES ($1, $2, $3, $4, 'active', 0, $5, $6, $7, $8, $9) RETURNING game_id",
        )
        .bind(db_id(g.guild.0))
        .bind(db_id(g.channel.0))
        .bind(&g.kind)
        .bind(Arg::json(&g.options))
        .bind(Arg::json(&g.state))
        .bind(g.days_per_move)
        .bind(g.now)
        .bind(g.deadline)
        .bind(g.now)
        .fetch_one(tx.on())
        .await?;
        let id: i64 = first(&row)?;
        let definition = super::Definition {
            kind: g.kind.clone(),
            options: super::decode_options(&g.options).map_err(|why| StoreError::Corrupt {
                what: "a new game's options".to_string(),
                why,
            })?,
            seats: g.seats.iter().map(|u| u.0).collect(),
            bots: g.bots.clone(),
        };
        query("INSERT INTO actions (game_id, n, seat, user_id, text, at) VALUES ($1, 0, 0, 0, $2, $3)")
            .bind(id)
            .bind(super::encode_definition(&definition))
            .bind(g.now)
            .execute(tx.on())
            .await?;
        for (i, user) in g.seats.iter().enumerate() {
            let seat = i as i64 + 1;
            let level = g
                .bots
                .iter()
                .find(|(s, _)| i64::from(*s) == seat)
                .map(|(_, level)| i64::from(*level));
            query("INSERT INTO seats (game_id, seat, user_id, bot_level) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(seat)
                .bind(db_id(user.0))
                .bind(level)
                .execute(tx.on())
                .await?;
        }
        Ok(GameId(id))
    }

    /// A game's seats: people by seat, and the bot's seats with their levels.
    async fn seats_of(&self, game: i64) -> Result<Seated> {
        if let Some(seated) = self.seated_lock().get(&game) {
            return Ok(seated.clone());
        }
        let seated = self.read_seats(game).await?;
        let mut kept = self.seated_lock();
        if kept.len() >= super::SEATED_KEPT {
            kept.clear();
        }
        kept.insert(game, seated.clone());
        Ok(seated)
    }

    fn seated_lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Seated>> {
        // The map holds plain copies of rows: one left by a panicking thread is whole.
        self.seated
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A game's seats by their numbers, which must run 1, 2, … without a gap: a seat
    /// missing would otherwise hand its turn to the next player.
    async fn read_seats(&self, game: i64) -> Result<Seated> {
        let rows =
            query("SELECT seat, user_id, bot_level FROM seats WHERE game_id = $1 ORDER BY seat")
                .bind(game)
                .fetch_all(self.on())
                .await?;
        let what = || format!("game #{game}'s seats");
        let mut users = Vec::with_capacity(rows.len());
        let mut bots = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            let seat: i64 = column(r, &what, "seat").map_err(|e| e.of_game(GameId(game)))?;
            if seat != i as i64 + 1 {
                return Err(StoreError::DamagedGame {
                    game: GameId(game),
                    why: format!(
                        "its seat {} is missing (the next seat stored is {seat})",
                        i + 1
                    ),
                });
            }
            users.push(UserId(column::<i64>(r, &what, "user_id")? as u64));
            if let Some(level) = column::<Option<i64>>(r, &what, "bot_level")? {
                let level = u8::try_from(level)
                    .ok()
                    .filter(|l| (1..=5).contains(l))
                    .ok_or_else(|| StoreError::Corrupt {
                        what: what(),
                        why: format!("seat {} has bot level {level}, not 1–5", i + 1),
                    })
                    .map_err(|e| e.of_game(GameId(game)))?;
                bots.push((i as u8 + 1, level));
            }
        }
        Ok((users, bots))
    }

    /// Reads game rows; each one that cannot be read (its seats included) is an error
    /// of its own, naming the game.
    pub(super) async fn games_from(&self, rows: Vec<DbRow>) -> Result<Vec<Result<GameRow>>> {
        let mut games = Vec::with_capacity(rows.len());
        for row in rows {
            let id: i64 = column(&row, &|| "a game".to_string(), "game_id")?;
            let game = match self.seats_of(id).await {
                Ok(seats) => game_from(&row, seats),
                Err(e @ StoreError::DamagedGame { .. }) => Err(e),
                Err(e) => return Err(e),
            };
            games.push(game);
        }
        Ok(games)
    }

    /// Reads game rows for a list: a damaged one is logged with its id and left out, so
    /// that every other game is listed.
    pub(super) async fn listed(&self, rows: Vec<DbRow>) -> Result<Vec<GameRow>> {
        Ok(readable(self.games_from(rows).await?))
    }

    /// A game of this server (a game of another server is not found).
    pub async fn game(&self, guild: GuildId, id: GameId) -> Result<Option<GameRow>> {
        // With whether lines go on from this version: most games have none, and a move
        // then needs no read of them (a round trip to the database).
        let rows = query(
            "SELECT games.*, EXISTS (SELECT 1 FROM premoves p WHERE p.game_id = games.game_id
               AND p.version = games.version) AS lines_stored
             FROM games WHERE game_id = $1 AND guild_id = $2",
        )
        .bind(id.0)
        .bind(db_id(guild.0))
        .fetch_all(self.on())
        .await?;
        let what = || format!("game #{id}");
        let lines = match rows.first() {
            Some(row) => Some(column::<bool>(row, &what, "lines_stored")?),
            None => None,
        };
        let game = self.games_from(rows).await?.pop().transpose()?;
        Ok(game.map(|g| GameRow {
            lines_stored: lines,
            ..g
        }))
    }

    /// The game played in this thread of this server.
    pub async fn game_in_thread(
        &self,
        guild: GuildId,
        thread: ChannelId,
    ) -> Result<Option<GameRow>> {
        let rows = query("SELECT * FROM games WHERE thread_id = $1 AND guild_id = $2")
            .bind(db_id(thread.0))
            .bind(db_id(guild.0))
            .fetch_all(self.on())
            .await?;
        self.games_from(rows).await?.pop().transpose()
    }

    /// A user's games in a server, newest first; only active ones if asked. A game that
    /// cannot be read is logged and left out.
    ///
    /// The user's seats lead, newest game first (index `seats_user_game`; SQLite takes
    /// the left side of a `CROSS JOIN` as the outer loop), and each game is looked up by
    /// its id, so the listing stops after the games it lists instead of checking every
    /// game of the server against every seat of the user. A user in several seats of one
    /// game (the bot) has the game listed once, at their first seat.
    pub async fn games_of(
        &self,
        guild: GuildId,
        user: UserId,
        active_only: bool,
    ) -> Result<Vec<GameRow>> {
        Ok(readable(
            self.each_game_of(guild, user, active_only, None).await?,
        ))
    }

    /// [`Store::games_of`], with each game that cannot be read as an error naming it, so
    /// that a listing can say which games it leaves out; the page of [`GAMES_PAGE`] games
    /// below `before` when one is given, to read on past the newest.
    pub async fn each_game_of(
        &self,
        guild: GuildId,
        user: UserId,
        active_only: bool,
        before: Option<GameId>,
    ) -> Result<Vec<Result<GameRow>>> {
        let rows = query(
            "SELECT g.* FROM seats s CROSS JOIN games g
             WHERE s.user_id = $2 AND g.game_id = s.game_id
               AND g.guild_id = $1 AND (g.status = 'active' OR NOT $3) AND s.game_id < $4
               AND NOT EXISTS (SELECT 1 FROM seats o WHERE o.game_id = s.game_id
                                 AND o.user_id = s.user_id AND o.seat < s.seat)
             ORDER BY s.game_id DESC LIMIT $5",
        )
        .bind(db_id(guild.0))
        .bind(db_id(user.0))
        .bind(active_only)
        .bind(before.map_or(i64::MAX, |g| g.0))
        .bind(GAMES_PAGE)
        .fetch_all(self.on())
        .await?;
        self.games_from(rows).await
    }

    /// Games going on in which the bot plays, across servers (so that it plays the
    /// turns it owes after a restart).
    pub async fn active_games_with_bots(&self) -> Result<Vec<GameRow>> {
        let rows = query(
            "SELECT * FROM games g WHERE status = 'active'
               AND EXISTS (SELECT 1 FROM seats s
                           WHERE s.game_id = g.game_id AND s.bot_level IS NOT NULL)
             ORDER BY game_id",
        )
        .fetch_all(self.on())
        .await?;
        self.listed(rows).await
    }

    /// Up to `limit` games after game `after`, in the order of their ids (to go through
    /// every game): each read into a row, or the error that names it.
    pub async fn games_after(
        &self,
        after: GameId,
        limit: i64,
    ) -> Result<Vec<(GameId, Result<GameRow>)>> {
        let rows = query("SELECT * FROM games WHERE game_id > $1 ORDER BY game_id LIMIT $2")
            .bind(after.0)
            .bind(limit)
            .fetch_all(self.on())
            .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in rows {
            let id: i64 = column(&row, &|| "a game".to_string(), "game_id")?;
            let seats = self.seats_of(id).await;
            games.push((GameId(id), seats.and_then(|seats| game_from(&row, seats))));
        }
        Ok(games)
    }

    /// How many games there are.
    pub async fn game_count(&self) -> Result<i64> {
        first(
            &query("SELECT COUNT(*) FROM games")
                .fetch_one(self.on())
                .await?,
        )
    }

    /// A game's log of actions (its record without entry 0).
    pub async fn actions(&self, game: GameId) -> Result<Vec<ActionRow>> {
        Ok(self.record(game).await?.log)
    }

    /// A game's record: its definition (entry 0) and its log.
    pub async fn record(&self, game: GameId) -> Result<Record> {
        let rows = query("SELECT * FROM actions WHERE game_id = $1 ORDER BY n")
            .bind(game.0)
            .fetch_all(self.on())
            .await?;
        let what = || format!("game #{game}'s record");
        let read = |r: &DbRow| -> Result<ActionRow> {
            Ok(ActionRow {
                n: column(r, &what, "n")?,
                // A seat out of range reads as 0, which no seat is: replaying refuses it.
                seat: u8::try_from(column::<i64>(r, &what, "seat")?).unwrap_or(0),
                user: UserId(column::<i64>(r, &what, "user_id")? as u64),
                text: column(r, &what, "text")?,
                at: column(r, &what, "at")?,
            })
        };
        let mut record = Record {
            definition: None,
            log: Vec::with_capacity(rows.len()),
        };
        for row in &rows {
            let entry = read(row).map_err(|e| e.of_game(game))?;
            if entry.n == 0 {
                record.definition = Some(entry.text);
            } else {
                record.log.push(entry);
            }
        }
        Ok(record)
    }

    pub async fn set_thread(&self, game: GameId, thread: ChannelId) -> Result<()> {
        self.write(
            "UPDATE games SET thread_id = $2 WHERE game_id = $1",
            game.0,
            db_id(thread.0),
        )
        .await
    }

    /// Forgets a thread (deleted, locked, out of the bot's reach) where game `game` or a
    /// tournament posted: they go on in their channel. A notice of a tournament names one
    /// of its games, whose own thread is another: only the one named `thread` is
    /// forgotten.
    pub async fn clear_thread(&self, game: GameId, thread: ChannelId) -> Result<()> {
        let mut tx = self.begin().await?;
        query("UPDATE games SET thread_id = NULL WHERE game_id = $1 AND thread_id = $2")
            .bind(game.0)
            .bind(db_id(thread.0))
            .execute(tx.on())
            .await?;
        query("UPDATE tournaments SET thread_id = NULL WHERE thread_id = $1")
            .bind(db_id(thread.0))
            .execute(tx.on())
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Replaces a snapshot found damaged with one rebuilt from the action log, if the
    /// game has not changed meanwhile, and counts the rebuild for `boardpost db check`.
    pub async fn repair_state(&self, game: GameId, version: i64, state: &str) -> Result<()> {
        query(
            "UPDATE games SET state = $1, snapshot_rebuilds = snapshot_rebuilds + 1
             WHERE game_id = $2 AND version = $3",
        )
        .bind(Arg::json(state))
        .bind(game.0)
        .bind(version)
        .execute(self.on())
        .await?;
        Ok(())
    }

    /// Applies one change of a game atomically; [`StoreError::Conflict`] if the game is
    /// no longer at `expected_version` or no longer active. Returns the new version.
    pub async fn update_game(&self, u: &GameUpdate) -> Result<i64> {
        Ok(self.update_game_with_notice(u).await?.version)
    }

    /// [`Store::update_game`], returning also the turn as written and the id of the
    /// notice written with the change (`u.notice`), if any.
    pub async fn update_game_with_notice(&self, u: &GameUpdate) -> Result<Written> {
        let mut tx = self.begin().await?;
        // The guarded write comes first, so the transaction holds the write lock (SQLite)
        // or the game's row lock (PostgreSQL: a second writer waits, then finds the
        // version moved on) and everything below reads what it will commit against.
        // A new turn has a new schedule: the game's lease, if any, is given up.
        let finished = u.status == GameStatus::Finished;
        let row = query(
            "UPDATE games SET state = $1, version = version + 1, status = $2,
               turn_started = CASE WHEN $9 THEN $3 ELSE turn_started END,
               deadline = CASE WHEN $2 = 'finished' THEN NULL WHEN $9 THEN $4 ELSE deadline END,
               result = $5, finished_at = $6, lease_owner = NULL, lease_until = NULL
             WHERE game_id = $7 AND version = $8 AND status = 'active'
             RETURNING version, guild_id, turn_started, deadline,
               EXISTS (SELECT 1 FROM offers o WHERE o.game_id = $7) AS offers,
               EXISTS (SELECT 1 FROM premoves p WHERE p.game_id = $7) AS lines",
        )
        .bind(Arg::json(&u.state))
        .bind(u.status.as_str())
        .bind(u.turn_started)
        .bind(u.deadline)
        .bind(Arg::json_opt(u.result.as_deref()))
        .bind(finished.then_some(u.now))
        .bind(u.game.0)
        .bind(u.expected_version)
        .bind(u.new_turn && !finished)
        .fetch_optional(tx.on())
        .await?;
        let Some(row) = row else {
            return Err(StoreError::Conflict);
        };
        let version: i64 = first(&row)?;
        let what = || format!("game #{}", u.game);
        let (offers, lines): (bool, bool) = (
            column(&row, &what, "offers")?,
            column(&row, &what, "lines")?,
        );
        let mut turn_started: i64 = column(&row, &what, "turn_started")?;
        let mut deadline: Option<i64> = column(&row, &what, "deadline")?;
        if let Some(settles) = &u.settles {
            Store::settle(&mut tx, u.game, u.expected_version, settles).await?;
        }
        if let (true, false, Some(player)) = (u.new_turn, finished, u.to_move) {
            let guild: i64 = column(&row, &what, "guild_id")?;
            (turn_started, deadline) =
                Store::turn_after_vacation(&mut tx, u, guild, player, (turn_started, deadline))
                    .await?;
        }
        if let Some(keep) = u.truncate_to {
            query("DELETE FROM actions WHERE game_id = $1 AND n > $2")
                .bind(u.game.0)
                .bind(keep)
                .execute(tx.on())
                .await?;
        }
        // Each entry numbered after the last one in the same statement: one round trip
        // an entry (the log is the game's, locked by the update above).
        for a in &u.append {
            query(
                "INSERT INTO actions (game_id, n, seat, user_id, text, at)
                 SELECT $1, COALESCE(MAX(n), 0) + 1, $2, $3, $4, $5
                 FROM actions WHERE game_id = $1",
            )
            .bind(u.game.0)
            .bind(a.seat as i64)
            .bind(db_id(a.user.0))
            .bind(&a.text)
            .bind(u.now)
            .execute(tx.on())
            .await?;
        }
        // Any change of the game makes pending offers stale, and conditional lines but
        // those it keeps. Most games have neither: the update said so, in this
        // transaction, so the deletes (a round trip each) are left out.
        if offers {
            query("DELETE FROM offers WHERE game_id = $1")
                .bind(u.game.0)
                .execute(tx.on())
                .await?;
        }
        if lines {
            Store::rewrite_premoves(&mut tx, u.game, version, &u.premoves).await?;
        }
        if let Some(ranking) = &u.ranking {
            self.rate(&mut tx, u.game, ranking).await?;
        }
        if let (true, Some(result)) = (finished, u.pairing_result) {
            Store::record_pairing_result(&mut tx, u.game, result).await?;
        }
        if finished {
            // Searched for puzzles later, in the background, by one process.
            query(
                "INSERT INTO puzzle_mining (game_id, queued_at) VALUES ($1, $2)
                 ON CONFLICT DO NOTHING",
            )
            .bind(u.game.0)
            .bind(u.now)
            .execute(tx.on())
            .await?;
        }
        let mut notice = None;
        if let Some((row, owner, until)) = &u.notice {
            notice = Some(Store::insert_notice(&mut tx, row, u.now, Some((owner, *until))).await?);
        }
        tx.commit().await?;
        Ok(Written {
            version,
            turn_started,
            deadline,
            notice,
        })
    }

    /// Takes the offer a change carries out, inside the change's transaction (after the
    /// game's row is held): [`StoreError::Conflict`], which rolls the change back, unless
    /// it still stands at `version` with everyone agreeing who must. A decline or a
    /// withdrawal deletes the same row, so one of the two comes first and the other finds
    /// nothing.
    async fn settle(tx: &mut Tx, game: GameId, version: i64, settles: &Settles) -> Result<()> {
        let row = query(
            "DELETE FROM offers WHERE game_id = $1 AND kind = $2 AND version = $3
             RETURNING agreed",
        )
        .bind(game.0)
        .bind(settles.kind.as_str())
        .bind(version)
        .fetch_optional(tx.on())
        .await?;
        let Some(row) = row else {
            return Err(StoreError::Conflict);
        };
        let agreed = super::offers::agreed_from(&row, game, settles.kind)?;
        if settles.agreeing.iter().all(|u| agreed.contains(u)) {
            Ok(())
        } else {
            Err(StoreError::Conflict)
        }
    }

    /// The start and time limit of a new turn of `player`, as written (`written`), moved
    /// to begin at their return if they are away on vacation, or to begin now if they are
    /// not (where the change was computed expecting them away). Read after the game's row
    /// is held: a vacation that starts at the same moment either committed before this
    /// read, or finds the game changed and pauses the new turn itself.
    async fn turn_after_vacation(
        tx: &mut Tx,
        u: &GameUpdate,
        guild: i64,
        player: UserId,
        written: (i64, Option<i64>),
    ) -> Result<(i64, Option<i64>)> {
        let row = query(
            "SELECT MAX(ends_at) FROM vacations WHERE guild_id = $1 AND user_id = $2
               AND ended_at IS NULL AND started_at <= $3 AND ends_at > $3",
        )
        .bind(guild)
        .bind(db_id(player.0))
        .bind(u.now)
        .fetch_one(tx.on())
        .await?;
        let back: Option<i64> = first(&row)?;
        let start = back.map_or(u.now, |b| b.max(u.now));
        let (started, deadline) = written;
        if start == started {
            return Ok(written);
        }
        let length = deadline.and_then(|d| d.checked_sub(started));
        let moved = match length {
            Some(length) => Some(
                start
                    .checked_add(length)
                    .ok_or_else(|| StoreError::Corrupt {
                        what: format!("game #{}", u.game),
                        why: format!("a turn of {length} s from {start} is out of range"),
                    })?,
            ),
            None => None,
        };
        query("UPDATE games SET turn_started = $2, deadline = $3 WHERE game_id = $1")
            .bind(u.game.0)
            .bind(start)
            .bind(moved)
            .execute(tx.on())
            .await?;
        Ok((start, moved))
    }

    /// Updates the ratings of a finished game's players inside its transaction. On
    /// PostgreSQL another game of the same players may finish at the same moment in
    /// another process: each player's rating row is made to exist, then locked, in the
    /// order of their ids (so two such games wait for each other instead of deadlocking),
    /// before it is read and written.
    ///
    /// A rating row that cannot be used (not a finite number, a column that cannot be
    /// read) does not stop the game from finishing, which is the players' result: that
    /// row is left exactly as it is, for `boardpost db check` to report and a person to
    /// mend, and is logged with the game, user, server and kind. Its player's pairs do
    /// not count for the others (a rating computed against an unknown one would be
    /// invented, and `NaN` would spread), who still have the game counted as won, drawn
    /// or lost.
    async fn rate(&self, tx: &mut Tx, game: GameId, ranking: &Ranking) -> Result<()> {
        let guild = db_id(ranking.guild.0);
        let mut users: Vec<UserId> = ranking.places.iter().map(|p| p.0).collect();
        users.sort();
        users.dedup();
        let mut current = HashMap::new();
        for user in users {
            query(
                "INSERT INTO ratings (guild_id, kind, user_id, rating, games, wins, draws, losses)
                 VALUES ($1, $2, $3, $4, 0, 0, 0, 0) ON CONFLICT DO NOTHING",
            )
            .bind(guild)
            .bind(&ranking.kind)
            .bind(db_id(user.0))
            .bind(rating::START)
            .execute(tx.on())
            .await?;
            let row = query(self.for_update(
                "SELECT * FROM ratings WHERE guild_id = $1 AND kind = $2 AND user_id = $3",
            ))
            .bind(guild)
            .bind(&ranking.kind)
            .bind(db_id(user.0))
            .fetch_one(tx.on())
            .await?;
            let rating = match super::users::rating_from(&row) {
                Ok(row) => Some(row.rating),
                Err(why) => {
                    let damaged = DamagedRating {
                        guild: ranking.guild.to_string(),
                        kind: ranking.kind.clone(),
                        user: user.to_string(),
                        why,
                    };
                    tracing::error!(
                        %game,
                        "{damaged}: left as it is, and the game rated without it"
                    );
                    None
                }
            };
            current.insert(user, rating);
        }
        let players: Vec<(Option<f64>, u32)> = ranking
            .places
            .iter()
            .map(|(user, place)| (current.get(user).copied().flatten(), *place))
            .collect();
        let best = ranking.places.iter().map(|p| p.1).min().unwrap_or(1);
        for ((user, place), new) in ranking.places.iter().zip(rating::updated(&players)) {
            // Only a finite rating is written; a row read as damaged is not touched.
            let Some(new) = new else {
                if current.get(user).copied().flatten().is_some() {
                    tracing::error!(
                        %game,
                        %user,
                        "a new rating that is not finite was not written"
                    );
                }
                continue;
            };
            // Partners who win together both won; players still in at a draw drew (in a
            // game of four, those eliminated before it lost).
            let (win, draw, loss) = match (ranking.draw, *place == best) {
                (true, true) => (0, 1, 0),
                (false, true) => (1, 0, 0),
                (_, false) => (0, 0, 1),
            };
            query(
                "UPDATE ratings SET rating = $4, games = games + 1, wins = wins + $5,
                   draws = draws + $6, losses = losses + $7
                 WHERE guild_id = $1 AND kind = $2 AND user_id = $3",
            )
            .bind(guild)
            .bind(&ranking.kind)
            .bind(db_id(user.0))
            .bind(new)
            .bind(win as i64)
            .bind(draw as i64)
            .bind(loss as i64)
            .execute(tx.on())
            .await?;
        }
        Ok(())
    }
}
