//! `boardpost replay` as a user runs it: the real binary, its output and exit status.

use boardpost::games::AnyGame;
use boardpost::games::Game as _;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn replay(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .arg("replay")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn json_has_exactly_the_design_fields_in_order() {
    let out = replay(&["sidja", "--json", "c1", "d2,a1"], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["game", "options", "ply", "history", "to_move", "legal", "result", "pieces", "in_hand"]
    );
    assert!(stdout.starts_with(
        r#"{"game":"sidja","options":{"variant":"sudan","size":5,"drop":2},"ply":3,"history":["c1","d2","a1"],"to_move":2,"#
    ));
    assert_eq!(value["result"], serde_json::Value::Null);
    assert_eq!(
        value["pieces"],
        serde_json::json!([{"at": "a1", "seat": 2}, {"at": "c1", "seat": 1}, {"at": "d2", "seat": 1}])
    );
    assert_eq!(value["in_hand"], serde_json::json!({"1": 10, "2": 11}));
    let legal: Vec<&str> = value["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted);
    assert_eq!(legal.len(), 21);
    assert!(!legal.contains(&"c3"));
}

#[test]
fn options_are_filled_in_with_numbers_as_numbers() {
    let out = replay(
        &[
            "sidja",
            "-o",
            "variant=seega",
            "-o",
            "size=7",
            "-o",
            "DROP=1",
            "--json",
        ],
        "",
    );
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value["options"],
        serde_json::json!({"variant": "seega", "size": 7, "drop": 1,
            "opening": "plain", "chain": "all", "blocked": "pass"})
    );
    assert_eq!(value["in_hand"], serde_json::json!({"1": 24, "2": 24}));
    assert_eq!(value["ply"], 0);
}

#[test]
fn a_finished_game_replays_to_its_result() {
    // Play a whole game with the library, then feed its record to the binary.
    let mut game = AnyGame::new("sidja", &["variant=seega"]).unwrap();
    let mut k = 3usize;
    while game.to_move().is_some() {
        let legal = game.legal();
        k = (k * 7919 + 13) % 100_003;
        game.play(&legal[k % legal.len()]).unwrap();
    }
    let typed: Vec<String> = game.history().into_iter().filter(|a| a != "pass").collect();
    let out = replay(
        &["sidja", "-o", "variant=seega", "--json", "-"],
        &typed.join(" "),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value,
        serde_json::to_value(boardpost::replay::Snapshot::of(&game)).unwrap()
    );
    assert_eq!(value["to_move"], serde_json::Value::Null);
    assert_eq!(value["legal"], serde_json::json!([]));
    let result = &value["result"];
    assert_eq!(
        result["draw"],
        result["winners"].as_array().unwrap().is_empty()
    );
    assert!(!result["reason"].as_str().unwrap().is_empty());

    let more = replay(
        &["sidja", "-o", "variant=seega", "-", "a1-a2"],
        &typed.join(" "),
    );
    assert_eq!(more.status.code(), Some(1));
    assert!(
        text(&more.stderr).contains("the game is over"),
        "{}",
        text(&more.stderr)
    );
}

#[test]
fn the_diagram_shows_board_turn_and_counts() {
    let out = replay(&["sidja", "c1", "d2"], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains(" 1  . . X . ."), "{stdout}");
    assert!(stdout.contains(" 3  . . + . ."), "{stdout}");
    assert!(stdout.contains("to move: seat 2"), "{stdout}");
}

#[test]
fn actions_come_from_standard_input_with_a_dash() {
    let out = replay(&["sidja", "--json", "a1", "-"], "b1\nc1, d1\n");
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value["history"],
        serde_json::json!(["a1", "b1", "c1", "d1"])
    );
}

#[test]
fn an_illegal_action_exits_1_naming_it_with_nothing_on_stdout() {
    let out = replay(&["sidja", "--json", "c1 d2", "C3"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr).trim(),
        "action 3 \"C3\": c3 is the centre: it stays empty until every stone is placed"
    );
    let out = replay(&["sidja", "zz9"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("action 1 \"zz9\": "));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["chess"][..],
        &["sidja", "-o", "size=6"],
        &["sidja", "-o", "colour=red"],
        &["sidja", "-o", "size"],
        &["sidja", "--fen", "x"],
        &["sidja", "--frobnicate"],
        // Seega's own options with another variant, or with a value it does not have.
        &["sidja", "-o", "opening=cross"],
        &["sidja", "-o", "variant=sidja", "-o", "chain=2"],
        &["sidja", "-o", "blocked=lose", "-o", "variant=sudan"],
        &["sidja", "-o", "variant=seega", "-o", "blocked=maybe"],
        &["yote", "-o", "opening=cross"],
    ] {
        let out = replay(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

/// Seega's options appear in `--json` exactly as the rules show them (strings, `chain`
/// `"all"` or `"2"`, after the three common keys); sudan and sidja keep three keys.
#[test]
fn seega_options_print_exactly_as_the_rules_show() {
    let options_text = |args: &[&str]| {
        let mut all = vec!["sidja"];
        all.extend_from_slice(args);
        all.push("--json");
        let out = replay(&all, "");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let stdout = text(&out.stdout);
        let start = stdout.find("\"options\":").unwrap();
        let end = stdout[start..].find('}').unwrap();
        stdout[start..start + end + 1].to_string()
    };
    assert_eq!(
        options_text(&["-o", "variant=seega"]),
        r#""options":{"variant":"seega","size":5,"drop":2,"opening":"plain","chain":"all","blocked":"pass"}"#
    );
    assert_eq!(
        options_text(&[
            "-o",
            "blocked=lose",
            "-o",
            "chain=2",
            "-o",
            "opening=cross",
            "-o",
            "variant=seega"
        ]),
        r#""options":{"variant":"seega","size":5,"drop":2,"opening":"cross","chain":"2","blocked":"lose"}"#
    );
    assert_eq!(
        options_text(&["-o", "variant=sidja", "-o", "size=9"]),
        r#""options":{"variant":"sidja","size":9,"drop":2}"#
    );
    assert_eq!(
        options_text(&[]),
        r#""options":{"variant":"sudan","size":5,"drop":2}"#
    );
}

/// A sudan game whose record holds typed passes replays through the binary to the same
/// history, with `pass` listed among the legal actions while an extra move is pending.
#[test]
fn a_sudan_record_with_typed_passes_replays() {
    let mut game = AnyGame::new("sidja", &["variant=sudan"]).unwrap();
    let mut k = 5usize;
    let mut passes = 0;
    while game.to_move().is_some() && passes < 3 {
        let legal = game.legal();
        // Decline every extra move; otherwise pick by a fixed rule.
        let action = if legal.iter().any(|a| a == "pass") {
            passes += 1;
            "pass".to_string()
        } else {
            k = (k * 31 + 7) % 1009;
            legal[k % legal.len()].clone()
        };
        game.play(&action).unwrap();
    }
    assert_eq!(passes, 3, "the game met three extra moves");
    let record = game.typed_history().join("\n");
    let out = replay(&["sidja", "--json", "-"], &record);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["history"], serde_json::json!(game.history()));
    assert_eq!(
        value["history"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| *t == "pass")
            .count(),
        3
    );
}
