//! Four-player xiangqi scenarios: positions as piece lists, actions, and what must
//! follow. The format is in `tests/scenarios/README.md` (xiangqi4 heading); blocks are
//! read by [`super::blocks`].

use super::{named, Block, Words};
use boardpost_rules::xiangqi4::{Army, Options, Xiangqi4};
use boardpost_rules::{AnyGame, AnyNote, Ending, Game, Reason, Seat};

/// Runs the block called `name` in `path` without words, panicking with the file and
/// line of the first expectation that fails.
pub fn run_named(path: &str, name: &str) {
    run(path, &named(path, name), None);
}

fn army(text: &str, at: &str) -> Army {
    Army::parse(text).unwrap_or_else(|| panic!("{at}: {text:?} is not an army"))
}

fn engine(game: &AnyGame) -> &Xiangqi4 {
    match game {
        AnyGame::Xiangqi4(g) => g,
        other => panic!("{} is not a xiangqi4 game", other.name()),
    }
}

fn names(seats: &[Seat]) -> String {
    let names: Vec<String> = seats
        .iter()
        .map(|s| Army::of(*s).name().to_ascii_lowercase())
        .collect();
    names.join(" ")
}

fn or_dash(text: String) -> String {
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

/// Indented lines after a key line, and the index of the line after them.
fn indented(lines: &[(usize, String)], start: usize) -> (Vec<String>, usize) {
    let mut out = Vec::new();
    let mut i = start;
    while i < lines.len() && lines[i].1.starts_with(' ') {
        out.push(lines[i].1.trim().to_string());
        i += 1;
    }
    (out, i)
}

/// `position: ARMY` and its lines: piece tokens, and `reserve ARMY: tokens` lines.
fn position(options: &Options, to_move: Army, rows: &[String], at: &str) -> AnyGame {
    let mut pieces = String::new();
    let mut reserves: Vec<(Army, String)> = Vec::new();
    for row in rows {
        match row.strip_prefix("reserve ") {
            Some(rest) => {
                let (who, tokens) = rest
                    .split_once(':')
                    .unwrap_or_else(|| panic!("{at}: reserve ARMY: TOKENS"));
                reserves.push((army(who, at), tokens.trim().to_string()));
            }
            None => {
                pieces += row;
                pieces.push(' ');
            }
        }
    }
    let reserves: Vec<(Army, &str)> = reserves.iter().map(|(a, t)| (*a, t.as_str())).collect();
    let game = Xiangqi4::from_position(*options, &pieces, &reserves, to_move)
        .unwrap_or_else(|e| panic!("{at}: bad position: {e}"));
    AnyGame::Xiangqi4(Box::new(game))
}

fn result_words(game: &AnyGame) -> String {
    match game.outcome() {
        None => "-".to_string(),
        Some(o) if o.is_draw() => format!("draw {}", o.reason),
        Some(o) => {
            let w: Vec<String> = o
                .winners
                .iter()
                .map(|s| Army::of(*s).name().to_ascii_lowercase())
                .collect();
            format!("{} {}", w.join(","), o.reason)
        }
    }
}

fn eliminations_words(game: &Xiangqi4) -> String {
    let words: Vec<String> = game
        .eliminations()
        .iter()
        .map(|e| {
            let cause = serde_json::to_value(e.cause).unwrap();
            let by = e.credited.map_or_else(String::new, |c| {
                format!(" by {}", Army::of(c).name().to_ascii_lowercase())
            });
            format!(
                "{} {}{by} @{}",
                Army::of(e.seat).name().to_ascii_lowercase(),
                cause.as_str().unwrap(),
                e.ply
            )
        })
        .collect();
    or_dash(words.join(", "))
}

fn sorted_words<I: IntoIterator<Item = String>>(items: I) -> String {
    let mut v: Vec<String> = items.into_iter().collect();
    v.sort();
    or_dash(v.join(" "))
}

pub fn run(path: &str, block: &Block, words: Option<&Words>) {
    let lines = &block.lines;
    let mut options = Options::default();
    let mut game: Option<AnyGame> = None;
    let mut notes: Vec<AnyNote> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (line_no, line) = &lines[i];
        let at = format!("{path}:{line_no} ({})", block.name);
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{at}: expected `key: value`, got {line:?}"));
        let (key, value) = (key.trim(), value.trim());
        i += 1;
        let current = || {
            game.clone()
                .unwrap_or_else(|| AnyGame::Xiangqi4(Box::new(Xiangqi4::new(options))))
        };
        let play = |g: &mut AnyGame, text: &str| -> Vec<AnyNote> {
            let before = g.history().len();
            g.play_text(text).unwrap_or_else(|e| panic!("{at}: {e}"));
            g.notes_since(before)
        };
        match key {
            "options" => {
                let pairs: Vec<&str> = value.split_whitespace().collect();
                options = Options::from_pairs(&pairs).unwrap_or_else(|e| panic!("{at}: {e}"));
                game = None;
            }
            "game" => {
                assert_eq!(value, "xiangqi4", "{at}: this runner plays xiangqi4");
                game = Some(AnyGame::Xiangqi4(Box::new(Xiangqi4::new(options))));
            }
            "position" => {
                let (rows, next) = indented(lines, i);
                i = next;
                game = Some(position(&options, army(value, &at), &rows, &at));
            }
            "play" => {
                let mut g = current();
                notes = play(&mut g, value);
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
            "cycle" => {
                // Each army plays its own list of actions round and round, in turn
                // order, for N actions in all.
                let (rows, next) = indented(lines, i);
                i = next;
                let mut cycles: Vec<(Army, Vec<String>, usize)> = rows
                    .iter()
                    .map(|r| {
                        let (who, actions) = r
                            .split_once(':')
                            .unwrap_or_else(|| panic!("{at}: ARMY: ACTIONS"));
                        let actions = actions.split_whitespace().map(String::from).collect();
                        (army(who, &at), actions, 0)
                    })
                    .collect();
                let n: usize = value.parse().expect("cycle: N");
                let mut g = current();
                for k in 0..n {
                    let seat = g
                        .to_move()
                        .unwrap_or_else(|| panic!("{at}: the game ended after {k} actions"));
                    let (_, actions, next) = cycles
                        .iter_mut()
                        .find(|(a, _, _)| a.seat() == seat)
                        .unwrap_or_else(|| panic!("{at}: no cycle for seat {seat}"));
                    let text = actions[*next % actions.len()].clone();
                    *next += 1;
                    notes = play(&mut g, &text);
                }
                game = Some(g);
            }
            "withdraw" => {
                let mut g = current();
                let (who, reason) = value.split_once(' ').expect("withdraw: ARMY REASON");
                let ending = match reason.trim() {
                    "resigned" => Ending::Resign,
                    "timeout" => Ending::Timeout,
                    other => panic!("{at}: {other:?} is not resigned or timeout"),
                };
                notes = g
                    .end(army(who, &at).seat(), ending)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                game = Some(g);
            }
            "withdraw_fails" => {
                let (what, expected) = value.split_once("=>").expect("ARMY REASON => WORDS");
                let (who, reason) = what.trim().split_once(' ').expect("ARMY REASON");
                let reason = match reason.trim() {
                    "resigned" => Reason::Resigned,
                    "timeout" => Reason::Timeout,
                    _ => Reason::Agreed,
                };
                let mut g = current();
                let before = g.clone();
                let AnyGame::Xiangqi4(engine) = &mut g else {
                    panic!("{at}: not a xiangqi4 game");
                };
                let err = engine
                    .withdraw(army(who, &at).seat(), reason)
                    .err()
                    .unwrap_or_else(|| panic!("{at}: the withdrawal was accepted"));
                if let Some(say) = words {
                    let err = (say.withdrawal)(&err);
                    assert!(
                        err.contains(expected.trim()),
                        "{at}: error {err} does not say {:?}",
                        expected.trim()
                    );
                }
                assert_eq!(g, before, "{at}: a refused withdrawal changed the game");
            }
            "to_move" => {
                let shown = current().to_move().map_or("-".to_string(), |s| names(&[s]));
                assert_eq!(shown, value, "{at}: to_move");
            }
            "in" => assert_eq!(or_dash(names(&current().seats_in())), value, "{at}: in"),
            "result" => assert_eq!(result_words(&current()), value, "{at}: result"),
            "standings" => {
                let shown: Vec<String> = current().standings().iter().map(|g| names(g)).collect();
                assert_eq!(shown.join(" | "), value, "{at}: standings");
            }
            "eliminations" => {
                let g = current();
                assert_eq!(eliminations_words(engine(&g)), value, "{at}: eliminations");
            }
            "notes" => match words {
                Some(words) => {
                    let notes: Vec<String> = notes.iter().map(words.note).collect();
                    assert_eq!(or_dash(notes.join(" | ")), value, "{at}: notes");
                }
                None => assert_eq!(notes.is_empty(), value == "-", "{at}: notes"),
            },
            "reserves" => {
                let g = current();
                let shown: Vec<String> = Army::ALL
                    .iter()
                    .map(|a| or_dash(engine(&g).reserve(a.seat())))
                    .collect();
                assert_eq!(shown.join(" "), value, "{at}: reserves");
            }
            "at" => {
                let g = current();
                let board = engine(&g).board();
                for pair in value.split_whitespace() {
                    let (point, want) = pair.split_once('=').expect("at: POINT=CODE");
                    let sq = boardpost_rules::Square::parse(point).expect("a point");
                    let shown = board.get(sq).map_or(".".to_string(), |p| {
                        format!("{}{}", p.code(), if p.left_arm { "*" } else { "" })
                    });
                    assert_eq!(shown, want, "{at}: at {point}");
                }
            }
            "count" => {
                let g = current();
                let shown: Vec<String> = Army::ALL
                    .iter()
                    .map(|a| engine(&g).board().pieces_of(*a).count().to_string())
                    .collect();
                assert_eq!(shown.join(" "), value, "{at}: count");
            }
            "pieces" => {
                let g = current();
                assert_eq!(engine(&g).board().to_string(), value, "{at}: pieces");
            }
            "legal" => assert_eq!(or_dash(current().legal().join(" ")), value, "{at}: legal"),
            "legal_count" => {
                assert_eq!(
                    current().legal().len().to_string(),
                    value,
                    "{at}: legal_count"
                )
            }
            "legal_has" | "legal_lacks" => {
                let legal = current().legal();
                for text in value.split_whitespace() {
                    assert_eq!(
                        legal.iter().any(|l| l == text),
                        key == "legal_has",
                        "{at}: {key} {text}"
                    );
                }
            }
            "drops" => {
                let legal = current().legal();
                let shown = sorted_words(legal.into_iter().filter(|a| a.contains('@')));
                assert_eq!(shown, value, "{at}: drops");
            }
            "checked" => {
                let g = current();
                let shown: Vec<String> = engine(&g)
                    .checked_generals()
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                assert_eq!(or_dash(shown.join(" ")), value, "{at}: checked");
            }
            "quiet" => {
                let g = current();
                let e = engine(&g);
                let shown = format!("{} of {}", e.quiet_actions(), e.quiet_limit());
                assert_eq!(shown, value, "{at}: quiet");
            }
            "history" => {
                assert_eq!(
                    or_dash(current().history().join(" ")),
                    value,
                    "{at}: history"
                )
            }
            "last" => {
                let history = current().history();
                let want: Vec<&str> = value.split_whitespace().collect();
                let tail = &history[history.len().saturating_sub(want.len())..];
                assert_eq!(tail, want.as_slice(), "{at}: last actions");
            }
            _ => {
                if let Some(from) = key.strip_prefix("moves ") {
                    let prefix = format!("{}-", from.trim());
                    let shown = sorted_words(
                        current()
                            .legal()
                            .into_iter()
                            .filter(|a| a.starts_with(&prefix)),
                    );
                    assert_eq!(shown, value, "{at}: {key}");
                } else if let Some(action) = key.strip_prefix("preview ") {
                    let preview = current().preview_text(action.trim());
                    match words {
                        Some(words) => {
                            let shown = preview.as_ref().map(words.preview);
                            assert_eq!(shown.as_deref(), Some(value), "{at}: {key}");
                        }
                        None => assert!(preview.is_some(), "{at}: {key}"),
                    }
                } else if let Some(who) = key.strip_prefix("reserve ") {
                    let g = current();
                    let tokens = engine(&g).reserve_of(army(who, &at).seat()).tokens();
                    assert_eq!(or_dash(tokens.join(" ")), value, "{at}: {key}");
                } else {
                    panic!("{at}: unknown key {key:?}");
                }
            }
        }
    }
}
