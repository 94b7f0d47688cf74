//! Running one SQL text on either backend. Queries are written once with `$1`-style
//! placeholders (SQLite reads `$N` as the N-th value, as PostgreSQL does); their values
//! are kept as [`Arg`]s and bound with each backend's own types when the query runs, on
//! the pool or inside a transaction ([`On`]). Rows come back as [`DbRow`], read column by
//! column with typed errors (`super::column`).

use sqlx::postgres::{PgArgumentBuffer, PgArguments, PgPool, PgRow, PgTypeInfo, Postgres};
use sqlx::sqlite::{Sqlite, SqliteArguments, SqlitePool, SqliteRow};
use sqlx::{Decode, Encode, Row, Type};
use std::borrow::Cow;

/// Which database a store runs on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// An open transaction; dropped without [`Tx::commit`], it is rolled back.
pub(crate) enum Tx {
    Sqlite(sqlx::Transaction<'static, Sqlite>),
    Postgres(sqlx::Transaction<'static, Postgres>),
}

/// Where a query runs.
pub(crate) enum On<'a> {
    Pool(&'a Pool),
    Tx(&'a mut Tx),
}

impl Pool {
    pub(crate) fn backend(&self) -> Backend {
        match self {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    pub(crate) async fn begin(&self) -> sqlx::Result<Tx> {
        Ok(match self {
            // IMMEDIATE: the write lock is taken at the start, waiting (busy timeout) for
            // the writer before. A deferred transaction that reads before it writes
            // fails at once with "database is locked" if another writer commits in
            // between, which no waiting can mend.
            Pool::Sqlite(p) => Tx::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?),
            Pool::Postgres(p) => Tx::Postgres(p.begin().await?),
        })
    }

    pub(crate) async fn close(&self) {
        match self {
            Pool::Sqlite(p) => p.close().await,
            Pool::Postgres(p) => p.close().await,
        }
    }
}

impl Tx {
    pub(crate) fn on(&mut self) -> On<'_> {
        On::Tx(self)
    }

    pub(crate) async fn commit(self) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(t) => t.commit().await,
            Tx::Postgres(t) => t.commit().await,
        }
    }
}

/// A value bound to a query; `None` binds NULL of the value's type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Arg {
    Int(Option<i64>),
    Text(Option<String>),
    /// JSON text: TEXT on SQLite, JSONB on PostgreSQL.
    Json(Option<String>),
    Bool(Option<bool>),
    Real(Option<f64>),
    Bytes(Option<Vec<u8>>),
}

impl Arg {
    pub(crate) fn json(text: &str) -> Arg {
        Arg::Json(Some(text.to_string()))
    }

    pub(crate) fn json_opt(text: Option<&str>) -> Arg {
        Arg::Json(text.map(str::to_string))
    }
}

macro_rules! arg_from {
    ($($t:ty => $variant:ident($conv:expr)),* $(,)?) => {
        $(impl From<$t> for Arg {
            fn from(v: $t) -> Arg {
                Arg::$variant($conv(v))
            }
        })*
    };
}

arg_from!(
    i64 => Int(Some),
    i32 => Int(|v: i32| Some(v as i64)),
    Option<i64> => Int(|v| v),
    bool => Bool(Some),
    Option<bool> => Bool(|v| v),
    f64 => Real(Some),
    String => Text(Some),
    &String => Text(|v: &String| Some(v.clone())),
    &str => Text(|v: &str| Some(v.to_string())),
    Option<String> => Text(|v| v),
    Option<&str> => Text(|v: Option<&str>| v.map(str::to_string)),
    Option<&[u8]> => Bytes(|v: Option<&[u8]>| v.map(<[u8]>::to_vec)),
    Option<Vec<u8>> => Bytes(|v| v),
);

/// JSON text bound as PostgreSQL's JSONB (its binary form: a version byte, then the text).
struct Jsonb(String);

impl Type<Postgres> for Jsonb {
    fn type_info() -> PgTypeInfo {
        <sqlx::types::Json<()> as Type<Postgres>>::type_info()
    }
}

impl Encode<'_, Postgres> for Jsonb {
    fn encode_by_ref(
        &self,
        buf: &mut PgArgumentBuffer,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        buf.push(1);
        buf.extend_from_slice(self.0.as_bytes());
        Ok(sqlx::encode::IsNull::No)
    }
}

type LiteQuery<'q> = sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>>;
type PgQuery<'q> = sqlx::query::Query<'q, Postgres, PgArguments>;

fn lite(sql: &str, args: Vec<Arg>) -> LiteQuery<'_> {
    args.into_iter().fold(sqlx::query(sql), |q, arg| match arg {
        Arg::Int(v) => q.bind(v),
        Arg::Text(v) | Arg::Json(v) => q.bind(v),
        Arg::Bool(v) => q.bind(v),
        Arg::Real(v) => q.bind(v),
        Arg::Bytes(v) => q.bind(v),
    })
}

fn pg(sql: &str, args: Vec<Arg>) -> PgQuery<'_> {
    args.into_iter().fold(sqlx::query(sql), |q, arg| match arg {
        Arg::Int(v) => q.bind(v),
        Arg::Text(v) => q.bind(v),
        Arg::Json(v) => q.bind(v.map(Jsonb)),
        Arg::Bool(v) => q.bind(v),
        Arg::Real(v) => q.bind(v),
        Arg::Bytes(v) => q.bind(v),
    })
}

/// One SQL text and its values.
#[derive(Clone, Debug)]
pub(crate) struct Query {
    sql: Cow<'static, str>,
    args: Vec<Arg>,
}

/// `count` numbered placeholders from `$first` on, separated by commas: `$3, $4, $5`.
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    let marks: Vec<String> = (first..first + count).map(|i| format!("${i}")).collect();
    marks.join(", ")
}

pub(crate) fn query(sql: impl Into<Cow<'static, str>>) -> Query {
    Query {
        sql: sql.into(),
        args: Vec::new(),
    }
}

/// Runs `$method` of the query on whichever backend and executor `$on` names; `$body`
/// maps the result `$v`, given the backend's row wrapper `$wrap`.
macro_rules! run {
    ($q:ident, $on:ident, $method:ident, |$v:ident, $wrap:ident| $body:expr) => {{
        let Query { sql, args } = $q;
        match $on {
            On::Pool(Pool::Sqlite(p)) => {
                let $v = lite(&sql, args).$method(p).await?;
                let $wrap = DbRow::Sqlite;
                $body
            }
            On::Pool(Pool::Postgres(p)) => {
                let $v = pg(&sql, args).$method(p).await?;
                let $wrap = DbRow::Postgres;
                $body
            }
            On::Tx(Tx::Sqlite(t)) => {
                let $v = lite(&sql, args).$method(&mut **t).await?;
                let $wrap = DbRow::Sqlite;
                $body
            }
            On::Tx(Tx::Postgres(t)) => {
                let $v = pg(&sql, args).$method(&mut **t).await?;
                let $wrap = DbRow::Postgres;
                $body
            }
        }
    }};
}

impl Query {
    pub(crate) fn bind(mut self, value: impl Into<Arg>) -> Query {
        self.args.push(value.into());
        self
    }

    /// Runs it; the number of rows it changed.
    pub(crate) async fn execute(self, on: On<'_>) -> sqlx::Result<u64> {
        let q = self;
        Ok(run!(q, on, execute, |done, _wrap| done.rows_affected()))
    }

    pub(crate) async fn fetch_all(self, on: On<'_>) -> sqlx::Result<Vec<DbRow>> {
        let q = self;
        Ok(run!(q, on, fetch_all, |rows, wrap| rows
            .into_iter()
            .map(wrap)
            .collect()))
    }

    pub(crate) async fn fetch_optional(self, on: On<'_>) -> sqlx::Result<Option<DbRow>> {
        let q = self;
        Ok(run!(q, on, fetch_optional, |row, wrap| row.map(wrap)))
    }

    pub(crate) async fn fetch_one(self, on: On<'_>) -> sqlx::Result<DbRow> {
        let q = self;
        Ok(run!(q, on, fetch_one, |row, wrap| wrap(row)))
    }
}

/// A row of either backend.
pub(crate) enum DbRow {
    Sqlite(SqliteRow),
    Postgres(PgRow),
}

/// A type a column reads into on both backends.
pub(crate) trait Value: Sized {
    fn read(row: &DbRow, name: &str) -> sqlx::Result<Self>;
    fn read_at(row: &DbRow, index: usize) -> sqlx::Result<Self>;
}

impl<T> Value for T
where
    T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>,
{
    fn read(row: &DbRow, name: &str) -> sqlx::Result<T> {
        match row {
            DbRow::Sqlite(r) => r.try_get(name),
            DbRow::Postgres(r) => r.try_get(name),
        }
    }

    fn read_at(row: &DbRow, index: usize) -> sqlx::Result<T> {
        match row {
            DbRow::Sqlite(r) => r.try_get(index),
            DbRow::Postgres(r) => r.try_get(index),
        }
    }
}

impl DbRow {
    /// A JSON column as text (SQLite keeps the text as written; PostgreSQL gives JSONB's
    /// own spelling of the same value).
    pub(crate) fn json(&self, name: &str) -> sqlx::Result<Option<String>> {
        match self {
            DbRow::Sqlite(r) => r.try_get(name),
            DbRow::Postgres(r) => {
                let value: Option<sqlx::types::Json<Box<serde_json::value::RawValue>>> =
                    r.try_get(name)?;
                Ok(value.map(|v| v.0.get().to_string()))
            }
        }
    }
}
