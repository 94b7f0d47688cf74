//! The use cases of the service over a real SQLite file: challenges, moves, the rules of
//! the service, offers, takebacks, exports, deadlines and ratings.

use boardpost::clock::DAY;
use boardpost::games::AnyGame;
use boardpost::games::Game as _;
use boardpost::ids::{ChallengeId, GameId};
use boardpost::replay::{self, Request};
use boardpost::store::First;
use boardpost::table::{
    Caller, ChallengeRequest, DrawAction, PremoveAction, SettingsChange, TakebackAction,
    VacationAction, MAX_LINES, MAX_LINE_ACTIONS,
};
use boardpost_testkit::world::*;

async fn position(w: &World, id: GameId) -> AnyGame {
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    serde_json::from_str(&row.state).unwrap()
}

fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n") && image::load_from_memory(bytes).is_ok()
}

/// Plays legal actions (the first listed, turn by turn) until `plies` typed actions.
async fn play_on(w: &World, id: GameId, turns: usize) {
    for _ in 0..turns {
        let game = position(w, id).await;
        let Some(seat) = game.to_move() else { return };
        let who = if seat.number() == 1 { alice() } else { bob() };
        let action = game.legal()[0].clone();
        w.table.play_move(&who, Some(id), &action).await.unwrap();
    }
}

async fn a_challenge_accepted_starts_a_game_that_pings_the_player_to_move(w: World) {
    let req = ChallengeRequest {
        game: "Sidja".into(),
        opponents: vec![bob().user],
        options: vec!["variant=seega".into(), "size=7".into()],
        days_per_move: None,
        first: Some(First::Opponent),
        ..ChallengeRequest::default()
    };
    let posted = w.table.challenge(&alice(), req).await.unwrap();
    assert_eq!(posted.pings, vec![bob().user]);
    assert_eq!(
        posted
            .buttons
            .iter()
            .map(|b| b.label.as_str())
            .collect::<Vec<_>>(),
        ["Accept", "Decline", "Cancel"]
    );
    assert!(
        posted.text.contains("seega") && posted.text.contains("3 days per move"),
        "{}",
        posted.text
    );
    assert!(!posted.ephemeral);

    let started = w.table.accept(&bob(), None).await.unwrap();
    // first=opponent: bob has seat 1 and moves first.
    assert_eq!(started.pings, vec![bob().user]);
    assert!(is_png(&started.image.as_ref().unwrap().bytes));
    let thread = started.thread.unwrap();
    assert!(thread.name.contains("bob vs alice"), "{}", thread.name);
    let row = w.store.game(GUILD, thread.game).await.unwrap().unwrap();
    assert_eq!(row.seats, vec![bob().user, alice().user]);
    assert_eq!(row.deadline, Some(START + 3 * DAY));
    assert_eq!(
        boardpost::replay::view::options_json(&position(&w, thread.game).await.game_options())
            ["size"],
        7
    );

    let moved = w.table.play_move(&bob(), None, "a1 B1").await.unwrap();
    assert_eq!(moved.pings, vec![alice().user]);
    assert!(moved.text.contains("**a1 b1**"), "{}", moved.text);
    let image = moved.image.unwrap();
    assert!(is_png(&image.bytes));
    // The picture is the stored position from the side of alice, who moves next: her
    // /board shows the very same one.
    assert_eq!(image.name, format!("sidja-{}-ply2.png", thread.game.0));
    let board = w.table.board(&alice(), Some(thread.game)).await.unwrap();
    assert!(board.image.unwrap().bytes == image.bytes);
}

async fn only_the_player_to_move_may_move(w: World) {
    let (id, _) = w.start(&[]).await;
    assert!(refusal(w.table.play_move(&bob(), Some(id), "a1").await).contains("not yours"));
    assert!(
        refusal(w.table.play_move(&carol(), Some(id), "a1").await).contains("not playing in game")
    );
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    assert!(refusal(w.table.play_move(&alice(), Some(id), "c1").await).contains("not yours"));
}

async fn a_move_text_is_atomic_and_stays_within_the_turn(w: World) {
    let (id, _) = w.start(&[]).await;
    let err = refusal(w.table.play_move(&alice(), Some(id), "a1 c3").await);
    assert!(
        err.starts_with("action 2 \"c3\": c3 is the centre"),
        "{err}"
    );
    let err = refusal(w.table.play_move(&alice(), Some(id), "a1 b1 c1").await);
    assert!(err.starts_with("action 3 \"c1\": your turn ends"), "{err}");
    assert!(refusal(w.table.play_move(&alice(), Some(id), " , ").await).contains("type a move"));
    assert_eq!(position(&w, id).await.history(), Vec::<String>::new());
    assert!(w.store.actions(id).await.unwrap().is_empty());
}

async fn games_of_one_server_are_invisible_from_another(w: World) {
    let (id, _) = w.start(&[]).await;
    let outsider = Caller {
        guild: OTHER_GUILD,
        ..alice()
    };
    let t = &w.table;
    let checks = [
        refusal(t.play_move(&outsider, Some(id), "a1").await),
        refusal(t.board(&outsider, Some(id)).await),
        refusal(t.history(&outsider, Some(id)).await),
        refusal(t.export(&outsider, Some(id)).await),
        refusal(t.resign(&outsider, Some(id)).await),
        refusal(t.draw(&outsider, Some(id), DrawAction::Offer).await),
        refusal(
            t.takeback(&outsider, Some(id), TakebackAction::Request)
                .await,
        ),
    ];
    for text in checks {
        assert!(
            text.contains(&format!("there is no game #{id} on this server")),
            "{text}"
        );
    }
    // Without an id, the other server's games are not found either.
    assert!(refusal(t.play_move(&outsider, None, "a1").await).contains("no game here yet"));
    let games = t.games(&outsider, None).await.unwrap();
    assert!(games.text.contains("no game going on"), "{}", games.text);
    // Nor its challenges.
    let req = ChallengeRequest {
        game: "sidja".into(),
        ..ChallengeRequest::default()
    };
    let open = t.challenge(&alice(), req).await.unwrap();
    let challenge = ChallengeId(
        open.buttons[0]
            .id
            .rsplit(':')
            .next()
            .unwrap()
            .parse()
            .unwrap(),
    );
    let err = refusal(
        t.accept(
            &Caller {
                guild: OTHER_GUILD,
                ..bob()
            },
            Some(challenge),
        )
        .await,
    );
    assert!(err.contains("no challenge"), "{err}");
}

async fn challenges_check_their_options_and_players(w: World) {
    let t = &w.table;
    let req = |game: &str,
               opponents: Vec<boardpost::ids::UserId>,
               options: &[&str],
               days: Option<i64>| ChallengeRequest {
        game: game.into(),
        opponents,
        options: options.iter().map(|s| s.to_string()).collect(),
        days_per_move: days,
        first: None,
        ..ChallengeRequest::default()
    };
    assert!(
        refusal(t.challenge(&alice(), req("chess", vec![], &[], None)).await)
            .contains("no game called")
    );
    assert!(refusal(
        t.challenge(&alice(), req("sidja", vec![], &["size=6"], None))
            .await
    )
    .contains("size is one of 5, 7, 9"));
    assert!(refusal(
        t.challenge(&alice(), req("sidja", vec![], &[], Some(4)))
            .await
    )
    .contains("1, 2, 3, 5, 7, 10, 14"));
    assert!(refusal(
        t.challenge(&alice(), req("sidja", vec![alice().user], &[], None))
            .await
    )
    .contains("yourself"));
    assert!(refusal(
        t.challenge(
            &alice(),
            req("sidja", vec![bob().user, carol().user], &[], None)
        )
        .await
    )
    .contains("at most 1"));

    // A named challenge: only bob may accept or decline; only alice may cancel.
    t.challenge(&alice(), req("sidja", vec![bob().user], &[], None))
        .await
        .unwrap();
    assert!(refusal(t.accept(&carol(), Some(ChallengeId(1))).await).contains("names"));
    assert!(refusal(t.accept(&alice(), Some(ChallengeId(1))).await).contains("your own challenge"));
    assert!(refusal(t.cancel(&bob(), Some(ChallengeId(1))).await).contains("only the challenger"));
    let declined = t.decline(&bob(), None).await.unwrap();
    assert_eq!(declined.pings, vec![alice().user]);
    assert!(refusal(t.accept(&bob(), Some(ChallengeId(1))).await).contains("declined"));

    // An open challenge: the first taker plays; the challenger can cancel before.
    t.challenge(&alice(), req("sidja", vec![], &[], None))
        .await
        .unwrap();
    t.cancel(&alice(), None).await.unwrap();
    assert!(refusal(t.accept(&carol(), Some(ChallengeId(2))).await).contains("cancelled"));
    t.challenge(&alice(), req("sidja", vec![], &[], None))
        .await
        .unwrap();
    let started = t.accept(&carol(), None).await.unwrap();
    assert!(started.thread.is_some());
    assert!(refusal(t.accept(&bob(), Some(ChallengeId(3))).await).contains("already started"));
}

async fn the_game_is_found_without_an_id_when_it_is_clear(w: World) {
    let (first, _) = w.start(&[]).await;
    // One game: found.
    w.table.play_move(&alice(), None, "a1 b1").await.unwrap();
    // A second game: bob's move in the first, alice's in the second.
    let (second, _) = w.start(&[]).await;
    let reply = w.table.play_move(&bob(), None, "a2 b2").await.unwrap();
    assert!(
        reply.text.contains(&format!("game #{first}")),
        "{}",
        reply.text
    );
    // Now it is alice's move in both: she must say which.
    let err = refusal(w.table.play_move(&alice(), None, "c1 d1").await);
    assert!(err.contains("say which"), "{err}");
    // Inside a game's thread, that game.
    w.store
        .set_thread(second, boardpost::ids::ChannelId(42))
        .await
        .unwrap();
    let in_thread = Caller {
        channel: boardpost::ids::ChannelId(42),
        ..alice()
    };
    let reply = w.table.play_move(&in_thread, None, "c1 d1").await.unwrap();
    assert!(
        reply.text.contains(&format!("game #{second}")),
        "{}",
        reply.text
    );
}

async fn resigning_ends_the_game_refuses_later_moves_and_rates_it(w: World) {
    let (id, _) = w.start(&[]).await;
    assert!(refusal(w.table.resign(&carol(), Some(id)).await).contains("not playing"));
    let reply = w.table.resign(&alice(), Some(id)).await.unwrap();
    assert!(reply.text.contains("won (resignation)"), "{}", reply.text);
    assert_eq!(reply.pings, vec![bob().user]);
    let err = refusal(w.table.play_move(&alice(), Some(id), "a1").await);
    assert!(err.contains(&format!("game #{id} is over")), "{err}");
    assert!(refusal(w.table.resign(&bob(), Some(id)).await).contains("is over"));
    let board = w.table.leaderboard(&alice(), "sidja").await.unwrap();
    let bob_line = board.text.lines().nth(1).unwrap();
    assert!(
        bob_line.contains(&bob().user.mention()) && bob_line.contains("1516"),
        "{}",
        board.text
    );
}

async fn a_whole_game_plays_to_its_end_through_the_table(w: World) {
    let (id, _) = w.start(&["variant=sidja"]).await;
    let mut turns = 0;
    loop {
        let game = position(&w, id).await;
        let Some(seat) = game.to_move() else { break };
        let who = if seat.number() == 1 { alice() } else { bob() };
        let legal = game.legal();
        let action = legal[(turns * 7) % legal.len()].clone();
        let reply = w.table.play_move(&who, Some(id), &action).await.unwrap();
        turns += 1;
        assert!(turns < 2_000);
        let after = position(&w, id).await;
        match after.to_move() {
            Some(next) if next != seat => {
                let next_user = if next.number() == 1 {
                    alice().user
                } else {
                    bob().user
                };
                assert_eq!(reply.pings, vec![next_user]);
            }
            _ => assert!(reply.pings.is_empty()),
        }
    }
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(row.status, boardpost::store::GameStatus::Finished);
    assert!(row.result.is_some());
    let typed: Vec<String> = position(&w, id)
        .await
        .history()
        .into_iter()
        .filter(|a| a != "pass")
        .collect();
    let logged: Vec<String> = w
        .store
        .actions(id)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.text)
        .collect();
    assert_eq!(typed, logged);
    let board = w.table.leaderboard(&alice(), "sidja").await.unwrap();
    assert!(board.text.contains("(1 games"), "{}", board.text);
    // Right after the end, the game is still found without naming it.
    let export = w.table.export(&bob(), None).await.unwrap();
    assert!(String::from_utf8(export.file.unwrap().bytes)
        .unwrap()
        .contains("# result: seat"));
    assert!(refusal(w.table.play_move(&alice(), None, "a1").await).contains("is over"));
}

async fn a_draw_needs_every_player_and_lapses_with_a_move(w: World) {
    let (id, _) = w.start(&[]).await;
    let t = &w.table;
    assert!(refusal(t.draw(&bob(), Some(id), DrawAction::Accept).await).contains("no draw offer"));
    let offer = t.draw(&alice(), Some(id), DrawAction::Offer).await.unwrap();
    assert_eq!(offer.pings, vec![bob().user]);
    assert_eq!(offer.buttons[0].id, format!("draw:accept:{id}"));
    assert!(
        refusal(t.draw(&alice(), Some(id), DrawAction::Accept).await).contains("agreed already")
    );
    // A move makes the offer lapse: it is gone from the database, not only out of date.
    t.play_move(&alice(), Some(id), "a1 b1").await.unwrap();
    assert!(refusal(t.draw(&bob(), Some(id), DrawAction::Accept).await).contains("no draw offer"));
    assert_eq!(rows_in(&w, "offers").await, 0);
    // Declined, then offered again and accepted.
    t.draw(&bob(), Some(id), DrawAction::Offer).await.unwrap();
    let declined = t
        .draw(&alice(), Some(id), DrawAction::Decline)
        .await
        .unwrap();
    assert_eq!(declined.pings, vec![bob().user]);
    assert!(
        refusal(t.draw(&alice(), Some(id), DrawAction::Accept).await).contains("no draw offer")
    );
    t.draw(&bob(), Some(id), DrawAction::Offer).await.unwrap();
    assert!(refusal(t.draw(&carol(), Some(id), DrawAction::Accept).await).contains("not playing"));
    let agreed = t
        .draw(&alice(), Some(id), DrawAction::Accept)
        .await
        .unwrap();
    assert!(
        agreed.text.contains("a draw (agreed draw)"),
        "{}",
        agreed.text
    );
    let board = t.leaderboard(&alice(), "sidja").await.unwrap();
    assert!(
        board.text.contains("1500") && board.text.contains("1 drawn"),
        "{}",
        board.text
    );
}

async fn a_takeback_undoes_the_requesters_last_turn(w: World) {
    let (id, _) = w.start(&[]).await;
    let t = &w.table;
    assert!(refusal(
        t.takeback(&alice(), Some(id), TakebackAction::Request)
            .await
    )
    .contains("no move to take back"));
    t.play_move(&alice(), Some(id), "a1 b1").await.unwrap();
    t.play_move(&bob(), Some(id), "a2 b2").await.unwrap();
    let asked = t
        .takeback(&bob(), Some(id), TakebackAction::Request)
        .await
        .unwrap();
    assert_eq!(asked.pings, vec![alice().user]);
    assert!(
        refusal(t.takeback(&bob(), Some(id), TakebackAction::Accept).await)
            .contains("your own request")
    );
    let done = t
        .takeback(&alice(), Some(id), TakebackAction::Accept)
        .await
        .unwrap();
    assert!(done.text.contains("a2 b2 undone"), "{}", done.text);
    assert_eq!(done.pings, vec![bob().user]);
    assert_eq!(position(&w, id).await.history(), ["a1", "b1"]);
    let log: Vec<String> = w
        .store
        .actions(id)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.text)
        .collect();
    assert_eq!(log, ["a1", "b1"]);
    // alice asks to take back her turn, though bob has not moved again: both go.
    t.takeback(&alice(), Some(id), TakebackAction::Request)
        .await
        .unwrap();
    t.takeback(&bob(), Some(id), TakebackAction::Accept)
        .await
        .unwrap();
    assert!(position(&w, id).await.history().is_empty());
}

async fn an_export_replays_to_the_same_position(w: World) {
    let (id, _) = w.start(&["variant=seega", "drop=1"]).await;
    play_on(&w, id, 40).await;
    let reply = w.table.export(&alice(), Some(id)).await.unwrap();
    let file = reply.file.unwrap();
    let text = String::from_utf8(file.bytes).unwrap();
    assert!(
        text.contains("boardpost replay sidja -o variant=seega -o size=5 -o drop=1 -"),
        "{text}"
    );
    let request = Request {
        game: "sidja".into(),
        options: vec!["variant=seega".into(), "size=5".into(), "drop=1".into()],
        actions: vec!["-".into()],
        ..Request::default()
    };
    let replayed = replay::replay(&request, &mut text.as_bytes()).unwrap();
    assert_eq!(replayed, position(&w, id).await);
}

async fn history_and_board_and_games_show_the_game(w: World) {
    let (id, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    let history = w.table.history(&bob(), Some(id)).await.unwrap();
    assert!(
        history
            .text
            .contains(&format!("1. {} a1 b1", alice().user.mention())),
        "{}",
        history.text
    );
    let board = w.table.board(&carol(), Some(id)).await.unwrap();
    assert!(is_png(&board.image.unwrap().bytes));
    assert!(
        board
            .text
            .contains(&format!("{} to move", bob().user.mention())),
        "{}",
        board.text
    );
    let games = w.table.games(&bob(), None).await.unwrap();
    assert!(
        games.text.contains("**your move**") && games.ephemeral,
        "{}",
        games.text
    );
    let rules = w.table.rules(&alice(), "sidja").await.unwrap();
    assert!(rules.text.contains("b3-c3") && is_png(&rules.image.unwrap().bytes));
    assert!(refusal(w.table.rules(&alice(), "go").await).contains("no game called"));
}

async fn reminders_come_once_at_half_time_and_a_day_before_and_time_out_loses(w: World) {
    let (id, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    assert!(w.table.tick().await.unwrap().is_empty());
    // Half of three days is 36 hours.
    w.clock.advance(36 * 3600 - 1);
    assert!(w.table.tick().await.unwrap().is_empty());
    w.clock.advance(1);
    let notices = w.table.tick().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].reply.pings, vec![bob().user]);
    assert!(
        notices[0].reply.text.contains("half the time"),
        "{}",
        notices[0].reply.text
    );
    assert!(
        w.table.tick().await.unwrap().is_empty(),
        "a reminder is sent once"
    );
    // After a restart, nothing is repeated.
    let table = w.restart().await;
    assert!(table.tick().await.unwrap().is_empty());
    w.clock.advance(12 * 3600);
    let notices = table.tick().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("a day is left"),
        "{}",
        notices[0].reply.text
    );
    assert!(table.tick().await.unwrap().is_empty());
    w.clock.advance(DAY);
    let notices = table.tick().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("ran out of time"),
        "{}",
        notices[0].reply.text
    );
    assert!(notices[0]
        .reply
        .text
        .contains(&format!("{} won (time ran out)", alice().user.mention())));
    assert!(table.tick().await.unwrap().is_empty());
    assert!(refusal(table.play_move(&bob(), Some(id), "a2 b2").await).contains("is over"));
}

async fn settings_choose_reminders_and_direct_messages(w: World) {
    let change = SettingsChange {
        ping_dm: Some(true),
        remind_half: Some(false),
        ..SettingsChange::default()
    };
    let reply = w.table.settings(&bob(), change).await.unwrap();
    assert!(
        reply.text.contains("by direct message on") && reply.text.contains("half time off"),
        "{}",
        reply.text
    );
    let off = SettingsChange {
        ping_thread: Some(false),
        ping_dm: Some(false),
        ..SettingsChange::default()
    };
    assert!(refusal(w.table.settings(&bob(), off).await).contains("never hear"));
    let (id, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    w.clock.advance(40 * 3600);
    assert!(
        w.table.tick().await.unwrap().is_empty(),
        "bob turned half-time reminders off"
    );
    w.clock.advance(10 * 3600);
    let notices = w.table.tick().await.unwrap();
    let dm: Vec<_> = notices[0].dm.iter().map(|(user, _)| *user).collect();
    assert_eq!(dm, vec![bob().user]);
    assert_eq!(notices[0].dm[0].1, notices[0].reply.text);
}

/// Sudan's typed `pass` through the service: autocomplete offers it as "end your turn",
/// it is stored as typed, shown in the history, survives a restart (the snapshot checked
/// against the log), and the export replays to the same position; anywhere else it is
/// refused with a reason.
async fn a_sudan_pass_is_offered_stored_shown_and_exported(w: World) {
    let (id, _) = w.start(&["variant=sudan"]).await;
    let refused = refusal(w.table.play_move(&alice(), Some(id), "pass").await);
    assert!(
        refused.contains("can be typed only in sudan, right after a capture"),
        "{refused}"
    );
    let mut k = 11usize;
    let mut passes = 0;
    while passes < 2 {
        let game = position(&w, id).await;
        let seat = game.to_move().expect("the game goes on until two passes");
        let who = if seat.number() == 1 { alice() } else { bob() };
        let legal = game.legal();
        let action = if legal.iter().any(|a| a == "pass") {
            let offered = w.table.suggest_moves(&who, Some(id), "pa").await.unwrap();
            assert_eq!(offered.len(), 1, "{offered:?}");
            assert_eq!(offered[0].value, "pass");
            assert!(offered[0].label.contains("end your turn"), "{offered:?}");
            passes += 1;
            "pass".to_string()
        } else {
            k = (k * 37 + 5) % 997;
            legal[k % legal.len()].clone()
        };
        w.table.play_move(&who, Some(id), &action).await.unwrap();
    }
    let game = position(&w, id).await;
    let log = w.store.actions(id).await.unwrap();
    let logged: Vec<String> = log.iter().map(|a| a.text.clone()).collect();
    assert_eq!(logged, game.typed_history());
    assert_eq!(logged.iter().filter(|t| *t == "pass").count(), 2);

    let history = w.table.history(&bob(), Some(id)).await.unwrap();
    assert!(history.text.contains(" pass"), "{}", history.text);

    // After a restart the stored position is read back against the log, passes and all.
    let table = w.restart().await;
    let board = table.board(&alice(), Some(id)).await.unwrap();
    assert!(board.image.is_some());

    let file = table
        .export(&alice(), Some(id))
        .await
        .unwrap()
        .file
        .unwrap();
    let text = String::from_utf8(file.bytes).unwrap();
    let request = Request {
        game: "sidja".into(),
        options: vec!["variant=sudan".into()],
        actions: vec!["-".into()],
        ..Request::default()
    };
    let replayed = replay::replay(&request, &mut text.as_bytes()).unwrap();
    assert_eq!(replayed, game);
}

/// `/play` offers seega's options for seega and refuses them, clearly, for sudan and
/// sidja; a seega game keeps them (and they reach its title).
async fn seega_options_are_taken_for_seega_and_refused_otherwise(w: World) {
    let req = |options: &[&str]| ChallengeRequest {
        game: "sidja".into(),
        opponents: vec![bob().user],
        options: options.iter().map(|s| s.to_string()).collect(),
        days_per_move: None,
        first: Some(First::Challenger),
        ..ChallengeRequest::default()
    };
    for options in [&["opening=cross"][..], &["variant=sidja", "chain=2"]] {
        let refused = refusal(w.table.challenge(&alice(), req(options)).await);
        assert!(refused.contains("is for seega only"), "{refused}");
    }
    let posted = w
        .table
        .challenge(
            &alice(),
            req(&["variant=seega", "opening=cross", "chain=2", "blocked=lose"]),
        )
        .await
        .unwrap();
    assert!(posted.text.contains("cross opening"), "{}", posted.text);
    let started = w.table.accept(&bob(), None).await.unwrap();
    let id = started.thread.unwrap().game;
    let game = position(&w, id).await;
    assert_eq!(
        serde_json::Value::Object(boardpost::replay::view::options_json(&game.game_options())),
        serde_json::json!({"variant": "seega", "size": 5, "drop": 2,
            "opening": "cross", "chain": "2", "blocked": "lose"})
    );
    assert_eq!(game.pieces().len(), 4, "the cross stands before placement");
}

/// `/history` of a long game never loses its newest turns: past Discord's 2,000
/// characters the message keeps the newest lines (saying how many earlier ones are in the
/// file) and the whole record is attached, with names for mentions.
async fn a_long_history_keeps_its_newest_turns_and_attaches_the_whole(w: World) {
    let (id, _) = w.start(&["size=9"]).await;
    play_on(&w, id, 160).await;
    let game = position(&w, id).await;
    assert!(game.to_move().is_some(), "the game goes on");
    let reply = w.table.history(&alice(), Some(id)).await.unwrap();
    assert!(reply.ephemeral);
    assert!(reply.text.chars().count() <= 2_000, "{}", reply.text.len());
    let last_turn = game.history().last().unwrap().clone();
    let last_line = reply.text.lines().last().unwrap();
    assert!(
        last_line.contains(&last_turn),
        "{last_line} lacks {last_turn}"
    );
    assert!(
        reply.text.contains("earlier lines are in the attached"),
        "{}",
        reply.text
    );
    let file = reply.file.expect("the whole history is attached");
    assert_eq!(file.name, format!("game-{}-history.txt", id));
    let whole = String::from_utf8(file.bytes).unwrap();
    assert!(whole.contains("  1. @alice "), "{whole}");
    let numbered = |text: &str| {
        text.lines()
            .filter(|l| {
                l.trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
            })
            .count()
    };
    let last_number = last_line
        .trim_start()
        .split_once('.')
        .unwrap()
        .0
        .to_string();
    assert_eq!(
        numbered(&whole).to_string(),
        last_number,
        "every turn is in the file"
    );
    assert!(!whole.contains("<@"), "names, not mentions, in the file");

    // A short history is one message with no file.
    let (short, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(short), "a1 b1")
        .await
        .unwrap();
    let reply = w.table.history(&alice(), Some(short)).await.unwrap();
    assert!(reply.file.is_none());
    assert!(reply.text.contains("a1 b1"));
}

/// Notices wait in the outbox until their delivery is confirmed: a notice handed out and
/// never confirmed (the bot stopped, Discord failed) comes back after a minute, also after
/// a restart, with a longer wait after each failure; a confirmed one never comes back.
async fn undelivered_notices_come_back_until_they_are_confirmed(w: World) {
    let (id, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(id), "a1 b1")
        .await
        .unwrap();
    w.clock.advance(36 * 3600);
    let notices = w.table.tick().await.unwrap();
    assert_eq!(notices.len(), 1);
    let notice = notices[0].id;
    assert!(notice > 0);
    assert!(
        w.table.undelivered().await.unwrap().is_empty(),
        "not before a minute"
    );
    let table = w.restart().await;
    w.clock.advance(60);
    let back = table.undelivered().await.unwrap();
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].id, notice);
    assert_eq!(back[0].reply.text, notices[0].reply.text);
    assert_eq!(back[0].reply.pings, vec![bob().user]);
    table.notice_failed(notice).await.unwrap();
    w.clock.advance(59);
    assert!(table.undelivered().await.unwrap().is_empty());
    w.clock.advance(1);
    assert_eq!(table.undelivered().await.unwrap().len(), 1);
    table.notice_failed(notice).await.unwrap();
    w.clock.advance(119);
    assert!(
        table.undelivered().await.unwrap().is_empty(),
        "twice as long"
    );
    w.clock.advance(1);
    assert_eq!(table.undelivered().await.unwrap().len(), 1);
    table.notice_sent(notice).await.unwrap();
    w.clock.advance(DAY);
    let later = table.undelivered().await.unwrap();
    assert!(
        later.iter().all(|n| n.id != notice),
        "a sent notice never comes back"
    );
}

/// Plays the whole turn of the player to move (the first legal action each time).
async fn finish_turn(w: &World, table: &boardpost::table::Table, id: GameId) {
    let mover = position(w, id).await.to_move();
    while let Some(seat) = position(w, id)
        .await
        .to_move()
        .filter(|s| Some(*s) == mover)
    {
        let who = if seat.number() == 1 { alice() } else { bob() };
        let action = position(w, id).await.legal()[0].clone();
        table.play_move(&who, Some(id), &action).await.unwrap();
    }
}

async fn deadline_of(w: &World, id: GameId) -> (i64, i64) {
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    (row.turn_started, row.deadline.unwrap())
}

async fn a_vacation_pauses_the_clocks_and_ends_early(w: World) {
    let (mine, _) = w.start(&["variant=sudan", "size=5"]).await;
    let (theirs, _) = w.start(&["variant=sudan", "size=5"]).await;
    finish_turn(&w, &w.table, theirs).await;
    let (_, mine_before) = deadline_of(&w, mine).await;
    let (_, theirs_before) = deadline_of(&w, theirs).await;
    assert_eq!(mine_before, START + 3 * DAY);
    let away = w
        .table
        .vacation(&alice(), VacationAction::Start { days: 5 })
        .await
        .unwrap();
    assert!(away.text.contains("on vacation for 5d 0h"), "{}", away.text);
    assert!(!away.ephemeral);
    // Where alice is to move, her clock moves on by the pause; bob's does not.
    assert_eq!(
        deadline_of(&w, mine).await,
        (START + 5 * DAY, START + 8 * DAY)
    );
    assert_eq!(deadline_of(&w, theirs).await.1, theirs_before);
    let twice = refusal(
        w.table
            .vacation(&alice(), VacationAction::Start { days: 1 })
            .await,
    );
    assert!(twice.contains("already on vacation"), "{twice}");
    // Each game's thread is told.
    let told = w.table.undelivered().await.unwrap();
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(told.iter().all(|n| n.reply.text.contains("stands still")));
    // /games shows who is away.
    let games = w.table.games(&bob(), None).await.unwrap();
    assert!(
        games.text.contains("on vacation (5d 0h left)"),
        "{}",
        games.text
    );
    // bob moves while she is away: her time starts when she is back.
    w.clock.advance(DAY);
    finish_turn(&w, &w.table, theirs).await;
    assert_eq!(
        deadline_of(&w, theirs).await,
        (START + 5 * DAY, START + 8 * DAY)
    );
    // Her first time limit passes: no loss on time, no reminder for the paused game,
    // across a restart.
    w.clock.advance(2 * DAY + 3600);
    let (table, _store) = w.restart_with_store().await;
    let w = World {
        table,
        store: _store,
        ..w
    };
    let notices = w.table.tick().await.unwrap();
    assert!(
        notices
            .iter()
            .all(|n| !n.reply.text.contains("ran out of time")),
        "{notices:?}"
    );
    assert!(position(&w, mine).await.outcome().is_none());
    // She comes back early: the rest of the pause is given back.
    let now = START + 3 * DAY + 3600;
    let back = w
        .table
        .vacation(&alice(), VacationAction::End)
        .await
        .unwrap();
    assert!(back.text.contains("back from vacation"), "{}", back.text);
    // Paused until START + 5d, back at `now`: START + 8d less the 2d - 1h not taken.
    assert_eq!(deadline_of(&w, mine).await.1, now + 3 * DAY);
    assert_eq!(deadline_of(&w, theirs).await, (now, now + 3 * DAY));
    let none = refusal(w.table.vacation(&alice(), VacationAction::End).await);
    assert!(none.contains("not on vacation"), "{none}");
}

async fn vacation_days_are_limited_by_the_servers_allowance(w: World) {
    w.start(&["variant=sudan", "size=5"]).await;
    w.table
        .vacation(&alice(), VacationAction::Start { days: 15 })
        .await
        .unwrap();
    w.clock.advance(15 * DAY + 60);
    let more = refusal(
        w.table
            .vacation(&alice(), VacationAction::Start { days: 10 })
            .await,
    );
    assert!(more.contains("at most 6 days"), "{more}");
    let not_allowed = refusal(
        w.table
            .vacation(&alice(), VacationAction::Allowance { days: 30 })
            .await,
    );
    assert!(not_allowed.contains("manage this server"), "{not_allowed}");
    let manager = alice().managing_server(true);
    w.table
        .vacation(&manager, VacationAction::Allowance { days: 30 })
        .await
        .unwrap();
    w.table
        .vacation(&alice(), VacationAction::Start { days: 10 })
        .await
        .unwrap();
    // A year after the first one, its days are free again.
    w.table
        .vacation(&alice(), VacationAction::End)
        .await
        .unwrap();
    w.clock.advance(366 * DAY);
    w.table
        .vacation(&alice(), VacationAction::Start { days: 30 })
        .await
        .unwrap();
}

/// Starts a xiangqi game (alice red, first) and plays alice's first legal move; bob is
/// to move.
async fn xiangqi_after_alices_first(w: &World) -> GameId {
    let req = ChallengeRequest {
        game: "xiangqi".into(),
        opponents: vec![bob().user],
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
    let first = position(w, id).await.legal()[0].clone();
    w.table.play_move(&alice(), Some(id), &first).await.unwrap();
    id
}

/// A line from the position of `id`: the `nth` legal action, then the first legal
/// action of each turn after it, `len` actions in all.
async fn line_from(w: &World, id: GameId, nth: usize, len: usize) -> Vec<String> {
    line_from_store(&w.store, id, nth, len).await
}

async fn line_from_store(
    store: &boardpost::store::Store,
    id: GameId,
    nth: usize,
    len: usize,
) -> Vec<String> {
    let row = store.game(GUILD, id).await.unwrap().unwrap();
    let mut game: AnyGame = serde_json::from_str(&row.state).unwrap();
    let mut line = Vec::new();
    for i in 0..len {
        let legal = game.legal();
        let action = legal[if i == 0 { nth } else { 0 }].clone();
        game.play(&action).unwrap();
        line.push(action);
    }
    line
}

/// A player's `/premove list` in game `id`.
async fn lines_of(
    table: &boardpost::table::Table,
    who: &Caller,
    id: GameId,
) -> boardpost::table::Reply {
    table
        .premove(who, Some(id), PremoveAction::List)
        .await
        .unwrap()
}

async fn a_conditional_line_plays_itself_when_the_opponent_plays_as_foreseen(w: World) {
    let id = xiangqi_after_alices_first(&w).await;
    let line = line_from(&w, id, 3, 4).await;
    let other = line_from(&w, id, 5, 2).await;
    let t = &w.table;
    let stored = t
        .premove(&alice(), Some(id), PremoveAction::Add(line.join(" ")))
        .await
        .unwrap();
    assert!(stored.ephemeral, "a line is the player's secret");
    assert!(
        stored
            .text
            .contains(&format!("if **{}**, then **{}**", line[0], line[1]))
            && stored.text.contains("only line"),
        "{}",
        stored.text
    );
    t.premove(&alice(), Some(id), PremoveAction::Add(other.join(" ")))
        .await
        .unwrap();
    // Bob cannot see alice's lines: he has none of his own.
    let his = lines_of(t, &bob(), id).await;
    assert!(his.text.contains("no conditional lines"), "{}", his.text);

    w.clock.advance(DAY);
    let moved = t.play_move(&bob(), Some(id), &line[0]).await.unwrap();
    assert!(
        moved.text.contains(&format!(
            "<@{}>'s conditional move answers **{}**",
            alice().user.0,
            line[1]
        )),
        "{}",
        moved.text
    );
    assert!(moved.text.contains("your move"), "{}", moved.text);
    assert_eq!(moved.pings, vec![bob().user], "bob moves again");
    let log = w.store.actions(id).await.unwrap();
    let texts: Vec<(u8, &str)> = log.iter().map(|a| (a.seat, a.text.as_str())).collect();
    assert_eq!(texts[1..], [(2, line[0].as_str()), (1, line[1].as_str())]);
    assert_eq!(log[2].user, alice().user);
    let game = position(&w, id).await;
    assert_eq!(game.to_move().map(|s| s.number()), Some(2));
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(
        row.deadline,
        Some(START + DAY + 3 * DAY),
        "bob's turn starts anew"
    );

    // The line goes on from there; the other line (another move of bob's) is gone.
    let listed = lines_of(t, &alice(), id).await;
    assert!(
        listed
            .text
            .contains(&format!("1. if **{}**, then **{}**", line[2], line[3]))
            && !listed.text.contains("2."),
        "{}",
        listed.text
    );
    // A restart forgets nothing: the rest of the line plays from the database.
    let (table, store) = w.restart_with_store().await;
    let moved = table.play_move(&bob(), Some(id), &line[2]).await.unwrap();
    assert!(moved.text.contains(&line[3]), "{}", moved.text);
    assert_eq!(store.actions(id).await.unwrap().len(), 5);
    let listed = lines_of(&table, &alice(), id).await;
    assert!(
        listed.text.contains("no conditional lines"),
        "{}",
        listed.text
    );

    // A reply that leaves the line clears it: bob plays something else.
    let line = line_from_store(&store, id, 0, 2).await;
    table
        .premove(&alice(), Some(id), PremoveAction::Add(line.join(" ")))
        .await
        .unwrap();
    let elsewhere = line_from_store(&store, id, 1, 1).await;
    let moved = table
        .play_move(&bob(), Some(id), &elsewhere[0])
        .await
        .unwrap();
    assert!(!moved.text.contains("conditional"), "{}", moved.text);
    assert_eq!(moved.pings, vec![alice().user]);
    let listed = lines_of(&table, &alice(), id).await;
    assert!(
        listed.text.contains("no conditional lines"),
        "{}",
        listed.text
    );
    // Gone from the database, not only out of date.
    let counts = store.row_counts().await.unwrap();
    assert_eq!(counts.iter().find(|c| c.0 == "premoves").unwrap().1, 0);
}

/// How many rows a table of the world's database holds.
async fn rows_in(w: &World, table: &str) -> i64 {
    let counts = w.store.row_counts().await.unwrap();
    counts.iter().find(|c| c.0 == table).unwrap().1
}

async fn the_longest_matching_conditional_line_wins_and_lines_can_be_cancelled(w: World) {
    let id = xiangqi_after_alices_first(&w).await;
    let t = &w.table;
    let short = line_from(&w, id, 2, 2).await;
    // The same move of bob's, another answer, and a longer line.
    let mut game = position(&w, id).await;
    game.play(&short[0]).unwrap();
    let answer = game.legal()[1].clone();
    game.play(&answer).unwrap();
    let then = game.legal()[0].clone();
    game.play(&then).unwrap();
    let last = game.legal()[0].clone();
    let long = [short[0].clone(), answer.clone(), then, last];
    assert_ne!(answer, short[1]);
    // Another game where alice is to move: without a game named, a line goes to the
    // one where she waits for her opponent.
    let (waiting_for_her, _) = w.start(&[]).await;
    let stored = t
        .premove(&alice(), None, PremoveAction::Add(short.join(" ")))
        .await
        .unwrap();
    assert!(
        stored.text.contains(&format!("game #{id}")),
        "{}",
        stored.text
    );
    assert_ne!(waiting_for_her, id);
    for line in [long.join(" "), short.join(", ")] {
        t.premove(&alice(), Some(id), PremoveAction::Add(line))
            .await
            .unwrap();
    }
    let listed = lines_of(t, &alice(), id).await;
    assert!(listed.text.contains("3. "), "{}", listed.text);
    // Cancelling the third (a copy of the first) leaves two.
    let gone = t
        .premove(&alice(), Some(id), PremoveAction::Cancel(Some(3)))
        .await
        .unwrap();
    assert!(gone.text.contains("The line is cancelled"), "{}", gone.text);
    let err = refusal(
        t.premove(&alice(), Some(id), PremoveAction::Cancel(Some(3)))
            .await,
    );
    assert!(err.contains("no line 3"), "{err}");
    let moved = t.play_move(&bob(), Some(id), &short[0]).await.unwrap();
    assert!(
        moved.text.contains(&format!("answers **{answer}**")),
        "the longest line wins: {}",
        moved.text
    );
    let listed = lines_of(t, &alice(), id).await;
    assert!(
        listed.text.contains(&long[2]) && !listed.text.contains("2."),
        "{}",
        listed.text
    );
    let gone = t
        .premove(&alice(), Some(id), PremoveAction::Cancel(None))
        .await
        .unwrap();
    assert!(gone.text.contains("The line is cancelled"), "{}", gone.text);
    let moved = t.play_move(&bob(), Some(id), &long[2]).await.unwrap();
    assert!(!moved.text.contains("conditional"), "{}", moved.text);
}

async fn conditional_lines_are_refused_where_they_cannot_play(w: World) {
    let t = &w.table;
    // Sidja: two stones a turn while placing.
    let (sidja, _) = w.start(&[]).await;
    let err = refusal(
        t.premove(&alice(), Some(sidja), PremoveAction::Add("a1 b1".into()))
            .await,
    );
    assert!(err.contains("it is your move"), "{err}");
    t.play_move(&alice(), Some(sidja), "a1 b1").await.unwrap();
    let add = |text: &str| PremoveAction::Add(text.to_string());
    for (line, says) in [
        ("", "type a line"),
        ("c1 d1", "no answer of yours"),
        ("c1 d1 e1", "middle of your turn"),
        ("c1 d1 e1 a2 b2", "ends with your opponent's b2"),
        ("c1 c3", "action 2 \"c3\": c3 is the centre"),
        ("zz9", "action 1 \"zz9\""),
    ] {
        let err = refusal(t.premove(&alice(), Some(sidja), add(line)).await);
        assert!(err.contains(says), "{line:?}: {err}");
    }
    let err = refusal(t.premove(&carol(), Some(sidja), add("c1 d1 e1 a2")).await);
    assert!(err.contains("not playing in game"), "{err}");
    let too_long = vec!["a1"; MAX_LINE_ACTIONS + 1].join(" ");
    let err = refusal(t.premove(&alice(), Some(sidja), add(&too_long)).await);
    assert!(err.contains("at most"), "{err}");
    // A whole placement turn each way: stored, and played for alice.
    t.premove(&alice(), Some(sidja), add("c1 d1 e1 a2"))
        .await
        .unwrap();
    let moved = t.play_move(&bob(), Some(sidja), "c1 d1").await.unwrap();
    assert!(moved.text.contains("answers **e1 a2**"), "{}", moved.text);
    assert_eq!(w.store.actions(sidja).await.unwrap().len(), 6);
    // The limit of lines per game.
    for _ in 0..MAX_LINES {
        t.premove(&alice(), Some(sidja), add("b2 c2 d2 e2"))
            .await
            .unwrap();
    }
    let err = refusal(t.premove(&alice(), Some(sidja), add("b2 c2 d2 e2")).await);
    assert!(err.contains("makes room"), "{err}");
    // Over: refused.
    t.resign(&bob(), Some(sidja)).await.unwrap();
    let err = refusal(t.premove(&alice(), Some(sidja), PremoveAction::List).await);
    assert!(err.contains("over"), "{err}");
    // Games of four and games against the bot have none.
    let four = ChallengeRequest {
        game: "xiangqi4".into(),
        opponents: vec![bob().user, carol().user, user(4)],
        first: Some(First::Challenger),
        ..ChallengeRequest::default()
    };
    t.challenge(&alice(), four).await.unwrap();
    let mut id = None;
    for who in [bob(), carol(), caller(4, "dave")] {
        if let Some(thread) = t.accept(&who, None).await.unwrap().thread {
            id = Some(thread.game);
        }
    }
    let err = refusal(t.premove(&bob(), id, add("a1")).await);
    assert!(err.contains("games of two"), "{err}");
}

async fn a_conditional_line_plays_once_under_concurrent_moves_and_not_after_a_takeback(w: World) {
    let id = xiangqi_after_alices_first(&w).await;
    let line = line_from(&w, id, 4, 2).await;
    w.table
        .premove(&alice(), Some(id), PremoveAction::Add(line.join(" ")))
        .await
        .unwrap();
    // Bob's move sent twice at once (a double click, two processes): one wins.
    let (bob1, bob2) = (bob(), bob());
    let (a, b) = tokio::join!(
        w.table.play_move(&bob1, Some(id), &line[0]),
        w.table.play_move(&bob2, Some(id), &line[0])
    );
    assert_eq!(a.is_ok() as u8 + b.is_ok() as u8, 1, "{a:?} {b:?}");
    let log: Vec<String> = w
        .store
        .actions(id)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.text)
        .collect();
    assert_eq!(log[1..], line[..]);
    // Alice cannot move now (bob's turn), and her line is used up.
    assert!(refusal(w.table.play_move(&alice(), Some(id), &line[1]).await).contains("not yours"));
    // A takeback of bob's move undoes the answer too; the same move again finds no line.
    w.table
        .takeback(&bob(), Some(id), TakebackAction::Request)
        .await
        .unwrap();
    w.table
        .takeback(&alice(), Some(id), TakebackAction::Accept)
        .await
        .unwrap();
    assert_eq!(w.store.actions(id).await.unwrap().len(), 1);
    let moved = w.table.play_move(&bob(), Some(id), &line[0]).await.unwrap();
    assert!(!moved.text.contains("conditional"), "{}", moved.text);
    assert_eq!(w.store.actions(id).await.unwrap().len(), 2);
    // A line stored against an older version of the game is never played.
    let stale = line_from(&w, id, 0, 2).await;
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert!(!w
        .store
        .add_premove(id, bob().user, row.version - 1, &stale, START)
        .await
        .unwrap());
}

/// Two processes (shards) see a user under different names: the one that wrote the
/// older name writes it again once its memory of the write has aged, so the stored name
/// is never stale for longer than that.
async fn a_name_another_process_wrote_over_is_written_again_within_minutes(w: World) {
    let other = boardpost::table::Table::new(w.store.clone(), std::sync::Arc::new(w.clock.clone()));
    let user = alice().user;
    w.table.remember_name(user, "alice").await.unwrap();
    other.remember_name(user, "Alice the Great").await.unwrap();
    let stored = || async { w.table.name_of(user).await.unwrap() };
    assert_eq!(stored().await.as_deref(), Some("Alice the Great"));
    // Written by this process a moment ago: not written again at once.
    w.table.remember_name(user, "alice").await.unwrap();
    assert_eq!(stored().await.as_deref(), Some("Alice the Great"));
    // Ten minutes on, it is.
    w.clock.advance(10 * 60);
    w.table.remember_name(user, "alice").await.unwrap();
    assert_eq!(stored().await.as_deref(), Some("alice"));
}

on_both_backends!(
    a_name_another_process_wrote_over_is_written_again_within_minutes,
    a_vacation_pauses_the_clocks_and_ends_early,
    vacation_days_are_limited_by_the_servers_allowance,
    a_challenge_accepted_starts_a_game_that_pings_the_player_to_move,
    only_the_player_to_move_may_move,
    a_move_text_is_atomic_and_stays_within_the_turn,
    games_of_one_server_are_invisible_from_another,
    challenges_check_their_options_and_players,
    the_game_is_found_without_an_id_when_it_is_clear,
    resigning_ends_the_game_refuses_later_moves_and_rates_it,
    a_whole_game_plays_to_its_end_through_the_table,
    a_draw_needs_every_player_and_lapses_with_a_move,
    a_takeback_undoes_the_requesters_last_turn,
    an_export_replays_to_the_same_position,
    history_and_board_and_games_show_the_game,
    reminders_come_once_at_half_time_and_a_day_before_and_time_out_loses,
    settings_choose_reminders_and_direct_messages,
    a_sudan_pass_is_offered_stored_shown_and_exported,
    seega_options_are_taken_for_seega_and_refused_otherwise,
    a_long_history_keeps_its_newest_turns_and_attaches_the_whole,
    undelivered_notices_come_back_until_they_are_confirmed,
    a_conditional_line_plays_itself_when_the_opponent_plays_as_foreseen,
    the_longest_matching_conditional_line_wins_and_lines_can_be_cancelled,
    conditional_lines_are_refused_where_they_cannot_play,
    a_conditional_line_plays_once_under_concurrent_moves_and_not_after_a_takeback,
);
