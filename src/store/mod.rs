//! The only place with SQL, on two backends behind one API: SQLite (the default: one
//! file, opened with WAL, a busy timeout and foreign keys on; the file and its folder are
//! created on first start) and PostgreSQL (a server that several bot processes share).
//! Each is migrated at open from its own folder (`migrations/sqlite/`,
//! `migrations/postgres/`). Queries are written once and run on either (`sql`); the few
//! places where the dialects differ say so next to the SQL.

mod challenges;
mod codec;
pub mod copy;
mod daily;
mod games;
mod kinds;
mod leases;
mod lessons;
mod migrations;
mod offers;
mod outbox;
mod premoves;
mod puzzles;
mod sql;
mod tournaments;
mod users;
mod vacations;

pub use challenges::{ChallengeRow, ChallengeStatus, First, Join, NewChallenge};
pub use codec::{
    decode_definition, decode_options, decode_outcome, decode_state, encode_definition,
    encode_options, encode_outcome, encode_state, Definition,
};
pub use daily::{DailyRow, DailyTally};
pub use games::{
    ActionRow, GameRow, GameStatus, GameUpdate, NewAction, NewGame, Ranking, Record, Written,
    GAMES_PAGE,
};
pub use kinds::{OfferKind, ReminderKind, UnknownKind};
pub use leases::clock_damage;
pub use lessons::{
    DamagedProgress, ProgressRow, ProgressWrite, StepState, StoredProgress, MAX_PLAYED,
    MAX_STEP_ID, MAX_STEP_IDS,
};
pub use offers::{Agreement, Offered, Settles};
pub use outbox::{is_plain_file_name, DamagedNotice, NoticeRow};
pub use premoves::{KeptLine, PremoveRow};
pub use puzzles::{
    DamagedPuzzle, Finished, Glicko, NewPuzzle, PlayerPuzzleRating, PuzzleProgressRow, PuzzleRow,
    PuzzleState, Rate,
};
pub use sql::Backend;
pub use tournaments::{
    BoardResult, EntrantRow, Entry, Leaving, ListedTournament, NewPairing, NewTournament,
    PairingResult, PairingRow, Side, TournamentAdvance, TournamentFormat, TournamentGame,
    TournamentPage, TournamentRecord, TournamentRow, TournamentStart, TournamentState,
    TournamentWithdrawal, Withdrawal, Withdrawn, MAX_ENTRANTS, MAX_SWISS_ROUNDS,
};
pub use users::{DamagedRating, GuildRow, RatingRow, UserRow, UserSettings};
pub use vacations::{GameSeen, Vacation, VacationEnd, VacationStart};

pub(crate) use sql::{placeholders, query, Arg, DbRow, On, Tx};

use crate::ids::UserId;
use sql::{Pool, Value};
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;
use std::collections::HashMap;
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    /// `url` has its password left out.
    #[error("the database {url} cannot be opened: {source}")]
    Open { url: String, source: sqlx::Error },
    #[error("the database folder {path} cannot be created: {source}")]
    Folder {
        path: String,
        source: std::io::Error,
    },
    #[error("the database cannot be brought up to date: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("the database failed: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("DATABASE_URL must start with sqlite:// or postgres:// (like sqlite://data/boardpost.db or postgres://boardpost@localhost/boardpost): “{0}” is neither")]
    NotADatabaseUrl(String),
    /// A stored row holds what cannot be read: refused for that row only.
    #[error("{what} is damaged in the database: {why}")]
    Corrupt { what: String, why: String },
    /// A game's row or record cannot be read: that game is refused, the others go on.
    #[error("game #{game} is damaged in the database: {why}")]
    DamagedGame {
        game: crate::ids::GameId,
        why: String,
    },
    /// A tournament's rows cannot be read, or do not hold together: that tournament is
    /// refused, the others go on.
    #[error("tournament #{tournament} is damaged in the database: {why}")]
    DamagedTournament {
        tournament: crate::ids::TournamentId,
        why: String,
    },
    /// `boardpost db copy` found rows in its target (the tables that hold some).
    #[error("the target database is not empty ({0}): copy into an empty database, or pass --force to replace everything in it")]
    NotEmpty(String),
    /// Someone else changed the game first: the version guard refused the write.
    #[error("the game changed in the meantime")]
    Conflict,
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// How many connections a process keeps to a PostgreSQL server.
const PG_CONNECTIONS: u32 = 16;

#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    /// Each game's seats as read once: a game's seats are written with it and never
    /// change, so reading them again on every move (a round trip) would tell nothing new.
    seated: Arc<Mutex<HashMap<i64, games::Seated>>>,
}

/// How many games' seats [`Store`] keeps before it starts over (about 100 bytes each).
const SEATED_KEPT: usize = 100_000;

impl Store {
    /// Opens (creating if need be) and migrates the database at `url`:
    /// `sqlite://data/boardpost.db` (a file, created with its folder) or
    /// `postgres://user:password@host:5432/boardpost` (an existing database on a server).
    pub async fn open(url: &str) -> Result<Store> {
        let pool = if url.starts_with("sqlite:") {
            Pool::Sqlite(open_sqlite(url).await?)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Pool::Postgres(open_postgres(url).await?)
        } else {
            // Anything else would be taken as a file name by the SQLite driver.
            return Err(StoreError::NotADatabaseUrl(crate::config::redact_url(url)));
        };
        Ok(Store {
            pool,
            seated: Arc::default(),
        })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.pool.backend()
    }

    /// The SQLite pool, for tests that look at or damage rows directly.
    pub fn sqlite_pool(&self) -> Option<&SqlitePool> {
        match &self.pool {
            Pool::Sqlite(p) => Some(p),
            Pool::Postgres(_) => None,
        }
    }

    /// The PostgreSQL pool, for tests that look at or damage rows directly.
    pub fn pg_pool(&self) -> Option<&PgPool> {
        match &self.pool {
            Pool::Postgres(p) => Some(p),
            Pool::Sqlite(_) => None,
        }
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Queries run on the pool.
    pub(crate) fn on(&self) -> On<'_> {
        On::Pool(&self.pool)
    }

    pub(crate) async fn begin(&self) -> Result<Tx> {
        Ok(self.pool.begin().await?)
    }

    /// `select`, locking the rows it reads until the transaction ends on PostgreSQL
    /// (`FOR UPDATE`); SQLite's transaction holds the write lock from its start.
    pub(crate) fn for_update(&self, select: &str) -> String {
        format!("{select}{}", self.dialect("", " FOR UPDATE"))
    }

    /// `sql` on SQLite, `pg` on PostgreSQL: for the few places the dialects differ.
    pub(crate) fn dialect(&self, sqlite: &'static str, pg: &'static str) -> &'static str {
        match self.backend() {
            Backend::Sqlite => sqlite,
            Backend::Postgres => pg,
        }
    }
}

async fn open_sqlite(url: &str) -> Result<SqlitePool> {
    let open_err = |source| StoreError::Open {
        url: url.to_string(),
        source,
    };
    let options = SqliteConnectOptions::from_str(url)
        .map_err(open_err)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(true);
    if let Some(folder) = Path::new(options.get_filename()).parent() {
        if !folder.as_os_str().is_empty() {
            std::fs::create_dir_all(folder).map_err(|source| StoreError::Folder {
                path: folder.display().to_string(),
                source,
            })?;
        }
    }
    // No ping before each use: a file's connection does not go away, and the ping is
    // a round trip to the connection's thread, a third of a small query's time.
    let pool = SqlitePoolOptions::new()
        .max_connections(8)
        .test_before_acquire(false)
        .connect_with(options)
        .await
        .map_err(open_err)?;
    migrations::migrator(migrations::SQLITE)
        .await?
        .run(&pool)
        .await?;
    Ok(pool)
}

/// How long a PostgreSQL connection may sit idle before it is checked again.
const PING_AFTER_IDLE: Duration = Duration::from_secs(1);

async fn open_postgres(url: &str) -> Result<PgPool> {
    let open_err = |source| StoreError::Open {
        url: crate::config::redact_url(url),
        source,
    };
    let options = PgConnectOptions::from_str(url)
        .map_err(open_err)?
        .application_name("boardpost");
    // One connection first, so that a server that cannot be reached, a wrong password
    // or a missing database is reported as such (the pool would only say it timed out).
    let first = sqlx::ConnectOptions::connect(&options)
        .await
        .map_err(open_err)?;
    let _ = sqlx::Connection::close(first).await;
    // A connection is pinged before use only when it has been idle a while (the server
    // may have closed it: a restart, an idle timeout); one in steady use is not, which
    // saves a round trip to the server a query.
    let pool = PgPoolOptions::new()
        .max_connections(PG_CONNECTIONS)
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for > PING_AFTER_IDLE {
                    sqlx::Connection::ping(conn).await?;
                }
                Ok(true)
            })
        })
        .acquire_timeout(Duration::from_secs(30))
        .connect_with(options)
        .await
        .map_err(open_err)?;
    // Several processes starting at once: the migrator takes an advisory lock, so one
    // migrates and the others wait and find it done.
    migrations::migrator(migrations::POSTGRES)
        .await?
        .run(&pool)
        .await?;
    Ok(pool)
}

/// Reads a column of a row into a typed value, or says which row and column could not
/// be read (a value of another type, text that is not UTF-8) instead of panicking.
pub(crate) fn column<T: Value>(row: &DbRow, what: &dyn Fn() -> String, name: &str) -> Result<T> {
    T::read(row, name).map_err(|e| StoreError::Corrupt {
        what: what(),
        why: format!("column {name}: {e}"),
    })
}

/// A JSON column (TEXT on SQLite, JSONB on PostgreSQL) as text, read like [`column`].
pub(crate) fn json_column(
    row: &DbRow,
    what: &dyn Fn() -> String,
    name: &str,
) -> Result<Option<String>> {
    row.json(name).map_err(|e| StoreError::Corrupt {
        what: what(),
        why: format!("column {name}: {e}"),
    })
}

/// A JSON column that may not be NULL.
pub(crate) fn json_text(row: &DbRow, what: &dyn Fn() -> String, name: &str) -> Result<String> {
    json_column(row, what, name)?.ok_or_else(|| StoreError::Corrupt {
        what: what(),
        why: format!("column {name} is empty"),
    })
}

/// The longest time for a move, in days, that any game has been offered (the table's
/// choices are 1 to this).
pub const MAX_DAYS_PER_MOVE: i64 = 14;

/// A stored time for a move, in days: 1 to [`MAX_DAYS_PER_MOVE`]. Anything else is
/// damage, refused where it is read (a deadline computed from it would overflow, or
/// fall before the turn began).
pub(crate) fn days_per_move(row: &DbRow, what: &dyn Fn() -> String) -> Result<i64> {
    let days: i64 = column(row, what, "days_per_move")?;
    if !(1..=MAX_DAYS_PER_MOVE).contains(&days) {
        return Err(StoreError::Corrupt {
            what: what(),
            why: format!("{days} days per move, not 1 to {MAX_DAYS_PER_MOVE}"),
        });
    }
    Ok(days)
}

/// The first column of a row (`SELECT COUNT(*)`, `RETURNING id`).
pub(crate) fn first<T: Value>(row: &DbRow) -> Result<T> {
    T::read_at(row, 0).map_err(|e| StoreError::Corrupt {
        what: "a computed value".to_string(),
        why: e.to_string(),
    })
}

impl StoreError {
    /// The error as one about game `game`, if it is about a damaged value.
    pub(crate) fn of_game(self, game: crate::ids::GameId) -> StoreError {
        match self {
            StoreError::Corrupt { why, .. } => StoreError::DamagedGame { game, why },
            other => other,
        }
    }
}

/// A list of texts as a JSON column's value.
pub(crate) fn texts_json(list: &[String]) -> Arg {
    Arg::json(&serde_json::to_string(list).expect("texts serialize"))
}

/// A list of users as a JSON column's value: their ids.
pub(crate) fn user_ids_json(users: &[UserId]) -> Arg {
    let ids: Vec<u64> = users.iter().map(|u| u.0).collect();
    Arg::json(&serde_json::to_string(&ids).expect("ids serialize"))
}

/// Discord ids are below 2⁶³, so they fit SQLite's and PostgreSQL's signed 64-bit
/// integers as they are.
pub(crate) fn db_id(id: u64) -> i64 {
    id as i64
}

impl Store {
    /// Runs `sql`, a statement that writes the value `$2` into the row whose key is `$1`
    /// (a setting, a mark), on the pool.
    pub(crate) async fn write(
        &self,
        sql: &'static str,
        key: impl Into<Arg>,
        value: impl Into<Arg>,
    ) -> Result<()> {
        query(sql).bind(key).bind(value).execute(self.on()).await?;
        Ok(())
    }

    /// Every row of a table that cannot be read, for `boardpost db check`: `select` reads
    /// the rows whose integer `key` is above `$1`, in its order, `$2` at a time; `damage`
    /// says why a row cannot be read, if it cannot.
    pub(crate) async fn damaged_rows<D>(
        &self,
        select: &str,
        key: &str,
        page: i64,
        damage: impl Fn(&DbRow) -> Option<D>,
    ) -> Result<Vec<D>> {
        let mut damaged = Vec::new();
        let mut after = 0i64;
        loop {
            let rows = query(select.to_string())
                .bind(after)
                .bind(page)
                .fetch_all(self.on())
                .await?;
            for row in &rows {
                after = column(row, &|| format!("a row's {key}"), key)?;
                damaged.extend(damage(row));
            }
            if (rows.len() as i64) < page {
                return Ok(damaged);
            }
        }
    }

    /// Writes a consistent copy of the database into the new file `file` while it stays
    /// in use (SQLite's `VACUUM INTO`). `false` on PostgreSQL, whose own tool does it
    /// (`pg_dump`).
    pub async fn backup_into(&self, file: &Path) -> Result<bool> {
        if self.backend() != Backend::Sqlite {
            return Ok(false);
        }
        query("VACUUM INTO $1")
            .bind(file.display().to_string())
            .execute(self.on())
            .await?;
        Ok(true)
    }
}
