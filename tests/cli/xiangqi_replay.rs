//! `boardpost replay xiangqi` and `boardpost perft` as a user runs them: the real binary,
//! its `--json` object as docs/rules.md gives it, `--fen`, exit statuses; and what
//! `AnyGame` says about a xiangqi game to the table and the front ends.

use boardpost::games::Game as _;
use boardpost::games::{AnyGame, AnyNote, GameKind, Seat};
use boardpost::i18n::{Lang, Localize};
use serde_json::{json, Value};
use std::process::{Command, Output, Stdio};

/// Notes in the English players read.
fn english(notes: Vec<AnyNote>) -> Vec<String> {
    notes.iter().map(|n| n.tr(Lang::En)).collect()
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn replay(args: &[&str]) -> Output {
    let mut all = vec!["replay", "xiangqi"];
    all.extend_from_slice(args);
    run(&all)
}

fn json(args: &[&str]) -> (String, Value) {
    let out = replay(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(&stdout).unwrap();
    (stdout, value)
}

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

#[test]
fn json_follows_the_design() {
    let (text, value) = json(&["--json", "h2e2", "H8+7"]);
    assert!(
        text.starts_with(
            r#"{"game":"xiangqi","options":{},"ply":2,"history":["h2-e2","h9-g7"],"to_move":1,"legal":["#
        ),
        "{text}"
    );
    let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["game", "options", "ply", "history", "to_move", "legal", "result", "pieces"]
    );
    let legal = strings(&value["legal"]);
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted);
    assert!(legal.contains(&"e2-e6") && legal.contains(&"b0-c2"));
    let pieces = value["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 32);
    assert_eq!(pieces[0], json!({"at": "a0", "seat": 1, "kind": "R"}));
    assert_eq!(pieces[4], json!({"at": "e0", "seat": 1, "kind": "K"}));
    assert_eq!(pieces[31], json!({"at": "i9", "seat": 2, "kind": "R"}));
    // Rank by rank from a0: ranks never go down along the list.
    let ranks: Vec<char> = pieces
        .iter()
        .map(|p| p["at"].as_str().unwrap().chars().nth(1).unwrap())
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
    let kinds: String = pieces.iter().map(|p| p["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, "RHEAKAEHRCCPPPPPPPPPPCHCRHEAKAER");
}

#[test]
fn json_shows_the_end_of_a_game() {
    let (_, value) = json(&[
        "--fen",
        "3k5/7R1/9/9/9/9/9/9/9/4K3R w - - 0 1",
        "--json",
        "R1+9",
    ]);
    assert_eq!(value["history"], json!(["i0-i9"]));
    assert_eq!(value["ply"], json!(1));
    assert_eq!(value["to_move"], Value::Null);
    assert_eq!(value["legal"], json!([]));
    assert_eq!(
        value["result"],
        json!({"winners": [1], "draw": false, "reason": "checkmate"})
    );
    // A move after the end is illegal.
    let out = replay(&["--fen", "3k5/7R1/9/9/9/9/9/9/9/4K3R w", "i0-i9", "d9-d8"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the game is over"));
}

#[test]
fn fen_starts_with_an_empty_history() {
    let fen = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2";
    let (_, value) = json(&["--fen", fen, "--json"]);
    assert_eq!(value["ply"], json!(0));
    assert_eq!(value["history"], json!([]));
    assert_eq!(value["to_move"], json!(1));
    let (_, value) = json(&["--fen", fen, "--json", "b0c2"]);
    assert_eq!(value["history"], json!(["b0-c2"]));
    assert_eq!(value["to_move"], json!(2));
    // Black to move, FEN letters of either set.
    let (_, value) = json(&[
        "--fen",
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RHEAKAEHR b",
        "--json",
        "H8+7",
    ]);
    assert_eq!(value["history"], json!(["h9-g7"]));
}

#[test]
fn diagram_shows_the_board_the_fen_and_whose_turn() {
    let out = replay(&["h2-e2"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("xiangqi · ply 1\n"), "{text}");
    assert!(text.contains(" 9  r h e a k a e h r\n"), "{text}");
    assert!(text.contains(" 2  . C . . C . . . .\n"), "{text}");
    assert!(
        text.contains("fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")
    );
    assert!(text.contains("last move: h2-e2 (C2.5)"), "{text}");
    assert!(text.ends_with("to move: seat 2\n"), "{text}");
}

#[test]
fn an_illegal_move_exits_1_naming_it() {
    let out = replay(&["h2e2", "h9-g8"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "action 2 \"h9-g8\": h9-g8 is not a legal move: a horse moves one point straight, then one diagonally outwards"
    );
    let out = replay(&["C2.5", "h9g7", "C2.5"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "action 3 \"C2.5\": no red cannon stands on file 2"
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["replay", "xiangqi", "-o", "mode=ffa"][..],
        &["replay", "xiangqi", "--fen", "9/9/9 w"],
        &["replay", "xiangqi", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"],
        &["replay", "yote", "--fen", "4k4/9/9/9/9/9/9/9/9/3K5 w"],
        &["perft", "0"],
        &["perft", "--fen", "x", "2"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let out = run(&["replay", "xiangqi", "--fen", "9/9/9 w"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "--fen: a FEN board has 10 ranks separated by /, this one has 3"
    );
}

#[test]
fn perft_counts_depth_by_depth() {
    let out = run(&["perft", "3"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("depth 1: 44 in "), "{text}");
    assert!(text.contains("depth 2: 1920 in "), "{text}");
    assert!(text.contains("depth 3: 79666 in "), "{text}");
    assert!(text.contains("nodes/s"), "{text}");
    let out = run(&[
        "perft",
        "--fen",
        "C1hHk4/9/9/9/9/9/h1pp5/E3C4/9/3A1K3 w - - 0 1",
        "--divide",
        "2",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("depth 2: 222 in "), "{text}");
    // One line per legal move (28), with its WXF.
    assert_eq!(text.lines().filter(|l| l.contains("): ")).count(), 28);
    assert!(text.contains("a9-b9 (C9.8): "), "{text}");
}

#[test]
fn help_lists_every_game() {
    for command in ["replay", "render"] {
        let out = run(&[command, "--help"]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(&GameKind::names().join(", ")),
            "{command} --help: {text}"
        );
    }
    assert!(GameKind::names().contains(&"xiangqi"));
}

#[test]
fn any_game_speaks_xiangqi() {
    let mut game = AnyGame::new("XIANGQI", &[] as &[&str]).unwrap();
    assert_eq!(game.name(), "xiangqi");
    assert_eq!(game.title(), "xiangqi");
    assert_eq!(game.seat_count(), 2);
    assert!(boardpost::replay::view::options_json(&game.game_options()).is_empty());
    assert_eq!(game.hands(), None);
    assert!("xiangqi"
        .parse::<boardpost::games::GameKind>()
        .map(|k| boardpost::i18n::rules_text(k, boardpost::i18n::Lang::En))
        .unwrap()
        .contains("`C2.5`"));
    assert!(AnyGame::new("xiangqi", &["mode=ffa"])
        .unwrap_err()
        .to_string()
        .contains("xiangqi takes no options"));

    assert_eq!(game.alt_text_of("h2-e2").as_deref(), Some("C2.5"));
    assert_eq!(game.alt_text_of("h2e2").as_deref(), Some("C2.5"));
    assert_eq!(game.alt_text_of("h2-e3"), None);
    assert_eq!(
        game.preview_text("h2-h9")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("takes the horse on h9")
    );
    assert_eq!(
        game.preview_text("h0-g2")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("a quiet move")
    );
    assert_eq!(game.preview_text("h0-h2"), None);

    assert_eq!(game.play_text("C2.5 h9g7").unwrap(), ["h2-e2", "h9-g7"]);
    assert_eq!(game.history(), ["h2-e2", "h9-g7"]);
    assert_eq!(game.history_display(), ["h2-e2 (C2.5)", "h9-g7 (H8+7)"]);
    assert_eq!(
        game.history_by_seat(),
        [
            (Seat::FIRST, "h2-e2".to_string()),
            (Seat::SECOND, "h9-g7".to_string())
        ]
    );
    assert!(game.notes_since(0).is_empty());
    game.play_text("e2-e6").unwrap();
    assert_eq!(
        english(game.notes_since(2)),
        ["`e2-e6` takes the pawn on e6"]
    );
    assert_eq!(game.to_move(), Some(Seat::SECOND));
    // Other games have no second notation, and show their history as it is.
    let yote = AnyGame::new("yote", &[] as &[&str]).unwrap();
    assert_eq!(yote.alt_text_of("@c3"), None);
    assert_eq!(yote.history_display(), yote.history());
}
