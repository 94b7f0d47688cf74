//! Games, their seats, action logs, offers and reminders. Every change of a game goes
//! through [`Store::update_game`]: one transaction guarded by the game's version.

use super::{column, db_id, OfferKind, ReminderKind, Result, Store, StoreError};
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::rating;
use sqlx::sqlite::SqliteRow;

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
}

/// A game row in typed values; a value that cannot be read is an error naming the game.
/// The snapshot is a cache: one that is not text is logged and read as missing, so the
/// game is rebuilt from its record.
fn game_from(row: &SqliteRow, seats: Vec<UserId>) -> Result<GameRow> {
    let id: i64 = column(row, &|| "a game".to_string(), "game_id")?;
    read_game(row, id, seats).map_err(|e| e.of_game(GameId(id)))
}

fn read_game(row: &SqliteRow, id: i64, seats: Vec<UserId>) -> Result<GameRow> {
    let what = || format!("game #{id}");
    let status: String = column(row, &what, "status")?;
    let status = GameStatus::parse(&status).ok_or_else(|| StoreError::Corrupt {
        what: what(),
        why: format!("unknown status “{status}”"),
    })?;
    let state = match column::<String>(row, &what, "state") {
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
        options: column(row, &what, "options")?,
        status,
        version: column(row, &what, "version")?,
        state,
        days_per_move: column(row, &what, "days_per_move")?,
        turn_started: column(row, &what, "turn_started")?,
        deadline: column(row, &what, "deadline")?,
        result: column(row, &what, "result")?,
        created_at: column(row, &what, "created_at")?,
        finished_at: column(row, &what, "finished_at")?,
        seats,
    })
}

impl Store {
    /// Creates a game with its seats (used by [`Store::start_challenge`]).
    pub(super) async fn insert_game(
        tx: &mut sqlx::SqliteConnection,
        g: &NewGame,
    ) -> Result<GameId> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO games (guild_id, channel_id, kind, options, status, version, state,
               days_per_move, turn_started, deadline, created_at)
             VALUES (?, ?, ?, ?, 'active', 0, ?, ?, ?, ?, ?) RETURNING game_id",
        )
        .bind(db_id(g.guild.0))
        .bind(db_id(g.channel.0))
        .bind(&g.kind)
        .bind(&g.options)
        .bind(&g.state)
        .bind(g.days_per_move)
        .bind(g.now)
        .bind(g.deadline)
        .bind(g.now)
        .fetch_one(&mut *tx)
        .await?;
        for (i, user) in g.seats.iter().enumerate() {
            sqlx::query("INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?)")
                .bind(id)
                .bind(i as i64 + 1)
                .bind(db_id(user.0))
                .execute(&mut *tx)
                .await?;
        }
        Ok(GameId(id))
    }

    async fn seats_of(&self, game: i64) -> Result<Vec<UserId>> {
        let users: Vec<i64> =
            sqlx::query_scalar("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat")
                .bind(game)
                .fetch_all(&self.pool)
                .await?;
        Ok(users.into_iter().map(|u| UserId(u as u64)).collect())
    }

    /// Reads game rows; each one that cannot be read is an error of its own.
    async fn games_from(&self, rows: Vec<SqliteRow>) -> Result<Vec<Result<GameRow>>> {
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
    async fn listed(&self, rows: Vec<SqliteRow>) -> Result<Vec<GameRow>> {
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
        let rows = sqlx::query("SELECT * FROM games WHERE game_id = ? AND guild_id = ?")
            .bind(id.0)
            .bind(db_id(guild.0))
            .fetch_all(&self.pool)
            .await?;
        self.games_from(rows).await?.pop().transpose()
    }

    /// The game played in this thread of this server.
    pub async fn game_in_thread(
        &self,
        guild: GuildId,
        thread: ChannelId,
    ) -> Result<Option<GameRow>> {
        let rows = sqlx::query("SELECT * FROM games WHERE thread_id = ? AND guild_id = ?")
            .bind(db_id(thread.0))
            .bind(db_id(guild.0))
            .fetch_all(&self.pool)
            .await?;
        self.games_from(rows).await?.pop().transpose()
    }

    /// A user's games in a server, newest first; only active ones if asked.
    pub async fn games_of(
        &self,
        guild: GuildId,
        user: UserId,
        active_only: bool,
    ) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(
            "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.game_id
             WHERE g.guild_id = ? AND s.user_id = ? AND (g.status = 'active' OR NOT ?)
             GROUP BY g.game_id ORDER BY g.game_id DESC LIMIT 100",
        )
        .bind(db_id(guild.0))
        .bind(db_id(user.0))
        .bind(active_only)
        .fetch_all(&self.pool)
        .await?;
        self.listed(rows).await
    }

    /// Active games, on any server, with a reminder or the end of their time due.
    pub async fn due_games(&self, now: i64) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE status = 'active' AND deadline IS NOT NULL
               AND (? >= turn_started + (deadline - turn_started) / 2 OR ? >= deadline - 86400)
             ORDER BY deadline",
        )
        .bind(now)
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        self.listed(rows).await
    }

    pub async fn actions(&self, game: GameId) -> Result<Vec<ActionRow>> {
        let rows = sqlx::query("SELECT * FROM actions WHERE game_id = ? ORDER BY n")
            .bind(game.0)
            .fetch_all(&self.pool)
            .await?;
        let what = || format!("game #{game}'s record");
        let read = |r: &SqliteRow| -> Result<ActionRow> {
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
        sqlx::query("UPDATE games SET thread_id = ? WHERE game_id = ?")
            .bind(db_id(thread.0))
            .bind(game.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets a game's thread (deleted, locked, out of the bot's reach): the game goes on
    /// in its channel.
    pub async fn clear_thread(&self, game: GameId) -> Result<()> {
        sqlx::query("UPDATE games SET thread_id = NULL WHERE game_id = ?")
            .bind(game.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Replaces a snapshot found damaged with one rebuilt from the action log, if the
    /// game has not changed meanwhile.
    pub async fn repair_state(&self, game: GameId, version: i64, state: &str) -> Result<()> {
        sqlx::query("UPDATE games SET state = ? WHERE game_id = ? AND version = ?")
            .bind(state)
            .bind(game.0)
            .bind(version)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Applies one change of a game atomically; [`StoreError::Conflict`] if the game is
    /// no longer at `expected_version` or no longer active. Returns the new version.
    pub async fn update_game(&self, u: &GameUpdate) -> Result<i64> {
        let mut tx = self.pool.begin().await?;
        // The guarded write comes first, so the transaction holds the write lock from
        // here on and everything below reads what it will commit against.
        let finished = u.status == GameStatus::Finished;
        let changed = sqlx::query(
            "UPDATE games SET state = ?, version = version + 1, status = ?, turn_started = ?,
               deadline = ?, result = ?, finished_at = ?
             WHERE game_id = ? AND version = ? AND status = 'active'",
        )
        .bind(&u.state)
        .bind(u.status.as_str())
        .bind(u.turn_started)
        .bind(u.deadline)
        .bind(&u.result)
        .bind(finished.then_some(u.now))
        .bind(u.game.0)
        .bind(u.expected_version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if changed != 1 {
            return Err(StoreError::Conflict);
        }
        if let Some(keep) = u.truncate_to {
            sqlx::query("DELETE FROM actions WHERE game_id = ? AND n > ?")
                .bind(u.game.0)
                .bind(keep)
                .execute(&mut *tx)
                .await?;
        }
        if !u.append.is_empty() {
            let last: i64 =
                sqlx::query_scalar("SELECT COALESCE(MAX(n), 0) FROM actions WHERE game_id = ?")
                    .bind(u.game.0)
                    .fetch_one(&mut *tx)
                    .await?;
            for (i, a) in u.append.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO actions (game_id, n, seat, user_id, text, at) VALUES (?, ?, ?, ?, ?, ?)",
                )
                .bind(u.game.0)
                .bind(last + 1 + i as i64)
                .bind(a.seat as i64)
                .bind(db_id(a.user.0))
                .bind(&a.text)
                .bind(u.now)
                .execute(&mut *tx)
                .await?;
            }
        }
        // Any change of the game makes pending offers stale.
        sqlx::query("DELETE FROM offers WHERE game_id = ?")
            .bind(u.game.0)
            .execute(&mut *tx)
            .await?;
        if let Some(ranking) = &u.ranking {
            rate(&mut tx, ranking).await?;
        }
        let version: i64 = sqlx::query_scalar("SELECT version FROM games WHERE game_id = ?")
            .bind(u.game.0)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(version)
    }

    /// A pending offer: the version it was made at and who agreed so far.
    pub async fn offer(&self, game: GameId, kind: OfferKind) -> Result<Option<(i64, Vec<UserId>)>> {
        let row = sqlx::query("SELECT version, agreed FROM offers WHERE game_id = ? AND kind = ?")
            .bind(game.0)
            .bind(kind.as_str())
            .fetch_optional(&self.pool)
            .await?;
        let what = || format!("game #{game}'s {kind} offer");
        let Some(r) = row else {
            return Ok(None);
        };
        let agreed: String = column(&r, &what, "agreed")?;
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
        let done = sqlx::query(
            "INSERT INTO offers (game_id, kind, version, agreed, created_at)
             SELECT ?, ?, ?, ?, ? WHERE EXISTS
               (SELECT 1 FROM games WHERE game_id = ? AND version = ? AND status = 'active')
             ON CONFLICT (game_id, kind) DO UPDATE SET version = excluded.version,
               agreed = excluded.agreed",
        )
        .bind(game.0)
        .bind(kind.as_str())
        .bind(version)
        .bind(serde_json::to_string(&ids).expect("ids serialize"))
        .bind(now)
        .bind(game.0)
        .bind(version)
        .execute(&self.pool)
        .await?
        .rows_affected();
        if done == 0 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }

    pub async fn delete_offer(&self, game: GameId, kind: OfferKind) -> Result<bool> {
        Ok(
            sqlx::query("DELETE FROM offers WHERE game_id = ? AND kind = ?")
                .bind(game.0)
                .bind(kind.as_str())
                .execute(&self.pool)
                .await?
                .rows_affected()
                > 0,
        )
    }

    /// Claims a reminder for a turn: true the first time only, so none is sent twice.
    pub async fn claim_reminder(
        &self,
        game: GameId,
        turn_started: i64,
        kind: ReminderKind,
        now: i64,
    ) -> Result<bool> {
        Ok(sqlx::query(
            "INSERT OR IGNORE INTO reminders (game_id, turn_started, kind, sent_at) VALUES (?, ?, ?, ?)",
        )
        .bind(game.0)
        .bind(turn_started)
        .bind(kind.as_str())
        .bind(now)
        .execute(&self.pool)
        .await?
        .rows_affected()
            == 1)
    }
}

/// Updates the ratings of a finished game's players inside its transaction.
async fn rate(tx: &mut sqlx::SqliteConnection, ranking: &Ranking) -> Result<()> {
    let guild = db_id(ranking.guild.0);
    let mut players = Vec::new();
    for (user, place) in &ranking.places {
        let current: Option<f64> = sqlx::query_scalar(
            "SELECT rating FROM ratings WHERE guild_id = ? AND kind = ? AND user_id = ?",
        )
        .bind(guild)
        .bind(&ranking.kind)
        .bind(db_id(user.0))
        .fetch_optional(&mut *tx)
        .await?;
        players.push((current.unwrap_or(rating::START), *place));
    }
    let best = ranking.places.iter().map(|p| p.1).min().unwrap_or(1);
    for ((user, place), new) in ranking.places.iter().zip(rating::updated(&players)) {
        // Partners who win together both won; players still in at a draw drew (in a
        // game of four, those eliminated before it lost).
        let (win, draw, loss) = match (ranking.draw, *place == best) {
            (true, true) => (0, 1, 0),
            (false, true) => (1, 0, 0),
            (_, false) => (0, 0, 1),
        };
        sqlx::query(
            "INSERT INTO ratings (guild_id, kind, user_id, rating, games, wins, draws, losses)
             VALUES (?, ?, ?, ?, 1, ?, ?, ?)
             ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET rating = excluded.rating,
               games = games + 1, wins = wins + excluded.wins, draws = draws + excluded.draws,
               losses = losses + excluded.losses",
        )
        .bind(guild)
        .bind(&ranking.kind)
        .bind(db_id(user.0))
        .bind(new)
        .bind(win)
        .bind(draw)
        .bind(loss)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}
