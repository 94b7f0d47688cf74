//! Bad input never panics: any text is exactly one canonical, legal action or an error
//! with a reason, and a refused `/move` text changes nothing.

use boardpost_rules::sidja::{Blocked, Chain, Opening, Options, Sidja, Variant};
use boardpost_rules::{AnyGame, Game};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// A position some random plies into a game, so both phases are met.
fn position(seed: u64) -> Sidja {
    let mut rng = SmallRng::seed_from_u64(seed);
    let variant = Variant::ALL[(seed % 3) as usize];
    let size = [5, 7, 9][(seed / 3 % 3) as usize];
    // Seega's own options vary with the seed too.
    let seega = variant == Variant::Seega;
    let bit = |n: u64| seega && (seed / 9) & (1 << n) != 0;
    let mut game = Sidja::new(Options {
        variant,
        size,
        drop: 2,
        opening: if bit(0) {
            Opening::Cross
        } else {
            Opening::Plain
        },
        chain: if bit(1) { Chain::Two } else { Chain::All },
        blocked: if bit(2) { Blocked::Lose } else { Blocked::Pass },
    });
    let plies = (seed % 97) as usize;
    for _ in 0..plies {
        let legal = game.legal_actions();
        let Some(action) = legal.choose(&mut rng) else {
            break;
        };
        game.try_play(*action).unwrap();
    }
    game
}

fn check_text(game: &Sidja, text: &str) -> Result<(), TestCaseError> {
    match game.parse_action(text) {
        Ok(action) => {
            prop_assert!(game.legal_actions().contains(&action));
            prop_assert_eq!(game.parse_action(&action.to_string()), Ok(action));
        }
        Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
    }
    let mut any = AnyGame::Sidja(Box::new(game.clone()));
    let before = any.clone();
    if any.play_text(text).is_err() {
        prop_assert_eq!(any, before);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>(), seed in 0u64..300) {
        check_text(&position(seed), &text)?;
    }

    #[test]
    fn square_like_strings_resolve_or_explain(
        text in "[a-kA-K][0-9]{1,2}([-xX@ ,]?[a-kA-K][0-9]{1,2}){0,2}",
        seed in 0u64..300,
    ) {
        check_text(&position(seed), &text)?;
    }

    /// `pass` is an action only while a sudan extra move is pending; anywhere else it
    /// is refused with a reason, alone or among other actions.
    #[test]
    fn pass_among_moves_resolves_or_explains(
        text in "(pass|PASS| pass )|(([a-e][1-5]-[a-e][1-5]|pass)[ ,]){1,3}(pass|[a-e][1-5])",
        seed in 0u64..300,
    ) {
        check_text(&position(seed), &text)?;
    }
}
