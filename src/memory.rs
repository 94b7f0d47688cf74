//! The process's memory: how many arenas the C allocator keeps.
//!
//! glibc's malloc gives a thread that allocates while another thread holds the arena it
//! would use an arena of its own, up to eight for each core. The bot has many threads
//! that allocate (tokio's workers and blocking threads, a thread for each SQLite
//! connection, the render pool, the PNG coder's helper), and memory freed in one arena
//! is kept there, out of reach of the threads that use the others. In the `table`
//! bench (10,000 games stored, 1,000 moving at once) that was a quarter of the
//! process's resident memory: 97 to 106 MB with the default, 71 to 74 MB with one
//! arena for each core, and no slower (runs by turns, 2026-11-27, see the README's
//! performance section). Rust's default allocator is the C library's, so the limit
//! holds for all of the bot's memory.

/// Limits the C allocator to one arena for each core (two at least), before the
/// process starts its threads: the bot's `main` and the benches that measure its memory
/// call it first. Returns whether the allocator took the limit (always false where the
/// C library is not glibc, which has no such setting).
pub fn one_arena_per_core() -> bool {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    arena_limit(cores.max(2))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What it sets takes effect only in the resident memory of a busy process (the
    /// `table` bench prints it); here, that glibc takes the setting as it is given.
    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn glibc_takes_the_limit_of_one_arena_per_core() {
        assert!(one_arena_per_core());
    }
}
