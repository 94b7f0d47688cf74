//! Bounded work on damaged or hostile input (issue 41): one game's damaged clock stops no
//! other game's deadlines; a player's list of games stays quick however many they have.

mod common;

use boardpost::clock::DAY;
use boardpost::ids::GameId;
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

on_both_backends!(a_damaged_clock_stops_no_other_games_deadline);
