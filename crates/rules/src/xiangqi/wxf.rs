//! WXF notation: the move told from the mover's side. `C2.5` = the cannon on file 2 goes
//! sideways to file 5; `H8+7` = the horse on file 8 goes forward to file 7; `R1+1` = the
//! rook on file 1 goes forward 1 point. Files are counted 1–9 from the mover's right.
//!
//! - Piece letters `K A E H R C P`, also `B` (elephant) and `N` (horse), any case.
//! - Operators: `+` forward, `-` backward, `.` (or `=`) sideways. After `+`/`-` the
//!   number is the target file for the diagonal movers (advisor, elephant, horse) and
//!   the count of points for the others.
//! - Two pieces of a kind on one file: `+C`/`-C` (front/rear, seen from the mover)
//!   instead of the file number; WXF's own order `C+`/`C-` is read too.
//! - Pawns (WXF's rules for tandem pawns): three on a file are `+P`, `P3` (the middle
//!   one, by its file) and `-P`; four are `++`, `+P`, `-P`, `--`; five `++`, `+P`, `P3`,
//!   `-P`, `--`. When pawns stand in tandem on two files, the file comes first in place
//!   of the letter: `3+`, `33` (middle), `3-`, `7+`, `7-`.
//! - Advisors and elephants on one file never need `+`/`-`: the direction already tells
//!   them apart, so the file form is canonical for them.
//!
//! Syntax is read by [`Wxf::parse`]; [`Wxf::resolve`] finds the move in a position.

use super::action::Move;
use super::board::Board;
use super::error::{IllegalMove, SyntaxError};
use super::kind::Kind;
use super::piece::{Piece, Side};
use super::point::Point;
use std::fmt;

/// Which way a piece goes, seen from its side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Forward,
    Backward,
    Sideways,
}

impl Op {
    fn symbol(self) -> char {
        match self {
            Op::Forward => '+',
            Op::Backward => '-',
            Op::Sideways => '.',
        }
    }
}

/// A piece's place among those of its kind on one file, front (nearest the enemy) first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// `++`: the very front one (four or five pawns on a file).
    Foremost,
    /// `+`
    Front,
    /// The middle one of three or five pawns.
    Middle,
    /// `-`
    Rear,
    /// `--`: the very rear one.
    Rearmost,
}

impl Place {
    /// The index (front first) among `count` pieces, if the place names one.
    fn index(self, count: usize) -> Option<usize> {
        match (self, count) {
            (_, 0 | 1) => None,
            (Place::Foremost, _) => Some(0),
            (Place::Rearmost, n) => Some(n - 1),
            (Place::Front, 2 | 3) => Some(0),
            (Place::Front, _) => Some(1),
            (Place::Rear, n @ (2 | 3)) => Some(n - 1),
            (Place::Rear, n) => Some(n - 2),
            (Place::Middle, n) if n % 2 == 1 => Some(n / 2),
            (Place::Middle, _) => None,
        }
    }
}

/// Which piece moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Which {
    /// The piece on this file (numbered from the mover's right); for three or five pawns
    /// on it, the middle one.
    File(u8),
    /// A place among pieces of the kind in tandem on a file: `+C`, `-C`, `++`, `--`.
    Tandem(Place),
    /// Pawns in tandem on two files: the file, then the place (`3+`, `33`, `3-`).
    PawnFile { file: u8, place: Place },
}

/// A WXF move text, read for syntax.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Wxf {
    pub kind: Kind,
    pub which: Which,
    pub op: Op,
    /// A file number, or a count of points for straight moves of R, C, P and K.
    pub dest: u8,
}

/// A file's WXF number for `side` (1 = the mover's right).
pub fn file_number(side: Side, file: u8) -> u8 {
    match side {
        Side::Red => 9 - file,
        Side::Black => file + 1,
    }
}

/// The file (0 = `a`) of `side`'s file number `n` (1–9).
fn file_of(side: Side, n: u8) -> u8 {
    match side {
        Side::Red => 9 - n,
        Side::Black => n - 1,
    }
}

/// Whether `kind` moves diagonally (its WXF number after + or - is a file).
fn diagonal(kind: Kind) -> bool {
    matches!(kind, Kind::Advisor | Kind::Elephant | Kind::Horse)
}

impl Wxf {
    /// Reads a WXF text (four characters, any case).
    pub fn parse(text: &str) -> Result<Wxf, SyntaxError> {
        let unreadable = || SyntaxError::Unreadable(text.to_string());
        let chars: Vec<char> = text.chars().map(|c| c.to_ascii_uppercase()).collect();
        let [c0, c1, c2, c3] = chars.as_slice() else {
            return Err(unreadable());
        };
        let op = match c2 {
            '+' => Op::Forward,
            '-' => Op::Backward,
            '.' | '=' => Op::Sideways,
            _ => return Err(unreadable()),
        };
        let dest = match c3.to_digit(10) {
            Some(0) => return Err(SyntaxError::Zero(text.to_string())),
            Some(d) => d as u8,
            None => return Err(unreadable()),
        };
        let letter = |c: char| {
            if c.is_ascii_alphabetic() {
                Kind::from_letter(c).ok_or(SyntaxError::PieceLetter(c))
            } else {
                Err(unreadable())
            }
        };
        let digit = |c: char| match c.to_digit(10) {
            Some(0) => Err(SyntaxError::Zero(text.to_string())),
            Some(d) => Ok(d as u8),
            None => Err(unreadable()),
        };
        let sign = |c: char| if c == '+' { Place::Front } else { Place::Rear };
        let is_sign = |c: &char| *c == '+' || *c == '-';
        let (kind, which) = match (*c0, *c1) {
            (a, b) if a.is_ascii_alphabetic() && b.is_ascii_digit() => {
                (letter(a)?, Which::File(digit(b)?))
            }
            (a, b) if a.is_ascii_alphabetic() && is_sign(&b) => {
                (letter(a)?, Which::Tandem(sign(b)))
            }
            (a, b) if is_sign(&a) && b.is_ascii_alphabetic() => {
                (letter(b)?, Which::Tandem(sign(a)))
            }
            ('+', '+') => (Kind::Pawn, Which::Tandem(Place::Foremost)),
            ('-', '-') => (Kind::Pawn, Which::Tandem(Place::Rearmost)),
            (a, b) if is_sign(&a) && is_sign(&b) => return Err(SyntaxError::Tandem(text.into())),
            (a, b) if a.is_ascii_digit() && is_sign(&b) => (
                Kind::Pawn,
                Which::PawnFile {
                    file: digit(a)?,
                    place: sign(b),
                },
            ),
            (a, b) if a.is_ascii_digit() && b.is_ascii_digit() => {
                if a != b {
                    return Err(SyntaxError::Tandem(text.into()));
                }
                (
                    Kind::Pawn,
                    Which::PawnFile {
                        file: digit(a)?,
                        place: Place::Middle,
                    },
                )
            }
            _ => return Err(unreadable()),
        };
        if op == Op::Sideways && diagonal(kind) {
            return Err(SyntaxError::NotSideways {
                text: text.to_string(),
                kind,
            });
        }
        Ok(Wxf {
            kind,
            which,
            op,
            dest,
        })
    }

    /// How WXF writes `mv` (a move of a piece standing on its `from` point) in `board`.
    pub fn of_move(board: &Board, mv: Move) -> Option<Wxf> {
        let piece = board.get(mv.from)?;
        let (side, kind) = (piece.side, piece.kind);
        let (from, to) = (mv.from, mv.to);
        let ahead = (to.rank() as i8 - from.rank() as i8) * side.forward();
        let op = match ahead {
            0 => Op::Sideways,
            a if a > 0 => Op::Forward,
            _ => Op::Backward,
        };
        let dest = if op == Op::Sideways || diagonal(kind) {
            file_number(side, to.file())
        } else {
            ahead.unsigned_abs()
        };
        let which = which_of(board, piece, from)?;
        Some(Wxf {
            kind,
            which,
            op,
            dest,
        })
    }

    /// Finds the legal move this text names for the side to move in `board`.
    pub fn resolve(&self, board: &Board) -> Result<Move, IllegalMove> {
        let side = board.side_to_move();
        let piece = Piece::new(side, self.kind);
        let (file, place) = match self.which {
            Which::File(n) => (file_of(side, n), None),
            Which::PawnFile { file, place } => (file_of(side, file), Some(place)),
            Which::Tandem(place) => {
                let files = tandem_files(board, piece);
                match files.as_slice() {
                    [] => return Err(IllegalMove::NoTandem { piece }),
                    [one] => (*one, Some(place)),
                    [first, second, ..] => {
                        return Err(IllegalMove::TandemFiles {
                            side,
                            first: file_number(side, *first),
                            second: file_number(side, *second),
                        })
                    }
                }
            }
        };
        let column = column(board, piece, file);
        let number = file_number(side, file);
        if column.is_empty() {
            return Err(IllegalMove::NoPieceOnFile {
                piece,
                file: number,
            });
        }
        let choice = || IllegalMove::TandemChoice {
            piece,
            file: number,
            count: column.len(),
            choices: labels(board, piece, file),
        };
        let candidates: Vec<Point> = match place {
            Some(place) => {
                let index = place.index(column.len()).ok_or_else(choice)?;
                vec![column[index]]
            }
            None if column.len() == 1 => column.clone(),
            None if self.kind == Kind::Pawn && column.len() % 2 == 1 => {
                vec![column[column.len() / 2]]
            }
            None => column.clone(),
        };
        if let [only] = candidates.as_slice() {
            let to = self.target(side, *only)?;
            let mv = Move::new(*only, to);
            return match board.refusal(mv) {
                None => Ok(mv),
                Some(why) => Err(IllegalMove::NotLegal { mv, why }),
            };
        }
        // Several pieces on the file and no mark: accepted when only one of them can
        // make the move described.
        let legal: Vec<Move> = candidates
            .iter()
            .filter_map(|from| self.target(side, *from).ok().map(|to| Move::new(*from, to)))
            .filter(|mv| board.refusal(*mv).is_none())
            .collect();
        match legal.as_slice() {
            [one] => Ok(*one),
            _ => Err(choice()),
        }
    }

    /// Where the piece on `from` ends.
    fn target(&self, side: Side, from: Point) -> Result<Point, IllegalMove> {
        let kind = self.kind;
        let to_file = file_of(side, self.dest);
        let df = (to_file as i8 - from.file() as i8).unsigned_abs();
        let sign = match self.op {
            Op::Forward => side.forward(),
            Op::Backward => -side.forward(),
            Op::Sideways => {
                if df == 0 {
                    return Err(IllegalMove::SameFile {
                        kind,
                        at: from,
                        file: self.dest,
                    });
                }
                return Ok(Point::new(to_file, from.rank()).expect("a file of the board"));
            }
        };
        let (file, steps) = match kind {
            Kind::Advisor if df != 1 => return Err(bad_file(self, from)),
            Kind::Elephant if df != 2 => return Err(bad_file(self, from)),
            Kind::Horse if df != 1 && df != 2 => return Err(bad_file(self, from)),
            Kind::Advisor => (to_file, 1),
            Kind::Elephant => (to_file, 2),
            Kind::Horse => (to_file, 3 - df),
            Kind::General | Kind::Rook | Kind::Cannon | Kind::Pawn => (from.file(), self.dest),
        };
        let rank = from.rank() as i8 + sign * steps as i8;
        if !(0..10).contains(&rank) {
            return Err(IllegalMove::OffTheBoard {
                kind,
                at: from,
                steps,
                forward: self.op == Op::Forward,
            });
        }
        Ok(Point::new(file, rank as u8).expect("a point of the board"))
    }
}

/// The piece on `at` cannot reach the file named (its kind says why).
fn bad_file(wxf: &Wxf, at: Point) -> IllegalMove {
    IllegalMove::BadFile {
        kind: wxf.kind,
        at,
        file: wxf.dest,
    }
}

/// The points of `piece`'s kind and side on `file`, front (nearest the enemy) first.
fn column(board: &Board, piece: Piece, file: u8) -> Vec<Point> {
    let mut points: Vec<Point> = (0..10)
        .filter_map(|rank| Point::new(file, rank))
        .filter(|p| board.get(*p) == Some(piece))
        .collect();
    if piece.side == Side::Red {
        points.reverse();
    }
    points
}

/// The files holding two or more of `piece`, from the mover's right.
fn tandem_files(board: &Board, piece: Piece) -> Vec<u8> {
    let mut files: Vec<u8> = (0..9)
        .filter(|f| column(board, piece, *f).len() >= 2)
        .collect();
    files.sort_by_key(|f| file_number(piece.side, *f));
    files
}

/// How WXF names the piece on `from` (of `piece`'s side and kind): by its file, or by
/// its place among others of its kind on that file.
fn which_of(board: &Board, piece: Piece, from: Point) -> Option<Which> {
    let file = file_number(piece.side, from.file());
    let column = column(board, piece, from.file());
    let count = column.len();
    let pos = column.iter().position(|p| *p == from)?;
    Some(match piece.kind {
        _ if count == 1 => Which::File(file),
        Kind::General | Kind::Advisor | Kind::Elephant => Which::File(file),
        Kind::Rook | Kind::Horse | Kind::Cannon if pos == 0 => Which::Tandem(Place::Front),
        Kind::Rook | Kind::Horse | Kind::Cannon => Which::Tandem(Place::Rear),
        Kind::Pawn if tandem_files(board, piece).len() >= 2 => Which::PawnFile {
            file,
            place: match (count, pos) {
                (_, 0) => Place::Front,
                (3, 1) => Place::Middle,
                _ => Place::Rear,
            },
        },
        Kind::Pawn => match (count, pos) {
            (2 | 3, 0) | (4 | 5, 1) => Which::Tandem(Place::Front),
            (3, 1) | (5, 2) => Which::File(file),
            (4 | 5, 0) => Which::Tandem(Place::Foremost),
            (n, p) if p + 1 == n && n >= 4 => Which::Tandem(Place::Rearmost),
            _ => Which::Tandem(Place::Rear),
        },
    })
}

/// How each of `piece`'s kind on `file` is written, front first (for error messages).
fn labels(board: &Board, piece: Piece, file: u8) -> Vec<String> {
    column(board, piece, file)
        .iter()
        .filter_map(|from| which_of(board, piece, *from))
        .map(|which| which_text(piece.kind, which))
        .collect()
}

/// `C2`, `+C`, `++`, `3+`, `33`.
fn which_text(kind: Kind, which: Which) -> String {
    let letter = kind.letter();
    match which {
        Which::File(n) => format!("{letter}{n}"),
        Which::Tandem(Place::Foremost) => "++".to_string(),
        Which::Tandem(Place::Rearmost) => "--".to_string(),
        Which::Tandem(Place::Front) => format!("+{letter}"),
        Which::Tandem(Place::Rear) => format!("-{letter}"),
        // Not produced: a middle pawn is named by its file.
        Which::Tandem(Place::Middle) => format!("{letter}="),
        Which::PawnFile { file, place } => match place {
            Place::Foremost | Place::Front => format!("{file}+"),
            Place::Middle => format!("{file}{file}"),
            Place::Rear | Place::Rearmost => format!("{file}-"),
        },
    }
}

impl fmt::Display for Wxf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let which = which_text(self.kind, self.which);
        write!(f, "{which}{}{}", self.op.symbol(), self.dest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_read() {
        let w = |t: &str| Wxf::parse(t).unwrap();
        assert_eq!(w("C2.5"), w("c2=5"));
        assert_eq!(w("C2.5").which, Which::File(2));
        assert_eq!(w("+C.5"), w("C+.5"));
        assert_eq!(w("-C-1").which, Which::Tandem(Place::Rear));
        assert_eq!(w("++.4").which, Which::Tandem(Place::Foremost));
        assert_eq!(w("N8+7").kind, Kind::Horse);
        assert_eq!(w("B3+5").kind, Kind::Elephant);
        assert_eq!(
            w("33.4").which,
            Which::PawnFile {
                file: 3,
                place: Place::Middle
            }
        );
        assert!(matches!(
            Wxf::parse("H2.3"),
            Err(SyntaxError::NotSideways { .. })
        ));
        assert!(matches!(
            Wxf::parse("X2.3"),
            Err(SyntaxError::PieceLetter('X'))
        ));
        assert!(matches!(Wxf::parse("C0.3"), Err(SyntaxError::Zero(_))));
        assert!(matches!(Wxf::parse("34.3"), Err(SyntaxError::Tandem(_))));
        assert!(matches!(
            Wxf::parse("C2*3"),
            Err(SyntaxError::Unreadable(_))
        ));
    }

    #[test]
    fn places_among_tandem_pieces() {
        assert_eq!(Place::Front.index(2), Some(0));
        assert_eq!(Place::Rear.index(3), Some(2));
        assert_eq!(Place::Front.index(4), Some(1));
        assert_eq!(Place::Rear.index(5), Some(3));
        assert_eq!(Place::Middle.index(5), Some(2));
        assert_eq!(Place::Middle.index(4), None);
        assert_eq!(Place::Front.index(1), None);
    }
}
