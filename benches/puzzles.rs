//! Puzzles (issue 45): checking an answer, which must take under 5 ms with no search.
//! For each game, the shipped puzzle reached by the most actions (the answer check
//! replays them all), answered right and answered wrong; and reading a puzzle's line.

use boardpost::games::GameKind;
use boardpost::puzzle::{shipped, Puzzle};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// The game's shipped puzzle with the longest way to its position among those with a
/// legal action that is not the answer (a forced reply has none), and that action.
fn longest(kind: GameKind) -> (Puzzle, String) {
    shipped(kind)
        .expect("the shipped puzzles parse")
        .into_iter()
        .filter_map(|puzzle| {
            let position = puzzle.position().expect("a shipped puzzle replays");
            let wrong = position
                .legal()
                .into_iter()
                .find(|a| *a != puzzle.line[0])?;
            Some((puzzle, wrong))
        })
        .max_by_key(|(p, _)| p.moves.len())
        .expect("every game ships a puzzle with a wrong answer")
}

fn bench(c: &mut Criterion) {
    let mut check = c.benchmark_group("puzzle answer check");
    for &kind in GameKind::ALL {
        let (puzzle, wrong) = longest(kind);
        println!("{kind}: {} actions to the position", puzzle.moves.len());
        check.bench_function(format!("{kind} right"), |b| {
            b.iter(|| black_box(puzzle.check(&[], &puzzle.line[0])))
        });
        check.bench_function(format!("{kind} wrong"), |b| {
            b.iter(|| black_box(puzzle.check(&[], &wrong)))
        });
        let line = puzzle.to_line();
        check.bench_function(format!("{kind} parse"), |b| {
            b.iter(|| black_box(Puzzle::parse(&line)))
        });
    }
    check.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
