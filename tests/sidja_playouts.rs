//! Seeded random playouts of the Sidja family, checking invariants after every action:
//! no panic; stones on the board + in hand + captured by the opponent = the starting
//! count; every listed legal action is accepted; canonical texts read back to the same
//! action; and at the end, replaying the history reproduces the game and a serde round
//! trip gives an equal game.

use boardpost::games::sidja::{Options, Sidja, Variant};
use boardpost::games::{Game, Reason, Seat};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

const GAMES_PER_VARIANT: u64 = 1_000;

fn check_invariants(game: &Sidja, start: u8) {
    let stall_limit = 2 * game.options().stall_rounds();
    for seat in [Seat::FIRST, Seat::SECOND] {
        let total = game.board().count(seat) + game.in_hand(seat) + game.captured_by(seat.other());
        assert_eq!(total, start, "stones of seat {seat} are not conserved");
    }
    assert!(game.board().get(game.centre()).is_none() || !game.is_placing());
    assert!(game.quiet_turns() <= stall_limit);
    match game.outcome() {
        Some(outcome) => {
            assert_eq!(game.to_move(), None);
            assert!(game.legal_actions().is_empty());
            match outcome.reason {
                Reason::OneStoneLeft => {
                    let loser = outcome.winners[0].other();
                    assert!(game.board().count(loser) <= 1);
                }
                Reason::Stall => assert_eq!(game.quiet_turns(), stall_limit),
                _ => {}
            }
        }
        // Passes are automatic, so the seat to move always has something to do.
        None => assert!(!game.legal_actions().is_empty()),
    }
}

/// Plays one random game to its end and returns how many actions it took.
fn playout(options: Options, seed: u64) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = options.stones_per_player();
    let mut game = Sidja::new(options);
    let mut actions = Vec::new();
    while game.to_move().is_some() {
        let legal = game.legal_actions();
        for action in &legal {
            assert_eq!(
                game.check(*action),
                Ok(()),
                "listed action {action} is refused"
            );
        }
        let action = *legal
            .choose(&mut rng)
            .expect("a player to move has an action");
        assert_eq!(game.parse_action(&action.to_string()), Ok(action));
        if rng.gen_ratio(1, 16) {
            // Now and then, every listed action really applies.
            for other in &legal {
                game.clone()
                    .try_play(*other)
                    .expect("listed action applies");
            }
        }
        game.try_play(action).expect("legal action applies");
        actions.push(action);
        check_invariants(&game, start);
        assert!(actions.len() < 20_000, "seed {seed}: the game does not end");
    }
    // The history, less its automatic passes, replays to the same game.
    let mut replayed = Sidja::new(options);
    for text in game.history().iter().filter(|t| *t != "pass") {
        let action = replayed.parse_action(text).expect("history reads back");
        replayed.try_play(action).expect("history replays");
    }
    assert_eq!(replayed, game, "seed {seed}: replaying the history differs");
    let json = serde_json::to_string(&game).unwrap();
    let back: Sidja = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game, "seed {seed}: serde round trip differs");
    actions.len()
}

fn playouts(variant: Variant) {
    let mut plies = 0;
    for seed in 0..GAMES_PER_VARIANT {
        let options = Options {
            variant,
            size: [5, 7, 9][(seed % 3) as usize],
            drop: if seed % 4 == 3 { 1 } else { 2 },
        };
        plies += playout(options, seed);
    }
    println!("{variant}: {GAMES_PER_VARIANT} games, {plies} actions");
}

#[test]
fn random_playouts_sudan() {
    playouts(Variant::Sudan);
}

#[test]
fn random_playouts_sidja() {
    playouts(Variant::Sidja);
}

#[test]
fn random_playouts_seega() {
    playouts(Variant::Seega);
}
