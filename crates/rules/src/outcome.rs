//! How a game ended: who won (nobody, for a draw) and why.

use super::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Empty for a draw.
    pub winners: Vec<Seat>,
    pub reason: Reason,
}

impl Outcome {
    pub fn win(winner: Seat, reason: Reason) -> Outcome {
        Outcome {
            winners: vec![winner],
            reason,
        }
    }

    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winners: Vec::new(),
            reason,
        }
    }

    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
}

/// Why a game ended, in short words.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Sidja: the loser has at most one stone left.
    OneStoneLeft,
    /// Yoté: the loser has no pieces left, on the board or in reserve.
    NoPiecesLeft,
    /// Yoté: both reserves are empty and two pieces stand against one.
    TwoAgainstOne,
    /// Yoté's stall rule: 60 turns in a row without a capture or a drop.
    NoCaptureOrDrop,
    /// Banglagor: the loser's total height is less than half the winner's.
    HalfHeight,
    /// Banglagor's draw: 20 turns in a row without a column moving onto enemy land.
    NoInvasion,
    /// Xiangqi: the loser is in check and has no legal move.
    Checkmate,
    /// Xiangqi: the loser is not in check but has no legal move (it loses all the same).
    NoLegalMove,
    /// Xiangqi: the loser gave check with every move of a threefold repetition.
    PerpetualCheck,
    /// The same position, with the same player to move, for the third time.
    Repetition,
    /// Xiangqi: 60 moves each (120 plies) without a capture.
    SixtyMoves,
    /// Too many turns without progress; scored by captures where the game says so.
    Stall,
    /// Neither player has a legal action; scored by the stall rule.
    BothBlocked,
    /// Seega with `blocked=lose`: the loser could not move at the start of a turn.
    CannotMove,
    /// Four-player xiangqi (`ffa`): every other player has been eliminated.
    LastStanding,
    /// Four-player xiangqi (`teams`): both players of the other team have been
    /// eliminated.
    TeamWon,
    /// Four-player xiangqi's draw: 50 full rounds without a capture or an elimination.
    FiftyRounds,
    /// The service's, not the board's: a player resigned.
    Resigned,
    /// The service's: a player's time for a move ran out.
    Timeout,
    /// The service's: the players agreed to a draw.
    Agreed,
}

impl Reason {
    /// The reason as `boardpost replay --json` writes it and `Display` prints it (players
    /// read it in their language through the bot's words).
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::OneStoneLeft => "one stone left",
            Reason::NoPiecesLeft => "no pieces left",
            Reason::TwoAgainstOne => "two pieces against one",
            Reason::NoCaptureOrDrop => "no capture or drop for too long",
            Reason::HalfHeight => "less than half the height",
            Reason::NoInvasion => "no move onto enemy land for 10 rounds",
            Reason::Checkmate => "checkmate",
            Reason::NoLegalMove => "no legal move",
            Reason::PerpetualCheck => "perpetual check",
            Reason::Repetition => "threefold repetition",
            Reason::SixtyMoves => "60 moves without a capture",
            Reason::Stall => "no capture for too long",
            Reason::BothBlocked => "both players blocked",
            Reason::CannotMove => "cannot move",
            Reason::LastStanding => "last player left",
            Reason::TeamWon => "both opponents eliminated",
            Reason::FiftyRounds => "50 rounds without a capture or elimination",
            Reason::Resigned => "resignation",
            Reason::Timeout => "time ran out",
            Reason::Agreed => "agreed draw",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// "seat 2 wins (checkmate)", "seats 1 and 3 win (…)", "draw (…)": by seat numbers,
/// as text diagrams and logs show an outcome.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = self.reason;
        match self.winners.as_slice() {
            [] => write!(f, "draw ({reason})"),
            [one] => write!(f, "seat {one} wins ({reason})"),
            [head @ .., last] => {
                let head: Vec<String> = head.iter().map(Seat::to_string).collect();
                write!(f, "seats {} and {last} win ({reason})", head.join(", "))
            }
        }
    }
}
