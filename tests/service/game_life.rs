//! One game, one life (issue #14): endings are entries of the engine's log, written
//! through the one commit path; the options are read back exactly or refused with the
//! game's id; the snapshot is a cache the record overrides.

use boardpost::games::{AnyGame, Ending, Game, GameKind, GameOptions, Reason, Seat, SetupError};
use boardpost::i18n::{Lang, Localize};
use boardpost::ids::GameId;
use boardpost::store::Backend;
use boardpost::table::TableError;
use boardpost_testkit::world::*;

async fn log_texts(w: &World, id: GameId) -> Vec<(u8, String)> {
    w.store
        .actions(id)
        .await
        .unwrap()
        .into_iter()
        .map(|a| (a.seat, a.text))
        .collect()
}

/// Writes `value` into a JSON column of a game; false where the database refuses it as
/// such damage can never be (PostgreSQL keeps JSON columns as JSONB: text that is not
/// JSON is refused).
async fn set_column(w: &World, id: GameId, column: &str, value: &str) -> bool {
    let is_json = serde_json::from_str::<serde_json::Value>(value).is_ok();
    if w.backend == Backend::Postgres && !is_json {
        return false;
    }
    w.exec(
        &format!("UPDATE games SET {column} = $1 WHERE game_id = $2"),
        &[Param::Json(value.to_string()), Param::Int(id.0)],
    )
    .await;
    true
}

async fn resignation_in_a_game_of_two_is_an_entry_of_the_log_and_replays(w: World) {
    let (id, _) = w.start(&["size=7"]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let reply = w.table.resign(&bob(), Some(id)).await.unwrap();
    assert!(
        reply.text.contains("resigns game #1. **Game over**"),
        "{}",
        reply.text
    );
    let log = log_texts(&w, id).await;
    assert_eq!(log.last(), Some(&(2, "resign".to_string())));
    // The record alone (options + log) gives the same game as the one stored.
    let stored = w.store.game(GUILD, id).await.unwrap().unwrap();
    let entries: Vec<(Seat, &str)> = log
        .iter()
        .map(|(seat, text)| (Seat::from_number(*seat).unwrap(), text.as_str()))
        .collect();
    let options = GameOptions::parse(GameKind::Sidja, &["size=7"]).unwrap();
    let replayed = AnyGame::replay_log(options, entries).unwrap();
    let outcome = replayed.outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Resigned);
    assert_eq!(outcome.winners, [Seat::FIRST]);
    assert_eq!(
        serde_json::from_str::<AnyGame>(&stored.state).unwrap(),
        replayed
    );
    // The exported record replays to the same end: the resignation is a `#!` line.
    let export = w.table.export(&alice(), Some(id)).await.unwrap();
    let record = String::from_utf8(export.file.unwrap().bytes).unwrap();
    assert!(
        record.contains("\n#! resign 2   (seat 2 bob leaves the game)\n"),
        "{record}"
    );
    let request = boardpost::replay::Request {
        game: "sidja".into(),
        options: vec!["size=7".into()],
        actions: vec!["-".into()],
        ..Default::default()
    };
    let from_record = boardpost::replay::replay(&request, &mut record.as_bytes()).unwrap();
    assert_eq!(from_record, replayed);
    // The snapshot lost: the game is rebuilt from its record, ending included.
    set_column(&w, id, "state", "{}").await;
    let restarted = w.restart().await;
    let board = restarted.board(&alice(), Some(id)).await.unwrap();
    assert!(board.text.contains("resignation"), "{}", board.text);
}

async fn an_agreed_draw_and_a_timeout_are_entries_of_the_log(w: World) {
    let (id, _) = w.start(&[]).await;
    w.table
        .draw(&alice(), Some(id), boardpost::table::DrawAction::Offer)
        .await
        .unwrap();
    w.table
        .draw(&bob(), Some(id), boardpost::table::DrawAction::Accept)
        .await
        .unwrap();
    assert_eq!(log_texts(&w, id).await, [(2, "draw".to_string())]);

    let (id, _) = w.start(&[]).await;
    w.clock.advance(4 * boardpost::clock::DAY);
    let notices = w.table.tick().await.unwrap();
    let timeout = notices
        .iter()
        .find(|n| n.game == Some(id) && n.reply.text.contains("ran out of time"))
        .expect("a timeout notice");
    assert!(
        timeout.reply.text.contains("**Game over**"),
        "{}",
        timeout.reply.text
    );
    assert_eq!(log_texts(&w, id).await, [(1, "timeout".to_string())]);
}

async fn a_game_ended_by_the_service_before_endings_were_logged_still_reads(w: World) {
    // Rows written by the previous version: a finished game whose result says
    // "resigned", with no entry in the log and a snapshot without the ending.
    let (id, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let old_state = w.store.game(GUILD, id).await.unwrap().unwrap().state;
    w.table.resign(&alice(), Some(id)).await.unwrap();
    sql(
        &w,
        "DELETE FROM actions WHERE game_id = $1 AND text = 'resign'",
        id.0,
    )
    .await;
    set_column(&w, id, "state", &old_state).await;
    let (restarted, store) = w.restart_with_store().await;
    let board = restarted.board(&bob(), Some(id)).await.unwrap();
    assert!(board.text.contains("resignation"), "{}", board.text);
    let stored = store.game(GUILD, id).await.unwrap().unwrap();
    let game: AnyGame = serde_json::from_str(&stored.state).unwrap();
    assert_eq!(game.outcome().unwrap().winners, [Seat::SECOND]);
    assert_eq!(game.endings()[0].ending, Ending::Resign);
}

async fn damaged_options_refuse_that_game_only_and_never_default(w: World) {
    let (nine, _) = w.start(&["size=9"]).await;
    let (other, _) = w.start(&[]).await;
    // A 9×9 game must never come back as 5×5.
    for damage in [
        "not json",
        "{\"size\": 9}",
        "[\"size=11\"]",
        "[\"size=9\",\"size=5\"]",
    ] {
        if !set_column(&w, nine, "options", damage).await {
            continue;
        }
        let restarted = &w.table;
        match restarted.board(&alice(), Some(nine)).await {
            Err(TableError::Corrupt { game, why }) => {
                assert_eq!(game, nine);
                assert!(!why.is_empty());
            }
            other => panic!("{damage}: a damaged game was read: {other:?}"),
        }
        let said = restarted
            .board(&alice(), Some(nine))
            .await
            .unwrap_err()
            .to_string();
        assert!(said.contains("game #1 is damaged"), "{said}");
        // Every other game goes on.
        restarted
            .play_move(&alice(), Some(other), "a1 b1")
            .await
            .map(|_| ())
            .or_else(|e| match e {
                TableError::Refused(_) => Ok(()),
                e => Err(e),
            })
            .unwrap();
        assert!(restarted.board(&alice(), Some(other)).await.is_ok());
    }
}

#[test]
fn options_come_from_each_games_table_and_a_duplicate_is_refused() {
    assert_eq!(
        GameOptions::parse(GameKind::Sidja, &["size=7", "size=9"]).unwrap_err(),
        SetupError::Duplicate { key: "size" }
    );
    assert_eq!(
        GameOptions::parse(GameKind::Sidja, &["size=7", "SIZE = 7"])
            .unwrap_err()
            .tr(Lang::En),
        "option size is given twice: give each option once"
    );
    // Every game's defaults are in its table, and read back through the table.
    for kind in GameKind::ALL.iter().copied() {
        let options = GameOptions::parse(kind, &[] as &[&str]).unwrap();
        assert_eq!(options.kind(), kind);
        let pairs: Vec<String> = options
            .values()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        assert_eq!(GameOptions::parse(kind, &pairs).unwrap(), options);
        for spec in kind.option_specs() {
            assert!(spec.values.contains(&spec.default), "{kind} {}", spec.name);
            // What it does, and each value's name, in every language.
            for lang in boardpost::i18n::Lang::ALL {
                let about = boardpost::i18n::words::option_about(kind, spec);
                assert!(
                    boardpost::i18n::has(lang, &about.id),
                    "{lang}: {}",
                    about.id
                );
                for value in spec.values {
                    let label = boardpost::i18n::words::option_label(kind, spec, value);
                    assert!(
                        boardpost::i18n::has(lang, &label.id),
                        "{lang}: {}",
                        label.id
                    );
                }
            }
        }
        assert_eq!(options.start().kind(), kind);
        assert_eq!(kind.to_string().parse::<GameKind>().unwrap(), kind);
    }
}

async fn names_are_cut_to_discords_length_without_control_characters(w: World) {
    let long = format!("{}\u{7}\n{}", "x".repeat(20), "y".repeat(10_000));
    let who = caller(9, &long);
    w.table
        .play_move(&who, None, "a1")
        .await
        .expect_err("they have no game");
    let stored = w.store.user(who.user).await.unwrap().unwrap().name;
    assert_eq!(stored.chars().count(), boardpost::table::NAME_CHARS);
    assert!(!stored.chars().any(char::is_control), "{stored:?}");
    assert!(stored.starts_with(&"x".repeat(20)));
    // An old row holding a long name is cut when read, too.
    assert_eq!(
        boardpost::table::display_name(&"z".repeat(500)),
        "z".repeat(32)
    );
}

#[tokio::test]
async fn a_database_url_that_is_neither_sqlite_nor_postgres_is_refused_clearly() {
    for url in ["mysql://localhost/boardpost", "data/boardpost.db", ""] {
        let err = boardpost::store::Store::open(url).await.unwrap_err();
        assert!(
            err.to_string()
                .contains("DATABASE_URL must start with sqlite:// or postgres://"),
            "{url}: {err}"
        );
    }
    // A PostgreSQL server that is not there is named, its password left out.
    let err = boardpost::store::Store::open("postgres://bot:hunter2@127.0.0.1:1/boardpost")
        .await
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("postgres://bot:***@127.0.0.1:1/boardpost"),
        "{err}"
    );
    assert!(!err.contains("hunter2"), "{err}");
}

async fn sql(w: &World, query: &str, id: i64) {
    w.exec(query, &[Param::Int(id)]).await;
}

/// Damage found by hostile testing: none of it may panic, and each stays with its game.
async fn damaged_rows_are_refused_for_their_game_only(w: World) {
    let (blob, _) = w.start(&[]).await;
    let (offer, _) = w.start(&[]).await;
    let (status, _) = w.start(&[]).await;
    let (healthy, _) = w.start(&[]).await;
    // A blob (not text) where the snapshot should be (on PostgreSQL, whose snapshot
    // column only holds JSON, JSON that is no game): the record rebuilds the game.
    let damage = match w.backend {
        Backend::Sqlite => "UPDATE games SET state = x'ff00fe' WHERE game_id = $1",
        Backend::Postgres => "UPDATE games SET state = '[1,2]' WHERE game_id = $1",
    };
    sql(&w, damage, blob.0).await;
    assert!(w
        .table
        .board(&alice(), Some(blob))
        .await
        .unwrap()
        .image
        .is_some());
    // Garbage in a draw offer's list of who agreed: that game's offers are refused.
    w.table
        .draw(&alice(), Some(offer), boardpost::table::DrawAction::Offer)
        .await
        .unwrap();
    let damage = match w.backend {
        Backend::Sqlite => "UPDATE offers SET agreed = 'garbage' WHERE game_id = $1",
        Backend::Postgres => "UPDATE offers SET agreed = '\"garbage\"' WHERE game_id = $1",
    };
    sql(&w, damage, offer.0).await;
    match w
        .table
        .draw(&bob(), Some(offer), boardpost::table::DrawAction::Accept)
        .await
    {
        Err(TableError::Corrupt { game, .. }) => assert_eq!(game, offer),
        other => panic!("garbage in an offer was read: {other:?}"),
    }
    // A status no game has: that game is refused, the others listed and played.
    // (The schema's CHECK refuses it: written as a hand or another tool could, past it.)
    match w.backend {
        Backend::Sqlite => {
            let mut conn = w.store.sqlite_pool().unwrap().acquire().await.unwrap();
            for query in [
                "PRAGMA ignore_check_constraints = ON",
                "UPDATE games SET status = 'paused' WHERE game_id = $1",
                "PRAGMA ignore_check_constraints = OFF",
            ] {
                sqlx::query(query)
                    .bind(status.0)
                    .execute(&mut *conn)
                    .await
                    .unwrap();
            }
        }
        Backend::Postgres => {
            w.exec("ALTER TABLE games DROP CONSTRAINT games_status_check", &[])
                .await;
            sql(
                &w,
                "UPDATE games SET status = 'paused' WHERE game_id = $1",
                status.0,
            )
            .await;
        }
    }
    match w.table.board(&alice(), Some(status)).await {
        Err(TableError::Corrupt { game, why }) => {
            assert_eq!(game, status);
            assert!(why.contains("paused"), "{why}");
        }
        other => panic!("an unknown status was read: {other:?}"),
    }
    // A name that is not text (SQLite; PostgreSQL's text is always UTF-8): the player is
    // shown without it, and plays on.
    if w.backend == Backend::Sqlite {
        sql(
            &w,
            "UPDATE users SET name = x'c328' WHERE user_id = $1",
            alice().user.0 as i64,
        )
        .await;
    }
    let games = w.table.games(&bob(), None).await.unwrap();
    assert!(
        games.text.contains(&format!("#{healthy}")),
        "{}",
        games.text
    );
    w.table
        .play_move(&alice(), Some(healthy), "a1 b1")
        .await
        .unwrap();
    // The deadline loop still serves every healthy game.
    w.clock.advance(4 * boardpost::clock::DAY);
    let notices = w.table.tick().await.unwrap();
    assert!(
        notices
            .iter()
            .any(|n| n.game == Some(healthy) && n.reply.text.contains("ran out of time")),
        "{notices:?}"
    );
}

/// Accepting the last seat and creating the game are one transaction: when creating
/// the game fails, the seat is not taken either, and accepting again starts the game.
async fn a_full_challenge_always_has_its_game(w: World) {
    w.table
        .challenge(
            &alice(),
            boardpost::table::ChallengeRequest {
                game: "sidja".into(),
                opponents: vec![bob().user],
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let (fail, stop) = match w.backend {
        Backend::Sqlite => (
            vec!["CREATE TRIGGER no_games BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'disk full'); END"],
            vec!["DROP TRIGGER no_games"],
        ),
        Backend::Postgres => (
            vec![
                "CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS
                   $$ BEGIN RAISE EXCEPTION 'disk full'; END $$",
                "CREATE TRIGGER no_games BEFORE INSERT ON games
                   FOR EACH ROW EXECUTE FUNCTION disk_full()",
            ],
            vec!["DROP TRIGGER no_games ON games"],
        ),
    };
    for query in fail {
        w.exec(query, &[]).await;
    }
    assert!(w.table.accept(&bob(), None).await.is_err());
    for query in stop {
        w.exec(query, &[]).await;
    }
    let started = w.table.accept(&bob(), None).await.unwrap();
    assert!(started.text.contains("begins"), "{}", started.text);
}

/// Who took an open seat may leave it; only named opponents decline the challenge.
async fn an_open_seat_taker_only_leaves_their_seat(w: World) {
    let posted = w
        .table
        .challenge(
            &alice(),
            boardpost::table::ChallengeRequest {
                game: "xiangqi4".into(),
                opponents: vec![bob().user],
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert!(posted.text.contains("and 2 more"), "{}", posted.text);
    w.table.accept(&carol(), None).await.unwrap();
    let left = w.table.decline(&carol(), None).await.unwrap();
    assert!(left.text.contains("leaves their seat"), "{}", left.text);
    // Still open: carol can come back, and bob (named) can still accept.
    w.table.accept(&carol(), None).await.unwrap();
    let joined = w.table.accept(&bob(), None).await.unwrap();
    assert!(
        joined.text.contains("waiting for 1 more"),
        "{}",
        joined.text
    );
}

on_both_backends!(
    resignation_in_a_game_of_two_is_an_entry_of_the_log_and_replays,
    a_game_ended_by_the_service_before_endings_were_logged_still_reads,
    an_agreed_draw_and_a_timeout_are_entries_of_the_log,
    damaged_options_refuse_that_game_only_and_never_default,
    names_are_cut_to_discords_length_without_control_characters,
    damaged_rows_are_refused_for_their_game_only,
    a_full_challenge_always_has_its_game,
    an_open_seat_taker_only_leaves_their_seat,
);
