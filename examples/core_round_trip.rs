//! How long one cache line takes to go from one core to the other and back: two threads
//! hand a counter to each other 200,000 times. On the development VM it prints about
//! 100 ns when its two cores sit on one die of the host and about 350 ns when they sit
//! on two (the state changes from minute to minute); in the second state the PNG
//! coder's two threads used to lose most of their gain (see `docs/png-encoding.md`). Run
//! it before and after a bench to know which state the bench met.
//!
//!     cargo run --release --example core_round_trip

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

const ROUND_TRIPS: u64 = 200_000;

/// The counter, alone on its cache line (nothing else the threads touch shares it).
#[repr(align(128))]
struct Line(AtomicU64);

/// Keeps the calling thread on one core (Linux), so that the two threads stay on two
/// cores and do not move in the middle.
fn pin_to(core: usize) {
    #[cfg(target_os = "linux")]
    // SAFETY: a zeroed `cpu_set_t` is an empty set, and the call reads `size_of` bytes
    // of the set it is given.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(core, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = core;
}

fn main() {
    let line = Line(AtomicU64::new(0));
    let ball = &line.0;
    pin_to(0);
    let started = Instant::now();
    std::thread::scope(|scope| {
        // The other thread answers each odd count with the next even one.
        scope.spawn(|| {
            pin_to(1);
            for i in 0..ROUND_TRIPS {
                // No `spin_loop` hint: on this VM's processor its pause adds to every
                // round trip.
                while ball.load(Ordering::Acquire) != 2 * i + 1 {}
                ball.store(2 * i + 2, Ordering::Release);
            }
        });
        for i in 0..ROUND_TRIPS {
            ball.store(2 * i + 1, Ordering::Release);
            while ball.load(Ordering::Acquire) != 2 * i + 2 {}
        }
    });
    let each = started.elapsed().as_secs_f64() / ROUND_TRIPS as f64;
    println!("round trip between two threads: {:.0} ns", each * 1e9);
}
