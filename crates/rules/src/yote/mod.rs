//! Yoté (docs/rules.md, "Yoté"): a 6×5 board, empty at the start, and 12 pieces a side
//! in reserve.
//!
//! A turn drops a reserve piece, steps a piece, or captures by jumping (as in draughts,
//! but orthogonally, and as far as the player likes); every capture also removes one
//! more of the opponent's pieces from the board, the player's choice.

mod action;
mod board;
mod error;
mod inspect;

pub use action::{Action, Capture, Parsed, MAX_JUMPS};
pub use board::{symbol, Board, DIMS};
pub use error::IllegalAction;

use crate::{
    BoardPiece, BySeat, Dims, Dir, EndingAt, Game, GameKind, GameOptions, InHand, Outcome, Reason,
    Seat, Square,
};
use serde::{Deserialize, Serialize};

/// Pieces each player starts with, all in reserve.
pub const PIECES: u8 = 12;

/// Turns in a row without a capture or a drop that end the game in a draw (30 full
/// rounds).
pub const STALL_TURNS: u16 = 60;

/// One entry of the game's record: an action or an automatic pass, and who made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub seat: Seat,
    /// `None` for an automatic pass.
    pub action: Option<ActionText<Action>>,
}

/// An action kept as its canonical text.
pub use crate::notation::ActionText;

impl crate::notation::Canonical for Action {
    const GAME: &'static str = "yoté";

    fn from_canonical(text: &str) -> Option<Action> {
        match Action::parse(text) {
            Ok(Parsed::Action(a)) => Some(a),
            _ => None,
        }
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

    /// The enemy pieces this action jumped over, in order.
    pub fn jumped(&self) -> Vec<Square> {
        match self.action() {
            Some(Action::Capture(c)) => c.jumped().collect(),
            _ => Vec::new(),
        }
    }

    /// The enemy piece removed as the bonus of a capture.
    pub fn removed(&self) -> Option<Square> {
        match self.action() {
            Some(Action::Capture(c)) => c.bonus(),
            _ => None,
        }
    }

    /// What the action did, for menus.
    pub fn preview(&self) -> Preview {
        match self.action() {
            None => Preview::Passes,
            Some(Action::Drop(_)) => Preview::Drops,
            Some(Action::Step { .. }) => Preview::Steps,
            Some(Action::Capture(c)) => Preview::Captures(c),
        }
    }

    /// What a reply should say beyond the action's text: its captures and removal, or
    /// the automatic pass.
    pub fn note(&self) -> Option<Note> {
        match self.action() {
            None => Some(Note::Passes(self.seat)),
            Some(Action::Capture(c)) => Some(Note::Captures(c)),
            Some(_) => None,
        }
    }
}

/// What happened in a turn beyond its action's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The seat had no legal action and passed (automatically).
    Passes(Seat),
    /// The capture's jumped pieces and bonus removal.
    Captures(Capture),
}

/// What an action would do, for menus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Preview {
    Passes,
    Drops,
    Steps,
    Captures(Capture),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Yote {
    board: Board,
    reserve: BySeat<u8>,
    /// Pieces each seat has taken (jumped and removed).
    captured: BySeat<u8>,
    to_move: Seat,
    /// Turns in a row without a capture or a drop, passes included.
    quiet_turns: u16,
    outcome: Option<Outcome>,
    steps: Vec<Step>,
    /// Resignation, time or agreement, where they came (states stored before endings
    /// were the engine's have none).
    #[serde(default)]
    endings: Vec<EndingAt>,
}

impl Default for Yote {
    fn default() -> Yote {
        Yote::new()
    }
}

impl Yote {
    pub fn new() -> Yote {
        Yote {
            board: Board::empty(),
            reserve: BySeat::new(PIECES, PIECES),
            captured: BySeat::default(),
            to_move: Seat::FIRST,
            quiet_turns: 0,
            outcome: None,
            steps: Vec::new(),
            endings: Vec::new(),
        }
    }

    /// A position from a diagram (rows of `X`, `O`, `.`, top rank first) and each seat's
    /// reserve, for analysis and tests. Pieces neither on the board nor in reserve count
    /// as captured by the other seat. The history starts empty; the end checks and the
    /// pass rule apply at once.
    pub fn from_position<S: AsRef<str>>(
        rows: &[S],
        reserve: BySeat<u8>,
        to_move: Seat,
    ) -> Result<Yote, String> {
        let board = Board::from_rows(rows)?;
        let mut captured = BySeat::default();
        for seat in [Seat::FIRST, Seat::SECOND] {
            let own = board.count(seat) + reserve[seat];
            if own > PIECES {
                return Err(format!(
                    "seat {seat} has {own} pieces on the board and in reserve, more than {PIECES}"
                ));
            }
            if own == 0 {
                return Err(format!("seat {seat} has no pieces: the game would be over"));
            }
            captured[seat.next(2)] = PIECES - own;
        }
        let mut game = Yote {
            board,
            reserve,
            captured,
            to_move,
            ..Yote::new()
        };
        if !game.end_checks(to_move.next(2)) {
            game.start_turn();
        }
        Ok(game)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn dims(&self) -> Dims {
        DIMS
    }

    /// Pieces `seat` still has in reserve.
    pub fn in_hand(&self, seat: Seat) -> u8 {
        self.reserve[seat]
    }

    /// Pieces `seat` has taken from the opponent (jumped and removed).
    pub fn captured_by(&self, seat: Seat) -> u8 {
        self.captured[seat]
    }

    /// Turns in a row without a capture or a drop.
    pub fn quiet_turns(&self) -> u16 {
        self.quiet_turns
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The most recent action and the passes after it: what an image of the position
    /// should show.
    pub fn last_turn(&self) -> &[Step] {
        let start = self
            .steps
            .iter()
            .rposition(|s| s.action.is_some())
            .unwrap_or(0);
        &self.steps[start..]
    }

    fn on_board(square: Square) -> Result<(), IllegalAction> {
        if DIMS.contains(square) {
            Ok(())
        } else {
            Err(IllegalAction::OffBoard { square, dims: DIMS })
        }
    }

    fn own_piece(&self, sq: Square) -> Result<(), IllegalAction> {
        Yote::on_board(sq)?;
        match self.board.get(sq) {
            None => Err(IllegalAction::Empty(sq)),
            Some(seat) if seat != self.to_move => Err(IllegalAction::NotYours(sq)),
            Some(_) => Ok(()),
        }
    }

    /// Plays a capture's jumps on a copy of the board (its bonus aside), checking each:
    /// the board after them, the mover on its landing square.
    fn run_chain(&self, c: &Capture) -> Result<Board, IllegalAction> {
        let seat = self.to_move;
        self.own_piece(c.from())?;
        let mut board = self.board;
        board.set(c.from(), None);
        let mut at = c.from();
        for (&to, over) in c.landings().iter().zip(c.jumped()) {
            Yote::on_board(to)?;
            let in_line = (at.file == to.file && at.rank.abs_diff(to.rank) == 2)
                || (at.rank == to.rank && at.file.abs_diff(to.file) == 2);
            if !in_line {
                return Err(IllegalAction::NotAJump { from: at, to });
            }
            if board.get(over) != Some(seat.next(2)) {
                return Err(IllegalAction::NothingToJump { from: at, over, to });
            }
            if board.get(to).is_some() {
                return Err(IllegalAction::LandingTaken { from: at, to });
            }
            board.set(over, None);
            at = to;
        }
        board.set(at, Some(seat));
        Ok(board)
    }

    /// The opponent's pieces a capture's chain leaves on the board: the choices for its
    /// bonus removal (empty: the capture has no bonus part).
    pub fn bonus_choices(&self, c: &Capture) -> Result<Vec<Square>, IllegalAction> {
        let board = self.run_chain(c)?;
        Ok(board.squares_of(self.to_move.next(2)).collect())
    }

    /// Says whether `action` is legal now, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        if let Some(outcome) = &self.outcome {
            return Err(IllegalAction::GameOver(outcome.clone()));
        }
        let seat = self.to_move;
        match action {
            Action::Drop(sq) => {
                Yote::on_board(sq)?;
                if self.reserve[seat] == 0 {
                    return Err(IllegalAction::NoReserve);
                }
                if self.board.get(sq).is_some() {
                    return Err(IllegalAction::Occupied(sq));
                }
                Ok(())
            }
            Action::Step { from, to } => {
                self.own_piece(from)?;
                Yote::on_board(to)?;
                let (df, dr) = (from.file.abs_diff(to.file), from.rank.abs_diff(to.rank));
                if df + dr != 1 {
                    let looks_like_a_jump = (df, dr) == (2, 0) || (df, dr) == (0, 2);
                    return Err(IllegalAction::NotAStep {
                        from,
                        to,
                        looks_like_a_jump,
                    });
                }
                if self.board.get(to).is_some() {
                    return Err(IllegalAction::Occupied(to));
                }
                Ok(())
            }
            Action::Capture(c) => {
                let board = self.run_chain(&c)?;
                let enemy = seat.next(2);
                let left = board.count(enemy);
                match c.bonus() {
                    None if left == 0 => Ok(()),
                    None => Err(IllegalAction::BonusNeeded {
                        chain: c.chain_text(),
                        choices: board.squares_of(enemy).collect(),
                    }),
                    Some(bonus) if left == 0 => Err(IllegalAction::NoBonusLeft {
                        chain: c.chain_text(),
                        bonus,
                    }),
                    Some(bonus) => {
                        Yote::on_board(bonus)?;
                        if board.get(bonus) == Some(enemy) {
                            Ok(())
                        } else if c.jumped().any(|j| j == bonus) {
                            Err(IllegalAction::BonusJumped(bonus))
                        } else {
                            Err(IllegalAction::BonusNotTheirs(bonus))
                        }
                    }
                }
            }
        }
    }

    /// Whether `seat` has any legal action in the current position.
    fn can_act(&self, seat: Seat) -> bool {
        if self.reserve[seat] > 0 && self.board.pieces().count() < DIMS.area() {
            return true;
        }
        let enemy = Some(seat.next(2));
        self.board.squares_of(seat).any(|from| {
            Dir::ORTHOGONAL.iter().any(|d| {
                match DIMS.offset(from, *d, 1) {
                    None => false,
                    Some(next) => match self.board.get(next) {
                        None => true,
                        // A jump: an enemy next to it and an empty square behind.
                        over if over == enemy => DIMS
                            .offset(from, *d, 2)
                            .is_some_and(|to| self.board.get(to).is_none()),
                        Some(_) => false,
                    },
                }
            })
        })
    }

    /// Adds every capture that goes on from `at`, on `board` (without the moving piece),
    /// each prefix of each chain with each of its bonus choices.
    fn add_jumps(
        &self,
        board: &mut Board,
        at: Square,
        chain: Option<Capture>,
        out: &mut Vec<Action>,
    ) {
        let enemy = self.to_move.next(2);
        for d in Dir::ORTHOGONAL {
            let (Some(over), Some(to)) = (DIMS.offset(at, d, 1), DIMS.offset(at, d, 2)) else {
                continue;
            };
            if board.get(over) != Some(enemy) || board.get(to).is_some() {
                continue;
            }
            board.set(over, None);
            let next = match chain {
                None => Capture::new(at, &[to], None).expect("one landing"),
                Some(c) => c.then(to),
            };
            let before = out.len();
            out.extend(
                board
                    .squares_of(enemy)
                    .map(|bonus| Action::Capture(next.with_bonus(Some(bonus)))),
            );
            if out.len() == before {
                out.push(Action::Capture(next));
            }
            if next.landings().len() < MAX_JUMPS {
                self.add_jumps(board, to, Some(next), out);
            }
            board.set(over, Some(enemy));
        }
    }

    fn apply(&mut self, action: Action) {
        let seat = self.to_move;
        let progress = match action {
            Action::Drop(sq) => {
                self.board.set(sq, Some(seat));
                self.reserve[seat] -= 1;
                true
            }
            Action::Step { from, to } => {
                self.board.set(from, None);
                self.board.set(to, Some(seat));
                false
            }
            Action::Capture(c) => {
                self.board.set(c.from(), None);
                for over in c.jumped() {
                    self.board.set(over, None);
                    self.captured[seat] += 1;
                }
                self.board.set(c.to(), Some(seat));
                if let Some(bonus) = c.bonus() {
                    self.board.set(bonus, None);
                    self.captured[seat] += 1;
                }
                true
            }
        };
        self.steps.push(Step {
            seat,
            action: Some(ActionText(action)),
        });
        self.quiet_turns = if progress { 0 } else { self.quiet_turns + 1 };
        if !self.end_checks(seat) {
            self.to_move = seat.next(2);
            self.start_turn();
        }
    }

    /// The end checks after an action of `mover`, in the order docs/rules.md gives; says
    /// whether the game ended.
    fn end_checks(&mut self, mover: Seat) -> bool {
        let other = mover.next(2);
        let on_board = |seat| self.board.count(seat);
        self.outcome = if on_board(other) + self.reserve[other] == 0 {
            Some(Outcome::win(mover, Reason::NoPiecesLeft))
        } else if self.reserve[mover] + self.reserve[other] == 0
            && on_board(mover) + on_board(other) == 3
            && on_board(mover).abs_diff(on_board(other)) == 1
        {
            Some(Outcome::draw(Reason::TwoAgainstOne))
        } else if self.quiet_turns >= STALL_TURNS {
            Some(Outcome::draw(Reason::NoCaptureOrDrop))
        } else {
            None
        };
        self.outcome.is_some()
    }

    /// A turn begins: a player with no legal action passes; when neither has one the
    /// game ends, scored by the stall rule (a draw).
    fn start_turn(&mut self) {
        let seat = self.to_move;
        if self.can_act(seat) {
            return;
        }
        if !self.can_act(seat.next(2)) {
            self.outcome = Some(Outcome::draw(Reason::BothBlocked));
            return;
        }
        self.steps.push(Step { seat, action: None });
        self.quiet_turns += 1;
        if self.quiet_turns >= STALL_TURNS {
            self.outcome = Some(Outcome::draw(Reason::NoCaptureOrDrop));
        } else {
            self.to_move = seat.next(2);
        }
    }

    /// A text diagram: the board with coordinates, then reserves, captures and the count
    /// of quiet turns.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for (i, row) in self.board.rows().iter().enumerate() {
            let rank = DIMS.ranks as usize - i;
            let cells: Vec<String> = row.chars().map(String::from).collect();
            out += &format!("{rank:>2}  {}\n", cells.join(" "));
        }
        let files: Vec<String> = (0..DIMS.files)
            .map(|f| ((b'a' + f) as char).to_string())
            .collect();
        out += &format!("    {}\n", files.join(" "));
        for seat in [Seat::FIRST, Seat::SECOND] {
            out += &format!(
                "{} seat {seat}: {} on the board, {} in reserve, {} captured\n",
                symbol(Some(seat)),
                self.board.count(seat),
                self.reserve[seat],
                self.captured[seat]
            );
        }
        out += &format!(
            "{} of {STALL_TURNS} turns without a capture or a drop\n",
            self.quiet_turns
        );
        out
    }
}

impl Game for Yote {
    type Action = Action;
    type Error = IllegalAction;
    type Note = Note;
    type Preview = Preview;

    fn kind(&self) -> GameKind {
        GameKind::Yote
    }

    fn game_options(&self) -> GameOptions {
        GameOptions::Yote(())
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        let seat = self.to_move;
        if self.reserve[seat] > 0 {
            out.extend(
                DIMS.squares()
                    .filter(|sq| self.board.get(*sq).is_none())
                    .map(Action::Drop),
            );
        }
        for from in self.board.squares_of(seat) {
            for d in Dir::ORTHOGONAL {
                if let Some(to) = DIMS.offset(from, d, 1) {
                    if self.board.get(to).is_none() {
                        out.push(Action::Step { from, to });
                    }
                }
            }
        }
        for from in self.board.squares_of(seat) {
            let mut board = self.board;
            board.set(from, None);
            self.add_jumps(&mut board, from, None, &mut out);
        }
        out
    }

    fn parse_action(&self, text: &str) -> Result<Action, IllegalAction> {
        let action = match Action::parse(text)? {
            Parsed::Pass => return Err(IllegalAction::PassTyped),
            Parsed::Action(action) => action,
        };
        // The bonus may be left out when only one piece could be removed.
        let action = match action {
            Action::Capture(c) if c.bonus().is_none() && self.outcome.is_none() => {
                match self.bonus_choices(&c).as_deref() {
                    Ok([only]) => Action::Capture(c.with_bonus(Some(*only))),
                    _ => action,
                }
            }
            _ => action,
        };
        self.check(action)?;
        Ok(action)
    }

    fn try_play(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply(action);
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

    fn notes_since(&self, from: usize) -> Vec<Note> {
        self.steps
            .iter()
            .skip(from)
            .filter_map(Step::note)
            .collect()
    }

    fn preview(&self, action: Action) -> Option<Preview> {
        let mut next = self.clone();
        next.try_play(action).ok()?;
        next.steps.get(self.steps.len()).map(Step::preview)
    }

    fn pieces(&self) -> Vec<BoardPiece> {
        self.board
            .pieces()
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
            self.reserve.iter().map(|(seat, n)| (seat, *n)).collect(),
        ))
    }

    crate::game::two_player_endings!();

    fn board_diagram(&self) -> String {
        self.diagram()
    }
}

crate::game::setup_without_options!(Yote, Yote);
