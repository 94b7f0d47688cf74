//! Tournaments through the table, on both backends: a whole round-robin and a whole Swiss
//! played with seeded random results (resignations, agreed draws, losses on time by the
//! test clock, a withdrawal), their final standings checked against what the test derives
//! from the results it chose; two tables on one database racing to pair a round; a
//! tournament of one server invisible from another; only the organiser starts; no entry
//! after the start.

use boardpost::clock::DAY;
use boardpost::games::Game;
use boardpost::ids::{ChannelId, GameId, TournamentId, UserId};
use boardpost::store::{
    decode_state, BoardResult, GameStatus, NoticeRow, Side, Store, TournamentRecord,
    TournamentState,
};
use boardpost::table::{
    Caller, DrawAction, Table, TournamentFormat, TournamentRequest, TournamentSettings,
    VacationAction,
};
use boardpost_testkit::tournaments::{create_tournament, join_tournament};
use boardpost_testkit::world::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

const DAYS: i64 = 1;

fn player(n: u64) -> Caller {
    caller(n, &format!("p{n}"))
}

async fn create(
    w: &World,
    format: TournamentFormat,
    rounds: Option<u16>,
    players: u16,
) -> TournamentId {
    let settings = TournamentSettings {
        game: "sidja".into(),
        format: Some(format),
        rounds,
        days_per_move: Some(DAYS),
        max_players: Some(players),
        ..TournamentSettings::default()
    };
    create_tournament(&w.table, &w.store, &player(1), settings).await
}

async fn enter(w: &World, id: TournamentId, n: u64) {
    join_tournament(&w.table, id, &player(n)).await;
}

async fn record(w: &World, id: TournamentId) -> TournamentRecord {
    w.store.tournament(GUILD, id).await.unwrap().unwrap()
}

fn user_of(record: &TournamentRecord, number: u16) -> UserId {
    record
        .entrants
        .iter()
        .find(|e| e.number == Some(number))
        .unwrap()
        .user
}

/// `user`'s caller (every test player is `player(n)` with `user(n)`).
fn as_caller(u: UserId) -> Caller {
    player(u.0 - user(0).0)
}

/// What the test makes of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Plan {
    Won(Side),
    Draw,
    /// The side to lose on time: it never moves.
    TimeoutOf(Side),
}

fn random_plan(rng: &mut SmallRng, timeouts: bool) -> Plan {
    match rng.gen_range(0..if timeouts { 8 } else { 6 }) {
        0 | 1 => Plan::Won(Side::White),
        2 | 3 => Plan::Won(Side::Black),
        4 | 5 => Plan::Draw,
        6 => Plan::TimeoutOf(Side::White),
        _ => Plan::TimeoutOf(Side::Black),
    }
}

/// White plays until it is black's turn (a turn of sidja may hold several placements).
async fn white_moves(w: &World, game: GameId, white: UserId) {
    for _ in 0..4 {
        let row = w.store.game(GUILD, game).await.unwrap().unwrap();
        let position = decode_state(&row.state).expect("a readable position");
        let to_move = position.to_move().map(|s| row.seats[s.index()]);
        if to_move != Some(white) {
            return;
        }
        let action = position.legal().into_iter().next().expect("a legal action");
        w.table
            .play_move(&as_caller(white), Some(game), &action)
            .await
            .unwrap();
    }
    panic!("white's turn does not end in game #{game}");
}

/// Carries out a plan now, except a loss on time, which only sets the game up for the
/// clock: its loser is to move.
async fn carry_out(w: &World, game: GameId, white: UserId, black: UserId, plan: Plan) {
    match plan {
        Plan::Won(Side::White) => {
            w.table.resign(&as_caller(black), Some(game)).await.unwrap();
        }
        Plan::Won(Side::Black) => {
            w.table.resign(&as_caller(white), Some(game)).await.unwrap();
        }
        Plan::Draw => {
            w.table
                .draw(&as_caller(white), Some(game), DrawAction::Offer)
                .await
                .unwrap();
            w.table
                .draw(&as_caller(black), Some(game), DrawAction::Accept)
                .await
                .unwrap();
        }
        Plan::TimeoutOf(Side::White) => {}
        Plan::TimeoutOf(Side::Black) => white_moves(w, game, white).await,
    }
}

/// Moves the clock past every time limit and lets the table see it.
async fn time_runs_out(w: &World) {
    w.clock.advance(DAYS * DAY + 60);
    w.table.tick().await.unwrap();
}

/// The standings as the table shows them: (user, points in tenths), best first, and the
/// whole text.
async fn standings(w: &World, id: TournamentId) -> (Vec<(UserId, u32)>, String) {
    let reply = w
        .table
        .tournament(
            &player(1),
            TournamentRequest::Standings {
                tournament: Some(id),
                page: None,
            },
        )
        .await
        .unwrap();
    let mut rows = Vec::new();
    for line in reply.text.lines().skip(1) {
        let start = line.find("<@").unwrap() + 2;
        let end = start + line[start..].find('>').unwrap();
        let user = UserId(line[start..end].parse().unwrap());
        let after = &line[end + 3..];
        let points: String = after.chars().take_while(|c| *c != ' ').collect();
        let (whole, tenth) = points.split_once('.').unwrap();
        rows.push((
            user,
            whole.parse::<u32>().unwrap() * 10 + tenth.parse::<u32>().unwrap(),
        ));
    }
    (rows, reply.text)
}

/// Every notice waiting in the outbox, read back with its image.
async fn posts(w: &World) -> Vec<NoticeRow> {
    let far = i64::MAX / 2;
    w.store
        .claim_notices(far, "test", far, 100_000)
        .await
        .unwrap()
        .into_iter()
        .map(|n| n.expect("a readable notice"))
        .collect()
}

/// The crosstable a post or reply carries: named as one, and a PNG that decodes.
fn crosstable_of(name: &str, bytes: &[u8]) -> image::RgbaImage {
    assert!(
        name.starts_with("tournament-") && name.contains("-crosstable") && name.ends_with(".png"),
        "{name}"
    );
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("the crosstable decodes")
        .to_rgba8()
}

/// The standings reply's crosstable.
async fn standings_image(w: &World, id: TournamentId, page: Option<u16>) -> image::RgbaImage {
    let reply = w
        .table
        .tournament(
            &player(1),
            TournamentRequest::Standings {
                tournament: Some(id),
                page,
            },
        )
        .await
        .unwrap();
    let image = reply.image.expect("the standings come with the crosstable");
    crosstable_of(&image.name, &image.bytes)
}

/// Points each side scores for a result, in tenths.
fn points(result: BoardResult) -> (u32, u32) {
    match result {
        BoardResult::Won(Side::White) => (10, 0),
        BoardResult::Won(Side::Black) => (0, 10),
        BoardResult::Draw => (5, 5),
    }
}

fn result_of(plan: Plan) -> BoardResult {
    match plan {
        Plan::Won(side) => BoardResult::Won(side),
        Plan::Draw => BoardResult::Draw,
        Plan::TimeoutOf(Side::White) => BoardResult::Won(Side::Black),
        Plan::TimeoutOf(Side::Black) => BoardResult::Won(Side::White),
    }
}

/// A section of six played to the end. p5 finishes two of their five games and
/// withdraws: fewer than half, so all their results are struck out and their games going
/// on end. p6 never moves and loses every game on time: withdrawn for it, results
/// standing. The other games get random results, some lost on time. The final standings
/// have the scores and Sonneborn–Berger values the test derives from its own results,
/// in their order, with the withdrawals said.
async fn a_round_robin_is_played_to_the_end(w: World) {
    let mut rng = SmallRng::seed_from_u64(6);
    let id = create(&w, TournamentFormat::RoundRobin, None, 6).await;
    for n in 1..=6 {
        enter(&w, id, n).await;
    }
    w.table
        .tournament(&player(1), TournamentRequest::Start(Some(id)))
        .await
        .unwrap();
    let started = record(&w, id).await;
    assert_eq!(started.row.rounds_paired, 5);
    assert_eq!(started.pairings.len(), 15);
    // Every pair meets once.
    let pairs: BTreeSet<(u16, u16)> = started
        .pairings
        .iter()
        .map(|p| {
            let b = p.black.unwrap();
            (p.white.min(b), p.white.max(b))
        })
        .collect();
    assert_eq!(pairs.len(), 15);
    let (leaver, idle) = (user(5), user(6));
    let games: Vec<(GameId, UserId, UserId)> = started
        .pairings
        .iter()
        .map(|p| {
            (
                p.game.unwrap(),
                user_of(&started, p.white),
                user_of(&started, p.black.unwrap()),
            )
        })
        .collect();
    // The results that count, by game: what the test expects of each.
    let mut expected: BTreeMap<GameId, (UserId, UserId, BoardResult)> = BTreeMap::new();
    // p5's first two games against the others end now; then p5 withdraws.
    let mut finished_by_leaver = 0;
    for &(game, white, black) in &games {
        let has_leaver = white == leaver || black == leaver;
        if has_leaver && white != idle && black != idle && finished_by_leaver < 2 {
            let plan = match rng.gen_range(0..3) {
                0 => Plan::Won(Side::White),
                1 => Plan::Won(Side::Black),
                _ => Plan::Draw,
            };
            carry_out(&w, game, white, black, plan).await;
            finished_by_leaver += 1;
        }
    }
    let reply = w
        .table
        .tournament(
            &player(5),
            TournamentRequest::Withdraw {
                tournament: Some(id),
                player: None,
            },
        )
        .await
        .unwrap();
    assert!(reply.text.contains("struck out"), "{}", reply.text);
    // p5's games going on ended with the withdrawal.
    for &(game, white, black) in &games {
        if white == leaver || black == leaver {
            let row = w.store.game(GUILD, game).await.unwrap().unwrap();
            assert!(
                row.result.is_some(),
                "game #{game} of the withdrawn player goes on"
            );
        }
    }
    let mut others_timed_out = false;
    for &(game, white, black) in &games {
        if white == leaver || black == leaver {
            continue;
        }
        let plan = if white == idle {
            Plan::TimeoutOf(Side::White)
        } else if black == idle {
            Plan::TimeoutOf(Side::Black)
        } else if !others_timed_out {
            // At least one loss on time besides p6's, of a player who plays on.
            others_timed_out = true;
            Plan::TimeoutOf(Side::Black)
        } else {
            random_plan(&mut rng, true)
        };
        carry_out(&w, game, white, black, plan).await;
        expected.insert(game, (white, black, result_of(plan)));
    }
    time_runs_out(&w).await;
    let done = record(&w, id).await;
    assert_eq!(done.row.state, TournamentState::Finished);
    let p6 = done.entrants.iter().find(|e| e.user == idle).unwrap();
    assert!(p6.withdrawn.is_some(), "p6 ran out of time in every game");
    // The scores and Sonneborn–Berger the results give, p5's struck out.
    let mut score: BTreeMap<UserId, u32> = (1..=6).map(|n| (user(n), 0)).collect();
    for (white, black, result) in expected.values() {
        let (a, b) = points(*result);
        *score.get_mut(white).unwrap() += a;
        *score.get_mut(black).unwrap() += b;
    }
    let mut sb: BTreeMap<UserId, u32> = score.keys().map(|u| (*u, 0)).collect();
    for (white, black, result) in expected.values() {
        let (a, b) = points(*result);
        *sb.get_mut(white).unwrap() += a * score[black];
        *sb.get_mut(black).unwrap() += b * score[white];
    }
    let (table, text) = standings(&w, id).await;
    assert_eq!(table.len(), 6, "{text}");
    for (user, points) in &table {
        assert_eq!(*points, score[user], "{user}'s points in\n{text}");
    }
    // Best first: by points, then by Sonneborn–Berger.
    for pair in table.windows(2) {
        let key = |u: &UserId| (score[u], sb[u]);
        assert!(key(&pair[0].0) >= key(&pair[1].0), "out of order:\n{text}");
    }
    let line = |u: UserId| {
        text.lines()
            .find(|l| l.contains(&u.mention()))
            .unwrap()
            .to_string()
    };
    assert!(
        line(leaver).contains("withdrew, results struck out"),
        "{text}"
    );
    assert!(line(idle).contains("out of time in every game"), "{text}");
    // The end was announced once, with the winner.
    let over = w
        .number(
            "SELECT COUNT(*) FROM outbox WHERE text LIKE '%is over.** Winner%'",
            &[],
        )
        .await;
    assert_eq!(over, 1);
    let image = standings_image(&w, id, None).await;
    assert!(image.width() > 600 && image.height() > 300);
    // Every game played to its end was posted with the crosstable (p5's two before the
    // withdrawal and the ten of the others), the last one by the final post; the games
    // ended for p5 were not.
    let posts = posts(&w).await;
    let with_crosstable = |p: &NoticeRow| {
        let (name, bytes) = p.image.as_ref().expect("a crosstable");
        crosstable_of(name, bytes);
    };
    let games_over: Vec<&NoticeRow> = posts
        .iter()
        .filter(|p| p.text.contains("games over."))
        .collect();
    assert_eq!(games_over.len(), 2 + 10 - 1);
    games_over.into_iter().for_each(with_crosstable);
    let finals: Vec<&NoticeRow> = posts
        .iter()
        .filter(|p| p.text.contains("is over.** Winner"))
        .collect();
    assert_eq!(finals.len(), 1);
    finals.into_iter().for_each(with_crosstable);
}

/// A Swiss of twelve over five rounds, each paired when the round before is over: p12
/// withdraws in round 3 (their game lost by forfeit) and is never paired again; some
/// games are lost on time. Every round pairs everyone else once (no pair twice); the
/// final scores are those the test adds up from its results, best first.
async fn a_swiss_is_played_to_the_end(w: World) {
    let mut rng = SmallRng::seed_from_u64(12);
    let id = create(&w, TournamentFormat::Swiss, Some(5), 12).await;
    for n in 1..=12 {
        enter(&w, id, n).await;
    }
    w.table
        .tournament(&player(1), TournamentRequest::Start(Some(id)))
        .await
        .unwrap();
    let leaver = user(12);
    let mut score: BTreeMap<UserId, u32> = (1..=12).map(|n| (user(n), 0)).collect();
    let mut met = BTreeSet::new();
    let mut timed_out = BTreeSet::new();
    for round in 1..=5u16 {
        let now = record(&w, id).await;
        assert_eq!(now.row.rounds_paired, round, "round {round} is paired");
        let this: Vec<_> = now
            .pairings
            .iter()
            .filter(|p| p.round == round)
            .cloned()
            .collect();
        let paired: Vec<UserId> = this
            .iter()
            .flat_map(|p| [Some(p.white), p.black])
            .flatten()
            .map(|n| user_of(&now, n))
            .collect();
        let expected_players = if round > 3 { 11 } else { 12 };
        assert_eq!(paired.len(), expected_players, "round {round}");
        assert!(
            round <= 3 || !paired.contains(&leaver),
            "p12 paired after withdrawing"
        );
        for p in &this {
            let white = user_of(&now, p.white);
            let Some(black) = p.black.map(|b| user_of(&now, b)) else {
                *score.get_mut(&white).unwrap() += 10;
                continue;
            };
            assert!(
                met.insert((white.min(black), white.max(black))),
                "a pair met twice"
            );
        }
        if round == 3 {
            w.table
                .tournament(
                    &player(12),
                    TournamentRequest::Withdraw {
                        tournament: Some(id),
                        player: None,
                    },
                )
                .await
                .unwrap();
        }
        let mut clock_needed = false;
        for p in &this {
            let (Some(game), Some(black)) = (p.game, p.black) else {
                continue;
            };
            let white = user_of(&now, p.white);
            let black = user_of(&now, black);
            if round >= 3 && (white == leaver || black == leaver) {
                // Lost by forfeit: the other player scores.
                let winner = if white == leaver { black } else { white };
                *score.get_mut(&winner).unwrap() += 10;
                continue;
            }
            // A loss on time only for a player who has played before and not timed out.
            let mut plan = random_plan(&mut rng, round > 1);
            if let Plan::TimeoutOf(side) = plan {
                let loser = if side == Side::White { white } else { black };
                if !timed_out.insert(loser) {
                    plan = Plan::Draw;
                }
            }
            clock_needed |= matches!(plan, Plan::TimeoutOf(_));
            carry_out(&w, game, white, black, plan).await;
            let (a, b) = points(result_of(plan));
            *score.get_mut(&white).unwrap() += a;
            *score.get_mut(&black).unwrap() += b;
        }
        if clock_needed {
            time_runs_out(&w).await;
        }
    }
    assert!(!timed_out.is_empty(), "some games were lost on time");
    let done = record(&w, id).await;
    assert_eq!(done.row.state, TournamentState::Finished);
    assert_eq!(done.row.rounds_done, 5);
    let (table, text) = standings(&w, id).await;
    assert_eq!(table.len(), 12, "{text}");
    for (user, points) in &table {
        assert_eq!(*points, score[user], "{user}'s points in\n{text}");
    }
    for pair in table.windows(2) {
        assert!(pair[0].1 >= pair[1].1, "out of order:\n{text}");
    }
    let line = text
        .lines()
        .find(|l| l.contains(&leaver.mention()))
        .unwrap();
    assert!(line.contains("withdrew"), "{text}");
    // Each round's end and the final post carry the crosstable, as does the reply to
    // /tournament standings; twelve players fill one page.
    let posts = posts(&w).await;
    for round in 1..=4 {
        let said = format!("round {round} of 5 is over");
        let post: Vec<&NoticeRow> = posts.iter().filter(|p| p.text.contains(&said)).collect();
        assert_eq!(post.len(), 1, "{said}");
        let (name, bytes) = post[0].image.as_ref().expect("a crosstable");
        crosstable_of(name, bytes);
    }
    let last = posts
        .iter()
        .find(|p| p.text.contains("is over.** Winner"))
        .expect("the final post");
    let (name, bytes) = last.image.as_ref().expect("a crosstable");
    crosstable_of(name, bytes);
    standings_image(&w, id, Some(1)).await;
    let refused = refusal(
        w.table
            .tournament(
                &player(1),
                TournamentRequest::Standings {
                    tournament: Some(id),
                    page: Some(2),
                },
            )
            .await,
    );
    assert!(refused.contains("have 1 page"), "{refused}");
    // The export is FIDE's TRF-16, which the pairing crate reads back with every round.
    let export = w
        .table
        .tournament(&player(1), TournamentRequest::Export(Some(id)))
        .await
        .unwrap();
    let file = export.file.expect("a TRF file");
    let read = boardpost_pairing::trf::read(&file.bytes).unwrap();
    assert_eq!(read.played_rounds(), 5);
}

/// The last result of a Swiss round is written by a process that stops before the next
/// step (as if it died there); two tables on the database then take the step at once,
/// many times over: round 2 is paired once, its games made once, the round's end told
/// once.
async fn two_tables_pair_a_round_once(w: World) {
    let id = create(&w, TournamentFormat::Swiss, Some(3), 4).await;
    for n in 1..=4 {
        enter(&w, id, n).await;
    }
    w.table
        .tournament(&player(1), TournamentRequest::Start(Some(id)))
        .await
        .unwrap();
    let now = record(&w, id).await;
    let first = &now.pairings[0];
    w.table
        .resign(&as_caller(user_of(&now, first.white)), first.game)
        .await
        .unwrap();
    let last = now.pairings[1].game.unwrap();
    w.exec(
        "UPDATE tournament_pairings SET result = 'draw' WHERE game_id = $1",
        &[Param::Int(last.0)],
    )
    .await;
    assert_eq!(record(&w, id).await.row.rounds_paired, 1);
    let other = Table::new(
        Store::open(&w.url).await.unwrap(),
        Arc::new(w.clock.clone()),
    );
    let mut steps = Vec::new();
    for i in 0..8 {
        let table = if i % 2 == 0 {
            w.table.clone()
        } else {
            other.clone()
        };
        steps.push(tokio::spawn(async move {
            let _ = table.tournament_tick().await;
            table.step_tournament(id).await
        }));
    }
    for step in steps {
        step.await.unwrap().unwrap();
    }
    let after = record(&w, id).await;
    assert_eq!(after.row.rounds_paired, 2);
    assert_eq!(after.pairings.iter().filter(|p| p.round == 2).count(), 2);
    assert_eq!(w.number("SELECT COUNT(*) FROM games", &[]).await, 4);
    assert_eq!(
        w.number(
            "SELECT COUNT(*) FROM outbox WHERE text LIKE '%round 1 of 3 is over%'",
            &[]
        )
        .await,
        1
    );
}

/// A tournament of one server is not found, listed or joined from another.
async fn a_tournament_is_invisible_from_another_server(w: World) {
    let id = create(&w, TournamentFormat::RoundRobin, None, 4).await;
    let stranger = Caller::new(OTHER_GUILD, CHANNEL, user(2), "p2");
    let standings = TournamentRequest::Standings {
        tournament: Some(id),
        page: None,
    };
    let join = TournamentRequest::Join {
        tournament: Some(id),
        player: None,
    };
    for request in [standings, join] {
        let refused = refusal(w.table.tournament(&stranger, request).await);
        assert!(
            refused.contains(&format!("no tournament #{id}")),
            "{refused}"
        );
    }
    let list = w
        .table
        .tournament(&stranger, TournamentRequest::List { before: None })
        .await
        .unwrap();
    assert!(list.text.contains("no tournaments"), "{}", list.text);
    assert!(record(&w, id).await.entrants.is_empty());
}

/// Only the organiser (or a manager of the server) starts a tournament; once it runs,
/// nobody enters.
async fn only_the_organiser_starts_and_nobody_joins_after(w: World) {
    let id = create(&w, TournamentFormat::RoundRobin, None, 5).await;
    for n in 1..=3 {
        enter(&w, id, n).await;
    }
    let refused = refusal(
        w.table
            .tournament(&player(2), TournamentRequest::Start(Some(id)))
            .await,
    );
    assert!(refused.contains("only the organiser"), "{refused}");
    assert_eq!(record(&w, id).await.row.state, TournamentState::Open);
    let manager = player(3).managing_server(true);
    w.table
        .tournament(&manager, TournamentRequest::Start(Some(id)))
        .await
        .unwrap();
    assert_eq!(record(&w, id).await.row.state, TournamentState::Running);
    let refused = refusal(
        w.table
            .tournament(
                &player(4),
                TournamentRequest::Join {
                    tournament: Some(id),
                    player: None,
                },
            )
            .await,
    );
    assert!(refused.contains("no longer taking entries"), "{refused}");
    assert_eq!(record(&w, id).await.entrants.len(), 3);
}

/// A tournament game's first turn waits for a white player away on vacation; a vacation
/// taken during the tournament pauses the clocks of the games where that player is to
/// move; the other games lose on time as any game does.
async fn vacations_apply_to_tournament_games(w: World) {
    let id = create(&w, TournamentFormat::RoundRobin, None, 4).await;
    for n in 1..=4 {
        enter(&w, id, n).await;
    }
    w.table
        .vacation(&player(2), VacationAction::Start { days: 3 })
        .await
        .unwrap();
    w.table
        .tournament(&player(1), TournamentRequest::Start(Some(id)))
        .await
        .unwrap();
    let started = record(&w, id).await;
    let games: Vec<(GameId, UserId)> = (started.pairings.iter())
        .filter_map(|p| Some((p.game?, user_of(&started, p.white))))
        .collect();
    assert_eq!(games.len(), 6, "four players meet in six games");
    let mut late = 0;
    for (game, white) in &games {
        let row = w.store.game(GUILD, *game).await.unwrap().unwrap();
        let expected = if *white == user(2) {
            late += 1;
            START + 3 * DAY + DAYS * DAY
        } else {
            START + DAYS * DAY
        };
        assert_eq!(row.deadline, Some(expected), "game #{game}, white {white}");
    }
    assert!(late > 0, "player 2 is white somewhere");
    // Player 3 leaves for two days: where they are to move, their clock stands still.
    w.table
        .vacation(&player(3), VacationAction::Start { days: 2 })
        .await
        .unwrap();
    time_runs_out(&w).await;
    for (game, white) in &games {
        let row = w.store.game(GUILD, *game).await.unwrap().unwrap();
        let away = *white == user(2) || *white == user(3);
        let expected = if away {
            GameStatus::Active
        } else {
            GameStatus::Finished
        };
        assert_eq!(row.status, expected, "game #{game}, white {white}");
    }
}

/// Three players each beating one other tie on points and every tie-break: the final
/// post names all three as sharing first place, not one of them as the winner; it is
/// posted in the tournament's thread.
async fn a_tie_on_everything_shares_first_place(w: World) {
    let id = create(&w, TournamentFormat::RoundRobin, None, 3).await;
    // The thread Discord opened from the tournament's announcement.
    let thread = ChannelId(CHANNEL.0 + 77);
    w.store.set_tournament_thread(id, thread).await.unwrap();
    for n in 1..=3 {
        enter(&w, id, n).await;
    }
    w.table
        .tournament(&player(1), TournamentRequest::Start(Some(id)))
        .await
        .unwrap();
    let started = record(&w, id).await;
    // p1 beats p2, p2 beats p3, p3 beats p1.
    let beats = |a: UserId, b: UserId| {
        [(1, 2), (2, 3), (3, 1)].contains(&(a.0 - user(0).0, b.0 - user(0).0))
    };
    for p in started.pairings.iter().filter(|p| p.black.is_some()) {
        let white = user_of(&started, p.white);
        let black = user_of(&started, p.black.unwrap());
        let loser = if beats(white, black) { black } else { white };
        w.table.resign(&as_caller(loser), p.game).await.unwrap();
    }
    let over = record(&w, id).await;
    assert_eq!(over.row.state, TournamentState::Finished);
    let told = w.table.undelivered().await.unwrap();
    let last = told
        .iter()
        .find(|n| n.reply.text.contains("is over.**"))
        .expect("the end is announced");
    assert_eq!(
        (last.channel, last.parent),
        (thread, CHANNEL),
        "standings go to the tournament's thread"
    );
    assert!(
        last.reply.text.contains("Winners, sharing first place:"),
        "{}",
        last.reply.text
    );
    for n in 1..=3 {
        assert!(
            last.reply.text.contains(&user(n).mention()),
            "{}",
            last.reply.text
        );
    }
}

on_both_backends!(
    a_round_robin_is_played_to_the_end,
    a_swiss_is_played_to_the_end,
    two_tables_pair_a_round_once,
    a_tournament_is_invisible_from_another_server,
    only_the_organiser_starts_and_nobody_joins_after,
    vacations_apply_to_tournament_games,
    a_tie_on_everything_shares_first_place,
);
