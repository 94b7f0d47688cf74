//! Four-player strategic xiangqi (docs/rules.md, Four-player xiangqi): four classical armies on a
//! cross of 261 points, Red, Black, Yellow and Green moving in that order
//! (counter-clockwise), everyone for themselves (`ffa`) or Red and Yellow against
//! Black and Green (`teams`).
//!
//! Pieces move as in classical xiangqi (the shared [`crate::xiangqi`] vocabulary)
//! with three changes: a horse in the middle part may also make the big jump, pawns
//! move by where they stand, and generals may face each other. A player with no legal
//! action at the start of their turn is eliminated; in `ffa` whoever gets the credit
//! takes the army's rooks, horses, cannons and pawns into reserve, to drop them later.

mod action;
pub mod army;
pub mod attack;
pub mod board;
mod drop;
mod elimination;
mod error;
mod explain;
pub mod geometry;
mod inspect;
pub mod movegen;
mod options;
mod record;
mod repetition;
pub mod setup;

pub use action::Action;
pub use army::{Armies, Army, ByArmy};
pub use board::{start_count, Board, Piece, Reserve, DROPPABLE};
pub use elimination::{Cause, Elimination};
pub use error::{IllegalAction, SyntaxError};
pub use explain::{Missing, Why};
pub use movegen::Rules;
pub use options::{Mode, Options, OPTIONS};
pub use record::{ActionNote, ActionText, Note, Preview, Step, Taken};
pub use repetition::REPEATS;

use crate::xiangqi::Kind;
use crate::{
    BoardPiece, Ending, EndingAt, Game, GameKind, GameOptions, GameSetup, InHand, OptionSpec,
    OptionValues, Outcome, Reason, Seat, Square,
};
use attack::{attackers, near_or_aligned};
use repetition::Seen;
use serde::{Deserialize, Serialize};

/// Full rounds without a capture or an elimination that draw the game.
pub const QUIET_ROUNDS: usize = 50;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Xiangqi4 {
    options: Options,
    board: Board,
    reserves: ByArmy<Reserve>,
    in_game: ByArmy<bool>,
    to_move: Army,
    /// Actions since the last capture or elimination.
    quiet: usize,
    /// Positions at turn starts since the last capture or elimination.
    seen: Seen,
    outcome: Option<Outcome>,
    steps: Vec<Step>,
    /// Every elimination in order, withdrawals (resignation, timeout) included.
    eliminations: Vec<Elimination>,
    /// The draw the players still in agreed to, if that ended the game.
    #[serde(default)]
    agreed: Option<EndingAt>,
}

impl Default for Xiangqi4 {
    fn default() -> Xiangqi4 {
        Xiangqi4::new(Options::default())
    }
}

impl Xiangqi4 {
    pub fn new(options: Options) -> Xiangqi4 {
        let mut game = Xiangqi4 {
            options,
            board: setup::start_board(),
            reserves: ByArmy::default(),
            in_game: ByArmy([true; 4]),
            to_move: Army::Red,
            quiet: 0,
            seen: Seen::default(),
            outcome: None,
            steps: Vec::new(),
            eliminations: Vec::new(),
            agreed: None,
        };
        game.begin_turn(Army::Red);
        game
    }

    /// A position for analysis and tests: pieces as tokens (`rKj1 rPf4 bP*o9 …`, see
    /// [`Board::from_tokens`]), each player's reserve as tokens (`bR gP`: the army each
    /// piece came from, then its letter), and the army to move. Armies without a general
    /// are out (and must have no pieces); a pawn standing outside its own arm has left
    /// it. The history starts empty; the turn start is judged at once (eliminations, win,
    /// draws).
    pub fn from_position(
        options: Options,
        pieces: &str,
        reserves: &[(Army, &str)],
        to_move: Army,
    ) -> Result<Xiangqi4, String> {
        let mut board = Board::from_tokens(pieces)?;
        let mut in_game = ByArmy([false; 4]);
        for army in Army::ALL {
            let generals = board.count(army, Kind::General);
            let pieces = board.pieces_of(army).count();
            match generals {
                0 if pieces > 0 => {
                    return Err(format!("{army} has pieces but no general"));
                }
                0 => {}
                1 => in_game[army] = true,
                n => return Err(format!("{army} has {n} generals")),
            }
        }
        for (sq, piece) in board.pieces().collect::<Vec<_>>() {
            let army = piece.army;
            let ok = match piece.kind {
                Kind::General | Kind::Advisor => geometry::in_palace(army, sq),
                Kind::Elephant => geometry::in_arm(army, sq),
                _ => true,
            };
            if !ok {
                return Err(format!(
                    "{}'s {} on {sq} is outside its {}",
                    piece.army.name(),
                    piece.kind.name(),
                    if piece.kind == Kind::Elephant {
                        "arm"
                    } else {
                        "palace"
                    }
                ));
            }
            if piece.kind == Kind::Pawn && !geometry::in_arm(army, sq) && !piece.left_arm {
                board.set(
                    sq,
                    Some(Piece {
                        left_arm: true,
                        ..piece
                    }),
                );
            }
        }
        if !in_game[to_move] {
            return Err(format!("{to_move} is to move but has no general"));
        }
        let mut reserve_of = ByArmy::<Reserve>::default();
        for (army, text) in reserves {
            let reserve = Reserve::from_tokens(text)?;
            if reserve.is_empty() {
                continue;
            }
            if options.mode == Mode::Teams {
                return Err("there are no reserves in teams".to_string());
            }
            if !in_game[*army] {
                return Err(format!("{army} is out and holds no reserve"));
            }
            if let Some((_, origin, _)) = reserve.entries().find(|(_, o, _)| in_game[*o]) {
                return Err(format!(
                    "{army}'s reserve holds a piece from {origin}, who is still in: reserve pieces come from eliminated armies"
                ));
            }
            reserve_of[*army] = reserve;
        }
        let mut game = Xiangqi4 {
            options,
            board,
            reserves: reserve_of,
            in_game,
            to_move,
            ..Xiangqi4::new(options)
        };
        if game.win_check() {
            return Err("the game would be over before it starts".to_string());
        }
        game.begin_turn(to_move);
        Ok(game)
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn mode(&self) -> Mode {
        self.options.mode
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The mode and who is still in: what decides moves besides the board.
    pub fn rules(&self) -> Rules {
        let mut in_game = Armies::NONE;
        for army in Army::ALL {
            if self.in_game[army] {
                in_game = in_game.with(army);
            }
        }
        Rules {
            mode: self.options.mode,
            in_game,
        }
    }

    /// Whether `army` is still in the game.
    pub fn is_in(&self, army: Army) -> bool {
        self.in_game[army]
    }

    /// The seats still in, in turn order.
    pub fn seats_in(&self) -> Vec<Seat> {
        self.rules().in_game.iter().map(Army::seat).collect()
    }

    /// Every elimination so far, in order, withdrawals included.
    pub fn eliminations(&self) -> &[Elimination] {
        &self.eliminations
    }

    /// Resignations and timeouts: seat, the service's reason, and the ply they came at.
    pub fn withdrawals(&self) -> Vec<(Seat, Reason, usize)> {
        self.eliminations
            .iter()
            .filter_map(|e| e.cause.reason().map(|r| (e.seat, r, e.ply)))
            .collect()
    }

    /// A player's reserve, kinds and where they came from.
    pub fn reserve_of(&self, seat: Seat) -> &Reserve {
        &self.reserves[seat]
    }

    /// A player's reserve as a sorted string of letters, like `CRR`.
    pub fn reserve(&self, seat: Seat) -> String {
        self.reserves[seat].letters()
    }

    /// Actions since the last capture or elimination.
    pub fn quiet_actions(&self) -> usize {
        self.quiet
    }

    /// The count of quiet actions that draws the game now: 50 full rounds of the
    /// players still in.
    pub fn quiet_limit(&self) -> usize {
        QUIET_ROUNDS * self.rules().in_game.len()
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    pub fn last_action(&self) -> Option<Action> {
        self.steps.last().map(Step::action)
    }

    /// The final order, best first; players who share a place share a group. Winners
    /// first (in `teams` both seats of the winning team), then the eliminated players,
    /// later-eliminated first. For a draw, or while the game goes on, the players still
    /// in share first place.
    pub fn standings(&self) -> Vec<Vec<Seat>> {
        let mut out: Vec<Vec<Seat>> = Vec::new();
        let first: Vec<Seat> = match &self.outcome {
            Some(o) if !o.winners.is_empty() => o.winners.clone(),
            _ => self.seats_in(),
        };
        if !first.is_empty() {
            out.push(first.clone());
        }
        for e in self.eliminations.iter().rev() {
            if !first.contains(&e.seat) {
                out.push(vec![e.seat]);
            }
        }
        // Armies already out in a position set up for analysis: no record says when.
        let listed: Vec<Seat> = out.iter().flatten().copied().collect();
        let rest: Vec<Seat> = Army::ALL
            .iter()
            .map(|a| a.seat())
            .filter(|s| !listed.contains(s))
            .collect();
        if !rest.is_empty() {
            out.push(rest);
        }
        out
    }

    /// The points of the generals that are attacked now (by an opponent still in).
    pub fn checked_generals(&self) -> Vec<Square> {
        let rules = self.rules();
        let generals = self.board.generals();
        rules
            .in_game
            .iter()
            .filter_map(|army| {
                let at = generals[army]?;
                attack::in_check(&self.board, rules, army, at).then_some(at)
            })
            .collect()
    }

    /// The next army in turn order after `army` that is still in.
    fn next_in(&self, army: Army) -> Army {
        let mut a = army.next();
        for _ in 0..4 {
            if self.in_game[a] {
                return a;
            }
            a = a.next();
        }
        army
    }

    /// Whether the move of `piece` from `from` to `to` leaves its general (on `general`)
    /// safe. `scratch` equals the board on entry and on return. When the move captures
    /// a general, the captured army leaves the board first.
    #[allow(clippy::too_many_arguments)]
    fn move_is_safe(
        &self,
        scratch: &mut Board,
        rules: Rules,
        general: Square,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Option<Piece>,
    ) -> bool {
        let army = piece.army;
        scratch.set(from, None);
        scratch.set(to, Some(piece));
        let mut after = rules;
        let general_taken = captured.filter(|c| c.kind == Kind::General);
        if let Some(c) = general_taken {
            scratch.remove_army(c.army);
            after.in_game = after.in_game.without(c.army);
        }
        let at = if piece.kind == Kind::General {
            to
        } else {
            general
        };
        let safe = attackers(scratch, after, at, after.opponents(army), true).is_empty();
        if general_taken.is_some() {
            *scratch = self.board;
        } else {
            scratch.set(from, Some(piece));
            scratch.set(to, captured);
        }
        safe
    }

    /// Whether a drop of `piece` on `to` leaves its general (on `general`) safe.
    fn drop_is_safe(
        &self,
        scratch: &mut Board,
        rules: Rules,
        general: Square,
        to: Square,
        piece: Piece,
    ) -> bool {
        scratch.set(to, Some(piece));
        let safe = attackers(scratch, rules, general, rules.opponents(piece.army), true).is_empty();
        scratch.set(to, None);
        safe
    }

    /// Calls `visit` with each legal action of `army`, moves first; stops as soon as
    /// `visit` returns true, and says whether it did.
    fn for_each_legal(&self, army: Army, visit: &mut impl FnMut(Action) -> bool) -> bool {
        let rules = self.rules();
        let Some(general) = self.board.generals()[army] else {
            return false;
        };
        let checked = attack::in_check(&self.board, rules, army, general);
        let mut scratch = self.board;
        for (from, piece) in self.board.pieces_of(army) {
            let stop = movegen::targets(&self.board, rules, from, piece, &mut |to| {
                let captured = self.board.get(to);
                // A move far from the general, by another piece, capturing no general,
                // cannot change whether the general is attacked.
                let quiet_for_general = !checked
                    && piece.kind != Kind::General
                    && captured.is_none_or(|c| c.kind != Kind::General)
                    && !near_or_aligned(general, from)
                    && !near_or_aligned(general, to);
                (quiet_for_general
                    || self.move_is_safe(&mut scratch, rules, general, from, to, piece, captured))
                    && visit(Action::Move { from, to })
            });
            if stop {
                return true;
            }
        }
        drop::drops(
            &self.board,
            rules,
            army,
            &self.reserves[army],
            &mut |kind, to| {
                // A drop adds a piece: it can only open an attack by becoming a cannon's
                // screen, on the general's lines.
                let safe = (!checked && !near_or_aligned(general, to))
                    || self.drop_is_safe(
                        &mut scratch,
                        rules,
                        general,
                        to,
                        drop::dropped(army, kind),
                    );
                safe && visit(Action::Drop { kind, to })
            },
        )
    }

    fn has_legal_action(&self, army: Army) -> bool {
        self.for_each_legal(army, &mut |_| true)
    }

    /// Says whether `action` is legal now for the player to move, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        if let Some(outcome) = &self.outcome {
            return Err(IllegalAction::GameOver(outcome.clone()));
        }
        let army = self.to_move;
        let rules = self.rules();
        let general = self.board.generals()[army].expect("a player still in has a general");
        let mut scratch = self.board;
        match action {
            Action::Move { from, to } => {
                for sq in [from, to] {
                    if !geometry::exists(sq) {
                        return Err(IllegalAction::NotAPoint(sq));
                    }
                }
                let piece = self.board.get(from).ok_or(IllegalAction::Empty(from))?;
                if piece.army != army {
                    return Err(IllegalAction::NotYours {
                        at: from,
                        owner: piece.army,
                        kind: piece.kind,
                        you: army,
                    });
                }
                if from == to {
                    return Err(IllegalAction::SamePoint(from));
                }
                let captured = self.board.get(to);
                if let Some(c) = captured {
                    if c.army == army {
                        return Err(IllegalAction::OwnPiece(to));
                    }
                    if !rules.opposes(army, c.army) {
                        return Err(IllegalAction::Partner {
                            at: to,
                            partner: c.army,
                            kind: c.kind,
                        });
                    }
                }
                let reaches = movegen::targets(&self.board, rules, from, piece, &mut |t| t == to);
                if !reaches {
                    return Err(IllegalAction::CannotReach {
                        action: action.to_string(),
                        why: explain::why_not(&self.board, rules, from, piece, to),
                    });
                }
                if !self.move_is_safe(&mut scratch, rules, general, from, to, piece, captured) {
                    return Err(IllegalAction::LeavesGeneralAttacked {
                        action: action.to_string(),
                        general: if piece.kind == Kind::General {
                            to
                        } else {
                            general
                        },
                    });
                }
                Ok(())
            }
            Action::Drop { kind, to } => {
                drop::check_drop(&self.board, rules, army, &self.reserves[army], kind, to)?;
                if !self.drop_is_safe(&mut scratch, rules, general, to, drop::dropped(army, kind)) {
                    return Err(IllegalAction::LeavesGeneralAttacked {
                        action: action.to_string(),
                        general,
                    });
                }
                Ok(())
            }
        }
    }

    /// A capture or an elimination: the quiet count and the repetition list start afresh.
    fn progress(&mut self) {
        self.quiet = 0;
        self.seen.clear();
    }

    /// Plays a legal action, then makes the checks the rules order (docs/rules.md,
    /// Four-player xiangqi): the action (with a captured general's elimination), the win
    /// check, the turn-start eliminations (each with a win check), the 50-round draw, the
    /// repetition draw.
    fn apply(&mut self, action: Action) {
        let army = self.to_move;
        let mut taken = None;
        match action {
            Action::Move { from, to } => {
                let mut piece = self.board.get(from).expect("a checked move has a piece");
                if piece.kind == Kind::Pawn && !geometry::in_arm(army, to) {
                    piece.left_arm = true;
                }
                taken = self.board.get(to).map(|c| Taken {
                    at: to,
                    seat: c.army.seat(),
                    kind: c.kind,
                });
                self.board.set(from, None);
                self.board.set(to, Some(piece));
            }
            Action::Drop { kind, to } => {
                let origin = match geometry::region(to) {
                    Some(geometry::Region::Arm(origin)) => origin,
                    _ => unreachable!("a checked drop lands in an arm"),
                };
                let took = self.reserves[army].take(kind, origin);
                debug_assert!(took, "a checked drop has its reserve piece");
                self.board.set(to, Some(drop::dropped(army, kind)));
            }
        }
        if taken.is_some() {
            self.progress();
        } else {
            self.quiet += 1;
        }
        self.steps.push(Step {
            seat: army.seat(),
            action: ActionText(action),
            taken,
            checks: Vec::new(),
        });
        if let Some(t) = taken.filter(|t| t.kind == Kind::General) {
            self.eliminate(Army::of(t.seat), Some(army), Cause::GeneralCaptured);
        }
        let checks = self.checks_by(army);
        self.steps.last_mut().expect("just pushed").checks = checks;
        if self.win_check() {
            return;
        }
        self.begin_turn(self.next_in(army));
    }

    /// The players whose general `army` attacks now.
    fn checks_by(&self, army: Army) -> Vec<Seat> {
        let rules = self.rules();
        let generals = self.board.generals();
        rules
            .in_game
            .iter()
            .filter(|other| rules.opposes(army, *other))
            .filter(|other| {
                generals[*other].is_some_and(|at| {
                    !attackers(&self.board, rules, at, Armies::one(army), true).is_empty()
                })
            })
            .map(Army::seat)
            .collect()
    }

    /// Takes `army` out of the game. In `ffa` a credited elimination hands its rooks,
    /// horses, cannons and pawns on the board to the credited player's reserve (even
    /// beyond the start numbers); everything else of it leaves the board, its own
    /// reserve is lost.
    fn eliminate(&mut self, army: Army, credited: Option<Army>, cause: Cause) {
        let credited = credited.filter(|c| *c != army && self.in_game[*c]);
        let mut transferred = Vec::new();
        if let (Mode::Ffa, Some(to)) = (self.options.mode, credited) {
            for kind in DROPPABLE {
                for _ in 0..self.board.count(army, kind) {
                    self.reserves[to].add(kind, army);
                    transferred.push(kind);
                }
            }
        }
        self.board.remove_army(army);
        self.reserves[army] = Reserve::default();
        self.in_game[army] = false;
        self.progress();
        self.eliminations.push(Elimination {
            seat: army.seat(),
            credited: credited.map(Army::seat),
            cause,
            ply: self.steps.len(),
            transferred,
        });
    }

    /// Ends the game if a player (`ffa`) or a team (`teams`) is the last one left; says
    /// whether it did.
    fn win_check(&mut self) -> bool {
        let left = self.rules().in_game;
        let outcome = match self.options.mode {
            Mode::Ffa => match left.len() {
                1 => left
                    .iter()
                    .next()
                    .map(|a| Outcome::win(a.seat(), Reason::LastStanding)),
                _ => None,
            },
            Mode::Teams => [Army::Red, Army::Black].into_iter().find_map(|a| {
                let team = Armies::one(a).with(a.partner());
                left.and(team).is_empty().then(|| {
                    let mut winners = vec![a.next().seat(), a.next().partner().seat()];
                    winners.sort();
                    Outcome {
                        winners,
                        reason: Reason::TeamWon,
                    }
                })
            }),
        };
        if outcome.is_some() {
            self.outcome = outcome;
        }
        self.outcome.is_some()
    }

    /// Who is credited when `army` is mated by `by`: the attacker whose latest action
    /// is the latest in the history. In a position set up for analysis none may have
    /// acted yet: then the attacker who would have moved most recently before `army`.
    fn mate_credit(&self, army: Army, by: Armies) -> Option<Army> {
        self.steps
            .iter()
            .rev()
            .map(|s| Army::of(s.seat))
            .find(|a| by.contains(*a))
            .or_else(|| {
                let mut a = army;
                (0..3).find_map(|_| {
                    a = a.previous();
                    by.contains(a).then_some(a)
                })
            })
    }

    /// Who is credited when `army` is stalemated: the author of the last action, if
    /// still in (no one before the first action).
    fn stalemate_credit(&self, army: Army) -> Option<Army> {
        self.steps
            .last()
            .map(|s| Army::of(s.seat))
            .filter(|a| *a != army && self.in_game[*a])
    }

    /// Starts the turn of `army` (still in): while the player to move has no legal
    /// action they are eliminated (each elimination followed by the win check) and the
    /// next player's turn starts; then the 50-round draw and the repetition draw.
    fn begin_turn(&mut self, mut army: Army) {
        while !self.has_legal_action(army) {
            let rules = self.rules();
            let by = self.board.generals()[army]
                .map(|at| attackers(&self.board, rules, at, rules.opponents(army), false))
                .unwrap_or_default();
            if by.is_empty() {
                self.eliminate(army, self.stalemate_credit(army), Cause::Stalemated);
            } else {
                self.eliminate(army, self.mate_credit(army, by), Cause::Mated);
            }
            if self.win_check() {
                return;
            }
            army = self.next_in(army);
        }
        self.to_move = army;
        if self.quiet >= self.quiet_limit() {
            self.outcome = Some(Outcome::draw(Reason::FiftyRounds));
            return;
        }
        let key = repetition::key(&self.board, &self.reserves, army);
        if self.seen.record(key) >= REPEATS {
            self.outcome = Some(Outcome::draw(Reason::Repetition));
        }
    }

    /// Takes `seat` out of the game by resignation or timeout (`reason`), with no
    /// credit: the whole army leaves the board and its reserve is lost. If it was that
    /// seat's turn, the next player's turn starts and is judged as usual. If another
    /// player was to move and has no legal action left (the army's removal opened a
    /// line onto their general), they are eliminated as at a turn start.
    pub fn withdraw(&mut self, seat: Seat, reason: Reason) -> Result<(), IllegalAction> {
        if let Some(outcome) = &self.outcome {
            return Err(IllegalAction::GameOver(outcome.clone()));
        }
        let army = Army::of(seat);
        if !self.in_game[army] {
            return Err(IllegalAction::NotInGame(army));
        }
        let cause = Cause::of_withdrawal(reason).ok_or(IllegalAction::NotAWithdrawal(reason))?;
        let was_turn = self.to_move == army;
        self.eliminate(army, None, cause);
        if self.win_check() {
            return Ok(());
        }
        if was_turn {
            self.begin_turn(self.next_in(army));
        } else if !self.has_legal_action(self.to_move) {
            self.begin_turn(self.to_move);
        }
        Ok(())
    }

    /// What happened after the first `from` actions, beyond the actions' texts:
    /// captures, checks and eliminations.
    pub fn notes_since(&self, from: usize) -> Vec<Note> {
        let mut notes = Vec::new();
        for (i, step) in self.steps.iter().enumerate().skip(from) {
            notes.extend(step.note().map(Note::Action));
            notes.extend(
                self.eliminations
                    .iter()
                    .filter(|e| e.ply == i + 1)
                    .cloned()
                    .map(Note::Out),
            );
        }
        notes
    }

    /// A text diagram of the cross: each point as two characters, the army's initial
    /// (`r` Red, `b` Black, `y` Yellow, `g` Green) and the piece's letter (`K A E H R C
    /// P`), `.` for an empty point; then each player's state and reserve, and the
    /// quiet count.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..geometry::SIZE).rev() {
            let cells: Vec<String> = (0..geometry::SIZE)
                .map(|file| {
                    let sq = Square::new(file, rank);
                    match self.board.get(sq) {
                        _ if !geometry::exists(sq) => "  ".to_string(),
                        None => " .".to_string(),
                        Some(p) => p.code(),
                    }
                })
                .collect();
            out += format!("{:>2} {}", rank + 1, cells.join(" ")).trim_end();
            out.push('\n');
        }
        let files: Vec<String> = (0..geometry::SIZE)
            .map(|f| format!(" {}", (b'a' + f) as char))
            .collect();
        out += &format!("   {}\n", files.join(" "));
        for army in Army::ALL {
            let seat = army.seat();
            let state = if self.in_game[army] {
                let reserve = self.reserves[army].tokens();
                if reserve.is_empty() {
                    "in".to_string()
                } else {
                    format!("in, reserve {}", reserve.join(" "))
                }
            } else {
                match self.eliminations.iter().find(|e| e.seat == seat) {
                    Some(e) => format!("out after ply {}: {e}", e.ply),
                    None => "out".to_string(),
                }
            };
            out += &format!("{} {army} (seat {seat}): {state}\n", army.letter());
        }
        out += &format!(
            "{} of {} actions without a capture or elimination\n",
            self.quiet,
            self.quiet_limit()
        );
        out
    }
}

impl Game for Xiangqi4 {
    type Action = Action;
    type Error = IllegalAction;
    type Note = Note;
    type Preview = Preview;

    fn kind(&self) -> GameKind {
        GameKind::Xiangqi4
    }

    fn game_options(&self) -> GameOptions {
        GameOptions::Xiangqi4(self.options)
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then(|| self.to_move.seat())
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.outcome.is_none() {
            self.for_each_legal(self.to_move, &mut |a| {
                out.push(a);
                false
            });
        }
        out
    }

    fn parse_action(&self, text: &str) -> Result<Action, IllegalAction> {
        let action = Action::parse(text)?;
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

    /// Resigning or running out of time takes the player out (their army leaves, no
    /// credit) and the others play on; an agreed draw ends the game.
    fn end(&mut self, seat: Seat, ending: Ending) -> Result<Vec<Note>, IllegalAction> {
        match ending {
            Ending::Resign | Ending::Timeout => {
                let before = self.eliminations.len();
                self.withdraw(seat, ending.reason())?;
                Ok(self.eliminations[before..]
                    .iter()
                    .cloned()
                    .map(Note::Out)
                    .collect())
            }
            Ending::AgreedDraw => {
                if let Some(outcome) = &self.outcome {
                    return Err(IllegalAction::GameOver(outcome.clone()));
                }
                let army = Army::of(seat);
                if !self.in_game[army] {
                    return Err(IllegalAction::NotInGame(army));
                }
                self.outcome = Some(Outcome::draw(ending.reason()));
                self.agreed = Some(EndingAt {
                    ply: self.steps.len(),
                    seat,
                    ending,
                });
                Ok(Vec::new())
            }
        }
    }

    fn endings(&self) -> Vec<EndingAt> {
        let withdrawals = self.eliminations.iter().filter_map(|e| {
            let ending = match e.cause.reason()? {
                Reason::Resigned => Ending::Resign,
                _ => Ending::Timeout,
            };
            Some(EndingAt {
                ply: e.ply,
                seat: e.seat,
                ending,
            })
        });
        withdrawals.chain(self.agreed).collect()
    }

    fn notes_since(&self, from: usize) -> Vec<Note> {
        Xiangqi4::notes_since(self, from)
    }

    /// What the action does, with the eliminations it brings about.
    fn preview(&self, action: Action) -> Option<Preview> {
        let mut next = self.clone();
        next.try_play(action).ok()?;
        let at = self.steps.len();
        let mut preview = next.steps.get(at)?.preview();
        preview.out = next
            .eliminations
            .iter()
            .filter(|e| e.ply == at + 1)
            .map(|e| e.seat)
            .collect();
        Some(preview)
    }

    fn pieces(&self) -> Vec<BoardPiece> {
        self.board
            .pieces()
            .map(|(sq, piece)| BoardPiece {
                at: sq.to_string(),
                seat: piece.army.seat(),
                height: None,
                bound: None,
                kind: Some(piece.kind.letter()),
            })
            .collect()
    }

    fn hands(&self) -> Option<InHand> {
        Some(InHand::Reserve(
            Army::ALL
                .into_iter()
                .map(|army| (army.seat(), self.reserve(army.seat())))
                .collect(),
        ))
    }

    fn board_diagram(&self) -> String {
        self.diagram()
    }

    fn title(&self) -> String {
        format!("xiangqi4 ({})", self.mode())
    }

    fn seats_in(&self) -> Vec<Seat> {
        Xiangqi4::seats_in(self)
    }

    fn standings(&self) -> Vec<Vec<Seat>> {
        Xiangqi4::standings(self)
    }
}

impl GameSetup for Xiangqi4 {
    type Options = Options;
    const KIND: GameKind = GameKind::Xiangqi4;
    const SEATS: u8 = 4;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    fn start(options: Options) -> Xiangqi4 {
        Xiangqi4::new(options)
    }

    fn read_options(values: &OptionValues) -> Options {
        Options::read(values)
    }

    fn write_options(options: &Options) -> OptionValues {
        options.write()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_army_has_62_moves_at_the_start() {
        let start = setup::start_board().to_string();
        for army in Army::ALL {
            let game = Xiangqi4::from_position(Options::default(), &start, &[], army).unwrap();
            let legal = game.legal_actions();
            assert_eq!(legal.len(), 62, "{army}");
        }
        assert_eq!(Xiangqi4::default().legal_actions().len(), 62);
    }

    fn position(pieces: &str, to_move: Army) -> Xiangqi4 {
        Xiangqi4::from_position(Options::default(), pieces, &[], to_move).unwrap()
    }

    fn play(game: &mut Xiangqi4, text: &str) {
        let action = game.parse_action(text).unwrap();
        game.try_play(action).unwrap();
    }

    // docs/rules.md, Four-player xiangqi: the order after each action is the action (with a
    // captured general's elimination), the win check, the turn-start eliminations, the
    // 50-round draw, the repetition draw. Reaching two of them at once from a real game
    // takes hundreds of crafted moves, so these tests set the counters directly.

    #[test]
    fn the_fifty_round_draw_comes_before_the_repetition_draw() {
        let start = position("rKj1 rRf6 bKs10 yKj19 gKa10", Army::Red);
        let mut after = start.clone();
        play(&mut after, "f6-f7");
        let key = repetition::key(&after.board, &after.reserves, after.to_move);
        let mut both = start.clone();
        both.quiet = both.quiet_limit() - 1;
        both.seen.record(key);
        both.seen.record(key);
        play(&mut both, "f6-f7");
        assert_eq!(both.outcome().unwrap().reason, Reason::FiftyRounds);
        // Each on its own draws as it says.
        let mut repeated = start.clone();
        repeated.seen.record(key);
        repeated.seen.record(key);
        play(&mut repeated, "f6-f7");
        assert_eq!(repeated.outcome().unwrap().reason, Reason::Repetition);
        let mut quiet = start;
        quiet.quiet = quiet.quiet_limit() - 1;
        play(&mut quiet, "f6-f7");
        assert_eq!(quiet.outcome().unwrap().reason, Reason::FiftyRounds);
    }

    #[test]
    fn turn_start_eliminations_come_before_the_fifty_round_draw() {
        // Green mates Red with the 200th quiet action: Red's elimination starts the
        // count afresh before the draw is looked at.
        let mut game = position(
            "rKj1 bKs10 bRi12 bRk12 yKj19 yPj16 gKa10 gRn11",
            Army::Green,
        );
        game.quiet = game.quiet_limit() - 1;
        play(&mut game, "n11-j11");
        assert_eq!(game.outcome(), None);
        assert_eq!(game.eliminations()[0].cause, Cause::Mated);
        assert_eq!(game.quiet_actions(), 0);
        assert_eq!(game.to_move(), Some(Army::Black.seat()));
    }

    #[test]
    fn the_win_check_comes_before_the_draws() {
        let mut game = position("rKj1 yKj19 yRj12", Army::Yellow);
        let key = repetition::key(&game.board, &game.reserves, Army::Yellow);
        game.quiet = game.quiet_limit() - 1;
        game.seen.record(key);
        game.seen.record(key);
        play(&mut game, "j12-j1");
        assert_eq!(game.outcome().unwrap().reason, Reason::LastStanding);
    }

    #[test]
    fn a_game_round_trips_through_serde() {
        let mut game = Xiangqi4::default();
        for text in ["g3-g19", "p6-o6", "j16-j15", "d10-e10", "j4-j5"] {
            let action = game.parse_action(text).unwrap();
            game.try_play(action).unwrap();
        }
        let json = serde_json::to_string(&game).unwrap();
        let back: Xiangqi4 = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
    }
}
