//! A table over a real SQLite file in a temporary folder, with a clock tests move.

use boardpost::clock::ManualClock;
use boardpost::ids::{ChannelId, GameId, GuildId, UserId};
use boardpost::store::{First, Store};
use boardpost::table::{Caller, ChallengeRequest, Reply, Table};
use std::sync::Arc;

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
    pub async fn new() -> World {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/nested/boardpost.db", dir.path().display());
        let clock = ManualClock::new(START);
        let store = Store::open(&url).await.unwrap();
        World {
            table: Table::new(store.clone(), Arc::new(clock.clone())),
            store,
            clock,
            url,
            dir,
        }
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
