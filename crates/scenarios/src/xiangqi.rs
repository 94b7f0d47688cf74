//! The xiangqi scenario runner: positions by FEN, moves played through `AnyGame` as
//! `/move` and `boardpost replay` play them, and what must follow. Keys are listed in
//! `tests/scenarios/README.md`.

use super::{named, Block, Words};
use boardpost_rules::xiangqi::Xiangqi;
use boardpost_rules::AnyGame;
use boardpost_rules::Game as _;

/// Runs the block called `name` in `path` without words, panicking with the file and
/// line of the first expectation that fails.
pub fn run_named(path: &str, name: &str) {
    run(path, &named(path, name), None);
}

fn engine(game: &AnyGame) -> &Xiangqi {
    match game {
        AnyGame::Xiangqi(g) => g,
        other => panic!("{} is not a xiangqi game", other.name()),
    }
}

/// Splits `LEFT => RIGHT`.
fn arrow<'a>(at: &str, key: &str, value: &'a str) -> (&'a str, &'a str) {
    let (left, right) = value
        .split_once("=>")
        .unwrap_or_else(|| panic!("{at}: {key}: LEFT => RIGHT"));
    (left.trim(), right.trim())
}

pub fn run(path: &str, block: &Block, words: Option<&Words>) {
    let mut game = AnyGame::new("xiangqi", &[] as &[&str]).unwrap();
    for (line_no, line) in &block.lines {
        let at = format!("{path}:{line_no} ({})", block.name);
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{at}: expected `key: value`, got {line:?}"));
        let value = value.trim();
        match key {
            "position" => {
                game = if value == "start" {
                    AnyGame::new("xiangqi", &[] as &[&str]).unwrap()
                } else {
                    AnyGame::xiangqi_from_fen(value)
                        .unwrap_or_else(|e| panic!("{at}: bad position: {e}"))
                };
            }
            "bad_position" => {
                let (fen, expected) = arrow(&at, key, value);
                let err = AnyGame::xiangqi_from_fen(fen)
                    .err()
                    .unwrap_or_else(|| panic!("{at}: {fen:?} was accepted"));
                if let Some(words) = words {
                    let err = (words.fen_error)(&err);
                    assert!(
                        err.contains(expected),
                        "{at}: error {err:?} does not say {expected:?}"
                    );
                }
            }
            "play" => {
                game.play_text(value)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
            }
            "fail" => {
                let (actions, expected) = arrow(&at, key, value);
                let before = game.clone();
                let err = game
                    .play_text(actions)
                    .err()
                    .unwrap_or_else(|| panic!("{at}: {actions:?} was accepted"));
                if let Some(words) = words {
                    let err = (words.error)(&err);
                    assert!(
                        err.contains(expected),
                        "{at}: error {err:?} does not say {expected:?}"
                    );
                }
                assert_eq!(game, before, "{at}: a refused move text changed the game");
            }
            "reads" => {
                // A text names this move in the current position (nothing is played).
                let (text, canonical) = arrow(&at, key, value);
                let mv = engine(&game)
                    .read(text)
                    .unwrap_or_else(|e| panic!("{at}: {text:?}: {e}"));
                assert_eq!(mv.to_string(), canonical, "{at}: {text:?} reads as");
            }
            "wxf" => {
                let (action, wxf) = arrow(&at, key, value);
                assert_eq!(
                    game.alt_text_of(action).as_deref(),
                    Some(wxf),
                    "{at}: WXF of {action}"
                );
            }
            "fen" => assert_eq!(engine(&game).fen(), value, "{at}: fen"),
            "to_move" => {
                let shown = game
                    .to_move()
                    .map_or_else(|| "-".to_string(), |s| s.to_string());
                assert_eq!(shown, value, "{at}: to_move");
            }
            "result" => {
                let shown = match game.outcome() {
                    None => "-".to_string(),
                    Some(o) if o.is_draw() => format!("draw {}", o.reason),
                    Some(o) => {
                        let w: Vec<String> = o.winners.iter().map(|s| s.to_string()).collect();
                        format!("{} {}", w.join(","), o.reason)
                    }
                };
                assert_eq!(shown, value, "{at}: result");
            }
            "history" => assert_eq!(game.history().join(" "), value, "{at}: history"),
            "wxf_history" => assert_eq!(
                engine(&game).wxf_history().join(" "),
                value,
                "{at}: wxf_history"
            ),
            "display" => assert_eq!(
                game.history_display().join(", "),
                value,
                "{at}: history as records show it"
            ),
            "legal" => assert_eq!(game.legal().join(" "), value, "{at}: legal"),
            "legal_count" => assert_eq!(game.legal().len().to_string(), value, "{at}: legal_count"),
            "targets" => {
                // The points the piece on a point may move to now, sorted.
                let (from, want) = arrow(&at, key, value);
                let prefix = format!("{from}-");
                let mut points: Vec<String> = game
                    .legal()
                    .iter()
                    .filter_map(|m| m.strip_prefix(&prefix).map(String::from))
                    .collect();
                points.sort();
                let shown = if points.is_empty() {
                    "-".to_string()
                } else {
                    points.join(" ")
                };
                assert_eq!(shown, want, "{at}: targets of {from}");
            }
            "in_check" => {
                let shown = engine(&game)
                    .checked_general()
                    .map_or_else(|| "-".to_string(), |p| p.to_string());
                assert_eq!(shown, value, "{at}: the general in check");
            }
            "quiet" => assert_eq!(
                engine(&game).quiet_plies().to_string(),
                value,
                "{at}: plies without a capture"
            ),
            "note" => {
                let last = game.history().len().saturating_sub(1);
                let notes = game.notes_since(last);
                match words {
                    Some(words) => {
                        let notes: Vec<String> = notes.iter().map(words.note).collect();
                        let shown = if notes.is_empty() {
                            "-".to_string()
                        } else {
                            notes.join("; ")
                        };
                        assert_eq!(shown, value, "{at}: note on the last move");
                    }
                    None => assert_eq!(notes.is_empty(), value == "-", "{at}: note"),
                }
            }
            "preview" => {
                let (action, expected) = arrow(&at, key, value);
                let preview = game.preview_text(action);
                match words {
                    Some(words) => assert_eq!(
                        preview.as_ref().map(words.preview).as_deref(),
                        Some(expected),
                        "{at}: preview of {action}"
                    ),
                    None => assert!(preview.is_some(), "{at}: preview of {action}"),
                }
            }
            other => panic!("{at}: unknown key {other:?}"),
        }
    }
}
