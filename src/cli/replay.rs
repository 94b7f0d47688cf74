//! `boardpost replay`: plays actions from the start and prints the position, a diagram or
//! the `--json` object (docs/rules.md), and may draw it as a PNG or the game as a GIF.

use super::dashed::Actions;
use super::{write_file, Failure};
use boardpost::games::GameKind;
use boardpost::render::{self, RenderOptions};
use boardpost::replay::{self, Request};
use clap::ArgMatches;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[arg(value_name = "GAME", help = game_help())]
    game: String,
    /// A game option, like -o variant=seega -o size=7.
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Start from this xiangqi position (xiangqi only; side to move w/r or b).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Print one JSON object instead of a diagram.
    #[arg(long)]
    json: bool,
    /// Also write a PNG image of the final position to FILE.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Also write the whole game as an animated GIF to FILE: a title card, a frame
    /// per turn, the final position held longer.
    #[arg(long, value_name = "FILE")]
    gif: Option<PathBuf>,
    #[command(flatten)]
    actions: Actions,
}

/// `GAME`'s help: every game we know.
pub fn game_help() -> String {
    format!("The game: {}", GameKind::names().join(", "))
}

pub fn run(args: Args, matches: &ArgMatches) -> Result<(), Failure> {
    let request = Request {
        game: args.game,
        options: args.options,
        fen: args.fen,
        json: args.json,
        actions: args.actions.in_order(matches),
    };
    let game = replay::replay(&request, &mut std::io::stdin())?;
    print!("{}", replay::render_output(&game, request.json));
    let opts = RenderOptions::default();
    if let Some(path) = args.gif {
        let bytes = render::gif::game_gif_on(&game, &opts, render::gif::Threads::Two);
        write_file(&path, &bytes)?;
    }
    if let Some(path) = args.png {
        write_file(&path, &render::render_png(&game, &opts))?;
    }
    Ok(())
}
