//! [`AnyGame`] (declared with the list of games in `kind.rs`): one of our games, chosen
//! by kind and options. It implements [`Game`] by handing every call to its engine, and
//! adds what the table and the replay command need on top: action texts in and out, a
//! `/move` of several actions played all or nothing, and the log of actions and endings.

use super::xiangqi::{FenError, Xiangqi};
use super::{
    split_actions, token, ActionError, AnyAction, AnyGame, AnyNote, AnyPreview, BoardPiece, Ending,
    EndingAt, Game, GameKind, GameOptions, InHand, Outcome, Seat, SetupError,
};
use std::str::FromStr;

/// Why a `/move` text (one or more actions) was refused: nothing of it was applied.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("action {index} \"{}\": {error}", token(.text))]
pub struct MoveError {
    /// Which action failed, counted from 1.
    pub index: usize,
    pub text: String,
    pub error: ActionError,
}

/// One entry of a game's log: an action as typed, or an ending, with the seat it is
/// recorded for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogEntry {
    Action(String),
    Ending(Ending),
}

impl LogEntry {
    /// Reads a log text: an ending's name, or else an action.
    pub fn read(text: &str) -> LogEntry {
        match Ending::from_str(text) {
            Ok(ending) => LogEntry::Ending(ending),
            Err(_) => LogEntry::Action(text.to_string()),
        }
    }

    pub fn text(&self) -> &str {
        match self {
            LogEntry::Action(text) => text,
            LogEntry::Ending(ending) => ending.as_str(),
        }
    }
}

/// Why a log does not replay.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("entry {index} \"{}\": {error}", token(.text))]
pub struct LogError {
    /// Counted from 1.
    pub index: usize,
    pub text: String,
    pub error: ActionError,
}

impl AnyGame {
    /// A new game by name (`sidja`, …) with `key=value` options.
    pub fn new<S: AsRef<str>>(name: &str, options: &[S]) -> Result<AnyGame, SetupError> {
        let kind = GameKind::from_str(name)?;
        Ok(GameOptions::parse(kind, options)?.start())
    }

    /// A xiangqi game from a position in FEN, its history empty.
    pub fn xiangqi_from_fen(fen: &str) -> Result<AnyGame, FenError> {
        Xiangqi::from_fen(fen).map(|g| AnyGame::Xiangqi(Box::new(g)))
    }

    /// Plays a game's log from the start: actions and endings, each by its seat.
    pub fn replay_log<'a>(
        options: GameOptions,
        log: impl IntoIterator<Item = (Seat, &'a str)>,
    ) -> Result<AnyGame, LogError> {
        let mut game = options.start();
        for (i, (seat, text)) in log.into_iter().enumerate() {
            let applied = match LogEntry::read(text) {
                LogEntry::Ending(ending) => game.end(seat, ending).map(|_| ()),
                LogEntry::Action(action) => game.play(&action).map(|_| ()),
            };
            applied.map_err(|error| LogError {
                index: i + 1,
                text: text.to_string(),
                error,
            })?;
        }
        Ok(game)
    }

    /// The log this game was played from: its typed actions (automatic passes left out)
    /// and its endings where they came, each with the seat it is recorded for.
    pub fn log(&self) -> Vec<(Seat, LogEntry)> {
        let endings = self.endings();
        let mut log = Vec::new();
        let at = |ply: usize, log: &mut Vec<(Seat, LogEntry)>| {
            for e in endings.iter().filter(|e| e.ply == ply) {
                log.push((e.seat, LogEntry::Ending(e.ending)));
            }
        };
        let history = self.history();
        let seats = self.history_seats();
        for (i, ((text, seat), automatic)) in history
            .into_iter()
            .zip(seats)
            .zip(self.automatic())
            .enumerate()
        {
            at(i, &mut log);
            if !automatic {
                log.push((seat, LogEntry::Action(text)));
            }
        }
        at(self.history().len(), &mut log);
        log
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

    /// Each history entry with the seat that made it (passes included).
    pub fn history_by_seat(&self) -> Vec<(Seat, String)> {
        self.history_seats()
            .into_iter()
            .zip(self.history())
            .collect()
    }

    /// Reads one action text and plays it; returns its canonical text.
    pub fn play(&mut self, text: &str) -> Result<String, ActionError> {
        let action = self.parse_action(text)?;
        self.try_play(action)?;
        Ok(action.to_string())
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

    /// Every legal action, canonical, sorted by byte order.
    pub fn legal(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.legal_actions().iter().map(|a| a.to_string()).collect();
        texts.sort();
        texts
    }

    /// What playing the action text would do, in a few words, for menus; `None` for a
    /// text that is not a legal action now.
    pub fn preview_text(&self, text: &str) -> Option<AnyPreview> {
        let action = self.parse_action(text).ok()?;
        self.preview(action)
    }

    /// Another way to write a legal action text (xiangqi's WXF), if the game has one.
    pub fn alt_text_of(&self, text: &str) -> Option<String> {
        let action = self.parse_action(text).ok()?;
        self.alt_text(action)
    }

    /// A text diagram of the position, whose turn it is, and the result.
    pub fn diagram(&self) -> String {
        let mut out = format!("{} · ply {}\n", self.title(), self.history().len());
        out += &self.board_diagram();
        match (self.outcome(), self.to_move()) {
            (Some(outcome), _) => out += &format!("result: {outcome}\n"),
            (None, Some(seat)) => out += &format!("to move: seat {seat}\n"),
            (None, None) => {}
        }
        out
    }
}

impl Game for AnyGame {
    type Action = AnyAction;
    type Error = ActionError;
    type Note = AnyNote;
    type Preview = AnyPreview;

    fn kind(&self) -> GameKind {
        each_game!(self, g => g.kind())
    }

    fn game_options(&self) -> GameOptions {
        each_game!(self, g => g.game_options())
    }

    fn to_move(&self) -> Option<Seat> {
        each_game!(self, g => g.to_move())
    }

    fn outcome(&self) -> Option<&Outcome> {
        each_game!(self, g => g.outcome())
    }

    fn legal_actions(&self) -> Vec<AnyAction> {
        self.legal_any()
    }

    fn parse_action(&self, text: &str) -> Result<AnyAction, ActionError> {
        self.parse_any(text)
    }

    fn try_play(&mut self, action: AnyAction) -> Result<(), ActionError> {
        self.play_any(action)
    }

    fn history(&self) -> Vec<String> {
        each_game!(self, g => g.history())
    }

    fn history_seats(&self) -> Vec<Seat> {
        each_game!(self, g => g.history_seats())
    }

    fn automatic(&self) -> Vec<bool> {
        each_game!(self, g => g.automatic())
    }

    fn end(&mut self, seat: Seat, ending: Ending) -> Result<Vec<AnyNote>, ActionError> {
        self.end_any(seat, ending)
    }

    fn endings(&self) -> Vec<EndingAt> {
        each_game!(self, g => g.endings())
    }

    fn notes_since(&self, from: usize) -> Vec<AnyNote> {
        self.notes_any(from)
    }

    fn preview(&self, action: AnyAction) -> Option<AnyPreview> {
        self.preview_any(action)
    }

    fn pieces(&self) -> Vec<BoardPiece> {
        each_game!(self, g => g.pieces())
    }

    fn hands(&self) -> Option<InHand> {
        each_game!(self, g => g.hands())
    }

    fn board_diagram(&self) -> String {
        each_game!(self, g => g.board_diagram())
    }

    fn alt_text(&self, action: AnyAction) -> Option<String> {
        self.alt_any(action)
    }

    fn history_asides(&self) -> Vec<Option<String>> {
        each_game!(self, g => g.history_asides())
    }

    fn title(&self) -> String {
        each_game!(self, g => g.title())
    }

    fn seats_in(&self) -> Vec<Seat> {
        each_game!(self, g => g.seats_in())
    }

    fn standings(&self) -> Vec<Vec<Seat>> {
        each_game!(self, g => g.standings())
    }
}
