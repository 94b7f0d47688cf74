//! Scenario files: actions → expected position, the rules of docs/rules.md as data
//! (`crates/rules/tests/scenarios/`, whose README says the format). Shared by the rules
//! crate's tests and the bot's, so that neither includes the other's files.
//!
//! The rules crate runs them without [`Words`]: every key checks what the engine did,
//! and the keys that expect words players read (`fail`'s reason, notes, previews,
//! attacks) check only the engine's part. The bot runs the same files with its words
//! (the bot's `tests/service/rules_words.rs`), so that each expectation is checked where its
//! words live.

pub mod xiangqi;
pub mod xiangqi4;

use boardpost_rules::banglagor::Attack;
use boardpost_rules::sidja::{self, Sidja};
use boardpost_rules::xiangqi::FenError;
use boardpost_rules::yote::Yote;
use boardpost_rules::{AnyGame, AnyNote, AnyPreview, BySeat, Game, MoveError, Seat};
use std::collections::BTreeMap;
use std::fs;

/// The words players read, for the keys that expect them.
pub struct Words {
    pub error: fn(&MoveError) -> String,
    pub fen_error: fn(&FenError) -> String,
    pub withdrawal: fn(&boardpost_rules::xiangqi4::IllegalAction) -> String,
    pub note: fn(&AnyNote) -> String,
    pub preview: fn(&AnyPreview) -> String,
    pub attack: fn(&Attack) -> String,
}

/// A runner of one block: the file's path, the block, the words if they are checked.
#[allow(dead_code)] // Used by the bot, which runs whole files with its words.
pub type Runner = fn(&str, &Block, Option<&Words>);

/// Runs every block of the file at `path`.
#[allow(dead_code)] // Used by the bot, which runs whole files with its words.
pub fn run_all(path: &str, run: Runner, words: Option<&Words>) {
    for block in blocks(path) {
        run(path, &block, words);
    }
}

/// One test per scenario block, named after the block (and so after the rule it checks),
/// run by `$run(file, name)`; plus a test that every block of the file has its test.
#[macro_export]
macro_rules! scenario_tests {
    ($file:expr, $run:path; $($name:ident,)*) => {
        $(
            #[test]
            fn $name() {
                $run($file, stringify!($name));
            }
        )*

        #[test]
        fn every_scenario_block_has_its_test() {
            let named = [$(stringify!($name)),*];
            for block in $crate::blocks($file) {
                assert!(named.contains(&block.name.as_str()), "no test runs block {}", block.name);
            }
        }
    };
}

/// One `=== name` block of a scenario file: its lines, numbered for messages.
pub struct Block {
    pub name: String,
    pub lines: Vec<(usize, String)>,
}

pub fn blocks(path: &str) -> Vec<Block> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut blocks: Vec<Block> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_end();
        if let Some(name) = trimmed.strip_prefix("=== ") {
            blocks.push(Block {
                name: name.trim().to_string(),
                lines: Vec::new(),
            });
        } else if trimmed.trim_start().starts_with('#') || trimmed.trim().is_empty() {
            continue;
        } else if let Some(block) = blocks.last_mut() {
            block.lines.push((i + 1, trimmed.to_string()));
        } else {
            panic!("{path}:{}: text before the first === block", i + 1);
        }
    }
    let mut seen = BTreeMap::new();
    for b in &blocks {
        assert!(
            seen.insert(b.name.clone(), ()).is_none(),
            "{path}: two blocks named {}",
            b.name
        );
    }
    blocks
}

/// The block called `name` in `path`.
pub fn named(path: &str, name: &str) -> Block {
    blocks(path)
        .into_iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("{path} has no block named {name}"))
}

/// Runs the block called `name` in `path` without words, panicking with the file and
/// line of the first expectation that fails.
pub fn run_named(path: &str, name: &str) {
    run(path, &named(path, name), None);
}

/// Rows of a board diagram that follow a key line (indented lines).
fn take_rows(lines: &[(usize, String)], start: usize) -> (Vec<String>, usize) {
    let mut rows = Vec::new();
    let mut i = start;
    while i < lines.len() && lines[i].1.starts_with(' ') {
        rows.push(lines[i].1.split_whitespace().collect::<String>());
        i += 1;
    }
    (rows, i)
}

fn board_rows(game: &AnyGame) -> Vec<String> {
    match game {
        AnyGame::Sidja(g) => g.board().rows(),
        AnyGame::Banglagor(g) => g
            .board()
            .rows()
            .iter()
            .map(|r| r.split_whitespace().collect())
            .collect(),
        AnyGame::Yote(g) => g.board().rows(),
        AnyGame::Xiangqi(g) => g.board().rows(),
        // Four-player xiangqi has its own runner (xiangqi4.rs beside this file).
        AnyGame::Xiangqi4(g) => g.board().tokens(),
    }
}

fn sidja(game: &AnyGame) -> &Sidja {
    match game {
        AnyGame::Sidja(g) => g,
        other => panic!("{} is not a sidja game", other.name()),
    }
}

/// Placement actions that fill the board as `rows` show: the first seat's squares and
/// the second's, rank by rank, `drop` at a time, alternating.
fn setup_actions(rows: &[String], drop: usize) -> Vec<String> {
    let n = rows.len();
    let mut by_seat: [Vec<String>; 2] = Default::default();
    for rank in 0..n {
        let row: Vec<char> = rows[n - 1 - rank].chars().collect();
        for (file, c) in row.iter().enumerate() {
            let sq = format!("{}{}", (b'a' + file as u8) as char, rank + 1);
            match c {
                'X' => by_seat[0].push(sq),
                'O' => by_seat[1].push(sq),
                _ => {}
            }
        }
    }
    let mut actions = Vec::new();
    let (mut a, mut b) = (by_seat[0].chunks(drop), by_seat[1].chunks(drop));
    loop {
        let (x, o) = (a.next(), b.next());
        if x.is_none() && o.is_none() {
            break;
        }
        actions.extend(x.into_iter().flatten().cloned());
        actions.extend(o.into_iter().flatten().cloned());
    }
    actions
}

fn seat_or_dash(seat: Option<Seat>) -> String {
    seat.map_or_else(|| "-".to_string(), |s| s.to_string())
}

pub fn run(path: &str, block: &Block, words: Option<&Words>) {
    let lines = &block.lines;
    let mut game_name = "sidja".to_string();
    let mut options: Vec<String> = Vec::new();
    let mut game: Option<AnyGame> = None;
    let mut i = 0;
    while i < lines.len() {
        let (line_no, line) = &lines[i];
        let at = format!("{path}:{line_no} ({})", block.name);
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{at}: expected `key: value`, got {line:?}"));
        let value = value.trim();
        i += 1;
        let current = || {
            game.clone()
                .unwrap_or_else(|| AnyGame::new(&game_name, &options).unwrap())
        };
        match key {
            "position" | "setup" | "in_hand" | "lost" | "heights" | "quiet" | "attack" | "path"
                if game_name == "banglagor" =>
            {
                i = banglagor_key(&at, key, value, lines, i, &mut game, words);
            }
            "game" => {
                game_name = value.to_string();
                game = None;
            }
            "options" => {
                options = value.split_whitespace().map(String::from).collect();
                game = None;
            }
            "position" if game_name == "yote" => {
                let (rows, next) = take_rows(lines, i);
                i = next;
                game = Some(yote_position(value, &rows, &at));
            }
            "in_hand" | "captured" | "quiet" if matches!(current(), AnyGame::Yote(_)) => {
                assert_eq!(yote_counter(&current(), key), value, "{at}: {key}");
            }
            "position" => {
                let (rows, next) = take_rows(lines, i);
                i = next;
                let to_move = Seat::from_number(value.parse().expect("position: seat number"))
                    .expect("seat 1 or 2");
                let opts = sidja::Options::from_pairs(&options).unwrap();
                let g = Sidja::from_position(opts, &rows, to_move)
                    .unwrap_or_else(|e| panic!("{at}: bad position: {e}"));
                game = Some(AnyGame::Sidja(Box::new(g)));
            }
            "setup" => {
                let (rows, next) = take_rows(lines, i);
                i = next;
                let mut g = current();
                let drop = sidja(&g).options().drop as usize;
                g.play_all(&setup_actions(&rows, drop))
                    .unwrap_or_else(|e| panic!("{at}: setup does not place: {e}"));
                game = Some(g);
            }
            "play" => {
                let mut g = current();
                g.play_text(value).unwrap_or_else(|e| panic!("{at}: {e}"));
                game = Some(g);
            }
            "fail" => {
                let (actions, reason) = value
                    .split_once("=>")
                    .unwrap_or_else(|| panic!("{at}: fail: ACTIONS => REASON"));
                let mut g = current();
                let before = g.clone();
                let err = g
                    .play_text(actions)
                    .err()
                    .unwrap_or_else(|| panic!("{at}: {actions:?} was accepted"));
                if let Some(words) = words {
                    let message = (words.error)(&err);
                    assert!(
                        message.contains(reason.trim()),
                        "{at}: error {message:?} does not say {:?}",
                        reason.trim()
                    );
                }
                assert_eq!(g, before, "{at}: a refused move text changed the game");
                game = Some(g);
            }
            "board" => {
                let (rows, next) = take_rows(lines, i);
                i = next;
                assert_eq!(board_rows(&current()), rows, "{at}: board");
            }
            "to_move" => assert_eq!(seat_or_dash(current().to_move()), value, "{at}: to_move"),
            "result" => {
                let g = current();
                let shown = match g.outcome() {
                    None => "-".to_string(),
                    Some(o) if o.is_draw() => format!("draw {}", o.reason),
                    Some(o) => {
                        let w: Vec<String> = o.winners.iter().map(|s| s.to_string()).collect();
                        format!("{} {}", w.join(","), o.reason)
                    }
                };
                assert_eq!(shown, value, "{at}: result");
            }
            "history" => assert_eq!(current().history().join(" "), value, "{at}: history"),
            "last" => {
                let history = current().history();
                let want: Vec<&str> = value.split_whitespace().collect();
                let tail = &history[history.len().saturating_sub(want.len())..];
                assert_eq!(tail, want.as_slice(), "{at}: last actions");
            }
            "legal" => assert_eq!(current().legal().join(" "), value, "{at}: legal"),
            "legal_count" => {
                assert_eq!(
                    current().legal().len().to_string(),
                    value,
                    "{at}: legal_count"
                )
            }
            "in_hand" | "captured" => {
                let g = current();
                let s = sidja(&g);
                let of = |seat| {
                    if key == "in_hand" {
                        s.in_hand(seat)
                    } else {
                        s.captured_by(seat)
                    }
                };
                let shown = format!("{} {}", of(Seat::FIRST), of(Seat::SECOND));
                assert_eq!(shown, value, "{at}: {key}");
            }
            "quiet" => assert_eq!(
                sidja(&current()).quiet_turns().to_string(),
                value,
                "{at}: quiet"
            ),
            other => panic!("{at}: unknown key {other:?}"),
        }
    }
}

/// A Yoté position: `position: SEAT [RESERVE1 RESERVE2]` (reserves 0 when left out),
/// then the rows.
fn yote_position(value: &str, rows: &[String], at: &str) -> AnyGame {
    let numbers: Vec<u8> = value
        .split_whitespace()
        .map(|n| {
            n.parse()
                .unwrap_or_else(|_| panic!("{at}: {n:?} is not a number"))
        })
        .collect();
    let (seat, reserve) = match numbers.as_slice() {
        [seat] => (*seat, BySeat::new(0, 0)),
        [seat, a, b] => (*seat, BySeat::new(*a, *b)),
        _ => panic!("{at}: position: SEAT [RESERVE1 RESERVE2]"),
    };
    let to_move = Seat::from_number(seat).expect("seat 1 or 2");
    let g = Yote::from_position(rows, reserve, to_move)
        .unwrap_or_else(|e| panic!("{at}: bad position: {e}"));
    AnyGame::Yote(Box::new(g))
}

/// Yoté's counters as scenario lines show them: `in_hand` and `captured` by seat
/// (`A B`), `quiet` turns.
fn yote_counter(game: &AnyGame, key: &str) -> String {
    let AnyGame::Yote(g) = game else {
        panic!("not a yote game");
    };
    match key {
        "in_hand" => format!("{} {}", g.in_hand(Seat::FIRST), g.in_hand(Seat::SECOND)),
        "captured" => format!(
            "{} {}",
            g.captured_by(Seat::FIRST),
            g.captured_by(Seat::SECOND)
        ),
        _ => g.quiet_turns().to_string(),
    }
}

/// Banglagor's own keys (tests/scenarios/README.md); returns the index of the line
/// after the key's rows.
fn banglagor_key(
    at: &str,
    key: &str,
    value: &str,
    lines: &[(usize, String)],
    mut i: usize,
    game: &mut Option<AnyGame>,
    words: Option<&Words>,
) -> usize {
    use boardpost_rules::banglagor::{Banglagor, Board, Step};
    let current = || {
        game.clone()
            .unwrap_or_else(|| AnyGame::new("banglagor", &[] as &[&str]).unwrap())
    };
    let of = |g: AnyGame| match g {
        AnyGame::Banglagor(b) => b,
        _ => panic!("{at}: not a banglagor game"),
    };
    let by_seat = |f: &dyn Fn(Seat) -> [u8; 3]| {
        let show = |h: [u8; 3]| format!("{} {} {}", h[0], h[1], h[2]);
        format!("{} | {}", show(f(Seat::FIRST)), show(f(Seat::SECOND)))
    };
    let last_step = |g: &Banglagor| -> Step {
        g.steps()
            .iter()
            .rev()
            .find(|s| s.action.is_some())
            .cloned()
            .unwrap_or_else(|| panic!("{at}: nothing was played"))
    };
    match key {
        "position" => {
            let (rows, next) = take_rows(lines, i);
            i = next;
            let to_move = Seat::from_number(value.parse().expect("position: seat number"))
                .expect("seat 1 or 2");
            let g = Banglagor::from_position(&rows, to_move)
                .unwrap_or_else(|e| panic!("{at}: bad position: {e}"));
            *game = Some(AnyGame::Banglagor(Box::new(g)));
        }
        "setup" => {
            // Each side's columns rank by rank, placed alternately, seat 1 first.
            let (rows, next) = take_rows(lines, i);
            i = next;
            let board = Board::from_rows(&rows).unwrap_or_else(|e| panic!("{at}: bad setup: {e}"));
            let mut by_seat: [Vec<String>; 2] = Default::default();
            for (sq, column) in board.columns() {
                by_seat[column.seat.index()].push(format!("{}@{sq}", column.height));
            }
            let mut actions = Vec::new();
            let (mut a, mut b) = (by_seat[0].iter(), by_seat[1].iter());
            loop {
                let (x, o) = (a.next(), b.next());
                if x.is_none() && o.is_none() {
                    break;
                }
                actions.extend(x.into_iter().chain(o).cloned());
            }
            let mut g = current();
            g.play_all(&actions)
                .unwrap_or_else(|e| panic!("{at}: setup does not place: {e}"));
            *game = Some(g);
        }
        "in_hand" => {
            let g = of(current());
            assert_eq!(by_seat(&|s| g.in_hand(s)), value, "{at}: in_hand");
        }
        "lost" => {
            let g = of(current());
            assert_eq!(by_seat(&|s| g.lost(s)), value, "{at}: lost");
        }
        "heights" => {
            let g = of(current());
            let shown = format!(
                "{} {}",
                g.total_height(Seat::FIRST),
                g.total_height(Seat::SECOND)
            );
            assert_eq!(shown, value, "{at}: heights");
            for seat in [Seat::FIRST, Seat::SECOND] {
                assert_eq!(g.board().total_height(seat), g.total_height(seat), "{at}");
            }
        }
        "quiet" => {
            let g = of(current());
            assert_eq!(g.quiet_turns().to_string(), value, "{at}: quiet");
        }
        "attack" => {
            let step = last_step(&of(current()));
            if let Some(words) = words {
                let shown = step
                    .attack
                    .map_or_else(|| "-".to_string(), |a| (words.attack)(&a));
                assert_eq!(shown, value, "{at}: attack");
            } else {
                assert_eq!(step.attack.is_none(), value == "-", "{at}: attack");
            }
        }
        "path" => {
            let step = last_step(&of(current()));
            let shown: Vec<String> = step.path.iter().map(|s| s.to_string()).collect();
            assert_eq!(shown.join(" "), value, "{at}: path");
        }
        other => unreachable!("{other} is not a banglagor key"),
    }
    i
}
