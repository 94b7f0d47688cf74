//! `boardpost perft`: counts xiangqi move sequences from a position, depth by depth, each
//! with its time and speed; with `--divide`, the count below each move.

use super::Failure;
use boardpost::games::xiangqi::{self, Xiangqi};
use boardpost::i18n::{Lang, Localize};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Plies to look ahead (1 or more).
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(1..=12))]
    depth: u32,
    /// Start from this xiangqi position instead of the start position.
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Also print each legal move with the count below it (at DEPTH only).
    #[arg(long)]
    divide: bool,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let game = match &args.fen {
        None => Xiangqi::new(),
        Some(text) => Xiangqi::from_fen(text)
            .map_err(|e| Failure::Usage(format!("--fen: {}", e.tr(Lang::En))))?,
    };
    println!("{}", game.fen());
    for depth in 1..=args.depth {
        let start = Instant::now();
        let nodes = game.perft(depth);
        let seconds = start.elapsed().as_secs_f64();
        let speed = if seconds > 0.0 {
            format!("{:.1} M nodes/s", nodes as f64 / seconds / 1e6)
        } else {
            "-".to_string()
        };
        println!("depth {depth}: {nodes} in {seconds:.3} s ({speed})");
    }
    if args.divide {
        for (mv, nodes) in xiangqi::perft::divide(game.board(), args.depth) {
            println!("{mv} ({}): {nodes}", game.wxf(mv));
        }
    }
    Ok(())
}
