//! `/learn` through the table on both backends: whole courses with wrong answers and
//! "show me" on the way, progress kept per player across a restart, a button pressed
//! twice moving on once, stored progress as input (a course that changed, a damaged row
//! refused and listed by `db check`, rows carried by `db copy`), and a lesson typed in
//! the terminal.

use boardpost::games::GameKind;
use boardpost::learn::{course, Step};
use boardpost::local::Local;
use boardpost::store::{ProgressRow, StepState, Store};
use boardpost::table::{Caller, LearnAction, LearnRequest, Reply, Table};
use boardpost_testkit::world::*;

fn ask(game: Option<GameKind>, action: LearnAction) -> LearnRequest {
    LearnRequest::new(game.map(|k| k.name().to_string()), action)
}

async fn learn(table: &Table, who: &Caller, game: GameKind, action: LearnAction) -> Reply {
    table
        .learn(who, ask(Some(game), action))
        .await
        .unwrap_or_else(|e| panic!("/learn {game}: {e}"))
}

async fn stored(w: &World, who: &Caller, game: GameKind) -> ProgressRow {
    w.store
        .lesson_progress(who.user, game)
        .await
        .unwrap()
        .expect("a progress row")
        .expect("a readable progress row")
}

/// The button of a lesson's reply (each has one) and what it does.
fn button(reply: &Reply) -> &str {
    assert_eq!(reply.buttons.len(), 1, "{reply:?}");
    &reply.buttons[0].id
}

/// The games whose course has steps today.
fn taught() -> Vec<GameKind> {
    GameKind::ALL
        .iter()
        .copied()
        .filter(|k| course(*k).is_ok_and(|c| !c.steps.is_empty()))
        .collect()
}

/// Answers the current step with its answer line, one learner's action at a time (the
/// scripted replies come back with them), and checks each answer's reply.
async fn solve(w: &World, who: &Caller, game: GameKind, step: &Step) -> Reply {
    loop {
        let before = stored(w, who, game).await;
        let next = step.answer()[before.played.len()].clone();
        let reply = learn(&w.table, who, game, LearnAction::Play(next.clone())).await;
        assert!(reply.ephemeral, "lessons are private");
        assert!(reply.image.is_some(), "every lesson reply shows the board");
        let after = stored(w, who, game).await;
        assert_eq!(after.version, before.version + 1, "one write per answer");
        if after.state == StepState::Solved {
            assert!(reply.text.contains("Well done"), "{}", reply.text);
            assert_eq!(after.played, step.answer(), "{game} {}", step.id);
            assert!(button(&reply).starts_with("learn:next:"), "{reply:?}");
            return reply;
        }
        assert_eq!(after.state, StepState::Open);
        assert!(reply.text.contains("Right"), "{}", reply.text);
        assert!(after.played.len() > before.played.len());
    }
}

/// alice goes through every course: a wrong answer in each step that has a one-action
/// wrong try (nothing stored changes, the step is as it was), "show me" in every third
/// step (shown, not solved), the others solved, then "Next step" to the end.
async fn a_whole_course_with_wrong_answers_and_show_me(w: World) {
    let games = taught();
    assert!(games.contains(&GameKind::Sidja), "{games:?}");
    for game in games {
        let steps = &course(game).unwrap().steps;
        let first = learn(&w.table, &alice(), game, LearnAction::Current).await;
        assert!(
            first.text.contains(&format!("step 1 of {}", steps.len())),
            "{}",
            first.text
        );
        assert!(first.text.contains("Task:"), "{}", first.text);
        assert_eq!(button(&first), format!("learn:show:{game}:0"));
        let mut shown = Vec::new();
        let mut solved = Vec::new();
        for (i, step) in steps.iter().enumerate() {
            let row = stored(&w, &alice(), game).await;
            assert_eq!(
                (row.step.as_str(), row.state),
                (step.id.as_str(), StepState::Open)
            );
            if let [wrong] = step.wrong() {
                let reply = learn(&w.table, &alice(), game, LearnAction::Play(wrong.clone())).await;
                assert!(
                    reply.text.contains("Not quite") || reply.text.contains("cannot be played"),
                    "{game} {}: {}",
                    step.id,
                    reply.text
                );
                assert!(button(&reply).starts_with("learn:show:"));
                assert_eq!(
                    stored(&w, &alice(), game).await,
                    row,
                    "a wrong answer writes nothing"
                );
            }
            // "Next step" before the task is done is refused.
            let early = w
                .table
                .learn(&alice(), ask(Some(game), LearnAction::Next))
                .await;
            assert!(refusal(early).contains("task first"));
            if i % 3 == 1 {
                let reply = learn(&w.table, &alice(), game, LearnAction::ShowAnswer).await;
                assert!(reply.text.contains("counts as shown"), "{}", reply.text);
                let row = stored(&w, &alice(), game).await;
                assert_eq!(row.state, StepState::Shown);
                assert_eq!(row.played, step.answer());
                shown.push(step.id.clone());
            } else {
                solve(&w, &alice(), game, step).await;
                solved.push(step.id.clone());
            }
            // A step done takes no more answers and no second "show me".
            let again = w
                .table
                .learn(&alice(), ask(Some(game), LearnAction::ShowAnswer))
                .await;
            assert!(refusal(again).contains("this step is done"));
            let next = learn(&w.table, &alice(), game, LearnAction::Next).await;
            if i + 1 < steps.len() {
                assert!(
                    next.text
                        .contains(&format!("step {} of {}", i + 2, steps.len())),
                    "{}",
                    next.text
                );
            } else {
                assert!(next.text.contains("whole"), "{}", next.text);
                assert!(button(&next).starts_with("learn:restart:"));
            }
        }
        let row = stored(&w, &alice(), game).await;
        assert_eq!(row.state, StepState::Finished);
        assert_eq!((row.solved, row.shown), (solved.clone(), shown.clone()));
        let done = learn(&w.table, &alice(), game, LearnAction::Current).await;
        assert!(
            done.text.contains(&format!(
                "Solved by you: {} of {}; answers shown: {}",
                solved.len(),
                steps.len(),
                shown.len()
            )),
            "{}",
            done.text
        );
        // Starting again keeps nothing of the first time.
        learn(&w.table, &alice(), game, LearnAction::Restart).await;
        let row = stored(&w, &alice(), game).await;
        assert_eq!(
            (
                row.step.as_str(),
                row.state,
                row.solved.len(),
                row.shown.len()
            ),
            (steps[0].id.as_str(), StepState::Open, 0, 0)
        );
    }
}

/// Progress is the player's: after a restart of the bot (a new table on the same
/// database) alice is where she was; bob's course is his own and starts at step 1;
/// without a game named, each goes on with the course they were in last.
async fn progress_is_kept_per_player_across_a_restart(w: World) {
    let game = GameKind::Sidja;
    let steps = &course(game).unwrap().steps;
    learn(&w.table, &alice(), game, LearnAction::Current).await;
    solve(&w, &alice(), game, &steps[0]).await;
    learn(&w.table, &alice(), game, LearnAction::Next).await;
    learn(&w.table, &alice(), game, LearnAction::ShowAnswer).await;

    let (table, store) = w.restart_with_store().await;
    let alices = table
        .learn(&alice(), ask(None, LearnAction::Current))
        .await
        .unwrap();
    assert!(alices.text.contains("step 2 of"), "{}", alices.text);
    assert!(alices.text.contains("Solved by you: 1"), "{}", alices.text);
    assert!(button(&alices).starts_with("learn:next:sidja:"));
    // bob has no course yet: he is asked which game, then starts at step 1.
    let which = table.learn(&bob(), ask(None, LearnAction::Current)).await;
    assert!(refusal(which).contains("say which game"));
    let bobs = learn(&table, &bob(), game, LearnAction::Current).await;
    assert!(bobs.text.contains("step 1 of"), "{}", bobs.text);
    let bob_row = store
        .lesson_progress(bob().user, game)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert_eq!(
        (bob_row.step.as_str(), bob_row.played.len()),
        (steps[0].id.as_str(), 0)
    );
    // alice moving on leaves bob where he is.
    let alices = table
        .learn(&alice(), ask(None, LearnAction::Next))
        .await
        .unwrap();
    assert!(alices.text.contains("step 3 of"), "{}", alices.text);
    let again = store
        .lesson_progress(bob().user, game)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert_eq!(again, bob_row);
    store.close().await;
}

/// `request` sent `times` at once, each on a task of its own: each answer's text, or
/// its refusal.
async fn at_once(
    table: &Table,
    who: &Caller,
    request: LearnRequest,
    times: usize,
) -> Vec<Result<String, String>> {
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..times {
        let (table, who, request) = (table.clone(), who.clone(), request.clone());
        tasks.spawn(async move { table.learn(&who, request).await });
    }
    let mut answers = Vec::new();
    while let Some(answer) = tasks.join_next().await {
        answers.push(answer.unwrap().map(|r| r.text).map_err(|e| e.to_string()));
    }
    answers
}

/// "Next step" pressed several times on the same message, at once or one after the
/// other, moves on once; the same answer sent several times at once is written once.
async fn a_button_pressed_twice_moves_on_once(w: World) {
    let game = GameKind::Sidja;
    let steps = &course(game).unwrap().steps;
    learn(&w.table, &alice(), game, LearnAction::Current).await;
    let solved = solve(&w, &alice(), game, &steps[0]).await;
    let version = stored(&w, &alice(), game).await.version;
    assert_eq!(button(&solved), format!("learn:next:sidja:{version}"));
    let press = || LearnRequest {
        game: Some("sidja".into()),
        action: LearnAction::Next,
        version: Some(version),
    };
    let presses = at_once(&w.table, &alice(), press(), 4).await;
    assert_eq!(
        presses.iter().filter(|r| r.is_ok()).count(),
        1,
        "{presses:?}"
    );
    let row = stored(&w, &alice(), game).await;
    assert_eq!(
        (row.step.as_str(), row.version),
        (steps[1].id.as_str(), version + 1)
    );
    let later = w.table.learn(&alice(), press()).await;
    assert!(refusal(later).contains("earlier point of your course"));
    assert_eq!(stored(&w, &alice(), game).await, row);

    // The same right answer sent at once: one is written, the others told.
    let answer = steps[1].answer()[0].clone();
    let play = || ask(Some(game), LearnAction::Play(answer.clone()));
    let answers = at_once(&w.table, &alice(), play(), 4).await;
    assert_eq!(
        answers.iter().filter(|r| r.is_ok()).count(),
        1,
        "{answers:?}"
    );
    let row = stored(&w, &alice(), game).await;
    assert_eq!(row.version, version + 2);
    assert_eq!(row.played.first(), Some(&answer));

    // A first answer that is wrong starts the course, so its "Show me" works.
    let wrong = steps[0].wrong()[0].clone();
    let reply = learn(&w.table, &carol(), game, LearnAction::Play(wrong)).await;
    let show = LearnRequest {
        game: Some("sidja".into()),
        action: LearnAction::ShowAnswer,
        version: Some(0),
    };
    assert_eq!(button(&reply), "learn:show:sidja:0");
    let shown = w.table.learn(&carol(), show).await.unwrap();
    assert!(shown.text.contains("counts as shown"), "{}", shown.text);
}

/// A stored step the course no longer has continues at the first step not done, said
/// once, with the steps done kept; actions that no longer replay in their step start
/// it again. Neither is damage.
async fn a_course_that_changed_is_met_with_a_note(w: World) {
    let game = GameKind::Sidja;
    let steps = &course(game).unwrap().steps;
    learn(&w.table, &alice(), game, LearnAction::Current).await;
    let alice_id = || Param::Int(alice().user.0 as i64);
    let solved = format!(r#"["{}", "a-step-since-removed"]"#, steps[0].id);
    w.exec(
        "UPDATE lesson_progress SET step_id = 'a-step-since-removed', step_state = 'solved',
           solved = $2 WHERE user_id = $1 AND kind = 'sidja'",
        &[alice_id(), Param::Json(solved)],
    )
    .await;
    let reply = learn(&w.table, &alice(), game, LearnAction::Current).await;
    assert!(
        reply
            .text
            .contains("The course has changed since your last visit: you go on at step 2."),
        "{}",
        reply.text
    );
    let row = stored(&w, &alice(), game).await;
    assert_eq!(
        (row.step.as_str(), row.state, row.solved.clone()),
        (
            steps[1].id.as_str(),
            StepState::Open,
            vec![steps[0].id.clone()]
        )
    );
    let again = learn(&w.table, &alice(), game, LearnAction::Current).await;
    assert!(!again.text.contains("changed"), "said once: {}", again.text);

    w.exec(
        "UPDATE lesson_progress SET played = $2 WHERE user_id = $1 AND kind = 'sidja'",
        &[alice_id(), Param::Json(r#"["z9"]"#.into())],
    )
    .await;
    let reply = learn(&w.table, &alice(), game, LearnAction::Current).await;
    assert!(
        reply.text.contains("This step has changed"),
        "{}",
        reply.text
    );
    assert!(stored(&w, &alice(), game).await.played.is_empty());
}

/// A progress row that cannot be read is refused for that player and game, named with
/// why; bob's lessons go on; `db check` lists it (and one whose game is unknown) for a
/// person to mend, and counts it as damage.
async fn a_damaged_progress_row_is_refused_and_reported(w: World) {
    let game = GameKind::Sidja;
    learn(&w.table, &alice(), game, LearnAction::Current).await;
    learn(&w.table, &bob(), game, LearnAction::Current).await;
    let clean = boardpost::ops::check(&w.store, false, &mut |_, _| {})
        .await
        .unwrap();
    assert!(clean.lessons.is_empty(), "{:?}", clean.lessons);
    w.exec(
        "UPDATE lesson_progress SET played = $2 WHERE user_id = $1",
        &[
            Param::Int(alice().user.0 as i64),
            Param::Json(r#"{"not": "a list"}"#.into()),
        ],
    )
    .await;
    let refused = refusal(
        w.table
            .learn(&alice(), ask(Some(game), LearnAction::Current))
            .await,
    );
    assert!(
        refused.contains("your Sidja lessons cannot be read right now"),
        "{refused}"
    );
    assert!(refused.contains("played"), "{refused}");
    // Without a game named, the course met last is that one: refused too, not guessed.
    let latest = refusal(w.table.learn(&alice(), ask(None, LearnAction::Next)).await);
    assert!(latest.contains("cannot be read"), "{latest}");
    // Nothing was written over it.
    let played = w
        .number(
            "SELECT COUNT(*) FROM lesson_progress WHERE user_id = $1 AND version = 0",
            &[Param::Int(alice().user.0 as i64)],
        )
        .await;
    assert_eq!(played, 1);
    let bobs = learn(&w.table, &bob(), game, LearnAction::ShowAnswer).await;
    assert!(bobs.text.contains("counts as shown"), "{}", bobs.text);

    w.exec(
        "INSERT INTO lesson_progress (user_id, kind, step_id, played, step_state, solved,
           shown, version, started_at, updated_at, touched)
         VALUES ($1, 'chess', 'opening', $2, 'open', $2, $2, 0, 0, 0, 1)",
        &[Param::Int(carol().user.0 as i64), Param::Json("[]".into())],
    )
    .await;
    let report = boardpost::ops::check(&w.store, false, &mut |_, _| {})
        .await
        .unwrap();
    assert_eq!(report.lessons.len(), 2, "{:?}", report.lessons);
    assert!(report.unrepaired() >= 2);
    let said: Vec<String> = report.lessons.iter().map(|d| d.to_string()).collect();
    assert!(
        said.iter().any(|s| s.contains(&alice().user.0.to_string())
            && s.contains("sidja")
            && s.contains("played")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|s| s.contains(&carol().user.0.to_string())
            && s.contains("“chess” is not a game")),
        "{said:?}"
    );
}

/// `db copy` carries lesson progress, and the copy reads the same.
async fn lesson_progress_is_copied_with_the_database(w: World) {
    let game = GameKind::Sidja;
    learn(&w.table, &alice(), game, LearnAction::Current).await;
    learn(&w.table, &alice(), game, LearnAction::ShowAnswer).await;
    let before = stored(&w, &alice(), game).await;
    let target = format!("sqlite://{}/copy.db", w.dir.path().display());
    let report = boardpost::ops::copy(&w.url, &target, false, &mut |_, _, _| {})
        .await
        .unwrap();
    assert!(report.verified(), "{report:?}");
    let row = report
        .rows
        .iter()
        .find(|r| r.0 == "lesson_progress")
        .unwrap();
    assert_eq!((row.1, row.2), (1, 1));
    let copy = Store::open(&target).await.unwrap();
    let copied = copy.lesson_progress(alice().user, game).await.unwrap();
    assert_eq!(copied, Some(Ok(before)));
    copy.close().await;
}

/// Autocomplete offers the current step's legal actions that continue what was typed,
/// and nothing once the step is done.
async fn the_move_autocomplete_offers_the_steps_legal_actions(w: World) {
    let game = GameKind::Sidja;
    let steps = &course(game).unwrap().steps;
    let step = &steps[1];
    learn(&w.table, &alice(), game, LearnAction::Current).await;
    solve(&w, &alice(), game, &steps[0]).await;
    learn(&w.table, &alice(), game, LearnAction::Next).await;
    let answer = &step.answer()[0];
    let start = step.start();
    let legal = start.legal();
    assert!(legal.contains(answer));
    let typed = &answer[..2];
    let offered = w
        .table
        .suggest_lesson_moves(&alice(), Some("sidja"), typed)
        .await
        .unwrap();
    let values: Vec<&str> = offered.iter().map(|c| c.value.as_str()).collect();
    assert!(values.contains(&answer.as_str()), "{values:?}");
    assert!(
        values.iter().all(|v| legal.contains(&v.to_string())),
        "{values:?}"
    );
    assert!(values.iter().all(|v| v.starts_with(typed)), "{values:?}");
    // bob is not in this step: his menu is the first step's.
    let bobs = w
        .table
        .suggest_lesson_moves(&bob(), Some("sidja"), "")
        .await
        .unwrap();
    assert_eq!(bobs.len(), steps[0].start().legal().len().min(25));
    learn(&w.table, &alice(), game, LearnAction::ShowAnswer).await;
    let done = w
        .table
        .suggest_lesson_moves(&alice(), Some("sidja"), "")
        .await
        .unwrap();
    assert!(done.is_empty(), "{done:?}");
}

/// Without a game named, the course touched last is the one gone on with, even when
/// two courses are touched within one second (the test clock stands still).
async fn the_course_touched_last_is_gone_on_with(w: World) {
    let sidja = &course(GameKind::Sidja).unwrap().steps;
    // `/learn` without a game: the text of the step it shows.
    let current = || async {
        w.table
            .learn(&alice(), ask(None, LearnAction::Current))
            .await
            .unwrap()
            .text
    };
    learn(&w.table, &alice(), GameKind::Sidja, LearnAction::Current).await;
    solve(&w, &alice(), GameKind::Sidja, &sidja[0]).await;
    learn(&w.table, &alice(), GameKind::Yote, LearnAction::Current).await;
    let text = current().await;
    assert!(text.contains("Yoté · step 1 of"), "{text}");
    learn(&w.table, &alice(), GameKind::Sidja, LearnAction::Next).await;
    let text = current().await;
    assert!(text.contains("Sidja · step 2 of"), "{text}");
}

on_both_backends!(
    a_whole_course_with_wrong_answers_and_show_me,
    progress_is_kept_per_player_across_a_restart,
    the_course_touched_last_is_gone_on_with,
    a_button_pressed_twice_moves_on_once,
    a_course_that_changed_is_met_with_a_note,
    a_damaged_progress_row_is_refused_and_reported,
    lesson_progress_is_copied_with_the_database,
    the_move_autocomplete_offers_the_steps_legal_actions,
);

async fn terminal(dir: &tempfile::TempDir, script: &str) -> String {
    let url = format!("sqlite://{}/local.db", dir.path().display());
    let store = Store::open(&url).await.unwrap();
    let mut local = Local::open(store, dir.path().join("boards")).await.unwrap();
    let mut out = Vec::new();
    local.run(script.as_bytes(), &mut out, false).await.unwrap();
    String::from_utf8(out).unwrap()
}

/// A lesson typed in the terminal: started, a wrong answer, a right one, "show me",
/// "next", in English and with the Russian words; images go to the boards folder.
#[tokio::test]
async fn a_lesson_in_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let steps = &course(GameKind::Sidja).unwrap().steps;
    let answer = steps[0].answer().join(" ");
    let out = terminal(
        &dir,
        &format!(
            "/as alice\n/learn\n/learn sidja\n/learn sidja c3\n/learn {answer}\n/learn next\n\
             /learn show\n/learn next\n/learn next sidja extra\n"
        ),
    )
    .await;
    assert!(out.contains("say which game to learn"), "{out}");
    assert!(out.contains("Sidja · step 1 of"), "{out}");
    assert!(out.contains("`c3` cannot be played here"), "{out}");
    assert!(
        out.contains(&format!("Well done: `{answer}` does it.")),
        "{out}"
    );
    assert!(out.contains("Sidja · step 2 of"), "{out}");
    assert!(out.contains("counts as shown"), "{out}");
    assert!(out.contains("Sidja · step 3 of"), "{out}");
    assert!(out.contains("buttons: [Show me] /learn show"), "{out}");
    assert!(out.contains("/learn GAME starts or resumes"), "{out}");
    let boards = dir.path().join("boards");
    assert!(boards.join("learn-sidja-1-0.png").exists());
    assert!(
        boards.join("learn-sidja-2-1.png").exists() || boards.join("learn-sidja-2-0.png").exists()
    );

    // The same player the next day, in Russian words: the course goes on.
    let out = terminal(&dir, "/как alice\n/урок\n/урок показать\n/урок дальше\n").await;
    assert!(out.contains("step 3 of"), "{out}");
    assert!(out.contains("counts as shown"), "{out}");
    assert!(
        out.contains("step 4 of") || out.contains("whole Sidja course"),
        "{out}"
    );
}
