//! Four-player xiangqi: listing the legal actions of busy mid-game positions (target
//! under 50 µs median), applying one (which judges the next turn start), and the
//! attack test alone.
//!
//! Two positions: all four armies spread over the middle part, Red to move; and, since
//! reserves exist only once an army is out, Green out with Red holding four kinds of
//! Green's pieces to drop in Green's arm, Black and Yellow crowding the middle.

use boardpost_rules::xiangqi4::{attack, Army, Options, Xiangqi4};
use boardpost_rules::Game;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;

const FOUR_ARMIES: &str = "\
    rKj2 rAi1 rAk1 rEh1 rEl5 rRf8 rRk9 rHh7 rHl10 rCg6 rCm11 rP*i12 rP*j8 rPn4 rPf4 rP*l13 \
    bKr10 bAs9 bAs11 bEs8 bEo12 bRn9 bRh13 bHm7 bHi10 bCk6 bCq13 bP*g9 bP*m13 bPp6 bP*k14 bPp14 \
    yKj18 yAi19 yAk19 yEh19 yEl19 yRg13 yRm8 yHj12 yHn7 yCh11 yCl16 yPf16 yP*i7 yP*k11 yPn16 yP*f12 \
    gKb10 gAa9 gAa11 gEa8 gEc12 gRe9 gRi14 gHf11 gHk8 gCd7 gCn12 gP*h9 gP*g10 gPd6 gP*l7 gPd14";

const WITH_RESERVE: &str = "\
    rKj2 rAi1 rAk1 rEh1 rEl5 rRf8 rHh7 rCg6 rP*j8 rPn4 rPf4 \
    bKr10 bAs9 bAs11 bEs8 bEo12 bRn9 bRh13 bHm7 bHi10 bCk6 bCq13 bP*g9 bP*m13 bPp6 bP*k14 bPp14 \
    yKj18 yAi19 yAk19 yEh19 yEl19 yRg13 yRm8 yHj12 yHn7 yCh11 yCl16 yPf16 yP*i7 yP*k11 yPn16 yP*f12";

fn position(pieces: &str, reserve: &str) -> Xiangqi4 {
    let game = Xiangqi4::from_position(
        Options::default(),
        pieces,
        &[(Army::Red, reserve)],
        Army::Red,
    )
    .unwrap();
    let legal = game.legal_actions();
    let drops = legal.iter().filter(|a| a.to_string().contains('@')).count();
    println!(
        "{} pieces, {} legal actions ({drops} drops), checked: {:?}",
        game.board().pieces().count(),
        legal.len(),
        game.checked_generals()
    );
    assert!(game.to_move().is_some() && legal.len() > 50);
    game
}

fn bench(c: &mut Criterion) {
    let four = position(FOUR_ARMIES, "");
    let reserve = position(WITH_RESERVE, "gR gH gC gP gP");
    c.bench_function("xiangqi4 four armies in the middle: legal actions", |b| {
        b.iter(|| black_box(four.legal_actions()))
    });
    c.bench_function("xiangqi4 with reserves to drop: legal actions", |b| {
        b.iter(|| black_box(reserve.legal_actions()))
    });
    c.bench_function("xiangqi4 four armies: legal actions + apply one", |b| {
        b.iter_batched_ref(
            || four.clone(),
            |game| {
                let legal = game.legal_actions();
                game.try_play(legal[legal.len() / 2]).unwrap();
            },
            BatchSize::SmallInput,
        )
    });
    let rules = four.rules();
    let generals = four.board().generals();
    c.bench_function("xiangqi4 four armies: is each general attacked", |b| {
        b.iter(|| {
            for army in Army::ALL {
                let at = generals[army].unwrap();
                black_box(attack::in_check(four.board(), rules, army, at));
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
