//! What stands on the cross, and what each player holds in reserve.
//!
//! Both are stored as short texts so snapshots stay readable: the board as a list of
//! tokens `rKj1 rPf4 bP*o9 …` (army initial, piece letter, point, `*` on a pawn that
//! has left its own arm), a reserve as `bR bR gP` (the army each piece was taken from,
//! then its letter).

use super::army::{Army, ByArmy};
use super::geometry::{self, CELLS};
use crate::xiangqi::Kind;
use crate::Square;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A piece on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub army: Army,
    pub kind: Kind,
    /// For pawns: "has left its own arm", set on its first step outside and never
    /// cleared; dropped pawns carry it from the start. Always false for other kinds.
    pub left_arm: bool,
}

impl Piece {
    pub const fn new(army: Army, kind: Kind) -> Piece {
        Piece {
            army,
            kind,
            left_arm: false,
        }
    }

    /// Two letters: the army's initial and the piece's letter (`rK`, `bP`).
    pub fn code(self) -> String {
        format!("{}{}", self.army.letter(), self.kind.letter())
    }
}

/// Every point of the grid with what stands on it (missing corners stay empty).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Board {
    cells: [Option<Piece>; CELLS],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            cells: [None; CELLS],
        }
    }

    /// What stands on `sq` (a point of the cross).
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.cells[geometry::index(sq)]
    }

    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.cells[geometry::index(sq)] = piece;
    }

    /// Every piece, rank by rank from `a1`, by file within a rank.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|p| (geometry::square_at(i), p)))
    }

    /// The pieces of one army, rank by rank.
    pub fn pieces_of(&self, army: Army) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces().filter(move |(_, p)| p.army == army)
    }

    /// How many pieces of `kind` the army has on the board.
    pub fn count(&self, army: Army, kind: Kind) -> usize {
        self.pieces_of(army).filter(|(_, p)| p.kind == kind).count()
    }

    /// Where each army's general stands (none for an army that is out).
    pub fn generals(&self) -> ByArmy<Option<Square>> {
        let mut out = ByArmy::default();
        for (sq, p) in self.pieces() {
            if p.kind == Kind::General {
                out[p.army] = Some(sq);
            }
        }
        out
    }

    /// Takes every piece of `army` off the board.
    pub fn remove_army(&mut self, army: Army) {
        for cell in self.cells.iter_mut() {
            if cell.is_some_and(|p| p.army == army) {
                *cell = None;
            }
        }
    }

    /// The board as its token list (see the module's documentation).
    pub fn tokens(&self) -> Vec<String> {
        self.pieces()
            .map(|(sq, p)| {
                let flag = if p.left_arm { "*" } else { "" };
                format!("{}{sq}{flag}", p.code())
            })
            .collect()
    }

    /// Reads a token list (blanks or commas between tokens). Each point at most once,
    /// every point on the cross, the `*` flag only on pawns. Rules about where pieces
    /// may stand are the game's to check.
    pub fn from_tokens(text: &str) -> Result<Board, String> {
        let mut board = Board::empty();
        for token in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let (sq, piece) = parse_token(token)?;
            if board.get(sq).is_some() {
                return Err(format!("{sq} is given twice"));
            }
            board.set(sq, Some(piece));
        }
        Ok(board)
    }
}

/// `rKj1`, `bP*o9` (also `bPo9*`): army initial, piece letter, point, pawn flag.
fn parse_token(token: &str) -> Result<(Square, Piece), String> {
    let bad = || {
        format!("“{token}” is not a piece: write the army's initial, the piece's letter and the point, like rKj1 (bPo9* for a pawn that has left its arm)")
    };
    let mut chars = token.chars();
    let army = chars
        .next()
        .and_then(|c| Army::parse(&c.to_string()))
        .ok_or_else(bad)?;
    let kind = chars.next().and_then(Kind::from_letter).ok_or_else(bad)?;
    let rest = chars.as_str();
    let (flag, rest) = match rest.strip_prefix('*') {
        Some(r) => (true, r),
        None => match rest.strip_suffix('*') {
            Some(r) => (true, r),
            None => (false, rest),
        },
    };
    let sq = Square::parse(rest).ok_or_else(bad)?;
    if !geometry::exists(sq) {
        return Err(geometry::not_a_point(sq));
    }
    if flag && kind != Kind::Pawn {
        return Err(format!("“{token}”: only pawns carry the * flag"));
    }
    Ok((
        sq,
        Piece {
            army,
            kind,
            left_arm: flag,
        },
    ))
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tokens().join(" "))
    }
}

impl From<Board> for String {
    fn from(board: Board) -> String {
        board.to_string()
    }
}

impl TryFrom<String> for Board {
    type Error = String;
    fn try_from(text: String) -> Result<Board, String> {
        Board::from_tokens(&text)
    }
}

/// The kinds that can be held in reserve and dropped, in the order notes list them.
pub const DROPPABLE: [Kind; 4] = [Kind::Rook, Kind::Horse, Kind::Cannon, Kind::Pawn];

/// Where `kind` is in [`DROPPABLE`], if it can be dropped at all.
pub fn droppable_index(kind: Kind) -> Option<usize> {
    DROPPABLE.iter().position(|k| *k == kind)
}

/// How many pieces of `kind` an army has at the start (the drop limit).
pub const fn start_count(kind: Kind) -> usize {
    match kind {
        Kind::General => 1,
        Kind::Pawn => 5,
        _ => 2,
    }
}

/// A player's reserve: how many pieces of each droppable kind, by the army each was
/// most recently taken from (which decides the arm it may be dropped in).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Reserve {
    /// `[kind in DROPPABLE order][origin army]`.
    counts: [[u8; 4]; 4],
}

impl Reserve {
    pub fn is_empty(&self) -> bool {
        self.counts.iter().flatten().all(|n| *n == 0)
    }

    /// Pieces of `kind` taken from `origin`.
    pub fn count(&self, kind: Kind, origin: Army) -> u8 {
        droppable_index(kind).map_or(0, |k| self.counts[k][origin.index()])
    }

    /// Pieces of `kind`, wherever they came from.
    pub fn count_kind(&self, kind: Kind) -> u8 {
        droppable_index(kind).map_or(0, |k| self.counts[k].iter().sum())
    }

    /// Adds a piece of `kind` (one of [`DROPPABLE`]) taken from `origin`.
    pub fn add(&mut self, kind: Kind, origin: Army) {
        let k = droppable_index(kind).expect("only rooks, horses, cannons and pawns");
        self.counts[k][origin.index()] += 1;
    }

    /// Takes one piece of `kind` taken from `origin`; false if there is none.
    pub fn take(&mut self, kind: Kind, origin: Army) -> bool {
        match droppable_index(kind) {
            Some(k) if self.counts[k][origin.index()] > 0 => {
                self.counts[k][origin.index()] -= 1;
                true
            }
            _ => false,
        }
    }

    /// The armies `kind` in this reserve came from.
    pub fn origins(&self, kind: Kind) -> Vec<Army> {
        Army::ALL
            .into_iter()
            .filter(|a| self.count(kind, *a) > 0)
            .collect()
    }

    /// Each (kind, origin) held, with its count, kinds in [`DROPPABLE`] order.
    pub fn entries(&self) -> impl Iterator<Item = (Kind, Army, u8)> + '_ {
        DROPPABLE
            .into_iter()
            .enumerate()
            .flat_map(move |(k, kind)| {
                Army::ALL
                    .into_iter()
                    .map(move |a| (kind, a, self.counts[k][a.index()]))
                    .filter(|(_, _, n)| *n > 0)
            })
    }

    /// The kinds' letters sorted by byte order, like `CRR` (origins left out).
    pub fn letters(&self) -> String {
        let mut letters: Vec<char> = self
            .entries()
            .flat_map(|(kind, _, n)| std::iter::repeat_n(kind.letter(), n as usize))
            .collect();
        letters.sort_unstable();
        letters.into_iter().collect()
    }

    /// Tokens `bR bR gP`: origin initial and letter, one per piece.
    pub fn tokens(&self) -> Vec<String> {
        self.entries()
            .flat_map(|(kind, origin, n)| {
                std::iter::repeat_n(format!("{}{}", origin.letter(), kind.letter()), n as usize)
            })
            .collect()
    }

    /// Reads tokens as [`Reserve::tokens`] writes them.
    pub fn from_tokens(text: &str) -> Result<Reserve, String> {
        let mut reserve = Reserve::default();
        for token in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let bad = || {
                format!("“{token}” is not a reserve piece: write the army it came from and its letter, like bR")
            };
            let mut chars = token.chars();
            let origin = chars
                .next()
                .and_then(|c| Army::parse(&c.to_string()))
                .ok_or_else(bad)?;
            let kind = chars.next().and_then(Kind::from_letter).ok_or_else(bad)?;
            if !chars.as_str().is_empty() {
                return Err(bad());
            }
            if droppable_index(kind).is_none() {
                return Err(format!(
                    "“{token}”: only rooks, horses, cannons and pawns are held in reserve"
                ));
            }
            reserve.add(kind, origin);
        }
        Ok(reserve)
    }
}

impl From<Reserve> for String {
    fn from(r: Reserve) -> String {
        r.tokens().join(" ")
    }
}

impl TryFrom<String> for Reserve {
    type Error = String;
    fn try_from(text: String) -> Result<Reserve, String> {
        Reserve::from_tokens(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_read_back_from_their_tokens() {
        let board = Board::from_tokens("rKj1 bP*o9 yCm17, gRa6").unwrap();
        assert_eq!(board.to_string(), "rKj1 gRa6 bPo9* yCm17");
        assert_eq!(Board::from_tokens(&board.to_string()).unwrap(), board);
        assert!(Board::from_tokens("rKe5").is_err());
        assert!(Board::from_tokens("rKj1 bKj1").is_err());
        assert!(Board::from_tokens("rK*j1").is_err());
        assert!(Board::from_tokens("xKj1").is_err());
    }

    #[test]
    fn reserves_keep_where_each_piece_came_from() {
        let mut r = Reserve::from_tokens("bR gP bR yC").unwrap();
        assert_eq!(r.letters(), "CPRR");
        assert_eq!(r.tokens().join(" "), "bR bR yC gP");
        assert_eq!(r.count(Kind::Rook, Army::Black), 2);
        assert_eq!(r.origins(Kind::Pawn), [Army::Green]);
        assert!(r.take(Kind::Rook, Army::Black));
        assert!(!r.take(Kind::Rook, Army::Green));
        assert_eq!(r.count_kind(Kind::Rook), 1);
        assert!(Reserve::from_tokens("bK").is_err());
        assert!(Reserve::default().is_empty());
    }
}
