//! Stored values are input too: a rating that is not a number, a time per move or a
//! clock offset out of range, an outbox file name that leads out of its folder. Each is
//! refused where it is read, named, and never stops anything else, on both backends.

use boardpost::clock::DAY;
use boardpost::ids::{ChallengeId, GameId};
use boardpost::local::{self, Local};
use boardpost::store::{Backend, RatingRow};
use boardpost::table::ChallengeRequest;
use boardpost_testkit::world::*;

/// Puts a rating row as stored, its rating written as SQL (`'NaN'`, `9e999`).
async fn put_rating(w: &World, user: u64, rating_sql: &str, games: i64) {
    w.exec(
        "DELETE FROM ratings WHERE guild_id = $1 AND user_id = $2",
        &[Param::Int(GUILD.0 as i64), Param::Int(user_of(user))],
    )
    .await;
    w.exec(
        &format!(
            "INSERT INTO ratings (guild_id, kind, user_id, rating, games, wins, draws, losses)
             VALUES ($1, 'sidja', $2, {rating_sql}, $3, 0, 0, $3)"
        ),
        &[
            Param::Int(GUILD.0 as i64),
            Param::Int(user_of(user)),
            Param::Int(games),
        ],
    )
    .await;
}

fn user_of(n: u64) -> i64 {
    user(n).0 as i64
}

/// `+∞` as each backend spells it in SQL.
fn infinity(w: &World) -> &'static str {
    match w.backend {
        Backend::Sqlite => "9e999",
        Backend::Postgres => "'Infinity'",
    }
}

async fn board(w: &World) -> Vec<RatingRow> {
    w.store.leaderboard(GUILD, "sidja", 10).await.unwrap()
}

fn line(board: &[RatingRow], n: u64) -> Option<&RatingRow> {
    board.iter().find(|r| r.user == user(n))
}

/// alice's rating is `NaN`, then bob's infinite: each game still finishes, the damaged
/// row is left as it was and named, the opponent's rating is not touched by it, and the
/// leaderboard lists everyone else.
async fn a_damaged_rating_neither_stops_a_game_nor_spreads(w: World) {
    put_rating(&w, 1, "'NaN'", 3).await;
    put_rating(&w, 3, "1600", 2).await;
    let (id, _) = w.start(&[]).await;
    let reply = w.table.resign(&alice(), Some(id)).await.unwrap();
    assert!(reply.text.contains("won (resignation)"), "{}", reply.text);
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(row.status, boardpost::store::GameStatus::Finished);
    // alice's row as it was: three games, the rating not rewritten.
    let alice_games = w
        .number(
            "SELECT games FROM ratings WHERE user_id = $1",
            &[Param::Int(user_of(1))],
        )
        .await;
    assert_eq!(alice_games, 3);
    // bob won, counted; his rating did not move against an unknown one.
    let listed = board(&w).await;
    let bobs = line(&listed, 2).expect("bob is listed");
    assert_eq!(
        (bobs.rating, bobs.games, bobs.wins),
        (1500.0, 1, 1),
        "{listed:?}"
    );
    assert_eq!(line(&listed, 3).map(|r| r.rating), Some(1600.0));
    assert!(line(&listed, 1).is_none(), "{listed:?}");
    let shown = w.table.leaderboard(&carol(), "sidja").await.unwrap().text;
    assert!(
        shown.contains(&carol().user.mention()) && shown.contains(&bob().user.mention()),
        "{shown}"
    );
    assert!(!shown.contains(&alice().user.mention()), "{shown}");
    let damaged = boardpost::ops::check_ratings(&w.store).await.unwrap();
    assert_eq!(damaged.len(), 1, "{damaged:?}");
    let report = boardpost::ops::check(&w.store, false, &mut |_, _| {})
        .await
        .unwrap();
    assert_eq!(report.ratings, damaged);
    assert!(report.unrepaired() >= 1);
    let d = &damaged[0];
    assert_eq!(
        (d.guild.as_str(), d.kind.as_str(), d.user.as_str()),
        (
            GUILD.to_string().as_str(),
            "sidja",
            user(1).to_string().as_str()
        )
    );
    assert!(d.why.contains("rating"), "{}", d.why);
    let said = d.to_string();
    assert!(
        said.contains(&user(1).to_string()) && said.contains(&GUILD.to_string()),
        "{said}"
    );

    // alice mended; bob's rating now infinite. alice resigns again: her rating does not
    // become NaN or infinite, bob's row is left as it is.
    put_rating(&w, 1, "1500", 1).await;
    put_rating(&w, 2, infinity(&w), 1).await;
    let (second, _) = w.start(&[]).await;
    w.table.resign(&alice(), Some(second)).await.unwrap();
    let listed = board(&w).await;
    let alices = line(&listed, 1).expect("alice is listed");
    assert_eq!((alices.rating, alices.games, alices.losses), (1500.0, 2, 2));
    assert!(line(&listed, 2).is_none(), "{listed:?}");
    let bob_games = w
        .number(
            "SELECT games FROM ratings WHERE user_id = $1",
            &[Param::Int(user_of(2))],
        )
        .await;
    assert_eq!(bob_games, 1);
    let damaged = boardpost::ops::check_ratings(&w.store).await.unwrap();
    let users: Vec<&str> = damaged.iter().map(|d| d.user.as_str()).collect();
    assert_eq!(users, vec![user(2).to_string().as_str()], "{damaged:?}");

    // SQLite keeps any value in any column: a count that is not a number is damage too,
    // left out of the leaderboard and reported.
    if w.backend == Backend::Sqlite {
        w.exec(
            "UPDATE ratings SET games = 'many' WHERE user_id = $1",
            &[Param::Int(user_of(3))],
        )
        .await;
        let listed = board(&w).await;
        assert!(
            line(&listed, 1).is_some() && line(&listed, 3).is_none(),
            "{listed:?}"
        );
        let damaged = boardpost::ops::check_ratings(&w.store).await.unwrap();
        let users: Vec<&str> = damaged.iter().map(|d| d.user.as_str()).collect();
        assert_eq!(users.len(), 2, "{damaged:?}");
        assert!(users.contains(&user(3).to_string().as_str()), "{damaged:?}");
    }
}

/// A challenge whose stored days per move are out of range is refused with its id when
/// it would start, and no game is made of it; every other challenge still starts.
async fn a_challenge_with_days_per_move_out_of_range_is_refused(w: World) {
    for days in [100_000_000_000_000, 0, -3, i64::MAX] {
        let req = ChallengeRequest {
            game: "sidja".into(),
            opponents: vec![bob().user],
            days_per_move: Some(3),
            ..ChallengeRequest::default()
        };
        w.table.challenge(&alice(), req).await.unwrap();
        let id = w
            .number("SELECT MAX(challenge_id) FROM challenges", &[])
            .await;
        w.exec(
            "UPDATE challenges SET days_per_move = $1 WHERE challenge_id = $2",
            &[Param::Int(days), Param::Int(id)],
        )
        .await;
        let err = refusal(w.table.accept(&bob(), Some(ChallengeId(id))).await);
        assert!(
            err.contains(&format!("challenge #{id}")) && err.contains("days per move"),
            "{days}: {err}"
        );
        assert_eq!(w.number("SELECT COUNT(*) FROM games", &[]).await, 0);
        w.exec(
            "UPDATE challenges SET status = 'cancelled' WHERE challenge_id = $1",
            &[Param::Int(id)],
        )
        .await;
    }
    let (game, _) = w.start(&[]).await;
    let row = w.store.game(GUILD, game).await.unwrap().unwrap();
    assert_eq!(row.deadline, Some(START + 3 * DAY));
}

/// A game whose stored days per move are out of range is refused with its id (its
/// next turn would start already lost, or wrap); the player's other game goes on.
async fn a_game_with_days_per_move_out_of_range_is_refused(w: World) {
    let (id, _) = w.start(&[]).await;
    let (other, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let version = w.store.game(GUILD, id).await.unwrap().unwrap().version;
    for days in [100_000_000_000_000, 0, -1, i64::MAX] {
        w.exec(
            "UPDATE games SET days_per_move = $1 WHERE game_id = $2",
            &[Param::Int(days), Param::Int(id.0)],
        )
        .await;
        let err = refusal(w.table.play_move(&bob(), Some(id), "a2 b2").await);
        assert!(
            err.contains(&format!("game #{id}")) && err.contains("days per move"),
            "{days}: {err}"
        );
    }
    let turns = w
        .number(
            "SELECT version FROM games WHERE game_id = $1",
            &[Param::Int(id.0)],
        )
        .await;
    assert_eq!(turns, version, "nothing was written");
    let reply = w
        .table
        .play_move(&alice(), Some(other), "a1 b1")
        .await
        .unwrap();
    assert!(
        reply.text.contains(&format!("game #{other}")),
        "{}",
        reply.text
    );
    assert!(w.store.game(GUILD, GameId(id.0)).await.is_err());
}

/// A stored clock offset the terminal could not have written (too far ahead, behind,
/// not a number) is refused at start with what to do; deleting it starts the clock
/// from now.
async fn a_stored_clock_offset_out_of_range_is_refused_saying_what_to_do(w: World) {
    let boards = w.dir.path().join("boards");
    for stored in [
        (1000 * 365 * DAY).to_string(),
        i64::MAX.to_string(),
        "-86400".to_string(),
        "soon".to_string(),
    ] {
        w.store
            .set_meta("local_clock_offset", &stored)
            .await
            .unwrap();
        let err = match Local::open(w.store.clone(), boards.clone()).await {
            Ok(_) => panic!("{stored}: accepted"),
            Err(e) => e.to_string(),
        };
        assert!(
            err.contains("local_clock_offset")
                && err.contains(&stored)
                && err.contains("DELETE FROM meta WHERE key = 'local_clock_offset'"),
            "{stored}: {err}"
        );
    }
    w.exec("DELETE FROM meta WHERE key = 'local_clock_offset'", &[])
        .await;
    let local = Local::open(w.store.clone(), boards.clone()).await.unwrap();
    let fresh = local::now_of(&local);
    drop(local);
    w.store
        .set_meta("local_clock_offset", &(2 * DAY).to_string())
        .await
        .unwrap();
    let local = Local::open(w.store.clone(), boards).await.unwrap();
    assert!(local::now_of(&local) - fresh >= 2 * DAY);
}

/// Outbox rows whose image names are empty, absolute, or lead out of `--boards` are
/// skipped with their ids and stay in the outbox; every other notice is delivered and
/// its file saved in `--boards`, and the session goes on.
async fn an_outbox_row_naming_a_file_outside_the_boards_is_skipped(w: World) {
    // A loss on time leaves a notice with its board image; delivered.
    let (id, _) = w.start(&[]).await;
    w.clock.advance(4 * DAY);
    w.table.tick().await.unwrap();
    w.exec("UPDATE outbox SET sent_at = 1", &[]).await;
    let source = w
        .number(
            "SELECT MIN(notice_id) FROM outbox WHERE image_name IS NOT NULL AND game_id = $1",
            &[Param::Int(id.0)],
        )
        .await;
    let outside = w.dir.path().join("outside.png");
    let names = [
        ("", "empty name"),
        (outside.to_str().unwrap(), "absolute name"),
        ("../escape.png", "parent name"),
        ("sub/board.png", "separated name"),
        (".hidden.png", "dotted name"),
        ("fine-board.png", "plain name"),
    ];
    for (name, text) in names {
        w.exec(
            "INSERT INTO outbox (game_id, guild_id, channel_id, parent_id, dm, in_channel,
               text, pings, image_name, image, created_at, next_try_at, dm_texts)
             SELECT game_id, guild_id, channel_id, parent_id, dm, in_channel, $1, pings, $2,
               image, created_at, 0, dm_texts
             FROM outbox WHERE notice_id = $3",
            &[
                Param::Text(text.to_string()),
                Param::Text(name.to_string()),
                Param::Int(source),
            ],
        )
        .await;
    }
    let boards = w.dir.path().join("boards");
    let mut local = Local::open(w.store.clone(), boards.clone()).await.unwrap();
    let mut out = Vec::new();
    local
        .run(
            &b"/as alice\n/games\n/as bob\n/games\n"[..],
            &mut out,
            false,
        )
        .await
        .expect("the session goes on");
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("plain name"), "{out}");
    assert!(boards.join("fine-board.png").is_file(), "{out}");
    assert!(out.contains("You are bob."), "{out}");
    for (_, text) in &names[..5] {
        assert!(!out.contains(text), "{text}: {out}");
    }
    assert!(!outside.exists());
    assert!(!w.dir.path().join("escape.png").exists());
    assert!(!boards.join("sub").exists());
    assert!(!boards.join(".hidden.png").exists());
    // The skipped rows wait in the outbox, for `db check` and a person.
    let unsent: Vec<i64> = w
        .store
        .unsent_notices()
        .await
        .unwrap()
        .into_iter()
        .map(|n| n.0)
        .collect();
    assert_eq!(unsent.len(), 5, "{unsent:?}");
    let report = boardpost::ops::check(&w.store, false, &mut |_, _| {})
        .await
        .unwrap();
    let mut named: Vec<i64> = report.notices.iter().map(|n| n.id).collect();
    named.sort();
    assert_eq!(named, unsent, "{:?}", report.notices);
    let plain = w
        .number(
            "SELECT notice_id FROM outbox WHERE image_name = 'fine-board.png'",
            &[],
        )
        .await;
    assert!(!unsent.contains(&plain));
}

on_both_backends!(
    a_damaged_rating_neither_stops_a_game_nor_spreads,
    a_challenge_with_days_per_move_out_of_range_is_refused,
    a_game_with_days_per_move_out_of_range_is_refused,
    a_stored_clock_offset_out_of_range_is_refused_saying_what_to_do,
    an_outbox_row_naming_a_file_outside_the_boards_is_skipped,
);
