//! The Sidja family (docs/rules.md, Sidja family): Sudanese sidja, sidja and Egyptian
//! seega.
//!
//! Two phases: stones are placed (one or two a turn) until the board is full but for
//! its centre; then stones step, capturing enemy stones by custodian capture, with
//! further moves earned by a capture as the variant says.

mod action;
mod board;
mod error;
mod inspect;
mod options;

pub use action::Action;
pub use board::{symbol, Board};
pub use error::IllegalAction;
pub use options::{Blocked, Chain, Opening, Options, Variant, OPTIONS};

use crate::{
    BoardPiece, BySeat, Dims, EndingAt, Game, GameKind, GameOptions, GameSetup, InHand, OptionSpec,
    OptionValues, Outcome, Reason, Seat, Square,
};
use serde::{Deserialize, Serialize};

/// What happened in a turn beyond its actions' texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The seat could not move and passed (automatically).
    Passes(Seat),
    /// The seat declined sudan's extra move.
    DeclinesExtraMove(Seat),
    /// The action captured the stones on these squares.
    Captures {
        action: Action,
        squares: Vec<Square>,
    },
}

/// What an action would do, for menus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Preview {
    Captures(Vec<Square>),
    /// `pass` in sudan: ends the turn.
    EndsTurn,
    /// Places a stone.
    Places,
    /// A step that captures nothing.
    Steps,
}

/// What a turn that captured still allows, by variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Continuation {
    /// `sudan`: one more move of any stone, or `pass`; it ends the turn unless it
    /// captures.
    AnyMove,
    /// `sidja`: capturing moves only, of any stone.
    Capturing,
    /// `seega`: capturing moves only, of the stone on this square.
    Stone(Square),
}

/// One entry of the game's record: an action or an automatic pass, who made it, and the
/// stones it captured (so replies and images can show them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub seat: Seat,
    /// `None` for an automatic pass (a typed sudan `pass` is `Some(Action::Pass)`).
    pub action: Option<SerdeAction>,
    pub captured: Vec<Square>,
}

/// [`Action`] as stored: its canonical text.
pub type SerdeAction = ActionText<Action>;

/// An action kept as its canonical text.
pub use crate::notation::ActionText;

impl crate::notation::Canonical for Action {
    const GAME: &'static str = "sidja";

    fn from_canonical(text: &str) -> Option<Action> {
        Action::parse(text)
    }
}

impl Step {
    pub fn action(&self) -> Option<Action> {
        self.action.as_ref().map(|a| a.0)
    }

    pub fn text(&self) -> String {
        self.action()
            .map_or_else(|| "pass".to_string(), |a| a.to_string())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sidja {
    options: Options,
    board: Board,
    in_hand: BySeat<u8>,
    /// Stones each seat has captured.
    captured: BySeat<u8>,
    to_move: Seat,
    /// Stones placed so far in the placement turn under way.
    placed_this_turn: u8,
    /// Set while a turn goes on after a capture.
    continuation: Option<Continuation>,
    /// Whether the turn under way has captured.
    turn_captured: bool,
    /// Capturing moves of the turn under way, for seega's `chain=2`. States stored
    /// before that option existed never needed it (their chain is unlimited).
    #[serde(default)]
    captures_this_turn: u8,
    /// Turns in a row without a capture, counted from the first movement turn.
    quiet_turns: u16,
    outcome: Option<Outcome>,
    steps: Vec<Step>,
    /// Resignation, time or agreement, where they came (states stored before endings
    /// were the engine's have none).
    #[serde(default)]
    endings: Vec<EndingAt>,
}

impl Sidja {
    pub fn new(options: Options) -> Sidja {
        let stones = options.stones_per_player();
        let mut board = Board::empty(options.size);
        let mut in_hand = BySeat::new(stones, stones);
        // Seega's cross opening: part of the starting position, not of the history.
        for (square, seat) in options.opening_stones() {
            board.set(square, Some(seat));
            in_hand[seat] -= 1;
        }
        Sidja {
            options,
            board,
            in_hand,
            captured: BySeat::default(),
            to_move: Seat::FIRST,
            placed_this_turn: 0,
            continuation: None,
            turn_captured: false,
            captures_this_turn: 0,
            quiet_turns: 0,
            outcome: None,
            steps: Vec::new(),
            endings: Vec::new(),
        }
    }

    /// A movement-phase position from a diagram (rows of `X`, `O`, `.`, top rank
    /// first), for analysis and tests. Stones missing from a side count as captured by
    /// the other. The history starts empty.
    pub fn from_position<S: AsRef<str>>(
        options: Options,
        rows: &[S],
        to_move: Seat,
    ) -> Result<Sidja, String> {
        let board = Board::from_rows(rows)?;
        if board.dims() != Dims::square(options.size) {
            return Err(format!(
                "the diagram is {}, the options say {}×{}",
                board.dims(),
                options.size,
                options.size
            ));
        }
        let stones = options.stones_per_player();
        let mut captured = BySeat::default();
        for seat in [Seat::FIRST, Seat::SECOND] {
            let on_board = board.count(seat);
            if on_board > stones {
                return Err(format!(
                    "seat {seat} has {on_board} stones, more than {stones}"
                ));
            }
            captured[seat.next(2)] = stones - on_board;
        }
        let mut game = Sidja {
            board,
            in_hand: BySeat::default(),
            captured,
            to_move,
            ..Sidja::new(options)
        };
        for seat in [Seat::FIRST, Seat::SECOND] {
            if game.board.count(seat) <= 1 {
                game.outcome = Some(Outcome::win(seat.next(2), Reason::OneStoneLeft));
            }
        }
        if game.outcome.is_none() {
            game.start_turn();
        }
        Ok(game)
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn dims(&self) -> Dims {
        self.board.dims()
    }

    pub fn centre(&self) -> Square {
        self.board.centre()
    }

    pub fn in_hand(&self, seat: Seat) -> u8 {
        self.in_hand[seat]
    }

    /// Stones `seat` has captured.
    pub fn captured_by(&self, seat: Seat) -> u8 {
        self.captured[seat]
    }

    pub fn is_placing(&self) -> bool {
        self.in_hand[Seat::FIRST] + self.in_hand[Seat::SECOND] > 0
    }

    pub fn continuation(&self) -> Option<Continuation> {
        self.continuation
    }

    pub fn quiet_turns(&self) -> u16 {
        self.quiet_turns
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The steps of the most recent turn, its passes included: what an image of the
    /// position should highlight.
    pub fn last_turn(&self) -> &[Step] {
        let Some(last) = self.steps.last() else {
            return &[];
        };
        let start = self
            .steps
            .iter()
            .rposition(|s| s.seat != last.seat)
            .map_or(0, |i| i + 1);
        &self.steps[start..]
    }

    /// Says whether `action` is legal now, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        if let Some(outcome) = &self.outcome {
            return Err(IllegalAction::GameOver(outcome.clone()));
        }
        let dims = self.dims();
        let on_board = |square: Square| {
            if dims.contains(square) {
                Ok(())
            } else {
                Err(IllegalAction::OffBoard { square, dims })
            }
        };
        match action {
            Action::Pass => match self.continuation {
                Some(Continuation::AnyMove) => Ok(()),
                _ => Err(IllegalAction::PassTyped),
            },
            Action::Place(sq) => {
                on_board(sq)?;
                if !self.is_placing() {
                    return Err(IllegalAction::AllPlaced);
                }
                if sq == self.centre() {
                    return Err(IllegalAction::Centre(sq));
                }
                if self.board.get(sq).is_some() {
                    return Err(IllegalAction::Taken(sq));
                }
                Ok(())
            }
            Action::Move { from, to } => {
                on_board(from)?;
                on_board(to)?;
                if self.is_placing() {
                    return Err(IllegalAction::StillPlacing(self.in_hand[self.to_move]));
                }
                match self.board.get(from) {
                    None => return Err(IllegalAction::Empty(from)),
                    Some(seat) if seat != self.to_move => {
                        return Err(IllegalAction::NotYours(from))
                    }
                    Some(_) => {}
                }
                let variant = self.options.variant;
                let is_step = variant
                    .move_dirs()
                    .iter()
                    .any(|d| dims.offset(from, *d, 1) == Some(to));
                if !is_step {
                    return Err(IllegalAction::NotAStep {
                        from,
                        to,
                        diagonals: variant == Variant::Sidja,
                    });
                }
                if self.board.get(to).is_some() {
                    return Err(IllegalAction::Occupied(to));
                }
                match self.continuation {
                    None | Some(Continuation::AnyMove) => Ok(()),
                    Some(Continuation::Stone(stone)) if stone != from => {
                        Err(IllegalAction::SameStone(stone))
                    }
                    Some(Continuation::Capturing | Continuation::Stone(_)) => {
                        if self.capture_mask(from, to, self.to_move) == 0 {
                            Err(IllegalAction::MustCapture(action))
                        } else {
                            Ok(())
                        }
                    }
                }
            }
        }
    }

    /// Which of the variant's capture directions capture if `seat` moves `from`-`to`, as
    /// bits. Only the moved stone captures, and only stones it now sandwiches.
    fn capture_mask(&self, from: Square, to: Square, seat: Seat) -> u8 {
        let dims = self.dims();
        let seega = self.options.variant == Variant::Seega;
        let mut mask = 0;
        for (i, d) in self.options.variant.capture_dirs().iter().enumerate() {
            let Some(enemy) = dims.offset(to, *d, 1) else {
                continue;
            };
            let Some(beyond) = dims.offset(to, *d, 2) else {
                continue;
            };
            // `from` is next to `to`, so it is never `beyond`; as `enemy` it holds the
            // mover's own stone, which is not captured.
            if self.board.get(enemy) == Some(seat.next(2))
                && self.board.get(beyond) == Some(seat)
                && beyond != from
                && !(seega && enemy == self.centre())
            {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Calls `f` with every step of `seat`'s stones to an empty square, while it says go
    /// on; says whether it was stopped.
    fn for_each_step(&self, seat: Seat, mut f: impl FnMut(Square, Square) -> bool) -> bool {
        let dims = self.dims();
        for (from, stone) in self.board.stones() {
            if stone != seat {
                continue;
            }
            for d in self.options.variant.move_dirs() {
                if let Some(to) = dims.offset(from, *d, 1) {
                    if self.board.get(to).is_none() && !f(from, to) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn can_step(&self, seat: Seat) -> bool {
        self.for_each_step(seat, |_, _| false)
    }

    fn legal_moves(&self) -> Vec<Action> {
        let mut moves = Vec::new();
        let seat = self.to_move;
        self.for_each_step(seat, |from, to| {
            let allowed = match self.continuation {
                None | Some(Continuation::AnyMove) => true,
                Some(Continuation::Capturing) => self.capture_mask(from, to, seat) != 0,
                Some(Continuation::Stone(stone)) => {
                    stone == from && self.capture_mask(from, to, seat) != 0
                }
            };
            if allowed {
                moves.push(Action::Move { from, to });
            }
            true
        });
        moves
    }

    fn has_legal_action(&self) -> bool {
        match self.continuation {
            None | Some(Continuation::AnyMove) => self.can_step(self.to_move),
            Some(_) => !self.legal_moves().is_empty(),
        }
    }

    fn place(&mut self, sq: Square) {
        let seat = self.to_move;
        self.board.set(sq, Some(seat));
        self.in_hand[seat] -= 1;
        self.placed_this_turn += 1;
        self.steps.push(Step {
            seat,
            action: Some(ActionText(Action::Place(sq))),
            captured: Vec::new(),
        });
        if !self.is_placing() {
            self.placed_this_turn = 0;
            self.to_move = self.options.variant.first_mover();
            self.start_turn();
        } else if self.placed_this_turn == self.options.drop || self.in_hand[seat] == 0 {
            self.placed_this_turn = 0;
            self.to_move = seat.next(2);
        }
    }

    fn step(&mut self, from: Square, to: Square) {
        let seat = self.to_move;
        let mask = self.capture_mask(from, to, seat);
        self.board.set(from, None);
        self.board.set(to, Some(seat));
        let dims = self.dims();
        let captured: Vec<Square> = self
            .options
            .variant
            .capture_dirs()
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .filter_map(|(_, d)| dims.offset(to, *d, 1))
            .collect();
        for sq in &captured {
            self.board.set(*sq, None);
        }
        self.captured[seat] += captured.len() as u8;
        let any_captured = !captured.is_empty();
        self.steps.push(Step {
            seat,
            action: Some(ActionText(Action::Move { from, to })),
            captured,
        });
        if !any_captured {
            self.end_turn();
            return;
        }
        self.turn_captured = true;
        self.captures_this_turn += 1;
        if self.board.count(seat.next(2)) <= 1 {
            self.outcome = Some(Outcome::win(seat, Reason::OneStoneLeft));
            return;
        }
        // Seega's `chain=2`: the second capturing move of a turn ends it.
        if self
            .options
            .chain
            .limit()
            .is_some_and(|limit| self.captures_this_turn >= limit)
        {
            self.end_turn();
            return;
        }
        self.continuation = Some(match self.options.variant {
            Variant::Sudan => Continuation::AnyMove,
            Variant::Sidja => Continuation::Capturing,
            Variant::Seega => Continuation::Stone(to),
        });
        // A capture that earns further moves when none is possible simply ends the turn.
        if !self.has_legal_action() {
            self.end_turn();
        }
    }

    /// A typed `pass`: the sudan player declines the extra move. The turn captured, so
    /// it counts as a capturing turn for the stall rule.
    fn decline(&mut self) {
        self.steps.push(Step {
            seat: self.to_move,
            action: Some(ActionText(Action::Pass)),
            captured: Vec::new(),
        });
        self.end_turn();
    }

    fn end_turn(&mut self) {
        self.continuation = None;
        self.captures_this_turn = 0;
        if std::mem::take(&mut self.turn_captured) {
            self.quiet_turns = 0;
        } else {
            self.quiet_turns += 1;
        }
        if self.stalled() {
            return;
        }
        self.to_move = self.to_move.next(2);
        self.start_turn();
    }

    /// A movement turn begins: a player who cannot move passes, and when neither can,
    /// the game ends and is scored as the stall rule says. With seega's `blocked=lose`
    /// the player who cannot move loses instead.
    fn start_turn(&mut self) {
        let seat = self.to_move;
        if self.can_step(seat) {
            return;
        }
        if self.options.blocked == Blocked::Lose {
            self.outcome = Some(Outcome::win(seat.next(2), Reason::CannotMove));
            return;
        }
        if !self.can_step(seat.next(2)) {
            self.score_by_captures(Reason::BothBlocked);
            return;
        }
        self.steps.push(Step {
            seat,
            action: None,
            captured: Vec::new(),
        });
        self.quiet_turns += 1;
        if !self.stalled() {
            self.to_move = seat.next(2);
        }
    }

    /// Ends the game if N full rounds (2N turns) went by without a capture.
    fn stalled(&mut self) -> bool {
        if self.quiet_turns >= 2 * self.options.stall_rounds() {
            self.score_by_captures(Reason::Stall);
            true
        } else {
            false
        }
    }

    /// The player who has captured more stones wins; equal captures draw.
    fn score_by_captures(&mut self, reason: Reason) {
        let (first, second) = (self.captured[Seat::FIRST], self.captured[Seat::SECOND]);
        self.outcome = Some(match first.cmp(&second) {
            std::cmp::Ordering::Greater => Outcome::win(Seat::FIRST, reason),
            std::cmp::Ordering::Less => Outcome::win(Seat::SECOND, reason),
            std::cmp::Ordering::Equal => Outcome::draw(reason),
        });
    }

    /// A text diagram: the board with coordinates, then hands, captures and the state.
    pub fn diagram(&self) -> String {
        let dims = self.dims();
        let mut out = String::new();
        for (i, row) in self.board.rows().iter().enumerate() {
            let rank = dims.ranks as usize - i;
            let cells: Vec<String> = row
                .chars()
                .enumerate()
                .map(|(file, c)| {
                    let centre = Square::new(file as u8, rank as u8 - 1) == self.centre();
                    if centre && c == '.' {
                        "+"
                    } else {
                        &row[file..file + 1]
                    }
                    .to_string()
                })
                .collect();
            out += &format!("{rank:>2}  {}\n", cells.join(" "));
        }
        let files: Vec<String> = (0..dims.files)
            .map(|f| ((b'a' + f) as char).to_string())
            .collect();
        out += &format!("    {}\n", files.join(" "));
        for seat in [Seat::FIRST, Seat::SECOND] {
            out += &format!(
                "{} seat {seat}: {} on the board, {} in hand, {} captured\n",
                symbol(Some(seat)),
                self.board.count(seat),
                self.in_hand[seat],
                self.captured[seat]
            );
        }
        out
    }
}

impl Game for Sidja {
    type Action = Action;
    type Error = IllegalAction;
    type Note = Note;
    type Preview = Preview;

    fn kind(&self) -> GameKind {
        GameKind::Sidja
    }

    fn game_options(&self) -> GameOptions {
        GameOptions::Sidja(self.options)
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        if self.is_placing() {
            let centre = self.centre();
            return self
                .dims()
                .squares()
                .filter(|sq| *sq != centre && self.board.get(*sq).is_none())
                .map(Action::Place)
                .collect();
        }
        let mut actions = self.legal_moves();
        if self.continuation == Some(Continuation::AnyMove) {
            actions.push(Action::Pass);
        }
        actions
    }

    fn parse_action(&self, text: &str) -> Result<Action, IllegalAction> {
        let action =
            Action::parse(text).ok_or_else(|| IllegalAction::Syntax(text.trim().to_string()))?;
        self.check(action)?;
        Ok(action)
    }

    fn try_play(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.check(action)?;
        match action {
            Action::Place(sq) => self.place(sq),
            Action::Move { from, to } => self.step(from, to),
            Action::Pass => self.decline(),
        }
        Ok(())
    }

    fn history(&self) -> Vec<String> {
        self.steps.iter().map(Step::text).collect()
    }
    fn history_seats(&self) -> Vec<Seat> {
        self.steps.iter().map(|s| s.seat).collect()
    }

    fn automatic(&self) -> Vec<bool> {
        self.steps.iter().map(|s| s.action.is_none()).collect()
    }

    crate::game::two_player_endings!();

    fn notes_since(&self, from: usize) -> Vec<Note> {
        self.steps
            .iter()
            .skip(from)
            .filter_map(|s| match (s.action(), s.captured.as_slice()) {
                (None, _) => Some(Note::Passes(s.seat)),
                (Some(Action::Pass), _) => Some(Note::DeclinesExtraMove(s.seat)),
                (Some(_), []) => None,
                (Some(action), squares) => Some(Note::Captures {
                    action,
                    squares: squares.to_vec(),
                }),
            })
            .collect()
    }

    fn preview(&self, action: Action) -> Option<Preview> {
        let mut next = self.clone();
        next.try_play(action).ok()?;
        let captured: Vec<Square> = next.steps[self.steps.len()..]
            .iter()
            .flat_map(|s| s.captured.iter().copied())
            .collect();
        Some(if !captured.is_empty() {
            Preview::Captures(captured)
        } else if action == Action::Pass {
            Preview::EndsTurn
        } else if self.is_placing() {
            Preview::Places
        } else {
            Preview::Steps
        })
    }

    fn pieces(&self) -> Vec<BoardPiece> {
        self.board
            .stones()
            .map(|(sq, seat)| BoardPiece {
                at: sq.to_string(),
                seat,
                height: None,
                bound: None,
                kind: None,
            })
            .collect()
    }

    fn hands(&self) -> Option<InHand> {
        Some(InHand::Count(
            self.in_hand.iter().map(|(seat, n)| (seat, *n)).collect(),
        ))
    }

    fn board_diagram(&self) -> String {
        self.diagram()
    }

    fn title(&self) -> String {
        format!("sidja ({})", self.options)
    }
}

impl GameSetup for Sidja {
    type Options = Options;
    const KIND: GameKind = GameKind::Sidja;
    const SEATS: u8 = 2;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn start(options: Options) -> Sidja {
        Sidja::new(options)
    }

    fn read_options(values: &OptionValues) -> Options {
        Options::read(values)
    }

    fn write_options(options: &Options) -> OptionValues {
        options.write()
    }
}
