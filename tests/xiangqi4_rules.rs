//! One test per rule of RULES.md §5 (four-player strategic xiangqi), each running the
//! scenario block of the same name in `tests/scenarios/xiangqi4.scn`.

mod common;

const FILE: &str = "tests/scenarios/xiangqi4.scn";

macro_rules! scenarios {
    ($($name:ident,)*) => {
        $(
            #[test]
            fn $name() {
                common::xiangqi4_scenario::run_named(FILE, stringify!($name));
            }
        )*

        #[test]
        fn every_scenario_block_has_its_test() {
            let named = [$(stringify!($name)),*];
            for block in common::scenario::blocks(FILE) {
                assert!(named.contains(&block.name.as_str()), "no test runs block {}", block.name);
            }
        }
    };
}

scenarios! {
    board_is_a_cross_of_261_points,
    lines_end_where_points_end,
    setup_each_army_as_in_classical_xiangqi,
    each_army_has_62_legal_moves_at_the_start,
    red_moves_first_and_turns_go_counter_clockwise,
    turn_order_skips_eliminated_players,
    mode_is_ffa_unless_teams_is_chosen,
    generals_stay_in_their_palace,
    advisors_stay_in_their_palace,
    elephants_never_leave_their_own_arm,
    generals_may_face_each_other,
    horse_leg_point_must_be_empty,
    horse_with_a_missing_leg_point_at_a_corner_cannot_move_that_way,
    horse_big_jump_from_the_middle_part,
    big_jump_is_blocked_at_each_path_point,
    big_jump_needs_only_its_start_in_the_middle_part,
    no_big_jump_from_outside_the_middle_part,
    big_jump_captures_an_opponent,
    pawn_in_its_own_arm_moves_only_forward,
    pawn_flag_is_set_on_leaving_its_own_arm_and_never_cleared,
    pawn_in_the_middle_moves_one_or_two_points_in_any_direction,
    pawn_two_point_move_needs_the_point_between_empty,
    pawn_in_the_middle_captures_one_or_two_points_away,
    pawn_from_the_middle_may_end_in_any_arm_its_own_included,
    pawn_in_another_arm_moves_forward_or_sideways,
    pawn_in_another_arm_moves_backward_once_that_army_is_out,
    pawn_back_in_its_own_arm_moves_forward_or_sideways_never_backward,
    pawns_never_promote,
    rooks_and_cannons_move_as_in_classical_xiangqi,
    partners_pieces_block_screen_and_stop_legs,
    check_comes_from_opponents_still_in,
    a_move_may_not_leave_ones_own_general_attacked,
    a_move_may_leave_a_partners_general_attacked,
    partners_do_not_give_check,
    a_player_without_a_legal_move_in_check_is_mated_and_credited_to_the_checker,
    mate_credit_goes_to_the_attacker_whose_latest_action_is_latest,
    a_stalemated_player_is_credited_to_the_author_of_the_last_action,
    no_legal_move_means_no_legal_action_drops_included,
    eliminations_chain_at_turn_start,
    the_win_check_follows_each_elimination,
    a_move_may_capture_a_general_out_of_turn,
    a_general_capture_that_leaves_one_player_wins_at_once,
    own_check_test_after_a_general_capture_is_made_without_the_captured_army,
    ffa_transfer_hands_over_exactly_the_rooks_horses_cannons_and_pawns_on_the_board,
    transfer_goes_beyond_the_start_numbers,
    the_eliminated_players_own_reserve_is_lost,
    teams_eliminations_remove_the_whole_army,
    withdrawals_remove_the_whole_army_without_credit,
    drop_a_reserve_piece_instead_of_moving,
    drop_only_in_the_arm_of_the_army_it_came_from,
    drop_in_the_arm_of_the_army_the_piece_was_taken_from_most_recently,
    drop_only_while_fewer_of_that_kind_on_the_board_than_at_the_start,
    drop_limit_counts_the_pieces_on_the_board_now,
    drop_only_on_an_empty_point,
    drop_not_where_it_could_capture_at_once,
    a_dropped_pawn_moves_as_in_another_arm_in_all_four_directions,
    a_drop_must_not_leave_ones_general_attacked_and_may_block_a_check,
    only_rooks_horses_cannons_and_pawns_are_dropped,
    a_drop_is_not_a_capture,
    teams_partners_pieces_cannot_be_captured,
    teams_cannon_captures_at_most_8_points_away,
    teams_cannon_quiet_moves_are_unlimited,
    teams_cannon_nine_points_away_gives_no_check,
    teams_win_when_both_opponents_are_eliminated,
    ffa_the_last_player_left_wins,
    draw_after_50_full_rounds_without_a_capture_or_elimination,
    the_fifty_round_count_is_for_the_players_still_in,
    a_capture_starts_the_fifty_round_count_afresh,
    draw_by_threefold_repetition,
    repetition_tells_pawn_flags_apart,
    resignation_on_ones_turn_starts_the_next_turn,
    timeout_out_of_turn_keeps_the_turn,
    withdrawal_that_leaves_the_player_to_move_without_a_legal_action,
    withdrawals_are_refused_when_out_or_over,
    notation_moves_and_drops_lenient_input,
    a_move_text_is_atomic,
}
