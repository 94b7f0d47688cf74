//! Elo ratings from a finished game's final order (two players, or four ranked by when
//! they went out: every pair counts as one game between the two).

/// Everyone starts here.
pub const START: f64 = 1500.0;
/// How far one game moves a rating, split over the pairs a player was in.
pub const K: f64 = 32.0;

/// New ratings for players given their current ratings and final places (1 = best;
/// equal places are a draw between them).
pub fn updated(players: &[(f64, u32)]) -> Vec<f64> {
    let n = players.len();
    if n < 2 {
        return players.iter().map(|p| p.0).collect();
    }
    let k = K / (n - 1) as f64;
    players
        .iter()
        .enumerate()
        .map(|(i, &(rating, place))| {
            let delta: f64 = players
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, &(other, other_place))| {
                    let expected = 1.0 / (1.0 + 10f64.powf((other - rating) / 400.0));
                    let score = match place.cmp(&other_place) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    k * (score - expected)
                })
                .sum();
            rating + delta
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_between_equals_moves_sixteen_points() {
        let r = updated(&[(1500.0, 1), (1500.0, 2)]);
        assert_eq!(r, vec![1516.0, 1484.0]);
        let d = updated(&[(1600.0, 1), (1400.0, 1)]);
        assert!(d[0] < 1600.0 && d[1] > 1400.0);
        assert!((d[0] + d[1] - 3000.0).abs() < 1e-9);
    }

    #[test]
    fn four_players_are_rated_pairwise_by_final_order() {
        let r = updated(&[(1500.0, 1), (1500.0, 2), (1500.0, 3), (1500.0, 4)]);
        assert!(r[0] > r[1] && r[1] > r[2] && r[2] > r[3]);
        assert!((r.iter().sum::<f64>() - 6000.0).abs() < 1e-9);
    }
}
