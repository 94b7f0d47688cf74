//! Why a Banglagor action cannot be played: typed, with the squares and heights a
//! player needs. `Display` is plain English for logs; the bot's words say it to players.

use crate::{token, EndRefused, Outcome, Seat, Square};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    #[error("“{}” is not a banglagor action", token(.0))]
    Syntax(String),
    #[error("passes are automatic and never typed in Banglagor")]
    PassTyped,
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    #[error("seat {0} does not play in this game of two")]
    NoSuchSeat(Seat),
    #[error("{0} is off the 8×12 board")]
    OffBoard(Square),
    #[error("columns are still being placed")]
    StillPlacing,
    #[error("every column is placed")]
    AllPlaced,
    #[error("columns are 1, 2 or 3 high, not {0}")]
    BadHeight(u8),
    #[error("no column of height {height} left to place")]
    NoneLeft {
        height: u8,
        /// Columns left to place, by height 1, 2, 3.
        in_hand: [u8; 3],
    },
    #[error("{square} is not in your land (ranks {ranks})")]
    NotYourLand { square: Square, ranks: &'static str },
    #[error("{square} is on your border row (place on ranks {ranks})")]
    BorderRow { square: Square, ranks: &'static str },
    #[error("{0} is taken")]
    Taken(Square),
    #[error("{0} is empty")]
    Empty(Square),
    #[error("the column on {0} is not yours")]
    NotYours(Square),
    #[error("the column on {0} is bound")]
    Bound(Square),
    #[error("the column on {0} is not bound")]
    NotBound(Square),
    #[error("the column on {from} cannot reach {to} (it is {height} high)")]
    Unreachable {
        from: Square,
        to: Square,
        height: u8,
    },
    #[error("the column on {from} is {height} high, but this path has {taken} steps")]
    PathLength { from: Square, height: u8, taken: u8 },
    #[error("{0}-{1} is not a step")]
    NotAStep(Square, Square),
    #[error("the path steps on {0}, which is occupied")]
    PathBlocked(Square),
    #[error("the column on {from} is not on the enemy's last rank (rank {rank})")]
    NotOnLastRank { from: Square, rank: u8 },
    #[error("{0} is occupied")]
    Occupied(Square),
    #[error("the column already stands on {0}")]
    SameSquare(Square),
    #[error("{target} is not next to {to}")]
    NotAdjacent { target: Square, to: Square },
    #[error("there is no enemy column on {0} to attack")]
    NoEnemy(Square),
    #[error("{what} ends next to enemy columns: say which one to attack")]
    ChooseTarget { what: String, options: Vec<String> },
}

impl From<EndRefused> for IllegalAction {
    fn from(refused: EndRefused) -> IllegalAction {
        match refused {
            EndRefused::Over(outcome) => IllegalAction::GameOver(outcome),
            EndRefused::NoSuchSeat(seat) => IllegalAction::NoSuchSeat(seat),
        }
    }
}
