//! `boardpost local`: the bot's commands from a terminal, over a database of its own.

use super::{database, runtime, Failure};
use boardpost::i18n::Lang;
use boardpost::local::Local;
use boardpost::store::Store;
use std::io::IsTerminal;
use std::path::PathBuf;

/// The database `local` plays in unless told: not the bot's.
const DEFAULT_DATABASE_URL: &str = "sqlite://data/local.db";

#[derive(clap::Args)]
pub struct Args {
    /// The database to play in: a SQLite file (games.db) or a URL [default: DATABASE_URL
    /// from the environment or .env, else data/local.db].
    #[arg(long, value_name = "DB", value_parser = database::parse)]
    db: Option<String>,
    /// Where board images and exports are written.
    #[arg(long, value_name = "DIR", default_value = "boards")]
    boards: PathBuf,
    /// The language of everything the bot says: en or ru [default: from LANG, else
    /// en].
    #[arg(long, value_name = "LANG")]
    lang: Option<Lang>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    // LANG=ru_RU.UTF-8 and the like; anything we do not speak is English.
    let lang = args.lang.unwrap_or_else(|| {
        std::env::var("LANG")
            .ok()
            .and_then(|l| Lang::from_locale(&l))
            .unwrap_or_default()
    });
    let db = database::chosen(args.db, DEFAULT_DATABASE_URL);
    let problem = |e: &dyn std::fmt::Display| Failure::Problem(format!("boardpost: {e}"));
    runtime()?.block_on(async {
        let store = Store::open(&db).await.map_err(|e| problem(&e))?;
        let mut local = match Local::open(store.clone(), args.boards).await {
            Ok(local) => local.speaking(lang),
            Err(e) => {
                store.close().await;
                return Err(problem(&e));
            }
        };
        let stdin = tokio::io::BufReader::new(tokio::io::stdin());
        let prompt = std::io::stdin().is_terminal();
        let result = local.run(stdin, &mut std::io::stdout(), prompt).await;
        store.close().await;
        result.map_err(|e| problem(&e))
    })
}
