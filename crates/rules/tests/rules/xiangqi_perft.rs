//! Xiangqi move generation against published perft counts (`tests/perft/xiangqi.perft`):
//! every count of depth ≤ 4 by default, the deeper ones with `--ignored` (in a release
//! build: `cargo test --release -p boardpost-rules --test rules xiangqi_perft --
//! --ignored`).

use boardpost_rules::xiangqi::perft::{divide, perft};
use boardpost_rules::xiangqi::{Xiangqi, START_FEN};

const FILE: &str = "tests/perft/xiangqi.perft";

/// Depths checked by the default run.
const DEFAULT_DEPTH: u32 = 4;

/// One expected count: the position, the depth and the number of leaves.
struct Case {
    line: usize,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(FILE).unwrap();
    let mut fen: Option<String> = None;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{FILE}:{}: expected KEY: VALUE", i + 1));
        let value = value.trim();
        if key == "fen" {
            fen = Some(value.to_string());
            continue;
        }
        let depth: u32 = key
            .parse()
            .unwrap_or_else(|_| panic!("{FILE}:{}: {key:?} is not a depth", i + 1));
        let nodes: u64 = value
            .parse()
            .unwrap_or_else(|_| panic!("{FILE}:{}: {value:?} is not a count", i + 1));
        out.push(Case {
            line: i + 1,
            fen: fen
                .clone()
                .unwrap_or_else(|| panic!("{FILE}:{}: a count before any fen", i + 1)),
            depth,
            nodes,
        });
    }
    out
}

fn check(case: &Case) {
    let game = Xiangqi::from_fen(&case.fen)
        .unwrap_or_else(|e| panic!("{FILE}:{}: {}: {e}", case.line, case.fen));
    assert_eq!(
        game.perft(case.depth),
        case.nodes,
        "{FILE}:{}: perft {} of {}",
        case.line,
        case.depth,
        case.fen
    );
}

#[test]
fn perft_file_holds_every_published_count() {
    let cases = cases();
    assert_eq!(cases.len(), 5 + 6 * 4);
    assert_eq!(cases.iter().filter(|c| c.fen == START_FEN).count(), 5);
}

#[test]
fn perft_counts_up_to_depth_4() {
    for case in cases().iter().filter(|c| c.depth <= DEFAULT_DEPTH) {
        check(case);
    }
}

#[test]
#[ignore = "deep: run in a release build with --ignored"]
fn perft_counts_deeper() {
    for case in cases().iter().filter(|c| c.depth > DEFAULT_DEPTH) {
        check(case);
    }
}

#[test]
fn divide_adds_up_to_perft() {
    let game = Xiangqi::new();
    let parts = divide(game.board(), 3);
    assert_eq!(parts.len(), 44);
    assert_eq!(
        parts.iter().map(|(_, n)| n).sum::<u64>(),
        perft(game.board(), 3)
    );
    // Moves come out in order and each appears once.
    assert!(parts.windows(2).all(|w| w[0].0 < w[1].0));
}
