//! A table over a real database, with a clock tests move: a SQLite file in a temporary
//! folder, or a fresh database of its own on the PostgreSQL server that
//! `BOARDPOST_TEST_PG` names (so tests run in parallel). Suites run on both with
//! [`on_both_backends!`](crate::on_both_backends).

use boardpost::clock::ManualClock;
use boardpost::ids::{ChannelId, GameId, GuildId, UserId};
use boardpost::store::{Backend, First, Store};
use boardpost::table::{Caller, ChallengeRequest, Reply, Table};
use std::io::Write as _;
use std::sync::{Arc, Once};

// The macro, for `use boardpost_testkit::world::*`.
pub use crate::on_both_backends;

pub const GUILD: GuildId = GuildId(900_000_000_000_000_001);
pub const OTHER_GUILD: GuildId = GuildId(900_000_000_000_000_002);
pub const CHANNEL: ChannelId = ChannelId(800_000_000_000_000_001);
pub const START: i64 = 1_790_000_000;

pub struct World {
    pub table: Table,
    /// The table's database, for tests to look at and damage its rows.
    pub store: Store,
    pub clock: ManualClock,
    pub url: String,
    pub dir: tempfile::TempDir,
    pub backend: Backend,
    /// The PostgreSQL database made for this world, dropped with it.
    pub pg: Option<PgDatabase>,
}

/// The environment variable naming a PostgreSQL server for tests: a URL whose user may
/// create databases, like `postgres://postgres@127.0.0.1:5432/postgres`.
pub const PG_ENV: &str = "BOARDPOST_TEST_PG";

static NOTICE: Once = Once::new();

/// The PostgreSQL server's URL for tests, if one is set. Without one, tests that need it
/// say so (once, on the terminal even when output is captured) and are skipped; under CI
/// (`CI` set) that is a failure, since CI starts a server.
pub fn pg_server() -> Option<String> {
    match std::env::var(PG_ENV) {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_string()),
        _ => {
            if std::env::var_os("CI").is_some() {
                panic!(
                    "{PG_ENV} is not set, and CI is: .ci/run starts a PostgreSQL server and \
                     sets it; the PostgreSQL tests must not be skipped in CI"
                );
            }
            NOTICE.call_once(|| {
                // Straight to the terminal: the test harness captures only print!.
                let _ = writeln!(
                    std::io::stderr(),
                    "\nnote: tests on PostgreSQL are SKIPPED: {PG_ENV} is not set. Set it to a \
                     server whose user may create databases, like \
                     {PG_ENV}=postgres://postgres@127.0.0.1:5432/postgres (.ci/run starts one; \
                     README, \"Running at scale\").\n"
                );
            });
            None
        }
    }
}

/// A database of its own on the test server, dropped when this is.
pub struct PgDatabase {
    pub url: String,
    server: String,
    name: String,
}

impl PgDatabase {
    /// A new, empty database on the test server; `None` (after saying so) when no
    /// server is set.
    pub async fn create() -> Option<PgDatabase> {
        let server = pg_server()?;
        let name = format!("test_{:016x}", rand::random::<u64>());
        let (base, params) = match server.split_once('?') {
            Some((base, params)) => (base.to_string(), format!("?{params}")),
            None => (server.clone(), String::new()),
        };
        let prefix = match base.split_once("://") {
            Some((scheme, rest)) => match rest.split_once('/') {
                Some((authority, _)) => format!("{scheme}://{authority}"),
                None => base.clone(),
            },
            None => panic!("{PG_ENV} is not a postgres:// URL: {server}"),
        };
        let admin = sqlx::PgPool::connect(&server)
            .await
            .unwrap_or_else(|e| panic!("{PG_ENV}={server} cannot be reached: {e}"));
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&admin)
            .await
            .unwrap_or_else(|e| panic!("cannot create a test database on {server}: {e}"));
        admin.close().await;
        Some(PgDatabase {
            url: format!("{prefix}/{name}{params}"),
            server,
            name,
        })
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        // Dropped from async tests: on a thread of its own, with a runtime of its own.
        let (server, name) = (self.server.clone(), self.name.clone());
        let _ = std::thread::spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            rt.block_on(async {
                if let Ok(admin) = sqlx::PgPool::connect(&server).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&admin)
                        .await;
                    admin.close().await;
                }
            });
        })
        .join();
    }
}

/// A value for [`World::exec`].
pub enum Param {
    Int(i64),
    Text(String),
    /// JSON text for a JSON column (JSONB on PostgreSQL, which refuses text that is not
    /// JSON).
    Json(String),
}

/// Runs the test functions named on SQLite and on PostgreSQL: for each `name`, tests
/// `sqlite::name` and `postgres::name` call `name(world)` with a fresh world of that
/// backend. (A function left out of the list is never called: clippy says so.)
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $name() {
                    super::$name($crate::world::World::sqlite().await).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $name() {
                    if let Some(w) = $crate::world::World::postgres().await {
                        super::$name(w).await
                    }
                }
            )*
        }
    };
}

pub fn user(n: u64) -> UserId {
    UserId(700_000_000_000_000_000 + n)
}

pub fn caller(n: u64, name: &str) -> Caller {
    Caller::new(GUILD, CHANNEL, user(n), name)
}

pub fn alice() -> Caller {
    caller(1, "alice")
}
pub fn bob() -> Caller {
    caller(2, "bob")
}
pub fn carol() -> Caller {
    caller(3, "carol")
}

impl World {
    /// A world on SQLite.
    pub async fn new() -> World {
        World::sqlite().await
    }

    pub async fn sqlite() -> World {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/nested/boardpost.db", dir.path().display());
        World::at(url, dir, None).await
    }

    /// A world on a fresh PostgreSQL database; `None` (after saying so) when no server is
    /// set for tests.
    pub async fn postgres() -> Option<World> {
        let db = PgDatabase::create().await?;
        let dir = tempfile::tempdir().unwrap();
        Some(World::at(db.url.clone(), dir, Some(db)).await)
    }

    /// A world on `backend`, if it can be had.
    pub async fn on(backend: Backend) -> Option<World> {
        match backend {
            Backend::Sqlite => Some(World::sqlite().await),
            Backend::Postgres => World::postgres().await,
        }
    }

    async fn at(url: String, dir: tempfile::TempDir, pg: Option<PgDatabase>) -> World {
        let clock = ManualClock::new(START);
        let store = Store::open(&url).await.unwrap();
        World {
            table: Table::new(store.clone(), Arc::new(clock.clone())),
            backend: store.backend(),
            store,
            clock,
            url,
            dir,
            pg,
        }
    }

    /// Runs SQL on the world's database, as a test damages or reads rows behind the
    /// store's back: `$1`-style placeholders, which both backends read. Returns the rows
    /// changed.
    pub async fn exec(&self, sql: &str, params: &[Param]) -> u64 {
        if let Some(pool) = self.store.sqlite_pool() {
            let mut q = sqlx::query(sql);
            for p in params {
                q = match p {
                    Param::Int(v) => q.bind(*v),
                    Param::Text(t) | Param::Json(t) => q.bind(t.clone()),
                };
            }
            return q.execute(pool).await.unwrap().rows_affected();
        }
        let pool = self.store.pg_pool().expect("one backend or the other");
        let mut q = sqlx::query(sql);
        for p in params {
            q = match p {
                Param::Int(v) => q.bind(*v),
                Param::Text(t) => q.bind(t.clone()),
                Param::Json(t) => q.bind(sqlx::types::Json(
                    serde_json::value::RawValue::from_string(t.clone())
                        .expect("JSON for a JSON column"),
                )),
            };
        }
        q.execute(pool).await.unwrap().rows_affected()
    }

    /// One number from the world's database (`SELECT COUNT(*) …`).
    pub async fn number(&self, sql: &str, params: &[Param]) -> i64 {
        if let Some(pool) = self.store.sqlite_pool() {
            let mut q = sqlx::query_scalar(sql);
            for p in params {
                q = match p {
                    Param::Int(v) => q.bind(*v),
                    Param::Text(t) | Param::Json(t) => q.bind(t.clone()),
                };
            }
            return q.fetch_one(pool).await.unwrap();
        }
        let pool = self.store.pg_pool().expect("one backend or the other");
        let mut q = sqlx::query_scalar(sql);
        for p in params {
            q = match p {
                Param::Int(v) => q.bind(*v),
                Param::Text(t) | Param::Json(t) => q.bind(t.clone()),
            };
        }
        q.fetch_one(pool).await.unwrap()
    }

    /// Writes each game's definition (entry 0 of its record) where it has none, as the
    /// migration did for games made before records carried them: for games a test
    /// writes straight into the tables.
    pub async fn write_definitions(&self) -> u64 {
        let migration = match self.backend {
            Backend::Sqlite => include_str!("../../../migrations/sqlite/0011_definitions.sql"),
            Backend::Postgres => include_str!("../../../migrations/postgres/0007_definitions.sql"),
        };
        let insert = migration
            .split(';')
            .find(|statement| statement.contains("INSERT INTO actions"))
            .expect("the migration writes definitions");
        self.exec(insert, &[]).await
    }

    /// The same database file opened afresh, as after a restart.
    pub async fn restart(&self) -> Table {
        self.restart_with_store().await.0
    }

    /// As [`World::restart`], with the reopened database.
    pub async fn restart_with_store(&self) -> (Table, Store) {
        self.store.close().await;
        let store = Store::open(&self.url).await.unwrap();
        (
            Table::new(store.clone(), Arc::new(self.clock.clone())),
            store,
        )
    }

    /// alice challenges bob to a game with these options, alice first; bob accepts.
    pub async fn start(&self, options: &[&str]) -> (GameId, Reply) {
        let req = ChallengeRequest {
            game: "sidja".into(),
            opponents: vec![bob().user],
            options: options.iter().map(|s| s.to_string()).collect(),
            days_per_move: Some(3),
            first: Some(First::Challenger),
            ..ChallengeRequest::default()
        };
        self.table.challenge(&alice(), req).await.unwrap();
        let reply = self.table.accept(&bob(), None).await.unwrap();
        let id = reply
            .thread
            .as_ref()
            .expect("a new game asks for a thread")
            .game;
        (id, reply)
    }
}

/// The text of a refusal.
pub fn refusal(result: boardpost::table::Result<Reply>) -> String {
    match result {
        Ok(reply) => panic!("expected a refusal, got {:?}", reply.text),
        Err(e) => e.to_string(),
    }
}
