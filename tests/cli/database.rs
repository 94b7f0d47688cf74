//! The database the command line opens (`DATABASE_URL`), and `boardpost db copy` between
//! the two backends: every row of every table arrives, and the copies go on.

use boardpost::clock::SystemClock;
use boardpost::ids::GameId;
use boardpost::store::{Backend, Store};
use boardpost::table::{Caller, ChallengeRequest, PremoveAction, Table, VacationAction};
use boardpost_testkit::world::*;
use serde_json::Value;
use std::process::Command;
use std::sync::Arc;

fn dave_of_fill() -> Caller {
    caller(4, "dave")
}

/// `boardpost local` plays in the database DATABASE_URL names, like the bot.
#[test]
fn local_honours_database_url() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("from-env.db");
    let mut local = super::cli::command(dir.path(), &["local", "--boards", "boards"]);
    local.env("DATABASE_URL", format!("sqlite://{}", db.display()));
    let output = super::cli::run(local, "/as alice\n/quit\n");
    assert!(output.status.success());
    assert!(db.exists(), "the database DATABASE_URL names was used");
    assert!(!dir.path().join("data/local.db").exists());
}

/// `boardpost db copy` from SQLite to PostgreSQL and back to SQLite: every game, record,
/// challenge, rating, setting (languages included), reminder and notice arrives; each
/// copy says it is verified; the last copy holds the same games as the first database.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn db_copy_round_trip_sqlite_postgres_sqlite_keeps_every_game() {
    let Some(pg) = PgDatabase::create().await else {
        return;
    };
    let w = World::sqlite().await;
    fill(&w).await;
    let back = format!("sqlite://{}/back.db", w.dir.path().display());
    w.store.close().await;
    for (from, to) in [(&w.url, &pg.url), (&pg.url, &back)] {
        let out = Command::new(env!("CARGO_BIN_EXE_boardpost"))
            .args(["db", "copy", "--from", from, "--to", to])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains("verified"), "{stdout}");
    }
    // Copying again into a target that holds rows is refused, and changes nothing.
    let again = Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .args(["db", "copy", "--from", &w.url, "--to", &pg.url])
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    let check = Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .args(["db", "check", "--db", &pg.url])
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );

    let first = Store::open(&w.url).await.unwrap();
    let middle = Store::open(&pg.url).await.unwrap();
    let last = Store::open(&back).await.unwrap();
    assert_eq!(middle.backend(), Backend::Postgres);
    let counts = first.row_counts().await.unwrap();
    assert_eq!(middle.row_counts().await.unwrap(), counts);
    assert_eq!(last.row_counts().await.unwrap(), counts);
    for (_, n) in &counts {
        assert!(*n > 0, "every table has rows to copy: {counts:?}");
    }
    let games = first.games_after(GameId(0), 1000).await.unwrap();
    assert!(games.len() >= 4);
    for (id, row) in games {
        let row = row.unwrap();
        for other in [&middle, &last] {
            let copy = other.game(row.guild, id).await.unwrap().unwrap();
            assert_eq!(same_json(&copy.state), same_json(&row.state), "game #{id}");
            assert_eq!(same_json(&copy.options), same_json(&row.options));
            assert_eq!(
                copy.result.as_deref().map(same_json),
                row.result.as_deref().map(same_json)
            );
            let (mut copy, mut row) = (copy.clone(), row.clone());
            for r in [&mut copy, &mut row] {
                r.state.clear();
                r.options.clear();
                r.result = None;
                // Asked by `game`, not by `games_after`: a hint of the query, not data.
                r.lines_stored = None;
            }
            assert_eq!(copy, row);
            assert_eq!(
                other.actions(id).await.unwrap(),
                first.actions(id).await.unwrap()
            );
        }
    }
    for user in [alice().user, bob().user, carol().user] {
        let u = first.user(user).await.unwrap();
        assert_eq!(middle.user(user).await.unwrap(), u);
        assert_eq!(last.user(user).await.unwrap(), u);
    }
    assert_eq!(
        middle.guild(GUILD).await.unwrap(),
        first.guild(GUILD).await.unwrap()
    );
    assert_eq!(
        last.guild(GUILD).await.unwrap(),
        first.guild(GUILD).await.unwrap()
    );
    let board = first.leaderboard(GUILD, "sidja", 10).await.unwrap();
    assert_eq!(middle.leaderboard(GUILD, "sidja", 10).await.unwrap(), board);
    assert_eq!(last.leaderboard(GUILD, "sidja", 10).await.unwrap(), board);
    let open = first.open_challenges(GUILD).await.unwrap();
    assert_eq!(middle.open_challenges(GUILD).await.unwrap(), open);
    assert_eq!(last.open_challenges(GUILD).await.unwrap(), open);
    // The copies go on: new rows get new ids after the copied ones.
    let table = Table::new(middle.clone(), Arc::new(SystemClock));
    table
        .challenge(
            &alice(),
            ChallengeRequest {
                game: "yote".into(),
                opponents: vec![bob().user],
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let started = table.accept(&bob(), None).await.unwrap();
    assert!(started.thread.unwrap().game.0 > 4);
    for s in [first, middle, last] {
        s.close().await;
    }
}

fn same_json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

/// A database with something in every table: games of several kinds (one finished and
/// rated, one with an offer, one reminded), an open challenge, settings and languages, a
/// server's language, a notice in the outbox, a conditional line, meta values.
async fn fill(w: &World) {
    use boardpost::i18n::LangChoice;
    let t = &w.table;
    // Puzzles: the shipped pool, a player's rating, attempt and puzzle in progress, a
    // server's puzzle of the day and an answer to it.
    t.load_shipped_puzzles().await.unwrap();
    let puzzle = |action| {
        boardpost::table::Request::Puzzle(boardpost::table::PuzzleRequest {
            game: Some("yote".to_string()),
            action,
        })
    };
    t.handle(&alice(), puzzle(boardpost::table::PuzzleAction::Serve))
        .await;
    t.handle(&alice(), puzzle(boardpost::table::PuzzleAction::Show(None)))
        .await;
    w.exec(
        "INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, posted_at)
         SELECT $1, 20000, MIN(puzzle_id), $2, 1728000000 FROM puzzles",
        &[Param::Int(GUILD.0 as i64), Param::Int(CHANNEL.0 as i64)],
    )
    .await;
    w.exec(
        "INSERT INTO daily_answers (guild_id, day, user_id, solved) VALUES ($1, 20000, $2, 1)",
        &[
            Param::Int(GUILD.0 as i64),
            Param::Int(alice().user.0 as i64),
        ],
    )
    .await;
    // A lesson begun: its progress row.
    t.handle(
        &alice(),
        boardpost::table::Request::Learn(boardpost::table::LearnRequest::new(
            Some("yote".to_string()),
            boardpost::table::LearnAction::Current,
        )),
    )
    .await;
    let (one, _) = w.start(&[]).await;
    t.play_move(&alice(), Some(one), "a1 b1").await.unwrap();
    t.resign(&bob(), Some(one)).await.unwrap();
    let (two, _) = w.start(&["variant=seega"]).await;
    t.play_move(&alice(), Some(two), "a1 b1").await.unwrap();
    t.draw(&bob(), Some(two), boardpost::table::DrawAction::Offer)
        .await
        .unwrap();
    t.challenge(
        &alice(),
        ChallengeRequest {
            game: "xiangqi".into(),
            opponents: vec![carol().user],
            ..Default::default()
        },
    )
    .await
    .unwrap();
    t.accept(&carol(), None).await.unwrap();
    let (four, _) = w.start(&[]).await;
    t.play_move(&alice(), Some(four), "a1 b1").await.unwrap();
    t.premove(
        &alice(),
        Some(four),
        PremoveAction::Add("c1 d1 e1 a2".into()),
    )
    .await
    .unwrap();
    w.clock.advance(40 * 3600);
    let notices = t.tick().await.unwrap();
    assert!(!notices.is_empty());
    t.challenge(
        &carol(),
        ChallengeRequest {
            game: "xiangqi4".into(),
            opponents: vec![alice().user],
            ..Default::default()
        },
    )
    .await
    .unwrap();
    w.store
        .set_language(bob().user, "ru".parse::<LangChoice>().unwrap())
        .await
        .unwrap();
    // A game against the bot (a seat with its level), a vacation and an allowance.
    t.set_bot_user(boardpost::ids::UserId(99));
    t.challenge(
        &dave_of_fill(),
        ChallengeRequest {
            game: "yote".into(),
            opponents: vec![boardpost::ids::UserId(99)],
            level: Some(2),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    t.vacation(&carol(), VacationAction::Start { days: 2 })
        .await
        .unwrap();
    t.vacation(
        &carol().managing_server(true),
        VacationAction::Allowance { days: 30 },
    )
    .await
    .unwrap();
    w.store
        .remember_locale(alice().user, "en-GB")
        .await
        .unwrap();
    w.store
        .set_guild_language(GUILD, "ru".parse::<LangChoice>().unwrap())
        .await
        .unwrap();
    w.store.remember_guild_locale(GUILD, "ru").await.unwrap();
    t.set_meta("copied", "yes").await.unwrap();
    // A tournament under way: its entrants, its pairings and their games.
    boardpost_testkit::tournaments::started_round_robin_of_three(t, &w.store).await;
}
