//! The Dutch system's worked examples in the FIDE Handbook (C.04.3 as applied from 2025),
//! written as TRF-16 in `data/handbook/` with the Handbook's pairing beside each
//! (`NAME.expected`, in bbpPairings' output format: the number of boards, then white and
//! black per board, `N 0` for the pairing-allocated bye).

use boardpost_pairing::output::format_pairing;
use boardpost_pairing::{pair_next_round, trf};

fn handbook_pairing(name: &str, file: &str, expected: &str) {
    let tournament = trf::read(file.as_bytes()).unwrap_or_else(|error| panic!("{name}: {error}"));
    let ours = pair_next_round(&tournament).unwrap_or_else(|error| panic!("{name}: {error}"));
    assert_eq!(format_pairing(&ours), expected, "{name}");
}

/// C5 (the bye to the lowest score): the bye goes to F on 0, although the two leaders, A
/// and C, have not met: with F out, B and E must each meet a leader.
#[test]
fn c5_the_bye_goes_to_the_lowest_score() {
    handbook_pairing(
        "c5",
        include_str!("../../data/handbook/c5.trf"),
        include_str!("../../data/handbook/c5.expected"),
    );
}

/// C9 (the bye to a player with the fewest unplayed games): among the players on 0, D, who
/// played round 1, gets the bye rather than E, who missed it.
#[test]
fn c9_the_bye_goes_to_a_player_who_has_played() {
    handbook_pairing(
        "c9",
        include_str!("../../data/handbook/c9.trf"),
        include_str!("../../data/handbook/c9.expected"),
    );
}
