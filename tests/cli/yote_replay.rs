//! `boardpost replay yote` as a user runs it: the real binary, its `--json` object as
//! docs/rules.md gives it, and its exit statuses; and what `AnyGame` says about a Yoté
//! game to the table and the front ends.

use boardpost::games::Game as _;
use boardpost::games::{AnyGame, AnyNote, Seat, SetupError};
use boardpost::i18n::{Lang, Localize};
use serde_json::{json, Value};
use std::process::{Command, Output, Stdio};

/// Notes in the English players read.
fn english(notes: Vec<AnyNote>) -> Vec<String> {
    notes.iter().map(|n| n.tr(Lang::En)).collect()
}

fn replay(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .arg("replay")
        .arg("yote")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> (String, Value) {
    let out = replay(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(&stdout).unwrap();
    (stdout, value)
}

#[test]
fn json_is_the_design_example() {
    let (text, value) = json(&["--json", "@c3", "@d3", "c3-c4"]);
    assert!(
        text.starts_with(
            r#"{"game":"yote","options":{},"ply":3,"history":["@c3","@d3","c3-c4"],"to_move":2,"legal":["@a1","#
        ),
        "{text}"
    );
    let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["game", "options", "ply", "history", "to_move", "legal", "result", "pieces", "in_hand"]
    );
    assert_eq!(value["result"], Value::Null);
    assert_eq!(
        value["pieces"],
        json!([{"at": "d3", "seat": 2}, {"at": "c4", "seat": 1}])
    );
    assert_eq!(value["in_hand"], json!({"1": 11, "2": 11}));
    let legal: Vec<&str> = value["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted);
    // 28 drops on the empty squares and the four steps of d3 (c3 is empty again).
    assert_eq!(legal.len(), 32);
    assert!(legal.contains(&"@c3") && legal.contains(&"d3-c3"));
}

#[test]
fn json_shows_captures_canonically_and_the_result() {
    // Seat 1 captures c4 and removes the only other piece of seat 2 (implied), which
    // still has 10 in reserve; then the lenient and the canonical forms of the rest.
    let (_, value) = json(&["--json", "C3 c4, a1 f5", "c3xc5", "b5, e5"]);
    assert_eq!(
        value["history"],
        json!(["@c3", "@c4", "@a1", "@f5", "c3xc5/f5", "@b5", "@e5"])
    );
    assert_eq!(value["in_hand"], json!({"1": 9, "2": 9}));
    assert_eq!(value["result"], Value::Null);

    // Both reserves run out; then a capture with its bonus.
    let seat1 = [
        "a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5", "c1", "c2",
    ];
    let seat2 = [
        "f1", "f2", "f3", "f4", "f5", "e1", "e2", "e3", "e4", "e5", "d5", "c3",
    ];
    let mut actions: Vec<String> = Vec::new();
    for (x, o) in seat1.iter().zip(seat2) {
        actions.push(format!("@{x}"));
        actions.push(format!("@{o}"));
    }
    actions.push("c2xc4/d5".into());
    let mut args = vec!["--json"];
    args.extend(actions.iter().map(String::as_str));
    let (_, value) = json(&args);
    assert_eq!(value["ply"], 25);
    assert_eq!(value["in_hand"], json!({"1": 0, "2": 0}));
    assert_eq!(value["to_move"], 2);
}

#[test]
fn json_of_a_new_game() {
    let (_, value) = json(&["--json"]);
    assert_eq!(value["options"], json!({}));
    assert_eq!(value["ply"], 0);
    assert_eq!(value["legal"].as_array().unwrap().len(), 30);
    assert_eq!(value["pieces"], json!([]));
    assert_eq!(value["in_hand"], json!({"1": 12, "2": 12}));
}

#[test]
fn json_of_a_finished_game() {
    // One drop each, then 60 steps back and forth: the stall rule draws.
    let mut args = vec!["--json", "@a1", "@f5"];
    args.extend(std::iter::repeat_n("a1-a2 f5-f4 a2-a1 f4-f5", 15));
    let (_, value) = json(&args);
    assert_eq!(value["ply"], 62);
    assert_eq!(value["to_move"], Value::Null);
    assert_eq!(value["legal"], json!([]));
    assert_eq!(
        value["result"],
        json!({"winners": [], "draw": true, "reason": "no capture or drop for too long"})
    );
    // Nothing can be played after the end.
    args.push("a1-a2");
    let out = replay(&args);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the game is over"));
}

#[test]
fn passes_are_in_the_history() {
    let (_, value) = json(&[
        "--json",
        "@a1 @a2 @b1 @b2 @c1 @c2 @d1 @a3 @e1 @b3 @f1 @c3",
        "@d2 @d3 @e2 @d4 @f2 @e4 @e3 @d5 @f3 @e5 @f4 @f5",
    ]);
    let history = value["history"].as_array().unwrap();
    assert_eq!(history.len(), 25);
    assert_eq!(history[24], "pass");
    assert_eq!(value["ply"], 25);
    assert_eq!(value["to_move"], 2);
}

#[test]
fn yote_takes_no_options() {
    for args in [
        &["-o", "x=y"][..],
        &["-o", "size=5"],
        &["-o", "size"],
        &["--fen", "x"],
    ] {
        let out = replay(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let out = replay(&["-o", "x=y"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("yote takes no options"), "{stderr}");
}

#[test]
fn illegal_actions_exit_1_with_the_reason() {
    let out = replay(&["--json", "@c3", "@c3"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "action 2 \"@c3\": c3 is not empty"
    );
    let out = replay(&["@c3", "@c4", "@a1", "@f5", "@e1", "@a5", "c3xc5"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "action 7 \"c3xc5\": c3xc5 must also remove one of the opponent's pieces from the \
         board: choose c3xc5/a5 or c3xc5/f5"
    );
}

#[test]
fn any_game_describes_yote() {
    assert!(boardpost::games::GameKind::names().contains(&"yote"));
    assert_eq!(
        AnyGame::new("yote", &["x=y"]),
        Err(SetupError::NoOptions {
            game: boardpost::games::GameKind::Yote,
            key: "x=y".into()
        })
    );
    let mut game = AnyGame::new("YOTE", &[] as &[&str]).unwrap();
    assert_eq!(game.name(), "yote");
    assert_eq!(game.title(), "yote");
    assert!(boardpost::replay::view::options_json(&game.game_options()).is_empty());
    assert_eq!(game.seat_count(), 2);
    let help = "yote"
        .parse::<boardpost::games::GameKind>()
        .map(|k| boardpost::i18n::rules_text(k, boardpost::i18n::Lang::En))
        .unwrap();
    assert!(help.contains("`@c3`") && help.contains("`c3xc5/b2`"));

    assert_eq!(
        game.preview_text("c3").map(|m| m.tr(Lang::En)).as_deref(),
        Some("drops a piece")
    );
    game.play_text("@c3 @c4 @a1 @f5 @e1 @a5").unwrap();
    assert_eq!(
        game.preview_text("a1-a2")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("a step")
    );
    assert_eq!(
        game.preview_text("c3xc5/a5")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("captures c4, removes a5")
    );
    assert_eq!(game.preview_text("c3xc5"), None, "a choice is needed");
    let before = game.history().len();
    game.play_text("c3xc5/f5").unwrap();
    assert_eq!(
        english(game.notes_since(before)),
        ["`c3xc5/f5` captures c4, removes f5"]
    );
    assert_eq!(
        game.history_by_seat().last(),
        Some(&(Seat::FIRST, "c3xc5/f5".to_string()))
    );
    assert!(game
        .diagram()
        .contains("X seat 1: 3 on the board, 9 in reserve, 2 captured"));
}

#[test]
fn notes_tell_of_chains_and_passes() {
    let mut game = AnyGame::new("yote", &[] as &[&str]).unwrap();
    game.play_text("@a1 @a2 @b1 @b2 @c1 @c2 @d1 @a3 @e1 @b3 @f1 @c3")
        .unwrap();
    game.play_text("@d2 @d3 @e2 @d4 @f2 @e4 @e3 @d5 @f3 @e5 @f4 @f5")
        .unwrap();
    assert_eq!(
        english(game.notes_since(23)),
        ["seat 1 has no legal action and passes"]
    );
    let mut game = AnyGame::new("yote", &[] as &[&str]).unwrap();
    game.play_text("@d3 @c3 @a1 @b2 @a5 @c1 @f5 @d2 @f4 @e3 d3xb3xb1xd1xd3")
        .unwrap();
    assert_eq!(
        english(game.notes_since(10)),
        ["`d3xb3xb1xd1xd3/e3` captures c3, b2, c1 and d2, removes e3"]
    );
}
