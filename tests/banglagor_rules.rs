//! One test per rule of docs/rules.md, "Banglagor" (and the general turn rules as
//! Banglagor meets them), each running the scenario block of the same name in
//! `tests/scenarios/banglagor.scn`; then `boardpost replay banglagor --json` against
//! docs/rules.md.

mod common;

use std::process::Command;

const FILE: &str = "tests/scenarios/banglagor.scn";

scenario_tests! {
    FILE, common::scenario::run_named;
    each_player_has_eighteen_columns_six_of_each_height,
    first_player_places_first_one_column_on_ranks_one_to_five,
    placement_strictly_alternates_one_column_a_turn,
    placement_only_in_your_own_land,
    placement_never_on_your_border_row,
    placement_only_on_empty_squares,
    placement_heights_in_any_order_six_of_each,
    columns_are_one_two_or_three_high,
    no_moves_while_placing,
    seat_two_places_last_then_seat_one_moves_first,
    a_column_walks_exactly_its_height_in_orthogonal_steps,
    every_square_stepped_on_must_be_empty,
    the_starting_square_counts_as_empty_once_left,
    a_path_may_turn_and_revisit_squares,
    height_two_returning_to_its_start_is_a_real_move,
    an_explicit_path_is_exactly_h_steps_through_empty_squares_and_stored_as_its_destination,
    only_your_own_free_columns_move,
    no_enemy_next_to_where_a_column_ends_no_attack,
    every_enemy_next_to_where_a_column_ends_is_a_target_and_a_legal_action_of_its_own,
    the_target_must_be_named_when_there_are_several,
    a_single_target_may_be_left_out,
    the_target_must_be_an_enemy_next_to_where_the_column_ends,
    strength_greater_than_the_target_height_removes_it,
    strength_not_greater_than_the_target_height_binds_it,
    strength_counts_every_free_column_of_the_mover_next_to_the_target,
    bound_columns_add_no_strength,
    strength_is_counted_after_the_move,
    bound_columns_are_targets_too_and_stay_bound,
    walking_next_to_stronger_enemies_is_safe,
    bound_columns_cannot_move,
    freeing_a_column_is_the_whole_turn_and_never_attacks,
    only_your_own_bound_columns_can_be_freed,
    a_column_on_the_enemy_last_rank_may_relocate_to_any_empty_square,
    a_column_that_reached_the_enemy_last_rank_may_relocate_on_a_later_turn,
    the_second_player_relocates_from_rank_one,
    a_relocation_attacks_at_its_new_square,
    a_column_on_the_enemy_last_rank_may_also_move_normally,
    a_relocation_goes_to_an_empty_square,
    bound_columns_cannot_relocate,
    less_than_half_the_total_height_loses,
    exactly_half_the_total_height_does_not_lose,
    a_position_already_below_half_is_over,
    bound_columns_count_toward_the_total_height,
    actions_after_the_end_are_illegal,
    twenty_turns_without_a_move_onto_enemy_land_draw,
    the_draw_count_starts_with_the_first_move,
    a_move_ending_on_enemy_land_resets_the_count,
    a_relocation_ending_on_enemy_land_resets_the_count,
    frees_and_passes_do_not_reset_the_count,
    the_win_check_comes_before_the_draw_count,
    a_player_with_no_legal_action_passes,
    input_is_lenient_in_case_and_hyphen_and_stored_canonically,
    a_move_text_is_atomic,
    typing_pass_is_refused,
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
        game.preview_text("3@d2").map(|m| m.to_string()).as_deref(),
        Some("places a column")
    );
    assert_eq!(game.preview_text("3@d7"), None);
    let place = "1@a1 1@a12 1@b1 1@b12 1@c1 1@c12 1@d1 1@d12 1@e1 1@e12 1@f1 1@f12 \
                 2@a2 2@a11 2@b2 2@b11 2@c2 2@c11 2@d2 2@d11 2@e2 2@e11 2@f2 2@f11 \
                 3@a3 3@a10 3@b3 3@b10 3@c3 3@c10 3@d3 3@d10 3@e3 3@e10 3@f3 3@f10";
    game.play_text(place).unwrap();
    assert_eq!(
        game.preview_text("d3-d6").map(|m| m.to_string()).as_deref(),
        Some("a move")
    );
    game.play_text("d3-d6").unwrap();
    assert_eq!(
        game.preview_text("d10-d7")
            .map(|m| m.to_string())
            .as_deref(),
        Some("binds d6")
    );
    let before = game.history().len();
    game.play_text("d10-d7").unwrap();
    assert_eq!(game.history().last().unwrap(), "d10-d7xd6");
    assert_eq!(
        game.notes_since(before),
        ["`d10-d7xd6` binds d6 (strength 3 against 3)"]
    );
    assert_eq!(
        game.preview_text("free d6")
            .map(|m| m.to_string())
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
            .map(|m| m.to_string())
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
        far.preview_text("d12@h6").map(|m| m.to_string()).as_deref(),
        Some("a relocation")
    );
    assert_eq!(
        far.preview_text("d12@b1").map(|m| m.to_string()).as_deref(),
        Some("binds a1")
    );
}
