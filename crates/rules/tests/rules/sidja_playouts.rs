//! Seeded random playouts of the Sidja family, checking invariants after every action:
//! no panic; stones on the board + in hand + captured by the opponent = the starting
//! count; every listed legal action is accepted; canonical texts read back to the same
//! action; and at the end, replaying the history reproduces the game and a serde round
//! trip gives an equal game. Sudan's typed `pass` and every seega option are played and
//! checked too, and the playouts assert that each of them really occurs.

use boardpost_rules::sidja::{Action, Blocked, Chain, Opening, Options, Sidja, Variant};
use boardpost_rules::{Game, Reason, Seat};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

const GAMES_PER_VARIANT: u64 = 1_000;

fn check_invariants(game: &Sidja, start: u8) {
    let stall_limit = 2 * game.options().stall_rounds();
    for seat in [Seat::FIRST, Seat::SECOND] {
        let total = game.board().count(seat) + game.in_hand(seat) + game.captured_by(seat.next(2));
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
                    let loser = outcome.winners[0].next(2);
                    assert!(game.board().count(loser) <= 1);
                }
                Reason::Stall => assert_eq!(game.quiet_turns(), stall_limit),
                Reason::CannotMove => assert_eq!(game.options().blocked, Blocked::Lose),
                Reason::BothBlocked => assert_eq!(game.options().blocked, Blocked::Pass),
                _ => {}
            }
        }
        // Passes are automatic, so the seat to move always has something to do.
        None => assert!(!game.legal_actions().is_empty()),
    }
}

/// What the playouts of one variant met, so that a test can assert each rule occurred.
#[derive(Debug, Default)]
struct Seen {
    plies: usize,
    /// Sudan turns ended by a typed `pass`.
    typed_passes: usize,
    /// Turns of `chain=2` games that made their two captures (and so ended there).
    chains_cut_at_two: usize,
    /// Games lost by a player who could not move (`blocked=lose`).
    blocked_losses: usize,
    /// Games started with the cross opening.
    cross_openings: usize,
}

/// Checks the turn just played (`turn`, the steps of one seat in a row) against the
/// options: a typed `pass` only in sudan, right after a capturing move, and last; at
/// most two capturing moves with `chain=2`.
fn check_turn(game: &Sidja, turn: &[boardpost_rules::sidja::Step], seen: &mut Seen) {
    let options = game.options();
    for (i, step) in turn.iter().enumerate() {
        if step.action() == Some(Action::Pass) {
            assert_eq!(
                options.variant,
                Variant::Sudan,
                "a typed pass outside sudan"
            );
            assert!(
                i > 0 && !turn[i - 1].captured.is_empty(),
                "a typed pass not right after a capture"
            );
            assert_eq!(i, turn.len() - 1, "a typed pass that did not end the turn");
            seen.typed_passes += 1;
        }
    }
    let capturing = turn.iter().filter(|s| !s.captured.is_empty()).count();
    if options.chain == Chain::Two {
        assert!(capturing <= 2, "{capturing} captures in a chain=2 turn");
        if capturing == 2 {
            seen.chains_cut_at_two += 1;
        }
    }
}

/// Plays one random game to its end and adds what it met to `seen`.
fn playout(options: Options, seed: u64, seen: &mut Seen) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = options.stones_per_player();
    let mut game = Sidja::new(options);
    if options.opening == Opening::Cross {
        assert_eq!(game.board().count(Seat::FIRST), 2);
        assert_eq!(game.board().count(Seat::SECOND), 2);
        assert_eq!(game.in_hand(Seat::FIRST), start - 2);
        assert!(game.history().is_empty());
        seen.cross_openings += 1;
    }
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
    // Turns are runs of one seat's steps (a turn that follows its own seat's turn comes
    // only after placement, which neither captures nor passes).
    for turn in game.steps().chunk_by(|a, b| a.seat == b.seat) {
        check_turn(&game, turn, seen);
    }
    if game.outcome().map(|o| o.reason) == Some(Reason::CannotMove) {
        seen.blocked_losses += 1;
    }
    // The typed history (automatic passes left out, typed ones kept) replays to the
    // same game.
    let mut replayed = Sidja::new(options);
    let typed: Vec<String> = game
        .steps()
        .iter()
        .filter(|s| s.action.is_some())
        .map(|s| s.text())
        .collect();
    for text in &typed {
        let action = replayed.parse_action(text).expect("history reads back");
        replayed.try_play(action).expect("history replays");
    }
    assert_eq!(replayed, game, "seed {seed}: replaying the history differs");
    let json = serde_json::to_string(&game).unwrap();
    let back: Sidja = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game, "seed {seed}: serde round trip differs");
    seen.plies += actions.len();
}

fn playouts(variant: Variant) -> Seen {
    let mut seen = Seen::default();
    for seed in 0..GAMES_PER_VARIANT {
        let seega = variant == Variant::Seega;
        // Seega's options take every combination in turn, from different seeds.
        let bit = |n: u64| seega && (seed / 4) & (1 << n) != 0;
        let options = Options {
            variant,
            size: [5, 7, 9][(seed % 3) as usize],
            drop: if seed % 4 == 3 { 1 } else { 2 },
            opening: if bit(0) {
                Opening::Cross
            } else {
                Opening::Plain
            },
            chain: if bit(1) { Chain::Two } else { Chain::All },
            blocked: if bit(2) { Blocked::Lose } else { Blocked::Pass },
        };
        playout(options, seed, &mut seen);
    }
    println!("{variant}: {GAMES_PER_VARIANT} games, {seen:?}");
    seen
}

#[test]
fn random_playouts_sudan() {
    let seen = playouts(Variant::Sudan);
    assert!(
        seen.typed_passes > 0,
        "no sudan turn ended with a typed pass"
    );
}

#[test]
fn random_playouts_sidja() {
    let seen = playouts(Variant::Sidja);
    assert_eq!(seen.typed_passes, 0);
}

#[test]
fn random_playouts_seega() {
    let seen = playouts(Variant::Seega);
    assert_eq!(seen.typed_passes, 0);
    assert!(seen.cross_openings > 0, "no game with the cross opening");
    assert!(
        seen.chains_cut_at_two > 0,
        "no chain=2 turn made two captures"
    );
    assert!(seen.blocked_losses > 0, "no game lost by a blocked player");
}
