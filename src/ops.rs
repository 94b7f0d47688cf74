//! Operations on a whole database, for `boardpost db`: check every game against its
//! record (and repair snapshots), copy a database into another and verify the copy, back
//! one up. What "checked" and "verified" mean is decided here; the SQL is in the store,
//! the replay in the table, the printing in `src/cli/db.rs`.

use crate::games::{AnyGame, Game};
use crate::i18n::{Lang, Localize};
use crate::ids::{GameId, TournamentId};
use crate::store::{
    decode_state, encode_state, Backend, DamagedNotice, DamagedProgress, DamagedPuzzle,
    DamagedRating, GameRow, PremoveRow, Store, StoreError,
};
use crate::table::replay_record;
use std::path::Path;

/// A game that is not what its record says, or whose rows disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damaged {
    pub game: GameId,
    /// What is wrong, in words.
    pub why: String,
    pub fix: Fix,
}

/// What can be done about a damaged game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fix {
    /// Its stored position was rebuilt from its record: by this check's `--repair`, or
    /// earlier by the bot when it met the game.
    Repaired,
    /// Its record proves what the stored position should be: `--repair` rebuilds it.
    Repairable,
    /// Nothing stored proves which row is right (the record and a row disagree, the
    /// record does not replay, a row cannot be read): for a person to decide.
    ForAPerson,
}

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub games: u64,
    pub damaged: Vec<Damaged>,
    /// Rating rows that cannot be used: for a person to mend or delete.
    pub ratings: Vec<DamagedRating>,
    /// Notices of the outbox, not yet sent, that cannot be read back: for a person.
    pub notices: Vec<DamagedNotice>,
    /// Tournaments whose rows cannot be read or do not hold together: for a person.
    pub tournaments: Vec<DamagedTournament>,
    /// Lesson progress rows that cannot be read: for a person to mend or delete.
    pub lessons: Vec<DamagedProgress>,
    /// Puzzles that cannot be read (skipped when puzzles are served): for a person.
    pub puzzles: Vec<DamagedPuzzle>,
}

/// A tournament that cannot be used as stored, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedTournament {
    pub tournament: TournamentId,
    pub why: String,
}

impl std::fmt::Display for DamagedTournament {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "tournament #{}: {}", self.tournament, self.why)
    }
}

impl CheckReport {
    /// Damage that is still there.
    pub fn unrepaired(&self) -> usize {
        self.damaged
            .iter()
            .filter(|d| d.fix != Fix::Repaired)
            .count()
            + self.ratings.len()
            + self.notices.len()
            + self.tournaments.len()
            + self.lessons.len()
            + self.puzzles.len()
    }
}

/// Games read at a time.
const PAGE: i64 = 500;

/// Checks every game: its row and seats can be read and agree with what its record says
/// defines it, its record replays, its stored result is where the record leads, its
/// conditional lines can be read and played, and its stored snapshot is the position the
/// record replays to. With `repair`, a snapshot that is missing, unreadable or different
/// is rewritten from the record, and only then: everything else the record cannot prove
/// is reported for a person to decide. Snapshots the bot rebuilt when it met them are
/// reported as repaired. `progress(games done, games)` is called after each page.
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
            let found = check_game(store, id, row, repair).await?;
            report.damaged.extend(found);
        }
        progress(report.games, total.max(report.games));
        if !full {
            break;
        }
    }
    report.ratings = check_ratings(store).await?;
    report.notices = store.damaged_notices().await?;
    report.tournaments = check_tournaments(store).await?;
    report.lessons = store.damaged_lesson_progress().await?;
    report.puzzles = store.damaged_puzzles().await?;
    Ok(report)
}

/// Checks every tournament: its rows can be read and hold together (see
/// `Store::tournament_anywhere`), and each pairing's game is played by its two players,
/// white in the first seat.
pub async fn check_tournaments(store: &Store) -> Result<Vec<DamagedTournament>, StoreError> {
    let mut found = Vec::new();
    let mut after = TournamentId(0);
    loop {
        let page = store.tournament_ids_after(after, PAGE).await?;
        let Some(last) = page.last() else { break };
        after = *last;
        for id in &page {
            if let Some(why) = tournament_trouble(store, *id).await? {
                found.push(DamagedTournament {
                    tournament: *id,
                    why,
                });
            }
        }
        if (page.len() as i64) < PAGE {
            break;
        }
    }
    Ok(found)
}

/// What is wrong with one tournament, if anything.
async fn tournament_trouble(store: &Store, id: TournamentId) -> Result<Option<String>, StoreError> {
    let record = match store.tournament_anywhere(id).await {
        Ok(Some(record)) => record,
        // Deleted since it was listed.
        Ok(None) => return Ok(None),
        Err(StoreError::DamagedTournament { why, .. }) => return Ok(Some(why)),
        Err(e) => return Err(e),
    };
    let user_of = |number: u16| {
        record
            .entrants
            .iter()
            .find(|e| e.number == Some(number))
            .map(|e| e.user)
    };
    for (round, board, game, first, second) in store.tournament_game_seats(id).await? {
        let Some(pairing) = record
            .pairings
            .iter()
            .find(|p| p.round == round && p.board == board)
        else {
            continue;
        };
        let expected = (user_of(pairing.white), pairing.black.and_then(user_of));
        if (first, second) != expected {
            return Ok(Some(format!(
                "round {round} board {board}: game #{game} is not played by the players paired"
            )));
        }
    }
    Ok(None)
}

/// What is wrong with one game, if anything.
async fn check_game(
    store: &Store,
    id: GameId,
    row: Result<GameRow, StoreError>,
    repair: bool,
) -> Result<Vec<Damaged>, StoreError> {
    let damaged = |why: String, fix: Fix| Damaged { game: id, why, fix };
    let for_a_person = |e: &dyn std::fmt::Display| vec![damaged(e.to_string(), Fix::ForAPerson)];
    let row = match row {
        Ok(row) => row,
        Err(e @ (StoreError::DamagedGame { .. } | StoreError::Corrupt { .. })) => {
            return Ok(for_a_person(&e))
        }
        Err(e) => return Err(e),
    };
    let mut found = Vec::new();
    if let Some(why) = crate::store::clock_damage(&row) {
        found.push(damaged(why, Fix::ForAPerson));
    }
    if row.snapshot_rebuilds > 0 {
        found.push(damaged(
            format!(
                "its stored position disagreed with its record and was rebuilt by the bot \
                 ({} times)",
                row.snapshot_rebuilds
            ),
            Fix::Repaired,
        ));
    }
    let record = match store.record(id).await {
        Ok(record) => record,
        Err(e @ StoreError::DamagedGame { .. }) => return Ok(for_a_person(&e)),
        Err(e) => return Err(e),
    };
    let game = match replay_record(&row, &record) {
        Ok(game) => game,
        Err(e) => {
            found.extend(for_a_person(&e));
            return Ok(found);
        }
    };
    match store.premoves(id, row.version).await {
        Ok(lines) => {
            for line in lines {
                if let Some(why) = line_trouble(&row, &game, &line) {
                    found.push(damaged(
                        format!("its conditional move #{}: {why}", line.id),
                        Fix::ForAPerson,
                    ));
                }
            }
        }
        Err(e @ StoreError::DamagedGame { .. }) => found.extend(for_a_person(&e)),
        Err(e) => return Err(e),
    }
    let why = match decode_state(&row.state) {
        Some(stored) if stored == game => return Ok(found),
        Some(_) => "its stored position is not where its record leads",
        None => "its stored position cannot be read",
    };
    let fix = if repair {
        store
            .repair_state(id, row.version, &encode_state(&game))
            .await?;
        Fix::Repaired
    } else {
        Fix::Repairable
    };
    found.push(damaged(why.to_string(), fix));
    Ok(found)
}

/// What is wrong with a stored conditional line of a game, if anything: it must belong
/// to a player of a game of two that goes on, and its actions must be playable in turn
/// from the game's position (the opponent's first).
fn line_trouble(row: &GameRow, game: &AnyGame, line: &PremoveRow) -> Option<String> {
    if !row.seats.contains(&line.user) {
        return Some(format!("user {} does not play in the game", line.user.0));
    }
    if row.seats.len() != 2 || game.outcome().is_some() {
        return Some("conditional moves are kept only in games of two going on".to_string());
    }
    if line.actions.is_empty() {
        return Some("it holds no action".to_string());
    }
    let to_move = game.to_move().and_then(|s| row.seats.get(s.index()));
    if to_move == Some(&line.user) {
        return Some("it begins with its own player's action, not the opponent's".to_string());
    }
    let mut next = game.clone();
    for (i, text) in line.actions.iter().enumerate() {
        if let Err(e) = next.play(text) {
            return Some(format!(
                "its action {} cannot be played: {}",
                i + 1,
                e.tr(Lang::En)
            ));
        }
    }
    None
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
        self.mismatched().is_empty() && self.check.unrepaired() == 0
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
