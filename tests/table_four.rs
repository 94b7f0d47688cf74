//! The service for a game of four (xiangqi4) over a real SQLite file: open seats filled
//! by Accept, eliminations by resignation and by time, draws that need every player
//! still in, ratings from the final order, and records that replay withdrawals.

mod common;

use boardpost::clock::DAY;
use boardpost::games::Game as _;
use boardpost::games::{AnyGame, Seat};
use boardpost::ids::GameId;
use boardpost::replay::{self, Request};
use boardpost::store::First;
use boardpost::table::{Caller, ChallengeRequest, DrawAction};
use common::world::*;

fn dave() -> Caller {
    caller(4, "dave")
}

async fn position(w: &World, id: GameId) -> AnyGame {
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    serde_json::from_str(&row.state).unwrap()
}

/// alice challenges bob by name and leaves two seats open; carol and dave take them.
async fn start_four(w: &World, mode: &str) -> GameId {
    let req = ChallengeRequest {
        game: "xiangqi4".into(),
        opponents: vec![bob().user],
        options: vec![format!("mode={mode}")],
        days_per_move: Some(3),
        first: Some(First::Challenger),
        ..ChallengeRequest::default()
    };
    let posted = w.table.challenge(&alice(), req).await.unwrap();
    assert!(posted.text.contains("and 2 more"), "{}", posted.text);
    let joined = w.table.accept(&bob(), None).await.unwrap();
    assert!(
        joined.text.contains("waiting for 2 more"),
        "{}",
        joined.text
    );
    let joined = w.table.accept(&carol(), None).await.unwrap();
    assert!(
        joined.text.contains("waiting for 1 more"),
        "{}",
        joined.text
    );
    let started = w.table.accept(&dave(), None).await.unwrap();
    assert_eq!(started.pings, vec![alice().user], "{}", started.text);
    started.thread.expect("a new game asks for a thread").game
}

fn user_of(seat: Seat) -> Caller {
    match seat.number() {
        1 => alice(),
        2 => bob(),
        3 => carol(),
        _ => dave(),
    }
}

async fn open_seats_are_filled_by_accept_and_each_player_is_pinged_in_turn(w: World) {
    let id = start_four(&w, "ffa").await;
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(
        row.seats,
        vec![alice().user, bob().user, carol().user, dave().user]
    );
    for expected in [bob(), carol(), dave(), alice()] {
        let game = position(&w, id).await;
        let mover = user_of(game.to_move().unwrap());
        let action = game.legal()[0].clone();
        let reply = w.table.play_move(&mover, Some(id), &action).await.unwrap();
        assert_eq!(reply.pings, vec![expected.user], "{}", reply.text);
    }
    // Out of turn: refused with whose move it is.
    let text = refusal(w.table.play_move(&carol(), Some(id), "j4-j5").await);
    assert!(text.contains("not yours"), "{text}");
}

async fn a_resignation_eliminates_and_the_others_play_on(w: World) {
    let id = start_four(&w, "ffa").await;
    // carol (Yellow, seat 3) resigns while alice is to move.
    let reply = w.table.resign(&carol(), Some(id)).await.unwrap();
    assert!(reply.text.contains("is out"), "{}", reply.text);
    let game = position(&w, id).await;
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.seats_in(),
        vec![Seat::FIRST, Seat::SECOND, Seat::from_number(4).unwrap()]
    );
    assert!(!game.pieces().iter().any(|p| p.seat.number() == 3));
    // It was not carol's turn: alice keeps hers, and her time limit.
    assert_eq!(game.to_move(), Some(Seat::FIRST));
    let text = refusal(w.table.play_move(&carol(), Some(id), "j19-j18").await);
    assert!(text.contains("you are out of game"), "{text}");
    let text = refusal(w.table.draw(&carol(), Some(id), DrawAction::Offer).await);
    assert!(text.contains("you are out of game"), "{text}");
    // Play goes round the three left: alice, bob, dave.
    for expected in [2, 4, 1] {
        let game = position(&w, id).await;
        let mover = user_of(game.to_move().unwrap());
        let action = game.legal()[0].clone();
        w.table.play_move(&mover, Some(id), &action).await.unwrap();
        assert_eq!(position(&w, id).await.to_move().unwrap().number(), expected);
    }
    // The log replays the withdrawal where it happened, also after the snapshot is lost.
    let before = position(&w, id).await;
    // (PostgreSQL holds only JSON there: JSON that is no game.)
    let broken = match w.backend {
        boardpost::store::Backend::Sqlite => "{broken",
        boardpost::store::Backend::Postgres => "[\"broken\"]",
    };
    w.exec(
        "UPDATE games SET state = $1 WHERE game_id = $2",
        &[Param::Json(broken.into()), Param::Int(id.0)],
    )
    .await;
    let (t, store) = w.restart_with_store().await;
    t.board(&alice(), Some(id)).await.unwrap();
    let row = store.game(GUILD, id).await.unwrap().unwrap();
    let rebuilt: AnyGame = serde_json::from_str(&row.state).unwrap();
    assert_eq!(rebuilt, before);
}

async fn running_out_of_time_eliminates_the_player_to_move(w: World) {
    let id = start_four(&w, "ffa").await;
    w.clock.advance(3 * DAY + 1);
    let notices = w.table.tick().await.unwrap();
    let out = notices
        .iter()
        .find(|n| n.reply.text.contains("ran out of time"))
        .expect("a timeout notice");
    assert!(out.reply.text.contains("is out"), "{}", out.reply.text);
    assert!(
        out.reply.pings.contains(&bob().user),
        "{:?}",
        out.reply.pings
    );
    let game = position(&w, id).await;
    assert_eq!(game.to_move(), Some(Seat::SECOND));
    assert!(!game.seats_in().contains(&Seat::FIRST));
    // bob gets a fresh time limit from now.
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(row.deadline, Some(START + 3 * DAY + 1 + 3 * DAY));
    // Ticking again sends nothing more for that turn.
    assert!(w
        .table
        .tick()
        .await
        .unwrap()
        .iter()
        .all(|n| !n.reply.text.contains("ran out of time")));
}

async fn a_draw_needs_every_player_still_in_and_ratings_follow_the_final_order(w: World) {
    let id = start_four(&w, "ffa").await;
    w.table.resign(&dave(), Some(id)).await.unwrap();
    w.table
        .draw(&alice(), Some(id), DrawAction::Offer)
        .await
        .unwrap();
    let waiting = w
        .table
        .draw(&bob(), Some(id), DrawAction::Accept)
        .await
        .unwrap();
    assert!(waiting.text.contains("waiting"), "{}", waiting.text);
    let drawn = w
        .table
        .draw(&carol(), Some(id), DrawAction::Accept)
        .await
        .unwrap();
    assert!(drawn.text.contains("Draw agreed"), "{}", drawn.text);
    let board = w.table.leaderboard(&alice(), "xiangqi4").await.unwrap();
    let lines: Vec<&str> = board.text.lines().collect();
    // The three who drew share first place and gain from dave, who went out.
    assert!(
        lines.last().unwrap().contains(&dave().user.mention()),
        "{}",
        board.text
    );
    assert!(board.text.contains("0 won, 1 drawn"), "{}", board.text);
    assert!(board.text.contains("0 drawn, 1 lost"), "{}", board.text);
}

async fn the_last_player_left_wins_and_the_record_replays_the_withdrawals(w: World) {
    let id = start_four(&w, "ffa").await;
    let game = position(&w, id).await;
    let first = game.legal()[0].clone();
    w.table.play_move(&alice(), Some(id), &first).await.unwrap();
    w.table.resign(&bob(), Some(id)).await.unwrap();
    w.table.resign(&dave(), Some(id)).await.unwrap();
    let last = w.table.resign(&carol(), Some(id)).await.unwrap();
    assert!(last.text.contains("Game over"), "{}", last.text);
    let game = position(&w, id).await;
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![Seat::FIRST]);
    let board = w.table.leaderboard(&alice(), "xiangqi4").await.unwrap();
    let order: Vec<usize> = [alice(), carol(), dave(), bob()]
        .iter()
        .map(|c| board.text.find(&c.user.mention()).unwrap())
        .collect();
    assert!(
        order.windows(2).all(|p| p[0] < p[1]),
        "ranked by when they went out: {}",
        board.text
    );
    let export = w.table.export(&alice(), Some(id)).await.unwrap();
    let record = String::from_utf8(export.file.unwrap().bytes).unwrap();
    assert!(record.contains("#! resign 2"), "{record}");
    assert!(record.contains("#! resign 3"), "{record}");
    // `boardpost replay` reads the record back, withdrawals included.
    let request = Request {
        game: "xiangqi4".into(),
        options: vec!["mode=ffa".into()],
        actions: vec!["-".into()],
        ..Request::default()
    };
    let replayed = replay::replay(&request, &mut record.as_bytes()).unwrap();
    assert_eq!(replayed, game);
}

async fn xiangqi_moves_are_found_by_iccs_or_wxf_and_records_show_both(w: World) {
    let req = ChallengeRequest {
        game: "xiangqi".into(),
        opponents: vec![bob().user],
        options: Vec::new(),
        days_per_move: Some(3),
        first: Some(First::Challenger),
        ..ChallengeRequest::default()
    };
    w.table.challenge(&alice(), req).await.unwrap();
    let id = w
        .table
        .accept(&bob(), None)
        .await
        .unwrap()
        .thread
        .unwrap()
        .game;
    // WXF: the cannon on red's file 2 (h2), any case, `=` for `.`.
    let menu = w
        .table
        .suggest_moves(&alice(), Some(id), "c2=")
        .await
        .unwrap();
    let values: Vec<&str> = menu.iter().map(|c| c.value.as_str()).collect();
    assert!(values.contains(&"h2-e2"), "{values:?}");
    assert!(values.iter().all(|v| v.starts_with("h2-")), "{values:?}");
    let central = menu.iter().find(|c| c.value == "h2-e2").unwrap();
    assert!(central.label.contains("C2.5"), "{}", central.label);
    // ICCS: h2e finds h2-e2 as well.
    let menu = w
        .table
        .suggest_moves(&alice(), Some(id), "h2e")
        .await
        .unwrap();
    assert_eq!(menu.len(), 1, "{menu:?}");
    // Either notation plays.
    w.table.play_move(&alice(), Some(id), "C2.5").await.unwrap();
    w.table.play_move(&bob(), Some(id), "h9g7").await.unwrap();
    let history = w.table.history(&alice(), Some(id)).await.unwrap();
    assert!(history.text.contains("h2-e2 (C2.5)"), "{}", history.text);
    assert!(history.text.contains("h9-g7 (H8+7)"), "{}", history.text);
    let export = w.table.export(&alice(), Some(id)).await.unwrap();
    let record = String::from_utf8(export.file.unwrap().bytes).unwrap();
    assert!(record.contains("h2-e2   # C2.5"), "{record}");
    let request = Request {
        game: "xiangqi".into(),
        actions: vec!["-".into()],
        ..Request::default()
    };
    let replayed = replay::replay(&request, &mut record.as_bytes()).unwrap();
    assert_eq!(replayed.history(), ["h2-e2", "h9-g7"]);
}

on_both_backends!(
    open_seats_are_filled_by_accept_and_each_player_is_pinged_in_turn,
    a_resignation_eliminates_and_the_others_play_on,
    running_out_of_time_eliminates_the_player_to_move,
    a_draw_needs_every_player_still_in_and_ratings_follow_the_final_order,
    the_last_player_left_wins_and_the_record_replays_the_withdrawals,
    xiangqi_moves_are_found_by_iccs_or_wxf_and_records_show_both,
);
