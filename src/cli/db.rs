//! `boardpost db`: copy a database into another, check every game against its record,
//! back a database up. What each means is decided in `ops`; here it is printed.

use super::progress::Progress;
use super::{database, runtime, Failure};
use boardpost::config::{redact_url, DEFAULT_DATABASE_URL};
use boardpost::ops;
use boardpost::store::Store;
use std::path::{Path, PathBuf};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Copy every row of one database into another (SQLite or PostgreSQL, either way),
    /// then verify the copy: rows per table, and every game replayed from its record.
    Copy {
        /// The database to copy: a SQLite file or a URL, like sqlite://data/boardpost.db.
        #[arg(long, value_name = "DB", value_parser = database::parse)]
        from: String,
        /// The database to copy into, like postgres://boardpost@localhost/boardpost
        /// (created and migrated if need be; it must be empty).
        #[arg(long, value_name = "DB", value_parser = database::parse)]
        to: String,
        /// Replace everything the target already holds.
        #[arg(long)]
        force: bool,
    },
    /// Check that every game's stored position is where its record leads; list the
    /// games that are not (exit status 1).
    Check {
        /// Rebuild the stored positions that differ from their records.
        #[arg(long)]
        repair: bool,
        /// The database: a SQLite file or a URL [default: DATABASE_URL from the
        /// environment or .env, else sqlite://data/boardpost.db].
        #[arg(long, value_name = "DB", value_parser = database::parse)]
        db: Option<String>,
    },
    /// Back the database up into FILE while the bot runs (SQLite); for PostgreSQL, print
    /// the pg_dump command that does it.
    Backup {
        /// A new file to write.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The database: a SQLite file or a URL [default: DATABASE_URL from the
        /// environment or .env, else sqlite://data/boardpost.db].
        #[arg(long, value_name = "DB", value_parser = database::parse)]
        db: Option<String>,
    },
}

pub fn run(command: Command) -> Result<(), Failure> {
    runtime()?.block_on(async {
        match command {
            Command::Copy { from, to, force } => copy(&from, &to, force).await,
            Command::Check { repair, db } => {
                check(&database::chosen(db, DEFAULT_DATABASE_URL), repair).await
            }
            Command::Backup { file, db } => {
                backup(&database::chosen(db, DEFAULT_DATABASE_URL), &file).await
            }
        }
    })
}

async fn copy(from: &str, to: &str, force: bool) -> Result<(), Failure> {
    eprintln!("copying {} into {}", redact_url(from), redact_url(to));
    let mut progress = Progress::new();
    let report = ops::copy(from, to, force, &mut |stage, done, total| {
        progress.update(stage, done, total)
    })
    .await
    .map_err(|e| {
        Failure::Problem(format!(
            "boardpost: {e}\nNothing was written into the target."
        ))
    })?;
    println!("{:<20} {:>10} {:>10}", "table", "source", "copy");
    for (table, from, to) in &report.rows {
        let mark = if from == to { "" } else { "  ← differs" };
        println!("{table:<20} {from:>10} {to:>10}{mark}");
    }
    // Damaged ratings and notices are counted apart from games.
    let unmatched: std::collections::BTreeSet<_> = (report.check.damaged.iter())
        .filter(|d| d.fix != ops::Fix::Repaired)
        .map(|d| d.game)
        .collect();
    println!(
        "{} games replayed from their records: {} match their stored positions",
        report.check.games,
        report.check.games.saturating_sub(unmatched.len() as u64)
    );
    for d in &report.check.damaged {
        println!("  game #{}: {}", d.game, d.why);
    }
    if report.verified() {
        println!("The copy is complete and verified.");
        return Ok(());
    }
    if !report.mismatched().is_empty() {
        println!(
            "Tables whose rows differ: {}.",
            report.mismatched().join(", ")
        );
    }
    if report.check.unrepaired() > 0 {
        println!(
            "These games do not replay to their stored positions (they were copied as they \
             are): `boardpost db check --repair --db URL` rebuilds the positions from the records."
        );
    }
    Err(Failure::Listed)
}

async fn check(url: &str, repair: bool) -> Result<(), Failure> {
    let store = Store::open(url).await.map_err(|e| {
        Failure::Problem(format!(
            "boardpost: {e}\nCheck DATABASE_URL in .env (default {DEFAULT_DATABASE_URL}) or --db."
        ))
    })?;
    let mut progress = Progress::new();
    let result = ops::check(&store, repair, &mut |done, total| {
        progress.update("games", done, total)
    })
    .await;
    store.close().await;
    let report = result.map_err(|e| Failure::Problem(format!("boardpost: {e}")))?;
    for d in &report.damaged {
        let fix = match d.fix {
            ops::Fix::Repaired => " (repaired)",
            ops::Fix::Repairable => " (its record proves the position: --repair rebuilds it)",
            ops::Fix::ForAPerson => {
                " (nothing stored proves which is right: for a person to decide)"
            }
        };
        println!("game #{}: {}{fix}", d.game, d.why);
    }
    for rating in &report.ratings {
        println!("{rating} (for a person to mend or delete)");
    }
    for notice in &report.notices {
        println!("{notice} (for a person to mend or delete)");
    }
    for tournament in &report.tournaments {
        println!("{tournament} (for a person to mend or delete)");
    }
    for lesson in &report.lessons {
        println!("{lesson} (for a person to mend or delete)");
    }
    for puzzle in &report.puzzles {
        println!("{puzzle} (skipped when puzzles are served; for a person to mend or delete)");
    }
    let games: std::collections::BTreeSet<_> = report.damaged.iter().map(|d| d.game).collect();
    println!(
        "{} games checked: {} damaged, {} findings, {} repaired; {} damaged ratings, {} damaged notices, {} damaged tournaments, {} damaged lesson progress rows, {} damaged puzzles",
        report.games,
        games.len(),
        report.damaged.len(),
        report.damaged.iter().filter(|d| d.fix == ops::Fix::Repaired).count(),
        report.ratings.len(),
        report.notices.len(),
        report.tournaments.len(),
        report.lessons.len(),
        report.puzzles.len()
    );
    if report.unrepaired() == 0 {
        return Ok(());
    }
    if report.damaged.iter().any(|d| d.fix == ops::Fix::Repairable) {
        println!("`boardpost db check --repair` rebuilds stored positions from the records.");
    }
    Err(Failure::Listed)
}

async fn backup(url: &str, file: &Path) -> Result<(), Failure> {
    match ops::backup(url, file).await {
        Ok(ops::Backup::Written) => println!(
            "{} written: a copy of the database as it was just now.",
            file.display()
        ),
        Ok(ops::Backup::PgDump(command)) => println!(
            "A PostgreSQL database is backed up with PostgreSQL's own pg_dump (it asks for \
             the password, or reads PGPASSWORD or ~/.pgpass):\n\n  {command}\n\n\
             pg_restore --dbname=URL {} puts it back (into an empty database).",
            file.display()
        ),
        Err(e) => return Err(Failure::Problem(format!("boardpost: {e}"))),
    }
    Ok(())
}
