//! Every row of one database copied into another, either way between the backends
//! (`boardpost db copy`), and rows counted per table.
//!
//! The source is read in one read-only transaction (a snapshot: a bot still running on it
//! changes nothing of what is copied); the target is written in one transaction (a copy
//! that fails half-way leaves it as it was). Tables are read a page at a time in the order
//! of their keys and written with multi-row inserts; row ids are kept. Leases are not
//! copied: the copy's games and notices are free for whichever process runs on it.

use super::sql::Value;
use super::{
    column, first, placeholders, query, Arg, Backend, DbRow, Result, Store, StoreError, Tx,
};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Int,
    Text,
    Json,
    Bool,
    Real,
    Bytes,
}

use Kind::*;

/// A table as copied: its columns (both backends have them, in these types) and the
/// columns it is read in the order of. `ORDER` stands for the order its rows were
/// written in (SQLite's rowid, PostgreSQL's `seq`), where that order matters.
struct Table {
    name: &'static str,
    columns: &'static [(&'static str, Kind)],
    key: &'static [&'static str],
}

const ORDER: &str = "@order";

/// Parents before children: the order rows can be written in with foreign keys on.
const TABLES: &[Table] = &[
    Table {
        name: "users",
        columns: &[
            ("user_id", Int),
            ("name", Text),
            ("ping_thread", Bool),
            ("ping_dm", Bool),
            ("remind_half", Bool),
            ("remind_last_day", Bool),
            ("language", Text),
            ("locale", Text),
        ],
        key: &["user_id"],
    },
    Table {
        name: "guilds",
        columns: &[
            ("guild_id", Int),
            ("locale", Text),
            ("language", Text),
            ("replay_gif", Bool),
            ("puzzle_channel", Int),
        ],
        key: &["guild_id"],
    },
    Table {
        name: "games",
        columns: &[
            ("game_id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("thread_id", Int),
            ("kind", Text),
            ("options", Json),
            ("status", Text),
            ("version", Int),
            ("state", Json),
            ("days_per_move", Int),
            ("turn_started", Int),
            ("deadline", Int),
            ("result", Json),
            ("created_at", Int),
            ("finished_at", Int),
        ],
        key: &["game_id"],
    },
    Table {
        name: "seats",
        columns: &[
            ("game_id", Int),
            ("seat", Int),
            ("user_id", Int),
            ("bot_level", Int),
        ],
        key: &["game_id", "seat"],
    },
    Table {
        name: "actions",
        columns: &[
            ("game_id", Int),
            ("n", Int),
            ("seat", Int),
            ("user_id", Int),
            ("text", Text),
            ("at", Int),
        ],
        key: &["game_id", "n"],
    },
    Table {
        name: "challenges",
        columns: &[
            ("challenge_id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("challenger", Int),
            ("kind", Text),
            ("options", Json),
            ("days_per_move", Int),
            ("first", Text),
            ("seats", Int),
            ("status", Text),
            ("game_id", Int),
            ("created_at", Int),
            ("bot_seats", Int),
            ("bot_level", Int),
        ],
        key: &["challenge_id"],
    },
    Table {
        name: "challenge_players",
        columns: &[
            ("challenge_id", Int),
            ("user_id", Int),
            ("accepted", Bool),
            ("joined_at", Int),
            ("invited", Bool),
        ],
        // Players who joined in the same second keep their order.
        key: &[ORDER],
    },
    Table {
        name: "offers",
        columns: &[
            ("game_id", Int),
            ("kind", Text),
            ("version", Int),
            ("agreed", Json),
            ("created_at", Int),
        ],
        key: &["game_id", "kind"],
    },
    Table {
        name: "reminders",
        columns: &[
            ("game_id", Int),
            ("turn_started", Int),
            ("kind", Text),
            ("sent_at", Int),
        ],
        key: &["game_id", "turn_started", "kind"],
    },
    Table {
        name: "ratings",
        columns: &[
            ("guild_id", Int),
            ("kind", Text),
            ("user_id", Int),
            ("rating", Real),
            ("games", Int),
            ("wins", Int),
            ("draws", Int),
            ("losses", Int),
        ],
        key: &["guild_id", "kind", "user_id"],
    },
    Table {
        name: "meta",
        columns: &[("key", Text), ("value", Text)],
        key: &["key"],
    },
    Table {
        name: "outbox",
        columns: &[
            ("notice_id", Int),
            ("game_id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("parent_id", Int),
            ("dm", Json),
            ("dm_texts", Json),
            ("in_channel", Bool),
            ("text", Text),
            ("pings", Json),
            ("image_name", Text),
            ("image", Bytes),
            ("created_at", Int),
            ("attempts", Int),
            ("next_try_at", Int),
            ("sent_at", Int),
            ("thread_name", Text),
            ("buttons", Json),
        ],
        key: &["notice_id"],
    },
    Table {
        name: "premoves",
        columns: &[
            ("premove_id", Int),
            ("game_id", Int),
            ("user_id", Int),
            ("version", Int),
            ("actions", Json),
            ("created_at", Int),
        ],
        key: &["premove_id"],
    },
    Table {
        name: "vacations",
        columns: &[
            ("vacation_id", Int),
            ("guild_id", Int),
            ("user_id", Int),
            ("started_at", Int),
            ("ends_at", Int),
            ("ended_at", Int),
        ],
        key: &["vacation_id"],
    },
    Table {
        name: "vacation_allowances",
        columns: &[("guild_id", Int), ("days", Int)],
        key: &["guild_id"],
    },
    Table {
        name: "tournaments",
        columns: &[
            ("tournament_id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("organiser", Int),
            ("kind", Text),
            ("options", Json),
            ("format", Text),
            ("rounds", Int),
            ("days_per_move", Int),
            ("max_players", Int),
            ("start_when_full", Bool),
            ("rated", Bool),
            ("bye_points", Int),
            ("state", Text),
            ("rounds_paired", Int),
            ("rounds_done", Int),
            ("version", Int),
            ("created_at", Int),
            ("started_at", Int),
            ("finished_at", Int),
            ("thread_id", Int),
        ],
        key: &["tournament_id"],
    },
    Table {
        name: "tournament_entrants",
        columns: &[
            ("tournament_id", Int),
            ("user_id", Int),
            ("entry", Int),
            ("number", Int),
            ("joined_at", Int),
            ("withdrawn_at", Int),
            ("withdrawn_why", Text),
        ],
        key: &["tournament_id", "user_id"],
    },
    Table {
        name: "tournament_pairings",
        columns: &[
            ("tournament_id", Int),
            ("round", Int),
            ("board", Int),
            ("white", Int),
            ("black", Int),
            ("game_id", Int),
            ("result", Text),
            ("timeout", Bool),
            ("forfeit", Text),
            ("struck", Bool),
        ],
        key: &["tournament_id", "round", "board"],
    },
    Table {
        name: "lesson_progress",
        columns: &[
            ("user_id", Int),
            ("kind", Text),
            ("step_id", Text),
            ("played", Json),
            ("step_state", Text),
            ("solved", Json),
            ("shown", Json),
            ("version", Int),
            ("started_at", Int),
            ("updated_at", Int),
            ("touched", Int),
        ],
        key: &["user_id", "kind"],
    },
    Table {
        name: "puzzles",
        columns: &[
            ("puzzle_id", Int),
            ("puzzle_key", Text),
            ("kind", Text),
            ("options", Json),
            ("moves", Json),
            ("line", Json),
            ("theme", Text),
            ("source", Text),
            ("owner", Int),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("attempts", Int),
            ("solved", Int),
            ("created_at", Int),
        ],
        key: &["puzzle_id"],
    },
    Table {
        name: "puzzle_ratings",
        columns: &[
            ("user_id", Int),
            ("kind", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("attempts", Int),
            ("solved", Int),
        ],
        key: &["user_id", "kind"],
    },
    Table {
        name: "puzzle_attempts",
        columns: &[
            ("user_id", Int),
            ("puzzle_id", Int),
            ("solved", Bool),
            ("at", Int),
            ("rating_before", Real),
            ("rating_after", Real),
        ],
        key: &["user_id", "puzzle_id"],
    },
    Table {
        name: "puzzle_progress",
        columns: &[
            ("user_id", Int),
            ("puzzle_id", Int),
            ("played", Json),
            ("state", Text),
            ("version", Int),
            ("started_at", Int),
            ("daily_guild", Int),
            ("daily_day", Int),
        ],
        key: &["user_id"],
    },
    Table {
        name: "daily_puzzles",
        columns: &[
            ("guild_id", Int),
            ("day", Int),
            ("puzzle_id", Int),
            ("channel_id", Int),
            ("posted_at", Int),
        ],
        key: &["guild_id", "day"],
    },
    Table {
        name: "daily_answers",
        columns: &[
            ("guild_id", Int),
            ("day", Int),
            ("user_id", Int),
            ("solved", Bool),
        ],
        key: &["guild_id", "day", "user_id"],
    },
    Table {
        name: "puzzle_mining",
        columns: &[
            ("game_id", Int),
            ("queued_at", Int),
            ("mined_at", Int),
            ("found", Int),
        ],
        key: &["game_id"],
    },
];

/// Row ids PostgreSQL hands out itself: after rows are written with their ids, its
/// counters must go on from the largest.
const IDENTITIES: &[(&str, &str)] = &[
    ("games", "game_id"),
    ("challenges", "challenge_id"),
    ("vacations", "vacation_id"),
    ("premoves", "premove_id"),
    ("outbox", "notice_id"),
    ("tournaments", "tournament_id"),
    ("puzzles", "puzzle_id"),
];

/// Rows read (and written) at a time.
const PAGE: i64 = 500;

/// The tables a copy moves, in order.
pub fn tables() -> Vec<&'static str> {
    TABLES.iter().map(|t| t.name).collect()
}

impl Table {
    fn kind_of(&self, column: &str) -> Kind {
        self.columns
            .iter()
            .find(|c| c.0 == column)
            .map_or(Int, |c| c.1)
    }

    /// The key columns as SQL on `backend`.
    fn key_sql(&self, backend: Backend) -> Vec<&'static str> {
        self.key
            .iter()
            .map(|k| match (*k, backend) {
                (ORDER, Backend::Sqlite) => "rowid",
                (ORDER, Backend::Postgres) => "seq",
                (k, _) => k,
            })
            .collect()
    }

    /// The next page after `after` (the last page's key values; none for the first).
    fn page_sql(&self, backend: Backend, after: Option<&[Arg]>) -> String {
        let keys = self.key_sql(backend);
        let picked: Vec<String> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| format!("{k} AS copy_key{i}"))
            .chain(self.columns.iter().map(|c| c.0.to_string()))
            .collect();
        let mut sql = format!("SELECT {} FROM {}", picked.join(", "), self.name);
        if after.is_some() {
            sql += &format!(
                " WHERE ({}) > ({})",
                keys.join(", "),
                placeholders(1, keys.len())
            );
        }
        sql += &format!(
            " ORDER BY {} LIMIT {PAGE}",
            keys.iter()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        sql
    }

    fn insert_sql(&self, rows: usize) -> String {
        let n = self.columns.len();
        let names: Vec<&str> = self.columns.iter().map(|c| c.0).collect();
        let values: Vec<String> = (0..rows)
            .map(|r| format!("({})", placeholders(r * n + 1, n)))
            .collect();
        format!(
            "INSERT INTO {} ({}) VALUES {}",
            self.name,
            names.join(", "),
            values.join(", ")
        )
    }
}

fn read(row: &DbRow, name: &str, kind: Kind) -> sqlx::Result<Arg> {
    Ok(match kind {
        Int => Arg::Int(Value::read(row, name)?),
        Text => Arg::Text(Value::read(row, name)?),
        Json => Arg::Json(row.json(name)?),
        Bool => Arg::Bool(Value::read(row, name)?),
        Real => Arg::Real(Value::read(row, name)?),
        Bytes => Arg::Bytes(Value::read(row, name)?),
    })
}

/// What a copy did: rows written per table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    pub rows: Vec<(&'static str, i64)>,
}

impl Store {
    /// Rows per table, in the order of [`tables`].
    pub async fn row_counts(&self) -> Result<Vec<(&'static str, i64)>> {
        let mut counts = Vec::new();
        for table in TABLES {
            let row = query(format!("SELECT COUNT(*) FROM {}", table.name))
                .fetch_one(self.on())
                .await?;
            counts.push((table.name, first(&row)?));
        }
        Ok(counts)
    }

    /// Copies every row of this database into `target`. A target that holds rows is
    /// refused unless `replace`, which deletes them first (in the same transaction).
    /// `progress(table, rows done, rows in the table)` is called after each page.
    pub async fn copy_into(
        &self,
        target: &Store,
        replace: bool,
        progress: &mut (dyn FnMut(&str, i64, i64) + Send),
    ) -> Result<Copied> {
        let mut source = self.begin().await?;
        if self.backend() == Backend::Postgres {
            query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(source.on())
                .await?;
        }
        let mut counts = Vec::new();
        for table in TABLES {
            let row = query(format!("SELECT COUNT(*) FROM {}", table.name))
                .fetch_one(source.on())
                .await?;
            counts.push((table.name, first::<i64>(&row)?));
        }
        let mut tx = target.begin().await?;
        let mut held = Vec::new();
        for table in TABLES {
            let row = query(format!("SELECT COUNT(*) FROM {}", table.name))
                .fetch_one(tx.on())
                .await?;
            let n: i64 = first(&row)?;
            if n > 0 {
                held.push(format!("{}: {n}", table.name));
            }
        }
        if !held.is_empty() {
            if !replace {
                return Err(StoreError::NotEmpty(held.join(", ")));
            }
            for table in TABLES.iter().rev() {
                query(format!("DELETE FROM {}", table.name))
                    .execute(tx.on())
                    .await?;
            }
        }
        for (table, (_, total)) in TABLES.iter().zip(&counts) {
            copy_table(
                table,
                self.backend(),
                &mut source,
                target.backend(),
                &mut tx,
                *total,
                progress,
            )
            .await?;
        }
        if target.backend() == Backend::Postgres {
            for (table, id) in IDENTITIES {
                query(format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', '{id}'),
                       COALESCE(MAX({id}), 1), MAX({id}) IS NOT NULL) FROM {table}"
                ))
                .fetch_one(tx.on())
                .await?;
            }
        }
        tx.commit().await?;
        source.commit().await?;
        Ok(Copied { rows: counts })
    }
}

async fn copy_table(
    table: &Table,
    from: Backend,
    source: &mut Tx,
    to: Backend,
    target: &mut Tx,
    total: i64,
    progress: &mut (dyn FnMut(&str, i64, i64) + Send),
) -> Result<()> {
    let mut after: Option<Vec<Arg>> = None;
    let mut done = 0;
    progress(table.name, 0, total);
    loop {
        let sql = table.page_sql(from, after.as_deref());
        let mut page = query(sql);
        for value in after.iter().flatten() {
            page = page.bind(value.clone());
        }
        let rows = page.fetch_all(source.on()).await?;
        let Some(last) = rows.last() else { break };
        let mut key = Vec::new();
        for (i, k) in table.key.iter().enumerate() {
            let what = || format!("a row of {}", table.name);
            let arg = read(last, &format!("copy_key{i}"), table.kind_of(k)).map_err(|e| {
                StoreError::Corrupt {
                    what: what(),
                    why: e.to_string(),
                }
            })?;
            key.push(arg);
        }
        let mut insert = query(table.insert_sql(rows.len()));
        for row in &rows {
            let what = || format!("{} row {}", table.name, describe_key(row));
            for (name, kind) in table.columns {
                let value = read(row, name, *kind).map_err(|e| StoreError::Corrupt {
                    what: what(),
                    why: format!("column {name}: {e}"),
                })?;
                if let (Arg::Json(Some(text)), Backend::Postgres) = (&value, to) {
                    if serde_json::from_str::<serde::de::IgnoredAny>(text).is_err() {
                        return Err(StoreError::Corrupt {
                            what: what(),
                            why: format!(
                                "column {name} is not JSON, which PostgreSQL refuses \
                                 (for a game's snapshot, `boardpost db check --repair` on \
                                 the source rebuilds it from the game's record)"
                            ),
                        });
                    }
                }
                insert = insert.bind(value);
            }
        }
        insert.execute(target.on()).await?;
        done += rows.len() as i64;
        progress(table.name, done, total);
        if (rows.len() as i64) < PAGE {
            break;
        }
        after = Some(key);
    }
    Ok(())
}

/// A row's first column, to name it in an error.
fn describe_key(row: &DbRow) -> String {
    column::<i64>(row, &String::new, "copy_key0")
        .map(|k| k.to_string())
        .or_else(|_| column::<String>(row, &String::new, "copy_key0"))
        .unwrap_or_else(|_| "?".to_string())
}
