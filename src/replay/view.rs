//! The replay view: a position as `boardpost replay --json` prints it, field names,
//! orders and types exactly as docs/rules.md ("`boardpost replay`") gives them.

use crate::games::{AnyGame, BoardPiece, Game, GameOptions, InHand, OptionSpec, Outcome, Seat};
use serde::Serialize;
use serde_json::{json, Map, Value};

/// A piece as `--json` lists it.
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

impl From<BoardPiece> for PieceView {
    fn from(p: BoardPiece) -> PieceView {
        PieceView {
            at: p.at,
            seat: p.seat.number(),
            height: p.height,
            bound: p.bound,
            kind: p.kind.map(String::from),
        }
    }
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

/// The `boardpost replay --json` object.
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

impl Snapshot {
    /// Everything `boardpost replay --json` prints about a position.
    pub fn of(game: &AnyGame) -> Snapshot {
        let history = game.history();
        Snapshot {
            game: game.name(),
            options: options_json(&game.game_options()),
            ply: history.len(),
            history,
            to_move: game.to_move().map(Seat::number),
            legal: game.legal(),
            result: game.outcome().map(ResultView::from),
            pieces: game.pieces().into_iter().map(PieceView::from).collect(),
            in_hand: game.hands().map(hands_json),
        }
    }
}

/// The effective options that apply, in the game's table order; numbers as numbers.
pub fn options_json(options: &GameOptions) -> Map<String, Value> {
    let specs: &[OptionSpec] = options.kind().option_specs();
    let mut map = Map::new();
    for (key, value) in options.values().iter() {
        let number = specs.iter().any(|s| s.name == key && s.number);
        let json = match value.parse::<u64>() {
            Ok(n) if number => json!(n),
            _ => json!(value),
        };
        map.insert(key.to_string(), json);
    }
    map
}

/// Pieces off the board, keyed by seat number as a string.
fn hands_json(hands: InHand) -> Value {
    let mut by_seat = Map::new();
    match hands {
        InHand::Count(counts) => {
            for (seat, n) in counts {
                by_seat.insert(seat.to_string(), json!(n));
            }
        }
        InHand::ByHeight(counts) => {
            for (seat, [one, two, three]) in counts {
                by_seat.insert(seat.to_string(), json!({"1": one, "2": two, "3": three}));
            }
        }
        InHand::Reserve(reserves) => {
            for (seat, letters) in reserves {
                by_seat.insert(seat.to_string(), json!(letters));
            }
        }
    }
    Value::Object(by_seat)
}
