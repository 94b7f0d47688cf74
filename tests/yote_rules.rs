//! One test per rule of RULES.md §2 (Yoté), and the general turn rules as Yoté meets
//! them, each running the scenario block of the same name in `tests/scenarios/yote.scn`.

mod common;

const FILE: &str = "tests/scenarios/yote.scn";

macro_rules! scenarios {
    ($($name:ident,)*) => {
        $(
            #[test]
            fn $name() {
                common::scenario::run_named(FILE, stringify!($name));
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
    board_is_six_files_by_five_ranks_and_empty_at_start,
    each_player_has_twelve_pieces_in_reserve,
    seat_1_moves_first,
    a_turn_is_exactly_one_action,
    drop_onto_any_empty_square,
    drop_with_or_without_at,
    drop_needs_a_piece_in_reserve,
    step_one_square_orthogonally,
    step_only_to_an_empty_square,
    only_your_own_pieces_move,
    capture_jumps_over_an_adjacent_enemy_onto_the_empty_square_behind,
    capture_is_orthogonal_only,
    capture_lands_on_an_empty_square,
    capture_jumps_only_over_an_enemy_piece,
    capture_chain_goes_on_in_any_orthogonal_direction,
    every_prefix_of_a_chain_is_a_legal_action,
    capturing_is_never_compulsory,
    jumped_pieces_leave_the_board_at_once,
    the_chain_may_pass_its_starting_square_again,
    a_chain_back_to_its_start_is_a_capture,
    bonus_removal_is_required_whenever_possible,
    bonus_choices_are_all_listed,
    bonus_is_implied_when_only_one_piece_could_be_removed,
    bonus_comes_from_the_board_never_from_the_reserve,
    no_bonus_part_when_no_enemy_piece_is_left_on_the_board,
    bonus_is_chosen_among_the_pieces_left_after_the_chain,
    only_a_capture_has_a_bonus_part,
    win_when_the_opponent_has_no_pieces_left,
    the_second_player_wins_the_same_way,
    no_win_while_the_opponent_has_pieces_in_reserve,
    draw_when_both_reserves_are_empty_and_two_stand_against_one,
    draw_when_the_mover_is_the_one_left_with_one_piece,
    no_two_against_one_draw_while_a_reserve_holds_pieces,
    one_against_one_goes_on,
    two_against_one_after_a_drop_is_a_draw,
    stall_sixty_turns_without_a_capture_or_a_drop_is_a_draw,
    stall_counts_turns_from_the_first_turn,
    a_drop_resets_the_stall_count,
    a_capture_resets_the_stall_count,
    a_player_with_no_legal_action_passes,
    a_player_blocked_once_every_piece_is_dropped_passes,
    a_recorded_pass_counts_toward_the_stall_count,
    passes_are_never_typed,
    input_is_lenient_and_stored_canonically,
    a_move_text_is_atomic,
    malformed_texts_are_explained,
}
