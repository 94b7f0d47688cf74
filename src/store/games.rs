//! Games, their seats, action logs, offers and reminders. Every change of a game goes
//! through [`Store::update_game`]: one transaction guarded by the game's version.

use super::{
    column, db_id, first, json_column, json_text, query, Arg, DbRow, NoticeRow, OfferKind,
    ReminderKind, Result, Store, StoreError, Tx,
};
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::rating;
use std::collections::HashMap;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Active,
    Finished,
}

impl GameStatus {
    fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
        }
    }

    fn parse(text: &str) -> Option<GameStatus> {
        [GameStatus::Active, GameStatus::Finished]
            .into_iter()
            .find(|s| s.as_str() == text)
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
    pub turn_started: i64,
    pub deadline: Option<i64>,
    pub result: Option<String>,
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
        days_per_move: column(row, &what, "days_per_move")?,
        turn_started: column(row, &what, "turn_started")?,
        deadline: column(row, &what, "deadline")?,
        result: json_column(row, &what, "result")?,
        created_at: column(row, &what, "created_at")?,
        finished_at: column(row, &what, "finished_at")?,
        seats,
        bots,
        lines_stored: None,
    })
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

    /// Reads game rows; each one that cannot be read is an error of its own.
    pub(super) async fn games_from(&self, rows: Vec<DbRow>) -> Result<Vec<Result<GameRow>>> {
        let mut games = Vec::with_capacity(rows.len());
        for row in rows {
            let id: i64 = column(&row, &|| "a game".to_string(), "game_id")?;
            let seats = self.seats_of(id).await?;
            games.push(game_from(&row, seats));
        }
        Ok(games)
    }

    /// Reads game rows for a list: a damaged one is logged with its id and left out, so
    /// that every other game is listed.
    pub(super) async fn listed(&self, rows: Vec<DbRow>) -> Result<Vec<GameRow>> {
        let mut games = Vec::with_capacity(rows.len());
        for game in self.games_from(rows).await? {
            match game {
                Ok(game) => games.push(game),
                Err(e) => tracing::error!("{e}: left out of the list"),
            }
        }
        Ok(games)
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

    /// A user's games in a server, newest first; only active ones if asked.
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
        let rows = query(
            "SELECT g.* FROM seats s CROSS JOIN games g
             WHERE s.user_id = $2 AND g.game_id = s.game_id
               AND g.guild_id = $1 AND (g.status = 'active' OR NOT $3)
               AND NOT EXISTS (SELECT 1 FROM seats o WHERE o.game_id = s.game_id
                                 AND o.user_id = s.user_id AND o.seat < s.seat)
             ORDER BY s.game_id DESC LIMIT 100",
        )
        .bind(db_id(guild.0))
        .bind(db_id(user.0))
        .bind(active_only)
        .fetch_all(self.on())
        .await?;
        self.listed(rows).await
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

    pub async fn actions(&self, game: GameId) -> Result<Vec<ActionRow>> {
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
        rows.iter()
            .map(|r| read(r).map_err(|e| e.of_game(game)))
            .collect()
    }

    pub async fn set_thread(&self, game: GameId, thread: ChannelId) -> Result<()> {
        query("UPDATE games SET thread_id = $1 WHERE game_id = $2")
            .bind(db_id(thread.0))
            .bind(game.0)
            .execute(self.on())
            .await?;
        Ok(())
    }

    /// Forgets a game's thread (deleted, locked, out of the bot's reach): the game goes on
    /// in its channel.
    pub async fn clear_thread(&self, game: GameId) -> Result<()> {
        query("UPDATE games SET thread_id = NULL WHERE game_id = $1")
            .bind(game.0)
            .execute(self.on())
            .await?;
        Ok(())
    }

    /// Replaces a snapshot found damaged with one rebuilt from the action log, if the
    /// game has not changed meanwhile.
    pub async fn repair_state(&self, game: GameId, version: i64, state: &str) -> Result<()> {
        query("UPDATE games SET state = $1 WHERE game_id = $2 AND version = $3")
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
        Ok(self.update_game_with_notice(u).await?.0)
    }

    /// [`Store::update_game`], returning also the id of the notice written with the
    /// change (`u.notice`), if any.
    pub async fn update_game_with_notice(&self, u: &GameUpdate) -> Result<(i64, Option<i64>)> {
        let mut tx = self.begin().await?;
        // The guarded write comes first, so the transaction holds the write lock (SQLite)
        // or the game's row lock (PostgreSQL: a second writer waits, then finds the
        // version moved on) and everything below reads what it will commit against.
        // A new turn has a new schedule: the game's lease, if any, is given up.
        let finished = u.status == GameStatus::Finished;
        let row = query(
            "UPDATE games SET state = $1, version = version + 1, status = $2, turn_started = $3,
               deadline = $4, result = $5, finished_at = $6, lease_owner = NULL,
               lease_until = NULL
             WHERE game_id = $7 AND version = $8 AND status = 'active'
             RETURNING version,
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
            self.rate(&mut tx, ranking).await?;
        }
        let mut notice = None;
        if let Some((row, owner, until)) = &u.notice {
            notice = Some(Store::insert_notice(&mut tx, row, u.now, Some((owner, *until))).await?);
        }
        tx.commit().await?;
        Ok((version, notice))
    }

    /// A pending offer: the version it was made at and who agreed so far.
    pub async fn offer(&self, game: GameId, kind: OfferKind) -> Result<Option<(i64, Vec<UserId>)>> {
        let row = query("SELECT version, agreed FROM offers WHERE game_id = $1 AND kind = $2")
            .bind(game.0)
            .bind(kind.as_str())
            .fetch_optional(self.on())
            .await?;
        let what = || format!("game #{game}'s {kind} offer");
        let Some(r) = row else {
            return Ok(None);
        };
        let agreed = json_text(&r, &what, "agreed")?;
        let agreed: Vec<u64> = match serde_json::from_str(&agreed) {
            Ok(ids) => ids,
            Err(e) => {
                return Err(StoreError::DamagedGame {
                    game,
                    why: format!("who agreed to its {kind} offer cannot be read: {e}"),
                })
            }
        };
        Ok(Some((
            column(&r, &what, "version")?,
            agreed.into_iter().map(UserId).collect(),
        )))
    }

    /// Records an offer, or who agreed to it so far, if the game is still at `version`.
    pub async fn put_offer(
        &self,
        game: GameId,
        kind: OfferKind,
        version: i64,
        agreed: &[UserId],
        now: i64,
    ) -> Result<()> {
        let ids: Vec<u64> = agreed.iter().map(|u| u.0).collect();
        let done = query(
            "INSERT INTO offers (game_id, kind, version, agreed, created_at)
             SELECT $1, $2, $3, $4, $5 WHERE EXISTS
               (SELECT 1 FROM games WHERE game_id = $1 AND version = $3 AND status = 'active')
             ON CONFLICT (game_id, kind) DO UPDATE SET version = excluded.version,
               agreed = excluded.agreed",
        )
        .bind(game.0)
        .bind(kind.as_str())
        .bind(version)
        .bind(Arg::json(
            &serde_json::to_string(&ids).expect("ids serialize"),
        ))
        .bind(now)
        .execute(self.on())
        .await?;
        if done == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }

    pub async fn delete_offer(&self, game: GameId, kind: OfferKind) -> Result<bool> {
        Ok(query("DELETE FROM offers WHERE game_id = $1 AND kind = $2")
            .bind(game.0)
            .bind(kind.as_str())
            .execute(self.on())
            .await?
            > 0)
    }

    /// Claims a reminder for a turn: true the first time only, so none is sent twice.
    pub async fn claim_reminder(
        &self,
        game: GameId,
        turn_started: i64,
        kind: ReminderKind,
        now: i64,
    ) -> Result<bool> {
        Ok(query(
            "INSERT INTO reminders (game_id, turn_started, kind, sent_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING",
        )
        .bind(game.0)
        .bind(turn_started)
        .bind(kind.as_str())
        .bind(now)
        .execute(self.on())
        .await?
            == 1)
    }

    /// Updates the ratings of a finished game's players inside its transaction. On
    /// PostgreSQL another game of the same players may finish at the same moment in
    /// another process: each player's rating row is made to exist, then locked, in the
    /// order of their ids (so two such games wait for each other instead of deadlocking),
    /// before it is read and written.
    async fn rate(&self, tx: &mut Tx, ranking: &Ranking) -> Result<()> {
        let guild = db_id(ranking.guild.0);
        let mut users: Vec<UserId> = ranking.places.iter().map(|p| p.0).collect();
        users.sort();
        users.dedup();
        let mut current = std::collections::HashMap::new();
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
            let row = query(self.dialect(
                "SELECT rating FROM ratings WHERE guild_id = $1 AND kind = $2 AND user_id = $3",
                "SELECT rating FROM ratings WHERE guild_id = $1 AND kind = $2 AND user_id = $3
                 FOR UPDATE",
            ))
            .bind(guild)
            .bind(&ranking.kind)
            .bind(db_id(user.0))
            .fetch_one(tx.on())
            .await?;
            current.insert(user, first::<f64>(&row)?);
        }
        let players: Vec<(f64, u32)> = ranking
            .places
            .iter()
            .map(|(user, place)| (current.get(user).copied().unwrap_or(rating::START), *place))
            .collect();
        let best = ranking.places.iter().map(|p| p.1).min().unwrap_or(1);
        for ((user, place), new) in ranking.places.iter().zip(rating::updated(&players)) {
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
