//! The engines' typed values in the words players read: the rule scenarios of the
//! rules crate run again here with the bot's words, so that every `fail` reason, note,
//! preview and attack they expect is checked against the Fluent messages; the option and
//! FEN errors in words; and the plain English the engines print in text diagrams, which
//! must say what the bot's English says.

// The scenario runner of the rules crate's tests, here with the bot's words.
use boardpost_scenarios as scenario;

use boardpost::games::xiangqi::{Check, Effects, Kind, Move, Point, Preview, Side, Xiangqi};
use boardpost::games::xiangqi4::{Cause, Elimination};
use boardpost::games::{AnyGame, Outcome, Reason, Seat, SetupError};
use boardpost::i18n::words::attack_msg;
use boardpost::i18n::{Lang, Localize};
use scenario::{run_all, Words};

const SCENARIOS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../crates/rules/tests/scenarios"
);

/// The bot's English for every key that expects words.
const ENGLISH: Words = Words {
    error: |e| e.tr(Lang::En),
    fen_error: |e| e.tr(Lang::En),
    withdrawal: |e| e.tr(Lang::En),
    note: |n| n.tr(Lang::En),
    preview: |p| p.tr(Lang::En),
    attack: |a| attack_msg(a).tr(Lang::En),
};

fn scenarios(file: &str) -> String {
    format!("{SCENARIOS}/{file}")
}

#[test]
fn sidja_scenarios_say_what_players_read() {
    run_all(&scenarios("sidja.scn"), scenario::run, Some(&ENGLISH));
}

#[test]
fn yote_scenarios_say_what_players_read() {
    run_all(&scenarios("yote.scn"), scenario::run, Some(&ENGLISH));
}

#[test]
fn banglagor_scenarios_say_what_players_read() {
    run_all(&scenarios("banglagor.scn"), scenario::run, Some(&ENGLISH));
}

#[test]
fn xiangqi_scenarios_say_what_players_read() {
    run_all(
        &scenarios("xiangqi.scn"),
        scenario::xiangqi::run,
        Some(&ENGLISH),
    );
}

#[test]
fn xiangqi4_scenarios_say_what_players_read() {
    run_all(
        &scenarios("xiangqi4.scn"),
        scenario::xiangqi4::run,
        Some(&ENGLISH),
    );
}

/// Seega's own options (opening, chain, blocked) with another variant are a usage
/// error, whatever order the options come in; with seega they are read.
#[test]
fn seega_options_are_refused_with_another_variant() {
    use boardpost::games::sidja::{Blocked, Chain, Opening, Options, Variant};
    for variant in ["sudan", "sidja"] {
        for option in ["opening=cross", "opening=plain", "chain=2", "blocked=lose"] {
            for pairs in [
                vec![format!("variant={variant}"), option.to_string()],
                vec![option.to_string(), format!("variant={variant}")],
            ] {
                let err = AnyGame::new("sidja", &pairs).unwrap_err();
                assert!(matches!(err, SetupError::OnlyFor { .. }), "{pairs:?}");
                let words = err.tr(Lang::En);
                assert!(words.contains("is for seega only"), "{words}");
            }
        }
    }
    // With no variant given, the default (sudan) refuses them too.
    assert!(AnyGame::new("sidja", &["chain=2"]).is_err());
    let options =
        Options::from_pairs(&["chain=2", "blocked=lose", "opening=cross", "variant=seega"])
            .expect("seega takes its options");
    assert_eq!(
        (
            options.variant,
            options.opening,
            options.chain,
            options.blocked
        ),
        (Variant::Seega, Opening::Cross, Chain::Two, Blocked::Lose)
    );
    let bad = Options::from_pairs(&["variant=seega", "chain=3"]).unwrap_err();
    assert_eq!(
        bad.tr(Lang::En),
        "option chain=3 is not allowed: chain is one of all, 2"
    );
}

#[test]
fn fen_errors_say_what_is_wrong() {
    let err = |t: &str| Xiangqi::from_fen(t).unwrap_err().tr(Lang::En);
    assert!(err("").contains("empty"));
    assert!(err("9/9/9 w").contains("10 ranks"));
    assert!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w").contains("rank 0")
    );
    assert!(err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAXABNR w").contains("“X”"));
    assert!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x")
            .contains("side to move")
    );
    assert!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w")
            .contains("red has 2 generals")
    );
    assert!(
        err("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
            .contains("black has no general")
    );
    assert!(
        err("4k4/9/9/9/9/9/9/9/9/4K4 w").contains("black's general is attacked with red to move")
    );
    assert!(err("4k4/9/9/9/9/9/9/9/NNN6/3K5 w").contains("red has 3 horses: at most 2"));
    assert!(err("4k4/9/9/9/9/9/9/9/9/3KA4 w").contains("a red advisor can never stand on e0"));
    assert!(err("4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1").contains("“x” is not a move counter"));
}

/// Outcomes and reasons print in the engines' plain English (`replay --json`, text
/// diagrams, logs) as the bot's English says them.
#[test]
fn outcomes_print_as_the_bot_says_them() {
    let seat = |n| Seat::from_number(n).unwrap();
    for &reason in Reason::ALL {
        assert_eq!(reason.to_string(), reason.tr(Lang::En));
        for winners in [
            vec![],
            vec![seat(2)],
            vec![seat(1), seat(3)],
            vec![seat(1), seat(2), seat(4)],
        ] {
            let outcome = Outcome { winners, reason };
            assert_eq!(outcome.to_string(), outcome.tr(Lang::En));
        }
    }
}

/// A xiangqi move's effects print in the text diagram as the bot's English says them.
#[test]
fn xiangqi_effects_print_as_the_bot_says_them() {
    let mv = Move::new(Point::parse("h2").unwrap(), Point::parse("h9").unwrap());
    let captures = [None].into_iter().chain(Kind::ALL.map(Some));
    for captured in captures {
        for check in [
            Check::None,
            Check::Check,
            Check::Checkmate,
            Check::NoLegalMove(Side::Black),
        ] {
            let effects = Effects {
                mv,
                captured,
                check,
            };
            assert_eq!(effects.to_string(), Preview(effects).tr(Lang::En));
        }
    }
}

/// An elimination prints in the four-player text diagram as the bot's English says it.
#[test]
fn eliminations_print_as_the_bot_says_them() {
    let seat = |n| Seat::from_number(n).unwrap();
    for cause in [
        Cause::Mated,
        Cause::Stalemated,
        Cause::GeneralCaptured,
        Cause::Resigned,
        Cause::Timeout,
    ] {
        for credited in [None, Some(seat(1))] {
            for transferred in [vec![], vec![Kind::Rook, Kind::Horse, Kind::Pawn]] {
                let elimination = Elimination {
                    seat: seat(3),
                    credited,
                    cause,
                    ply: 12,
                    transferred,
                };
                assert_eq!(elimination.to_string(), elimination.tr(Lang::En));
            }
        }
    }
}
