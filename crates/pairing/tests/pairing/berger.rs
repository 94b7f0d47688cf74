//! The Berger tables against the FIDE Handbook's printed ones (crates/pairing/data), and
//! their general properties for every size from 3 to 16.

use std::collections::HashSet;

use boardpost_pairing::berger::{schedule, single_cycle, Cycles, Game};

fn printed_tables() -> Vec<(usize, Vec<Vec<Game>>)> {
    let text = include_str!("../../data/berger.txt");
    let mut tables: Vec<(usize, Vec<Vec<Game>>)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(size) = line.strip_prefix("players ") {
            tables.push((size.parse().unwrap(), Vec::new()));
            continue;
        }
        let round = line
            .split_whitespace()
            .map(|game| {
                let (white, black) = game.split_once('-').unwrap();
                Game {
                    white: white.parse().unwrap(),
                    black: black.parse().unwrap(),
                }
            })
            .collect();
        tables.last_mut().unwrap().1.push(round);
    }
    tables
}

#[test]
fn tables_match_the_handbook_for_even_sizes() {
    let tables = printed_tables();
    assert_eq!(tables.len(), 4);
    for (size, printed) in tables {
        let rounds = single_cycle(size).unwrap();
        let games: Vec<Vec<Game>> = rounds.iter().map(|round| round.games.clone()).collect();
        assert_eq!(games, printed, "{size} players");
        assert!(rounds.iter().all(|round| round.bye.is_none()));
    }
}

#[test]
fn odd_sizes_are_the_next_table_with_the_last_number_as_bye() {
    for (size, printed) in printed_tables() {
        let odd = size - 1;
        let rounds = single_cycle(odd).unwrap();
        assert_eq!(rounds.len(), printed.len());
        for (round, printed_round) in rounds.iter().zip(&printed) {
            let bye_game = printed_round[0];
            let expected_bye = if bye_game.white == size as u16 {
                bye_game.black
            } else {
                bye_game.white
            };
            assert_eq!(round.bye, Some(expected_bye), "{odd} players");
            assert_eq!(round.games, printed_round[1..].to_vec(), "{odd} players");
        }
    }
}

#[test]
fn everyone_meets_everyone_once_a_cycle_with_balanced_colours() {
    for size in 3..=16usize {
        for cycles in [Cycles::Single, Cycles::Double, Cycles::DoubleLastTwoSwapped] {
            let rounds = schedule(size, cycles).unwrap();
            let per_cycle = if size % 2 == 0 { size - 1 } else { size };
            let cycle_count = if cycles == Cycles::Single { 1 } else { 2 };
            assert_eq!(rounds.len(), per_cycle * cycle_count);
            for cycle in rounds.chunks(per_cycle) {
                let mut met = HashSet::new();
                let mut byes = vec![0; size + 1];
                for round in cycle {
                    let mut seen = HashSet::new();
                    for game in &round.games {
                        assert!(game.white != game.black);
                        assert!(seen.insert(game.white) && seen.insert(game.black));
                        let key = (game.white.min(game.black), game.white.max(game.black));
                        assert!(met.insert(key), "{size}: {key:?} twice in a cycle");
                    }
                    if let Some(bye) = round.bye {
                        assert!(seen.insert(bye));
                        byes[usize::from(bye)] += 1;
                    }
                    assert_eq!(seen.len(), size, "{size}: everyone plays or has the bye");
                }
                assert_eq!(met.len(), size * (size - 1) / 2);
                if size % 2 == 1 {
                    assert!(byes[1..].iter().all(|&b| b == 1), "one bye each");
                }
            }
            // Colour balance as in the printed tables: whites and blacks differ by at most
            // one in a cycle, and by none over a double round-robin.
            for player in 1..=size as u16 {
                for cycle in rounds.chunks(per_cycle) {
                    let whites = cycle
                        .iter()
                        .flat_map(|r| &r.games)
                        .filter(|g| g.white == player)
                        .count() as i32;
                    let blacks = cycle
                        .iter()
                        .flat_map(|r| &r.games)
                        .filter(|g| g.black == player)
                        .count() as i32;
                    assert!((whites - blacks).abs() <= 1, "{size}: player {player}");
                }
                if cycles != Cycles::Single {
                    let whites = rounds
                        .iter()
                        .flat_map(|r| &r.games)
                        .filter(|g| g.white == player)
                        .count();
                    let blacks = rounds
                        .iter()
                        .flat_map(|r| &r.games)
                        .filter(|g| g.black == player)
                        .count();
                    assert_eq!(whites, blacks, "{size}: player {player}");
                }
            }
        }
    }
}

#[test]
fn second_cycle_reverses_colours() {
    let rounds = schedule(6, Cycles::Double).unwrap();
    for (first, second) in rounds[..5].iter().zip(&rounds[5..]) {
        for (a, b) in first.games.iter().zip(&second.games) {
            assert_eq!((a.white, a.black), (b.black, b.white));
        }
    }
    let swapped = schedule(6, Cycles::DoubleLastTwoSwapped).unwrap();
    assert_eq!(swapped[3], rounds[4]);
    assert_eq!(swapped[4], rounds[3]);
    assert_eq!(swapped[5..], rounds[5..]);
}

#[test]
fn no_player_gets_three_same_colours_running_with_the_swap() {
    for size in 3..=16usize {
        let rounds = schedule(size, Cycles::DoubleLastTwoSwapped).unwrap();
        for player in 1..=size as u16 {
            let colours: Vec<bool> = rounds
                .iter()
                .filter_map(|r| {
                    r.games.iter().find_map(|g| {
                        (g.white == player)
                            .then_some(true)
                            .or((g.black == player).then_some(false))
                    })
                })
                .collect();
            for window in colours.windows(3) {
                assert!(
                    !(window[0] == window[1] && window[1] == window[2]),
                    "{size} players: player {player} has {colours:?}"
                );
            }
        }
    }
}

#[test]
fn sizes_out_of_range_are_errors() {
    assert!(single_cycle(1).is_err());
    assert!(single_cycle(0).is_err());
    assert!(single_cycle(100_000).is_err());
}
