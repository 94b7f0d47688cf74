//! Seeded random xiangqi games played to their end, checking invariants after every
//! move: no panic; a side's pieces only fall, by one, when the other side captures; at
//! most 16 a side and no more of a kind than at the start; every piece on a point its
//! kind can reach (generals and advisors in the palace, elephants on their side); the
//! mover never leaves its general attacked; the kept Zobrist key equals a fresh one;
//! every listed move is accepted and applies, and its ICCS and WXF texts read back to
//! it; move generation and the rule-by-rule explanation agree on every move; the end
//! is what the rules say; the history (ICCS, and WXF) replays to an equal game; serde
//! and FEN round trips.

use boardpost_rules::xiangqi::fen::START_COUNTS;
use boardpost_rules::xiangqi::{Board, Kind, Move, Piece, Point, Side, Xiangqi, QUIET_PLIES_DRAW};
use boardpost_rules::{AnyGame, Game, Reason};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, HashSet};

const GAMES: u64 = 1_200;

/// How a playout picks its moves, so that every kind of ending comes up.
#[derive(Copy, Clone, Debug)]
enum Policy {
    /// Any legal move, all alike.
    Uniform,
    /// Captures first, then checks: games that end in mate.
    Aggressive,
    /// Takes back its own last move when it can: repetitions.
    Shuffle,
    /// Checks when it can, else takes back its last move: perpetual checks.
    Checker,
}

fn gives_check(board: &Board, mv: Move) -> bool {
    let mut after = *board;
    after.make(mv);
    after.in_check()
}

fn choose(game: &Xiangqi, legal: &[Move], policy: Policy, rng: &mut SmallRng) -> Move {
    let board = game.board();
    let pick = |pred: &dyn Fn(&Move) -> bool, rng: &mut SmallRng| {
        let some: Vec<Move> = legal.iter().copied().filter(|m| pred(m)).collect();
        some.choose(rng).copied()
    };
    // The mover's own previous move, reversed.
    let back = {
        let steps = game.steps();
        steps
            .len()
            .checked_sub(2)
            .map(|i| Move::new(steps[i].mv.to, steps[i].mv.from))
            .filter(|m| legal.contains(m))
    };
    let chosen = match policy {
        Policy::Uniform => None,
        Policy::Aggressive => pick(&|m| board.get(m.to).is_some(), rng)
            .or_else(|| pick(&|m| gives_check(board, *m), rng)),
        Policy::Shuffle if rng.gen_ratio(9, 10) => back,
        Policy::Shuffle => None,
        Policy::Checker => pick(&|m| gives_check(board, *m), rng).or(back),
    };
    chosen.unwrap_or_else(|| *legal.choose(rng).expect("a side to move has a move"))
}

fn counts(board: &Board, side: Side) -> [usize; 7] {
    let mut out = [0; 7];
    for (_, piece) in board.pieces() {
        if piece.side == side {
            out[piece.kind.index()] += 1;
        }
    }
    out
}

fn check_position(game: &Xiangqi) {
    let board = game.board();
    assert_eq!(board.key(), board.compute_key(), "kept key");
    for side in Side::BOTH {
        let c = counts(board, side);
        assert!(c.iter().sum::<usize>() <= 16);
        assert_eq!(c[Kind::General.index()], 1);
        for kind in Kind::ALL {
            assert!(c[kind.index()] <= START_COUNTS[kind.index()]);
        }
    }
    for (at, piece) in board.pieces() {
        assert!(Board::reachable(at, piece), "{piece:?} on {at}");
    }
    // The side that just moved never has its general attacked.
    assert!(!board.attacked(board.side_to_move().other()));
    let legal = game.legal_actions();
    match game.outcome() {
        None => assert!(!legal.is_empty(), "a side to move always has a move"),
        Some(outcome) => {
            assert!(legal.is_empty());
            assert_eq!(game.to_move(), None);
            let loser = board.side_to_move();
            match outcome.reason {
                Reason::Checkmate => {
                    assert!(board.in_check() && !board.has_legal_move());
                    assert_eq!(outcome.winners, vec![loser.other().seat()]);
                }
                Reason::NoLegalMove => {
                    assert!(!board.in_check() && !board.has_legal_move());
                    assert_eq!(outcome.winners, vec![loser.other().seat()]);
                }
                Reason::SixtyMoves => {
                    assert!(outcome.is_draw());
                    assert_eq!(game.quiet_plies(), QUIET_PLIES_DRAW);
                }
                Reason::Repetition | Reason::PerpetualCheck => {
                    let steps = game.steps();
                    assert!(steps.len() >= 8, "a third occurrence takes 8 plies");
                    assert!(
                        steps.len() >= 4
                            && steps[steps.len() - 4..]
                                .iter()
                                .all(|s| s.captured.is_none())
                    );
                    if outcome.reason == Reason::PerpetualCheck {
                        let winner = outcome.winners[0];
                        // The loser's last moves all gave check.
                        let checker = Side::from_seat(winner.next(2));
                        assert!(steps
                            .iter()
                            .rev()
                            .take(8)
                            .filter(|s| s.side == checker)
                            .all(|s| s.check));
                    } else {
                        assert!(outcome.is_draw());
                    }
                }
                other => panic!("unexpected ending: {other:?}"),
            }
        }
    }
}

/// Every listed move: unique, accepted, reading back from ICCS and WXF; on `deep`
/// positions also applied, and generation checked against the explanations of every
/// move of every piece of the side to move.
fn check_legal(game: &Xiangqi, legal: &[Move], deep: bool) {
    let unique: HashSet<&Move> = legal.iter().collect();
    assert_eq!(unique.len(), legal.len(), "a move is listed twice");
    for &mv in legal {
        assert_eq!(game.check(mv), Ok(()), "{mv} is listed but refused");
        assert_eq!(game.read(&mv.to_string()), Ok(mv), "{mv} reads back");
        let wxf = game.wxf(mv);
        assert_eq!(game.read(&wxf), Ok(mv), "{mv}: its WXF {wxf} reads back");
        if deep {
            let mut next = game.clone();
            next.try_play(mv).expect("a listed move applies");
            check_position(&next);
        }
    }
    if deep {
        let board = game.board();
        let side = board.side_to_move();
        for (from, piece) in board.pieces().filter(|(_, p)| p.side == side) {
            for to in Point::all().filter(|to| *to != from) {
                let mv = Move::new(from, to);
                let listed = legal.contains(&mv);
                let why = board.refusal(mv);
                assert_eq!(
                    why.is_none(),
                    listed,
                    "{board:?}: {mv} ({piece:?}) listed {listed}, explanation {why:?}"
                );
            }
        }
    }
}

/// Plays one random game from `start`; returns it.
fn playout(start: &Xiangqi, seed: u64, policy: Policy) -> Xiangqi {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = start.clone();
    check_position(&game);
    while game.to_move().is_some() {
        let legal = game.legal_actions();
        check_legal(&game, &legal, rng.gen_ratio(1, 25));
        let mv = choose(&game, &legal, policy, &mut rng);
        let side = game.side_to_move();
        let before = [
            counts(game.board(), Side::Red),
            counts(game.board(), Side::Black),
        ];
        let taken: Option<Piece> = game.board().get(mv.to);
        game.try_play(mv).expect("a legal move applies");
        let after = [
            counts(game.board(), Side::Red),
            counts(game.board(), Side::Black),
        ];
        // Only the other side loses pieces, one, and only by a capture.
        assert_eq!(after[side.index()], before[side.index()]);
        let mut expected = before[side.other().index()];
        if let Some(piece) = taken {
            assert_eq!(piece.side, side.other());
            assert_ne!(piece.kind, Kind::General, "a general is never taken");
            expected[piece.kind.index()] -= 1;
        }
        assert_eq!(after[side.other().index()], expected);
        assert_eq!(game.last_step().unwrap().captured, taken.map(|p| p.kind));
        check_position(&game);
        assert!(
            game.steps().len() < 3_000,
            "seed {seed}: the game does not end"
        );
    }
    check_records(start, &game, seed);
    game
}

/// The history replays to the same game, in ICCS through `AnyGame` and in WXF through
/// the engine; serde and FEN round trips.
fn check_records(start: &Xiangqi, game: &Xiangqi, seed: u64) {
    let mut any = AnyGame::Xiangqi(Box::new(start.clone()));
    any.play_all(&game.history())
        .unwrap_or_else(|e| panic!("seed {seed}: history replays: {e}"));
    assert_eq!(
        any,
        AnyGame::Xiangqi(Box::new(game.clone())),
        "seed {seed}: ICCS replay"
    );
    let mut replayed = start.clone();
    for text in game.wxf_history() {
        let mv = replayed
            .read(&text)
            .unwrap_or_else(|e| panic!("seed {seed}: {text}: {e}"));
        replayed.try_play(mv).unwrap();
    }
    assert_eq!(&replayed, game, "seed {seed}: WXF replay");
    let text = serde_json::to_string(&any).unwrap();
    let back: AnyGame = serde_json::from_str(&text).unwrap();
    assert_eq!(back, any, "seed {seed}: serde round trip");
    let fen = game.fen();
    let again = Xiangqi::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(again.fen(), fen, "FEN round trip");
    assert_eq!(again.board(), game.board());
}

#[test]
fn random_playouts_keep_the_invariants() {
    let policies = [
        Policy::Uniform,
        Policy::Aggressive,
        Policy::Shuffle,
        Policy::Checker,
    ];
    let start = Xiangqi::new();
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut plies = 0;
    for seed in 0..GAMES {
        let policy = policies[(seed % 4) as usize];
        let game = playout(&start, seed, policy);
        plies += game.steps().len();
        *endings
            .entry(game.outcome().unwrap().reason.to_string())
            .or_default() += 1;
    }
    println!("{GAMES} games, {plies} plies: {endings:?}");
    for reason in [
        Reason::Checkmate,
        Reason::NoLegalMove,
        Reason::SixtyMoves,
        Reason::Repetition,
        Reason::PerpetualCheck,
    ] {
        assert!(
            endings.contains_key(reason.as_str()),
            "no game ended by {reason}: {endings:?}"
        );
    }
}

#[test]
fn random_playouts_from_positions_set_up_by_fen() {
    // Endgames set up by FEN, with the counters where the FEN puts them.
    let starts = [
        "3k5/4a4/4ba3/9/2p6/6P2/9/4B4/4A4/3AK4 w - - 40 30",
        "4k4/9/3a5/9/9/2H6/9/9/4A4/3K5 w - - 0 1",
        "2bak4/4a4/9/p8/9/9/6C2/9/4K4/3r5 b - - 100 70",
    ];
    for (i, fen) in starts.iter().enumerate() {
        let start = Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for seed in 0..30 {
            let policy = [Policy::Uniform, Policy::Aggressive, Policy::Checker][seed % 3];
            let game = playout(&start, (i * 100 + seed) as u64, policy);
            assert!(game.outcome().is_some());
        }
    }
}
