//! The schema's migrations, built into the binary and run by sqlx's migrator at start.
//! Each file of `migrations/sqlite/` and `migrations/postgres/` is named once below (a
//! test holds the lists against the folders). Listed by hand rather than by
//! `sqlx::migrate!`: that macro's crate compiles sqlx a second time, for the compiler.

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

/// A migration file: its name without `.sql` (`0001_init`) and its text.
type File = (&'static str, &'static str);

macro_rules! files {
    ($backend:literal: $($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"), "/migrations/", $backend, "/", $name, ".sql"
        )))),*]
    };
}

pub(crate) const SQLITE: &[File] = files!("sqlite":
    "0001_init",
    "0002_outbox",
    "0003_invited",
    "0004_language",
    "0005_leases",
    "0006_dm_texts",
    "0007_bots",
    "0008_vacations",
    "0009_gif_setting",
    "0010_premoves",
    "0011_definitions",
    "0012_seats_by_user_and_game",
    "0013_tournaments",
    "0014_tournament_thread",
    "0015_lessons",
    "0016_puzzles",
);

pub(crate) const POSTGRES: &[File] = files!("postgres":
    "0001_init",
    "0002_dm_texts",
    "0003_bots",
    "0004_vacations",
    "0005_gif_setting",
    "0006_premoves",
    "0007_definitions",
    "0008_seats_by_user_and_game",
    "0009_tournaments",
    "0010_tournament_thread",
    "0011_lessons",
    "0012_puzzles",
);

/// The migrator of one backend's files.
pub(crate) async fn migrator(
    files: &'static [File],
) -> Result<Migrator, sqlx::migrate::MigrateError> {
    Migrator::new(Embedded(files)).await
}

/// Migrations read as sqlx reads a folder: the version before the first `_`, the rest
/// the description with spaces for `_`, so that rows written by `sqlx::migrate!` match.
#[derive(Debug)]
struct Embedded(&'static [File]);

type Resolved = Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send>>;

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> Resolved {
        let migrations = self
            .0
            .iter()
            .map(|(name, sql)| migration(name, sql))
            .collect();
        Box::pin(async move { migrations })
    }
}

fn migration(name: &str, sql: &'static str) -> Result<Migration, BoxDynError> {
    let (version, description) = name
        .split_once('_')
        .ok_or_else(|| format!("migration {name}: no `_` after its version"))?;
    let version: i64 = version
        .parse()
        .map_err(|_| format!("migration {name}: its version is not a number"))?;
    Ok(Migration::new(
        version,
        Cow::Owned(description.replace('_', " ")),
        MigrationType::Simple,
        Cow::Borrowed(sql),
        sql.starts_with("-- no-transaction"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(folder: &str) -> Vec<String> {
        let path = format!("{}/migrations/{folder}", env!("CARGO_MANIFEST_DIR"));
        let mut names: Vec<String> = std::fs::read_dir(&path)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|name| name.strip_suffix(".sql").map(str::to_string))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn every_migration_file_is_listed_once_in_order() {
        for (folder, files) in [("sqlite", SQLITE), ("postgres", POSTGRES)] {
            let listed: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
            assert_eq!(
                listed,
                names_in(folder),
                "migrations/{folder} against its list"
            );
        }
    }

    #[test]
    fn migrations_read_as_sqlx_reads_their_folder() {
        let read = migration("0012_seats_by_user_and_game", "CREATE TABLE t (x INTEGER);").unwrap();
        assert_eq!(read.version, 12);
        assert_eq!(read.description, "seats by user and game");
        assert!(!read.no_tx);
        assert!(migration("init", "").is_err());
        assert!(migration("x1_init", "").is_err());
    }
}
