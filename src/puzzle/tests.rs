//! The puzzle module's tests: every shipped puzzle verified again, the text format, the
//! answer check, and mining a hand-made game.

use super::*;
use crate::ai::{analyse, Level, Limits};
use crate::games::{AnyGame, GameKind, Seat};
use proptest::prelude::*;

/// A xiangqi game in which black puts its rook where red's takes it for nothing: at
/// the end the rook on d8 hangs (no horse, advisor or general of black reaches d8), and
/// red's rook on d1 hangs to it in turn.
const HANGING_ROOK: [&str; 6] = ["a0-a1", "b9-c7", "a1-d1", "a9-a8", "i0-i1", "a8-d8"];

fn xiangqi_after(moves: &[&str]) -> AnyGame {
    let mut game = AnyGame::new("xiangqi", &[] as &[&str]).unwrap();
    game.play_all(moves).unwrap();
    game
}

fn hanging_rook_puzzle() -> Puzzle {
    Puzzle {
        key: "test-0001".to_string(),
        kind: GameKind::Xiangqi,
        options: Vec::new(),
        moves: HANGING_ROOK.iter().map(|s| s.to_string()).collect(),
        line: vec!["d1-d8".to_string()],
        theme: Theme::Capture,
        source: Source::Game { id: 7, ply: 6 },
        rating: 1300,
    }
}

/// Every shipped puzzle of every game parses, in its game's file, under a key of its
/// own. The search, too slow for a unit test, verifies them again in
/// `tests/cli/puzzles.rs`, through `boardpost puzzles check`.
#[test]
fn every_shipped_puzzle_reads_under_a_key_of_its_own() {
    for &kind in GameKind::ALL {
        let puzzles = shipped(kind).unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert!(!puzzles.is_empty(), "{kind} ships no puzzles");
        let mut keys = std::collections::HashSet::new();
        for p in &puzzles {
            assert_eq!(p.kind, kind, "{}", p.key);
            assert!(keys.insert(p.key.clone()), "{kind}: key {} twice", p.key);
        }
    }
}

/// Each game ships enough puzzles (the counts), each position once.
#[test]
fn every_game_ships_its_count_of_distinct_positions() {
    for &kind in GameKind::ALL {
        let puzzles = shipped(kind).unwrap();
        let wanted = if kind == GameKind::Xiangqi4 { 100 } else { 300 };
        assert!(puzzles.len() >= wanted, "{kind}: {}", puzzles.len());
        let mut positions = std::collections::HashMap::new();
        let mut again = Vec::new();
        for p in &puzzles {
            let key = position_key(&p.position().unwrap());
            if let Some(first) = positions.insert(key, p.key.clone()) {
                again.push(format!("{}: the position of {first} again", p.key));
            }
        }
        assert!(again.is_empty(), "{again:#?}");
    }
}

#[test]
fn the_text_form_reads_back_to_the_same_puzzle() {
    let p = hanging_rook_puzzle();
    let line = p.to_line();
    assert_eq!(
        line,
        "test-0001 | xiangqi | - | a0-a1, b9-c7, a1-d1, a9-a8, i0-i1, a8-d8 | d1-d8 | capture | game:7:6 | 1300"
    );
    assert_eq!(Puzzle::parse(&line), Ok(p));
    for &kind in GameKind::ALL {
        for p in shipped(kind).unwrap() {
            assert_eq!(Puzzle::parse(&p.to_line()).as_ref(), Ok(&p));
        }
    }
    for theme in [
        Theme::Capture,
        Theme::DoubleCapture,
        Theme::Bind,
        Theme::MateIn(3),
        Theme::Elimination,
        Theme::Win,
    ] {
        assert_eq!(Theme::from_text(&theme.as_text()), Some(theme));
    }
    let mined = Source::Mined {
        seed: u64::MAX,
        ply: 12,
    };
    assert_eq!(Source::from_text(&mined.as_text()), Some(mined));
}

/// Lenient texts are stored canonical; what does not replay is refused with its reason.
#[test]
fn a_line_that_does_not_replay_is_refused_with_its_reason() {
    let good = hanging_rook_puzzle().to_line();
    let read = Puzzle::parse(&good.replace("d1-d8 |", "D1D8 |")).unwrap();
    assert_eq!(read.line, ["d1-d8"]);
    let cases = [
        (good.replace(" | 1300", ""), "8 fields"),
        (good.replace("test-0001", "Test 1"), "key"),
        (good.replace("xiangqi |", "chess |"), "chess"),
        (good.replace("a8-d8 |", "a8-a2 |"), "moves do not replay"),
        (good.replace("d1-d8 |", "d1-d9 |"), "line does not replay"),
        (good.replace("d1-d8 |", "- |"), "line is empty"),
        (good.replace("d1-d8 |", "d1-d8, d9-e8 |"), "ends on a reply"),
        (good.replace("capture", "fork"), "theme"),
        (good.replace("game:7:6", "game:7"), "source"),
        (good.replace("| 1300", "| lots"), "rating"),
        (good.replace("| - |", "| size=5 |"), "options"),
    ];
    for (line, why) in cases {
        let error = Puzzle::parse(&line).expect_err(&line).to_string();
        assert!(error.contains(why), "{line}: {error}");
    }
}

proptest! {
    /// No text makes the parser panic: arbitrary lines, and good lines with a field
    /// replaced by arbitrary text.
    #[test]
    fn arbitrary_lines_never_panic(line in "\\PC{0,200}", field in 0usize..8, junk in "\\PC{0,40}") {
        let _ = Puzzle::parse(&line);
        let good = hanging_rook_puzzle().to_line();
        let mut fields: Vec<&str> = good.split(" | ").collect();
        fields[field] = &junk;
        let _ = Puzzle::parse(&fields.join(" | "));
    }
}

#[test]
fn check_accepts_the_line_and_refuses_a_wrong_or_illegal_answer() {
    let p = hanging_rook_puzzle();
    assert_eq!(p.solver(), Seat::FIRST);
    assert_eq!(
        p.check(&[], "D1D8"),
        PuzzleVerdict::Solved {
            actions: vec!["d1-d8".to_string()]
        }
    );
    assert_eq!(
        p.check(&[], "i1-i2"),
        PuzzleVerdict::Wrong {
            actions: vec!["i1-i2".to_string()]
        }
    );
    assert_eq!(p.wrong_msg(&[], "i1-i2").id, "puzzle-wrong-quiet");
    assert!(matches!(p.check(&[], "d1-d9"), PuzzleVerdict::Illegal(_)));
    assert!(matches!(p.check(&[], "zz"), PuzzleVerdict::Illegal(_)));
    // `played` must be a start of the line, shorter than it.
    for played in [vec!["i1-i2".to_string()], vec!["d1-d8".to_string()]] {
        assert_eq!(
            p.check(&played, "e0-e1"),
            PuzzleVerdict::Illegal(msg!("puzzle-out-of-step"))
        );
    }
}

/// A line of several of the solver's turns goes on with the replies, and ends solved;
/// any shipped puzzle's line is accepted from start to end.
#[test]
fn every_shipped_line_is_accepted_step_by_step() {
    let mut longer = 0;
    for &kind in GameKind::ALL {
        for p in shipped(kind).unwrap() {
            let solver = p.solver();
            let mut game = p.position().unwrap();
            let mut played: Vec<String> = Vec::new();
            loop {
                assert_eq!(game.to_move(), Some(solver), "{}", p.key);
                let action = p.line[played.len()].clone();
                match p.check(&played, &action) {
                    PuzzleVerdict::Continue { actions } => {
                        longer += 1;
                        assert_eq!(actions[0], action, "{}", p.key);
                        game.play_all(&actions).unwrap();
                        played.extend(actions);
                    }
                    PuzzleVerdict::Solved { actions } => {
                        game.play_all(&actions).unwrap();
                        played.extend(actions);
                        assert_eq!(played, p.line, "{}", p.key);
                        break;
                    }
                    other => panic!("{}: {other:?}", p.key),
                }
            }
        }
    }
    assert!(longer > 0, "no shipped line is longer than one action");
}

/// A wrong answer that takes something says what it took.
#[test]
fn a_wrong_answer_that_captures_says_what_it_took() {
    // The cannon takes the horse on h9, but black takes back, and red's rook still hangs.
    let p = hanging_rook_puzzle();
    assert_eq!(
        p.check(&[], "h2-h9"),
        PuzzleVerdict::Wrong {
            actions: vec!["h2-h9".to_string()]
        }
    );
    assert_eq!(p.wrong_msg(&[], "h2-h9").id, "puzzle-wrong-did");
}

/// Mining a hand-made game finds the hanging rook, and only it.
#[test]
fn mining_finds_the_rook_left_hanging() {
    let mut moves = HANGING_ROOK.to_vec();
    moves.extend(["d1-d8", "h9-g7"]);
    let game = xiangqi_after(&moves);
    let found = mine(&game, Some(7), 0);
    assert_eq!(found.len(), 1, "{found:#?}");
    let p = &found[0];
    assert_eq!(p.key, "g7-p6");
    assert_eq!(p.moves, HANGING_ROOK);
    assert_eq!(p.line, ["d1-d8"]);
    assert_eq!(p.theme, Theme::Capture);
    assert_eq!(p.source, Source::Game { id: 7, ply: 6 });
    assert_eq!(verify(p), Ok(()));
}

/// A quiet move in place of the capture is refused by verification: it wins nothing.
#[test]
fn verification_refuses_a_line_that_does_not_win() {
    let p = Puzzle {
        line: vec!["i1-i2".to_string()],
        ..hanging_rook_puzzle()
    };
    assert!(matches!(verify(&p), Err(Unverified::NotWinning { .. })));
    // Before black's blunder there is nothing to win: the capture is no answer.
    let early = Puzzle {
        moves: HANGING_ROOK[..4].iter().map(|s| s.to_string()).collect(),
        line: vec!["d1-d8".to_string()],
        ..hanging_rook_puzzle()
    };
    assert!(matches!(verify(&early), Err(Unverified::NotWinning { .. })));
}

/// /analyse's missed wins: red plays on instead of taking the rook; the position
/// becomes red's puzzle, whose answer is the capture.
#[test]
fn a_missed_win_becomes_a_puzzle_for_the_seat_that_missed_it() {
    let mut moves = HANGING_ROOK.to_vec();
    moves.extend(["i1-i2", "d8-d1"]);
    let game = xiangqi_after(&moves);
    let log: Vec<(Seat, String)> = game.history_by_seat();
    let analysis = analyse(
        game.game_options(),
        log.iter().map(|(s, t)| (*s, t.as_str())),
        Level::L3,
        Level::L3,
        Limits {
            max_time: None,
            node_percent: 100,
        },
        0,
    )
    .unwrap();
    let missed = from_missed(&game, Seat::FIRST, &analysis);
    assert_eq!(missed.len(), 1, "{missed:#?}");
    assert_eq!(missed[0].moves, HANGING_ROOK);
    assert_eq!(missed[0].line, ["d1-d8"]);
    assert_eq!(missed[0].key, "missed-p6");
    // Black took back nothing it had missed.
    assert!(from_missed(&game, Seat::SECOND, &analysis)
        .iter()
        .all(|p| p.solver() == Seat::SECOND));
}

#[test]
fn themes_have_words_in_every_language() {
    use crate::i18n::{has, Lang};
    for theme in [
        Theme::Capture,
        Theme::DoubleCapture,
        Theme::Bind,
        Theme::MateIn(2),
        Theme::Elimination,
        Theme::Win,
    ] {
        for lang in [Lang::En, Lang::Ru] {
            assert!(has(lang, &theme.msg().id), "{lang:?} {theme:?}");
        }
    }
    assert_eq!(Theme::MateIn(2).tr(Lang::Ru), "мат в 2 хода");
    for id in [
        "puzzle-wrong-quiet",
        "puzzle-wrong-did",
        "puzzle-out-of-step",
    ] {
        for lang in [Lang::En, Lang::Ru] {
            assert!(has(lang, id), "{lang:?} {id}");
        }
    }
}
