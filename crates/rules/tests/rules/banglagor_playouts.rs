//! Seeded random Banglagor games, checking invariants after every action: no panic;
//! columns conserved (on the board + in hand + removed = 6 of each height per side);
//! total heights agree with what attacks removed; every listed legal action is accepted
//! (and now and then really applied); canonical texts (and explicit paths typed in any
//! case) read back to the same action; at the end, the history replays to an equal game
//! and serde round trips give equal games.

use boardpost_rules::banglagor::{self, paths, Action, Banglagor, PER_HEIGHT, QUIET_LIMIT};
use boardpost_rules::{AnyGame, Dir, Game, Reason, Seat};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

const GAMES: u64 = 1_000;

fn check_invariants(game: &Banglagor) {
    for seat in [Seat::FIRST, Seat::SECOND] {
        let (hand, lost) = (game.in_hand(seat), game.lost(seat));
        for h in 1..=3u8 {
            let on_board = game
                .board()
                .columns()
                .filter(|(_, c)| c.seat == seat && c.height == h)
                .count() as u8;
            let i = h as usize - 1;
            assert_eq!(
                on_board + hand[i] + lost[i],
                PER_HEIGHT,
                "seat {seat}: columns of height {h} are not conserved"
            );
        }
        // The height on the board is the start less what is in hand and what attacks
        // removed, counted from the record.
        let removed: u8 = game
            .steps()
            .iter()
            .filter(|s| s.seat == seat.next(2))
            .filter_map(|s| s.attack)
            .filter(|a| a.removed)
            .map(|a| a.height)
            .sum();
        let in_hand: u8 = (1..=3).map(|h| h * hand[h as usize - 1]).sum();
        assert_eq!(game.board().total_height(seat), 36 - in_hand - removed);
        assert_eq!(game.total_height(seat), game.board().total_height(seat));
        if game.is_placing() {
            // Placed columns stand in their own land, off its border row.
            for (sq, c) in game.board().columns().filter(|(_, c)| c.seat == seat) {
                assert!(banglagor::in_land(seat, sq) && sq.rank != banglagor::border_rank(seat));
                assert!(!c.bound);
            }
        }
    }
    assert!(game.quiet_turns() <= QUIET_LIMIT);
    match game.outcome() {
        Some(outcome) => {
            assert_eq!(game.to_move(), None);
            assert!(game.legal_actions().is_empty());
            let (first, second) = (
                game.total_height(Seat::FIRST) as u16,
                game.total_height(Seat::SECOND) as u16,
            );
            match outcome.reason {
                Reason::HalfHeight => {
                    let winner = outcome.winners[0];
                    let (w, l) = if winner == Seat::FIRST {
                        (first, second)
                    } else {
                        (second, first)
                    };
                    assert!(2 * l < w, "{w} against {l}");
                }
                Reason::NoInvasion => {
                    assert!(outcome.is_draw());
                    assert_eq!(game.quiet_turns(), QUIET_LIMIT);
                    assert!(2 * first >= second && 2 * second >= first);
                }
                other => panic!("banglagor cannot end by {other:?}"),
            }
        }
        // Passes are automatic, so the seat to move always has something to do.
        None => assert!(!game.legal_actions().is_empty()),
    }
}

/// What the action just played did, checked against the rules from scratch: a move's
/// path, and an attack's strength and effect.
fn check_step(before: &Banglagor, after: &Banglagor, action: Action) {
    let step = after.steps()[before.steps().len()].clone();
    assert_eq!(step.action(), Some(action));
    let seat = before.to_move().unwrap();
    match action {
        Action::Move { from, to, .. } => {
            let height = before.board().get(from).unwrap().height;
            assert_eq!(
                step.path.len(),
                height as usize + 1,
                "{action}: {:?}",
                step.path
            );
            assert_eq!((step.path[0], step.path[height as usize]), (from, to));
            for pair in step.path.windows(2) {
                assert!(
                    banglagor::adjacent(pair[0], pair[1]),
                    "{action}: {:?}",
                    step.path
                );
                assert!(pair[1] == from || before.board().get(pair[1]).is_none());
            }
        }
        Action::Relocate { from, to, .. } => {
            assert_eq!(from.rank, banglagor::relocation_rank(seat));
            assert!(before.board().get(to).is_none());
            assert_eq!(step.path, [from, to]);
        }
        Action::Place { .. } | Action::Free(_) => assert!(step.path.is_empty()),
    }
    let Some(target) = action.target() else {
        assert!(step.attack.is_none());
        return;
    };
    let attack = step.attack.expect("a named target is attacked");
    let victim = before.board().get(target).unwrap();
    assert_eq!(victim.seat, seat.next(2));
    // The mover's free columns next to the target once the move is made: the board
    // after the action, where only the target itself changed.
    let strength: u8 = Dir::ORTHOGONAL
        .iter()
        .filter_map(|d| after.dims().offset(target, *d, 1))
        .filter_map(|sq| after.board().get(sq))
        .filter(|c| c.seat == seat && !c.bound)
        .map(|c| c.height)
        .sum();
    assert_eq!((attack.strength, attack.height), (strength, victim.height));
    match after.board().get(target) {
        None => assert!(strength > victim.height),
        Some(c) => {
            assert!(strength <= victim.height);
            assert!(c.bound && c.seat == victim.seat && c.height == victim.height);
        }
    }
}

/// The text a player might type for `action`: the canonical one, or for a move now and
/// then its path written out, in random case and without hyphens.
fn typed(game: &Banglagor, action: Action, rng: &mut SmallRng) -> String {
    let mut text = action.to_string();
    if let Action::Move { from, to, target } = action {
        if rng.gen_ratio(1, 3) {
            let height = game.board().get(from).unwrap().height;
            let path = paths::path(game.board(), from, to, height).unwrap();
            let sep = if rng.gen() { "-" } else { "" };
            let squares: Vec<String> = path.iter().map(|s| s.to_string()).collect();
            text = squares.join(sep);
            if let Some(t) = target {
                // The only target may be left out.
                let only = game
                    .legal_actions()
                    .iter()
                    .filter(|a| matches!(a, Action::Move { from: f, to: t2, .. } if *f == from && *t2 == to))
                    .count()
                    == 1;
                if !(only && rng.gen()) {
                    text += &format!("x{t}");
                }
            }
        }
    }
    if rng.gen_ratio(1, 4) {
        text = text.to_uppercase();
    }
    text
}

/// Plays one random game to its end; returns its outcome's reason and its length.
fn playout(seed: u64) -> (Reason, usize, usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Banglagor::new();
    // Some games prefer attacks, so that heights fall and games are won.
    let aggression = [0.0, 0.5, 0.9][(seed % 3) as usize];
    let mut plies = 0;
    while game.to_move().is_some() {
        let legal = game.legal_actions();
        for action in &legal {
            assert_eq!(game.check(*action), Ok(()), "listed {action} is refused");
            assert_eq!(
                game.parse_action(&action.to_string()),
                Ok(*action),
                "{action} does not read back"
            );
        }
        if rng.gen_ratio(1, 32) {
            for other in &legal {
                game.clone()
                    .try_play(*other)
                    .expect("listed action applies");
            }
        }
        let attacks: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| a.target().is_some())
            .collect();
        let pool = if !attacks.is_empty() && rng.gen_bool(aggression) {
            &attacks
        } else {
            &legal
        };
        let action = *pool
            .choose(&mut rng)
            .expect("a player to move has an action");
        let text = typed(&game, action, &mut rng);
        assert_eq!(
            game.parse_action(&text),
            Ok(action),
            "seed {seed}: {text:?}"
        );
        let before = game.clone();
        game.try_play(action).expect("legal action applies");
        plies += 1;
        check_step(&before, &game, action);
        check_invariants(&game);
        assert!(plies < 5_000, "seed {seed}: the game does not end");
    }
    // The history, less its automatic passes, replays to the same game.
    let mut replayed = AnyGame::new("banglagor", &[] as &[&str]).unwrap();
    let record: Vec<String> = game.history().into_iter().filter(|t| t != "pass").collect();
    replayed.play_all(&record).expect("the history replays");
    assert_eq!(
        replayed,
        AnyGame::Banglagor(Box::new(game.clone())),
        "seed {seed}: replaying the history differs"
    );
    let json = serde_json::to_string(&game).unwrap();
    let back: Banglagor = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game, "seed {seed}: serde round trip differs");
    let any = AnyGame::Banglagor(Box::new(game.clone()));
    let back: AnyGame = serde_json::from_str(&serde_json::to_string(&any).unwrap()).unwrap();
    assert_eq!(back, any, "seed {seed}: AnyGame serde round trip differs");
    let passes = game.history().iter().filter(|t| *t == "pass").count();
    (game.outcome().unwrap().reason, plies, passes)
}

#[test]
fn random_playouts() {
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let (mut plies, mut passes) = (0, 0);
    for seed in 0..GAMES {
        let (reason, n, p) = playout(seed);
        *reasons.entry(reason.to_string()).or_default() += 1;
        plies += n;
        passes += p;
    }
    println!("{GAMES} games, {plies} actions, {passes} passes: {reasons:?}");
    // Both ways a game can end on the board are met.
    assert!(
        reasons.contains_key(Reason::HalfHeight.as_str()),
        "{reasons:?}"
    );
    assert!(
        reasons.contains_key(Reason::NoInvasion.as_str()),
        "{reasons:?}"
    );
}
