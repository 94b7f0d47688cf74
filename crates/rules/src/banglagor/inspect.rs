//! Read-only views for the engines of `crate::ai`: a copy of the position without the
//! record (searches copy positions at every node, and the rules never read the record).

use super::Banglagor;

impl Banglagor {
    /// The same position with an empty record and no endings: what a search copies.
    /// The rules never read the record, so every action plays out the same on it.
    pub fn search_copy(&self) -> Banglagor {
        Banglagor {
            board: self.board.clone(),
            in_hand: self.in_hand,
            lost: self.lost,
            to_move: self.to_move,
            quiet_turns: self.quiet_turns,
            outcome: self.outcome.clone(),
            steps: Vec::new(),
            endings: Vec::new(),
        }
    }
}
