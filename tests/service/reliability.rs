//! Reliability: simultaneous moves, interrupted writes, damaged snapshots.

use boardpost::games::AnyGame;
use boardpost::games::Game as _;
use boardpost::ids::GameId;
use boardpost::ops::{self, Damaged, Fix};
use boardpost::store::Backend;
use boardpost::table::{Caller, Table, TableError, VacationAction};
use boardpost_testkit::world::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

async fn position(w: &World, id: GameId) -> AnyGame {
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    serde_json::from_str(&row.state).unwrap()
}

/// The log replayed from the start.
async fn replay_log(w: &World, id: GameId, options: &[&str]) -> AnyGame {
    let log: Vec<String> = w
        .store
        .actions(id)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.text)
        .collect();
    let mut game = AnyGame::new("sidja", options).unwrap();
    game.play_all(&log)
        .expect("the stored log is a legal sequence");
    game
}

async fn fifty_simultaneous_movers_lose_and_double_nothing(w: World) {
    let w = Arc::new(w);
    let (id, _) = w.start(&[]).await;
    let applied = Arc::new(AtomicUsize::new(0));
    let changed = Arc::new(AtomicUsize::new(0));
    for round in 0..12 {
        let game = position(&w, id).await;
        let Some(seat) = game.to_move() else { break };
        let mover = if seat.number() == 1 { alice() } else { bob() };
        let legal = game.legal();
        let mut tasks = Vec::new();
        for task in 0..50 {
            let (w, mover, applied, changed) =
                (w.clone(), mover.clone(), applied.clone(), changed.clone());
            let action = legal[(task * 7 + round) % legal.len()].clone();
            tasks.push(tokio::spawn(async move {
                match w.table.play_move(&mover, Some(id), &action).await {
                    Ok(_) => applied.fetch_add(1, Ordering::SeqCst),
                    // Lost the race: told the position changed, or (already re-read) that
                    // the square is now taken or it is no longer their turn.
                    Err(TableError::Changed | TableError::Refused(_)) => {
                        changed.fetch_add(1, Ordering::SeqCst)
                    }
                    Err(e) => panic!("unexpected failure: {e}"),
                };
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
    }
    let applied = applied.load(Ordering::SeqCst);
    let log = w.store.actions(id).await.unwrap();
    assert_eq!(log.len(), applied, "every accepted move is logged once");
    assert_eq!(applied + changed.load(Ordering::SeqCst), 12 * 50);
    assert!(applied >= 12, "each round, one move at least gets through");
    let numbers: Vec<i64> = log.iter().map(|a| a.n).collect();
    assert_eq!(numbers, (1..=log.len() as i64).collect::<Vec<_>>());
    assert_eq!(replay_log(&w, id, &[]).await, position(&w, id).await);
}

async fn a_dropped_transaction_leaves_the_game_as_it_was(w: World) {
    let (id, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let before = w.store.game(GUILD, id).await.unwrap().unwrap();
    let half = [
        "UPDATE games SET version = version + 1, state = '\"half\"' WHERE game_id = $1",
        "INSERT INTO actions (game_id, n, seat, user_id, text, at) VALUES ($1, 3, 2, 1, 'a2', 0)",
    ];
    // Dropped without a commit, as when a task is cancelled mid-way.
    if let Some(pool) = w.store.sqlite_pool() {
        let mut tx = pool.begin().await.unwrap();
        for query in half {
            sqlx::query(query)
                .bind(id.0)
                .execute(&mut *tx)
                .await
                .unwrap();
        }
    }
    if let Some(pool) = w.store.pg_pool() {
        let mut tx = pool.begin().await.unwrap();
        for query in half {
            sqlx::query(query)
                .bind(id.0)
                .execute(&mut *tx)
                .await
                .unwrap();
        }
    }
    assert_eq!(w.store.game(GUILD, id).await.unwrap().unwrap(), before);
    assert_eq!(w.store.actions(id).await.unwrap().len(), 2);
    w.table.play_move(&bob(), Some(id), "a2 b2").await.unwrap();
    assert_eq!(replay_log(&w, id, &[]).await, position(&w, id).await);
}

/// Another process takes the write lock, writes half a move and is killed (SIGKILL).
#[tokio::test]
async fn a_writer_killed_between_statements_leaves_a_consistent_database() {
    let w = World::new().await;
    let (id, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let before = w.store.game(GUILD, id).await.unwrap().unwrap();
    w.store.close().await;
    // Another process takes the write lock, writes half a move and is killed (SIGKILL).
    let path = w.url.trim_start_matches("sqlite://").to_string();
    let script = format!(
        "import sqlite3, os, signal\n\
         c = sqlite3.connect({path:?}, isolation_level=None)\n\
         c.execute('PRAGMA journal_mode=WAL')\n\
         c.execute('BEGIN IMMEDIATE')\n\
         c.execute(\"UPDATE games SET version = version + 1, state = 'half' WHERE game_id = {id}\")\n\
         c.execute(\"INSERT INTO actions (game_id, n, seat, user_id, text, at) VALUES ({id}, 3, 2, 1, 'a2', 0)\")\n\
         os.kill(os.getpid(), signal.SIGKILL)\n"
    );
    let status = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .status()
        .expect("python3 runs");
    assert!(!status.success(), "the writer was killed");
    let (table, store) = w.restart_with_store().await;
    let after = store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(after, before);
    assert_eq!(store.actions(id).await.unwrap().len(), 2);
    table.play_move(&bob(), Some(id), "a2 b2").await.unwrap();
    let row = store.game(GUILD, id).await.unwrap().unwrap();
    let game: AnyGame = serde_json::from_str(&row.state).unwrap();
    assert_eq!(game.history(), ["a1", "b1", "a2", "b2"]);
}

async fn a_damaged_snapshot_is_rebuilt_from_the_action_log(w: World) {
    let (id, _) = w.start(&["variant=seega"]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    w.table.play_move(&bob(), Some(id), "a2 b2").await.unwrap();
    let good = position(&w, id).await;
    for damage in ["{not json", r#"{"game":"sidja"}"#] {
        // PostgreSQL keeps snapshots as JSONB: text that is not JSON cannot be there.
        if w.backend == Backend::Postgres && damage.starts_with("{not") {
            continue;
        }
        w.exec(
            "UPDATE games SET state = $1 WHERE game_id = $2",
            &[Param::Json(damage.into()), Param::Int(id.0)],
        )
        .await;
        let board = w.table.board(&alice(), Some(id)).await.unwrap();
        assert!(board.image.is_some());
        assert_eq!(position(&w, id).await, good, "the snapshot is repaired");
    }
    // A snapshot that reads but disagrees with the log (an older position) too.
    let mut stale = AnyGame::new("sidja", &["variant=seega"]).unwrap();
    stale.play_all(&["a1", "b1"]).unwrap();
    w.exec(
        "UPDATE games SET state = $1 WHERE game_id = $2",
        &[
            Param::Json(serde_json::to_string(&stale).unwrap()),
            Param::Int(id.0),
        ],
    )
    .await;
    w.table
        .play_move(&alice(), Some(id), "c1 d1")
        .await
        .unwrap();
    assert_eq!(
        position(&w, id).await.history(),
        ["a1", "b1", "a2", "b2", "c1", "d1"]
    );
}

#[tokio::test]
async fn the_database_is_created_with_wal_and_foreign_keys() {
    let w = World::new().await;
    assert!(
        w.dir.path().join("nested/boardpost.db").exists(),
        "folder and file are created"
    );
    let pool = w.store.sqlite_pool().unwrap();
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    let fk: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(fk, 1);
    let timeout: i64 = sqlx::query_scalar("PRAGMA busy_timeout")
        .fetch_one(pool)
        .await
        .unwrap();
    assert!(timeout >= 1000);
    // Opening again runs no migration twice.
    let (_table, store) = w.restart_with_store().await;
    assert!(store.game(GUILD, GameId(1)).await.unwrap().is_none());
}

/// The same on PostgreSQL: a `psql` process opens a transaction, writes half a move, and
/// is killed while it holds the game's row; the server rolls it back, a move waiting for
/// the row goes through, and the game is as it was plus that move.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_postgres_writer_killed_mid_transaction_leaves_a_consistent_database() {
    let Some(w) = World::postgres().await else {
        return;
    };
    let (id, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let before = w.store.game(GUILD, id).await.unwrap().unwrap();
    let script = format!(
        "SET client_connection_check_interval = '100ms';\n\
         BEGIN;\n\
         UPDATE games SET version = version + 1, state = '\"half\"' WHERE game_id = {id};\n\
         INSERT INTO actions (game_id, n, seat, user_id, text, at) VALUES ({id}, 3, 2, 1, 'a2', 0);\n\
         SELECT 'written', pg_sleep(600);\n"
    );
    let mut psql = std::process::Command::new("psql")
        .arg(&w.url)
        .args(["-v", "ON_ERROR_STOP=1", "-q", "-c", &script])
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("psql runs (installed with PostgreSQL)");
    // Wait until it holds the row, half written.
    let waited = std::time::Instant::now();
    while w
        .number(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(600)%'
               AND state = 'active' AND pid <> pg_backend_pid()",
            &[],
        )
        .await
        == 0
    {
        assert!(waited.elapsed().as_secs() < 20, "psql never got going");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mover = {
        let table = w.table.clone();
        tokio::spawn(async move { table.play_move(&bob(), Some(id), "a2 b2").await })
    };
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        !mover.is_finished(),
        "the move waits for the half-written one"
    );
    psql.kill().unwrap();
    psql.wait().unwrap();
    // The move either went through after the rollback, or found it stale and is refused.
    match mover.await.unwrap() {
        Ok(_) | Err(TableError::Changed) => {}
        Err(e) => panic!("unexpected failure: {e}"),
    }
    let actions = w.store.actions(id).await.unwrap();
    // The half-written action was logged at time 0 by user 1: it is nowhere.
    assert!(
        actions.iter().all(|a| a.at != 0 && a.user.0 != 1),
        "nothing half-written: {actions:?}"
    );
    let log: Vec<String> = actions.into_iter().map(|a| a.text).collect();
    assert!(log.len() == 2 || log.len() == 4, "{log:?}");
    if log.len() == 2 {
        assert_eq!(w.store.game(GUILD, id).await.unwrap().unwrap(), before);
        w.table.play_move(&bob(), Some(id), "a2 b2").await.unwrap();
    }
    assert_eq!(position(&w, id).await.history(), ["a1", "b1", "a2", "b2"]);
}

/// PostgreSQL's schema: Discord ids and times as BIGINT, JSON as JSONB, images as BYTEA.
#[tokio::test]
async fn postgres_columns_have_postgres_types() {
    let Some(w) = World::postgres().await else {
        return;
    };
    for (table, column, kind) in [
        ("games", "guild_id", "bigint"),
        ("games", "deadline", "bigint"),
        ("games", "state", "jsonb"),
        ("games", "options", "jsonb"),
        ("users", "user_id", "bigint"),
        ("users", "ping_dm", "boolean"),
        ("outbox", "image", "bytea"),
        ("outbox", "dm", "jsonb"),
        ("offers", "agreed", "jsonb"),
    ] {
        let found = w
            .number(
                "SELECT COUNT(*) FROM information_schema.columns
                 WHERE table_name = $1 AND column_name = $2 AND data_type = $3",
                &[
                    Param::Text(table.into()),
                    Param::Text(column.into()),
                    Param::Text(kind.into()),
                ],
            )
            .await;
        assert_eq!(found, 1, "{table}.{column} is {kind}");
    }
}

/// Six `/board`s of a game at once, each of which must be answered.
async fn boards_at_once(w: &World, id: GameId) {
    let mut reads = tokio::task::JoinSet::new();
    for _ in 0..6 {
        let table = w.table.clone();
        reads.spawn(async move { table.board(&alice(), Some(id)).await });
    }
    while let Some(board) = reads.join_next().await {
        board.unwrap().unwrap();
    }
}

/// Connections the server closed (a restart of PostgreSQL, an administrator, an idle
/// timeout) are found out before use once idle a moment, and replaced: nothing fails.
/// (On SQLite the file's connections cannot be closed from outside; the same moves run.)
async fn connections_the_database_closed_are_replaced(w: World) {
    let (id, _) = w.start(&["variant=seega"]).await;
    // Several connections open at once, so that the pool keeps more than one.
    boards_at_once(&w, id).await;
    if w.backend == Backend::Postgres {
        let closed = w
            .number(
                "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
                &[],
            )
            .await;
        assert!(closed >= 1, "the pool held other connections: {closed}");
    }
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    let moves = [(alice(), "a1 b1"), (bob(), "a2 b2"), (alice(), "c1 d1")];
    for (who, action) in moves {
        w.table.play_move(&who, Some(id), action).await.unwrap();
    }
    boards_at_once(&w, id).await;
    assert_eq!(
        position(&w, id).await.history(),
        ["a1", "b1", "a2", "b2", "c1", "d1"]
    );
}

/// Many people asking for games at the same moment (against the bot, which starts them
/// at once, and against each other): every request is served, none fails on a busy
/// database. (SQLite's deferred transactions that read before writing used to fail with
/// "database is locked" when another writer committed in between.)
async fn simultaneous_challenges_all_get_their_games(w: World) {
    use boardpost::store::First;
    use boardpost::table::ChallengeRequest;
    let w = Arc::new(w);
    w.table.set_bot_user(user(99));
    for round in 0..3u64 {
        let mut tasks = Vec::new();
        for n in 0..24u64 {
            let w = w.clone();
            tasks.push(tokio::spawn(async move {
                let me = caller(100 + round * 100 + n, &format!("p{round}-{n}"));
                let against_bot = n % 2 == 0;
                let req = ChallengeRequest {
                    game: if against_bot { "xiangqi" } else { "sidja" }.into(),
                    opponents: vec![if against_bot {
                        user(99)
                    } else {
                        user(5000 + round * 100 + n)
                    }],
                    first: Some(First::Challenger),
                    level: against_bot.then_some(1),
                    ..ChallengeRequest::default()
                };
                match w.table.challenge(&me, req).await {
                    Ok(reply) => assert_eq!(reply.game.is_some(), against_bot, "{reply:?}"),
                    Err(e) => panic!("a challenge failed: {e}"),
                }
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
    }
}

/// What `boardpost db check` finds for one game.
async fn findings(store: &boardpost::store::Store, id: GameId, repair: bool) -> Vec<Damaged> {
    let report = ops::check(store, repair, &mut |_, _| {}).await.unwrap();
    report
        .damaged
        .into_iter()
        .filter(|d| d.game == id)
        .collect()
}

/// The refusal of a damaged game names it.
fn names_damaged(refused: &str, id: GameId) {
    assert!(
        refused.contains(&format!("#{id}")) && refused.contains("damaged"),
        "{refused}"
    );
}

async fn a_game_with_a_missing_seat_is_refused_with_its_id(w: World) {
    let (id, _) = w.start(&[]).await;
    let (other, _) = w.start(&[]).await;
    let (third, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "c1 d2")
        .await
        .unwrap();
    // Read by position, bob would become seat 1 and move first.
    w.exec(
        "DELETE FROM seats WHERE game_id = $1 AND seat = 1",
        &[Param::Int(id.0)],
    )
    .await;
    // A seat too many is damage too.
    w.exec(
        "INSERT INTO seats (game_id, seat, user_id) VALUES ($1, 3, 77)",
        &[Param::Int(third.0)],
    )
    .await;
    let (table, store) = w.restart_with_store().await;
    names_damaged(&refusal(table.board(&bob(), Some(id)).await), id);
    names_damaged(&refusal(table.history(&bob(), Some(id)).await), id);
    names_damaged(
        &refusal(table.play_move(&bob(), Some(id), "a1 b1").await),
        id,
    );
    // Every other game goes on: listed, and timed out when its time runs out.
    let games = table.games(&bob(), None).await.unwrap();
    let listed = format!("{}{:?}", games.text, games.file.map(|f| f.bytes));
    assert!(listed.contains(&format!("#{other}")), "{listed}");
    w.clock.advance(4 * 86_400);
    let notices = table.tick().await.unwrap();
    assert!(notices.iter().any(|n| n.game == Some(other)), "{notices:?}");
    assert!(notices
        .iter()
        .all(|n| n.game != Some(id) && n.game != Some(third)));
    let found = findings(&store, id, true).await;
    assert!(
        found
            .iter()
            .any(|d| d.fix == Fix::ForAPerson && d.why.contains("seat 1 is missing")),
        "{found:?}"
    );
    names_damaged(&refusal(table.board(&alice(), Some(third)).await), third);
    assert!(!findings(&store, third, false).await.is_empty());
}

async fn one_damaged_game_leaves_every_listing_of_the_others(w: World) {
    let (damaged, _) = w.start(&[]).await;
    let (fine, _) = w.start(&[]).await;
    w.exec(
        "UPDATE games SET options = $1 WHERE game_id = $2",
        &[Param::Json(r#"["size=11"]"#.into()), Param::Int(damaged.0)],
    )
    .await;
    let table = w.restart().await;
    let games = table.games(&alice(), None).await.unwrap();
    let listed = format!("{}{:?}", games.text, games.file.map(|f| f.bytes));
    assert!(listed.contains(&format!("#{fine}")), "{listed}");
    assert!(listed.contains(&format!("#{damaged} ")), "{listed}");
    let choices = table.suggest_games(&alice(), "").await.unwrap();
    assert_eq!(
        choices.iter().map(|c| c.value.as_str()).collect::<Vec<_>>(),
        [fine.to_string()]
    );
    // /move without a game number finds the one game that can be played.
    table.play_move(&alice(), None, "c1 d2").await.unwrap();
    table
        .vacation(&alice(), VacationAction::Start { days: 5 })
        .await
        .unwrap();
    // With only the damaged game left, /move says which game is damaged.
    let (table, _) = w.restart_with_store().await;
    table.resign(&bob(), Some(fine)).await.unwrap();
    names_damaged(
        &refusal(table.play_move(&alice(), None, "a1 b1").await),
        damaged,
    );
}

async fn a_result_naming_no_seat_of_the_game_is_damage(w: World) {
    let (id, _) = w.start(&[]).await;
    let (legacy, _) = w.start(&[]).await;
    for game in [id, legacy] {
        w.table.resign(&alice(), Some(game)).await.unwrap();
        w.exec(
            "UPDATE games SET result = $1 WHERE game_id = $2",
            &[
                Param::Json(r#"{"winners":[3],"reason":"resigned"}"#.into()),
                Param::Int(game.0),
            ],
        )
        .await;
    }
    // Written before endings were logged: the result is the row's alone.
    w.exec(
        "DELETE FROM actions WHERE game_id = $1 AND text = 'resign'",
        &[Param::Int(legacy.0)],
    )
    .await;
    let (table, store) = w.restart_with_store().await;
    for game in [id, legacy] {
        names_damaged(&refusal(table.board(&alice(), Some(game)).await), game);
        let found = findings(&store, game, true).await;
        assert!(found.iter().any(|d| d.fix == Fix::ForAPerson), "{found:?}");
    }
}

async fn a_changed_variant_does_not_make_another_game(w: World) {
    // Placements that are legal in a sudan and in a seega game alike.
    let (id, _) = w.start(&["variant=sudan"]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    w.table.play_move(&bob(), Some(id), "a2 b2").await.unwrap();
    let before = w.store.game(GUILD, id).await.unwrap().unwrap();
    w.exec(
        "UPDATE games SET options = $1 WHERE game_id = $2",
        &[Param::Json(r#"["variant=seega"]"#.into()), Param::Int(id.0)],
    )
    .await;
    // A table that has not seen the game yet, as after a restart.
    let table = Table::new(w.store.clone(), Arc::new(w.clock.clone()));
    let store = &w.store;
    let refused = refusal(table.play_move(&alice(), Some(id), "c1 d1").await);
    names_damaged(&refused, id);
    assert!(refused.contains("variant=seega"), "{refused}");
    let found = findings(store, id, true).await;
    assert!(
        found
            .iter()
            .any(|d| d.fix == Fix::ForAPerson && d.why.contains("record was made with")),
        "{found:?}"
    );
    // Nothing was rewritten: not by the move, not by --repair.
    let after = store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(after.state, before.state);
    assert_eq!(after.version, before.version);
    // The record's entry 0 is what says so: without it the game is damage too.
    w.exec(
        "UPDATE games SET options = $1 WHERE game_id = $2",
        &[Param::Json(before.options.clone()), Param::Int(id.0)],
    )
    .await;
    w.exec(
        "DELETE FROM actions WHERE game_id = $1 AND n = 0",
        &[Param::Int(id.0)],
    )
    .await;
    let table = Table::new(w.store.clone(), Arc::new(w.clock.clone()));
    names_damaged(&refusal(table.board(&alice(), Some(id)).await), id);
    assert!(!findings(store, id, false).await.is_empty());
}

/// Games made before records carried their definition get it from the migration, which
/// copies what the rows say then.
async fn games_made_before_definitions_get_theirs_from_the_migration(w: World) {
    let (id, _) = w.start(&["variant=seega"]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    w.exec(
        "DELETE FROM actions WHERE game_id = $1 AND n = 0",
        &[Param::Int(id.0)],
    )
    .await;
    assert_eq!(w.write_definitions().await, 1);
    let (table, store) = w.restart_with_store().await;
    table.play_move(&bob(), Some(id), "a2 b2").await.unwrap();
    assert!(findings(&store, id, false).await.is_empty());
}

async fn a_snapshot_rebuilt_when_loaded_is_counted_by_db_check(w: World) {
    let (id, _) = w.start(&["variant=seega"]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let mut stale = AnyGame::new("sidja", &["variant=seega"]).unwrap();
    stale.play_all(&["a1"]).unwrap();
    w.exec(
        "UPDATE games SET state = $1 WHERE game_id = $2",
        &[
            Param::Json(serde_json::to_string(&stale).unwrap()),
            Param::Int(id.0),
        ],
    )
    .await;
    let (table, store) = w.restart_with_store().await;
    table.board(&alice(), Some(id)).await.unwrap();
    let found = findings(&store, id, false).await;
    assert!(
        found
            .iter()
            .any(|d| d.fix == Fix::Repaired && d.why.contains("rebuilt by the bot")),
        "{found:?}"
    );
}

async fn db_check_reads_and_plays_conditional_lines(w: World) {
    let (id, _) = w.start(&["variant=seega"]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let version = w.store.game(GUILD, id).await.unwrap().unwrap().version;
    for line in [r#"["a2","b2","c1"]"#, r#"["zz"]"#] {
        w.exec(
            "INSERT INTO premoves (game_id, user_id, version, actions, created_at)
             VALUES ($1, $2, $3, $4, 0)",
            &[
                Param::Int(id.0),
                Param::Int(alice().user.0 as i64),
                Param::Int(version),
                Param::Json(line.into()),
            ],
        )
        .await;
    }
    let found = findings(&w.store, id, false).await;
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].why.contains("conditional move"), "{found:?}");
}

/// `challenger` (first, red) and `opponent` start a game of xiangqi with 3 days a move;
/// the challenger plays their first move, so the opponent is to move.
async fn xiangqi_opponent_to_move(w: &World, challenger: &Caller, opponent: &Caller) -> GameId {
    use boardpost::store::First;
    use boardpost::table::ChallengeRequest;
    let req = ChallengeRequest {
        game: "xiangqi".into(),
        opponents: vec![opponent.user],
        days_per_move: Some(3),
        first: Some(First::Challenger),
        ..ChallengeRequest::default()
    };
    w.table.challenge(challenger, req).await.unwrap();
    let id = w
        .table
        .accept(opponent, None)
        .await
        .unwrap()
        .thread
        .expect("a new game asks for a thread")
        .game;
    let first = position_of(w, id).await.legal()[0].clone();
    w.table
        .play_move(challenger, Some(id), &first)
        .await
        .unwrap();
    id
}

async fn position_of(w: &World, id: GameId) -> AnyGame {
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    serde_json::from_str(&row.state).unwrap()
}

/// Several `/vacation start 5` of one player at the same moment: one vacation, whose
/// days move the clock of the game where they are to move once.
async fn simultaneous_vacation_starts_make_one_vacation(w: World) {
    use boardpost::clock::DAY;
    use boardpost::table::VacationAction;
    let w = Arc::new(w);
    for round in 0..4u64 {
        let away = caller(300 + round, &format!("away{round}"));
        let other = caller(400 + round, &format!("other{round}"));
        // `away` is to move in this game.
        let id = xiangqi_opponent_to_move(&w, &other, &away).await;
        let before = w.store.game(GUILD, id).await.unwrap().unwrap();
        let mut tasks = Vec::new();
        for _ in 0..6 {
            let (w, away) = (w.clone(), away.clone());
            tasks.push(tokio::spawn(async move {
                match w
                    .table
                    .vacation(&away, VacationAction::Start { days: 5 })
                    .await
                {
                    Ok(_) => true,
                    Err(TableError::Refused(why)) => {
                        let why = why.to_string();
                        assert!(why.contains("already on vacation"), "{why}");
                        false
                    }
                    Err(e) => panic!("a vacation start failed: {e}"),
                }
            }));
        }
        let mut started = 0;
        for t in tasks {
            started += usize::from(t.await.unwrap());
        }
        assert_eq!(started, 1, "one start of six is acknowledged");
        let vacations = w
            .number(
                "SELECT COUNT(*) FROM vacations WHERE user_id = $1",
                &[Param::Int(away.user.0 as i64)],
            )
            .await;
        assert_eq!(vacations, 1);
        let after = w.store.game(GUILD, id).await.unwrap().unwrap();
        assert_eq!(after.deadline, before.deadline.map(|d| d + 5 * DAY));
        assert_eq!(after.turn_started, before.turn_started + 5 * DAY);
    }
}

/// A player starts a vacation as their opponent moves: whichever comes first, the turn
/// that comes to them starts when they are back, and when the clock passes the time
/// limit they had before, they have not lost on time.
async fn a_vacation_starting_as_the_opponent_moves_pauses_the_new_turn(w: World) {
    use boardpost::clock::DAY;
    use boardpost::table::VacationAction;
    let w = Arc::new(w);
    let mut games = Vec::new();
    for round in 0..8u64 {
        let away = caller(500 + round, &format!("away{round}"));
        let mover = caller(600 + round, &format!("mover{round}"));
        let id = xiangqi_opponent_to_move(&w, &away, &mover).await;
        games.push((id, away, mover));
    }
    let mut tasks = Vec::new();
    for (id, away, mover) in games.clone() {
        let action = position_of(&w, id).await.legal()[0].clone();
        let w1 = w.clone();
        tasks.push(tokio::spawn(async move {
            w1.table
                .vacation(&away, VacationAction::Start { days: 5 })
                .await
                .map(|_| ())
        }));
        let w2 = w.clone();
        tasks.push(tokio::spawn(async move {
            w2.table
                .play_move(&mover, Some(id), &action)
                .await
                .map(|_| ())
        }));
    }
    for t in tasks {
        t.await
            .unwrap()
            .expect("the vacation and the move both go through");
    }
    let back = START + 5 * DAY;
    for (id, away, _) in &games {
        let row = w.store.game(GUILD, *id).await.unwrap().unwrap();
        assert_eq!(
            position_of(&w, *id)
                .await
                .to_move()
                .map(|s| row.seats[s.index()]),
            Some(away.user)
        );
        assert_eq!(
            (row.turn_started, row.deadline),
            (back, Some(back + 3 * DAY)),
            "game #{id}: the new turn starts when its player is back"
        );
    }
    // Past the time limit the turn would have had without the vacation.
    w.clock.advance(3 * DAY + 3600);
    let notices = w.table.tick().await.unwrap();
    assert!(
        notices
            .iter()
            .all(|n| !n.reply.text.contains("ran out of time")),
        "{notices:?}"
    );
    for (id, _, _) in &games {
        assert!(position_of(&w, *id).await.outcome().is_none(), "game #{id}");
    }
}

on_both_backends!(
    simultaneous_challenges_all_get_their_games,
    connections_the_database_closed_are_replaced,
    fifty_simultaneous_movers_lose_and_double_nothing,
    a_dropped_transaction_leaves_the_game_as_it_was,
    a_damaged_snapshot_is_rebuilt_from_the_action_log,
    a_game_with_a_missing_seat_is_refused_with_its_id,
    one_damaged_game_leaves_every_listing_of_the_others,
    a_result_naming_no_seat_of_the_game_is_damage,
    a_changed_variant_does_not_make_another_game,
    games_made_before_definitions_get_theirs_from_the_migration,
    a_snapshot_rebuilt_when_loaded_is_counted_by_db_check,
    db_check_reads_and_plays_conditional_lines,
    simultaneous_vacation_starts_make_one_vacation,
    a_vacation_starting_as_the_opponent_moves_pauses_the_new_turn,
);
