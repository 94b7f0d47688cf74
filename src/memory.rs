//! The process's memory: how many arenas the C allocator keeps.
//!
//! glibc's malloc gives a thread that allocates while another thread holds the arena it
//! would use an arena of its own, up to eight for each core. The bot has many threads
//! that allocate (tokio's workers, the blocking threads that draw images, a thread for
//! each SQLite connection), and memory freed in one arena is kept there, out of
//! reach of the threads that use the others: with many games moving at once that was a
//! quarter of the process's resident memory (figures and the comparison with other
//! allocators in `docs/performance.md`). Rust's default allocator is the C library's,
//! so the limit holds for all of the bot's memory.

/// Limits the C allocator to one arena for each core (two at least), before the
/// process starts its threads: the bot's `main` and the benches that measure its memory
/// call it first. Returns whether the allocator took the limit (always false where the
/// C library is not glibc, which has no such setting).
pub fn one_arena_per_core() -> bool {
    arena_limit(arenas())
}

/// How many arenas [`one_arena_per_core`] allows: one per core, two at least.
fn arenas() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2))
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn arena_limit(arenas: usize) -> bool {
    let arenas = libc::c_int::try_from(arenas).unwrap_or(libc::c_int::MAX);
    // SAFETY: mallopt only sets a parameter of glibc's allocator; it reads no memory
    // of ours, and M_ARENA_MAX may be changed at any time (it takes effect for arenas
    // made from then on).
    unsafe { libc::mallopt(libc::M_ARENA_MAX, arenas) == 1 }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn arena_limit(_arenas: usize) -> bool {
    false
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;
    use std::process::Command;

    /// Set in the environment of the child process that [`arenas_in_a_child`] starts.
    const CHILD: &str = "BOARDPOST_ARENA_CHILD";
    const PROBE: &str = "memory::tests::the_probe_of_a_child_process";

    /// Run by [`arenas_in_a_child`] in a child process only (ignored otherwise): limits
    /// the arenas (unless told not to), has eight threads allocate at once, and prints
    /// glibc's statistics, an "Arena N:" line for each arena, to standard error.
    #[test]
    #[ignore = "the probe of a child process: run by threads_share_one_arena_per_core_once_limited"]
    fn the_probe_of_a_child_process() {
        let Some(how) = std::env::var_os(CHILD) else {
            // `cargo test -- --ignored` runs it too: there is nothing to probe then.
            eprintln!("the probe runs in a child process only ({CHILD} unset)");
            return;
        };
        if how == "limited" {
            assert!(one_arena_per_core(), "glibc refused M_ARENA_MAX");
        }
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    barrier.wait();
                    let kept: Vec<Vec<u8>> = (0..2_000).map(|i| vec![i as u8; 200]).collect();
                    kept.len()
                })
            })
            .collect();
        for t in threads {
            assert_eq!(t.join().expect("a thread of the probe"), 2_000);
        }
        // SAFETY: malloc_stats only reads the allocator's own state and prints it.
        unsafe { libc::malloc_stats() };
    }

    /// How many arenas the probe's process had, limited or not.
    fn arenas_in_a_child(how: &str) -> usize {
        let exe = std::env::current_exe().expect("the test binary");
        let out = Command::new(exe)
            .args([
                "--exact",
                PROBE,
                "--ignored",
                "--test-threads=1",
                "--nocapture",
            ])
            .env(CHILD, how)
            .output()
            .expect("the child process starts");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "the probe failed: {stderr}");
        stderr.lines().filter(|l| l.starts_with("Arena ")).count()
    }

    #[test]
    fn threads_share_one_arena_per_core_once_limited() {
        let limited = arenas_in_a_child("limited");
        let unlimited = arenas_in_a_child("unlimited");
        // The threads the test harness started before the limit may hold an arena
        // each beyond it (the main thread's and the test's own).
        assert!(
            (1..=arenas() + 1).contains(&limited),
            "{limited} arenas with the limit of {}",
            arenas()
        );
        assert!(
            unlimited > limited,
            "{unlimited} arenas without the limit, {limited} with it"
        );
    }
}
