//! Which database a command uses: `--db`, else `DATABASE_URL` from the environment or
//! `.env`, else the command's default; each a URL or the path of a SQLite file
//! ([`boardpost::config::database_url`]).

use boardpost::config::database_url;

/// Reads a `--db`, `--from` or `--to` value into the URL of the database it names.
pub fn parse(text: &str) -> Result<String, String> {
    database_url(text).ok_or_else(|| {
        "name a database: a SQLite file (games.db) or a URL (sqlite://…, postgres://…)".into()
    })
}

/// The database `flag` (`--db`, already read by [`parse`]) names, else `DATABASE_URL`,
/// else `default`.
pub fn chosen(flag: Option<String>, default: &str) -> String {
    flag.unwrap_or_else(|| {
        // A missing .env is normal: settings may come from the environment alone.
        let _ = dotenvy::dotenv();
        std::env::var("DATABASE_URL")
            .ok()
            .and_then(|text| database_url(&text))
            .unwrap_or_else(|| default.to_string())
    })
}
