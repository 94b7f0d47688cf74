//! Bad input never panics: any text is exactly one canonical, legal xiangqi move or an
//! error with a reason, and a refused `/move` text changes nothing; any text given as a
//! FEN is a position that writes back canonically, or an error with a reason; and every
//! legal move's ICCS and WXF texts read back to it.

use boardpost_rules::xiangqi::{Move, Xiangqi, START_FEN};
use boardpost_rules::{AnyGame, Game};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// A position some random plies into a game (captures preferred on even seeds, so that
/// tandem pieces and open files come up), now and then a finished one.
fn position(seed: u64) -> Xiangqi {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Xiangqi::new();
    for _ in 0..(seed % 120) {
        let legal = game.legal_actions();
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| game.board().get(m.to).is_some())
            .collect();
        let pool = if !captures.is_empty() && seed.is_multiple_of(2) {
            &captures
        } else {
            &legal
        };
        let Some(mv) = pool.choose(&mut rng) else {
            break;
        };
        game.try_play(*mv).unwrap();
    }
    game
}

fn check_text(game: &Xiangqi, text: &str) -> Result<(), TestCaseError> {
    let legal = game.legal_actions();
    match game.parse_action(text) {
        Ok(mv) => {
            prop_assert!(legal.contains(&mv), "{text:?} → {mv} is not listed");
            prop_assert_eq!(game.parse_action(&mv.to_string()), Ok(mv));
            prop_assert_eq!(legal.iter().filter(|m| **m == mv).count(), 1);
        }
        Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
    }
    let mut any = AnyGame::Xiangqi(Box::new(game.clone()));
    let before = any.clone();
    match any.play_text(text) {
        Err(e) => {
            prop_assert!(!e.to_string().trim().is_empty());
            prop_assert_eq!(any, before);
        }
        Ok(played) => {
            for canonical in &played {
                prop_assert!(canonical.len() == 5 && canonical.as_bytes()[2] == b'-');
            }
        }
    }
    Ok(())
}

fn check_fen(text: &str) -> Result<(), TestCaseError> {
    match Xiangqi::from_fen(text) {
        Ok(game) => {
            let fen = game.fen();
            let again = Xiangqi::from_fen(&fen).expect("a written FEN reads back");
            prop_assert_eq!(again.fen(), fen);
            prop_assert_eq!(again.board(), game.board());
        }
        Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
    }
    Ok(())
}

/// The start FEN with a few characters replaced, removed or added.
fn mutated_fen() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "rnbakcpRNBAKCPehEH0123456789/ -wbx".chars().collect();
    proptest::collection::vec((0usize..80, 0usize..alphabet.len(), 0u8..3), 1..4).prop_map(
        move |edits| {
            let mut chars: Vec<char> = START_FEN.chars().collect();
            for (at, c, how) in edits {
                let at = at % (chars.len() + 1);
                match how {
                    0 if at < chars.len() => chars[at] = alphabet[c],
                    1 if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, alphabet[c]),
                }
            }
            chars.into_iter().collect()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>(), seed in 0u64..300) {
        check_text(&position(seed), &text)?;
    }

    #[test]
    fn move_like_strings_read_or_say_why(
        text in "[a-jA-J0-9+=.\\-KAEHRCPBNGkaehrcpbng ]{1,7}",
        seed in 0u64..300,
    ) {
        check_text(&position(seed), &text)?;
    }

    #[test]
    fn wxf_like_strings_read_or_say_why(
        text in "[KAEHRCPBN+\\-1-9][1-9+\\-][+\\-.=][0-9]",
        seed in 0u64..300,
    ) {
        check_text(&position(seed), &text)?;
    }

    #[test]
    fn arbitrary_fens_never_panic(text in any::<String>()) {
        check_fen(&text)?;
    }

    #[test]
    fn fen_like_strings_read_or_say_why(text in "[rnbakcpRNBAKCPehEHgG1-9/]{1,40} [wbrx] (- - )?[0-9]{0,3}( [0-9]{1,3})?") {
        check_fen(&text)?;
    }

    #[test]
    fn mutated_start_fens_read_or_say_why(text in mutated_fen()) {
        check_fen(&text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_legal_move_reads_back_from_iccs_and_wxf(seed in 0u64..100_000) {
        let game = position(seed);
        for mv in game.legal_actions() {
            prop_assert_eq!(game.parse_action(&mv.to_string()), Ok(mv));
            prop_assert_eq!(game.parse_action(&mv.to_string().replace('-', "")), Ok(mv));
            prop_assert_eq!(game.parse_action(&mv.to_string().to_uppercase()), Ok(mv));
            let wxf = game.wxf(mv);
            prop_assert_eq!(game.parse_action(&wxf), Ok(mv), "{}", wxf);
            prop_assert_eq!(game.parse_action(&wxf.replace('.', "=")), Ok(mv));
            prop_assert_eq!(game.parse_action(&wxf.to_lowercase()), Ok(mv));
        }
    }
}
