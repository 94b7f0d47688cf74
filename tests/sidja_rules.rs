//! One test per rule of docs/rules.md, Sidja family (and the general turn rules as the
//! Sidja family meets them), each running the scenario block of the same name.

mod common;

const FILE: &str = "tests/scenarios/sidja.scn";

scenario_tests! {
    FILE, common::scenario::run_named;
    stones_per_player_by_board_size,
    first_player_begins_placement,
    placement_is_two_stones_a_turn,
    placement_drop_1_is_one_stone_a_turn,
    placement_never_on_the_centre,
    placement_only_on_empty_squares,
    no_moves_while_placing,
    placement_fills_the_board_but_the_centre,
    sudan_first_player_moves_first,
    sidja_first_player_moves_first_into_the_centre,
    seega_second_player_moves_first,
    seega_drop_1_second_player_places_last_and_moves_first,
    a_player_with_no_legal_action_passes,
    seega_blocked_player_passes,
    sudan_steps_one_square_orthogonally,
    sidja_steps_one_square_in_eight_directions,
    seega_steps_orthogonally_only,
    input_is_lenient_and_stored_canonically,
    a_move_text_is_atomic,
    custodian_capture,
    custodian_capture_takes_every_sandwiched_stone_at_once,
    a_stone_moving_between_two_enemies_is_safe,
    stones_sandwiched_before_the_move_are_not_captured,
    sudan_captures_in_eight_directions,
    sidja_captures_in_eight_directions,
    seega_captures_orthogonally_only,
    seega_a_stone_on_the_centre_cannot_be_captured,
    sudan_centre_gives_no_protection,
    sudan_a_capture_earns_one_more_move_of_any_stone,
    sidja_must_go_on_capturing_with_any_stone,
    sidja_turn_ends_when_no_capture_remains,
    seega_the_same_stone_must_go_on_capturing,
    capture_earning_moves_with_none_possible_ends_the_turn,
    at_most_one_stone_loses,
    at_most_one_stone_is_checked_after_every_capture_mid_turn,
    stall_rule_more_captures_wins,
    stall_rule_equal_captures_draw,
    stall_rule_n_does_not_depend_on_drop,
    seega_stall_rule_is_20_rounds,
    stall_counter_is_reset_by_a_capturing_turn,
    sudan_the_extra_move_may_be_declined_with_pass,
    sudan_extra_moves_chain_and_each_may_be_declined,
    sudan_a_declined_extra_move_counts_as_a_capturing_turn,
    a_typed_pass_is_refused_outside_a_pending_extra_move,
    seega_opening_cross_four_stones_stand_before_placement,
    seega_opening_cross_on_a_7x7_board,
    seega_opening_cross_second_player_still_places_last_and_moves_first,
    seega_chain_all_the_stone_captures_while_it_can,
    seega_chain_2_ends_the_turn_after_the_second_capture,
    seega_blocked_lose_a_player_who_cannot_move_loses,
    seega_blocked_lose_applies_at_the_first_move_after_placement,
}

/// Seega's own options (opening, chain, blocked) with another variant are a usage
/// error, whatever order the options come in; with seega they are read.
#[test]
fn seega_options_are_refused_with_another_variant() {
    use boardpost::games::sidja::{Blocked, Chain, Opening, Options, Variant};
    use boardpost::games::{AnyGame, SetupError};
    for variant in ["sudan", "sidja"] {
        for option in ["opening=cross", "opening=plain", "chain=2", "blocked=lose"] {
            for pairs in [
                vec![format!("variant={variant}"), option.to_string()],
                vec![option.to_string(), format!("variant={variant}")],
            ] {
                let err = AnyGame::new("sidja", &pairs).unwrap_err();
                assert!(matches!(err, SetupError::OnlyFor { .. }), "{pairs:?}");
                assert!(err.to_string().contains("is for seega only"), "{err}");
            }
        }
    }
    // With no variant given, the default (sudan) refuses them too.
    assert!(AnyGame::new("sidja", &["chain=2"]).is_err());
    let options =
        Options::from_pairs(&["chain=2", "blocked=lose", "opening=cross", "variant=seega"])
            .expect("seega takes its options");
    assert_eq!(
        (
            options.variant,
            options.opening,
            options.chain,
            options.blocked
        ),
        (Variant::Seega, Opening::Cross, Chain::Two, Blocked::Lose)
    );
    let bad = Options::from_pairs(&["variant=seega", "chain=3"]).unwrap_err();
    assert_eq!(
        bad.to_string(),
        "option chain=3 is not allowed: chain is one of all, 2"
    );
}
