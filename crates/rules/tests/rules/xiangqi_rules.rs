//! One test per rule of docs/rules.md, Xiangqi, and of the decisions recorded there,
//! each running the scenario block of the same name in `tests/scenarios/xiangqi.scn`;
//! then a few rules that are easier to state in code.

use boardpost_rules::xiangqi::{Board, Xiangqi};
use boardpost_rules::{AnyGame, Game};

const FILE: &str = "tests/scenarios/xiangqi.scn";

scenario_tests! {
    FILE, crate::scenario::xiangqi::run_named;
    board_is_nine_files_by_ten_ranks_of_points,
    red_moves_first,
    general_moves_one_point_orthogonally,
    general_stays_in_the_palace,
    advisor_moves_one_point_diagonally_in_the_palace,
    elephant_moves_two_points_diagonally,
    elephant_eye_blocks,
    elephant_cannot_cross_the_river,
    horse_moves_one_point_straight_then_one_diagonally,
    horse_leg_blocks,
    rook_moves_any_distance_along_its_file_or_rank,
    rook_stops_at_the_first_piece_and_may_take_it,
    cannon_moves_like_a_rook_without_capturing,
    cannon_captures_by_jumping_exactly_one_screen,
    pawn_moves_only_forward_before_the_river,
    pawn_also_moves_sideways_after_the_river,
    pawn_never_moves_backward,
    generals_may_not_face_each_other_on_an_open_file,
    a_piece_between_the_generals_cannot_leave_their_file,
    moving_into_check_is_refused,
    a_move_must_answer_check,
    checkmate_loses,
    checkmate_by_black_loses_for_red,
    stalemate_loses,
    a_position_without_legal_moves_is_over_at_once,
    perpetual_check_loses,
    perpetual_check_by_black_loses,
    threefold_repetition_draws,
    repetition_with_checks_on_only_some_moves_draws,
    sixty_moves_without_a_capture_draw,
    a_capture_restarts_the_sixty_move_count,
    no_legal_move_is_judged_before_the_sixty_move_rule,
    repetition_is_judged_before_the_sixty_move_rule,
    fen_round_trips,
    fen_reads_lenient_forms,
    fen_errors_say_why,
    iccs_moves_in_any_case_with_or_without_hyphen,
    iccs_errors_say_why,
    a_move_text_is_atomic,
    wxf_moves_count_files_from_the_movers_right,
    wxf_shown_canonically,
    wxf_tandem_pieces_are_front_and_rear,
    wxf_three_pawns_on_a_file_are_front_middle_rear,
    wxf_four_or_five_pawns_on_a_file,
    wxf_pawns_in_tandem_on_two_files_name_the_file_first,
    wxf_advisors_and_elephants_on_one_file_need_no_mark,
    wxf_errors_say_why,
    replies_say_captures_and_checks_in_words,
}

#[test]
fn repetition_counts_positions_with_the_same_side_to_move() {
    // The same pieces with the other side to move are another position: their keys
    // differ, so they never count towards each other's repetitions.
    let red = Xiangqi::from_fen("5k3/9/R8/9/9/9/9/9/9/3K5 w").unwrap();
    let black = Xiangqi::from_fen("5k3/9/R8/9/9/9/9/9/9/3K5 b").unwrap();
    assert_ne!(red.board().key(), black.board().key());
    // Red's rook goes round a triangle while black's general steps back and forth: the
    // pieces come back with the other side to move and the game goes on.
    let mut game = AnyGame::Xiangqi(Box::new(red));
    game.play_text("a7-a8 f9-e9 a8-a6 e9-f9 a6-a7").unwrap();
    let AnyGame::Xiangqi(g) = &game else {
        unreachable!()
    };
    assert_eq!(g.fen(), "5k3/9/R8/9/9/9/9/9/9/3K5 b - - 5 3");
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_game_round_trips_through_serde_by_its_record() {
    let mut game = AnyGame::new("xiangqi", &[] as &[&str]).unwrap();
    game.play_text("h2e2 H8+7 b0c2 i9-h9").unwrap();
    let text = serde_json::to_string(&game).unwrap();
    assert!(text.contains(r#""game":"xiangqi""#), "{text}");
    assert!(
        text.contains(r#""moves":["h2-e2","h9-g7","b0-c2","i9-h9"]"#),
        "{text}"
    );
    let back: AnyGame = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    // From a FEN, the record keeps the start.
    let from = Xiangqi::from_fen("5k3/9/R8/9/9/9/9/9/9/3K5 w - - 7 12").unwrap();
    let text = serde_json::to_string(&from).unwrap();
    assert_eq!(serde_json::from_str::<Xiangqi>(&text).unwrap(), from);
    // A record whose moves do not replay is refused with the reason.
    let bad = r#"{"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":["h2-h3","a0-a5"]}"#;
    let err = serde_json::from_str::<Xiangqi>(bad)
        .unwrap_err()
        .to_string();
    assert!(err.contains("move 2 “a0-a5”"), "{err}");
}

#[test]
fn the_start_position_is_the_classical_one() {
    let game = Xiangqi::new();
    assert_eq!(game.legal_actions().len(), 44);
    let board: &Board = game.board();
    assert_eq!(board.pieces().count(), 32);
    assert_eq!(
        board
            .general(boardpost_rules::xiangqi::Side::Red)
            .to_string(),
        "e0"
    );
    assert_eq!(
        board
            .general(boardpost_rules::xiangqi::Side::Black)
            .to_string(),
        "e9"
    );
}
