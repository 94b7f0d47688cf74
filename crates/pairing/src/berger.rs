//! Round-robin pairings from the FIDE Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! Players are numbered 1..=n. With an odd n a bye takes the number n + 1: whoever meets it
//! sits the round out. In every round the highest number meets the player `x` with
//! `2x ≡ r + 1 (mod n − 1)` on board 1 (black in odd rounds, white in even ones), and the
//! other boards pair `x + k` (white) with `x − k` (black), counted modulo n − 1 in 1..=n − 1:
//! exactly the tables the Handbook prints.

/// One game of a round-robin round, by player number (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    pub white: u16,
    pub black: u16,
}

/// One round of a round-robin: its games by board, and the player with the bye, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRobinRound {
    pub games: Vec<Game>,
    pub bye: Option<u16>,
}

/// How many times everyone meets everyone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cycles {
    Single,
    /// The second cycle repeats the first with colours reversed.
    Double,
    /// As `Double`, but the last two rounds of the first cycle are played in the other order,
    /// which the Handbook recommends so that nobody gets the same colour three times running
    /// across the two cycles.
    DoubleLastTwoSwapped,
}

/// Why no table can be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BergerError {
    #[error("a round-robin needs at least 2 players, not {0}")]
    TooFewPlayers(usize),
    #[error("at most {max} players fit a Berger table here, not {0}", max = MAX_PLAYERS)]
    TooManyPlayers(usize),
}

/// The largest section this module pairs; larger ones would only be slow to play.
pub const MAX_PLAYERS: usize = 1000;

/// The rounds of a single cycle for `players` players (a bye where the count is odd).
pub fn single_cycle(players: usize) -> Result<Vec<RoundRobinRound>, BergerError> {
    if players < 2 {
        return Err(BergerError::TooFewPlayers(players));
    }
    if players > MAX_PLAYERS {
        return Err(BergerError::TooManyPlayers(players));
    }
    let real = players as u16;
    // The table's size: even, with the bye as its last number when `players` is odd.
    let n = if players.is_multiple_of(2) {
        real
    } else {
        real + 1
    };
    let m = n - 1;
    // Maps any integer to 1..=m modulo m.
    let wrap = |value: i32| -> u16 { ((value - 1).rem_euclid(i32::from(m)) + 1) as u16 };
    let mut rounds = Vec::with_capacity(usize::from(m));
    for round in 1..=m {
        // The x with 2x ≡ round + 1 (mod m); m is odd so 2 has an inverse, (m + 1) / 2.
        let x = wrap((i32::from(round) + 1) * ((i32::from(m) + 1) / 2));
        let mut games = Vec::with_capacity(usize::from(n / 2));
        let first = if round % 2 == 1 {
            Game { white: x, black: n }
        } else {
            Game { white: n, black: x }
        };
        games.push(first);
        for k in 1..n / 2 {
            games.push(Game {
                white: wrap(i32::from(x) + i32::from(k)),
                black: wrap(i32::from(x) - i32::from(k)),
            });
        }
        let mut bye = None;
        if n != real {
            games.retain(|game| {
                if game.white == n || game.black == n {
                    bye = Some(if game.white == n {
                        game.black
                    } else {
                        game.white
                    });
                    false
                } else {
                    true
                }
            });
        }
        rounds.push(RoundRobinRound { games, bye });
    }
    Ok(rounds)
}

/// All rounds of a round-robin of `players` players.
pub fn schedule(players: usize, cycles: Cycles) -> Result<Vec<RoundRobinRound>, BergerError> {
    let table = single_cycle(players)?;
    if cycles == Cycles::Single {
        return Ok(table);
    }
    let mut first = table.clone();
    if cycles == Cycles::DoubleLastTwoSwapped && first.len() >= 2 {
        let len = first.len();
        first.swap(len - 1, len - 2);
    }
    let second: Vec<RoundRobinRound> = table
        .iter()
        .map(|round| RoundRobinRound {
            games: round
                .games
                .iter()
                .map(|game| Game {
                    white: game.black,
                    black: game.white,
                })
                .collect(),
            bye: round.bye,
        })
        .collect();
    first.extend(second);
    Ok(first)
}
