//! Classical xiangqi: the searches play on the engine's board (a copy type with its own
//! Zobrist key and legal move generation), not on the game with its record.
//!
//! Evaluation: material with positional bonuses (pawns across the river and near the
//! palace, horses away from the edges and forward, cannons on the central file, rooks
//! across the river), king safety (advisors and elephants missing while enemy attackers
//! stand in one's half), and a small bonus for the move.
//!
//! Rules kept by the search: no legal move loses; the 60-move rule draws; a position
//! met again on the search path (or since the last capture of the game) is scored as a
//! draw. Perpetual check, which the game scores as a loss for the checker, is also
//! scored as a draw: the search is a little too willing to give perpetual check.

use crate::ai::position::{Facts, Position, Searchable, Terminal};
use crate::games::xiangqi::{Board, Kind, Move, MoveList, Point, Side, Xiangqi, QUIET_PLIES_DRAW};
use crate::games::Seat;

#[derive(Clone, Copy, Debug)]
pub struct XiangqiPos {
    pub board: Board,
    /// Plies since the last capture.
    pub quiet: u16,
}

impl Searchable for Xiangqi {
    type Pos = XiangqiPos;

    fn position(&self) -> XiangqiPos {
        XiangqiPos {
            board: *self.board(),
            quiet: self.quiet_plies(),
        }
    }

    fn prior(&self) -> &[u64] {
        self.keys_since_capture()
    }
}

/// Material values, by kind (general: none, it is never taken).
pub fn value(kind: Kind) -> i32 {
    match kind {
        Kind::General => 0,
        Kind::Advisor => 200,
        Kind::Elephant => 200,
        Kind::Horse => 400,
        Kind::Rook => 900,
        Kind::Cannon => 450,
        Kind::Pawn => 100,
    }
}

/// How far `p` is ahead of `side`'s back rank (0 to 9).
fn ahead(side: Side, p: Point) -> i32 {
    match side {
        Side::Red => i32::from(p.rank()),
        Side::Black => 9 - i32::from(p.rank()),
    }
}

/// A piece's positional bonus on `p`.
fn placement(kind: Kind, side: Side, p: Point) -> i32 {
    let file = i32::from(p.file());
    let forward = ahead(side, p);
    let central = 4 - (file - 4).abs();
    match kind {
        Kind::Pawn => {
            if forward >= 5 {
                let near_palace = if (3..=5).contains(&file) && (6..=8).contains(&forward) {
                    40
                } else {
                    0
                };
                let last_rank = if forward == 9 { -50 } else { 0 };
                80 + central * 8 + near_palace + last_rank
            } else if forward == 4 && file == 4 {
                10
            } else {
                0
            }
        }
        Kind::Horse => {
            let edge = if file == 0 || file == 8 { -20 } else { 0 };
            central * 6 + edge + if forward >= 5 { 25 } else { forward * 3 }
        }
        Kind::Rook => {
            (if forward >= 5 { 20 } else { 0 })
                + if forward == 0 && (file == 0 || file == 8) {
                    -10
                } else {
                    0
                }
        }
        Kind::Cannon => (if file == 4 { 20 } else { 0 }) + if forward >= 7 { 10 } else { 0 },
        Kind::Advisor | Kind::Elephant | Kind::General => 0,
    }
}

impl XiangqiPos {
    /// One side's material, placement and king safety.
    fn side_value(&self, side: Side) -> i32 {
        let mut material = 0;
        let mut defenders = 0;
        for (p, piece) in self.board.pieces() {
            if piece.side != side {
                continue;
            }
            material += value(piece.kind) + placement(piece.kind, side, p);
            if matches!(piece.kind, Kind::Advisor | Kind::Elephant) {
                defenders += 1;
            }
        }
        // Enemy attackers in our half: each weighs more for every missing defender.
        let attackers = self
            .board
            .pieces()
            .filter(|(p, piece)| {
                piece.side != side
                    && matches!(
                        piece.kind,
                        Kind::Rook | Kind::Horse | Kind::Cannon | Kind::Pawn
                    )
                    && ahead(side, *p) <= 4
            })
            .count() as i32;
        material - attackers * (8 + 12 * (4 - defenders))
    }
}

impl Position for XiangqiPos {
    type Action = Move;

    const REPETITION_DRAWS: bool = true;

    fn mover(&self) -> Option<Seat> {
        (self.quiet < QUIET_PLIES_DRAW).then(|| self.board.side_to_move().seat())
    }

    fn terminal(&self, _root: Seat) -> Option<Terminal> {
        // No legal move is found by the search when it lists the moves.
        (self.quiet >= QUIET_PLIES_DRAW).then_some(Terminal::Draw)
    }

    fn actions(&self, out: &mut Vec<Move>) {
        out.clear();
        let mut board = self.board;
        let mut list = MoveList::new();
        board.legal_moves_into(&mut list);
        out.extend(list.iter());
    }

    fn play(&mut self, mv: Move) -> bool {
        if self.board.get(mv.from).is_none() {
            return false;
        }
        let captured = self.board.make(mv);
        self.quiet = if captured.piece().is_some() {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        true
    }

    fn key(&self) -> u64 {
        let left = QUIET_PLIES_DRAW.saturating_sub(self.quiet);
        if left < 24 {
            self.board.key() ^ crate::ai::position::mix(u64::from(left) + 77)
        } else {
            self.board.key()
        }
    }

    fn evaluate(&self, root: Seat) -> i32 {
        let side = Side::from_seat(root);
        let mut score = self.side_value(side) - self.side_value(side.other());
        score += if self.board.side_to_move() == side {
            10
        } else {
            -10
        };
        score
    }

    fn gain(&self, mv: Move) -> i32 {
        match (self.board.get(mv.to), self.board.get(mv.from)) {
            (Some(victim), Some(attacker)) => {
                // Most valuable victim first, then least valuable attacker.
                value(victim.kind).max(50) * 10 - value(attacker.kind) / 10 + 1
            }
            _ => 0,
        }
    }

    fn slot(mv: Move) -> usize {
        let index = |p: Point| usize::from(p.rank()) * 9 + usize::from(p.file());
        index(mv.from) * 90 + index(mv.to)
    }

    fn facts(&self, mv: Move) -> Facts {
        let mover = self.board.side_to_move();
        let captures = u8::from(self.board.get(mv.to).is_some());
        let mut after = self.board;
        after.make(mv);
        let check = after.in_check();
        // What the moved piece attacks now: its moves if it were to move again.
        let threat = Board::from_pieces(after.pieces(), mover)
            .ok()
            .and_then(|again| {
                let mut list = MoveList::new();
                again.pseudo_moves(&mut list);
                list.iter()
                    .filter(|m| m.from == mv.to)
                    .filter_map(|m| again.get(m.to).map(|victim| (value(victim.kind), m.to)))
                    .filter(|(v, _)| *v > 0)
                    .max_by_key(|(v, _)| *v)
                    .map(|(_, at)| at.to_string())
            });
        Facts {
            captures,
            check,
            places: false,
            threat,
        }
    }
}
