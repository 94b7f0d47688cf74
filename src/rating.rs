//! Elo ratings from a finished game's final order (two players, or four ranked by when
//! they went out: every pair counts as one game between the two).

/// Everyone starts here.
pub const START: f64 = 1500.0;
/// How far one game moves a rating, split over the pairs a player was in.
pub const K: f64 = 32.0;

/// Whether a stored rating can be used: a finite number. (`NaN` would make every rating
/// it is compared with `NaN`, and an infinite one turns its opponents' into `NaN`.)
pub fn is_usable(rating: f64) -> bool {
    rating.is_finite()
}

/// New ratings for players given their current ratings and final places (1 = best;
/// equal places are a draw between them). A rating that cannot be used (`None`, or not
/// finite) stays out: its pairs do not count, and its player's new rating is `None`, as
/// is that of anyone whose result would not be finite. Each remaining pair weighs what
/// it would in the whole game (`K` split over all the other players), so the others
/// move only as far as their results among themselves say.
pub fn updated(players: &[(Option<f64>, u32)]) -> Vec<Option<f64>> {
    let usable = |r: Option<f64>| r.filter(|r| is_usable(*r));
    let n = players.len();
    if n < 2 {
        return players.iter().map(|p| usable(p.0)).collect();
    }
    let k = K / (n - 1) as f64;
    players
        .iter()
        .enumerate()
        .map(|(i, &(rating, place))| {
            let rating = usable(rating)?;
            let delta: f64 = players
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .filter_map(|(_, &(other, other_place))| Some((usable(other)?, other_place)))
                .map(|(other, other_place)| {
                    let expected = 1.0 / (1.0 + 10f64.powf((other - rating) / 400.0));
                    let score = match place.cmp(&other_place) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    k * (score - expected)
                })
                .sum();
            Some(rating + delta).filter(|r| is_usable(*r))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(players: &[(f64, u32)]) -> Vec<f64> {
        let players: Vec<(Option<f64>, u32)> = players.iter().map(|&(r, p)| (Some(r), p)).collect();
        updated(&players).into_iter().map(Option::unwrap).collect()
    }

    #[test]
    fn a_win_between_equals_moves_sixteen_points() {
        let r = known(&[(1500.0, 1), (1500.0, 2)]);
        assert_eq!(r, vec![1516.0, 1484.0]);
        let d = known(&[(1600.0, 1), (1400.0, 1)]);
        assert!(d[0] < 1600.0 && d[1] > 1400.0);
        assert!((d[0] + d[1] - 3000.0).abs() < 1e-9);
    }

    #[test]
    fn four_players_are_rated_pairwise_by_final_order() {
        let r = known(&[(1500.0, 1), (1500.0, 2), (1500.0, 3), (1500.0, 4)]);
        assert!(r[0] > r[1] && r[1] > r[2] && r[2] > r[3]);
        assert!((r.iter().sum::<f64>() - 6000.0).abs() < 1e-9);
    }

    #[test]
    fn a_rating_that_cannot_be_used_moves_nobody_and_is_not_moved() {
        for damaged in [
            None,
            Some(f64::NAN),
            Some(f64::INFINITY),
            Some(f64::NEG_INFINITY),
        ] {
            assert_eq!(
                updated(&[(damaged, 1), (Some(1500.0), 2)]),
                vec![None, Some(1500.0)],
                "{damaged:?}"
            );
            // Among four, the pairs of the others count as they would without it.
            let r = updated(&[
                (Some(1500.0), 1),
                (damaged, 2),
                (Some(1500.0), 3),
                (Some(1500.0), 4),
            ]);
            let whole = known(&[(1500.0, 1), (1500.0, 3), (1500.0, 4)]);
            assert_eq!(r[1], None);
            for (got, without) in [r[0], r[2], r[3]].into_iter().zip(whole) {
                let got = got.unwrap();
                assert!(got.is_finite());
                // Each pair moves K/3 here, against K/2 in a game of three.
                assert!((got - 1500.0 - (without - 1500.0) * 2.0 / 3.0).abs() < 1e-9);
            }
        }
        // Finite extremes stay finite.
        let far = updated(&[(Some(f64::MAX), 2), (Some(-f64::MAX), 1)]);
        assert!(far.iter().all(|r| r.is_some_and(f64::is_finite)), "{far:?}");
    }
}
