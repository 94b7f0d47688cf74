//! Xiangqi FEN: the board rank by rank from black's back rank (rank 9) to red's (rank 0),
//! files `a`–`i` left to right, red upper case, digits for runs of empty points; then the
//! side to move (`w` or `r` red, `b` black), two unused fields (`- -`), the plies since
//! the last capture and the move number.
//!
//! Read leniently: letters `K A B/E N/H R C P` (and `G` for the general) in either case
//! for either set, the two dashes and the counters optional. Written canonically in the
//! common form `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.

use super::board::Board;
use super::kind::Kind;
use super::piece::{Piece, Side};
use super::point::Point;
use crate::token;

/// Why a text is not a xiangqi position. `Display` is plain English for logs; the bot's
/// words say it to players.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("the FEN is empty")]
    Empty,
    #[error("a FEN board has 10 ranks, this one has {0}")]
    RankCount(usize),
    #[error("rank {rank} (“{}”) covers {points} points, not 9", token(.text))]
    RankWidth {
        rank: u8,
        text: String,
        points: usize,
    },
    #[error("“{letter}” in rank {rank} is not a piece")]
    Letter { letter: char, rank: u8 },
    #[error("the FEN has no side to move")]
    NoSide,
    #[error("“{}” is not a side to move", token(.0))]
    Side(String),
    #[error("“{}” is not a move counter", token(.0))]
    Counter(String),
    #[error("the move number counts from 1, not 0")]
    MoveNumberZero,
    #[error("“{}” is left over after the move number", token(.0))]
    Extra(String),
    #[error("{side} has {count} generals, not one")]
    Generals { side: Side, count: usize },
    #[error("{side} has {count} of {}: at most {max}", .kind.name())]
    TooMany {
        side: Side,
        kind: Kind,
        count: usize,
        max: usize,
    },
    #[error("a {} can never stand on {at}", .piece.name())]
    Misplaced { piece: Piece, at: Point },
    #[error("{side}'s general is attacked with the other side to move")]
    GeneralTakeable { side: Side },
}

/// How many of each kind a side starts with (and may have at most).
pub const START_COUNTS: [usize; 7] = [1, 2, 2, 2, 2, 2, 5];

/// A position read from FEN, with its counters.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    pub board: Board,
    /// Plies since the last capture.
    pub quiet_plies: u16,
    /// The number of the move about to be played (a move is a red and a black ply).
    pub move_number: u16,
}

/// Reads a FEN, checking that it is a position of the game: ten ranks of nine points,
/// one general a side, no more pieces of a kind than a side starts with, each on a point
/// its kind can reach, and the side that just moved not in check.
pub fn parse(text: &str) -> Result<Fen, FenError> {
    let mut fields = text.split_whitespace();
    let placement = fields.next().ok_or(FenError::Empty)?;
    let pieces = parse_placement(placement)?;
    let side = match fields.next() {
        None => return Err(FenError::NoSide),
        Some(s) => match s.to_ascii_lowercase().as_str() {
            "w" | "r" | "red" => Side::Red,
            "b" | "black" => Side::Black,
            _ => return Err(FenError::Side(s.to_string())),
        },
    };
    let rest: Vec<&str> = fields.collect();
    let dashes = rest.iter().take(2).take_while(|f| **f == "-").count();
    let mut counters = rest[dashes..].iter();
    let number = |text: &str| {
        text.parse::<u16>()
            .map_err(|_| FenError::Counter(text.into()))
    };
    let quiet_plies = counters.next().map(|t| number(t)).transpose()?.unwrap_or(0);
    let move_number = counters.next().map(|t| number(t)).transpose()?.unwrap_or(1);
    if move_number == 0 {
        return Err(FenError::MoveNumberZero);
    }
    if let Some(extra) = counters.next() {
        return Err(FenError::Extra(extra.to_string()));
    }
    let board = validate(pieces, side)?;
    Ok(Fen {
        board,
        quiet_plies,
        move_number,
    })
}

fn parse_placement(placement: &str) -> Result<Vec<(Point, Piece)>, FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut pieces = Vec::new();
    for (row, text) in ranks.iter().enumerate() {
        let rank = 9 - row as u8;
        let mut file = 0usize;
        let mut here = Vec::new();
        for c in text.chars() {
            if let Some(run) = c.to_digit(10).filter(|d| *d > 0) {
                file += run as usize;
                continue;
            }
            let kind = Kind::from_letter(c).ok_or(FenError::Letter { letter: c, rank })?;
            let side = if c.is_ascii_uppercase() {
                Side::Red
            } else {
                Side::Black
            };
            here.push((file, Piece::new(side, kind)));
            file += 1;
        }
        if file != 9 {
            return Err(FenError::RankWidth {
                rank,
                text: text.to_string(),
                points: file,
            });
        }
        for (file, piece) in here {
            let at = Point::new(file as u8, rank).expect("nine files checked");
            pieces.push((at, piece));
        }
    }
    Ok(pieces)
}

fn validate(pieces: Vec<(Point, Piece)>, side: Side) -> Result<Board, FenError> {
    for s in Side::BOTH {
        for kind in Kind::ALL {
            let count = pieces
                .iter()
                .filter(|(_, p)| *p == Piece::new(s, kind))
                .count();
            if kind == Kind::General && count != 1 {
                return Err(FenError::Generals { side: s, count });
            }
            let max = START_COUNTS[kind.index()];
            if count > max {
                return Err(FenError::TooMany {
                    side: s,
                    kind,
                    count,
                    max,
                });
            }
        }
    }
    if let Some((at, piece)) = pieces.iter().find(|(at, p)| !Board::reachable(*at, *p)) {
        return Err(FenError::Misplaced {
            piece: *piece,
            at: *at,
        });
    }
    let board = Board::from_pieces(pieces, side).expect("one general a side, checked above");
    if board.attacked(side.other()) {
        return Err(FenError::GeneralTakeable { side: side.other() });
    }
    Ok(board)
}

/// The board part of a FEN.
pub fn board_fen(board: &Board) -> String {
    let rows: Vec<String> = board
        .rows()
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for c in row.chars() {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect();
    rows.join("/")
}

/// The canonical FEN of a position and its counters.
pub fn write(board: &Board, quiet_plies: u16, move_number: u16) -> String {
    let side = match board.side_to_move() {
        Side::Red => 'w',
        Side::Black => 'b',
    };
    format!(
        "{} {side} - - {quiet_plies} {move_number}",
        board_fen(board)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::board::START_FEN;

    #[test]
    fn start_position_round_trips() {
        let fen = parse(START_FEN).unwrap();
        assert_eq!(
            write(&fen.board, fen.quiet_plies, fen.move_number),
            START_FEN
        );
        assert_eq!(fen.board.count(Side::Red), 16);
        assert_eq!(fen.board.key(), fen.board.compute_key());
    }

    #[test]
    fn lenient_forms_read_the_same() {
        let canonical = parse(START_FEN).unwrap();
        for text in [
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR W - - 0 1",
        ] {
            assert_eq!(parse(text), Ok(canonical), "{text}");
        }
    }
}
