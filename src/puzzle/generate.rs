//! The games `boardpost puzzles generate` mines: the bot against itself at the low
//! levels, whose noise and deliberate slips leave tactics on the board, with options
//! varied by the seed where a game has variants. All from the seed, no clock: a seed
//! always gives the same game.

use crate::ai::{choose_with, Level, Limits};
use crate::games::{AnyGame, Game, GameKind, SetupError};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A game of the generator stops here if it has not ended: mining a longer one costs
/// more than its late positions give.
pub fn max_plies(kind: GameKind) -> usize {
    match kind {
        GameKind::Sidja => 260,
        GameKind::Xiangqi4 => 360,
        _ => 200,
    }
}

/// The options of the generator's game of `seed`: every variant and size of sidja,
/// both modes of four-player xiangqi.
pub fn options_for(kind: GameKind, seed: u64) -> Vec<String> {
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x6F70_7469_6F6E_7321);
    match kind {
        GameKind::Sidja => {
            let variant = ["sudan", "sidja", "seega"][rng.gen_range(0..3)];
            // Small boards most, their games are short; 9×9 now and then.
            let size = ["5", "5", "7", "7", "9"][rng.gen_range(0..5)];
            vec![format!("variant={variant}"), format!("size={size}")]
        }
        GameKind::Xiangqi4 => {
            let mode = ["ffa", "teams"][rng.gen_range(0..2)];
            vec![format!("mode={mode}")]
        }
        GameKind::Yote | GameKind::Banglagor | GameKind::Xiangqi => Vec::new(),
    }
}

/// Each seat's level in the game of `seed`: levels 1 to 3, mostly 2 (level 1 errs
/// often and level 2 now and then: both leave tactics; level 3 costs more per game).
pub fn levels_for(kind: GameKind, seed: u64) -> Vec<Level> {
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x6C65_7665_6C73_2121);
    (0..kind.seat_count())
        .map(|_| [Level::L1, Level::L2, Level::L2, Level::L2, Level::L3][rng.gen_range(0..5)])
        .collect()
}

/// The bot against itself from the start, until the game ends or [`max_plies`].
pub fn bot_game(kind: GameKind, options: &[String], seed: u64) -> Result<AnyGame, SetupError> {
    let mut game = AnyGame::new(kind.name(), options)?;
    let levels = levels_for(kind, seed);
    let limits = Limits {
        max_time: None,
        node_percent: 100,
    };
    for ply in 0..max_plies(kind) {
        let Some(seat) = game.to_move() else {
            break;
        };
        let level = levels.get(seat.index()).copied().unwrap_or(Level::L2);
        let choice_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ply as u64;
        let Some(choice) = choose_with(&game, level, choice_seed, limits) else {
            break;
        };
        if game.play(&choice.action).is_err() {
            break;
        }
    }
    Ok(game)
}
