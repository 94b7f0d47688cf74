//! Banglagor (docs/rules.md, "Banglagor"): columns of height 1 to 3 on an 8×12 board of
//! two lands.
//!
//! Columns are placed one a turn in each player's own land; then a free column walks
//! exactly its height in orthogonal steps and attacks an enemy column next to where it
//! ends: removed if the attacker's free columns around it are higher together than it,
//! bound otherwise. A column on the enemy's last rank may be relocated anywhere. The
//! player whose total height falls below half the other's loses.

mod action;
mod board;
mod check;
mod error;
mod inspect;
pub mod paths;
mod record;

pub use action::{Action, Parsed};
pub use board::{adjacent, symbol, Board, Column, DIMS, FILES, RANKS};
pub use error::IllegalAction;
pub use record::{ActionText, Attack, Note, Preview, Step};

use crate::{
    BoardPiece, BySeat, Dims, EndingAt, Game, GameKind, GameOptions, InHand, Outcome, Reason, Seat,
    Square,
};
use board::{index, neighbours_of, square_at};
use serde::{Deserialize, Serialize};

/// Columns of each height a player starts with.
pub const PER_HEIGHT: u8 = 6;
/// Each player's total height at the start.
pub const START_HEIGHT: u8 = 36;
/// Turns in a row without a move onto enemy land that draw the game (10 full rounds).
pub const QUIET_LIMIT: u16 = 20;

/// Whether `sq` is in `seat`'s land (ranks 1–6 for the first player, 7–12 for the second).
pub fn in_land(seat: Seat, sq: Square) -> bool {
    (sq.rank < RANKS / 2) == (seat == Seat::FIRST)
}

/// `seat`'s border row, zero-based: rank 6 for the first player, rank 7 for the second.
pub fn border_rank(seat: Seat) -> u8 {
    if seat == Seat::FIRST {
        RANKS / 2 - 1
    } else {
        RANKS / 2
    }
}

/// The enemy's last rank, zero-based, from which `seat`'s columns may be relocated:
/// rank 12 for the first player, rank 1 for the second.
pub fn relocation_rank(seat: Seat) -> u8 {
    if seat == Seat::FIRST {
        RANKS - 1
    } else {
        0
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Banglagor {
    board: Board,
    /// Columns not yet placed, by height (index 0 for height 1).
    in_hand: BySeat<[u8; 3]>,
    /// Columns each seat has lost (removed by attacks), by height.
    lost: BySeat<[u8; 3]>,
    to_move: Seat,
    /// Turns in a row, from the first move, in which no column moved onto enemy land.
    quiet_turns: u16,
    outcome: Option<Outcome>,
    steps: Vec<Step>,
    /// Resignation, time or agreement, where they came (states stored before endings
    /// were the engine's have none).
    #[serde(default)]
    endings: Vec<EndingAt>,
}

impl Default for Banglagor {
    fn default() -> Banglagor {
        Banglagor::new()
    }
}

impl Banglagor {
    pub fn new() -> Banglagor {
        let hand = [PER_HEIGHT; 3];
        Banglagor {
            board: Board::empty(),
            in_hand: BySeat::new(hand, hand),
            lost: BySeat::default(),
            to_move: Seat::FIRST,
            quiet_turns: 0,
            outcome: None,
            steps: Vec::new(),
            endings: Vec::new(),
        }
    }

    /// A movement-phase position from a diagram (12 rows of tokens, top rank first: `.`
    /// empty, `X3` a first player's column 3 high, `O2` a second player's, `*` after a
    /// bound one), for analysis and tests. Columns missing from a side count as removed.
    /// The history starts empty; the end checks are made at once (a side below half the
    /// other's height has lost, a player who cannot act passes).
    pub fn from_position<S: AsRef<str>>(rows: &[S], to_move: Seat) -> Result<Banglagor, String> {
        let board = Board::from_rows(rows)?;
        let mut lost = BySeat::<[u8; 3]>::default();
        for seat in [Seat::FIRST, Seat::SECOND] {
            for h in 1..=3u8 {
                let n = board
                    .columns()
                    .filter(|(_, c)| c.seat == seat && c.height == h)
                    .count() as u8;
                if n > PER_HEIGHT {
                    return Err(format!(
                        "seat {seat} has {n} columns of height {h}, more than {PER_HEIGHT}"
                    ));
                }
                lost[seat][h as usize - 1] = PER_HEIGHT - n;
            }
        }
        let mut game = Banglagor {
            board,
            in_hand: BySeat::default(),
            lost,
            to_move,
            ..Banglagor::new()
        };
        if let Some(winner) = game.height_winner() {
            game.outcome = Some(Outcome::win(winner, Reason::HalfHeight));
        } else {
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

    /// `seat`'s columns not yet placed, by height (index 0 for height 1).
    pub fn in_hand(&self, seat: Seat) -> [u8; 3] {
        self.in_hand[seat]
    }

    /// `seat`'s columns removed by attacks, by height.
    pub fn lost(&self, seat: Seat) -> [u8; 3] {
        self.lost[seat]
    }

    /// The sum of the heights of `seat`'s columns on the board, bound ones included.
    pub fn total_height(&self, seat: Seat) -> u8 {
        let gone: u8 = (0..3)
            .map(|i| (i as u8 + 1) * (self.in_hand[seat][i] + self.lost[seat][i]))
            .sum();
        START_HEIGHT - gone
    }

    pub fn is_placing(&self) -> bool {
        self.in_hand.0.iter().flatten().any(|n| *n > 0)
    }

    /// Turns in a row, counted from the first move, in which no column moved onto
    /// enemy land.
    pub fn quiet_turns(&self) -> u16 {
        self.quiet_turns
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The most recent action with the automatic passes after it (only passes if no
    /// action was played yet): what an image of the position should show.
    pub fn last_turn(&self) -> &[Step] {
        let start = self
            .steps
            .iter()
            .rposition(|s| s.action.is_some())
            .unwrap_or(0);
        &self.steps[start..]
    }

    /// Adds to `out` the actions of a column that ends on the square with index `to`:
    /// one per enemy column next to it, or one without a target when there is none.
    fn with_targets(
        &self,
        to: usize,
        make: impl Fn(Option<Square>) -> Action,
        out: &mut Vec<Action>,
    ) {
        let enemy = self.to_move.next(2);
        let before = out.len();
        for n in neighbours_of(to) {
            if self.board.at(n).is_some_and(|c| c.seat == enemy) {
                out.push(make(Some(square_at(n))));
            }
        }
        if out.len() == before {
            out.push(make(None));
        }
    }

    fn legal_moves(&self) -> Vec<Action> {
        let seat = self.to_move;
        let empty = self.board.empty_mask();
        let mut out = Vec::with_capacity(512);
        for i in 0..board::CELLS {
            let Some(column) = self.board.at(i) else {
                continue;
            };
            if column.seat != seat {
                continue;
            }
            let from = square_at(i);
            if column.bound {
                out.push(Action::Free(from));
                continue;
            }
            for to in paths::squares_of(paths::destinations(empty, i, column.height)) {
                let to_sq = square_at(to);
                self.with_targets(
                    to,
                    |target| Action::Move {
                        from,
                        to: to_sq,
                        target,
                    },
                    &mut out,
                );
            }
            if from.rank == relocation_rank(seat) {
                for to in paths::squares_of(empty) {
                    let to_sq = square_at(to);
                    self.with_targets(
                        to,
                        |target| Action::Relocate {
                            from,
                            to: to_sq,
                            target,
                        },
                        &mut out,
                    );
                }
            }
        }
        out
    }

    /// Whether `seat` has any legal action in the movement phase: a bound column to
    /// free, a free column next to an empty square (it can always walk its height, going
    /// back and forth if need be), or a free column on the enemy's last rank.
    fn can_act(&self, seat: Seat) -> bool {
        (0..board::CELLS).any(|i| {
            self.board.at(i).is_some_and(|c| {
                c.seat == seat
                    && (c.bound
                        || square_at(i).rank == relocation_rank(seat)
                        || neighbours_of(i).any(|n| self.board.is_empty_at(n)))
            })
        })
    }

    /// The winner by height: a player whose total is less than half the other's loses.
    fn height_winner(&self) -> Option<Seat> {
        let first = self.total_height(Seat::FIRST) as u16;
        let second = self.total_height(Seat::SECOND) as u16;
        if 2 * first < second {
            Some(Seat::SECOND)
        } else if 2 * second < first {
            Some(Seat::FIRST)
        } else {
            None
        }
    }

    fn place(&mut self, height: u8, at: Square) {
        let seat = self.to_move;
        self.board.set(at, Some(Column::new(seat, height)));
        self.in_hand[seat][height as usize - 1] -= 1;
        self.steps.push(Step {
            seat,
            action: Some(ActionText(Action::Place { height, at })),
            path: Vec::new(),
            attack: None,
        });
        if self.is_placing() {
            self.to_move = seat.next(2);
        } else {
            // Seat 2 placed last: the first player makes the first move.
            self.to_move = Seat::FIRST;
            self.start_turn();
        }
    }

    /// A move or relocation, then its attack.
    fn walk(&mut self, action: Action) {
        let seat = self.to_move;
        let (from, to, target, relocation) = match action {
            Action::Move { from, to, target } => (from, to, target, false),
            Action::Relocate { from, to, target } => (from, to, target, true),
            _ => unreachable!("walk is called with moves and relocations"),
        };
        let column = self.board.get(from).expect("a checked move has a column");
        let path = if relocation {
            vec![from, to]
        } else {
            paths::path(&self.board, from, to, column.height).expect("a checked move has a path")
        };
        self.board.set(from, None);
        self.board.set(to, Some(column));
        let attack = target.map(|t| self.attack(t));
        self.steps.push(Step {
            seat,
            action: Some(ActionText(action)),
            path,
            attack,
        });
        self.end_turn(!in_land(seat, to));
    }

    /// The mover attacks the column on `target`, with the board as it is after the move.
    fn attack(&mut self, target: Square) -> Attack {
        let seat = self.to_move;
        let victim = self
            .board
            .get(target)
            .expect("a checked target holds a column");
        let strength: u8 = neighbours_of(index(target))
            .filter_map(|n| self.board.at(n))
            .filter(|c| c.seat == seat && !c.bound)
            .map(|c| c.height)
            .sum();
        let removed = strength > victim.height;
        if removed {
            self.board.set(target, None);
            self.lost[victim.seat][victim.height as usize - 1] += 1;
        } else {
            self.board.set(
                target,
                Some(Column {
                    bound: true,
                    ..victim
                }),
            );
        }
        Attack {
            target,
            height: victim.height,
            strength,
            removed,
        }
    }

    fn free(&mut self, sq: Square) {
        let seat = self.to_move;
        let column = self.board.get(sq).expect("a checked free has a column");
        self.board.set(
            sq,
            Some(Column {
                bound: false,
                ..column
            }),
        );
        self.steps.push(Step {
            seat,
            action: Some(ActionText(Action::Free(sq))),
            path: Vec::new(),
            attack: None,
        });
        self.end_turn(false);
    }

    /// A movement turn ended; `entered` says whether a column moved onto enemy land.
    /// The win check comes first, then the draw count, then the other player's turn.
    fn end_turn(&mut self, entered: bool) {
        if entered {
            self.quiet_turns = 0;
        } else {
            self.quiet_turns += 1;
        }
        if let Some(winner) = self.height_winner() {
            self.outcome = Some(Outcome::win(winner, Reason::HalfHeight));
            return;
        }
        if self.quiet_limit_reached() {
            return;
        }
        self.to_move = self.to_move.next(2);
        self.start_turn();
    }

    /// A movement turn begins: a player who cannot act passes, and when neither can, the
    /// game ends and is scored by the stall rule (a draw).
    fn start_turn(&mut self) {
        let seat = self.to_move;
        if self.can_act(seat) {
            return;
        }
        if !self.can_act(seat.next(2)) {
            self.outcome = Some(Outcome::draw(Reason::BothBlocked));
            return;
        }
        self.steps.push(Step {
            seat,
            action: None,
            path: Vec::new(),
            attack: None,
        });
        self.quiet_turns += 1;
        if !self.quiet_limit_reached() {
            self.to_move = seat.next(2);
        }
    }

    /// Ends the game in a draw after 20 turns without a move onto enemy land.
    fn quiet_limit_reached(&mut self) -> bool {
        if self.quiet_turns >= QUIET_LIMIT {
            self.outcome = Some(Outcome::draw(Reason::NoInvasion));
            true
        } else {
            false
        }
    }

    /// A text diagram: the board with coordinates and the border between the lands
    /// marked, then each side's height, columns and hand.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for (i, row) in self.board.rows().iter().enumerate() {
            let rank = RANKS as usize - i;
            let cells: Vec<String> = row.split(' ').map(|c| format!("{c:<3}")).collect();
            out += format!("{rank:>2}  {}", cells.join(" ")).trim_end();
            out.push('\n');
            if rank == RANKS as usize / 2 + 1 {
                out += &format!("    {}\n", "-".repeat(FILES as usize * 4 - 1));
            }
        }
        let files: Vec<String> = (0..FILES)
            .map(|f| format!("{:<3}", (b'a' + f) as char))
            .collect();
        out += format!("    {}", files.join(" ")).trim_end();
        out.push('\n');
        for seat in [Seat::FIRST, Seat::SECOND] {
            let hand = self.in_hand[seat];
            let columns = match self.board.count(seat) {
                1 => "1 column".to_string(),
                n => format!("{n} columns"),
            };
            out += &format!(
                "{} seat {seat}: height {} on the board in {columns} ({} bound); in hand (heights 1/2/3) {}/{}/{}; {} lost\n",
                symbol(seat),
                self.total_height(seat),
                self.board.bound_count(seat),
                hand[0],
                hand[1],
                hand[2],
                self.lost[seat].iter().sum::<u8>(),
            );
        }
        if !self.is_placing() {
            out += &format!(
                "turns without a move onto enemy land: {} of {QUIET_LIMIT}\n",
                self.quiet_turns
            );
        }
        out
    }
}

impl Game for Banglagor {
    type Action = Action;
    type Error = IllegalAction;
    type Note = Note;
    type Preview = Preview;

    fn kind(&self) -> GameKind {
        GameKind::Banglagor
    }

    fn game_options(&self) -> GameOptions {
        GameOptions::Banglagor(())
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
        if !self.is_placing() {
            return self.legal_moves();
        }
        let seat = self.to_move;
        let hand = self.in_hand[seat];
        let mut out = Vec::new();
        for height in (1..=3u8).filter(|h| hand[*h as usize - 1] > 0) {
            out.extend(
                DIMS.squares()
                    .filter(|sq| {
                        in_land(seat, *sq)
                            && sq.rank != border_rank(seat)
                            && self.board.get(*sq).is_none()
                    })
                    .map(|at| Action::Place { height, at }),
            );
        }
        out
    }

    fn parse_action(&self, text: &str) -> Result<Action, IllegalAction> {
        match Parsed::parse(text) {
            None => Err(IllegalAction::Syntax(text.trim().to_string())),
            Some(parsed) => self.resolve(parsed),
        }
    }

    fn try_play(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.check(action)?;
        match action {
            Action::Place { height, at } => self.place(height, at),
            Action::Move { .. } | Action::Relocate { .. } => self.walk(action),
            Action::Free(sq) => self.free(sq),
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
            .columns()
            .map(|(sq, column)| BoardPiece {
                at: sq.to_string(),
                seat: column.seat,
                height: Some(column.height),
                bound: Some(column.bound),
                kind: None,
            })
            .collect()
    }

    fn hands(&self) -> Option<InHand> {
        Some(InHand::ByHeight(
            [Seat::FIRST, Seat::SECOND]
                .into_iter()
                .map(|seat| (seat, self.in_hand(seat)))
                .collect(),
        ))
    }

    crate::game::two_player_endings!();

    fn board_diagram(&self) -> String {
        self.diagram()
    }
}

crate::game::setup_without_options!(Banglagor, Banglagor);
