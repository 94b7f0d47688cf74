//! The only place with SQL. SQLite through sqlx: opened with WAL, a busy timeout and
//! foreign keys on; the file and its folder are created and migrated on first start.

mod challenges;
mod codec;
mod games;
mod kinds;
mod outbox;
mod users;

pub use challenges::{ChallengeRow, ChallengeStatus, First, Join, NewChallenge};
pub use codec::{
    decode_options, decode_outcome, decode_state, encode_options, encode_outcome, encode_state,
};
pub use games::{ActionRow, GameRow, GameStatus, GameUpdate, NewAction, NewGame, Ranking};
pub use kinds::{OfferKind, ReminderKind, UnknownKind};
pub use outbox::{DamagedNotice, NoticeRow};
pub use users::{GuildRow, RatingRow, UserRow, UserSettings};

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
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
    #[error("DATABASE_URL must start with sqlite:// (like sqlite://data/boardpost.db): “{0}” is not a database boardpost can open yet")]
    NotSqlite(String),
    /// A stored row holds what cannot be read: refused for that row only.
    #[error("{what} is damaged in the database: {why}")]
    Corrupt { what: String, why: String },
    /// A game's row or record cannot be read: that game is refused, the others go on.
    #[error("game #{game} is damaged in the database: {why}")]
    DamagedGame {
        game: crate::ids::GameId,
        why: String,
    },
    /// Someone else changed the game first: the version guard refused the write.
    #[error("the game changed in the meantime")]
    Conflict,
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if need be) and migrates the database at `url`, like
    /// `sqlite://data/boardpost.db`.
    pub async fn open(url: &str) -> Result<Store> {
        // Anything else would be taken as a file name by the SQLite driver.
        if !url.starts_with("sqlite:") {
            return Err(StoreError::NotSqlite(url.to_string()));
        }
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
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await
            .map_err(open_err)?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Reads a column of a row into a typed value, or says which row and column could not
/// be read (a value of another type, text that is not UTF-8) instead of panicking.
pub(crate) fn column<'r, T>(
    row: &'r sqlx::sqlite::SqliteRow,
    what: &dyn Fn() -> String,
    name: &str,
) -> Result<T>
where
    T: sqlx::Decode<'r, sqlx::Sqlite> + sqlx::Type<sqlx::Sqlite>,
{
    use sqlx::Row;
    row.try_get(name).map_err(|e| StoreError::Corrupt {
        what: what(),
        why: format!("column {name}: {e}"),
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

/// Discord ids are below 2⁶³, so they fit SQLite's signed integers as they are.
pub(crate) fn db_id(id: u64) -> i64 {
    id as i64
}
