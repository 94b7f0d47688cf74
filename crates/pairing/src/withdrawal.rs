//! The withdrawal rule of round-robin events (as in FIDE's and ICCF's regulations): when a
//! player withdraws (or runs out of time in every game), if at least half of their games
//! are finished those results stand and their unfinished games are lost by forfeit;
//! otherwise all their results are struck out, finished ones included.

use crate::tournament::PlayerId;

/// The state of one game of a round-robin table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Unfinished,
    WhiteWon,
    BlackWon,
    Draw,
    /// Decided without play: the winner took a forfeit.
    WhiteWonByForfeit,
    BlackWonByForfeit,
    /// Removed from the table: it counts for nobody.
    StruckOut,
}

impl Outcome {
    pub fn is_finished(self) -> bool {
        !matches!(self, Outcome::Unfinished | Outcome::StruckOut)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableGame {
    pub white: PlayerId,
    pub black: PlayerId,
    pub outcome: Outcome,
}

/// What the rule decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// At least half finished: results stand, `forfeited` unfinished games lost by forfeit.
    ResultsStand { forfeited: usize },
    /// Fewer than half finished: `struck` games (all of the player's) struck out.
    ResultsStruckOut { struck: usize },
}

/// Applies the rule for `withdrawn` to `games` (the whole table, other players' games
/// untouched), returning the new table and the decision.
pub fn apply(games: &[TableGame], withdrawn: PlayerId) -> (Vec<TableGame>, Decision) {
    let own = |game: &TableGame| game.white == withdrawn || game.black == withdrawn;
    let total = games.iter().filter(|game| own(game)).count();
    let finished = games
        .iter()
        .filter(|game| own(game) && game.outcome.is_finished())
        .count();
    let stand = 2 * finished >= total;
    let mut changed = 0;
    let table = games
        .iter()
        .map(|game| {
            if !own(game) {
                return *game;
            }
            let outcome = if stand {
                if game.outcome != Outcome::Unfinished {
                    return *game;
                }
                if game.white == withdrawn {
                    Outcome::BlackWonByForfeit
                } else {
                    Outcome::WhiteWonByForfeit
                }
            } else {
                Outcome::StruckOut
            };
            changed += 1;
            TableGame { outcome, ..*game }
        })
        .collect();
    let decision = if stand {
        Decision::ResultsStand { forfeited: changed }
    } else {
        Decision::ResultsStruckOut { struck: changed }
    };
    (table, decision)
}
