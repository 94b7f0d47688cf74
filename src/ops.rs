//! Operations on a whole database, for `boardpost db`: check every game against its
//! record (and repair snapshots), copy a database into another and verify the copy, back
//! one up. What "checked" and "verified" mean is decided here; the SQL is in the store,
//! the replay in the table, the printing in `main.rs`.

use crate::ids::GameId;
use crate::store::{decode_state, encode_state, Backend, DamagedRating, Store, StoreError};
use crate::table::replay_record;
use std::path::Path;

/// A game that is not what its record says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damaged {
    pub game: GameId,
    /// What is wrong, in words.
    pub why: String,
    /// Whether its snapshot was rebuilt from its record (`--repair`).
    pub repaired: bool,
}

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub games: u64,
    pub damaged: Vec<Damaged>,
}

impl CheckReport {
    /// Damage that is still there (a record that does not replay, a row that cannot be
    /// read, or a snapshot left as it was).
    pub fn unrepaired(&self) -> usize {
        self.damaged.iter().filter(|d| !d.repaired).count()
    }
}

/// Games read at a time.
const PAGE: i64 = 500;

/// Checks that every game's stored snapshot is the position its record (options and
/// log) replays to. With `repair`, a snapshot that is missing, unreadable or different is
/// rewritten from the record (the record is the truth); a record that does not replay,
/// or a row that cannot be read, is reported and left for a person to look at.
/// `progress(games done, games)` is called after each page.
pub async fn check(
    store: &Store,
    repair: bool,
    progress: &mut (dyn FnMut(u64, u64) + Send),
) -> Result<CheckReport, StoreError> {
    let total = store.game_count().await?.max(0) as u64;
    let mut report = CheckReport::default();
    let mut after = GameId(0);
    progress(0, total);
    loop {
        let page = store.games_after(after, PAGE).await?;
        let Some((last, _)) = page.last() else { break };
        after = *last;
        let full = page.len() as i64 == PAGE;
        for (id, row) in page {
            report.games += 1;
            let mut damaged = |why: String, repaired: bool| {
                report.damaged.push(Damaged {
                    game: id,
                    why,
                    repaired,
                })
            };
            let row = match row {
                Ok(row) => row,
                Err(e) => {
                    damaged(e.to_string(), false);
                    continue;
                }
            };
            let log = match store.actions(id).await {
                Ok(log) => log,
                Err(e @ StoreError::DamagedGame { .. }) => {
                    damaged(e.to_string(), false);
                    continue;
                }
                Err(e) => return Err(e),
            };
            let game = match replay_record(&row, &log) {
                Ok(game) => game,
                Err(e) => {
                    damaged(e.to_string(), false);
                    continue;
                }
            };
            let why = match decode_state(&row.state) {
                Some(stored) if stored == game => continue,
                Some(_) => "its stored position is not where its record leads".to_string(),
                None => "its stored position cannot be read".to_string(),
            };
            if repair {
                store
                    .repair_state(id, row.version, &encode_state(&game))
                    .await?;
            }
            damaged(why, repair);
        }
        progress(report.games, total.max(report.games));
        if !full {
            break;
        }
    }
    Ok(report)
}

/// Rating rows that cannot be used (a rating that is not a finite number, a column that
/// cannot be read), each named by its server, game kind and user. Finishing a game
/// leaves such a row as it is, so it is here until a person mends or deletes it.
pub async fn check_ratings(store: &Store) -> Result<Vec<DamagedRating>, StoreError> {
    store.damaged_ratings().await
}

/// What a copy did and found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyReport {
    /// Rows per table in the source (at the moment it was read) and in the copy.
    pub rows: Vec<(&'static str, i64, i64)>,
    /// The copy's games checked against their records.
    pub check: CheckReport,
}

impl CopyReport {
    /// Tables whose row counts differ between the source and the copy.
    pub fn mismatched(&self) -> Vec<&'static str> {
        self.rows
            .iter()
            .filter(|(_, from, to)| from != to)
            .map(|r| r.0)
            .collect()
    }

    /// The copy has every row and every game replays to its snapshot.
    pub fn verified(&self) -> bool {
        self.mismatched().is_empty() && self.check.damaged.is_empty()
    }
}

/// Why a copy did not happen.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("--from and --to name the same database")]
    Same,
    #[error("the source database: {0}")]
    Source(StoreError),
    #[error("the target database: {0}")]
    Target(StoreError),
    #[error("{0}")]
    Copy(StoreError),
}

/// Copies every row of the database at `from` into the one at `to` (either backend,
/// either way; the target is created and migrated if need be), then verifies the copy:
/// the same number of rows in every table, and every game of the copy replays from its
/// record to its snapshot. A target that holds rows is refused unless `replace`.
/// `progress(stage, done, total)` says how far it got (`stage` is a table's name, or
/// "verify").
pub async fn copy(
    from: &str,
    to: &str,
    replace: bool,
    progress: &mut (dyn FnMut(&str, u64, u64) + Send),
) -> Result<CopyReport, CopyError> {
    if from.trim() == to.trim() {
        return Err(CopyError::Same);
    }
    let source = Store::open(from).await.map_err(CopyError::Source)?;
    let target = Store::open(to).await.map_err(CopyError::Target)?;
    let result = copy_between(&source, &target, replace, progress).await;
    source.close().await;
    target.close().await;
    result
}

async fn copy_between(
    source: &Store,
    target: &Store,
    replace: bool,
    progress: &mut (dyn FnMut(&str, u64, u64) + Send),
) -> Result<CopyReport, CopyError> {
    let copied = source
        .copy_into(target, replace, &mut |table, done, total| {
            progress(table, done.max(0) as u64, total.max(0) as u64)
        })
        .await
        .map_err(CopyError::Copy)?;
    let counted = target.row_counts().await.map_err(CopyError::Target)?;
    let rows = copied
        .rows
        .iter()
        .map(|(table, n)| {
            let there = counted.iter().find(|c| c.0 == *table).map_or(-1, |c| c.1);
            (*table, *n, there)
        })
        .collect();
    let check = check(target, false, &mut |done, total| {
        progress("verify", done, total)
    })
    .await
    .map_err(CopyError::Target)?;
    Ok(CopyReport { rows, check })
}

/// What `boardpost db backup` did, or what to do instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backup {
    /// A SQLite database was copied into the file, while in use.
    Written,
    /// PostgreSQL's own tool does it: this command (the password left out).
    PgDump(String),
}

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} exists already: name a new file (a backup never overwrites one)")]
    Exists(String),
    #[error("{0}")]
    Store(#[from] StoreError),
}

/// Backs the database at `url` up into `file`: SQLite copies itself into it while in use
/// (`VACUUM INTO`); for PostgreSQL, the `pg_dump` command to run.
pub async fn backup(url: &str, file: &Path) -> Result<Backup, BackupError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok(Backup::PgDump(pg_dump_command(url, file)));
    }
    if file.exists() {
        return Err(BackupError::Exists(file.display().to_string()));
    }
    let store = Store::open(url).await?;
    let written = store.backup_into(file).await;
    store.close().await;
    match written? {
        true => Ok(Backup::Written),
        false => Err(BackupError::Store(StoreError::NotADatabaseUrl(
            crate::config::redact_url(url),
        ))),
    }
}

/// The `pg_dump` command that backs up the database at `url` into `file`, in
/// PostgreSQL's custom format (what `pg_restore` reads). The password is left out of the
/// URL: `pg_dump` asks for it, or reads `PGPASSWORD` or `~/.pgpass`.
pub fn pg_dump_command(url: &str, file: &Path) -> String {
    format!(
        "pg_dump --format=custom --no-owner --file={} --dbname={}",
        shell_quote(&file.display().to_string()),
        shell_quote(&without_password(url))
    )
}

/// The URL without its password (`postgres://user:secret@host/db` →
/// `postgres://user@host/db`).
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split_once(':').map_or(userinfo, |(u, _)| u);
            format!("{scheme}://{user}@{host}{tail}")
        }
        None => url.to_string(),
    }
}

/// `text` quoted for a POSIX shell where it needs to be.
fn shell_quote(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:@%+=,".contains(c));
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// Which backend a URL names, if any (for messages before it is opened).
pub fn backend_of(url: &str) -> Option<Backend> {
    if url.starts_with("sqlite:") {
        Some(Backend::Sqlite)
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Some(Backend::Postgres)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pg_dump_command_never_shows_the_password() {
        let command = pg_dump_command(
            "postgres://bot:s3cret@db.example:5433/boardpost?sslmode=require",
            Path::new("backups/boardpost 1.dump"),
        );
        assert_eq!(
            command,
            "pg_dump --format=custom --no-owner --file='backups/boardpost 1.dump' \
             --dbname='postgres://bot@db.example:5433/boardpost?sslmode=require'"
        );
        assert!(!command.contains("s3cret"));
        assert_eq!(
            pg_dump_command("postgresql://localhost/bp", Path::new("b.dump")),
            "pg_dump --format=custom --no-owner --file=b.dump --dbname=postgresql://localhost/bp"
        );
    }

    #[test]
    fn backends_are_told_by_their_scheme() {
        assert_eq!(backend_of("sqlite://x.db"), Some(Backend::Sqlite));
        assert_eq!(backend_of("postgres://h/db"), Some(Backend::Postgres));
        assert_eq!(backend_of("mysql://h/db"), None);
    }
}
