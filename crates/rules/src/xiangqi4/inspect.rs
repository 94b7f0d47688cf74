//! Read-only views for the engines of `crate::ai`: a copy of the position with only the
//! end of its record (searches copy positions at every node), and the position's key.

use super::{repetition, Xiangqi4};

/// The record's tail a copy keeps: mate and stalemate credit look back for the latest
/// action of each opponent, and with at most four players each other player acted
/// within the last three actions.
const KEPT_STEPS: usize = 4;

impl Xiangqi4 {
    /// The same position keeping only the last few actions of the record (all that the
    /// rules read of it: who acted last, for elimination credit) and no eliminations
    /// list or agreement: what a search copies. Every action plays out the same on it.
    pub fn search_copy(&self) -> Xiangqi4 {
        let keep = self.steps.len().saturating_sub(KEPT_STEPS);
        Xiangqi4 {
            options: self.options,
            board: self.board,
            reserves: self.reserves,
            in_game: self.in_game,
            to_move: self.to_move,
            quiet: self.quiet,
            seen: self.seen.clone(),
            outcome: self.outcome.clone(),
            steps: self.steps[keep..].to_vec(),
            eliminations: Vec::new(),
            agreed: None,
        }
    }

    /// Whether the record has grown past what [`Xiangqi4::search_copy`] keeps.
    pub fn record_len(&self) -> usize {
        self.steps.len()
    }

    /// The repetition key of the position (pieces, reserves, player to move).
    pub fn position_key(&self) -> u64 {
        repetition::key(&self.board, &self.reserves, self.to_move)
    }
}
