//! `boardpost replay`: play action texts from the start and show where they lead.

pub mod view;

pub use view::{PieceView, ResultView, Snapshot};

use crate::games::{split_actions, AnyGame, Ending, Game, GameKind, MoveError, Seat, SetupError};
use crate::i18n::{Lang, Localize};
use std::io::Read;
use thiserror::Error;

/// What `boardpost replay` was asked.
#[derive(Clone, Debug, Default)]
pub struct Request {
    pub game: String,
    /// `key=value` texts.
    pub options: Vec<String>,
    pub fen: Option<String>,
    pub json: bool,
    /// Arguments holding actions; `-` stands for standard input.
    pub actions: Vec<String>,
}

#[derive(Debug, Error)]
pub enum ReplayError {
    /// Exit status 2.
    #[error("{0}")]
    Usage(String),
    /// Exit status 1.
    #[error("{}", .0.tr(Lang::En))]
    Action(#[from] MoveError),
}

impl ReplayError {
    pub fn exit_code(&self) -> i32 {
        match self {
            ReplayError::Usage(_) => 2,
            ReplayError::Action(_) => 1,
        }
    }
}

impl From<SetupError> for ReplayError {
    fn from(e: SetupError) -> ReplayError {
        ReplayError::Usage(e.tr(Lang::En))
    }
}

/// Builds the game and plays every action; `stdin` is read only if an argument is `-`.
pub fn replay(request: &Request, stdin: &mut dyn Read) -> Result<AnyGame, ReplayError> {
    let mut game = AnyGame::new(&request.game, &request.options)?;
    if let Some(fen) = &request.fen {
        if game.kind() != GameKind::Xiangqi {
            return Err(ReplayError::Usage(format!(
                "--fen is for xiangqi only, not {}",
                game.name()
            )));
        }
        game = AnyGame::xiangqi_from_fen(fen)
            .map_err(|e| ReplayError::Usage(format!("--fen: {}", e.tr(Lang::En))))?;
    }
    // The arguments are read as one text, so that `free d4` may come as two of them.
    let mut all = String::new();
    for arg in &request.actions {
        if arg == "-" {
            let text = read_record(stdin, "standard input")?;
            all += &strip_comments(&text);
        } else {
            all += arg;
        }
        all.push('\n');
    }
    let actions = split_actions(&all);
    let mut played = 0;
    for text in &actions {
        if let Some(directive) = text.strip_prefix(WITHDRAWAL_MARK) {
            withdraw(&mut game, directive)?;
            continue;
        }
        played += 1;
        game.play(text).map_err(|error| MoveError {
            index: played,
            text: text.clone(),
            error,
        })?;
    }
    Ok(game)
}

/// The most a record may hold (`replay -`, `render -`, `analyse`): a long game's export
/// is tens of kilobytes, and reading stops here, so that a wrong file (`/dev/zero`, an
/// image) is refused at once instead of filling memory.
pub const MAX_RECORD_BYTES: u64 = 10 * 1024 * 1024;

/// Reads a record from `source` (`what` names it in errors: a file, standard input), up
/// to [`MAX_RECORD_BYTES`].
pub fn read_record(source: &mut dyn Read, what: &str) -> Result<String, ReplayError> {
    let mut bytes = Vec::new();
    source
        .take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ReplayError::Usage(format!("cannot read {what}: {e}")))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(ReplayError::Usage(format!(
            "{what} holds more than {} MB, more than any game's record: give the file /export \
             wrote, or the actions alone",
            MAX_RECORD_BYTES / (1024 * 1024)
        )));
    }
    String::from_utf8(bytes).map_err(|_| {
        ReplayError::Usage(format!(
            "{what} is not text (UTF-8): give the file /export wrote, or the actions alone"
        ))
    })
}

/// Stands in the action stream for a `#! resign 3` line of an exported record.
const WITHDRAWAL_MARK: char = '\u{1}';

/// Applies a `resign:3` or `timeout:3` directive: a player of a game of four leaving.
fn withdraw(game: &mut AnyGame, directive: &str) -> Result<(), ReplayError> {
    let bad = |why: String| {
        ReplayError::Usage(format!(
            "record line `#! {}`: {why}",
            crate::i18n::token(directive)
        ))
    };
    let (what, seat) = directive.split_once(':').unwrap_or((directive, ""));
    let ending = match what.parse::<Ending>() {
        Ok(ending @ (Ending::Resign | Ending::Timeout)) => ending,
        _ => return Err(bad("it should read `#! resign N` or `#! timeout N`".into())),
    };
    let seat = seat
        .parse()
        .ok()
        .and_then(Seat::from_number)
        .ok_or_else(|| bad("N is a seat number from 1 to 4".into()))?;
    game.end(seat, ending)
        .map(|_| ())
        .map_err(|e| bad(e.tr(Lang::En)))
}

/// What an exported record's header says: the game, its options and the players'
/// names by seat (`# replay: boardpost replay sidja -o size=7 - < this-file` and
/// `# seat 1: alice, seat 2: bob`). `None` when it has no replay line.
pub fn record_header(text: &str) -> Option<(String, Vec<String>, Vec<String>)> {
    let mut game = None;
    let mut names = Vec::new();
    for line in text.lines().take_while(|l| l.starts_with('#')) {
        let line = line.trim_start_matches('#').trim();
        if let Some(command) = line.strip_prefix("replay: boardpost replay ") {
            let mut words = command.split_whitespace();
            let kind = words.next()?.to_string();
            let mut options = Vec::new();
            while let Some(word) = words.next() {
                match word {
                    "-o" => options.push(words.next()?.to_string()),
                    _ => break,
                }
            }
            game = Some((kind, options));
        } else if line.starts_with("seat 1: ") {
            names = line
                .split(", seat ")
                .filter_map(|part| part.split_once(": ").map(|(_, name)| name.to_string()))
                .collect();
        }
    }
    let (kind, options) = game?;
    Some((kind, options, names))
}

/// Drops `#` comments (to the end of their line), as in an exported record. A line
/// `#! resign 3` (or `#! timeout 3`), which an export of a game of four writes where a
/// player left it, is kept as a directive in the action stream.
pub fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.trim_start().strip_prefix("#!") {
            Some(rest) => {
                let words: Vec<&str> = rest.split_whitespace().take(2).collect();
                format!("{WITHDRAWAL_MARK}{}", words.join(":"))
            }
            None => line.split('#').next().unwrap_or("").to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What `boardpost replay` prints on standard output for a game.
pub fn render_output(game: &AnyGame, json: bool) -> String {
    if json {
        let mut text =
            serde_json::to_string(&Snapshot::of(game)).expect("a snapshot always serializes");
        text.push('\n');
        text
    } else {
        game.diagram()
    }
}
