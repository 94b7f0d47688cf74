//! Seeded random playouts of four-player xiangqi, in both modes, with random
//! resignations and timeouts. After every action: one general for each player still in
//! and none for the others; every piece on a point of the cross, one per point;
//! elephants in their own arm, advisors and generals in their palace; pawn flags set
//! outside their own arm; reserves only of rooks, horses, cannons and pawns, held by
//! players still in and taken from armies that are out (and none in `teams`); every
//! listed action is accepted and reads back from its text. Every few actions, on
//! positions picked by the seed: every listed action is applied; the generals in check
//! and the legal actions are compared with a slow, independent computation (each
//! opponent's moves generated in full, pawns by this file's own reading of the rules
//! rather than the engine's); a serde round trip. Two-point pawn moves are counted by
//! where they start (the middle part, another army's arm, the pawn's own arm), and
//! both modes must play some inside arms. At the end of each game:
//! its history, with the withdrawals at their plies, replays to an equal game, through
//! the engine and through `AnyGame`, and the game survives a serde round trip.

use boardpost_rules::xiangqi::Kind;
use boardpost_rules::xiangqi4::{
    geometry, movegen, start_count, Action, Army, Mode, Options, Piece, Xiangqi4,
};
use boardpost_rules::{AnyGame, Ending, Game, Reason, Seat, Square};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// Plies per mode; games are played to their end until this many have been played.
/// `XIANGQI4_PLIES` sets another number (for a quick run or a long one).
const PLIES_PER_MODE: usize = 200_000;

fn plies_per_mode() -> usize {
    std::env::var("XIANGQI4_PLIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(PLIES_PER_MODE)
}

/// How a playout picks its actions, so that every kind of ending is met.
#[derive(Copy, Clone, Debug)]
enum Policy {
    /// Captures when there are any (nine times in ten), generals first: games end by
    /// eliminations.
    Greedy,
    /// Any legal action, all alike: long games, the 50-round draw.
    Uniform,
    /// Moves the piece that just moved back where it came from when it can: repetitions.
    Shuffle,
}

fn army_at(game: &Xiangqi4, sq: Square) -> Option<Piece> {
    game.board().get(sq)
}

fn check_invariants(game: &Xiangqi4) {
    let board = game.board();
    // The board's own text reads back to it: every piece on a point, one per point.
    assert_eq!(
        &boardpost_rules::xiangqi4::Board::from_tokens(&board.to_string()).unwrap(),
        board
    );
    let generals = board.generals();
    for army in Army::ALL {
        let in_game = game.is_in(army);
        assert_eq!(
            board.count(army, Kind::General),
            usize::from(in_game),
            "{army}"
        );
        assert_eq!(generals[army].is_some(), in_game);
        if !in_game {
            assert_eq!(board.pieces_of(army).count(), 0, "{army} is out");
            assert!(game.reserve_of(army.seat()).is_empty());
            let records = game
                .eliminations()
                .iter()
                .filter(|e| e.seat == army.seat())
                .count();
            assert_eq!(records, 1, "{army} left once");
        }
        let reserve = game.reserve_of(army.seat());
        assert!(game
            .reserve(army.seat())
            .chars()
            .all(|c| "CHPR".contains(c)));
        for (_, origin, _) in reserve.entries() {
            assert!(
                !game.is_in(origin),
                "a reserve piece from {origin}, still in"
            );
        }
        if game.mode() == Mode::Teams {
            assert!(reserve.is_empty());
        }
    }
    assert_eq!(
        game.seats_in(),
        Army::ALL
            .iter()
            .filter(|a| game.is_in(**a))
            .map(|a| a.seat())
            .collect::<Vec<_>>()
    );
    for (sq, p) in board.pieces() {
        assert!(geometry::exists(sq));
        match p.kind {
            Kind::General | Kind::Advisor => assert!(geometry::in_palace(p.army, sq), "{sq}"),
            Kind::Elephant => assert!(geometry::in_arm(p.army, sq), "{sq}"),
            Kind::Pawn if !geometry::in_arm(p.army, sq) => assert!(p.left_arm, "{sq}"),
            _ => {}
        }
        if p.kind != Kind::Pawn {
            assert!(!p.left_arm);
        }
    }
    assert!(game.quiet_actions() <= game.quiet_limit());
    match game.outcome() {
        Some(outcome) => {
            assert_eq!(game.to_move(), None);
            assert!(game.legal_actions().is_empty());
            match outcome.reason {
                Reason::LastStanding => {
                    assert_eq!(outcome.winners, game.seats_in());
                    assert_eq!(game.mode(), Mode::Ffa);
                }
                Reason::TeamWon => {
                    let w = &outcome.winners;
                    assert_eq!(w.len(), 2);
                    assert_eq!(Army::of(w[0]).partner(), Army::of(w[1]));
                    assert!(game.seats_in().iter().all(|s| w.contains(s)));
                }
                Reason::FiftyRounds => {
                    assert!(outcome.is_draw());
                    assert_eq!(game.quiet_actions(), game.quiet_limit());
                }
                Reason::Repetition => assert!(outcome.is_draw()),
                other => panic!("unexpected ending: {other:?}"),
            }
        }
        None => {
            let seat = game.to_move().unwrap();
            assert!(game.is_in(Army::of(seat)));
        }
    }
}

/// Where a point lies, read from the rules text alone (files `a`–`s` and ranks `1`–`19`
/// as zero-based numbers): the arms are the 9×5 strips at the edges of the cross, the
/// middle part the central 9×9; `None` off the cross (the 5×5 corners).
fn slow_region(file: i16, rank: i16) -> Option<Option<Army>> {
    let edge = |x: i16| !(5..=13).contains(&x);
    if !(0..19).contains(&file) || !(0..19).contains(&rank) || (edge(file) && edge(rank)) {
        return None;
    }
    Some(if rank < 5 {
        Some(Army::Red)
    } else if file > 13 {
        Some(Army::Black)
    } else if rank > 13 {
        Some(Army::Yellow)
    } else if file < 5 {
        Some(Army::Green)
    } else {
        None
    })
}

/// The step towards `army`'s back line, across its arm (from the middle part outwards).
fn towards_back_line(army: Army) -> (i16, i16) {
    match army {
        Army::Red => (0, -1),
        Army::Black => (1, 0),
        Army::Yellow => (0, 1),
        Army::Green => (-1, 0),
    }
}

/// Whether a piece of `a` may take a piece of `b`: any other army in `ffa`; in `teams`
/// only the other team (Red and Yellow, Black and Green are partners).
fn slow_opposes(mode: Mode, a: Army, b: Army) -> bool {
    let team = |x: Army| matches!(x, Army::Red | Army::Yellow);
    match mode {
        Mode::Ffa => a != b,
        Mode::Teams => team(a) != team(b),
    }
}

/// Where a pawn of `army` reaches from `from` with the given directions and reach: one
/// point (empty or an opponent), or two over an empty point.
fn slow_pawn_reach(
    board: &boardpost_rules::xiangqi4::Board,
    mode: Mode,
    army: Army,
    from: Square,
    directions: &[(i16, i16)],
    reach: i16,
) -> Vec<Square> {
    let mut out = Vec::new();
    for &(df, dr) in directions {
        for k in 1..=reach {
            let (file, rank) = (from.file as i16 + df * k, from.rank as i16 + dr * k);
            if slow_region(file, rank).is_none() {
                break;
            }
            let to = Square::new(file as u8, rank as u8);
            match board.get(to) {
                None => out.push(to),
                Some(p) => {
                    if slow_opposes(mode, army, p.army) {
                        out.push(to);
                    }
                    break;
                }
            }
        }
    }
    out
}

/// A pawn's moves, written from the rules text and not from the engine: in its own arm
/// before ever leaving it, one point forward; once it has left (its flag), one or two
/// points in each direction it has where it stands: all four in the middle part; in
/// another army's arm towards that army's back line or sideways, and back towards the
/// middle part while that army is out; back in its own arm forward or sideways.
fn slow_pawn_targets(
    board: &boardpost_rules::xiangqi4::Board,
    mode: Mode,
    in_game: impl Fn(Army) -> bool,
    from: Square,
    pawn: Piece,
) -> Vec<Square> {
    let Some(region) = slow_region(from.file as i16, from.rank as i16) else {
        return Vec::new();
    };
    let sideways = |(df, dr): (i16, i16)| [(dr, df), (-dr, -df)];
    let mut directions: Vec<(i16, i16)> = Vec::new();
    match region {
        None => directions.extend([(0, 1), (0, -1), (1, 0), (-1, 0)]),
        Some(arm) if arm == pawn.army => {
            let (bf, br) = towards_back_line(arm);
            directions.push((-bf, -br));
            if pawn.left_arm {
                directions.extend(sideways((bf, br)));
            }
        }
        Some(arm) => {
            let back_line = towards_back_line(arm);
            directions.push(back_line);
            directions.extend(sideways(back_line));
            if !in_game(arm) {
                directions.push((-back_line.0, -back_line.1));
            }
        }
    }
    let reach = if pawn.left_arm { 2 } else { 1 };
    slow_pawn_reach(board, mode, pawn.army, from, &directions, reach)
}

/// Every point the piece on `from` reaches: pawns by [`slow_pawn_targets`], the other
/// pieces by the engine's move generation.
fn slow_targets(
    board: &boardpost_rules::xiangqi4::Board,
    rules: movegen::Rules,
    from: Square,
    piece: Piece,
) -> Vec<Square> {
    if piece.kind == Kind::Pawn {
        slow_pawn_targets(
            board,
            rules.mode,
            |a| rules.in_game.contains(a),
            from,
            piece,
        )
    } else {
        movegen::target_list(board, rules, from, piece)
    }
}

/// The generals attacked, computed slowly: every opponent piece's moves in full.
fn slow_checked(game: &Xiangqi4) -> Vec<Square> {
    let rules = game.rules();
    let board = game.board();
    let mut out = Vec::new();
    for (at, general) in board.pieces().filter(|(_, p)| p.kind == Kind::General) {
        let attacked = board.pieces().any(|(from, p)| {
            rules.opposes(p.army, general.army) && slow_targets(board, rules, from, p).contains(&at)
        });
        if attacked {
            out.push(at);
        }
    }
    out.sort();
    out
}

/// Whether `army`'s general is attacked on `board` under `rules`, slowly.
fn slow_attacked(
    board: &boardpost_rules::xiangqi4::Board,
    rules: movegen::Rules,
    army: Army,
) -> bool {
    let Some(at) = board.generals()[army] else {
        return false;
    };
    board.pieces().any(|(from, p)| {
        rules.opposes(p.army, army) && slow_targets(board, rules, from, p).contains(&at)
    })
}

/// The legal actions, computed slowly: each move or drop tried on a copy of the board,
/// then every opponent's moves generated to see whether the general is attacked.
fn slow_legal(game: &Xiangqi4) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let Some(seat) = game.to_move() else {
        return out;
    };
    let army = Army::of(seat);
    let rules = game.rules();
    let board = *game.board();
    for (from, piece) in board.pieces_of(army) {
        for to in slow_targets(&board, rules, from, piece) {
            let mut after = board;
            let mut after_rules = rules;
            let taken = after.get(to);
            after.set(from, None);
            after.set(to, Some(piece));
            if let Some(t) = taken.filter(|t| t.kind == Kind::General) {
                after.remove_army(t.army);
                after_rules.in_game = after_rules.in_game.without(t.army);
            }
            if !slow_attacked(&after, after_rules, army) {
                out.insert(Action::Move { from, to }.to_string());
            }
        }
    }
    let reserve = game.reserve_of(seat);
    for (kind, origin, _) in reserve.entries() {
        if board.count(army, kind) >= start_count(kind) {
            continue;
        }
        for &to in geometry::arm_points(origin) {
            if board.get(to).is_some() {
                continue;
            }
            let piece = Piece {
                army,
                kind,
                left_arm: kind == Kind::Pawn,
            };
            // A dropped pawn is judged with all four directions, one or two points.
            let could_capture = if kind == Kind::Pawn {
                let all = [(0, 1), (0, -1), (1, 0), (-1, 0)];
                slow_pawn_reach(&board, rules.mode, army, to, &all, 2)
                    .iter()
                    .any(|t| board.get(*t).is_some())
            } else {
                movegen::could_capture(&board, rules, to, piece).is_some()
            };
            if could_capture {
                continue;
            }
            let mut after = board;
            after.set(to, Some(piece));
            if !slow_attacked(&after, rules, army) {
                out.insert(Action::Drop { kind, to }.to_string());
            }
        }
    }
    out
}

/// Checks the listed actions: each once, accepted, reading back from its text; with
/// `apply_all`, each applied to a copy that keeps every invariant.
fn check_legal(game: &Xiangqi4, legal: &[Action], apply_all: bool) {
    let unique: BTreeSet<&Action> = legal.iter().collect();
    assert_eq!(unique.len(), legal.len(), "an action is listed twice");
    for &action in legal {
        let text = action.to_string();
        assert_eq!(game.parse_action(&text), Ok(action), "{text} reads back");
        if apply_all {
            let mut next = game.clone();
            next.try_play(action).expect("a listed action applies");
            check_invariants(&next);
        }
    }
}

/// What a playout does next.
enum Choice {
    Play(Action),
    Withdraw(Seat, Reason),
}

fn choose(game: &Xiangqi4, legal: &[Action], policy: Policy, rng: &mut SmallRng) -> Choice {
    // Now and then someone (to move or not) resigns or runs out of time.
    if rng.gen_ratio(1, 600) {
        let seats = game.seats_in();
        let seat = *seats.choose(rng).unwrap();
        let reason = if rng.gen() {
            Reason::Resigned
        } else {
            Reason::Timeout
        };
        return Choice::Withdraw(seat, reason);
    }
    let board = game.board();
    let captures: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Move { to, .. } if army_at(game, *to).is_some()))
        .collect();
    let generals: Vec<Action> = captures
        .iter()
        .copied()
        .filter(|a| board.get(a.to()).is_some_and(|p| p.kind == Kind::General))
        .collect();
    let pick = |v: &[Action], rng: &mut SmallRng| v.choose(rng).copied();
    let chosen = match policy {
        Policy::Greedy => pick(&generals, rng)
            .or_else(|| {
                if rng.gen_ratio(9, 10) {
                    pick(&captures, rng)
                } else {
                    None
                }
            })
            .or_else(|| {
                // Drops now and then, so reserves are used.
                let drops: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Drop { .. }))
                    .collect();
                if rng.gen_ratio(1, 3) {
                    pick(&drops, rng)
                } else {
                    None
                }
            }),
        Policy::Uniform => None,
        Policy::Shuffle => {
            // The mover's own last action, undone if it was a move.
            let mine = game
                .steps()
                .iter()
                .rev()
                .find(|s| s.seat == game.to_move().unwrap());
            let back = mine.and_then(|s| match s.action() {
                Action::Move { from, to } => Some(Action::Move { from: to, to: from }),
                _ => None,
            });
            back.filter(|b| legal.contains(b) && rng.gen_ratio(19, 20))
        }
    };
    Choice::Play(chosen.unwrap_or_else(|| *legal.choose(rng).expect("the player to move can act")))
}

#[derive(Default)]
struct Tally {
    games: usize,
    plies: usize,
    endings: BTreeMap<String, usize>,
    causes: BTreeMap<String, usize>,
    drops: usize,
    big_jumps: usize,
    slow_checks: usize,
    /// Two-point pawn moves by where they start.
    pawn_twos_middle: usize,
    pawn_twos_other_arm: usize,
    pawn_twos_own_arm: usize,
}

fn replay(options: Options, game: &Xiangqi4, seed: u64) {
    let history = game.history();
    let withdrawals = game.withdrawals();
    let mut replayed = Xiangqi4::new(options);
    let mut any = AnyGame::new("xiangqi4", &[format!("mode={}", options.mode)]).unwrap();
    let mut pending = withdrawals.iter().peekable();
    for ply in 0..=history.len() {
        while let Some((seat, reason, _)) = pending.next_if(|w| w.2 == ply) {
            replayed
                .withdraw(*seat, *reason)
                .expect("a withdrawal replays");
            let ending = if *reason == Reason::Resigned {
                Ending::Resign
            } else {
                Ending::Timeout
            };
            any.end(*seat, ending).expect("a withdrawal replays");
        }
        if let Some(text) = history.get(ply) {
            let action = replayed.parse_action(text).expect("history reads back");
            replayed.try_play(action).expect("history replays");
            any.play(text).expect("history replays as text");
        }
    }
    assert_eq!(
        &replayed, game,
        "seed {seed}: replaying the history differs"
    );
    assert_eq!(any, AnyGame::Xiangqi4(Box::new(game.clone())));
    let json = serde_json::to_string(game).unwrap();
    let back: Xiangqi4 = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, game, "seed {seed}: serde round trip differs");
    let json = serde_json::to_string(&any).unwrap();
    let back: AnyGame = serde_json::from_str(&json).unwrap();
    assert_eq!(back, any);
}

fn playout(options: Options, seed: u64, tally: &mut Tally) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let policy = [
        Policy::Greedy,
        Policy::Greedy,
        Policy::Uniform,
        Policy::Shuffle,
    ][(seed % 4) as usize];
    let mut game = Xiangqi4::new(options);
    check_invariants(&game);
    let mut plies = 0;
    while game.to_move().is_some() {
        let legal = game.legal_actions();
        assert!(!legal.is_empty());
        let sample = rng.gen_ratio(1, 40);
        check_legal(&game, &legal, rng.gen_ratio(1, 400));
        if sample {
            tally.slow_checks += 1;
            let mut checked = game.checked_generals();
            checked.sort();
            assert_eq!(checked, slow_checked(&game), "seed {seed}");
            let listed: BTreeSet<String> = legal.iter().map(|a| a.to_string()).collect();
            assert_eq!(listed, slow_legal(&game), "seed {seed} at ply {plies}");
            let json = serde_json::to_string(&game).unwrap();
            assert_eq!(serde_json::from_str::<Xiangqi4>(&json).unwrap(), game);
        }
        match choose(&game, &legal, policy, &mut rng) {
            Choice::Play(action) => {
                if let Action::Move { from, to } = action {
                    let (df, dr) = (from.file.abs_diff(to.file), from.rank.abs_diff(to.rank));
                    let horse = game
                        .board()
                        .get(from)
                        .is_some_and(|p| p.kind == Kind::Horse);
                    if horse && df + dr == 6 {
                        tally.big_jumps += 1;
                    }
                    let pawn = game.board().get(from).filter(|p| p.kind == Kind::Pawn);
                    if let Some(pawn) = pawn.filter(|_| df + dr == 2) {
                        match slow_region(from.file as i16, from.rank as i16) {
                            Some(None) => tally.pawn_twos_middle += 1,
                            Some(Some(arm)) if arm == pawn.army => tally.pawn_twos_own_arm += 1,
                            _ => tally.pawn_twos_other_arm += 1,
                        }
                    }
                } else {
                    tally.drops += 1;
                }
                game.try_play(action).expect("a legal action applies");
                plies += 1;
            }
            Choice::Withdraw(seat, reason) => {
                game.withdraw(seat, reason)
                    .expect("a player still in may withdraw");
            }
        }
        check_invariants(&game);
        assert!(plies < 20_000, "seed {seed}: the game does not end");
    }
    replay(options, &game, seed);
    for e in game.eliminations() {
        let cause = serde_json::to_value(e.cause).unwrap();
        *tally
            .causes
            .entry(cause.as_str().unwrap().to_string())
            .or_default() += 1;
    }
    let outcome = game.outcome().unwrap();
    *tally.endings.entry(outcome.reason.to_string()).or_default() += 1;
    tally.games += 1;
    tally.plies += plies;
}

fn run(mode: Mode) -> Tally {
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut seed = 0;
    while tally.plies < plies_per_mode() {
        playout(Options::new(mode), seed, &mut tally);
        seed += 1;
    }
    println!(
        "{mode}: {} games, {} plies, {} drops, {} big jumps, two-point pawn moves from the \
         middle {}, from another army's arm {}, from the pawn's own arm {}, {} positions \
         checked slowly, endings {:?}, eliminations {:?}, {:.1} s",
        tally.games,
        tally.plies,
        tally.drops,
        tally.big_jumps,
        tally.pawn_twos_middle,
        tally.pawn_twos_other_arm,
        tally.pawn_twos_own_arm,
        tally.slow_checks,
        tally.endings,
        tally.causes,
        started.elapsed().as_secs_f64()
    );
    tally
}

#[test]
fn ffa_random_playouts_keep_every_invariant() {
    let tally = run(Mode::Ffa);
    for reason in [
        Reason::LastStanding,
        Reason::FiftyRounds,
        Reason::Repetition,
    ] {
        assert!(
            tally.endings.contains_key(reason.as_str()),
            "no game ended by {reason}"
        );
    }
    for cause in [
        "mated",
        "stalemated",
        "general_captured",
        "resigned",
        "timeout",
    ] {
        assert!(
            tally.causes.contains_key(cause),
            "no elimination by {cause}"
        );
    }
    assert!(tally.drops > 0 && tally.big_jumps > 0);
    assert_pawn_twos_in_arms(&tally);
}

/// Pawns that have left their own arm reach two points in arms too, and the playouts
/// make such moves.
fn assert_pawn_twos_in_arms(tally: &Tally) {
    assert!(
        tally.pawn_twos_middle > 0,
        "no two-point pawn move in the middle"
    );
    assert!(
        tally.pawn_twos_other_arm > 0,
        "no two-point pawn move in another army's arm"
    );
    assert!(
        tally.pawn_twos_own_arm > 0,
        "no two-point pawn move back in its own arm"
    );
}

#[test]
fn teams_random_playouts_keep_every_invariant() {
    let tally = run(Mode::Teams);
    for reason in [Reason::TeamWon, Reason::FiftyRounds, Reason::Repetition] {
        assert!(
            tally.endings.contains_key(reason.as_str()),
            "no game ended by {reason}"
        );
    }
    assert_eq!(tally.drops, 0, "no reserves in teams");
    assert!(tally.big_jumps > 0);
    assert_pawn_twos_in_arms(&tally);
}
