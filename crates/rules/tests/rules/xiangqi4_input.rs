//! Bad input never panics: any text is exactly one canonical, legal four-player xiangqi
//! action or an error with a reason; any option text gives a game or a reason; a
//! refused `/move` text or withdrawal changes nothing.

use boardpost_rules::xiangqi::Kind;
use boardpost_rules::xiangqi4::{Action, Mode, Options, Xiangqi4};
use boardpost_rules::{AnyGame, Game, Reason, Seat};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::OnceLock;

const POSITIONS: usize = 96;

/// Positions some random plies into games of both modes, captures preferred so that
/// eliminations, reserves and drops come up; a few finished games among them.
fn positions() -> &'static [Xiangqi4] {
    static ALL: OnceLock<Vec<Xiangqi4>> = OnceLock::new();
    ALL.get_or_init(|| {
        (0..POSITIONS as u64)
            .map(|seed| {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mode = if seed % 3 == 2 {
                    Mode::Teams
                } else {
                    Mode::Ffa
                };
                let mut game = Xiangqi4::new(Options::new(mode));
                // Some ffa seeds play on until the player to move can drop, so that
                // drops are met; the others stop after a random number of plies.
                let want_drop = mode == Mode::Ffa && seed % 4 == 1;
                let plies = if want_drop {
                    3000
                } else {
                    rng.gen_range(0..800)
                };
                for _ in 0..plies {
                    let legal = game.legal_actions();
                    if want_drop && legal.iter().any(|a| matches!(a, Action::Drop { .. })) {
                        break;
                    }
                    let taking = |general: bool| -> Vec<Action> {
                        legal
                            .iter()
                            .copied()
                            .filter(|a| {
                                game.board()
                                    .get(a.to())
                                    .is_some_and(|p| !general || p.kind == Kind::General)
                            })
                            .collect()
                    };
                    let (generals, captures) = (taking(true), taking(false));
                    let pool = if !generals.is_empty() {
                        &generals
                    } else if captures.is_empty() || rng.gen_ratio(1, 4) {
                        &legal
                    } else {
                        &captures
                    };
                    let Some(action) = pool.choose(&mut rng) else {
                        break;
                    };
                    let mut next = game.clone();
                    next.try_play(*action).unwrap();
                    // Most positions stay short of the end; one seed in eight may finish.
                    if next.outcome().is_some() && seed % 8 != 0 {
                        break;
                    }
                    game = next;
                }
                game
            })
            .collect()
    })
}

fn check_text(game: &Xiangqi4, text: &str) -> Result<(), TestCaseError> {
    let legal = game.legal_actions();
    match game.parse_action(text) {
        Ok(action) => {
            prop_assert!(legal.contains(&action), "{text:?} → {action} is not listed");
            prop_assert_eq!(game.parse_action(&action.to_string()), Ok(action));
            prop_assert_eq!(legal.iter().filter(|a| **a == action).count(), 1);
        }
        Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
    }
    let mut any = AnyGame::Xiangqi4(Box::new(game.clone()));
    let before = any.clone();
    match any.play_text(text) {
        Err(e) => {
            prop_assert!(!e.to_string().trim().is_empty());
            prop_assert_eq!(any, before);
        }
        Ok(played) => {
            for canonical in &played {
                let reread = Action::parse(canonical).map(|a| a.to_string());
                prop_assert_eq!(reread.as_deref(), Ok(canonical.as_str()));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>(), pick in 0..POSITIONS) {
        check_text(&positions()[pick], &text)?;
    }

    #[test]
    fn point_like_strings_resolve_or_explain(
        text in "[a-uA-U][0-9]{1,2}-?[a-uA-U][0-9]{1,2}",
        pick in 0..POSITIONS,
    ) {
        check_text(&positions()[pick], &text)?;
    }

    #[test]
    fn drop_like_strings_resolve_or_explain(
        text in "[RHCPKAEGNBrhcpx]?@[a-uA-U][0-9]{1,2}",
        pick in 0..POSITIONS,
    ) {
        check_text(&positions()[pick], &text)?;
    }

    #[test]
    fn every_legal_action_in_any_case_and_without_its_hyphen_resolves(
        pick in 0..POSITIONS,
        index in any::<prop::sample::Index>(),
        upper in any::<bool>(),
    ) {
        let game = &positions()[pick];
        let legal = game.legal_actions();
        prop_assume!(!legal.is_empty());
        let action = legal[index.index(legal.len())];
        let text = match action {
            Action::Move { from, to } => format!("{from}{to}"),
            Action::Drop { kind, to } => format!("{}@{to}", kind.letter().to_ascii_lowercase()),
        };
        let text = if upper { text.to_uppercase() } else { text };
        prop_assert_eq!(game.parse_action(&text), Ok(action));
        // A horse may also be dropped as N (knight).
        if let Action::Drop { kind: Kind::Horse, to } = action {
            prop_assert_eq!(game.parse_action(&format!("N@{to}")), Ok(action));
        }
    }

    #[test]
    fn arbitrary_option_texts_give_a_game_or_a_reason(text in any::<String>()) {
        match AnyGame::new("xiangqi4", &[text.as_str()]) {
            Ok(game) => {
                let mode = game.game_options().values().get("mode").unwrap().to_string();
                prop_assert!(mode == "ffa" || mode == "teams");
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
        match Options::from_pairs(&[format!("mode={text}")]) {
            Ok(options) => prop_assert_eq!(options.mode.name(), text.trim().to_ascii_lowercase()),
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }

    #[test]
    fn withdrawals_apply_or_explain(
        pick in 0..POSITIONS,
        seat in 1u8..=4,
        reason in prop::sample::select(vec![Reason::Resigned, Reason::Timeout, Reason::Agreed, Reason::Stall]),
    ) {
        let mut game = positions()[pick].clone();
        let before = game.clone();
        let seat = Seat::from_number(seat).unwrap();
        match game.withdraw(seat, reason) {
            Ok(()) => {
                prop_assert!(!game.seats_in().contains(&seat));
                prop_assert!(game.outcome().is_some() || !game.legal_actions().is_empty());
            }
            Err(e) => {
                prop_assert!(!e.to_string().trim().is_empty());
                prop_assert_eq!(game, before);
            }
        }
    }
}

#[test]
fn the_positions_meet_drops_eliminations_and_finished_games() {
    let all = positions();
    let with_drops = all
        .iter()
        .filter(|g| {
            g.legal_actions()
                .iter()
                .any(|a| matches!(a, Action::Drop { .. }))
        })
        .count();
    let with_eliminations = all.iter().filter(|g| !g.eliminations().is_empty()).count();
    let over = all.iter().filter(|g| g.outcome().is_some()).count();

    let teams = all.iter().filter(|g| g.mode() == Mode::Teams).count();
    println!("{with_drops} with drops, {with_eliminations} with eliminations, {over} over, {teams} teams");
    assert!(with_drops > 0 && with_eliminations > 0 && over > 0 && teams > 0);
}
