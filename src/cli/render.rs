//! `boardpost render`: plays actions like `replay` and draws the position as a PNG image.

use super::dashed::Actions;
use super::replay::game_help;
use super::{write_file, Failure};
use boardpost::games::{Game as _, Seat};
use boardpost::i18n::Lang;
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
    /// Write the image to FILE.
    #[arg(long, value_name = "FILE")]
    png: PathBuf,
    /// Look from this seat's side (1, 2, …): seat 2 sees the board turned round.
    #[arg(long, value_name = "SEAT")]
    view: Option<u8>,
    /// Players' display names in seat order, like --names alice,bob.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    names: Vec<String>,
    /// The language of the words on the image: en (default) or ru.
    #[arg(long, value_name = "LANG", default_value = "en")]
    lang: Lang,
    #[command(flatten)]
    actions: Actions,
}

pub fn run(args: Args, matches: &ArgMatches) -> Result<(), Failure> {
    let request = Request {
        game: args.game,
        options: args.options,
        actions: args.actions.in_order(matches),
        ..Request::default()
    };
    let game = replay::replay(&request, &mut std::io::stdin())?;
    let seats = render::seat_count(&game);
    let viewer = match args.view {
        None => None,
        Some(n) => Some(Seat::from_number(n).filter(|_| n <= seats).ok_or_else(|| {
            Failure::Usage(format!(
                "--view {n}: {} has seats 1 to {seats}",
                game.name()
            ))
        })?),
    };
    let opts = RenderOptions::new(args.names)
        .viewed_by(viewer)
        .in_lang(args.lang);
    write_file(&args.png, &render::render_png(&game, &opts))?;
    eprintln!("{}", args.png.display());
    Ok(())
}
