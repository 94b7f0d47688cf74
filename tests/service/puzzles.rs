//! Puzzles through the table, on both backends: served near the player's rating and
//! unseen, solved, failed, the solution shown, both ratings moved by the first attempt
//! only (a double answer rates once), private puzzles only to their owner, the shipped
//! ones loaded once, a damaged row skipped and reported.

use boardpost::games::{AnyGame, Game, GameKind};
use boardpost::ops;
use boardpost::puzzle::{Puzzle, Source, Theme};
use boardpost::table::{PuzzleAction, PuzzleRequest, Reply, Table};
use boardpost_testkit::world::*;

/// A Yoté puzzle from the start: the solution is `line_len` actions that follow the
/// engine's first legal action each turn (the puzzle check needs no search, only the
/// line), the wrong answer any other legal first action.
fn yote_puzzle(key: &str, rating: i32, line_len: usize) -> Puzzle {
    let mut game = AnyGame::new("yote", &[] as &[&str]).unwrap();
    let mut line = Vec::new();
    for _ in 0..line_len {
        let action = game.legal()[0].clone();
        game.play(&action).unwrap();
        line.push(action);
    }
    Puzzle {
        key: key.to_string(),
        kind: GameKind::Yote,
        options: Vec::new(),
        moves: Vec::new(),
        line,
        theme: Theme::Capture,
        source: Source::Mined { seed: 7, ply: 0 },
        rating,
    }
}

/// A legal first action that is not the solution's.
fn wrong_answer() -> String {
    AnyGame::new("yote", &[] as &[&str]).unwrap().legal()[1].clone()
}

async fn ask(
    table: &Table,
    caller: &boardpost::table::Caller,
    game: Option<&str>,
    action: PuzzleAction,
) -> Reply {
    table
        .handle(
            caller,
            boardpost::table::Request::Puzzle(PuzzleRequest {
                game: game.map(str::to_string),
                action,
            }),
        )
        .await
}

async fn serve(w: &World, who: &boardpost::table::Caller) -> Reply {
    ask(&w.table, who, Some("yote"), PuzzleAction::Serve).await
}

async fn answer(w: &World, who: &boardpost::table::Caller, text: &str) -> Reply {
    ask(&w.table, who, None, PuzzleAction::Answer(text.to_string())).await
}

/// The key a served puzzle's message names.
fn key_of(reply: &Reply) -> String {
    let start = reply.text.find("Puzzle ").expect("a puzzle's header") + "Puzzle ".len();
    reply.text[start..]
        .split(|c: char| c == '*' || c.is_whitespace())
        .next()
        .unwrap()
        .to_string()
}

async fn player_rating(w: &World, n: u64) -> f64 {
    w.store
        .puzzle_rating(user(n), GameKind::Yote)
        .await
        .unwrap()
        .map_or(1500.0, |r| r.glicko.rating)
}

async fn puzzle_rating(w: &World, key: &str) -> (f64, i64, i64) {
    let row = w.store.puzzle_by_key(key).await.unwrap().unwrap();
    (row.rating.rating, row.attempts, row.solved)
}

async fn solve_a_puzzle_in_two_answers(w: World) {
    let puzzle = yote_puzzle("yote-t1", 1500, 3);
    w.table
        .add_puzzles(std::slice::from_ref(&puzzle), None)
        .await
        .unwrap();
    let served = serve(&w, &alice()).await;
    assert!(served.ephemeral, "puzzles are private");
    assert_eq!(key_of(&served), "yote-t1", "{}", served.text);
    assert!(served.text.contains("to move"), "{}", served.text);
    assert!(
        !served.text.contains("Theme:"),
        "the theme waits: {}",
        served.text
    );
    assert!(served
        .image
        .as_ref()
        .is_some_and(|i| i.bytes.starts_with(b"\x89PNG")));
    let labels: Vec<&str> = served.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Show solution", "Next puzzle"]);

    let right = answer(&w, &alice(), &puzzle.line[0]).await;
    assert!(right.text.contains("Right"), "{}", right.text);
    assert!(
        right.text.contains(&puzzle.line[1]),
        "the reply is shown: {}",
        right.text
    );
    assert_eq!(
        player_rating(&w, 1).await,
        1500.0,
        "not rated before it ends"
    );

    let solved = answer(&w, &alice(), &puzzle.line[2]).await;
    assert!(solved.text.contains("Solved"), "{}", solved.text);
    assert!(
        solved.text.contains("Theme: capture"),
        "the theme, once solved: {}",
        solved.text
    );
    assert!(solved.text.contains("1500 → "), "{}", solved.text);
    assert!(
        player_rating(&w, 1).await > 1500.0,
        "a solve raises the player"
    );
    let (rating, attempts, solved_count) = puzzle_rating(&w, "yote-t1").await;
    assert!(rating < 1500.0, "and lowers the puzzle: {rating}");
    assert_eq!((attempts, solved_count), (1, 1));

    let again = answer(&w, &alice(), &puzzle.line[2]).await;
    assert!(again.text.contains("puzzle is over"), "{}", again.text);
}

async fn a_wrong_answer_fails_and_offers_the_solution(w: World) {
    let puzzle = yote_puzzle("yote-t2", 1500, 1);
    w.table
        .add_puzzles(std::slice::from_ref(&puzzle), None)
        .await
        .unwrap();
    serve(&w, &alice()).await;
    let illegal = answer(&w, &alice(), "z9").await;
    assert!(
        illegal.text.contains("cannot be played"),
        "{}",
        illegal.text
    );
    assert_eq!(
        puzzle_rating(&w, "yote-t2").await.1,
        0,
        "an illegal answer is no attempt"
    );

    let wrong = answer(&w, &alice(), &wrong_answer()).await;
    assert!(
        wrong.text.contains("not the winning move"),
        "{}",
        wrong.text
    );
    let labels: Vec<&str> = wrong.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Show solution", "Next puzzle"]);
    assert!(
        player_rating(&w, 1).await < 1500.0,
        "a failure lowers the player"
    );
    let (rating, attempts, solved) = puzzle_rating(&w, "yote-t2").await;
    assert!(rating > 1500.0, "and raises the puzzle: {rating}");
    assert_eq!((attempts, solved), (1, 0));

    let shown = ask(&w.table, &alice(), None, PuzzleAction::Show(None)).await;
    assert!(shown.text.contains("The solution"), "{}", shown.text);
    assert!(shown.text.contains(&puzzle.line[0]), "{}", shown.text);
    assert_eq!(
        puzzle_rating(&w, "yote-t2").await.1,
        1,
        "showing it rates nothing more"
    );
}

async fn showing_the_solution_first_counts_as_a_failure(w: World) {
    let puzzle = yote_puzzle("yote-t3", 1500, 1);
    w.table
        .add_puzzles(std::slice::from_ref(&puzzle), None)
        .await
        .unwrap();
    let served = serve(&w, &bob()).await;
    let id = match served.buttons[0].id.rsplit_once(':') {
        Some((_, n)) => n.parse::<i64>().unwrap(),
        None => panic!("a button id"),
    };
    let shown = ask(&w.table, &bob(), None, PuzzleAction::Show(Some(id))).await;
    assert!(shown.text.contains(&puzzle.line[0]), "{}", shown.text);
    assert!(shown.text.contains("Theme: capture"), "{}", shown.text);
    assert!(player_rating(&w, 2).await < 1500.0);
    // A button of another puzzle changes nothing.
    let stale = ask(&w.table, &bob(), None, PuzzleAction::Show(Some(id + 1000))).await;
    assert!(stale.text.contains("no longer solving"), "{}", stale.text);
}

async fn puzzles_are_served_near_the_rating_and_never_twice(w: World) {
    let puzzles = [
        yote_puzzle("yote-far-low", 700, 1),
        yote_puzzle("yote-near", 1460, 1),
        yote_puzzle("yote-next", 1620, 1),
        yote_puzzle("yote-far-high", 2600, 1),
    ];
    w.table.add_puzzles(&puzzles, None).await.unwrap();
    let mut served = Vec::new();
    for _ in 0..4 {
        let reply = serve(&w, &carol()).await;
        let key = key_of(&reply);
        // Failed at once, so the next one is served.
        ask(&w.table, &carol(), None, PuzzleAction::Show(None)).await;
        served.push(key);
    }
    assert_eq!(served[0], "yote-near", "{served:?}");
    assert_eq!(served[1], "yote-next", "{served:?}");
    let mut all = served.clone();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 4, "each once: {served:?}");
    let none = serve(&w, &carol()).await;
    assert!(none.text.contains("tried every"), "{}", none.text);
}

async fn a_double_answer_rates_once(w: World) {
    let puzzle = yote_puzzle("yote-t5", 1500, 1);
    w.table
        .add_puzzles(std::slice::from_ref(&puzzle), None)
        .await
        .unwrap();
    serve(&w, &alice()).await;
    let who = alice();
    let (a, b) = tokio::join!(
        answer(&w, &who, &puzzle.line[0]),
        answer(&w, &who, &puzzle.line[0])
    );
    let solved = [&a, &b]
        .iter()
        .filter(|r| r.text.contains("Solved"))
        .count();
    assert_eq!(solved, 1, "{} / {}", a.text, b.text);
    let (_, attempts, solved_count) = puzzle_rating(&w, "yote-t5").await;
    assert_eq!((attempts, solved_count), (1, 1));
    let player = w
        .store
        .puzzle_rating(user(1), GameKind::Yote)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((player.attempts, player.solved), (1, 1));
}

async fn private_puzzles_go_to_their_owner_only_and_first(w: World) {
    w.table
        .add_puzzles(&[yote_puzzle("yote-public", 1500, 1)], None)
        .await
        .unwrap();
    w.table
        .add_puzzles(&[yote_puzzle("g9-p3-alice", 2900, 1)], Some(alice().user))
        .await
        .unwrap();
    let bobs = serve(&w, &bob()).await;
    assert_eq!(key_of(&bobs), "yote-public");
    ask(&w.table, &bob(), None, PuzzleAction::Show(None)).await;
    let none = serve(&w, &bob()).await;
    assert!(
        none.text.contains("tried every"),
        "bob never gets alice's: {}",
        none.text
    );
    let alices = serve(&w, &alice()).await;
    assert_eq!(
        key_of(&alices),
        "g9-p3-alice",
        "her own first, far as its rating is"
    );
    assert!(alices.text.contains("you missed a win"), "{}", alices.text);
}

async fn the_shipped_puzzles_load_once(w: World) {
    let first = w.table.load_shipped_puzzles().await.unwrap();
    let count = w.store.puzzle_count().await.unwrap();
    assert_eq!(first as i64, count);
    assert_eq!(w.table.load_shipped_puzzles().await.unwrap(), 0);
    // Without the record of the last load, the same set adds nothing either.
    w.exec("DELETE FROM meta WHERE key = 'puzzles_shipped'", &[])
        .await;
    assert_eq!(w.table.load_shipped_puzzles().await.unwrap(), 0);
    assert_eq!(w.store.puzzle_count().await.unwrap(), count);
    // More than one batch of puzzles, added twice: each once.
    let many: Vec<Puzzle> = (0..250)
        .map(|i| yote_puzzle(&format!("yote-b{i:03}"), 1500, 1))
        .collect();
    assert_eq!(w.table.add_puzzles(&many, None).await.unwrap(), 250);
    assert_eq!(w.table.add_puzzles(&many, None).await.unwrap(), 0);
    assert_eq!(w.store.puzzle_count().await.unwrap(), count + 250);
}

async fn a_damaged_puzzle_is_skipped_and_reported(w: World) {
    w.table
        .add_puzzles(
            &[
                yote_puzzle("yote-broken", 1500, 1),
                yote_puzzle("yote-whole", 1700, 1),
            ],
            None,
        )
        .await
        .unwrap();
    w.exec(
        "UPDATE puzzles SET line = $1 WHERE puzzle_key = 'yote-broken'",
        &[Param::Json("\"c3\"".into())],
    )
    .await;
    let served = serve(&w, &alice()).await;
    assert_eq!(key_of(&served), "yote-whole", "{}", served.text);
    let report = ops::check(&w.store, false, &mut |_, _| {}).await.unwrap();
    assert_eq!(report.puzzles.len(), 1, "{:?}", report.puzzles);
    assert_eq!(report.puzzles[0].key, "yote-broken");
    assert!(report.puzzles[0].to_string().contains("yote-broken"));
    assert_eq!(report.unrepaired(), 1);
}

async fn autocomplete_offers_the_puzzle_s_legal_actions(w: World) {
    let puzzle = yote_puzzle("yote-t9", 1500, 1);
    w.table
        .add_puzzles(std::slice::from_ref(&puzzle), None)
        .await
        .unwrap();
    assert!(w
        .table
        .suggest_puzzle_moves(&alice(), "")
        .await
        .unwrap()
        .is_empty());
    serve(&w, &alice()).await;
    let choices = w.table.suggest_puzzle_moves(&alice(), "").await.unwrap();
    assert!(!choices.is_empty());
    assert!(choices.iter().any(|c| c.value == puzzle.line[0]));
}

/// A Sidja line in which the solver captures twice in one turn (the extra move): the
/// first capture is answered with "the move is still yours", not with an empty reply.
async fn an_extra_move_of_the_solver_has_no_reply(w: World) {
    let puzzle = boardpost::puzzle::shipped(GameKind::Sidja)
        .unwrap()
        .into_iter()
        .find(|p| {
            let Ok(mut game) = p.position() else {
                return false;
            };
            let solver = game.to_move();
            p.line.len() == 2 && game.play(&p.line[0]).is_ok() && game.to_move() == solver
        })
        .expect("a shipped Sidja puzzle of two captures in one turn");
    w.table
        .add_puzzles(std::slice::from_ref(&puzzle), None)
        .await
        .unwrap();
    let served = ask(&w.table, &alice(), Some("sidja"), PuzzleAction::Serve).await;
    assert_eq!(key_of(&served), puzzle.key, "{}", served.text);
    let right = answer(&w, &alice(), &puzzle.line[0]).await;
    assert!(
        right.text.contains("still yours") && !right.text.contains("replies"),
        "{}",
        right.text
    );
    let solved = answer(&w, &alice(), &puzzle.line[1]).await;
    assert!(solved.text.contains("Solved"), "{}", solved.text);
}

on_both_backends!(
    solve_a_puzzle_in_two_answers,
    an_extra_move_of_the_solver_has_no_reply,
    a_wrong_answer_fails_and_offers_the_solution,
    showing_the_solution_first_counts_as_a_failure,
    puzzles_are_served_near_the_rating_and_never_twice,
    a_double_answer_rates_once,
    private_puzzles_go_to_their_owner_only_and_first,
    the_shipped_puzzles_load_once,
    a_damaged_puzzle_is_skipped_and_reported,
    autocomplete_offers_the_puzzle_s_legal_actions,
    analyse_offers_the_mistakes_as_puzzles,
    a_finished_game_is_mined_once,
);

#[test]
fn a_solve_raises_the_player_and_lowers_the_puzzle() {
    use boardpost::store::Glicko;
    let start = Glicko::START;
    let (p, q) = boardpost::table::rate_attempt(start, start, true);
    assert!(p.rating > 1500.0 && q.rating < 1500.0, "{p:?} {q:?}");
    assert!(p.deviation < start.deviation, "an attempt makes both surer");
    let (p, q) = boardpost::table::rate_attempt(start, start, false);
    assert!(p.rating < 1500.0 && q.rating > 1500.0, "{p:?} {q:?}");
    // Solving a much harder puzzle gains more than solving an easy one.
    let hard = Glicko {
        rating: 2000.0,
        ..start
    };
    let easy = Glicko {
        rating: 1000.0,
        ..start
    };
    let gain = |puzzle| boardpost::table::rate_attempt(start, puzzle, true).0.rating - 1500.0;
    assert!(gain(hard) > gain(easy));
}

/// `boardpost local`: `/puzzle GAME`, an answer, `/puzzle show`, `/puzzle next`, in
/// English and in Russian.
#[tokio::test]
async fn puzzles_in_the_terminal_in_both_languages() {
    use boardpost::i18n::Lang;
    use boardpost::local::Local;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/local.db", dir.path().display());
    let store = boardpost::store::Store::open(&url).await.unwrap();
    let mut local = Local::open(store.clone(), dir.path().join("boards"))
        .await
        .unwrap();
    // The shipped puzzles were added at the start: these are served instead.
    let pool = store.sqlite_pool().unwrap();
    sqlx::query("DELETE FROM puzzles")
        .execute(pool)
        .await
        .unwrap();
    let puzzles = [
        yote_puzzle("yote-l1", 1500, 1),
        yote_puzzle("yote-l2", 1550, 1),
        yote_puzzle("yote-l3", 1600, 1),
    ];
    local.table().add_puzzles(&puzzles, None).await.unwrap();
    let script = format!(
        "/as alice\n/puzzle yote\n/puzzle move:{}\n/puzzle next\n/puzzle show\n/puzzle\n",
        puzzles[0].line[0]
    );
    let mut out = Vec::new();
    local.run(script.as_bytes(), &mut out, false).await.unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("Puzzle yote-l1"), "{out}");
    assert!(out.contains("Solved"), "{out}");
    assert!(out.contains("Puzzle yote-l2"), "{out}");
    assert!(out.contains("The solution"), "{out}");
    // Each button with what to type for it in the terminal.
    assert!(
        out.contains("[Show solution] /puzzle show [Next puzzle] /puzzle next"),
        "{out}"
    );
    assert!(out.contains(".png"), "{out}");
    // `/puzzle` with the last one over serves the next.
    assert!(out.contains("Puzzle yote-l3"), "{out}");

    let store = boardpost::store::Store::open(&url).await.unwrap();
    let mut local = Local::open(store, dir.path().join("boards"))
        .await
        .unwrap()
        .speaking(Lang::Ru);
    local
        .table()
        .add_puzzles(&[yote_puzzle("yote-l4", 1500, 1)], None)
        .await
        .unwrap();
    let mut out = Vec::new();
    local
        .run(
            "/как вера\n/задача йотай\n/задача показать\n/задача дальше\n".as_bytes(),
            &mut out,
            false,
        )
        .await
        .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("Задача yote-"), "{out}");
    assert!(out.contains("Решение:"), "{out}");
    assert!(
        out.contains("[Показать решение] /задача показать [Следующая задача] /задача дальше"),
        "{out}"
    );
}

/// `/analyse` of a finished game offers its players (and only them) the button that
/// turns their missed wins into private puzzles; pressing it adds them for that player.
async fn analyse_offers_the_mistakes_as_puzzles(w: World) {
    let (game, _) = w.start(&[]).await;
    for (who, action) in [(alice(), "a1 b1"), (bob(), "a2 b2"), (alice(), "c1 d1")] {
        w.table.play_move(&who, Some(game), action).await.unwrap();
    }
    w.table.resign(&bob(), Some(game)).await.unwrap();
    let analysed = w.table.analyse(&alice(), Some(game)).await.unwrap();
    let ids: Vec<&str> = analysed.buttons.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids, [format!("puzzle:mistakes:{game}")]);
    let outsider = w.table.analyse(&carol(), Some(game)).await;
    if let Ok(reply) = outsider {
        assert!(reply.buttons.is_empty(), "{:?}", reply.buttons);
    }
    let refused = ask(&w.table, &carol(), None, PuzzleAction::Mistakes(game)).await;
    assert!(refused.text.contains("did not play"), "{}", refused.text);
    let made = ask(&w.table, &alice(), None, PuzzleAction::Mistakes(game)).await;
    assert!(made.ephemeral);
    assert!(
        made.text.contains(&format!("game #{game}")),
        "{}",
        made.text
    );
    let owned = w
        .number(
            "SELECT COUNT(*) FROM puzzles WHERE owner = $1",
            &[Param::Int(alice().user.0 as i64)],
        )
        .await;
    let public = w
        .number("SELECT COUNT(*) FROM puzzles WHERE owner IS NULL", &[])
        .await;
    assert_eq!(public, 0, "a player's mistakes are theirs alone");
    // Pressed again: nothing new.
    let again = ask(&w.table, &alice(), None, PuzzleAction::Mistakes(game)).await;
    assert!(again.text.contains("0 new") || owned == 0, "{}", again.text);
}

/// A game that ends is queued once and searched for puzzles by one process of two
/// racing; what it finds joins everyone's pool, and the game is not searched again.
async fn a_finished_game_is_mined_once(w: World) {
    let (game, _) = w.start(&[]).await;
    for (who, action) in [(alice(), "a1 b1"), (bob(), "a2 b2"), (alice(), "c1 d1")] {
        w.table.play_move(&who, Some(game), action).await.unwrap();
    }
    let nothing = w.table.mining_tick().await.unwrap();
    assert_eq!(nothing, None, "a game going on is not mined");
    w.table.resign(&bob(), Some(game)).await.unwrap();
    let queued = w
        .number(
            "SELECT COUNT(*) FROM puzzle_mining WHERE mined_at IS NULL",
            &[],
        )
        .await;
    assert_eq!(queued, 1);
    let other = Table::new(w.store.clone(), std::sync::Arc::new(w.clock.clone()));
    let (a, b) = tokio::join!(w.table.mining_tick(), other.mining_tick());
    let looked: Vec<_> = [a.unwrap(), b.unwrap()].into_iter().flatten().collect();
    assert_eq!(looked.len(), 1, "{looked:?}");
    assert_eq!(looked[0].0, game);
    let from_game = w
        .number(
            "SELECT COUNT(*) FROM puzzles WHERE source LIKE $1",
            &[Param::Text(format!("game:{game}:%"))],
        )
        .await;
    assert_eq!(from_game as u64, looked[0].1);
    let done = w
        .number(
            "SELECT COUNT(*) FROM puzzle_mining WHERE mined_at IS NOT NULL",
            &[],
        )
        .await;
    assert_eq!(done, 1);
    assert_eq!(w.table.mining_tick().await.unwrap(), None, "searched once");
}
