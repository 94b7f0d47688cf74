//! `boardpost puzzles check` and `generate` as the lead and CI run them: one line per
//! game, `GAME: N puzzles, N verified`, exit status 1 naming what failed.

use boardpost::games::GameKind;
use boardpost::puzzle::{shipped, Puzzle};
use std::path::Path;
use std::process::{Command, Output};

fn puzzles(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .arg("puzzles")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// A xiangqi puzzle whose answer takes a rook left hanging; with `answer` in its place.
fn rook_puzzle(key: &str, answer: &str) -> String {
    format!(
        "{key} | xiangqi | - | a0-a1, b9-c7, a1-d1, a9-a8, i0-i1, a8-d8 | {answer} | capture | game:7:6 | 1300"
    )
}

/// Every shipped puzzle verifies again with the search: one line a game, all verified.
#[test]
fn check_verifies_every_shipped_puzzle_with_one_line_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = puzzles(dir.path(), &["check"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let expected: String = GameKind::ALL
        .iter()
        .map(|&kind| {
            let n = shipped(kind).unwrap().len();
            format!("{kind}: {n} puzzles, {n} verified\n", kind = kind.name())
        })
        .collect();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

/// `--game` keeps one game's lines of a file: the xiangqi ones here, not the yote one.
#[test]
fn check_of_one_game_counts_that_games_puzzles_only() {
    let dir = tempfile::tempdir().unwrap();
    let yote = shipped(GameKind::Yote).unwrap()[0].to_line();
    let file = [
        rook_puzzle("good-1", "d1-d8"),
        rook_puzzle("good-2", "d1-d8"),
        yote,
    ]
    .join("\n");
    std::fs::write(dir.path().join("mixed.txt"), file).unwrap();
    let out = puzzles(dir.path(), &["check", "--game", "xiangqi", "mixed.txt"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "xiangqi: 2 puzzles, 2 verified\n"
    );
}

#[test]
fn check_of_a_file_names_the_puzzles_that_fail_and_exits_with_1() {
    let dir = tempfile::tempdir().unwrap();
    let file = [
        "# two answers, one of them wrong, and a line that does not read".to_string(),
        rook_puzzle("good-1", "d1-d8"),
        rook_puzzle("quiet-2", "i1-i2"),
        "broken | xiangqi".to_string(),
    ]
    .join("\n");
    std::fs::write(dir.path().join("mine.txt"), file).unwrap();
    let out = puzzles(dir.path(), &["check", "mine.txt"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "xiangqi: 3 puzzles, 1 verified\n"
    );
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(
        errors.contains("quiet-2: action 1 of the line, i1-i2"),
        "{errors}"
    );
    assert!(
        errors.contains("mine.txt line 4: a puzzle line has 8 fields"),
        "{errors}"
    );
    assert!(!errors.contains("good-1"), "{errors}");
    // Only the good one: all verified.
    std::fs::write(dir.path().join("good.txt"), rook_puzzle("good-1", "d1-d8")).unwrap();
    let out = puzzles(dir.path(), &["check", "--game", "xiangqi", "good.txt"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "xiangqi: 1 puzzles, 1 verified\n"
    );
}

/// Generating appends verified puzzles with the next keys, never a position twice.
/// (Sidja's game of seed 1 is a short seega game with two puzzles.)
#[test]
fn generate_appends_verified_puzzles_once_each() {
    let dir = tempfile::tempdir().unwrap();
    let run = |count: &str| {
        let args = [
            "generate", "--game", "sidja", "--count", count, "--seed", "1", "--out", "s.txt",
        ];
        let out = puzzles(dir.path(), &args);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let text = std::fs::read_to_string(dir.path().join("s.txt")).unwrap();
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(String::from)
            .collect::<Vec<String>>()
    };
    let first = run("1");
    assert_eq!(first.len(), 1, "{first:?}");
    assert!(first[0].starts_with("sidja-0001 | sidja |"), "{first:?}");
    // The same game again: its first puzzle is there already, the second is added
    // with the next number.
    let both = run("1");
    assert_eq!(both.len(), 2, "{both:?}");
    assert_eq!(both[0], first[0]);
    assert!(both[1].starts_with("sidja-0002 | sidja |"), "{both:?}");
    let position = |line: &str| Puzzle::parse(line).unwrap().moves;
    assert_ne!(position(&both[0]), position(&both[1]));
    let out = puzzles(dir.path(), &["check", "s.txt"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "sidja: 2 puzzles, 2 verified\n"
    );
}
