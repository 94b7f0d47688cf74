//! `boardpost replay xiangqi4` as a user runs it: the real binary, its `--json` object as
//! docs/rules.md ("`boardpost replay`") gives it, and its exit statuses; and what
//! `AnyGame` says about a four-player game to the table and the front ends (seats, withdrawals, standings,
//! notes, previews).

use boardpost::games::xiangqi4::{Army, Options, Xiangqi4};
use boardpost::games::{AnyGame, AnyNote, Ending, Game, GameKind, Reason, Seat};
use boardpost::i18n::{Lang, Localize};
use boardpost::replay::Snapshot;
use serde_json::{json, Value};
use std::process::{Command, Output, Stdio};

/// Notes in the English players read.
fn english(notes: Vec<AnyNote>) -> Vec<String> {
    notes.iter().map(|n| n.tr(Lang::En)).collect()
}

fn replay(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .arg("replay")
        .arg("xiangqi4")
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

fn seat(n: u8) -> Seat {
    Seat::from_number(n).unwrap()
}

#[test]
fn json_has_the_design_fields_in_order() {
    let (text, value) = json(&["--json", "j4-j5"]);
    assert!(
        text.starts_with(
            r#"{"game":"xiangqi4","options":{"mode":"ffa"},"ply":1,"history":["j4-j5"],"to_move":2,"legal":["#
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
        value["in_hand"],
        json!({"1": "", "2": "", "3": "", "4": ""})
    );
    let legal: Vec<&str> = value["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted);
    assert_eq!(legal.len(), 62);
    // Pieces rank by rank from a1, by file within a rank, each with its kind.
    let pieces = value["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 64);
    assert_eq!(pieces[0], json!({"at": "f1", "seat": 1, "kind": "R"}));
    assert_eq!(pieces[4], json!({"at": "j1", "seat": 1, "kind": "K"}));
    let order: Vec<(u32, u32)> = pieces
        .iter()
        .map(|p| {
            let at = p["at"].as_str().unwrap();
            let file = at.as_bytes()[0] as u32;
            (at[1..].parse::<u32>().unwrap(), file)
        })
        .collect();
    let mut sorted_order = order.clone();
    sorted_order.sort();
    assert_eq!(order, sorted_order);
    assert!(pieces.contains(&json!({"at": "j5", "seat": 1, "kind": "P"})));
    assert!(pieces.contains(&json!({"at": "s10", "seat": 2, "kind": "K"})));
    assert!(pieces.contains(&json!({"at": "j19", "seat": 3, "kind": "K"})));
    assert!(pieces.contains(&json!({"at": "a10", "seat": 4, "kind": "K"})));
}

#[test]
fn options_are_mode_ffa_or_teams() {
    let (_, value) = json(&["-o", "mode=teams", "--json"]);
    assert_eq!(value["options"], json!({"mode": "teams"}));
    assert!(!value["legal"]
        .as_array()
        .unwrap()
        .contains(&json!("g3-g19")));
    for bad in [["-o", "mode=duo"], ["-o", "size=5"]] {
        let out = replay(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty());
    }
    assert!(GameKind::names().contains(&"xiangqi4"));
}

#[test]
fn a_draw_shows_in_the_result() {
    // Horses out and back: the start position with Red to move for the third time.
    let round = "m1-l3 s7-q8 g19-f17 a7-c8 l3-m1 q8-s7 f17-g19 c8-a7";
    let (_, value) = json(&["--json", round, round]);
    assert_eq!(
        value["result"],
        json!({"winners": [], "draw": true, "reason": "threefold repetition"})
    );
    assert_eq!(value["to_move"], Value::Null);
    assert_eq!(value["legal"], json!([]));
    assert_eq!(value["ply"], json!(16));
}

#[test]
fn illegal_actions_exit_with_status_1_and_a_reason() {
    let out = replay(&["--json", "j4-j5", "p10-o10", "j16-j14"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(r#"action 3 "j16-j14""#) && stderr.contains("forward only"),
        "{stderr}"
    );
}

#[test]
fn the_text_diagram_shows_the_cross_and_whose_turn() {
    let out = replay(&["J4J5"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("xiangqi4 (ffa) · ply 1\n19"), "{text}");
    assert!(
        text.contains(" 1                rR rH rE rA rK rA rE rH rR\n"),
        "{text}"
    );
    assert!(text.contains("10 gK  .  . gP"), "{text}");
    assert!(text.contains("r Red (seat 1): in\n"));
    assert!(text.ends_with("to move: seat 2\n"), "{text}");
}

#[test]
fn reserves_show_as_sorted_letters_by_seat() {
    let game = Xiangqi4::from_position(
        Options::default(),
        "rKj1 bKs10 yKj19",
        &[(Army::Red, "gR gC gR"), (Army::Yellow, "gP")],
        Army::Red,
    )
    .unwrap();
    let any = AnyGame::Xiangqi4(Box::new(game));
    assert_eq!(
        Snapshot::of(&any).in_hand,
        Some(json!({"1": "CRR", "2": "", "3": "P", "4": ""}))
    );
}

#[test]
fn any_game_speaks_for_four_seats() {
    let mut game = AnyGame::new("xiangqi4", &["mode=teams"]).unwrap();
    assert_eq!(game.seat_count(), 4);
    assert_eq!(game.title(), "xiangqi4 (teams)");
    assert!(
        boardpost::i18n::rules_text(GameKind::Xiangqi4, boardpost::i18n::Lang::En)
            .contains("R@g17")
    );
    game.play_text("j4-j5 p10-o10").unwrap();
    assert_eq!(
        game.history_by_seat(),
        [
            (seat(1), "j4-j5".to_string()),
            (seat(2), "p10-o10".to_string())
        ]
    );
    assert_eq!(
        game.preview_text("j16-j15")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("a move")
    );
    // Yellow resigns on its turn: Green moves next; then Black times out.
    let notes = english(game.end(seat(3), Ending::Resign).unwrap());
    assert_eq!(notes, ["Yellow resigns and is out of the game"]);
    assert_eq!(game.to_move(), Some(seat(4)));
    assert_eq!(game.seats_in(), [seat(1), seat(2), seat(4)]);
    game.end(seat(2), Ending::Timeout).unwrap();
    assert_eq!(
        game.standings(),
        [vec![seat(1), seat(4)], vec![seat(2)], vec![seat(3)]]
    );
    let notes = english(game.end(seat(1), Ending::Resign).unwrap());
    assert_eq!(notes, ["Red resigns and is out of the game"]);
    let result = Snapshot::of(&game).result.unwrap();
    assert_eq!(result.winners, [2, 4]);
    assert_eq!(result.reason, "both opponents eliminated");
    assert_eq!(
        game.standings(),
        [vec![seat(2), seat(4)], vec![seat(1)], vec![seat(3)]]
    );
    let err = game.end(seat(4), Ending::Resign).unwrap_err().tr(Lang::En);
    assert!(err.contains("the game is over"), "{err}");
}

/// Endings are the engine's in every game: a resignation in a game of two ends it, the
/// other player winning, and is kept where it came.
#[test]
fn two_player_games_end_by_resignation_in_the_engine() {
    let mut yote = AnyGame::new("yote", &[] as &[&str]).unwrap();
    assert_eq!(yote.seats_in(), [seat(1), seat(2)]);
    assert_eq!(yote.standings(), [vec![seat(1), seat(2)]]);
    yote.play("@c3").unwrap();
    assert_eq!(
        english(yote.end(seat(1), Ending::Resign).unwrap()),
        Vec::<String>::new()
    );
    let outcome = yote.outcome().unwrap();
    assert_eq!(
        (outcome.winners.clone(), outcome.reason),
        (vec![seat(2)], Reason::Resigned)
    );
    assert_eq!(yote.standings(), [vec![seat(2)], vec![seat(1)]]);
    assert_eq!(yote.to_move(), None);
    let err = yote.end(seat(2), Ending::Resign).unwrap_err().tr(Lang::En);
    assert!(err.contains("the game is over"), "{err}");
    assert!(yote.end(seat(3), Ending::Resign).is_err());
}

#[test]
fn notes_announce_captures_checks_and_eliminations() {
    let game = Xiangqi4::from_position(
        Options::default(),
        "rKj1 rRf1 rRn1 rHm1 rCg3 rPf4 rPn4 bKs10 yKj19 yPj16 yRj12 gKa10",
        &[],
        Army::Yellow,
    )
    .unwrap();
    let mut any = AnyGame::Xiangqi4(Box::new(game));
    assert_eq!(
        any.preview_text("j12-j1")
            .map(|m| m.tr(Lang::En))
            .as_deref(),
        Some("takes Red's general on j1, Red is out")
    );
    any.play("j12-j1").unwrap();
    assert_eq!(
        english(any.notes_since(0)),
        [
            "`j12-j1` takes Red's general on j1",
            "Red is eliminated (Yellow captured the general); Yellow takes R R H C P P into reserve"
        ]
    );
    assert_eq!(english(any.notes_since(1)), Vec::<String>::new());
}
