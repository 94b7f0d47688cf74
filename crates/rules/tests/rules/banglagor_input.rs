//! Bad input never panics: any text is exactly one canonical, legal action or an error
//! with a reason, and a refused `/move` text changes nothing.

use boardpost_rules::banglagor::{Action, Banglagor};
use boardpost_rules::{AnyGame, Game, Seat, Square};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A position some random plies into a game, so both phases, bound columns and
/// columns on the last ranks (relocations) are met: the random choice leans to attacks
/// and to marching on, and keeps clear of the end of the game.
fn position(seed: u64) -> Banglagor {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Banglagor::new();
    let plies = 20 + (seed % 120) as usize;
    for _ in 0..plies {
        let seat = game.to_move().expect("the game goes on");
        let legal = game.legal_actions();
        let progress = |a: &Action| match a {
            Action::Move { to, .. } | Action::Relocate { to, .. } if seat == Seat::FIRST => to.rank,
            Action::Move { to, .. } | Action::Relocate { to, .. } => 11 - to.rank,
            _ => 0,
        };
        let best = legal.iter().map(progress).max().unwrap_or(0);
        let advance: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| progress(a) == best)
            .collect();
        let attacks: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| a.target().is_some())
            .collect();
        let roll: f64 = rng.gen();
        let pool = if roll < 0.4 {
            &advance
        } else if roll < 0.7 && !attacks.is_empty() {
            &attacks
        } else {
            &legal
        };
        let Some(next) = (0..8).find_map(|_| {
            let mut next = game.clone();
            next.try_play(*pool.choose(&mut rng)?).unwrap();
            next.to_move().is_some().then_some(next)
        }) else {
            break;
        };
        game = next;
    }
    game
}

/// A legal action's text with one thing changed: a square, the target, the kind of
/// move, the height, or a square stepped on written out.
fn mutate(action: Action, mutation: u8, sq: Square) -> String {
    let target = |t: Option<Square>| t.map_or(String::new(), |t| format!("x{t}"));
    match (action, mutation) {
        (Action::Move { from, to, .. }, 0) => format!("{from}-{to}x{sq}"),
        (Action::Move { from, to, .. }, 1) => format!("{from}-{to}"),
        (
            Action::Move {
                from,
                to,
                target: t,
            },
            2,
        ) => format!("{from}@{to}{}", target(t)),
        (
            Action::Move {
                from, target: t, ..
            },
            3,
        ) => format!("{from}-{sq}{}", target(t)),
        (Action::Move { to, target: t, .. }, 4) => format!("{sq}-{to}{}", target(t)),
        (
            Action::Move {
                from,
                to,
                target: t,
            },
            5,
        ) => format!("{from}-{sq}-{to}{}", target(t)),
        (
            Action::Move {
                from,
                to,
                target: t,
            },
            _,
        ) => format!("{from}-{to}x{sq}{}", target(t)),
        (Action::Relocate { from, to, .. }, 0) => format!("{from}@{to}x{sq}"),
        (Action::Relocate { from, to, .. }, 1) => format!("{from}@{to}"),
        (
            Action::Relocate {
                from,
                to,
                target: t,
            },
            2,
        ) => format!("{from}-{to}{}", target(t)),
        (
            Action::Relocate {
                from, target: t, ..
            },
            3,
        ) => format!("{from}@{sq}{}", target(t)),
        (Action::Relocate { to, target: t, .. }, 4) => format!("{sq}@{to}{}", target(t)),
        (
            Action::Relocate {
                from,
                to,
                target: t,
            },
            _,
        ) => format!("{from}@{to}{}", target(t)).to_uppercase(),
        (Action::Place { at, .. }, m @ 0..=4) => format!("{m}@{at}"),
        (Action::Place { height, .. }, 5) => format!("{height}@{sq}"),
        (Action::Place { height, at }, _) => format!("{height}@{at}x{sq}"),
        (Action::Free(_), 0) => format!("free {sq}"),
        (Action::Free(at), 1) => format!("free{at}"),
        (Action::Free(at), 2) => format!("{at}-{at}"),
        (Action::Free(at), 3) => format!("{at}@{sq}"),
        (Action::Free(at), _) => format!("FREE {at}x{sq}"),
    }
}

fn check_text(game: &Banglagor, text: &str) -> Result<(), TestCaseError> {
    match game.parse_action(text) {
        Ok(action) => {
            prop_assert!(
                game.legal_actions().contains(&action),
                "{text:?} → {action}"
            );
            prop_assert_eq!(game.parse_action(&action.to_string()), Ok(action));
        }
        Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
    }
    let mut any = AnyGame::Banglagor(Box::new(game.clone()));
    let before = any.clone();
    if any.play_text(text).is_err() {
        prop_assert_eq!(any, before);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>(), seed in 0u64..200) {
        check_text(&position(seed), &text)?;
    }

    #[test]
    fn action_like_strings_resolve_or_explain(
        text in "(free ?|FREE |[0-4]@)?[a-jA-J][0-9]{1,2}([-@]?[a-jA-J][0-9]{1,2}){0,3}([xX][a-jA-J][0-9]{1,2})?",
        seed in 0u64..200,
    ) {
        check_text(&position(seed), &text)?;
    }

    #[test]
    fn near_legal_texts_resolve_or_explain(
        seed in 0u64..200,
        pick in any::<prop::sample::Index>(),
        mutation in 0u8..8,
        file in 0u8..9,
        rank in 0u8..13,
    ) {
        let game = position(seed);
        let legal = game.legal_actions();
        prop_assume!(!legal.is_empty());
        let action = legal[pick.index(legal.len())];
        let text = mutate(action, mutation, Square::new(file, rank));
        check_text(&game, &text)?;
    }

    #[test]
    fn every_legal_action_in_any_case_reads_back(seed in 0u64..200, pick in any::<prop::sample::Index>()) {
        let game = position(seed);
        let legal = game.legal_actions();
        prop_assume!(!legal.is_empty());
        let action = legal[pick.index(legal.len())];
        for text in [action.to_string(), action.to_string().to_uppercase(), action.to_string().replace('-', "")] {
            prop_assert_eq!(game.parse_action(&text), Ok(action), "{}", text);
        }
    }
}
