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

/// Makes [`Reason`], [`Reason::ALL`] and [`Reason::as_str`] from one list: a new way to
/// end a game is one line (players read it in their language through the bot's words).
macro_rules! reasons {
    ($($(#[$doc:meta])* $variant:ident => $text:literal,)*) => {
        /// Why a game ended, in short words.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Reason {
            $($(#[$doc])* $variant,)*
        }

        impl Reason {
            /// Every reason, in the order of the list.
            pub const ALL: &'static [Reason] = &[$(Reason::$variant),*];

            /// The reason as `boardpost replay --json` writes it and `Display` prints it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Reason::$variant => $text,)*
                }
            }
        }
    };
}

reasons! {
    /// Sidja: the loser has at most one stone left.
    OneStoneLeft => "one stone left",
    /// Yoté: the loser has no pieces left, on the board or in reserve.
    NoPiecesLeft => "no pieces left",
    /// Yoté: both reserves are empty and two pieces stand against one.
    TwoAgainstOne => "two pieces against one",
    /// Yoté's stall rule: 60 turns in a row without a capture or a drop.
    NoCaptureOrDrop => "no capture or drop for too long",
    /// Banglagor: the loser's total height is less than half the winner's.
    HalfHeight => "less than half the height",
    /// Banglagor's draw: 20 turns in a row without a column moving onto enemy land.
    NoInvasion => "no move onto enemy land for 10 rounds",
    /// Xiangqi: the loser is in check and has no legal move.
    Checkmate => "checkmate",
    /// Xiangqi: the loser is not in check but has no legal move (it loses all the same).
    NoLegalMove => "no legal move",
    /// Xiangqi: the loser gave check with every move of a threefold repetition.
    PerpetualCheck => "perpetual check",
    /// The same position, with the same player to move, for the third time.
    Repetition => "threefold repetition",
    /// Xiangqi: 60 moves each (120 plies) without a capture.
    SixtyMoves => "60 moves without a capture",
    /// Too many turns without progress; scored by captures where the game says so.
    Stall => "no capture for too long",
    /// Neither player has a legal action; scored by the stall rule.
    BothBlocked => "both players blocked",
    /// Seega with `blocked=lose`: the loser could not move at the start of a turn.
    CannotMove => "cannot move",
    /// Four-player xiangqi (`ffa`): every other player has been eliminated.
    LastStanding => "last player left",
    /// Four-player xiangqi (`teams`): both players of the other team have been
    /// eliminated.
    TeamWon => "both opponents eliminated",
    /// Four-player xiangqi's draw: 50 full rounds without a capture or an elimination.
    FiftyRounds => "50 rounds without a capture or elimination",
    /// The service's, not the board's: a player resigned.
    Resigned => "resignation",
    /// The service's: a player's time for a move ran out.
    Timeout => "time ran out",
    /// The service's: the players agreed to a draw.
    Agreed => "agreed draw",
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
