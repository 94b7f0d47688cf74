//! [`AnyGame`]: one of our games, chosen by name and options, spoken to in action texts.
//! This is what the table, the replay command and the front ends hold.

use super::banglagor::{self, Banglagor};
use super::setup::SetupError;
use super::sidja::{self, Sidja};
use super::xiangqi::{self, FenError, Xiangqi};
use super::xiangqi4::{self, Xiangqi4};
use super::yote::{self, Yote};
use super::{split_actions, Game, Outcome, Reason, Seat};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum AnyGame {
    Sidja(Sidja),
    Yote(Yote),
    Banglagor(Banglagor),
    Xiangqi(Xiangqi),
    /// Boxed: its board of 19×19 points is far larger than the other games' state.
    Xiangqi4(Box<Xiangqi4>),
}

/// Runs `$body` with `$g` bound to the inner game, whatever it is.
macro_rules! each_game {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Sidja($g) => $body,
            AnyGame::Yote($g) => $body,
            AnyGame::Banglagor($g) => $body,
            AnyGame::Xiangqi($g) => $body,
            AnyGame::Xiangqi4($g) => $body,
        }
    };
}

/// Why one action text cannot be played, whatever the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error(transparent)]
    Sidja(#[from] sidja::IllegalAction),
    #[error(transparent)]
    Yote(#[from] yote::IllegalAction),
    #[error(transparent)]
    Banglagor(#[from] banglagor::IllegalAction),
    #[error(transparent)]
    Xiangqi(#[from] xiangqi::IllegalAction),
    #[error(transparent)]
    Xiangqi4(#[from] xiangqi4::IllegalAction),
}

/// Why a player cannot withdraw (resign or time out) from a game through the engine.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WithdrawError {
    #[error("{0} is a two-player game: the table ends it itself when a player resigns or runs out of time")]
    TwoPlayer(&'static str),
    #[error(transparent)]
    Xiangqi4(#[from] xiangqi4::IllegalAction),
}

/// Why a `/move` text (one or more actions) was refused: nothing of it was applied.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("action {index} \"{text}\": {error}")]
pub struct MoveError {
    /// Which action failed, counted from 1.
    pub index: usize,
    pub text: String,
    pub error: ActionError,
}

/// A piece as `boardpost replay --json` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    pub at: String,
    pub seat: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
}

/// How a game ended, as `--json` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    pub winners: Vec<u8>,
    pub draw: bool,
    pub reason: String,
}

impl From<&Outcome> for ResultView {
    fn from(outcome: &Outcome) -> ResultView {
        ResultView {
            winners: outcome.winners.iter().map(|s| s.number()).collect(),
            draw: outcome.is_draw(),
            reason: outcome.reason.to_string(),
        }
    }
}

/// The `boardpost replay --json` object, fields in the order docs/rules.md gives them
/// ("`boardpost replay`").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    pub game: &'static str,
    pub options: Map<String, Value>,
    pub ply: usize,
    pub history: Vec<String>,
    pub to_move: Option<u8>,
    pub legal: Vec<String>,
    pub result: Option<ResultView>,
    pub pieces: Vec<PieceView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_hand: Option<Value>,
}

impl AnyGame {
    /// A new game by name (`sidja`, …) with `key=value` options.
    pub fn new<S: AsRef<str>>(name: &str, options: &[S]) -> Result<AnyGame, SetupError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "sidja" => Ok(AnyGame::Sidja(Sidja::new(sidja::Options::from_pairs(
                options,
            )?))),
            "yote" => match options.first() {
                Some(option) => Err(SetupError::NoOptions {
                    game: "yote",
                    key: option.as_ref().to_string(),
                }),
                None => Ok(AnyGame::Yote(Yote::new())),
            },
            "banglagor" => match options.first() {
                Some(option) => Err(SetupError::NoOptions {
                    game: "banglagor",
                    key: option.as_ref().to_string(),
                }),
                None => Ok(AnyGame::Banglagor(Banglagor::new())),
            },
            "xiangqi" => match options.first() {
                Some(option) => Err(SetupError::NoOptions {
                    game: "xiangqi",
                    key: option.as_ref().to_string(),
                }),
                None => Ok(AnyGame::Xiangqi(Xiangqi::new())),
            },
            "xiangqi4" => Ok(AnyGame::Xiangqi4(Box::new(Xiangqi4::new(
                xiangqi4::Options::from_pairs(options)?,
            )))),
            other => Err(SetupError::UnknownGame(other.to_string())),
        }
    }

    /// A xiangqi game from a position in FEN, its history empty.
    pub fn xiangqi_from_fen(fen: &str) -> Result<AnyGame, FenError> {
        Xiangqi::from_fen(fen).map(AnyGame::Xiangqi)
    }

    pub fn name(&self) -> &'static str {
        match self {
            AnyGame::Sidja(_) => "sidja",
            AnyGame::Yote(_) => "yote",
            AnyGame::Banglagor(_) => "banglagor",
            AnyGame::Xiangqi(_) => "xiangqi",
            AnyGame::Xiangqi4(_) => "xiangqi4",
        }
    }

    /// The effective options, defaults filled in, numbers as numbers.
    pub fn options(&self) -> Map<String, Value> {
        let value = match self {
            AnyGame::Sidja(g) => {
                let o = g.options();
                let mut options =
                    json!({"variant": o.variant.name(), "size": o.size, "drop": o.drop});
                // Seega's own options are printed for seega only; sudan and sidja keep
                // their three keys.
                if o.variant == sidja::Variant::Seega {
                    options["opening"] = json!(o.opening.name());
                    options["chain"] = json!(o.chain.name());
                    options["blocked"] = json!(o.blocked.name());
                }
                options
            }
            AnyGame::Yote(_) => json!({}),
            AnyGame::Banglagor(_) => json!({}),
            AnyGame::Xiangqi(_) => json!({}),
            AnyGame::Xiangqi4(g) => json!({"mode": g.mode().name()}),
        };
        match value {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    /// A short title: the game and its options, for headers and lists.
    pub fn title(&self) -> String {
        match self {
            AnyGame::Sidja(g) => format!("sidja ({})", g.options()),
            AnyGame::Yote(_) => "yote".to_string(),
            AnyGame::Banglagor(_) => "banglagor".to_string(),
            AnyGame::Xiangqi(_) => "xiangqi".to_string(),
            AnyGame::Xiangqi4(g) => format!("xiangqi4 ({})", g.mode()),
        }
    }

    /// How many players the game needs.
    pub fn seat_count(&self) -> usize {
        match self {
            AnyGame::Sidja(_) => 2,
            AnyGame::Yote(_) => 2,
            AnyGame::Banglagor(_) => 2,
            AnyGame::Xiangqi(_) => 2,
            AnyGame::Xiangqi4(_) => 4,
        }
    }

    /// Each history entry with the seat that made it (passes included).
    pub fn history_by_seat(&self) -> Vec<(Seat, String)> {
        match self {
            AnyGame::Sidja(g) => g.steps().iter().map(|s| (s.seat, s.text())).collect(),
            AnyGame::Yote(g) => g.steps().iter().map(|s| (s.seat, s.text())).collect(),
            AnyGame::Banglagor(g) => g.steps().iter().map(|s| (s.seat, s.text())).collect(),
            AnyGame::Xiangqi(g) => g
                .steps()
                .iter()
                .map(|s| (s.seat(), s.mv.to_string()))
                .collect(),
            AnyGame::Xiangqi4(g) => g.steps().iter().map(|s| (s.seat, s.text())).collect(),
        }
    }

    /// What happened in the history from entry `from` on, beyond the actions' texts:
    /// captures and automatic passes, in a player's words.
    pub fn notes_since(&self, from: usize) -> Vec<String> {
        match self {
            AnyGame::Sidja(g) => g
                .steps()
                .iter()
                .skip(from)
                .filter_map(|s| match (s.action(), s.captured.as_slice()) {
                    (None, _) => Some(format!("seat {} cannot move and passes", s.seat)),
                    (Some(sidja::Action::Pass), _) => {
                        Some(format!("seat {} declines the extra move", s.seat))
                    }
                    (Some(_), []) => None,
                    (Some(a), squares) => {
                        let names: Vec<String> = squares.iter().map(|q| q.to_string()).collect();
                        Some(format!("`{a}` captures {}", names.join(", ")))
                    }
                })
                .collect(),
            AnyGame::Yote(g) => g
                .steps()
                .iter()
                .skip(from)
                .filter_map(yote::Step::note)
                .collect(),
            AnyGame::Banglagor(g) => g
                .steps()
                .iter()
                .skip(from)
                .filter_map(banglagor::Step::note)
                .collect(),
            AnyGame::Xiangqi(g) => g
                .steps()
                .iter()
                .skip(from)
                .filter_map(|s| s.effects().map(|e| format!("`{}` {e}", s.mv)))
                .collect(),
            AnyGame::Xiangqi4(g) => g.notes_since(from),
        }
    }

    /// What playing `action` now would do, in a few words ("captures c4"), for menus.
    pub fn preview(&self, action: &str) -> Option<String> {
        let mut next = self.clone();
        let before = next.history().len();
        next.play(action).ok()?;
        let captured: Vec<String> = match &next {
            AnyGame::Sidja(g) => g.steps()[before..]
                .iter()
                .flat_map(|s| s.captured.iter().map(|q| q.to_string()))
                .collect(),
            AnyGame::Yote(_) => Vec::new(),
            AnyGame::Banglagor(_) => Vec::new(),
            AnyGame::Xiangqi(_) => Vec::new(),
            AnyGame::Xiangqi4(_) => Vec::new(),
        };
        Some(match (self, captured.is_empty()) {
            (AnyGame::Xiangqi(_), _) => xiangqi_preview(&next, before)?,
            (AnyGame::Yote(_), _) => yote_preview(&next, before)?,
            (AnyGame::Xiangqi4(_), _) => xiangqi4_preview(&next, before)?,
            (AnyGame::Banglagor(_), _) => banglagor_preview(&next, before)?,
            (_, false) => format!("captures {}", captured.join(", ")),
            (AnyGame::Sidja(_), true) if action.trim().eq_ignore_ascii_case("pass") => {
                "end your turn".to_string()
            }
            (AnyGame::Sidja(g), true) if g.is_placing() => "places a stone".to_string(),
            (AnyGame::Sidja(_), true) => "a step, no capture".to_string(),
        })
    }

    /// Short rules and notation help for a game, by name.
    pub fn help(name: &str) -> Option<&'static str> {
        match name {
            "sidja" => Some(sidja::HELP),
            "yote" => Some(yote::HELP),
            "banglagor" => Some(banglagor::HELP),
            "xiangqi" => Some(xiangqi::HELP),
            "xiangqi4" => Some(xiangqi4::HELP),
            _ => None,
        }
    }

    pub fn to_move(&self) -> Option<Seat> {
        each_game!(self, g => g.to_move())
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        each_game!(self, g => g.outcome())
    }

    /// Every legal action, canonical, sorted by byte order.
    pub fn legal(&self) -> Vec<String> {
        let mut texts: Vec<String> =
            each_game!(self, g => g.legal_actions().iter().map(|a| a.to_string()).collect());
        texts.sort();
        texts
    }

    pub fn history(&self) -> Vec<String> {
        each_game!(self, g => g.history())
    }

    /// For each history entry, whether it is an automatic pass: recorded by the engine,
    /// never typed (a sudan player's typed `pass` is not one).
    pub fn automatic(&self) -> Vec<bool> {
        match self {
            AnyGame::Sidja(g) => g.steps().iter().map(|s| s.action.is_none()).collect(),
            AnyGame::Yote(g) => g.steps().iter().map(|s| s.action.is_none()).collect(),
            AnyGame::Banglagor(g) => g.steps().iter().map(|s| s.action.is_none()).collect(),
            AnyGame::Xiangqi(g) => vec![false; g.steps().len()],
            AnyGame::Xiangqi4(g) => vec![false; g.steps().len()],
        }
    }

    /// The typed actions of the history: what a log of `/move` texts holds, and what
    /// replaying them from the start reproduces.
    pub fn typed_history(&self) -> Vec<String> {
        self.history()
            .into_iter()
            .zip(self.automatic())
            .filter(|(_, automatic)| !automatic)
            .map(|(text, _)| text)
            .collect()
    }

    /// Reads one action text and plays it; returns its canonical text.
    pub fn play(&mut self, text: &str) -> Result<String, ActionError> {
        each_game!(self, g => {
            let action = g.parse_action(text)?;
            g.try_play(action)?;
            Ok(action.to_string())
        })
    }

    /// Plays a `/move` text, which may hold several actions: all of them or none.
    /// Returns the canonical texts of what was played.
    pub fn play_text(&mut self, text: &str) -> Result<Vec<String>, MoveError> {
        self.play_all(&split_actions(text))
    }

    /// Plays action texts in order: all of them or none.
    pub fn play_all<S: AsRef<str>>(&mut self, actions: &[S]) -> Result<Vec<String>, MoveError> {
        let mut next = self.clone();
        let mut played = Vec::with_capacity(actions.len());
        for (i, text) in actions.iter().enumerate() {
            let text = text.as_ref();
            match next.play(text) {
                Ok(canonical) => played.push(canonical),
                Err(error) => {
                    return Err(MoveError {
                        index: i + 1,
                        text: text.to_string(),
                        error,
                    })
                }
            }
        }
        *self = next;
        Ok(played)
    }

    /// Pieces on the board, rank by rank from the first player's side.
    pub fn pieces(&self) -> Vec<PieceView> {
        match self {
            AnyGame::Sidja(g) => g
                .board()
                .stones()
                .map(|(sq, seat)| PieceView {
                    at: sq.to_string(),
                    seat: seat.number(),
                    height: None,
                    bound: None,
                    kind: None,
                })
                .collect(),
            AnyGame::Yote(g) => g
                .board()
                .pieces()
                .map(|(sq, seat)| PieceView {
                    at: sq.to_string(),
                    seat: seat.number(),
                    height: None,
                    bound: None,
                    kind: None,
                })
                .collect(),
            AnyGame::Banglagor(g) => g
                .board()
                .columns()
                .map(|(sq, column)| PieceView {
                    at: sq.to_string(),
                    seat: column.seat.number(),
                    height: Some(column.height),
                    bound: Some(column.bound),
                    kind: None,
                })
                .collect(),
            AnyGame::Xiangqi(g) => g
                .board()
                .pieces()
                .map(|(at, piece)| PieceView {
                    at: at.to_string(),
                    seat: piece.side.seat().number(),
                    height: None,
                    bound: None,
                    kind: Some(piece.kind.letter().to_string()),
                })
                .collect(),
            AnyGame::Xiangqi4(g) => g
                .board()
                .pieces()
                .map(|(sq, piece)| PieceView {
                    at: sq.to_string(),
                    seat: piece.army.seat().number(),
                    height: None,
                    bound: None,
                    kind: Some(piece.kind.letter().to_string()),
                })
                .collect(),
        }
    }

    /// Pieces not yet on the board, keyed by seat number as a string.
    pub fn in_hand(&self) -> Option<Value> {
        match self {
            AnyGame::Sidja(g) => Some(json!({
                "1": g.in_hand(Seat::FIRST),
                "2": g.in_hand(Seat::SECOND),
            })),
            AnyGame::Yote(g) => Some(json!({
                "1": g.in_hand(Seat::FIRST),
                "2": g.in_hand(Seat::SECOND),
            })),
            AnyGame::Banglagor(g) => {
                let by_height = |seat| {
                    let [one, two, three] = g.in_hand(seat);
                    json!({"1": one, "2": two, "3": three})
                };
                Some(json!({
                    "1": by_height(Seat::FIRST),
                    "2": by_height(Seat::SECOND),
                }))
            }
            AnyGame::Xiangqi(_) => None,
            AnyGame::Xiangqi4(g) => {
                let mut by_seat = Map::new();
                for army in xiangqi4::Army::ALL {
                    let seat = army.seat();
                    by_seat.insert(seat.to_string(), json!(g.reserve(seat)));
                }
                Some(Value::Object(by_seat))
            }
        }
    }

    /// Another way to write a legal action of the current position, shown beside it:
    /// the WXF of a xiangqi move (`C2.5` for `h2-e2`). `None` for other games, and for a
    /// text that is not a legal action now.
    pub fn alt_text(&self, canonical: &str) -> Option<String> {
        match self {
            AnyGame::Xiangqi(g) => {
                let mv = g.read(canonical).ok()?;
                Some(g.wxf(mv))
            }
            _ => None,
        }
    }

    /// History entries as records show them: for xiangqi each move with its WXF beside
    /// it (`h2-e2 (C2.5)`); for the other games the canonical texts.
    pub fn history_display(&self) -> Vec<String> {
        match self {
            AnyGame::Xiangqi(g) => g
                .steps()
                .iter()
                .map(|s| format!("{} ({})", s.mv, s.wxf))
                .collect(),
            _ => self.history(),
        }
    }

    /// Takes `seat` out of a game of more than two players by resignation or timeout
    /// (`reason`); returns what followed, in a player's words (the withdrawal itself,
    /// and any eliminations and result it brought about). Two-player games are ended
    /// by the table itself.
    pub fn withdraw(&mut self, seat: Seat, reason: Reason) -> Result<Vec<String>, WithdrawError> {
        match self {
            AnyGame::Xiangqi4(g) => {
                let before = g.eliminations().len();
                g.withdraw(seat, reason)?;
                Ok(g.eliminations()[before..]
                    .iter()
                    .map(xiangqi4::Elimination::note)
                    .collect())
            }
            other => Err(WithdrawError::TwoPlayer(other.name())),
        }
    }

    /// The seats still in the game, in turn order. In two-player games: both while the
    /// game goes on; once it is over, the winner (both for a draw).
    pub fn seats_in(&self) -> Vec<Seat> {
        match self {
            AnyGame::Xiangqi4(g) => g.seats_in(),
            other => match other.outcome() {
                Some(o) if !o.is_draw() => o.winners.clone(),
                _ => vec![Seat::FIRST, Seat::SECOND],
            },
        }
    }

    /// The final order, best first, players sharing a place grouped together: winners
    /// first, a draw (or a game still going on) puts the players still in first. For
    /// xiangqi4 the eliminated players follow, later-eliminated first.
    pub fn standings(&self) -> Vec<Vec<Seat>> {
        match self {
            AnyGame::Xiangqi4(g) => g.standings(),
            other => match other.outcome() {
                Some(o) if !o.is_draw() => {
                    let losers: Vec<Seat> = [Seat::FIRST, Seat::SECOND]
                        .into_iter()
                        .filter(|s| !o.winners.contains(s))
                        .collect();
                    let mut out = vec![o.winners.clone()];
                    if !losers.is_empty() {
                        out.push(losers);
                    }
                    out
                }
                _ => vec![vec![Seat::FIRST, Seat::SECOND]],
            },
        }
    }

    /// Everything `boardpost replay --json` prints.
    pub fn snapshot(&self) -> Snapshot {
        let history = self.history();
        Snapshot {
            game: self.name(),
            options: self.options(),
            ply: history.len(),
            history,
            to_move: self.to_move().map(Seat::number),
            legal: self.legal(),
            result: self.outcome().map(ResultView::from),
            pieces: self.pieces(),
            in_hand: self.in_hand(),
        }
    }

    /// A text diagram of the position, whose turn it is, and the result.
    pub fn diagram(&self) -> String {
        let mut out = format!("{} · ply {}\n", self.title(), self.history().len());
        out += &each_game!(self, g => g.diagram());
        match (self.outcome(), self.to_move()) {
            (Some(outcome), _) => out += &format!("result: {outcome}\n"),
            (None, Some(seat)) => out += &format!("to move: seat {seat}\n"),
            (None, None) => {}
        }
        out
    }
}

/// What the Yoté action just played (history entry `at` of `next`) did, for menus.
fn yote_preview(next: &AnyGame, at: usize) -> Option<String> {
    match next {
        AnyGame::Yote(g) => g.steps().get(at).map(yote::Step::preview),
        _ => None,
    }
}

/// What the xiangqi move just played (history entry `at` of `next`) did, for menus:
/// "takes the horse on h9, check", "checkmate", "a quiet move".
fn xiangqi_preview(next: &AnyGame, at: usize) -> Option<String> {
    let AnyGame::Xiangqi(g) = next else {
        return None;
    };
    let step = g.steps().get(at)?;
    let mut words: Vec<String> = step
        .captured
        .map(|kind| format!("takes the {} on {}", kind.name(), step.mv.to))
        .into_iter()
        .collect();
    match g.outcome().map(|o| o.reason) {
        Some(Reason::Checkmate) => words.push("checkmate".to_string()),
        Some(Reason::NoLegalMove) => {
            words.push(format!("leaves {} no legal move", g.side_to_move().name()))
        }
        _ if step.check => words.push("check".to_string()),
        _ => {}
    }
    Some(if words.is_empty() {
        "a quiet move".to_string()
    } else {
        words.join(", ")
    })
}

/// What the xiangqi4 action just played (history entry `at` of `next`) did, for menus,
/// with the eliminations it brought about.
fn xiangqi4_preview(next: &AnyGame, at: usize) -> Option<String> {
    let AnyGame::Xiangqi4(g) = next else {
        return None;
    };
    let mut words = g.steps().get(at)?.preview();
    for e in g.eliminations().iter().filter(|e| e.ply == at + 1) {
        words += &format!(", {} is out", xiangqi4::Army::of(e.seat));
    }
    Some(words)
}

/// What the Banglagor action just played (history entry `at` of `next`) did, for menus.
fn banglagor_preview(next: &AnyGame, at: usize) -> Option<String> {
    match next {
        AnyGame::Banglagor(g) => g.steps().get(at).map(banglagor::Step::preview),
        _ => None,
    }
}
