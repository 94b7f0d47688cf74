//! `boardpost tournament export N`: a tournament as FIDE's TRF-16, so that any endorsed
//! pairing program can check its pairings (the operator's view: any server's tournament).

use super::{database, runtime, write_file, Failure};
use boardpost::clock::SystemClock;
use boardpost::config::DEFAULT_DATABASE_URL;
use boardpost::i18n::Lang;
use boardpost::ids::TournamentId;
use boardpost::store::Store;
use boardpost::table::Table;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Write a tournament's rounds so far as TRF-16 (standard output, or --out FILE).
    Export {
        /// The tournament's number, as `/tournament list` shows it (#12 or 12).
        #[arg(value_name = "NUMBER", value_parser = parse_number)]
        number: i64,
        /// The file to write; standard output if not given.
        #[arg(long, short, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The database: a SQLite file or a URL [default: DATABASE_URL from the
        /// environment or .env, else sqlite://data/boardpost.db].
        #[arg(long, value_name = "DB", value_parser = database::parse)]
        db: Option<String>,
    },
}

fn parse_number(text: &str) -> Result<i64, String> {
    text.trim_start_matches('#')
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| "a tournament's number, like 12 or #12".to_string())
}

pub fn run(command: Command) -> Result<(), Failure> {
    let Command::Export { number, out, db } = command;
    let url = database::chosen(db, DEFAULT_DATABASE_URL);
    runtime()?.block_on(async {
        let store = Store::open(&url).await.map_err(|e| {
            Failure::Problem(format!(
                "boardpost: {e}\nCheck DATABASE_URL in .env (default {DEFAULT_DATABASE_URL}) or --db."
            ))
        })?;
        let table = Table::new(store.clone(), Arc::new(SystemClock));
        let found = table.tournament_trf(TournamentId(number)).await;
        store.close().await;
        let text = found
            .map_err(|e| Failure::Problem(format!("boardpost: {}", e.msg().tr(Lang::En))))?
            .ok_or_else(|| {
                Failure::Problem(format!(
                    "boardpost: there is no tournament #{number}; `/tournament list` shows a \
                     server's tournaments"
                ))
            })?;
        match out {
            Some(path) => {
                write_file(&path, text.as_bytes())?;
                eprintln!("wrote tournament #{number} to {}", path.display());
                Ok(())
            }
            None => {
                print!("{text}");
                Ok(())
            }
        }
    })
}
