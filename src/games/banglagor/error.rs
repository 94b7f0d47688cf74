//! Why a Banglagor action cannot be played, in a player's words.

use crate::games::{Outcome, Square};
use thiserror::Error;

/// "1 step", "2 steps".
fn steps(n: &u8) -> String {
    if *n == 1 {
        "1 step".to_string()
    } else {
        format!("{n} steps")
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalAction {
    #[error("“{0}” is not a banglagor action: place a column with height@square (3@d2), move one with from-to (d2-d4, or d2-d4xe4 to attack e4), relocate one with from@to (d12@b5), or free a bound one (free d4)")]
    Syntax(String),
    #[error("passes are automatic: the bot passes for a player with no legal action, and `pass` is never typed in Banglagor (only in sudan sidja, to decline an extra move)")]
    PassTyped,
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error("seat {0} does not play in this game of two")]
    NoSuchSeat(crate::games::Seat),
    #[error("{0} is off the 8×12 board")]
    OffBoard(Square),
    #[error("columns are still being placed: place one of yours with height@square, like 3@d2")]
    StillPlacing,
    #[error("every column is placed: move one of yours, like d2-d4")]
    AllPlaced,
    #[error("columns are 1, 2 or 3 high, not {0}: write the height before the @, like 3@d2")]
    BadHeight(u8),
    #[error("you have no column of height {height} left to place (in hand: {in_hand})")]
    NoneLeft { height: u8, in_hand: String },
    #[error("{square} is not in your land: place your columns on ranks {ranks}")]
    NotYourLand { square: Square, ranks: &'static str },
    #[error("{square} is on your border row: place your columns on ranks {ranks}")]
    BorderRow { square: Square, ranks: &'static str },
    #[error("{0} is taken: place your column on an empty square")]
    Taken(Square),
    #[error("{0} is empty: name one of your columns")]
    Empty(Square),
    #[error("the column on {0} is not yours")]
    NotYours(Square),
    #[error("the column on {0} is bound: free it first with free {0}")]
    Bound(Square),
    #[error("the column on {0} is not bound: only a bound column can be freed")]
    NotBound(Square),
    #[error("the column on {from} cannot reach {to}: it is {height} high, so it walks exactly {steps} up, down, left or right, through empty squares only", steps = steps(.height))]
    Unreachable {
        from: Square,
        to: Square,
        height: u8,
    },
    #[error("the column on {from} is {height} high and walks exactly {want}, but this path has {got}", want = steps(.height), got = steps(.taken))]
    PathLength { from: Square, height: u8, taken: u8 },
    #[error("{0}-{1} is not a step: a path goes one square up, down, left or right at a time")]
    NotAStep(Square, Square),
    #[error("the path steps on {0}, which is occupied: columns walk through empty squares only")]
    PathBlocked(Square),
    #[error("the column on {from} cannot be relocated: only a column standing on the enemy's last rank (rank {rank}) can")]
    NotOnLastRank { from: Square, rank: u8 },
    #[error("{0} is occupied: a column is relocated to an empty square")]
    Occupied(Square),
    #[error("the column already stands on {0}: relocate it to another square")]
    SameSquare(Square),
    #[error("{target} is not next to {to}")]
    NotAdjacent { target: Square, to: Square },
    #[error("there is no enemy column on {0} to attack")]
    NoEnemy(Square),
    #[error("{what} ends next to enemy columns: say which one to attack: {options}")]
    ChooseTarget { what: String, options: String },
}

impl From<crate::games::EndRefused> for IllegalAction {
    fn from(refused: crate::games::EndRefused) -> IllegalAction {
        match refused {
            crate::games::EndRefused::Over(outcome) => IllegalAction::GameOver(outcome),
            crate::games::EndRefused::NoSuchSeat(seat) => IllegalAction::NoSuchSeat(seat),
        }
    }
}
