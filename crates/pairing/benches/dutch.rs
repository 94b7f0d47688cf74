//! The Dutch engine on a large Swiss: the ninth round of a 500-player tournament (issue 44
//! asks for it under a second), of a 120-player one, and of a 499-player one with ten
//! players absent (an odd field, so a pairing-allocated bye too), after eight rounds paired
//! by the engine itself with random results from a fixed seed.

use std::hint::black_box;

use boardpost_pairing::{
    pair_next_round, Colour, GameResult, Pairing, Player, RoundEntry, Tournament,
};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Records a random result for every game of `pairing` (draws and white's edge about as
/// in open events), and the bye.
fn play(tournament: &mut Tournament, pairing: &Pairing, rng: &mut SmallRng) {
    let mut entry = |player: u16, opponent: u16, colour: Colour, result: GameResult| {
        tournament.players[usize::from(player) - 1]
            .rounds
            .push(RoundEntry::Played {
                opponent,
                colour,
                result,
                brief: false,
            });
    };
    for &(white, black) in &pairing.games {
        let roll: f64 = rng.gen();
        let (w, b) = if roll < 0.3 {
            (GameResult::Draw, GameResult::Draw)
        } else if roll < 0.68 {
            (GameResult::Win, GameResult::Loss)
        } else {
            (GameResult::Loss, GameResult::Win)
        };
        entry(white, black, Colour::White, w);
        entry(black, white, Colour::Black, b);
    }
    if let Some(bye) = pairing.bye {
        tournament.players[usize::from(bye) - 1]
            .rounds
            .push(RoundEntry::PairingBye);
    }
}

/// A Swiss of `players` (pairing numbers by descending rating) after `rounds` rounds.
fn swiss_after(players: usize, rounds: usize, seed: u64) -> Tournament {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut ratings: Vec<u16> = (0..players).map(|_| rng.gen_range(1000..2800)).collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let mut tournament = Tournament {
        name: format!("Bench {players}"),
        total_rounds: Some(11),
        initial_colour: Some(Colour::White),
        players: ratings
            .into_iter()
            .enumerate()
            .map(|(index, rating)| Player {
                id: index as u16 + 1,
                name: format!("Player {}", index + 1),
                rating,
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    };
    for _ in 0..rounds {
        let pairing = pair_next_round(&tournament).expect("a Swiss this size always pairs");
        play(&mut tournament, &pairing, &mut rng);
    }
    tournament
}

/// `tournament` with the players at every `step`-th pairing number, `count` of them, absent
/// from the round to be paired.
fn with_absences(mut tournament: Tournament, count: usize, step: usize) -> Tournament {
    for player in tournament.players.iter_mut().step_by(step).take(count) {
        player.rounds.push(RoundEntry::ZeroBye);
    }
    tournament
}

fn next_round(c: &mut Criterion) {
    let mut group = c.benchmark_group("dutch_round_9");
    group.sample_size(10);
    let cases = [
        ("120", swiss_after(120, 8, 44)),
        ("500", swiss_after(500, 8, 44)),
        (
            "499_ten_absent",
            with_absences(swiss_after(499, 8, 44), 10, 47),
        ),
    ];
    for (name, tournament) in &cases {
        group.bench_with_input(
            BenchmarkId::from_parameter(name),
            tournament,
            |bencher, tournament| {
                bencher.iter(|| pair_next_round(black_box(tournament)).expect("pairs"));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, next_round);
criterion_main!(benches);
