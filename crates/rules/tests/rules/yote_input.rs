//! Bad input never panics: any text is exactly one canonical, legal Yoté action or an
//! error with a reason, and a refused `/move` text changes nothing.

use boardpost_rules::yote::{Action, Yote};
use boardpost_rules::{AnyGame, Game};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// A position some random plies into a game: drops, steps and captures are all met,
/// and now and then a finished game.
fn position(seed: u64) -> Yote {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Yote::new();
    let plies = (seed % 151) as usize;
    for _ in 0..plies {
        let legal = game.legal_actions();
        // Captures first when there are any, so that long chains and bonus choices
        // come up.
        let captures: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Capture(_)))
            .collect();
        let pool = if !captures.is_empty() && seed.is_multiple_of(2) {
            &captures
        } else {
            &legal
        };
        let Some(action) = pool.choose(&mut rng) else {
            break;
        };
        let mut next = game.clone();
        next.try_play(*action).unwrap();
        // Most positions stay short of the end; one seed in five may finish the game.
        if next.outcome().is_some() && !seed.is_multiple_of(5) {
            break;
        }
        game = next;
    }
    game
}

fn check_text(game: &Yote, text: &str) -> Result<(), TestCaseError> {
    let legal = game.legal_actions();
    match game.parse_action(text) {
        Ok(action) => {
            prop_assert!(legal.contains(&action), "{text:?} → {action} is not listed");
            prop_assert_eq!(game.parse_action(&action.to_string()), Ok(action));
            // Exactly one action: a text names one listed action and no other.
            let same: Vec<&Action> = legal.iter().filter(|a| **a == action).collect();
            prop_assert_eq!(same.len(), 1);
        }
        Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
    }
    let mut any = AnyGame::Yote(Box::new(game.clone()));
    let before = any.clone();
    match any.play_text(text) {
        Err(e) => {
            prop_assert!(!e.to_string().trim().is_empty());
            prop_assert_eq!(any, before);
        }
        Ok(played) => {
            for canonical in &played {
                prop_assert_eq!(Some(canonical.trim()), Some(canonical.as_str()));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>(), seed in 0u64..400) {
        check_text(&position(seed), &text)?;
    }

    #[test]
    fn square_like_strings_resolve_or_explain(
        text in "@?[a-hA-HxX][0-9]{1,2}([-xX]?[a-hA-H][0-9]{1,2}){0,4}(/[a-hA-H][0-9]{1,2})?",
        seed in 0u64..400,
    ) {
        check_text(&position(seed), &text)?;
    }

    #[test]
    fn every_legal_action_in_any_case_and_without_its_at_or_bonus_resolves(
        seed in 0u64..400,
        pick in any::<prop::sample::Index>(),
        upper in any::<bool>(),
    ) {
        let game = position(seed);
        let legal = game.legal_actions();
        prop_assume!(!legal.is_empty());
        let action = legal[pick.index(legal.len())];
        let mut text = action.to_string();
        if upper {
            text = text.to_uppercase();
        }
        prop_assert_eq!(game.parse_action(&text), Ok(action));
        // Lenient forms: a drop without `@`, a step without `-`, a capture without its
        // bonus when it is the only possible one.
        let lenient = match action {
            Action::Drop(sq) => sq.to_string(),
            Action::Step { from, to } => format!("{from}{to}"),
            Action::Capture(c) => c.chain_text(),
        };
        match (action, game.parse_action(&lenient)) {
            (Action::Capture(c), Err(e)) => {
                // Several pieces could be removed: the error lists every choice.
                let choices = game.bonus_choices(&c).unwrap();
                prop_assert!(choices.len() > 1);
                let message = e.to_string();
                for sq in choices {
                    let choice = format!("{}/{sq}", c.chain_text());
                    prop_assert!(message.contains(&choice), "{message} lacks {choice}");
                }
            }
            (_, resolved) => prop_assert_eq!(resolved, Ok(action)),
        }
    }
}
