//! A tournament's heaviest steps through the table, on a SQLite file (issue 44):
//!
//! - a 20-player round robin started by its organiser: 190 games made and announced in
//!   one step (target: under 5 s);
//! - a 500-player Swiss: the resignation that ends round 1's last game, after which round
//!   2 is paired by the Dutch system and its 250 games are made (target: the pairing
//!   under 1 s; the engine alone is `cargo bench -p boardpost-pairing`).

use boardpost::clock::SystemClock;
use boardpost::ids::{ChannelId, GameId, GuildId, TournamentId, UserId};
use boardpost::store::{Store, TournamentRecord};
use boardpost::table::{
    Caller, StartRule, Table, TournamentFormat, TournamentRequest, TournamentSettings,
};
use boardpost_testkit::tournaments::{create_tournament, join_tournament};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::sync::Arc;
use std::time::Duration;

const GUILD: GuildId = GuildId(1);

fn player(n: u64) -> Caller {
    Caller::new(GUILD, ChannelId(1), UserId(1000 + n), format!("player{n}"))
}

async fn open_table(dir: &tempfile::TempDir) -> (Table, Store) {
    let url = format!("sqlite://{}/bench.db", dir.path().display());
    let store = Store::open(&url).await.unwrap();
    (Table::new(store.clone(), Arc::new(SystemClock)), store)
}

/// A tournament of sidja made by player 1 and entered by `players` players.
async fn entered(
    table: &Table,
    store: &Store,
    format: TournamentFormat,
    rounds: Option<u16>,
    players: u16,
) -> TournamentId {
    let settings = TournamentSettings {
        game: "sidja".into(),
        format: Some(format),
        rounds,
        max_players: Some(players),
        start: Some(StartRule::ByOrganiser),
        ..TournamentSettings::default()
    };
    let id = create_tournament(table, store, &player(1), settings).await;
    for n in 1..=u64::from(players) {
        join_tournament(table, id, &player(n)).await;
    }
    id
}

async fn record(store: &Store, id: TournamentId) -> TournamentRecord {
    store.tournament(GUILD, id).await.unwrap().unwrap()
}

fn start(id: TournamentId) -> TournamentRequest {
    TournamentRequest::Start(Some(id))
}

fn round_robin_start(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (table, store) = rt.block_on(open_table(&dir));
    let mut group = c.benchmark_group("tournament");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("round_robin_20_start", |b| {
        b.iter_batched(
            || {
                rt.block_on(entered(
                    &table,
                    &store,
                    TournamentFormat::RoundRobin,
                    None,
                    20,
                ))
            },
            |id| {
                rt.block_on(async {
                    table.tournament(&player(1), start(id)).await.unwrap();
                    let started = record(&store, id).await;
                    assert_eq!(started.pairings.len(), 190);
                    assert!(started.pairings.iter().all(|p| p.game.is_some()));
                })
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

/// A 500-player Swiss on a database of its own with round 1 played but for its last game:
/// the game and its white player, whose resignation ends the round.
struct BeforeRoundTwo {
    table: Table,
    store: Store,
    id: TournamentId,
    game: GameId,
    white: Caller,
    _dir: tempfile::TempDir,
}

async fn swiss_before_round_two() -> BeforeRoundTwo {
    let dir = tempfile::tempdir().unwrap();
    let (table, store) = open_table(&dir).await;
    let id = entered(&table, &store, TournamentFormat::Swiss, Some(9), 500).await;
    table.tournament(&player(1), start(id)).await.unwrap();
    let paired = record(&store, id).await;
    let user_of = |number: u16| {
        let entrant = paired.entrants.iter().find(|e| e.number == Some(number));
        player(entrant.unwrap().user.0 - 1000)
    };
    let mut games: Vec<_> = (paired.pairings.iter())
        .filter_map(|p| Some((p.game?, user_of(p.white))))
        .collect();
    let (game, white) = games.pop().unwrap();
    for (game, white) in games {
        table.resign(&white, Some(game)).await.unwrap();
    }
    BeforeRoundTwo {
        table,
        store,
        id,
        game,
        white,
        _dir: dir,
    }
}

fn swiss_round(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut group = c.benchmark_group("tournament");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    group.bench_function("swiss_500_round_2", |b| {
        b.iter_batched(
            || rt.block_on(swiss_before_round_two()),
            |s| {
                rt.block_on(async {
                    s.table.resign(&s.white, Some(s.game)).await.unwrap();
                    assert_eq!(record(&s.store, s.id).await.row.rounds_paired, 2);
                })
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, round_robin_start, swiss_round);
criterion_main!(benches);
