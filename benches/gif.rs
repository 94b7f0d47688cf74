//! Animated replays (issue 18): the time per frame of a whole game's GIF (replaying,
//! drawing, palette, differences, LZW) and the size of the file. Targets: at most 3 ms a
//! frame for 5×5 sidja and 15 ms for four-player xiangqi; a 300-turn four-player game
//! under 8 MB. (lichess's GIF service takes about 0.65 ms a frame for chess.)

use boardpost::ai::{choose, Level};
use boardpost::games::{AnyGame, Game, GameKind, GameOptions};
use boardpost::render::gif::{game_gif, game_gif_on, turn_positions, Threads};
use boardpost::render::RenderOptions;
use criterion::{criterion_group, criterion_main, Criterion};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// A random game of `kind` that reaches `turns` turns before it ends (the first seed
/// that does), cut there; or played to its end when `turns` is `None`.
fn random_game(kind: GameKind, options: &[&str], turns: Option<usize>) -> AnyGame {
    for seed in 0..200 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = GameOptions::parse(kind, options).unwrap().start();
        let mut played = 0;
        loop {
            let legal = game.legal();
            if legal.is_empty() || turns.is_some_and(|t| played >= t * 3) {
                break;
            }
            game.play(&legal[rng.gen_range(0..legal.len())]).unwrap();
            played += 1;
            if let Some(t) = turns {
                // Cheap to check often enough: turns are counted from the log.
                if played % 25 == 0 && turn_positions(&game).len() >= t {
                    break;
                }
            }
        }
        match turns {
            None if game.outcome().is_some() => return game,
            Some(t) => {
                let positions = turn_positions(&game);
                if positions.len() >= t {
                    return positions[t - 1].clone();
                }
            }
            None => {}
        }
    }
    panic!("no random {kind} game of that length");
}

fn per_frame(c: &mut Criterion, name: &str, game: &AnyGame, opts: &RenderOptions) {
    let frames = turn_positions(game).len() as u32 + 1;
    let bytes = game_gif(game, opts).len();
    eprintln!("{name}: {frames} frames, {} KB", bytes.div_ceil(1024));
    // On one thread, as the bot makes a replay while every core draws moves; on two, as
    // it does when a second drawing slot is free (and as `replay --gif` always does).
    for (threads, label) in [(Threads::One, "one thread"), (Threads::Two, "two threads")] {
        c.bench_function(&format!("gif {name}: per frame, {label}"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let start = Instant::now();
                    std::hint::black_box(game_gif_on(game, opts, threads));
                    total += start.elapsed() / frames;
                }
                total
            })
        });
    }
}

/// The sizes of the GIFs of whole 5×5 sidja games as the bot plays them at level 2
/// against itself: random play wanders for twice as many turns as players do.
fn bot_games_sizes(opts: &RenderOptions) {
    let mut sizes = Vec::new();
    for seed in 0..8u64 {
        let mut game = GameOptions::parse(GameKind::Sidja, &["variant=sudan", "size=5"])
            .unwrap()
            .start();
        let mut plies = 0;
        while let Some(choice) = choose(&game, Level::L2, seed * 1000 + plies) {
            game.play(&choice.action).unwrap();
            plies += 1;
        }
        let turns = turn_positions(&game).len();
        sizes.push((game_gif(&game, opts).len().div_ceil(1024), turns));
    }
    sizes.sort();
    let listed: Vec<String> = sizes
        .iter()
        .map(|(kb, turns)| format!("{kb} KB ({turns} turns)"))
        .collect();
    eprintln!(
        "sidja 5×5 played by the bot, 8 games: {}",
        listed.join(", ")
    );
}

fn bench(c: &mut Criterion) {
    let two = RenderOptions::new(["alice", "bob"]);
    let four = RenderOptions::new(["alice", "bob", "carol", "dave"]);
    let sidja = random_game(GameKind::Sidja, &["variant=sudan", "size=5"], None);
    per_frame(c, "sidja 5×5 whole game", &sidja, &two);
    bot_games_sizes(&two);

    // The 300-turn four-player game: its size once (a few seconds), then the time per
    // frame on its first 60 turns.
    let long = random_game(GameKind::Xiangqi4, &[], Some(300));
    let start = Instant::now();
    let bytes = game_gif(&long, &four).len();
    eprintln!(
        "xiangqi4 300 turns: {} frames, {:.2} MB, {:.1} ms a frame",
        turn_positions(&long).len() + 1,
        bytes as f64 / (1024.0 * 1024.0),
        start.elapsed().as_secs_f64() * 1e3 / (turn_positions(&long).len() + 1) as f64
    );
    let short = random_game(GameKind::Xiangqi4, &[], Some(60));
    per_frame(c, "xiangqi4 60 turns", &short, &four);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(8));
    targets = bench
}
criterion_main!(benches);
