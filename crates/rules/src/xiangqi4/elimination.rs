//! Eliminations: who left the game, why, and who was credited. A player with no legal
//! action at the start of their turn is eliminated (mated when in check, stalemated
//! otherwise); so is a player whose general is captured, or who resigns or runs out of
//! time. In `ffa` a credited elimination hands the army's rooks, horses, cannons and
//! pawns still on the board to the credited player's reserve.

use super::army::Army;
use crate::xiangqi::Kind;
use crate::{Reason, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// No legal action at the start of the turn, in check.
    Mated,
    /// No legal action at the start of the turn, not in check.
    Stalemated,
    /// The general was captured (others moved before its owner could answer a check).
    GeneralCaptured,
    /// The player resigned (the service's).
    Resigned,
    /// The player's time ran out (the service's).
    Timeout,
}

impl Cause {
    /// The cause of a withdrawal for the service's reason, if it is one.
    pub fn of_withdrawal(reason: Reason) -> Option<Cause> {
        match reason {
            Reason::Resigned => Some(Cause::Resigned),
            Reason::Timeout => Some(Cause::Timeout),
            _ => None,
        }
    }

    /// The service's reason for a withdrawal.
    pub fn reason(self) -> Option<Reason> {
        match self {
            Cause::Resigned => Some(Reason::Resigned),
            Cause::Timeout => Some(Reason::Timeout),
            _ => None,
        }
    }
}

/// One player leaving the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Elimination {
    pub seat: Seat,
    /// Who gets the credit (and, in `ffa`, the pieces); none for withdrawals.
    pub credited: Option<Seat>,
    pub cause: Cause,
    /// How many actions had been played when it happened.
    pub ply: usize,
    /// The kinds handed to the credited player's reserve, rooks first, then horses,
    /// cannons, pawns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transferred: Vec<Kind>,
}

impl Elimination {
    pub fn army(&self) -> Army {
        Army::of(self.seat)
    }
}

/// "Yellow is eliminated (mated by Red); Red takes R H into reserve": plain English, as
/// the text diagram shows it (the bot's words say it in each player's language).
impl fmt::Display for Elimination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = self.army().name();
        let by = self.credited.map(|seat| Army::of(seat).name());
        match (self.cause, by) {
            (Cause::Resigned, _) => write!(f, "{who} resigns and is out of the game")?,
            (Cause::Timeout, _) => write!(f, "{who}'s time ran out: {who} is out of the game")?,
            (Cause::Mated, Some(by)) => write!(f, "{who} is eliminated (mated by {by})")?,
            (Cause::Mated, None) => write!(f, "{who} is eliminated (mated)")?,
            (Cause::Stalemated, Some(by)) => {
                write!(f, "{who} is eliminated (stalemated, credited to {by})")?
            }
            (Cause::Stalemated, None) => write!(f, "{who} is eliminated (stalemated)")?,
            (Cause::GeneralCaptured, Some(by)) => {
                write!(f, "{who} is eliminated ({by} captured the general)")?
            }
            (Cause::GeneralCaptured, None) => write!(f, "{who} is eliminated (general captured)")?,
        }
        match by {
            Some(by) if !self.transferred.is_empty() => {
                let letters: Vec<String> = self.transferred.iter().map(Kind::to_string).collect();
                write!(f, "; {by} takes {} into reserve", letters.join(" "))
            }
            _ => Ok(()),
        }
    }
}
