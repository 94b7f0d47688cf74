//! Repetition and perpetual check.
//!
//! A position (the same pieces on the same points, the same side to move) is counted
//! each time it is reached, the starting position included. When one occurs for the
//! third time, the moves played since its first occurrence decide: if every move of one
//! side in that stretch gave check and not every move of the other side did, the
//! checking side loses (perpetual check); otherwise the game is drawn. A capture can
//! never be undone, so only positions since the last capture are compared.

use super::piece::Side;

/// What a third occurrence means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Perpetual check: this side gave check with every move and loses.
    PerpetualCheck { loser: Side },
    /// Any other threefold repetition.
    Draw,
}

/// If the last of `keys` (position keys, one per position reached, oldest first)
/// occurs for the third time among `keys[since..]`, the index of its first occurrence.
pub fn third_occurrence(keys: &[u64], since: usize) -> Option<usize> {
    let (&last, before) = keys.split_last()?;
    let mut seen = 1;
    let mut first = keys.len() - 1;
    // Positions with the same side to move lie an even number of plies apart.
    let mut i = before.len();
    while i >= since + 2 {
        i -= 2;
        if keys[i] == last {
            seen += 1;
            first = i;
        }
    }
    (seen >= 3).then_some(first)
}

/// Judges a repetition from the moves played since the position's first occurrence:
/// each move's side and whether it gave check.
pub fn judge(moves: impl IntoIterator<Item = (Side, bool)>) -> Verdict {
    // Per side: did it move at all, and did every move give check?
    let mut moved = [false; 2];
    let mut always = [true; 2];
    for (side, check) in moves {
        moved[side.index()] = true;
        always[side.index()] &= check;
    }
    let perpetual = |s: Side| moved[s.index()] && always[s.index()];
    match (perpetual(Side::Red), perpetual(Side::Black)) {
        (true, false) => Verdict::PerpetualCheck { loser: Side::Red },
        (false, true) => Verdict::PerpetualCheck { loser: Side::Black },
        _ => Verdict::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn third_occurrence_counts_same_side_positions() {
        // A B C D A B C D A: A at 0, 4, 8.
        let keys = [1, 2, 3, 4, 1, 2, 3, 4, 1];
        assert_eq!(third_occurrence(&keys[..8], 0), None);
        assert_eq!(third_occurrence(&keys, 0), Some(0));
        // Positions before the last capture do not count.
        assert_eq!(third_occurrence(&keys, 1), None);
    }

    #[test]
    fn perpetual_check_needs_one_side_checking_every_move() {
        use Side::*;
        let red_checks = [(Red, true), (Black, false), (Red, true), (Black, false)];
        assert_eq!(judge(red_checks), Verdict::PerpetualCheck { loser: Red });
        let both = [(Red, true), (Black, true), (Red, true), (Black, true)];
        assert_eq!(judge(both), Verdict::Draw);
        let neither = [(Red, true), (Black, false), (Red, false), (Black, false)];
        assert_eq!(judge(neither), Verdict::Draw);
    }
}
