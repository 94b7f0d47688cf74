//! Seeded random playouts of Yoté, checking invariants after every action: no panic;
//! pieces on the board + in reserve + taken by the opponent (jumped or removed) = 12 a
//! side; every listed legal action is accepted and applies; canonical texts read back to
//! the same action; the history replays to an equal game; a serde round trip gives an
//! equal game.

use boardpost_rules::yote::{Action, Yote, PIECES, STALL_TURNS};
use boardpost_rules::{AnyGame, Game, Reason, Seat};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, HashSet};

const GAMES: u64 = 1_200;

/// How a playout picks its actions, so that every kind of ending is met.
#[derive(Copy, Clone, Debug)]
enum Policy {
    /// Any legal action, all alike.
    Uniform,
    /// Steps when it can (long quiet stretches: the stall rule).
    Quiet,
    /// Captures when it can, the longest chain first (games won outright).
    Greedy,
    /// Drops every piece first, then steps rather than captures: a crowded board.
    Crowd,
}

fn check_invariants(game: &Yote) {
    for seat in [Seat::FIRST, Seat::SECOND] {
        let total = game.board().count(seat) + game.in_hand(seat) + game.captured_by(seat.next(2));
        assert_eq!(total, PIECES, "pieces of seat {seat} are not conserved");
    }
    assert!(game.quiet_turns() <= STALL_TURNS);
    let legal = game.legal_actions();
    match game.outcome() {
        Some(outcome) => {
            assert_eq!(game.to_move(), None);
            assert!(legal.is_empty());
            match outcome.reason {
                Reason::NoPiecesLeft => {
                    let loser = outcome.winners[0].next(2);
                    assert_eq!(game.board().count(loser) + game.in_hand(loser), 0);
                }
                Reason::TwoAgainstOne => {
                    assert!(outcome.is_draw());
                    assert_eq!(game.in_hand(Seat::FIRST) + game.in_hand(Seat::SECOND), 0);
                    let mut counts = [
                        game.board().count(Seat::FIRST),
                        game.board().count(Seat::SECOND),
                    ];
                    counts.sort();
                    assert_eq!(counts, [1, 2]);
                }
                Reason::NoCaptureOrDrop => {
                    assert!(outcome.is_draw());
                    assert_eq!(game.quiet_turns(), STALL_TURNS);
                }
                // Both blocked cannot happen in Yoté (docs/rules.md says why).
                other => panic!("unexpected ending: {other:?}"),
            }
        }
        // Passes are automatic, so the seat to move always has something to do.
        None => assert!(!legal.is_empty()),
    }
}

/// Checks every legal action of the position: listed once, accepted, canonical text
/// reading back to it, each capture with a bonus exactly when the opponent keeps a
/// piece on the board after the chain; and, when `apply_all`, that each one applies.
fn check_legal(game: &Yote, legal: &[Action], apply_all: bool) {
    let unique: HashSet<&Action> = legal.iter().collect();
    assert_eq!(unique.len(), legal.len(), "an action is listed twice");
    for &action in legal {
        assert_eq!(
            game.check(action),
            Ok(()),
            "listed action {action} is refused"
        );
        let text = action.to_string();
        assert_eq!(game.parse_action(&text), Ok(action), "{text} reads back");
        if let Action::Capture(c) = action {
            let left = game.bonus_choices(&c).expect("a listed chain is valid");
            assert_eq!(c.bonus().is_some(), !left.is_empty(), "{text}");
        }
        if apply_all {
            let mut next = game.clone();
            next.try_play(action).expect("a listed action applies");
            check_invariants(&next);
        }
    }
}

fn choose(legal: &[Action], policy: Policy, rng: &mut SmallRng) -> Action {
    let pick = |pred: &dyn Fn(&Action) -> bool, rng: &mut SmallRng| {
        let some: Vec<Action> = legal.iter().copied().filter(|a| pred(a)).collect();
        some.choose(rng).copied()
    };
    let chosen = match policy {
        Policy::Uniform => None,
        Policy::Quiet if rng.gen_ratio(9, 10) => pick(&|a| matches!(a, Action::Step { .. }), rng),
        Policy::Quiet => None,
        Policy::Crowd => pick(&|a| matches!(a, Action::Drop(_)), rng)
            .or_else(|| pick(&|a| matches!(a, Action::Step { .. }), rng)),
        Policy::Greedy => {
            let longest = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Capture(c) => Some(c.landings().len()),
                    _ => None,
                })
                .max();
            longest.and_then(|n| {
                pick(
                    &|a| matches!(a, Action::Capture(c) if c.landings().len() == n),
                    rng,
                )
            })
        }
    };
    chosen.unwrap_or_else(|| *legal.choose(rng).expect("a player to move has an action"))
}

/// Plays one random game from `start` to its end; returns it and how many actions it
/// took.
fn playout(start: &Yote, seed: u64, policy: Policy) -> (Yote, usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = start.clone();
    let mut actions = 0;
    check_invariants(&game);
    while game.to_move().is_some() {
        let legal = game.legal_actions();
        check_legal(&game, &legal, rng.gen_ratio(1, 4));
        let action = choose(&legal, policy, &mut rng);
        game.try_play(action).expect("a legal action applies");
        actions += 1;
        check_invariants(&game);
        assert!(actions < 5_000, "seed {seed}: the game does not end");
    }
    // The history, less its automatic passes, replays to the same game, through the
    // engine and through `AnyGame` as `boardpost replay` does.
    let history = game.history();
    let played = &history[start.history().len()..];
    let mut replayed = start.clone();
    for text in played.iter().filter(|t| *t != "pass") {
        let action = replayed.parse_action(text).expect("history reads back");
        replayed.try_play(action).expect("history replays");
    }
    assert_eq!(replayed, game, "seed {seed}: replaying the history differs");
    let mut any = AnyGame::Yote(Box::new(start.clone()));
    let moves: Vec<&String> = played.iter().filter(|t| *t != "pass").collect();
    any.play_all(&moves).expect("the history replays as texts");
    assert_eq!(any, AnyGame::Yote(Box::new(game.clone())));
    let json = serde_json::to_string(&game).unwrap();
    let back: Yote = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game, "seed {seed}: serde round trip differs");
    let json = serde_json::to_string(&any).unwrap();
    let back: AnyGame = serde_json::from_str(&json).unwrap();
    assert_eq!(
        back, any,
        "seed {seed}: serde round trip of AnyGame differs"
    );
    (game, actions)
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let (mut plies, mut passes, mut chains) = (0, 0, 0);
    for seed in 0..GAMES {
        let policy = [
            Policy::Uniform,
            Policy::Quiet,
            Policy::Greedy,
            Policy::Crowd,
        ][(seed % 4) as usize];
        let (game, actions) = playout(&Yote::new(), seed, policy);
        plies += actions;
        passes += game.history().iter().filter(|t| *t == "pass").count();
        chains += game.steps().iter().filter(|s| s.jumped().len() > 1).count();
        let outcome = game.outcome().expect("the game ended");
        *endings.entry(outcome.to_string()).or_default() += 1;
    }
    println!(
        "{GAMES} games, {plies} actions, {passes} passes, {chains} multi-jump captures: \
         {endings:?}"
    );
    // Every ending the rules know is met, and so are chains of jumps.
    for reason in [
        Reason::NoPiecesLeft,
        Reason::TwoAgainstOne,
        Reason::NoCaptureOrDrop,
    ] {
        assert!(
            endings.keys().any(|k| k.contains(reason.as_str())),
            "no game ended by {reason}"
        );
    }
    assert!(endings.keys().any(|k| k.contains("seat 1 wins")));
    assert!(endings.keys().any(|k| k.contains("seat 2 wins")));
    assert!(chains > 0, "no multi-jump capture was played");
    // Passes are too rare in random games from the start (`passes` is usually 0): the
    // next test meets them.
}

/// A random position with both reserves empty in which the player to move has no
/// legal action (so it starts with a pass), or `None`.
fn blocked_position(rng: &mut SmallRng) -> Option<Yote> {
    let mut cells = ['.'; 30];
    let (x, o) = (rng.gen_range(1..=12), rng.gen_range(1..=12));
    for (i, c) in cells.iter_mut().enumerate().take(x + o) {
        *c = if i < x { 'X' } else { 'O' };
    }
    cells.shuffle(rng);
    let rows: Vec<String> = cells.chunks(6).map(|r| r.iter().collect()).collect();
    let to_move = if rng.gen() { Seat::FIRST } else { Seat::SECOND };
    let game = Yote::from_position(&rows, Default::default(), to_move).ok()?;
    (game.history() == ["pass"]).then_some(game)
}

#[test]
fn random_playouts_through_passes() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut starts = Vec::new();
    for _ in 0..2_000_000 {
        if let Some(game) = blocked_position(&mut rng) {
            check_invariants(&game);
            starts.push(game);
            if starts.len() == 200 {
                break;
            }
        }
    }
    assert_eq!(starts.len(), 200, "too few blocked positions found");
    let mut passes = 0;
    for (seed, start) in starts.iter().enumerate() {
        let policy = [Policy::Uniform, Policy::Quiet][seed % 2];
        let (game, _) = playout(start, seed as u64, policy);
        passes += game.history().iter().filter(|t| *t == "pass").count();
    }
    println!("200 games from blocked positions, {passes} passes");
    assert!(passes > 200);
}
