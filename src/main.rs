use boardpost::config::Config;
use boardpost::replay::{self, Request};
use clap::{Parser, Subcommand};
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
    Run,
    /// Play actions from the start and print the position (a diagram, or --json).
    Replay {
        /// sidja
        game: String,
        /// A game option, like -o variant=seega -o size=7.
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Start from this position (xiangqi only).
        #[arg(long)]
        fen: Option<String>,
        /// Print one JSON object instead of a diagram.
        #[arg(long)]
        json: bool,
        /// Action texts in order; an argument may hold several; `-` reads standard input.
        #[arg(value_name = "ACTIONS", allow_hyphen_values = true)]
        actions: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Run) {
        Command::Run => run_bot(),
        Command::Replay {
            game,
            options,
            fen,
            json,
            actions,
        } => {
            let request = Request {
                game,
                options,
                fen,
                json,
                actions,
            };
            match replay::replay(&request, &mut std::io::stdin()) {
                Ok(game) => {
                    print!("{}", replay::render_output(&game, request.json));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::from(e.exit_code() as u8)
                }
            }
        }
    }
}

fn run_bot() -> ExitCode {
    let config = match Config::load() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("boardpost: {e}\nFix it in .env (see .env.example) and start again.");
            return ExitCode::from(2);
        }
    };
    if config.discord_token.is_none() {
        println!("{}", NO_TOKEN_HELP);
    } else {
        println!(
            "DISCORD_TOKEN is set, but this build has no Discord front end yet.\n\
             Until it lands, try the engine from the command line:\n\n{TRY_IT}"
        );
    }
    ExitCode::SUCCESS
}

const TRY_IT: &str = "\
  cargo run --release -- replay sidja c1 d2            # place two stones, see the board
  cargo run --release -- replay sidja -o variant=seega -o size=7 --json
  cargo run --release -- --help                        # every command";

const NO_TOKEN_HELP: &str = "\
boardpost needs a Discord bot token to connect, and none is set.

To get one:
  1. Open https://discord.com/developers/applications and choose New Application.
  2. Under Bot, choose Reset Token and copy the token.
  3. Copy .env.example to .env and put the token after DISCORD_TOKEN=.
  4. Run `cargo run --release` again.

Meanwhile, try the game engine from the command line:
  cargo run --release -- replay sidja c1 d2            # place two stones, see the board
  cargo run --release -- replay sidja -o variant=seega -o size=7 --json
  cargo run --release -- --help                        # every command";
