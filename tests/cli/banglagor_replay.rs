//! `boardpost replay banglagor` against docs/rules.md, and what `AnyGame` says about a
//! Banglagor game to the table and the front ends.

use boardpost::games::AnyNote;
use boardpost::i18n::{Lang, Localize};
use std::process::Command;

/// Notes in the English players read.
fn english(notes: Vec<AnyNote>) -> Vec<String> {
    notes.iter().map(|n| n.tr(Lang::En)).collect()
}

fn replay(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .arg("replay")
        .arg("banglagor")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn replay_json_matches_the_design() {
    let out = replay(&["--json", "3@D2", "1@h12,2@a1"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with(
            r#"{"game":"banglagor","options":{},"ply":3,"history":["3@d2","1@h12","2@a1"],"to_move":2,"legal":["#
        ),
        "{stdout}"
    );
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["game", "options", "ply", "history", "to_move", "legal", "result", "pieces", "in_hand"]
    );
    assert_eq!(value["result"], serde_json::Value::Null);
    assert!(stdout.contains(
        r#""pieces":[{"at":"a1","seat":1,"height":2,"bound":false},{"at":"d2","seat":1,"height":3,"bound":false},{"at":"h12","seat":2,"height":1,"bound":false}]"#
    ));
    assert!(stdout.ends_with(
        "\"in_hand\":{\"1\":{\"1\":6,\"2\":5,\"3\":5},\"2\":{\"1\":5,\"2\":6,\"3\":6}}}\n"
    ));
    let legal: Vec<&str> = value["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    // Seat 2 places one of three heights on one of the 39 empty squares of ranks 8–12.
    assert_eq!(legal.len(), 3 * 39);
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted);
    assert!(legal.contains(&"1@a8") && !legal.contains(&"1@h12") && !legal.contains(&"1@a7"));
}

#[test]
fn replay_json_shows_bound_columns_and_the_result() {
    // Placement of every column, then moves until an attack binds.
    let place = "1@a1 1@a12 1@b1 1@b12 1@c1 1@c12 1@d1 1@d12 1@e1 1@e12 1@f1 1@f12 \
                 2@a2 2@a11 2@b2 2@b11 2@c2 2@c11 2@d2 2@d11 2@e2 2@e11 2@f2 2@f11 \
                 3@a3 3@a10 3@b3 3@b10 3@c3 3@c10 3@d3 3@d10 3@e3 3@e10 3@f3 3@f10";
    let out = replay(&["--json", place, "d3-d6 d10-d7xd6"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["ply"], 38);
    assert_eq!(
        value["in_hand"],
        serde_json::json!({"1": {"1": 0, "2": 0, "3": 0}, "2": {"1": 0, "2": 0, "3": 0}})
    );
    let d6 = value["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["at"] == "d6")
        .unwrap();
    assert_eq!(
        d6,
        &serde_json::json!({"at": "d6", "seat": 1, "height": 3, "bound": true})
    );
    assert!(value["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a == "free d6"));
}

#[test]
fn replay_refuses_options_and_explains_illegal_actions() {
    let out = replay(&["-o", "size=7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("banglagor takes no options"));
    let out = replay(&["3@d2", "3@d3"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "action 2 \"3@d3\": d3 is not in your land: place your columns on ranks 8–12"
    );
}

#[test]
fn replies_menus_and_help_speak_of_banglagor() {
    use boardpost::games::{AnyGame, Game, GameKind, Seat};
    assert!(GameKind::names().contains(&"banglagor"));
    assert!("banglagor"
        .parse::<boardpost::games::GameKind>()
        .map(|k| boardpost::i18n::rules_text(k, boardpost::i18n::Lang::En))
        .unwrap()
        .contains("`3@d2`"));
    let mut game = AnyGame::new("BANGLAGOR", &[] as &[&str]).unwrap();
    assert_eq!(
        (game.name(), game.title(), game.seat_count()),
        ("banglagor", "banglagor".to_string(), 2)
    );
    assert!(boardpost::replay::view::options_json(&game.game_options()).is_empty());
    assert_eq!(
        game.preview_text("3@d2").map(|m| m.tr(Lang::En)).as_deref(),
        Some("places a column")
    );
    assert_eq!(game.preview_text("3@d7"), None);
    let place = "1@a1 1@a12 1@b1 1@b12 1@c1 1@c12 1@d1 1@d12 1@e1 1@e12 1@f1 1@f12 \
                 2@a2 2@a11 2@b2 2@b11 2@c2 2@c11 2@d2 2@d11 2@e2 2@e11 2@f2 2@f11 \
                 3@a3 3@a10 3@b3 3@b10 3@c3 3@c10 3@d3 3@d10 3@e3 3@e10 3@f3 3@f10";
    game.play_text(place).unwrap();
    assert_eq!(
        game.preview_text("d3-d6")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("a move")
    );
    game.play_text("d3-d6").unwrap();
    assert_eq!(
        game.preview_text("d10-d7")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("binds d6")
    );
    let before = game.history().len();
    game.play_text("d10-d7").unwrap();
    assert_eq!(game.history().last().unwrap(), "d10-d7xd6");
    assert_eq!(
        english(game.notes_since(before)),
        ["`d10-d7xd6` binds d6 (strength 3 against 3)"]
    );
    assert_eq!(
        game.preview_text("free d6")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("frees d6")
    );
    game.play_text("e3-e6").unwrap();
    assert_eq!(
        game.history_by_seat().last().map(|(s, t)| (*s, t.as_str())),
        Some((Seat::FIRST, "e3-e6"))
    );
    // e7's 3 alone against e6's 3 (d7 is diagonal to e6).
    assert_eq!(
        game.preview_text("e10-e7")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("binds e6")
    );
    // A relocation, from a position set up for it.
    let mut rows = vec![". . . . . . . ."; 12];
    rows[0] = ". . . X1 . . . .";
    rows[11] = "O1 . . . . . . .";
    let far = boardpost::games::banglagor::Banglagor::from_position(&rows, Seat::FIRST).unwrap();
    let far = AnyGame::Banglagor(Box::new(far));
    assert_eq!(
        far.preview_text("d12@h6")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("a relocation")
    );
    assert_eq!(
        far.preview_text("d12@b1")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("binds a1")
    );
}
