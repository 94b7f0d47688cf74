//! Zobrist keys: a random 64-bit number per (cell code, mailbox cell) and one for the
//! side to move. A position's key is the XOR of the keys of its pieces (and of black to
//! move), kept up to date move by move; repetitions are found by comparing keys.

use super::point::MAILBOX;

/// One step of splitmix64: a fixed seed gives the same keys on every build.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Keys by cell code (0 = empty has all-zero keys, so XOR-ing an empty capture is a
/// no-op) and mailbox index.
pub static PIECE_KEYS: [[u64; MAILBOX]; 16] = {
    let mut keys = [[0u64; MAILBOX]; 16];
    let mut state = 0x5851_F42D_4C95_7F2D;
    let mut code = 1;
    while code < 16 {
        let mut i = 0;
        while i < MAILBOX {
            let (next, key) = splitmix(state);
            state = next;
            keys[code][i] = key;
            i += 1;
        }
        code += 1;
    }
    keys
};

/// XOR-ed in when black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x2545_F491_4F6C_DD1D).1;
