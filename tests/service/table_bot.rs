//! The bot as a player through the table, over a real database (issue 17): games
//! against it start at once and are unrated, it answers every move, fills open seats of
//! a game of four, gives hints only against itself, analyses finished games, plays the
//! turns it owes after a restart, and never races a person's move into a second turn.

use boardpost::games::Game as _;
use boardpost::games::{AnyGame, Seat};
use boardpost::ids::{GameId, UserId};
use boardpost::store::First;
use boardpost::table::{
    Caller, ChallengeRequest, DrawAction, Reply, Request, SettingsChange, Table, TakebackAction,
};
use boardpost_testkit::world::*;

fn the_bot() -> UserId {
    user(99)
}

fn dave() -> Caller {
    caller(4, "dave")
}

fn bot_world_table(w: &World) -> &Table {
    w.table.set_bot_user(the_bot());
    &w.table
}

/// Another process's table over the same database, with the same bot and clock.
async fn second_table(w: &World) -> Table {
    let store = boardpost::store::Store::open(&w.url).await.unwrap();
    let table = Table::new(store, std::sync::Arc::new(w.clock.clone()));
    table.set_bot_user(the_bot());
    table
}

async fn position(w: &World, id: GameId) -> AnyGame {
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    serde_json::from_str(&row.state).unwrap()
}

/// alice asks for a game of `game` against the bot at `level`.
async fn against_bot(w: &World, game: &str, options: &[&str], level: u8) -> (GameId, Reply) {
    let table = bot_world_table(w);
    let req = ChallengeRequest {
        game: game.into(),
        opponents: vec![the_bot()],
        options: options.iter().map(|s| s.to_string()).collect(),
        first: Some(First::Challenger),
        level: Some(level),
        ..ChallengeRequest::default()
    };
    let reply = table.challenge(&alice(), req).await.unwrap();
    let id = reply.game.expect("a game against the bot starts at once");
    (id, reply)
}

/// alice's challenge to a game of four (free for all, her seat first) in which the bot
/// takes `seats` seats at level 1.
fn four_with_bot_seats(seats: usize) -> ChallengeRequest {
    ChallengeRequest {
        game: "xiangqi4".into(),
        options: vec!["mode=ffa".into()],
        first: Some(First::Challenger),
        bot_seats: Some(seats),
        level: Some(1),
        ..ChallengeRequest::default()
    }
}

/// Plays the game out: alice takes the first legal action whenever it is her turn, the
/// bot answers each. Returns how many turns the bot played.
async fn play_out(w: &World, id: GameId, who: &Caller) -> usize {
    let mut bot_turns = 0;
    for _ in 0..400 {
        let game = position(w, id).await;
        if game.outcome().is_some() {
            return bot_turns;
        }
        let action = game
            .legal()
            .first()
            .cloned()
            .expect("a game going on has actions");
        let reply = w.table.play_move(who, Some(id), &action).await.unwrap();
        assert_eq!(reply.game, Some(id), "a move names its game for the bot");
        assert!(
            !reply.pings.contains(&the_bot()),
            "the bot is never pinged: {reply:?}"
        );
        for answer in w.table.bot_turns(GUILD, id).await.unwrap() {
            bot_turns += 1;
            assert!(
                answer.text.contains(&the_bot().mention()),
                "{}",
                answer.text
            );
            assert!(
                answer.image.is_some(),
                "the bot's turn comes with the board"
            );
        }
    }
    panic!("game #{id} did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_starts_at_once_and_is_played_out_unrated() {
    let w = World::new().await;
    let (id, reply) = against_bot(&w, "sidja", &["variant=sudan", "size=5"], 1).await;
    assert!(reply.thread.is_some(), "it gets its thread like any game");
    assert!(reply.text.contains("@") || reply.text.contains("<@"));
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(row.seats, vec![alice().user, the_bot()]);
    assert_eq!(row.bots, vec![(2, 1)], "seat 2 is the bot's, at level 1");
    let turns = play_out(&w, id, &alice()).await;
    assert!(turns > 0, "the bot answered");
    let game = position(&w, id).await;
    assert!(game.outcome().is_some());
    // Unrated: nobody's rating moved.
    let board = w.table.leaderboard(&alice(), "sidja").await.unwrap();
    assert!(
        !board.text.contains("alice"),
        "a game against the bot is not rated: {}",
        board.text
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_against_the_bot_completes() {
    let w = World::new().await;
    for (game, options) in [
        ("sidja", vec!["variant=sudan", "size=5"]),
        ("yote", vec![]),
        ("banglagor", vec![]),
        ("xiangqi", vec![]),
    ] {
        let (id, _) = against_bot(&w, game, &options, 1).await;
        play_out(&w, id, &alice()).await;
        assert!(position(&w, id).await.outcome().is_some(), "{game} ended");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_moving_first_answers_the_start() {
    let w = World::new().await;
    let table = bot_world_table(&w);
    let req = ChallengeRequest {
        game: "xiangqi".into(),
        opponents: vec![the_bot()],
        first: Some(First::Opponent),
        level: Some(2),
        ..ChallengeRequest::default()
    };
    let started = table.challenge(&alice(), req).await.unwrap();
    assert!(
        started.pings.is_empty(),
        "nobody is pinged while the bot is to move"
    );
    let id = started.game.unwrap();
    let answers = table.bot_turns(GUILD, id).await.unwrap();
    assert_eq!(answers.len(), 1, "the bot plays one turn and hands over");
    assert_eq!(answers[0].pings, vec![alice().user]);
    assert_eq!(position(&w, id).await.history().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_fills_open_seats_of_a_game_of_four() {
    let w = World::new().await;
    let table = bot_world_table(&w);
    let req = four_with_bot_seats(2);
    let posted = table.challenge(&alice(), req).await.unwrap();
    assert!(posted.game.is_none(), "one seat is still open to people");
    let started = table.accept(&dave(), None).await.unwrap();
    let id = started.game.expect("the last seat starts the game");
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(row.seats.len(), 4);
    assert_eq!(row.bots.len(), 2, "{:?}", row.bots);
    assert_eq!(
        row.seats.iter().filter(|u| **u == the_bot()).count(),
        2,
        "two seats are the bot's"
    );
    // Seats: alice, dave, then the bots. alice and dave move; both bots answer before
    // alice is asked again.
    assert_eq!(&row.seats[..2], &[alice().user, dave().user]);
    for who in [alice(), dave()] {
        let game = position(&w, id).await;
        let action = game.legal()[0].clone();
        table.play_move(&who, Some(id), &action).await.unwrap();
    }
    let answers = table.bot_turns(GUILD, id).await.unwrap();
    assert_eq!(answers.len(), 2, "each bot seat plays its turn");
    let after = position(&w, id).await;
    assert_eq!(after.to_move(), Seat::from_number(1), "alice is next");
    assert_eq!(
        answers[0].pings,
        Vec::<UserId>::new(),
        "no ping between bots"
    );
    assert_eq!(answers[1].pings, vec![alice().user]);
    assert_eq!(after.history().len(), 4);
}

/// `/play xiangqi4 @boardpost @dave`: the bot takes the two seats nobody was named for,
/// and the game waits for dave's accept (it answered "the game changed" before: the game
/// was started before dave had accepted).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn naming_the_bot_and_a_player_waits_for_the_player() {
    let w = World::new().await;
    let table = bot_world_table(&w);
    let req = ChallengeRequest {
        game: "xiangqi4".into(),
        options: vec!["mode=ffa".into()],
        opponents: vec![the_bot(), dave().user],
        ..ChallengeRequest::default()
    };
    let posted = table.challenge(&alice(), req).await.unwrap();
    assert!(posted.game.is_none(), "dave has not accepted yet");
    assert_eq!(posted.pings, vec![dave().user]);
    assert!(
        !posted.text.contains("more"),
        "no seat is open: {}",
        posted.text
    );
    let started = table.accept(&dave(), None).await.unwrap();
    let id = started.game.expect("dave's accept starts the game");
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert_eq!(row.bots.len(), 2, "{:?}", row.bots);
    assert!(row.seats.contains(&alice().user) && row.seats.contains(&dave().user));
}

/// The table's replies and notices ping each person once and never the bot, whatever
/// the seats hold: in a game of four with two bot seats, alice's takeback request (as
/// every front end sends it, through `handle`) pings dave alone; against the bot, her
/// resignation pings nobody, and her loss on time pings and messages her alone. On the
/// old bot these were `[dave, bot, bot]`, `[bot]` and `[alice, bot]` (a direct message
/// to the bot too).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_name_each_person_once_and_never_the_bot() {
    let w = World::new().await;
    let table = bot_world_table(&w);
    table
        .challenge(&alice(), four_with_bot_seats(2))
        .await
        .unwrap();
    let id = table.accept(&dave(), None).await.unwrap().game.unwrap();
    for who in [alice(), dave()] {
        let action = position(&w, id).await.legal()[0].clone();
        table.play_move(&who, Some(id), &action).await.unwrap();
    }
    assert_eq!(table.bot_turns(GUILD, id).await.unwrap().len(), 2);
    let asked = table
        .handle(
            &alice(),
            Request::Takeback(Some(id), TakebackAction::Request),
        )
        .await;
    assert!(!asked.ephemeral, "{}", asked.text);
    assert_eq!(asked.pings, vec![dave().user], "{}", asked.text);

    let (id, _) = against_bot(&w, "sidja", &[], 1).await;
    let resigned = table.handle(&alice(), Request::Resign(Some(id))).await;
    assert!(resigned.text.contains("resigns"), "{}", resigned.text);
    assert_eq!(resigned.pings, Vec::<UserId>::new());

    let direct = SettingsChange {
        ping_dm: Some(true),
        ..SettingsChange::default()
    };
    table.settings(&alice(), direct).await.unwrap();
    let (id, _) = against_bot(&w, "sidja", &[], 1).await;
    w.clock.advance(30 * 24 * 3600);
    let notices = table.tick().await.unwrap();
    let lost = notices
        .iter()
        .find(|n| n.game == Some(id))
        .expect("a loss on time");
    assert!(
        lost.reply.text.contains("ran out of time"),
        "{}",
        lost.reply.text
    );
    assert_eq!(lost.reply.pings, vec![alice().user]);
    let messaged: Vec<UserId> = lost.dm.iter().map(|(user, _)| *user).collect();
    assert_eq!(messaged, vec![alice().user]);

    // A notice an older version queued, naming the bot and alice twice, is delivered
    // to each person once and never to the bot.
    let (alice_id, bot_id) = (alice().user.0 as i64, the_bot().0 as i64);
    w.exec(
        "UPDATE outbox SET sent_at = NULL, next_try_at = 0, lease_owner = NULL,
           lease_until = NULL, pings = $1, dm = $2, dm_texts = $3
         WHERE notice_id = $4",
        &[
            Param::Json(format!("[{alice_id}, {bot_id}, {alice_id}]")),
            Param::Json(format!("[{bot_id}, {alice_id}, {alice_id}]")),
            Param::Json(r#"["to the bot", "to alice", "to alice again"]"#.into()),
            Param::Int(lost.id),
        ],
    )
    .await;
    let again = table.undelivered().await.unwrap();
    let old = again
        .iter()
        .find(|n| n.id == lost.id)
        .expect("queued again");
    assert_eq!(old.reply.pings, vec![alice().user]);
    assert_eq!(old.dm, vec![(alice().user, "to alice".to_string())]);
}

/// alice resigns a game of four against three bot seats after one turn each: nobody
/// but the bot is left, and its seats play the game to its end in one answer (not 16
/// turns and then silence), which says so and shows the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_plays_out_a_game_of_four_nobody_else_is_left_in() {
    let w = World::new().await;
    let table = bot_world_table(&w);
    let req = four_with_bot_seats(3);
    let id = table.challenge(&alice(), req).await.unwrap().game.unwrap();
    let action = position(&w, id).await.legal()[0].clone();
    table.play_move(&alice(), Some(id), &action).await.unwrap();
    let answers = table.bot_turns(GUILD, id).await.unwrap();
    assert_eq!(answers.len(), 3, "each bot seat answers while alice plays");
    assert!(answers
        .iter()
        .all(|a| !a.text.contains("Nobody but the bot")));

    let resigned = table.resign(&alice(), Some(id)).await.unwrap();
    assert_eq!(resigned.game, Some(id));
    assert!(
        position(&w, id).await.outcome().is_none(),
        "three seats play on"
    );
    let answers = table.bot_turns(GUILD, id).await.unwrap();
    assert_eq!(
        answers.len(),
        1,
        "one answer for the whole rest: {answers:?}"
    );
    let end = &answers[0];
    assert!(
        end.text
            .contains(&format!("Nobody but the bot is left in game #{id}")),
        "{}",
        end.text
    );
    assert!(end.text.contains("Game over"), "{}", end.text);
    assert!(end.image.is_some(), "the end comes with the board");
    let game = position(&w, id).await;
    assert!(game.outcome().is_some(), "the game ended");
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert!(row.result.is_some(), "and is stored as ended: {row:?}");
    // The number of turns it says it played is the stored log's, after alice's four.
    let played = game.history().len() - 4;
    assert!(
        end.text.contains(&format!("({played} turns)")),
        "{played} turns: {}",
        end.text
    );
    assert!(table.bot_turns(GUILD, id).await.unwrap().is_empty());

    // Its analysis names each mistake's army: "@boardpost" alone would not say which
    // of its three seats erred.
    let review = table.analyse(&alice(), Some(id)).await.unwrap();
    let mistakes: Vec<&str> = review
        .text
        .lines()
        .filter(|l| l.starts_with("Turn "))
        .collect();
    assert!(!mistakes.is_empty(), "{}", review.text);
    for line in mistakes {
        assert!(
            ["(Red)", "(Black)", "(Yellow)", "(Green)"]
                .iter()
                .any(|army| line.contains(&format!("> {army} played"))),
            "{line}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_only_against_the_bot_and_only_on_your_turn() {
    let w = World::new().await;
    let (people, _) = w.start(&["variant=sudan", "size=5"]).await;
    let refused = refusal(w.table.hint(&alice(), Some(people)).await);
    assert!(refused.contains("between people"), "{refused}");

    let (id, _) = against_bot(&w, "sidja", &["variant=sudan", "size=5"], 3).await;
    let hint = w.table.hint(&alice(), Some(id)).await.unwrap();
    assert!(hint.ephemeral, "a hint is private");
    let suggested = hint
        .text
        .split("**")
        .nth(1)
        .expect("the hint names an action in bold")
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    assert!(
        position(&w, id).await.legal().contains(&suggested),
        "the hint is legal: {}",
        hint.text
    );
    assert!(hint.text.contains('('), "with a reason: {}", hint.text);
    let outsider = refusal(w.table.hint(&bob(), Some(id)).await);
    assert!(outsider.contains("not playing"), "{outsider}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_with_a_graph() {
    let w = World::new().await;
    let (id, _) = against_bot(&w, "sidja", &["variant=sudan", "size=5"], 2).await;
    let early = refusal(w.table.analyse(&alice(), Some(id)).await);
    assert!(early.contains("still going on"), "{early}");
    play_out(&w, id, &alice()).await;
    let analysis = w.table.analyse(&alice(), Some(id)).await.unwrap();
    assert!(
        analysis.text.contains("Analysis of game"),
        "{}",
        analysis.text
    );
    let graph = analysis.file.as_ref().expect("the graph is attached");
    let board = analysis
        .image
        .as_ref()
        .expect("the board at the turning point");
    for png in [&graph.bytes, &board.bytes] {
        let image = image::load_from_memory(png).expect("a PNG");
        assert!(image.width() > 300 && image.height() > 200);
    }
    assert!(graph.name.ends_with("analysis.png"), "{}", graph.name);
    // Also a game between people, once over.
    let (people, _) = w.start(&["variant=sudan", "size=5"]).await;
    w.table.resign(&bob(), Some(people)).await.unwrap();
    let between = w.table.analyse(&bob(), Some(people)).await.unwrap();
    assert!(between.file.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_are_allowed_by_the_bot_and_draws_refused() {
    let w = World::new().await;
    let (id, _) = against_bot(&w, "xiangqi", &[], 1).await;
    w.table.play_move(&alice(), Some(id), "h2e2").await.unwrap();
    w.table.bot_turns(GUILD, id).await.unwrap();
    assert_eq!(position(&w, id).await.history().len(), 2);
    let back = w
        .table
        .takeback(&alice(), Some(id), TakebackAction::Request)
        .await
        .unwrap();
    assert!(back.text.contains("h2-e2"), "{}", back.text);
    let game = position(&w, id).await;
    assert_eq!(
        game.history().len(),
        0,
        "her move and the bot's answer are undone"
    );
    assert_eq!(game.to_move(), Some(Seat::from_number(1).unwrap()));
    let draw = refusal(w.table.draw(&alice(), Some(id), DrawAction::Offer).await);
    assert!(
        draw.contains("the bot plays on") && draw.contains("from ply 400"),
        "{draw}"
    );
}

/// In a game of four with two people and two bot seats, the bot allows a takeback for
/// its seats as soon as it is asked: only the other person is asked, and their allowing
/// it is enough, also where the answer reaches a process that has not yet learnt which
/// user the bot is (the game's seats say so).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_allows_a_takeback_at_once_whoever_else_plays() {
    let w = World::new().await;
    let table = bot_world_table(&w);
    table
        .challenge(&alice(), four_with_bot_seats(2))
        .await
        .unwrap();
    let id = table.accept(&dave(), None).await.unwrap().game.unwrap();
    for who in [alice(), dave()] {
        let action = position(&w, id).await.legal()[0].clone();
        table.play_move(&who, Some(id), &action).await.unwrap();
    }
    table.bot_turns(GUILD, id).await.unwrap();
    assert_eq!(position(&w, id).await.history().len(), 4);
    let asked = table
        .takeback(&alice(), Some(id), TakebackAction::Request)
        .await
        .unwrap();
    assert_eq!(asked.pings, vec![dave().user], "only dave is asked");
    assert!(
        asked
            .text
            .contains(&format!("{} allows it", the_bot().mention())),
        "the bot answers at once: {}",
        asked.text
    );
    let fresh = boardpost::store::Store::open(&w.url).await.unwrap();
    let other = Table::new(fresh, std::sync::Arc::new(w.clock.clone()));
    let done = other
        .takeback(&dave(), Some(id), TakebackAction::Accept)
        .await
        .unwrap();
    assert!(done.text.contains("Takeback in game"), "{}", done.text);
    assert!(position(&w, id).await.history().is_empty());
}

/// A seeded random game of xiangqi 400 plies long, red to move, in which the search
/// judges red more than five pieces ahead (`red_ahead`) or behind: its actions.
fn long_lopsided_xiangqi(red_ahead: bool) -> Vec<String> {
    use boardpost::ai::{self, Level};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    for seed in 0..500 {
        let mut game = AnyGame::new("xiangqi", &[] as &[String]).unwrap();
        let mut rng = SmallRng::seed_from_u64(seed);
        while game.history().len() < 400 && game.outcome().is_none() {
            let legal = game.legal();
            let pick = legal[rng.gen_range(0..legal.len())].clone();
            game.play(&pick).unwrap();
        }
        if game.outcome().is_some() {
            continue;
        }
        let score = ai::choose(&game, Level::L1, 0).unwrap().score;
        if (red_ahead && score > 500) || (!red_ahead && score < -500) {
            return game.history().iter().map(|a| a.to_string()).collect();
        }
    }
    panic!("no seeded game fits");
}

/// alice (red) and the bot (black) have played `actions`: written as the table would
/// have, in one change of the game.
async fn have_played(w: &World, id: GameId, actions: &[String]) {
    use boardpost::store::{GameStatus, GameUpdate, NewAction};
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    let mut game = position(w, id).await;
    let mut append = Vec::new();
    for a in actions {
        let seat = game.to_move().unwrap();
        let user = if seat == Seat::FIRST {
            alice().user
        } else {
            the_bot()
        };
        game.play(a).unwrap();
        append.push(NewAction {
            seat: seat.number(),
            user,
            text: a.clone(),
        });
    }
    w.store
        .update_game(&GameUpdate {
            game: id,
            expected_version: row.version,
            now: 0,
            state: serde_json::to_string(&game).unwrap(),
            status: GameStatus::Active,
            new_turn: false,
            turn_started: 0,
            deadline: row.deadline,
            to_move: None,
            result: None,
            settles: None,
            append,
            truncate_to: None,
            ranking: None,
            notice: None,
            premoves: Vec::new(),
            pairing_result: None,
        })
        .await
        .unwrap();
}

/// The bot agrees to a draw from ply 400 on when it is not ahead by more than about a
/// piece, and plays on when it is; never in a game's first 400 plies (above).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_agrees_to_a_draw_late_in_a_game_unless_it_is_ahead() {
    let w = World::new().await;
    // The bot behind: it agrees, and the game ends drawn by agreement.
    let (id, _) = against_bot(&w, "xiangqi", &[], 1).await;
    have_played(&w, id, &long_lopsided_xiangqi(true)).await;
    let declined = refusal(w.table.draw(&alice(), Some(id), DrawAction::Decline).await);
    assert!(declined.contains("no draw offer"), "{declined}");
    let agreed = w
        .table
        .draw(&alice(), Some(id), DrawAction::Offer)
        .await
        .unwrap();
    assert!(agreed.text.contains("Draw agreed"), "{}", agreed.text);
    assert!(
        position(&w, id).await.outcome().is_some(),
        "the game is over"
    );
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    assert!(row.result.unwrap_or_default().contains("agreed"));
    // The bot ahead: it plays on, and says so.
    let (id, _) = against_bot(&w, "xiangqi", &[], 1).await;
    have_played(&w, id, &long_lopsided_xiangqi(false)).await;
    let refused = refusal(w.table.draw(&alice(), Some(id), DrawAction::Offer).await);
    assert!(
        refused.contains("the bot plays on") && refused.contains("ahead"),
        "{refused}"
    );
    assert!(
        position(&w, id).await.outcome().is_none(),
        "the game goes on"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_requests_are_checked() {
    let w = World::new().await;
    let table = bot_world_table(&w);
    let ask = |req: ChallengeRequest| async { refusal(table.challenge(&alice(), req).await) };
    let level_alone = ask(ChallengeRequest {
        game: "sidja".into(),
        opponents: vec![bob().user],
        level: Some(2),
        ..ChallengeRequest::default()
    })
    .await;
    assert!(level_alone.contains("against the bot"), "{level_alone}");
    let too_high = ask(ChallengeRequest {
        game: "sidja".into(),
        opponents: vec![the_bot()],
        level: Some(9),
        ..ChallengeRequest::default()
    })
    .await;
    assert!(too_high.contains("no level 9"), "{too_high}");
    let too_many = ask(ChallengeRequest {
        game: "sidja".into(),
        bot_seats: Some(3),
        ..ChallengeRequest::default()
    })
    .await;
    assert!(too_many.contains("one seat"), "{too_many}");
    // Without a bot user (the bot is not connected), nobody can ask for it.
    let w2 = World::new().await;
    let absent = refusal(
        w2.table
            .challenge(
                &alice(),
                ChallengeRequest {
                    game: "sidja".into(),
                    bot_seats: Some(1),
                    ..ChallengeRequest::default()
                },
            )
            .await,
    );
    assert!(absent.contains("cannot play"), "{absent}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn bot_turns_never_overlap() {
    let w = World::new().await;
    let (id, _) = against_bot(&w, "xiangqi", &[], 2).await;
    w.table.play_move(&alice(), Some(id), "h2e2").await.unwrap();
    // Two processes (or a restart and a move) both think the bot owes a turn: one plays
    // it, the other finds a person to move.
    let other = second_table(&w).await;
    let (a, b) = tokio::join!(w.table.bot_turn(GUILD, id), other.bot_turn(GUILD, id));
    let played = [a.unwrap(), b.unwrap()]
        .iter()
        .filter(|r| r.is_some())
        .count();
    assert_eq!(played, 1, "exactly one bot turn");
    let game = position(&w, id).await;
    assert_eq!(game.history().len(), 2);
    // A person's move racing the bot's answer: the person is refused (not their turn)
    // or the bot's turn loses; never two turns of one seat.
    let next = game.legal()[0].clone();
    let me = alice();
    let (mine, bots) = tokio::join!(
        w.table.play_move(&me, Some(id), &next),
        other.bot_turn(GUILD, id)
    );
    mine.unwrap();
    let _ = bots.unwrap();
    let game = position(&w, id).await;
    let seats: Vec<u8> = game
        .history_by_seat()
        .iter()
        .map(|(s, _)| s.number())
        .collect();
    for pair in seats.windows(2) {
        assert_ne!(pair[0], pair[1], "turns alternate: {seats:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_plays_the_turns_it_owes_after_a_restart_and_never_times_out() {
    let w = World::new().await;
    let (id, _) = against_bot(&w, "xiangqi", &[], 1).await;
    // alice moves and the process stops before the bot answers.
    w.table.play_move(&alice(), Some(id), "h2e2").await.unwrap();
    let restarted = second_table(&w).await;
    assert_eq!(
        restarted.games_awaiting_bot().await.unwrap(),
        vec![(GUILD, id)]
    );
    // Its clock runs out meanwhile: the bot is neither reminded nor timed out.
    w.clock.advance(10 * boardpost::clock::DAY);
    let notices = restarted.tick().await.unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert!(position(&w, id).await.outcome().is_none());
    let answers = restarted.bot_turns(GUILD, id).await.unwrap();
    assert_eq!(answers.len(), 1);
    assert!(restarted.games_awaiting_bot().await.unwrap().is_empty());
}
