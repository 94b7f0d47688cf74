//! The service for a game of four (xiangqi4) over a real SQLite file: open seats filled
//! by Accept, eliminations by resignation and by time, draws that need every player
//! still in, ratings from the final order, and records that replay withdrawals.

use boardpost::clock::DAY;
use boardpost::games::Game as _;
use boardpost::games::{AnyGame, Seat};
use boardpost::ids::GameId;
use boardpost::replay::{self, Request};
use boardpost::store::First;
use boardpost::store::OfferKind;
use boardpost::table::{Caller, ChallengeRequest, DrawAction, Reply, TableError, TakebackAction};
use boardpost_testkit::world::*;
use std::sync::Arc;

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

/// What came of one of many simultaneous answers to an offer: a reply, or a refusal
/// that says why (already agreed, the game is over, the offer is gone) or that the game
/// changed first. Anything else fails the test.
fn answered(result: boardpost::table::Result<Reply>) -> Option<Reply> {
    match result {
        Ok(reply) => Some(reply),
        Err(TableError::Refused(_) | TableError::Changed) => None,
        Err(e) => panic!("an answer failed: {e}"),
    }
}

/// bob, carol and dave each answer `answer` three times at once (double clicks and
/// several processes): the replies.
async fn all_at_once<F, Fut>(w: &Arc<World>, answer: F) -> Vec<Reply>
where
    F: Fn(Arc<World>, Caller) -> Fut,
    Fut: std::future::Future<Output = boardpost::table::Result<Reply>> + Send + 'static,
{
    let mut tasks = Vec::new();
    for _ in 0..3 {
        for who in [bob(), carol(), dave()] {
            tasks.push(tokio::spawn(answer(w.clone(), who)));
        }
    }
    let mut replies = Vec::new();
    for task in tasks {
        replies.extend(answered(task.await.unwrap()));
    }
    replies
}

/// Many simultaneous accepts of a draw offer and of a takeback request in games of four:
/// each counts once, and the last one carries the agreement out exactly once (one draw,
/// one takeback), round after round.
async fn simultaneous_accepts_all_count_and_carry_the_agreement_out_once(w: World) {
    let w = Arc::new(w);
    for _ in 0..4 {
        let id = start_four(&w, "ffa").await;
        w.table
            .draw(&alice(), Some(id), DrawAction::Offer)
            .await
            .unwrap();
        let replies = all_at_once(&w, move |w, who| async move {
            w.table.draw(&who, Some(id), DrawAction::Accept).await
        })
        .await;
        let drawn = replies
            .iter()
            .filter(|r| r.text.contains("Draw agreed"))
            .count();
        assert_eq!(drawn, 1, "one accept ends the game: {replies:?}");
        let game = position(&w, id).await;
        assert!(
            game.outcome().is_some_and(|o| o.is_draw()),
            "{:?}",
            game.outcome()
        );
        let finished = w
            .number(
                "SELECT COUNT(*) FROM ratings WHERE kind = 'xiangqi4' AND games > 0",
                &[],
            )
            .await;
        assert_eq!(finished, 4, "each player's rating moved");
    }
    let draws = w
        .number(
            "SELECT COUNT(*) FROM ratings WHERE kind = 'xiangqi4' AND draws = 4",
            &[],
        )
        .await;
    assert_eq!(draws, 4, "four draws each, each counted once");

    for _ in 0..4 {
        let id = start_four(&w, "ffa").await;
        for seat in 1..=4 {
            let game = position(&w, id).await;
            let mover = user_of(Seat::from_number(seat).unwrap());
            let action = game.legal()[0].clone();
            w.table.play_move(&mover, Some(id), &action).await.unwrap();
        }
        w.table
            .takeback(&alice(), Some(id), TakebackAction::Request)
            .await
            .unwrap();
        let replies = all_at_once(&w, move |w, who| async move {
            w.table
                .takeback(&who, Some(id), TakebackAction::Accept)
                .await
        })
        .await;
        let done = replies
            .iter()
            .filter(|r| r.text.contains("Takeback in game"))
            .count();
        assert_eq!(done, 1, "one accept takes the turns back: {replies:?}");
        let game = position(&w, id).await;
        assert!(game.history().is_empty(), "{:?}", game.history());
        assert!(w.store.actions(id).await.unwrap().is_empty());
        assert!(
            w.store
                .offer(id, OfferKind::Takeback)
                .await
                .unwrap()
                .is_none(),
            "the request is used up"
        );
    }
}

/// A decline (or a withdrawal) that was acknowledged stands: an accept racing it neither
/// brings the offer back nor ends the game in a draw.
async fn an_acknowledged_decline_is_never_undone_by_a_racing_accept(w: World) {
    let w = Arc::new(w);
    let id = start_four(&w, "ffa").await;
    // bob declines while carol and dave accept.
    for _ in 0..8 {
        w.table
            .draw(&alice(), Some(id), DrawAction::Offer)
            .await
            .unwrap();
        let mut tasks = Vec::new();
        for (who, what) in [
            (bob(), DrawAction::Decline),
            (carol(), DrawAction::Accept),
            (dave(), DrawAction::Accept),
        ] {
            let w = w.clone();
            tasks.push(tokio::spawn(async move {
                (what, answered(w.table.draw(&who, Some(id), what).await))
            }));
        }
        let mut declined = false;
        for task in tasks {
            let (what, reply) = task.await.unwrap();
            declined |= what == DrawAction::Decline && reply.is_some();
        }
        assert!(
            declined,
            "nothing else removes the offer: the decline stands"
        );
        let row = w.store.game(GUILD, id).await.unwrap().unwrap();
        let standing = w.store.offer(id, OfferKind::Draw).await.unwrap();
        assert!(
            standing
                .as_ref()
                .is_none_or(|(version, _)| *version != row.version),
            "declined, yet an offer stands: {standing:?}"
        );
    }
    assert!(position(&w, id).await.outcome().is_none());

    // alice withdraws her offer while dave gives the last agreement it needs: one or
    // the other, never both.
    for _ in 0..8 {
        let id = start_four(&w, "ffa").await;
        w.table
            .draw(&alice(), Some(id), DrawAction::Offer)
            .await
            .unwrap();
        for who in [bob(), carol()] {
            w.table
                .draw(&who, Some(id), DrawAction::Accept)
                .await
                .unwrap();
        }
        let (withdrawn, accepted) = {
            let (w1, w2) = (w.clone(), w.clone());
            let withdraw = tokio::spawn(async move {
                answered(w1.table.draw(&alice(), Some(id), DrawAction::Decline).await)
            });
            let accept = tokio::spawn(async move {
                answered(w2.table.draw(&dave(), Some(id), DrawAction::Accept).await)
            });
            (withdraw.await.unwrap(), accept.await.unwrap())
        };
        let drawn = position(&w, id).await.outcome().is_some();
        match (&withdrawn, drawn) {
            (Some(reply), true) => panic!(
                "the withdrawal was acknowledged ({}) and the game drawn ({:?})",
                reply.text,
                accepted.map(|r| r.text)
            ),
            (None, false) => panic!("neither the withdrawal nor the draw happened"),
            _ => {}
        }
        assert_eq!(
            accepted.is_some_and(|r| r.text.contains("Draw agreed")),
            drawn
        );
    }
}

/// alice, to move in several games, starts a vacation as carol leaves them: carol's
/// leaving hands alice no new turn, and it must not put back the time limits the
/// vacation moved.
async fn a_vacation_keeps_its_pause_when_another_player_leaves_at_the_same_moment(w: World) {
    use boardpost::table::VacationAction;
    let w = Arc::new(w);
    for _ in 0..5 {
        let mut games = Vec::new();
        for _ in 0..6 {
            let id = start_four(&w, "ffa").await;
            games.push((id, w.store.game(GUILD, id).await.unwrap().unwrap()));
        }
        let w1 = w.clone();
        let away = tokio::spawn(async move {
            // Every game alice plays in may change while she starts: she tries again.
            for _ in 0..8 {
                match w1
                    .table
                    .vacation(&alice(), VacationAction::Start { days: 5 })
                    .await
                {
                    Err(TableError::Changed) => continue,
                    other => return other,
                }
            }
            Err(TableError::Changed)
        });
        let mut leaving = Vec::new();
        for (id, _) in &games {
            let (w2, id) = (w.clone(), *id);
            leaving.push(tokio::spawn(async move {
                w2.table.resign(&carol(), Some(id)).await
            }));
        }
        away.await.unwrap().expect("the vacation starts");
        for leaves in leaving {
            leaves.await.unwrap().expect("carol leaves");
        }
        for (id, before) in &games {
            let after = w.store.game(GUILD, *id).await.unwrap().unwrap();
            assert_eq!(position(&w, *id).await.to_move(), Some(Seat::FIRST));
            assert_eq!(
                (after.turn_started, after.deadline),
                (
                    before.turn_started + 5 * DAY,
                    before.deadline.map(|d| d + 5 * DAY)
                ),
                "game #{id}: alice's time limit moved by her vacation"
            );
        }
        // Back at once: the next round's vacation starts afresh, with no day used.
        w.table
            .vacation(&alice(), VacationAction::End)
            .await
            .unwrap();
    }
}

on_both_backends!(
    open_seats_are_filled_by_accept_and_each_player_is_pinged_in_turn,
    a_resignation_eliminates_and_the_others_play_on,
    running_out_of_time_eliminates_the_player_to_move,
    a_draw_needs_every_player_still_in_and_ratings_follow_the_final_order,
    the_last_player_left_wins_and_the_record_replays_the_withdrawals,
    xiangqi_moves_are_found_by_iccs_or_wxf_and_records_show_both,
    simultaneous_accepts_all_count_and_carry_the_agreement_out_once,
    an_acknowledged_decline_is_never_undone_by_a_racing_accept,
    a_vacation_keeps_its_pause_when_another_player_leaves_at_the_same_moment,
);
