//! Why an action was chosen: one typed fact, with data, for the front ends to put into
//! words (in any language). An English [`Display`](std::fmt::Display) is kept here for
//! tests and examples only.

use super::position::{Position, Terminal};
use super::search::{RootResult, MATE, MATE_BOUND};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The only legal action.
    OnlyAction,
    /// It wins the game at once.
    Wins,
    /// It forces a win within this many actions (this one included).
    WinsIn { plies: u16 },
    /// Every action loses by force; this one holds out longest.
    HoldsOut { plies: u16 },
    /// It ends the game in a draw at once.
    Draws,
    /// It takes this many enemy pieces, stones or columns.
    Captures { count: u8 },
    /// It attacks an enemy general.
    Checks,
    /// The moved piece now attacks the enemy piece on this square.
    Threatens { at: String },
    /// It brings a piece into play (placement, drop).
    Develops,
    /// A deliberately imperfect choice (levels 1 and 2).
    Hunch,
    /// The best evaluation the search found, and what it says of the position after the
    /// action for the side playing it.
    BestEval { outlook: Outlook },
}

/// How the search judges a position for one side, in words rather than numbers: every
/// game's evaluation counts about 100 for a piece (a pawn, a stone, a unit of height), so
/// the same bounds read alike in every game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outlook {
    MuchWorse,
    Worse,
    LittleWorse,
    Even,
    LittleBetter,
    Better,
    MuchBetter,
}

impl Outlook {
    /// Under half a piece either way is even; under two a little; under five, better or
    /// worse; more is much.
    pub fn of(score: i32) -> Outlook {
        let better = score > 0;
        match score.unsigned_abs() {
            0..50 => Outlook::Even,
            50..200 if better => Outlook::LittleBetter,
            50..200 => Outlook::LittleWorse,
            200..500 if better => Outlook::Better,
            200..500 => Outlook::Worse,
            _ if better => Outlook::MuchBetter,
            _ => Outlook::MuchWorse,
        }
    }

    /// Its name in the messages' selectors.
    pub fn key(self) -> &'static str {
        match self {
            Outlook::MuchWorse => "much-worse",
            Outlook::Worse => "worse",
            Outlook::LittleWorse => "little-worse",
            Outlook::Even => "even",
            Outlook::LittleBetter => "little-better",
            Outlook::Better => "better",
            Outlook::MuchBetter => "much-better",
        }
    }
}

/// The reason for the chosen action of a root search.
pub fn reason_for<P: Position>(pos: &P, result: &RootResult<P::Action>) -> Reason {
    let action = result.action;
    if result.legal == 1 {
        return Reason::OnlyAction;
    }
    if let Some(root) = pos.mover() {
        let mut next = pos.clone();
        if next.play(action) {
            match next.terminal(root) {
                Some(Terminal::Win) => return Reason::Wins,
                Some(Terminal::Draw) => return Reason::Draws,
                Some(Terminal::Loss) => {}
                None => {
                    // A mover with no legal action has lost (xiangqi's mate and
                    // stalemate, which its position leaves to the action list).
                    let mut replies = Vec::new();
                    next.actions(&mut replies);
                    if replies.is_empty() && next.mover().is_some_and(|m| !next.allied(m, root)) {
                        return Reason::Wins;
                    }
                }
            }
        }
    }
    if result.score >= MATE_BOUND {
        return Reason::WinsIn {
            plies: (MATE - result.score).clamp(1, i32::from(u16::MAX)) as u16,
        };
    }
    if result.score <= -MATE_BOUND {
        return Reason::HoldsOut {
            plies: (MATE + result.score).clamp(1, i32::from(u16::MAX)) as u16,
        };
    }
    if action != result.best {
        return Reason::Hunch;
    }
    let facts = pos.facts(action);
    if facts.captures > 0 {
        Reason::Captures {
            count: facts.captures,
        }
    } else if facts.check {
        Reason::Checks
    } else if let Some(at) = facts.threat {
        Reason::Threatens { at }
    } else if facts.places {
        Reason::Develops
    } else {
        Reason::BestEval {
            outlook: Outlook::of(result.score),
        }
    }
}

impl fmt::Display for Reason {
    /// English, for tests and examples; the front ends word reasons themselves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::OnlyAction => write!(f, "the only legal action"),
            Reason::Wins => write!(f, "wins at once"),
            Reason::WinsIn { plies } => write!(f, "forces a win in {plies} actions"),
            Reason::HoldsOut { plies } => write!(f, "holds out longest ({plies} actions)"),
            Reason::Draws => write!(f, "draws at once"),
            Reason::Captures { count } => write!(f, "captures {count}"),
            Reason::Checks => write!(f, "gives check"),
            Reason::Threatens { at } => write!(f, "threatens {at}"),
            Reason::Develops => write!(f, "brings a piece into play"),
            Reason::Hunch => write!(f, "a hunch"),
            Reason::BestEval { outlook } => {
                write!(f, "the best position it found ({})", outlook.key())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Outlook;

    #[test]
    fn outlooks_read_the_score_in_pieces() {
        let cases = [
            (-5_000, Outlook::MuchWorse),
            (-500, Outlook::MuchWorse),
            (-499, Outlook::Worse),
            (-200, Outlook::Worse),
            (-199, Outlook::LittleWorse),
            (-50, Outlook::LittleWorse),
            (-49, Outlook::Even),
            (0, Outlook::Even),
            (49, Outlook::Even),
            (50, Outlook::LittleBetter),
            (200, Outlook::Better),
            (500, Outlook::MuchBetter),
            (i32::MIN, Outlook::MuchWorse),
            (i32::MAX, Outlook::MuchBetter),
        ];
        for (score, outlook) in cases {
            assert_eq!(Outlook::of(score), outlook, "{score}");
        }
    }
}
