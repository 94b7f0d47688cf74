//! Every step of every course: its answer is legal and does its task, its wrong try
//! fails it, and it has words in both languages.

use super::file::parse_course;
use super::*;
use crate::i18n::{has, Lang};

/// Plays a line through [`Step::check`], each action after the actions its verdicts
/// returned so far; gives the verdicts.
fn play_line(step: &Step, line: &[String]) -> Vec<StepVerdict> {
    let mut played: Vec<String> = Vec::new();
    let mut verdicts = Vec::new();
    let mut index = 0;
    while index < line.len() {
        let verdict = step.check(&played, &line[index]);
        index += 1;
        if let StepVerdict::Done { actions } | StepVerdict::Continue { actions } = &verdict {
            // Scripted replies come back with the player's action: skip them in the line.
            index += actions.len() - 1;
            played.extend(actions.iter().cloned());
        }
        verdicts.push(verdict);
    }
    verdicts
}

fn every_step() -> Vec<(GameKind, &'static Step)> {
    let mut all = Vec::new();
    for kind in GameKind::ALL {
        let course = course(*kind).unwrap_or_else(|e| panic!("{kind}: {e}"));
        all.extend(course.steps.iter().map(|s| (*kind, s)));
    }
    all
}

#[test]
fn every_course_parses_and_has_steps() {
    for kind in GameKind::ALL {
        let course = course(*kind).unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert_eq!(course.kind, *kind);
        assert!(!course.steps.is_empty(), "{kind} has no steps");
    }
}

#[test]
fn every_answer_is_legal_and_does_its_task() {
    for (kind, step) in every_step() {
        let verdicts = play_line(step, step.answer());
        let (last, before) = verdicts.split_last().expect("an answer");
        for v in before {
            assert!(
                matches!(v, StepVerdict::Continue { .. }),
                "{kind} {}: the answer stops early: {v:?}",
                step.id
            );
        }
        assert!(
            matches!(last, StepVerdict::Done { .. }),
            "{kind} {}: the answer ends with {last:?}",
            step.id
        );
        // The answer's texts are the canonical ones the check returns.
        let played: Vec<String> = verdicts
            .iter()
            .flat_map(|v| match v {
                StepVerdict::Done { actions } | StepVerdict::Continue { actions } => {
                    actions.clone()
                }
                _ => Vec::new(),
            })
            .collect();
        assert_eq!(played, step.answer(), "{kind} {}", step.id);
    }
}

#[test]
fn every_wrong_try_fails_its_step() {
    for (kind, step) in every_step() {
        let verdicts = play_line(step, step.wrong());
        let (last, before) = verdicts.split_last().expect("a wrong try");
        for v in before {
            assert!(
                matches!(v, StepVerdict::Continue { .. }),
                "{kind} {}: the wrong try stops early: {v:?}",
                step.id
            );
        }
        match last {
            StepVerdict::Missed(why) | StepVerdict::Illegal(why) => {
                // Every message of the verdict has words in both languages.
                for lang in [Lang::En, Lang::Ru] {
                    assert!(
                        has(lang, &why.id),
                        "{kind} {}: {lang} lacks {}",
                        step.id,
                        why.id
                    );
                }
            }
            other => panic!("{kind} {}: the wrong try ends with {other:?}", step.id),
        }
    }
}

#[test]
fn every_step_has_words_in_both_languages() {
    for (kind, step) in every_step() {
        for part in ["title", "task", "done"] {
            let id = step.words_id(kind, part);
            for lang in [Lang::En, Lang::Ru] {
                assert!(has(lang, &id), "{lang} lacks {id}");
            }
        }
        // A task is one line.
        for lang in [Lang::En, Lang::Ru] {
            assert!(
                !step.task(kind).tr(lang).contains('\n'),
                "{kind} {}",
                step.id
            );
        }
    }
}

#[test]
fn a_step_id_used_twice_is_refused() {
    let text = r#"
[[step]]
id = "placement"
task = { kind = "place", count = 2 }
answer = ["a1", "b1"]
wrong = ["c3"]

[[step]]
id = "placement"
task = { kind = "place" }
answer = ["a1"]
wrong = ["c3"]
"#;
    assert_eq!(
        parse_course(GameKind::Sidja, text).map(|_| ()),
        Err(LessonError::DuplicateId {
            game: GameKind::Sidja,
            step: "placement".into()
        })
    );
}

#[test]
fn a_broken_course_is_an_error_not_a_panic() {
    for text in [
        "step = 3",
        "[[step]]\nid = \"x\"\ntask = { kind = \"fly\" }\nanswer = [\"a1\"]\nwrong = [\"a2\"]",
        "[[step]]\nid = \"x\"\nrows = [\"X\"]\nto_move = 1\ntask = { kind = \"check\" }\nanswer = [\"a1\"]\nwrong = [\"a2\"]",
        "[[step]]\nid = \"x\"\nfen = \"9/9\"\ntask = { kind = \"check\" }\nanswer = [\"a1\"]\nwrong = [\"a2\"]",
        "[[step]]\nid = \"x\"\ntask = { kind = \"capture\", at = [\"C3\"] }\nanswer = [\"a1\"]\nwrong = [\"a2\"]",
        "[[step]]\nid = \"x\"\ntask = { kind = \"check\" }\nanswer = []\nwrong = [\"a2\"]",
    ] {
        assert!(parse_course(GameKind::Sidja, text).is_err(), "{text}");
    }
}

#[test]
fn a_missed_move_says_what_it_did_and_why_it_misses() {
    let course = course(GameKind::Sidja).expect("the sidja course");
    let step = course.step("custodian-capture").expect("the step");
    let StepVerdict::Missed(msg) = step.check(&[], "b3-b2") else {
        panic!("not missed");
    };
    assert_eq!(msg, "`b3-b2`: a step, no capture. That captured nothing.");
    // The engine's own reason for an illegal move.
    let StepVerdict::Illegal(msg) = step.check(&[], "b3-c4") else {
        panic!("not illegal");
    };
    assert_eq!(msg.id, "sidja-not-a-step-orthogonal");
}

/// The rules issue 45 lists for each game, by the steps that teach them: a step taken
/// out of a course by mistake fails here.
#[test]
fn every_course_teaches_the_rules_the_issue_lists() {
    let wanted: &[(GameKind, &[&str])] = &[
        (
            GameKind::Sidja,
            &[
                "placement",
                "first-move",
                "custodian-capture",
                "diagonal-capture",
                "several-captures",
                "extra-move",
                "pass",
                "one-stone-left",
            ],
        ),
        (GameKind::Yote, &["drop", "step", "capture", "chain", "win"]),
        (
            GameKind::Banglagor,
            &[
                "placement",
                "moving-by-height",
                "attack",
                "bind",
                "joint-attack",
                "free",
                "relocation",
                "half-height",
            ],
        ),
        (
            GameKind::Xiangqi,
            &[
                "general",
                "advisor",
                "elephant",
                "horse",
                "rook",
                "cannon",
                "pawn",
                "flying-general",
                "check",
                "mate",
                "stalemate",
                "perpetual-check",
            ],
        ),
        (
            GameKind::Xiangqi4,
            &[
                "pawn",
                "big-jump",
                "generals-face",
                "elimination",
                "drop",
                "partners",
                "team-win",
            ],
        ),
    ];
    for (kind, ids) in wanted {
        let course = course(*kind).expect("the course");
        for id in *ids {
            assert!(course.step(id).is_some(), "{kind} has no step {id}");
        }
    }
}

#[test]
fn a_scripted_reply_follows_a_move_on_the_answer_line_and_only_there() {
    let text = r#"
[[step]]
id = "reply"
fen = "4k4/9/7R1/9/9/9/9/9/9/R2K5 w"
task = { kind = "move-to", to = "a9" }
answer = ["a0-a1", "e9-e8", "a1-a9"]
wrong = ["a0-a2"]
"#;
    let course = parse_course(GameKind::Xiangqi, text).expect("the course reads");
    let step = &course.steps[0];
    assert_eq!(
        step.check(&[], "a0a1"),
        StepVerdict::Continue {
            actions: vec!["a0-a1".into(), "e9-e8".into()]
        }
    );
    let played = ["a0-a1".to_string(), "e9-e8".to_string()];
    assert_eq!(
        step.check(&played, "a1-a9"),
        StepVerdict::Done {
            actions: vec!["a1-a9".into()]
        }
    );
    // Off the line there is no reply to play: the move misses.
    let StepVerdict::Missed(msg) = step.check(&[], "a0-a2") else {
        panic!("not missed");
    };
    assert_eq!(
        msg,
        "`a0-a2`: a quiet move. After it, no piece of yours stands on a9."
    );
    // A line that does not replay is refused with the engine's reason, not a panic.
    assert!(matches!(
        step.check(&["a0-a5".to_string()], "a1-a9"),
        StepVerdict::Illegal(_)
    ));
}
