//! `boardpost run` (and `boardpost` alone): the Discord bot, with settings from `.env`
//! or the environment; without a token it prepares the database and says how to get one.

use super::{database, runtime, Failure};
use boardpost::clock::SystemClock;
use boardpost::config::{redact_url, Config, DEFAULT_DATABASE_URL};
use boardpost::discord::{self, BotOptions};
use boardpost::store::Store;
use boardpost::table::Table;
use std::sync::Arc;

#[derive(clap::Args, Default)]
pub struct Args {
    /// The database: a SQLite file (games.db) or a URL [default: DATABASE_URL from the
    /// environment or .env, else sqlite://data/boardpost.db].
    #[arg(long, value_name = "DB", value_parser = database::parse)]
    db: Option<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let mut config = Config::load().map_err(|e| {
        Failure::Usage(format!(
            "boardpost: {e}\nFix it in .env (see .env.example) and start again."
        ))
    })?;
    if let Some(db) = args.db {
        config.database_url = db;
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "boardpost=info,serenity=warn".into()),
        )
        .init();
    let shown_url = redact_url(&config.database_url);
    runtime()?.block_on(async {
        // The database is created and brought up to date first, token or not.
        let store = Store::open(&config.database_url).await.map_err(|e| {
            Failure::Problem(format!(
                "boardpost: {e}\nCheck DATABASE_URL in .env (default {DEFAULT_DATABASE_URL}) or --db."
            ))
        })?;
        if config.discord_token.is_none() {
            println!("Database ready: {shown_url}\n\n{NO_TOKEN_HELP}");
            return Ok(());
        }
        let table = Table::new(store.clone(), Arc::new(SystemClock));
        // The shipped puzzles, added once (a start that finds them there adds nothing).
        if let Err(e) = table.load_shipped_puzzles().await {
            tracing::warn!(error = %e, "the shipped puzzles could not be added");
        }
        tracing::info!(database = %shown_url, "starting");
        let result = discord::run(&config, table, BotOptions::default(), shutdown_signal()).await;
        store.close().await;
        result.map_err(|e| {
            Failure::Problem(format!(
                "boardpost: {e}\nIs DISCORD_TOKEN in .env the bot's current token?"
            ))
        })
    })
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => {
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

const NO_TOKEN_HELP: &str = "\
boardpost needs a Discord bot token to connect, and none is set.

To get one:
  1. Open https://discord.com/developers/applications and choose New Application.
  2. Under Bot, choose Reset Token and copy the token.
  3. Copy .env.example to .env and put the token after DISCORD_TOKEN=.
  4. Run `cargo run --release` again.

Meanwhile, play in a terminal, or try the engine:
  cargo run --release -- local                         # the bot's commands, /as alice to begin
  cargo run --release -- replay sidja c1 d2            # place two stones, see the board
  cargo run --release -- replay sidja -o variant=seega -o size=7 --json
  cargo run --release -- --help                        # every command";
