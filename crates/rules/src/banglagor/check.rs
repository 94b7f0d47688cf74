//! Whether an action is legal now, and if not why; and how a
//! text's lenient parts (an explicit path, a target left out) resolve to one action.

use super::board::{index, neighbours_of, square_at};
use super::{adjacent, border_rank, in_land, paths, relocation_rank};
use super::{Action, Banglagor, Column, IllegalAction, Parsed, DIMS};
use crate::{Seat, Square};

/// The ranks `seat` places on.
fn placement_ranks(seat: Seat) -> &'static str {
    if seat == Seat::FIRST {
        "1–5"
    } else {
        "8–12"
    }
}

impl Banglagor {
    fn on_board(sq: Square) -> Result<(), IllegalAction> {
        if DIMS.contains(sq) {
            Ok(())
        } else {
            Err(IllegalAction::OffBoard(sq))
        }
    }

    fn not_over(&self) -> Result<(), IllegalAction> {
        match &self.outcome {
            Some(outcome) => Err(IllegalAction::GameOver(outcome.clone())),
            None => Ok(()),
        }
    }

    /// The mover's free column on `from`, in the movement phase.
    fn own_free_column(&self, from: Square) -> Result<Column, IllegalAction> {
        if self.is_placing() {
            return Err(IllegalAction::StillPlacing);
        }
        match self.board.get(from) {
            None => Err(IllegalAction::Empty(from)),
            Some(c) if c.seat != self.to_move => Err(IllegalAction::NotYours(from)),
            Some(c) if c.bound => Err(IllegalAction::Bound(from)),
            Some(c) => Ok(c),
        }
    }

    /// The enemy columns next to `to` (of the mover's enemy), in square order.
    fn enemies_next_to(&self, to: Square) -> Vec<Square> {
        let enemy = self.to_move.next(2);
        let mut out: Vec<Square> = neighbours_of(index(to))
            .filter(|n| self.board.at(*n).is_some_and(|c| c.seat == enemy))
            .map(square_at)
            .collect();
        out.sort();
        out
    }

    /// Checks a named target, or says which ones there are when none is named.
    fn check_target(
        &self,
        action: Action,
        to: Square,
        target: Option<Square>,
    ) -> Result<(), IllegalAction> {
        match target {
            Some(t) => {
                Self::on_board(t)?;
                if !adjacent(t, to) {
                    return Err(IllegalAction::NotAdjacent { target: t, to });
                }
                match self.board.get(t) {
                    Some(c) if c.seat != self.to_move => Ok(()),
                    _ => Err(IllegalAction::NoEnemy(t)),
                }
            }
            None => {
                let enemies = self.enemies_next_to(to);
                if enemies.is_empty() {
                    Ok(())
                } else {
                    Err(self.choose_target(action, &enemies))
                }
            }
        }
    }

    fn choose_target(&self, action: Action, enemies: &[Square]) -> IllegalAction {
        let with = |t: Square| match action {
            Action::Move { from, to, .. } => Action::Move {
                from,
                to,
                target: Some(t),
            },
            Action::Relocate { from, to, .. } => Action::Relocate {
                from,
                to,
                target: Some(t),
            },
            other => other,
        };
        let options: Vec<String> = enemies.iter().map(|t| with(*t).to_string()).collect();
        IllegalAction::ChooseTarget {
            what: action.to_string(),
            options,
        }
    }

    /// Checks that the column on `from` can walk to `to`.
    fn check_reach(&self, from: Square, to: Square, column: Column) -> Result<(), IllegalAction> {
        let reach = paths::destinations(self.board.empty_mask(), index(from), column.height);
        if reach & 1 << index(to) == 0 {
            return Err(IllegalAction::Unreachable {
                from,
                to,
                height: column.height,
            });
        }
        Ok(())
    }

    /// Checks an explicit path (start, every square stepped on, end).
    fn check_path(&self, path: &[Square], column: Column) -> Result<(), IllegalAction> {
        let from = path[0];
        let taken = (path.len() - 1).min(u8::MAX as usize) as u8;
        if taken != column.height {
            return Err(IllegalAction::PathLength {
                from,
                height: column.height,
                taken,
            });
        }
        for pair in path.windows(2) {
            if !adjacent(pair[0], pair[1]) {
                return Err(IllegalAction::NotAStep(pair[0], pair[1]));
            }
            if pair[1] != from && self.board.get(pair[1]).is_some() {
                return Err(IllegalAction::PathBlocked(pair[1]));
            }
        }
        Ok(())
    }

    fn check_relocation(&self, from: Square, to: Square) -> Result<(), IllegalAction> {
        self.own_free_column(from)?;
        let rank = relocation_rank(self.to_move);
        if from.rank != rank {
            return Err(IllegalAction::NotOnLastRank {
                from,
                rank: rank + 1,
            });
        }
        if to == from {
            return Err(IllegalAction::SameSquare(from));
        }
        if self.board.get(to).is_some() {
            return Err(IllegalAction::Occupied(to));
        }
        Ok(())
    }

    /// Says whether `action` is legal now, and if not, why. A move or relocation that
    /// ends next to enemy columns must name its target.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        self.not_over()?;
        match action {
            Action::Place { height, at } => {
                Self::on_board(at)?;
                if !self.is_placing() {
                    return Err(IllegalAction::AllPlaced);
                }
                if !(1..=3).contains(&height) {
                    return Err(IllegalAction::BadHeight(height));
                }
                let seat = self.to_move;
                let hand = self.in_hand[seat];
                if hand[height as usize - 1] == 0 {
                    return Err(IllegalAction::NoneLeft {
                        height,
                        in_hand: hand,
                    });
                }
                let ranks = placement_ranks(seat);
                if !in_land(seat, at) {
                    return Err(IllegalAction::NotYourLand { square: at, ranks });
                }
                if at.rank == border_rank(seat) {
                    return Err(IllegalAction::BorderRow { square: at, ranks });
                }
                if self.board.get(at).is_some() {
                    return Err(IllegalAction::Taken(at));
                }
                Ok(())
            }
            Action::Move { from, to, target } => {
                Self::on_board(from)?;
                Self::on_board(to)?;
                let column = self.own_free_column(from)?;
                self.check_reach(from, to, column)?;
                self.check_target(action, to, target)
            }
            Action::Relocate { from, to, target } => {
                Self::on_board(from)?;
                Self::on_board(to)?;
                self.check_relocation(from, to)?;
                self.check_target(action, to, target)
            }
            Action::Free(sq) => {
                Self::on_board(sq)?;
                if self.is_placing() {
                    return Err(IllegalAction::StillPlacing);
                }
                match self.board.get(sq) {
                    None => Err(IllegalAction::Empty(sq)),
                    Some(c) if c.seat != self.to_move => Err(IllegalAction::NotYours(sq)),
                    Some(c) if !c.bound => Err(IllegalAction::NotBound(sq)),
                    Some(_) => Ok(()),
                }
            }
        }
    }

    /// Resolves what a text said against this position: an explicit path is checked and
    /// dropped, and a target left out is filled in when there is exactly one.
    pub fn resolve(&self, parsed: Parsed) -> Result<Action, IllegalAction> {
        let (action, given) = match parsed {
            Parsed::Pass => return Err(IllegalAction::PassTyped),
            Parsed::Place { height, at } => (Action::Place { height, at }, None),
            Parsed::Free(sq) => (Action::Free(sq), None),
            Parsed::Move { path, target } => {
                self.not_over()?;
                for sq in path.iter().chain(&target) {
                    Self::on_board(*sq)?;
                }
                let (from, to) = (path[0], path[path.len() - 1]);
                let column = self.own_free_column(from)?;
                if path.len() > 2 {
                    self.check_path(&path, column)?;
                } else {
                    self.check_reach(from, to, column)?;
                }
                (
                    Action::Move {
                        from,
                        to,
                        target: None,
                    },
                    target,
                )
            }
            Parsed::Relocate { from, to, target } => {
                self.not_over()?;
                for sq in [from, to].iter().chain(&target) {
                    Self::on_board(*sq)?;
                }
                self.check_relocation(from, to)?;
                (
                    Action::Relocate {
                        from,
                        to,
                        target: None,
                    },
                    target,
                )
            }
        };
        let action = match (action, given) {
            (Action::Move { from, to, .. }, Some(t)) => Action::Move {
                from,
                to,
                target: Some(t),
            },
            (Action::Relocate { from, to, .. }, Some(t)) => Action::Relocate {
                from,
                to,
                target: Some(t),
            },
            (Action::Move { from, to, .. }, None) => Action::Move {
                from,
                to,
                target: self.only_target(action, to)?,
            },
            (Action::Relocate { from, to, .. }, None) => Action::Relocate {
                from,
                to,
                target: self.only_target(action, to)?,
            },
            (other, _) => other,
        };
        self.check(action)?;
        Ok(action)
    }

    /// The target of a move that names none: nothing when no enemy is next to `to`, the
    /// one enemy when there is one, an error listing them when there are more.
    fn only_target(&self, action: Action, to: Square) -> Result<Option<Square>, IllegalAction> {
        match self.enemies_next_to(to).as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(*one)),
            several => Err(self.choose_target(action, several)),
        }
    }
}
