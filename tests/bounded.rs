//! Bounded work on damaged or hostile input (issue 41): one game's damaged clock stops no
//! other game's deadlines; a player's list of games stays quick however many they have.

mod common;

use boardpost::clock::DAY;
use boardpost::games::AnyGame;
use boardpost::ids::GameId;
use boardpost::store::Backend;
use common::world::*;
use std::sync::{Arc, Mutex};

/// What the code under test logs on this thread, kept for the test to read.
#[derive(Clone, Default)]
struct Logged(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Logged {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Logged {
    /// Logs of this thread go here until the guard is dropped.
    fn capture(&self) -> tracing::subscriber::DefaultGuard {
        let writer = self.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        tracing::subscriber::set_default(subscriber)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

async fn status(w: &World, id: GameId) -> (String, i64) {
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    (
        format!("{:?}", row.status),
        row.deadline.unwrap_or_default(),
    )
}

/// Times near the ends of 64-bit integers took the deadline query out of range: on
/// PostgreSQL the whole query failed, so no game was reminded or lost on time; on SQLite
/// the game was claimed and its next look overflowed.
async fn a_damaged_clock_stops_no_other_games_deadline(w: World) {
    let (lost, _) = w.start(&[]).await;
    let (deadline_far_back, _) = w.start(&[]).await;
    let (started_far_back, _) = w.start(&[]).await;
    let (deadline_far_ahead, _) = w.start(&[]).await;
    let set = |column: &'static str, value: i64, id: GameId| {
        let w = &w;
        async move {
            let sql = format!("UPDATE games SET {column} = $1 WHERE game_id = $2");
            assert_eq!(
                w.exec(&sql, &[Param::Int(value), Param::Int(id.0)]).await,
                1
            );
        }
    };
    set("deadline", i64::MIN + 1, deadline_far_back).await;
    set("turn_started", i64::MIN, started_far_back).await;
    set("deadline", i64::MAX, deadline_far_ahead).await;
    set("turn_started", i64::MIN, deadline_far_ahead).await;
    w.clock.advance(3 * DAY + 1);
    let now = START + 3 * DAY + 1;

    let logged = Logged::default();
    let guard = logged.capture();
    let due: Vec<GameId> = w
        .store
        .due_games(now)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(due, vec![lost], "only the game with a sound clock is due");
    let notices = w.table.tick().await.unwrap();
    drop(guard);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].game, lost);
    assert!(
        notices[0].reply.text.contains("ran out of time"),
        "{}",
        notices[0].reply.text
    );
    let logs = logged.text();
    for damaged in [deadline_far_back, started_far_back, deadline_far_ahead] {
        assert!(
            logs.contains(&format!("game #{damaged} is damaged")),
            "game #{damaged} is not reported: {logs}"
        );
        assert_eq!(
            status(&w, damaged).await.0,
            "Active",
            "a damaged clock does not lose a game on time"
        );
    }
    assert_eq!(status(&w, deadline_far_back).await.1, i64::MIN + 1);
    // The next round goes on as well, and the damaged games are still left alone.
    w.clock.advance(DAY);
    assert!(w.table.tick().await.unwrap().is_empty());
    assert_eq!(status(&w, started_far_back).await.0, "Active");
}

/// Writes `count` new sidja games of alice against bob straight into the tables (ids 1
/// to `count`); in the last one alice holds both seats.
async fn fill_games_of_alice(w: &World, count: i64) {
    let options = ["variant=sidja", "size=7"];
    let state = serde_json::to_string(&AnyGame::new("sidja", &options).unwrap()).unwrap();
    let options = serde_json::to_string(&options).unwrap();
    let (numbers, json) = match w.backend {
        Backend::Postgres => (
            "SELECT generate_series(1, $1::bigint) AS i",
            "CAST($ AS JSONB)",
        ),
        Backend::Sqlite => (
            "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $1)
             SELECT i FROM c",
            "$",
        ),
    };
    let games = format!(
        "INSERT INTO games (game_id, guild_id, channel_id, kind, options, status, version,
           state, days_per_move, turn_started, deadline, created_at)
         SELECT i, $2, $3, 'sidja', {}, 'active', 0, {}, 3, $4, $4 + 259200, $4
         FROM ({numbers}) n",
        json.replace('$', "$5"),
        json.replace('$', "$6"),
    );
    let games_written = w
        .exec(
            &games,
            &[
                Param::Int(count),
                Param::Int(GUILD.0 as i64),
                Param::Int(CHANNEL.0 as i64),
                Param::Int(START),
                Param::Text(options),
                Param::Text(state),
            ],
        )
        .await;
    assert_eq!(games_written, count as u64);
    let seats = format!(
        "INSERT INTO seats (game_id, seat, user_id)
         SELECT i, 1, $2 FROM ({numbers}) n
         UNION ALL SELECT i, 2, CASE WHEN i = $1 THEN $2 ELSE $3 END FROM ({numbers}) n"
    );
    let seats_written = w
        .exec(
            &seats,
            &[
                Param::Int(count),
                Param::Int(alice().user.0 as i64),
                Param::Int(bob().user.0 as i64),
            ],
        )
        .await;
    assert_eq!(seats_written, 2 * count as u64);
    if w.backend == Backend::Postgres {
        w.exec(
            "SELECT setval(pg_get_serial_sequence('games', 'game_id'), MAX(game_id)) FROM games",
            &[],
        )
        .await;
    }
}

/// With 10,000 games of one player, SQLite checked every game of the server against
/// every seat of the player: seconds for each `/games` and `/move` without a number. The
/// bound is generous (a listing takes about a millisecond); PostgreSQL was quick before
/// and is checked all the same.
async fn a_player_with_ten_thousand_games_is_listed_quickly(w: World) {
    fill_games_of_alice(&w, 10_000).await;
    let started = std::time::Instant::now();
    let listed = w.store.games_of(GUILD, alice().user, true).await.unwrap();
    let took = started.elapsed();
    let ids: Vec<i64> = listed.iter().map(|g| g.id.0).collect();
    assert_eq!(
        ids,
        (9_901..=10_000).rev().collect::<Vec<i64>>(),
        "the newest hundred, newest first, the game with alice in both seats once"
    );
    assert!(
        took < std::time::Duration::from_secs(1),
        "listing alice's games took {took:?}"
    );
    // Through the table as well: `/games`, and `/move` without a game number.
    let started = std::time::Instant::now();
    let games = w.table.games(&alice(), None).await.unwrap();
    assert!(games.text.contains("#9901 "), "{}", games.text);
    let refused = refusal(w.table.play_move(&alice(), None, "a1 b1").await);
    assert!(refused.contains("#9999"), "{refused}");
    let took = started.elapsed();
    assert!(
        took < std::time::Duration::from_secs(5),
        "/games and /move took {took:?}"
    );
}

on_both_backends!(
    a_damaged_clock_stops_no_other_games_deadline,
    a_player_with_ten_thousand_games_is_listed_quickly,
);
