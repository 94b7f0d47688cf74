//! The `boardpost` command: reads the command line and hands it to one subcommand of
//! `cli/`, whose result [`cli::exit`] turns into the exit status.

mod cli;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use cli::Failure;
use std::ffi::OsString;
use std::process::ExitCode;

/// boardpost: correspondence board games on Discord.
#[derive(Parser)]
#[command(name = "boardpost", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (what `cargo run --release` does).
    Run(cli::run::Args),
    /// Play actions from the start and print the position (a diagram, or --json).
    Replay(cli::replay::Args),
    /// Play from a terminal: the bot's commands over a local database (/help lists them).
    Local(cli::local::Args),
    /// Play actions from the start and draw the position as a PNG image.
    Render(cli::render::Args),
    /// Review a finished game as `/analyse` does: the evaluation after every turn, the
    /// biggest mistakes with the better action, a graph and the board where it turned.
    Analyse(cli::analyse::Args),
    /// Look after the database: copy it, check it, back it up.
    Db {
        #[command(subcommand)]
        command: cli::db::Command,
    },
    /// Count xiangqi move sequences (perft) from a position, depth by depth, with speed.
    Perft(cli::perft::Args),
    /// Pair a Swiss tournament's next round (TRF-16 in) as FIDE's pairing programs do.
    Pair(cli::pair::Args),
    /// Make puzzles from bot-against-bot games, and verify the shipped ones.
    Puzzles {
        #[command(subcommand)]
        command: cli::puzzles::Command,
    },
    /// Look at a server's tournaments from outside Discord: export one as TRF-16.
    Tournament {
        #[command(subcommand)]
        command: cli::tournament::Command,
    },
}

fn main() -> ExitCode {
    // Before any thread starts: a quarter less resident memory (src/memory.rs).
    boardpost::memory::one_arena_per_core();
    let args: Vec<OsString> = std::env::args_os().collect();
    cli::exit(run(&args), &args)
}

fn run(args: &[OsString]) -> Result<(), Failure> {
    let mut parser = Cli::command();
    parser.build();
    let marked = cli::dashed::mark(&parser, args);
    let matches = parser.try_get_matches_from(marked)?;
    let command = Cli::from_arg_matches(&matches)?.command;
    // The subcommand's own matches: where each action stood on the command line.
    let sub = matches.subcommand().map_or(&matches, |(_, sub)| sub);
    match command {
        None => cli::run::run(cli::run::Args::default()),
        Some(Command::Run(args)) => cli::run::run(args),
        Some(Command::Replay(args)) => cli::replay::run(args, sub),
        Some(Command::Local(args)) => cli::local::run(args),
        Some(Command::Render(args)) => cli::render::run(args, sub),
        Some(Command::Analyse(args)) => cli::analyse::run(args),
        Some(Command::Db { command }) => cli::db::run(command),
        Some(Command::Perft(args)) => cli::perft::run(args),
        Some(Command::Pair(args)) => cli::pair::run(args),
        Some(Command::Tournament { command }) => cli::tournament::run(command),
        Some(Command::Puzzles { command }) => cli::puzzles::run(command),
    }
}
