//! Classical xiangqi (docs/rules.md, "Xiangqi"), and the vocabulary the four-player game
//! shares with it: piece kinds ([`kind`]) and move patterns ([`pattern`]).
//!
//! The engine works on a padded mailbox ([`point`], [`board`]): moves are generated from
//! the shared patterns ([`movegen`]), made and unmade in place, and kept legal by asking
//! whether the mover's general is attacked, looking outwards from its point
//! (`attack`). [`Xiangqi`] is the game: the position, its record and the end rules
//! (no legal move, repetition and perpetual check, 60 moves without a capture).

pub mod action;
mod attack;
pub mod board;
pub mod error;
pub mod fen;
pub mod iccs;
mod inspect;
pub mod kind;
pub mod movegen;
pub mod pattern;
pub mod perft;
pub mod piece;
pub mod point;
mod refusal;
pub mod region;
pub mod repetition;
pub mod wxf;
mod zobrist;

pub use action::{Move, Notation};
pub use board::{Board, START_FEN};
pub use error::{IllegalAction, IllegalMove, Refusal, SyntaxError};
pub use fen::FenError;
pub use kind::{ByKind, Kind};
pub use movegen::MoveList;
pub use piece::{Piece, Side};
pub use point::Point;
pub use wxf::Wxf;

use crate::{BoardPiece, EndingAt, Game, GameKind, GameOptions, Outcome, Reason, Seat};
use repetition::Verdict;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Plies without a capture that draw the game: 60 full moves.
pub const QUIET_PLIES_DRAW: u16 = 120;

/// One move of the record, with what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub side: Side,
    pub mv: Move,
    /// The kind of the piece that moved.
    pub kind: Kind,
    /// What it took, if anything (always a piece of the other side).
    pub captured: Option<Kind>,
    /// Whether it gave check.
    pub check: bool,
    /// The move in WXF, as it was written in the position before it.
    pub wxf: String,
}

impl Step {
    pub fn seat(&self) -> Seat {
        self.side.seat()
    }

    /// What the move did ("takes the horse on h9, check"), or `None` for a quiet move.
    pub fn effects(&self) -> Option<Effects> {
        let effects = Effects {
            mv: self.mv,
            captured: self.captured,
            check: if self.check {
                Check::Check
            } else {
                Check::None
            },
        };
        (effects.captured.is_some() || self.check).then_some(effects)
    }
}

/// What a move does beyond going from one point to another.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Effects {
    pub mv: Move,
    /// The kind of the piece it takes on `mv.to`.
    pub captured: Option<Kind>,
    pub check: Check,
}

/// What a move does to the other general.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Check {
    None,
    Check,
    Checkmate,
    /// The side left without a legal move (it loses all the same).
    NoLegalMove(Side),
}

/// "takes the horse on h9, check", "a quiet move": plain English, as the text diagram
/// shows the last move (the bot's words say it in each player's language).
impl fmt::Display for Effects {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if let Some(kind) = self.captured {
            parts.push(format!("takes the {} on {}", kind.name(), self.mv.to));
        }
        match self.check {
            Check::None => {}
            Check::Check => parts.push("check".to_string()),
            Check::Checkmate => parts.push("checkmate".to_string()),
            Check::NoLegalMove(side) => parts.push(format!("leaves {side} no legal move")),
        }
        if parts.is_empty() {
            f.write_str("a quiet move")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

/// A reply's note on a move: "`h2-h9` takes the horse on h9, check".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Note(pub Effects);

/// A menu's words for a move: its effects, or "a quiet move".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Preview(pub Effects);

/// A game of xiangqi: where it started, every move since, and the result once over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Record", try_from = "Record")]
pub struct Xiangqi {
    board: Board,
    /// The starting position in canonical FEN (kept as text: a second board would make
    /// every game twice as large).
    start_fen: String,
    /// Who moved first, and the move number then.
    start_side: Side,
    start_move_number: u16,
    steps: Vec<Step>,
    /// The key of every position reached, the start first: `keys[i]` after `i` moves.
    keys: Vec<u64>,
    /// Index in `keys` of the first position after the last capture.
    since_capture: usize,
    /// Plies since the last capture (the start position's FEN counter included).
    quiet_plies: u16,
    outcome: Option<Outcome>,
    /// Resignation, time or agreement (at most one: each ends the game).
    endings: Vec<EndingAt>,
}

impl Default for Xiangqi {
    fn default() -> Xiangqi {
        Xiangqi::new()
    }
}

impl Xiangqi {
    /// The start position, red to move.
    pub fn new() -> Xiangqi {
        Xiangqi::from_fen(START_FEN).expect("the start position is valid")
    }

    /// A game from a position in FEN. The record starts empty; if the side to move has no
    /// legal move, or the capture counter is already at 120, the game is over at once.
    pub fn from_fen(text: &str) -> Result<Xiangqi, FenError> {
        let start = fen::parse(text)?;
        let mut game = Xiangqi {
            board: start.board,
            start_fen: fen::write(&start.board, start.quiet_plies, start.move_number),
            start_side: start.board.side_to_move(),
            start_move_number: start.move_number,
            steps: Vec::new(),
            keys: vec![start.board.key()],
            since_capture: 0,
            quiet_plies: start.quiet_plies,
            outcome: None,
            endings: Vec::new(),
        };
        game.end_checks();
        Ok(game)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side whose turn it is in the position (also once the game is over: the side
    /// that was mated, for instance).
    pub fn side_to_move(&self) -> Side {
        self.board.side_to_move()
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.steps.last().map(|s| s.mv)
    }

    pub fn last_step(&self) -> Option<&Step> {
        self.steps.last()
    }

    /// Where the general of the side to move stands, when it is in check (after a
    /// checkmate too): what an image highlights.
    pub fn checked_general(&self) -> Option<Point> {
        let side = self.board.side_to_move();
        self.board.attacked(side).then(|| self.board.general(side))
    }

    /// Plies since the last capture.
    pub fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// The number of the move about to be played (a move is a red and a black ply).
    pub fn move_number(&self) -> u16 {
        let red_first = self.start_side == Side::Red;
        let plies = self.steps.len() as u16 + if red_first { 0 } else { 1 };
        self.start_move_number.saturating_add(plies / 2)
    }

    /// The position in canonical FEN.
    pub fn fen(&self) -> String {
        fen::write(&self.board, self.quiet_plies, self.move_number())
    }

    /// The position the game started from, in canonical FEN.
    pub fn start_fen(&self) -> String {
        self.start_fen.clone()
    }

    /// Every legal move of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.board.legal_moves().iter().collect()
    }

    /// The WXF text of `mv` in the current position (meant for legal moves; a move from an
    /// empty point is shown in ICCS).
    pub fn wxf(&self, mv: Move) -> String {
        Wxf::of_move(&self.board, mv).map_or_else(|| mv.to_string(), |w| w.to_string())
    }

    /// Every move played, in WXF as written when it was played.
    pub fn wxf_history(&self) -> Vec<String> {
        self.steps.iter().map(|s| s.wxf.clone()).collect()
    }

    /// Perft from the current position (legal moves only, end rules ignored).
    pub fn perft(&self, depth: u32) -> u64 {
        perft::perft(&self.board, depth)
    }

    /// Reads a move text (ICCS or WXF) and resolves it in the current position.
    pub fn read(&self, text: &str) -> Result<Move, IllegalAction> {
        let notation = Notation::parse(text)?;
        if let Some(outcome) = &self.outcome {
            return Err(IllegalMove::GameOver(outcome.clone()).into());
        }
        Ok(match notation {
            Notation::Iccs(mv) => {
                self.check(mv)?;
                mv
            }
            Notation::Wxf(w) => w.resolve(&self.board)?,
        })
    }

    /// Says whether `mv` is legal now, and if not, why.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = &self.outcome {
            return Err(IllegalMove::GameOver(outcome.clone()));
        }
        match self.board.refusal(mv) {
            None => Ok(()),
            Some(why) => Err(IllegalMove::NotLegal { mv, why }),
        }
    }

    fn apply(&mut self, mv: Move) {
        let side = self.board.side_to_move();
        let kind = self
            .board
            .get(mv.from)
            .expect("a legal move has a piece")
            .kind;
        let wxf = self.wxf(mv);
        let captured = self.board.make(mv).piece().map(|p| p.kind);
        let check = self.board.in_check();
        self.keys.push(self.board.key());
        if captured.is_some() {
            self.quiet_plies = 0;
            self.since_capture = self.keys.len() - 1;
        } else {
            self.quiet_plies = self.quiet_plies.saturating_add(1);
        }
        self.steps.push(Step {
            side,
            mv,
            kind,
            captured,
            check,
            wxf,
        });
        self.end_checks();
    }

    /// The end rules, in this order: the side to move has no legal move (it loses:
    /// checkmate when in check); the position occurs for the third time (perpetual
    /// check loses, else a draw); 120 plies without a capture (a draw).
    fn end_checks(&mut self) {
        let side = self.board.side_to_move();
        let winner = side.other().seat();
        self.outcome = if !self.board.has_legal_move() {
            let reason = if self.board.in_check() {
                Reason::Checkmate
            } else {
                Reason::NoLegalMove
            };
            Some(Outcome::win(winner, reason))
        } else if let Some(first) = repetition::third_occurrence(&self.keys, self.since_capture) {
            let moves = self.steps[first..].iter().map(|s| (s.side, s.check));
            Some(match repetition::judge(moves) {
                Verdict::PerpetualCheck { loser } => {
                    Outcome::win(loser.other().seat(), Reason::PerpetualCheck)
                }
                Verdict::Draw => Outcome::draw(Reason::Repetition),
            })
        } else if self.quiet_plies >= QUIET_PLIES_DRAW {
            Some(Outcome::draw(Reason::SixtyMoves))
        } else {
            None
        };
    }

    /// A text diagram: rank 9 at the top, red in upper case (`K A E H R C P`), black in
    /// lower case; then the FEN and the counters.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..10).rev() {
            let cells: Vec<String> = (0..9)
                .map(|file| {
                    let p = Point::new(file, rank).expect("on the board");
                    match self.board.get(p) {
                        None => ".".to_string(),
                        Some(piece) if piece.side == Side::Red => piece.kind.letter().to_string(),
                        Some(piece) => piece.kind.letter().to_ascii_lowercase().to_string(),
                    }
                })
                .collect();
            out += &format!(" {rank}  {}\n", cells.join(" "));
        }
        out += "    a b c d e f g h i\n";
        out += "red (seat 1) upper case, black (seat 2) lower case\n";
        out += &format!("fen: {}\n", self.fen());
        if let Some(step) = self.steps.last() {
            let effects = step.effects().map_or(String::new(), |e| format!(", {e}"));
            out += &format!("last move: {} ({}){effects}\n", step.mv, step.wxf);
        }
        out += &format!(
            "{} of {QUIET_PLIES_DRAW} plies without a capture\n",
            self.quiet_plies
        );
        out
    }
}

impl Game for Xiangqi {
    type Action = Move;
    type Error = IllegalAction;
    type Note = Note;
    type Preview = Preview;

    fn kind(&self) -> GameKind {
        GameKind::Xiangqi
    }

    fn game_options(&self) -> GameOptions {
        GameOptions::Xiangqi(())
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome
            .is_none()
            .then(|| self.board.side_to_move().seat())
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_actions(&self) -> Vec<Move> {
        self.legal_moves()
    }

    fn parse_action(&self, text: &str) -> Result<Move, IllegalAction> {
        self.read(text)
    }

    fn try_play(&mut self, mv: Move) -> Result<(), IllegalAction> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    fn history(&self) -> Vec<String> {
        self.steps.iter().map(|s| s.mv.to_string()).collect()
    }

    fn history_seats(&self) -> Vec<Seat> {
        self.steps.iter().map(Step::seat).collect()
    }

    fn notes_since(&self, from: usize) -> Vec<Note> {
        self.steps
            .iter()
            .skip(from)
            .filter_map(Step::effects)
            .map(Note)
            .collect()
    }

    /// "takes the horse on h9, check", "checkmate", "a quiet move".
    fn preview(&self, mv: Move) -> Option<Preview> {
        let mut next = self.clone();
        next.try_play(mv).ok()?;
        let step = next.steps.get(self.steps.len())?;
        let check = match next.outcome().map(|o| o.reason) {
            Some(Reason::Checkmate) => Check::Checkmate,
            Some(Reason::NoLegalMove) => Check::NoLegalMove(next.side_to_move()),
            _ if step.check => Check::Check,
            _ => Check::None,
        };
        Some(Preview(Effects {
            mv: step.mv,
            captured: step.captured,
            check,
        }))
    }

    fn pieces(&self) -> Vec<BoardPiece> {
        self.board
            .pieces()
            .map(|(at, piece)| BoardPiece {
                at: at.to_string(),
                seat: piece.side.seat(),
                height: None,
                bound: None,
                kind: Some(piece.kind.letter()),
            })
            .collect()
    }

    fn alt_text(&self, mv: Move) -> Option<String> {
        Some(self.wxf(mv))
    }

    fn history_asides(&self) -> Vec<Option<String>> {
        self.steps.iter().map(|s| Some(s.wxf.clone())).collect()
    }

    crate::game::two_player_endings!();

    fn board_diagram(&self) -> String {
        self.diagram()
    }
}

crate::game::setup_without_options!(Xiangqi, Xiangqi);

/// How a game is stored: its starting position and its moves; loading replays them (the
/// moves are the truth, the position follows from them).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Record {
    start: String,
    moves: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    endings: Vec<EndingAt>,
}

impl From<Xiangqi> for Record {
    fn from(game: Xiangqi) -> Record {
        Record {
            start: game.start_fen(),
            moves: game.history(),
            endings: game.endings,
        }
    }
}

impl TryFrom<Record> for Xiangqi {
    type Error = String;
    fn try_from(record: Record) -> Result<Xiangqi, String> {
        let mut game = Xiangqi::from_fen(&record.start).map_err(|e| e.to_string())?;
        for (i, text) in record.moves.iter().enumerate() {
            let mv = game
                .read(text)
                .map_err(|e| format!("move {} “{text}”: {e}", i + 1))?;
            game.apply(mv);
        }
        for e in record.endings {
            game.end(e.seat, e.ending)
                .map_err(|why| format!("{}: {why}", e.ending))?;
        }
        Ok(game)
    }
}
