//! A player's list of games (`/games`, `/move` without a game number) when one player has
//! 10,000 games going on (issue 41: 5–9 s a listing on SQLite before, target ≤ 5 ms on
//! both backends). Measured in one run on the same rows, with the query and index of
//! before (kept here only: `EXISTS` over the `seats_user` index) and with today's
//! `Store::games_of`; then `/games` end to end through the table.
//!
//! PostgreSQL comes from `BOARDPOST_BENCH_PG` (or `BOARDPOST_TEST_PG`): a server whose
//! user may create databases; the bench makes a database of its own there and drops it
//! at the end. Without one, only SQLite is measured.

use boardpost::games::AnyGame;
use boardpost::ids::{ChannelId, GuildId, UserId};
use boardpost::store::{Backend, Store};
use boardpost::table::{Caller, Table};
use criterion::{Criterion, SamplingMode};
use std::sync::Arc;
use std::time::{Duration, Instant};

const GAMES: i64 = 10_000;
const GUILD: GuildId = GuildId(1);
const PLAYER: UserId = UserId(42);
const NOW: i64 = 1_790_000_000;

/// The listing as it was before issue 41: each game of the server checked for a seat of
/// the player, which SQLite did through every seat of the player (`seats_user`).
const BEFORE: &str = "SELECT g.* FROM games g
     WHERE g.guild_id = $1 AND (g.status = 'active' OR NOT $3)
       AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.game_id AND s.user_id = $2)
     ORDER BY g.game_id DESC LIMIT 100";

/// SQL run on whichever backend the store has.
async fn exec(store: &Store, sql: &str, binds: &[i64]) {
    if let Some(pool) = store.pg_pool() {
        let mut q = sqlx::query(sql);
        for b in binds {
            q = q.bind(*b);
        }
        q.execute(pool).await.unwrap();
    } else {
        let pool = store.sqlite_pool().unwrap();
        let mut q = sqlx::query(sql);
        for b in binds {
            q = q.bind(*b);
        }
        q.execute(pool).await.unwrap();
    }
}

/// Rows the query of before returns.
async fn before(store: &Store) -> usize {
    match (store.pg_pool(), store.sqlite_pool()) {
        (Some(pool), _) => sqlx::query(BEFORE)
            .bind(GUILD.0 as i64)
            .bind(PLAYER.0 as i64)
            .bind(true)
            .fetch_all(pool)
            .await
            .unwrap()
            .len(),
        (_, Some(pool)) => sqlx::query(BEFORE)
            .bind(GUILD.0 as i64)
            .bind(PLAYER.0 as i64)
            .bind(true)
            .fetch_all(pool)
            .await
            .unwrap()
            .len(),
        _ => unreachable!("one backend or the other"),
    }
}

/// A text as an SQL literal.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// `GAMES` new 7×7 sidja games of `PLAYER` against fifty others, written straight into
/// the tables.
async fn fill(store: &Store) {
    let options = ["variant=sidja", "size=7"];
    let state = serde_json::to_string(&AnyGame::new("sidja", &options).unwrap()).unwrap();
    let options = serde_json::to_string(&options).unwrap();
    let (numbers, json) = match store.backend() {
        Backend::Postgres => (
            "SELECT generate_series(1, $1::bigint) AS i",
            "CAST(? AS JSONB)",
        ),
        Backend::Sqlite => (
            "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $1)
             SELECT i FROM c",
            "?",
        ),
    };
    let games = format!(
        "INSERT INTO games (game_id, guild_id, channel_id, kind, options, status, version,
           state, days_per_move, turn_started, deadline, created_at)
         SELECT i, $2, 1, 'sidja', {}, 'active', 0, {}, 3, $3, $3 + 259200, $3
         FROM ({numbers}) n",
        json.replace('?', &quoted(&options)),
        json.replace('?', &quoted(&state)),
    );
    exec(store, &games, &[GAMES, GUILD.0 as i64, NOW]).await;
    let seats = format!(
        "INSERT INTO seats (game_id, seat, user_id)
         SELECT i, 1, $2 FROM ({numbers}) n
         UNION ALL SELECT i, 2, 1000 + i % 50 FROM ({numbers}) n"
    );
    exec(store, &seats, &[GAMES, PLAYER.0 as i64]).await;
    // Each game's definition in its record, as the bot writes it (the migration's
    // statement for games made before).
    let migration = match store.backend() {
        Backend::Sqlite => include_str!("../migrations/sqlite/0011_definitions.sql"),
        Backend::Postgres => include_str!("../migrations/postgres/0007_definitions.sql"),
    };
    let definitions = migration
        .split(';')
        .find(|statement| statement.contains("INSERT INTO actions"))
        .expect("the migration writes definitions");
    exec(store, definitions, &[]).await;
    if store.backend() == Backend::Postgres {
        exec(
            store,
            "SELECT setval(pg_get_serial_sequence('games', 'game_id'), MAX(game_id)) FROM games",
            &[],
        )
        .await;
    }
    analyze(store).await;
}

/// Statistics as each backend has them in production: PostgreSQL's autovacuum gathers
/// them, while nothing runs `ANALYZE` on SQLite.
async fn analyze(store: &Store) {
    if store.backend() == Backend::Postgres {
        exec(store, "ANALYZE", &[]).await;
    }
}

fn measure(c: &mut Criterion, rt: &tokio::runtime::Runtime, url: &str) {
    let store = rt.block_on(Store::open(url)).unwrap();
    let backend = store.backend().name();
    let started = Instant::now();
    rt.block_on(fill(&store));
    eprintln!(
        "{backend}: {GAMES} games of one player written in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let table = Table::new(
        store.clone(),
        Arc::new(boardpost::clock::ManualClock::new(NOW)),
    );
    let caller = Caller::new(GUILD, ChannelId(1), PLAYER, "player");

    let mut group = c.benchmark_group(format!("games_of, {GAMES} games of one player"));
    group.sample_size(20);
    group.bench_function(format!("{backend}: Store::games_of"), |b| {
        b.iter(|| {
            let listed = rt.block_on(store.games_of(GUILD, PLAYER, true)).unwrap();
            assert_eq!(listed.len(), 100);
        })
    });
    group.bench_function(format!("{backend}: /games through the table"), |b| {
        b.iter(|| rt.block_on(table.games(&caller, None)).unwrap())
    });
    // The index and query of before, on the same rows.
    rt.block_on(async {
        exec(&store, "CREATE INDEX seats_user ON seats (user_id)", &[]).await;
        exec(&store, "DROP INDEX seats_user_game", &[]).await;
        analyze(&store).await;
    });
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.bench_function(format!("{backend}: the query of before"), |b| {
        b.iter(|| assert_eq!(rt.block_on(before(&store)), 100))
    });
    group.finish();
    rt.block_on(store.close());
}

/// A PostgreSQL database of the bench's own, dropped at the end.
async fn pg_database(server: &str) -> (String, String) {
    let name = format!("bench_games_of_{:08x}", rand::random::<u32>());
    let admin = sqlx::PgPool::connect(server).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&admin)
        .await
        .unwrap();
    admin.close().await;
    let (base, params) = server.split_once('?').unwrap_or((server, ""));
    let prefix = base.rsplit_once('/').map_or(base, |(p, _)| p);
    let url = if params.is_empty() {
        format!("{prefix}/{name}")
    } else {
        format!("{prefix}/{name}?{params}")
    };
    (name, url)
}

async fn drop_database(server: &str, name: &str) {
    let admin = sqlx::PgPool::connect(server).await.unwrap();
    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&admin)
        .await;
    admin.close().await;
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    measure(
        &mut c,
        &rt,
        &format!("sqlite://{}/games_of.db", dir.path().display()),
    );
    let server = ["BOARDPOST_BENCH_PG", "BOARDPOST_TEST_PG"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .find(|u| !u.trim().is_empty());
    match server {
        Some(server) => {
            let (name, url) = rt.block_on(pg_database(&server));
            measure(&mut c, &rt, &url);
            rt.block_on(drop_database(&server, &name));
        }
        None => eprintln!(
            "games_of: PostgreSQL is NOT measured: set BOARDPOST_BENCH_PG to a server whose \
             user may create databases"
        ),
    }
    c.final_summary();
}
