use boardpost::clock::SystemClock;
use boardpost::config::{Config, DEFAULT_DATABASE_URL};
use boardpost::discord::{self, BotOptions};
use boardpost::games::xiangqi::{self, Xiangqi};
use boardpost::games::{AnyGame, Game, GameKind, Seat};
use boardpost::i18n::{Lang, Localize};
use boardpost::local::Local;
use boardpost::ops;
use boardpost::render::{self, RenderOptions};
use boardpost::replay::{self, Request};
use boardpost::store::Store;
use boardpost::table::Table;
use clap::{Parser, Subcommand};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// boardpost: correspondence board games on Discord.
#[derive(Parser)]
#[command(name = "boardpost", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (what `cargo run --release` does).
    Run,
    /// Play actions from the start and print the position (a diagram, or --json).
    Replay {
        #[arg(value_name = "GAME", help = game_help())]
        game: String,
        /// A game option, like -o variant=seega -o size=7.
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Start from this xiangqi position (xiangqi only; side to move w/r or b).
        #[arg(long, value_name = "FEN")]
        fen: Option<String>,
        /// Print one JSON object instead of a diagram.
        #[arg(long)]
        json: bool,
        /// Also write a PNG image of the final position to FILE.
        #[arg(long, value_name = "FILE")]
        png: Option<PathBuf>,
        /// Also write the whole game as an animated GIF to FILE: a title card, a frame
        /// per turn, the final position held longer.
        #[arg(long, value_name = "FILE")]
        gif: Option<PathBuf>,
        /// Action texts in order; an argument may hold several; `-` reads standard input.
        #[arg(value_name = "ACTIONS")]
        actions: Vec<String>,
    },
    /// Play from a terminal: the bot's commands over a local database (/help lists them).
    Local {
        /// The database to play in [default: DATABASE_URL from the environment or .env,
        /// else sqlite://data/local.db].
        #[arg(long, value_name = "URL")]
        db: Option<String>,
        /// Where board images and exports are written.
        #[arg(long, value_name = "DIR", default_value = "boards")]
        boards: PathBuf,
        /// The language of everything the bot says: en or ru [default: from LANG, else
        /// en].
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
    },
    /// Play actions from the start and draw the position as a PNG image.
    Render {
        #[arg(value_name = "GAME", help = game_help())]
        game: String,
        /// A game option, like -o variant=seega -o size=7.
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Write the image to FILE.
        #[arg(long, value_name = "FILE")]
        png: PathBuf,
        /// Look from this seat's side (1, 2, …): seat 2 sees the board turned round.
        #[arg(long, value_name = "SEAT")]
        view: Option<u8>,
        /// Players' display names in seat order, like --names alice,bob.
        #[arg(long, value_name = "NAMES", value_delimiter = ',')]
        names: Vec<String>,
        /// The language of the words on the image: en (default) or ru.
        #[arg(long, value_name = "LANG", default_value = "en")]
        lang: Lang,
        /// Action texts in order; an argument may hold several; `-` reads standard input.
        #[arg(value_name = "ACTIONS")]
        actions: Vec<String>,
    },
    /// Review a finished game as `/analyse` does: the evaluation after every turn, the
    /// biggest mistakes with the better action, a graph and the board where it turned.
    Analyse {
        /// A game's record as `/export` writes it (`-` reads standard input).
        #[arg(value_name = "RECORD")]
        record: PathBuf,
        /// Where the evaluation graph is written.
        #[arg(long, value_name = "FILE", default_value = "analysis.png")]
        graph: PathBuf,
        /// Where the board at the turning point is written.
        #[arg(long, value_name = "FILE", default_value = "turning-point.png")]
        png: PathBuf,
        /// The language of the words: en (default) or ru.
        #[arg(long, value_name = "LANG", default_value = "en")]
        lang: Lang,
    },
    /// Look after the database: copy it, check it, back it up.
    Db {
        #[command(subcommand)]
        command: DbCommand,
    },
    /// Count xiangqi move sequences (perft) from a position, depth by depth, with speed.
    Perft {
        /// Plies to look ahead (1 or more).
        #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// Start from this xiangqi position instead of the start position.
        #[arg(long, value_name = "FEN")]
        fen: Option<String>,
        /// Also print each legal move with the count below it (at DEPTH only).
        #[arg(long)]
        divide: bool,
    },
}

#[derive(Subcommand)]
enum DbCommand {
    /// Copy every row of one database into another (SQLite or PostgreSQL, either way),
    /// then verify the copy: rows per table, and every game replayed from its record.
    Copy {
        /// The database to copy, like sqlite://data/boardpost.db.
        #[arg(long, value_name = "URL")]
        from: String,
        /// The database to copy into, like postgres://boardpost@localhost/boardpost
        /// (created and migrated if need be; it must be empty).
        #[arg(long, value_name = "URL")]
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
        /// The database [default: DATABASE_URL from the environment or .env, else
        /// sqlite://data/boardpost.db].
        #[arg(long, value_name = "URL")]
        db: Option<String>,
    },
    /// Back the database up into FILE while the bot runs (SQLite); for PostgreSQL, print
    /// the pg_dump command that does it.
    Backup {
        /// A new file to write.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The database [default: DATABASE_URL from the environment or .env, else
        /// sqlite://data/boardpost.db].
        #[arg(long, value_name = "URL")]
        db: Option<String>,
    },
}

/// Prints clap's error (or help, or version) as clap does, except that an argument it
/// quotes (an unknown option, a value it refused) is cut to its first characters, and
/// exits with clap's status.
fn clap_exit(e: clap::Error) -> ! {
    let mut text = e.render().to_string();
    for arg in std::env::args_os().skip(1) {
        let arg = arg.to_string_lossy();
        // `--option=value` is quoted by its value.
        let value = arg.split_once('=').map(|(_, value)| value);
        for long in [Some(&*arg), value].into_iter().flatten() {
            if long.chars().count() > boardpost::i18n::TOKEN_CHARS {
                text = text.replace(long, &boardpost::i18n::token(long));
            }
        }
    }
    if e.use_stderr() {
        eprint!("{text}");
    } else {
        print!("{text}");
    }
    std::process::exit(e.exit_code())
}

/// `GAME`'s help: every game we know.
fn game_help() -> String {
    format!("The game: {}", GameKind::names().join(", "))
}

fn main() -> ExitCode {
    // Before any thread starts: a quarter less resident memory (src/memory.rs).
    boardpost::memory::one_arena_per_core();
    let cli = Cli::try_parse().unwrap_or_else(|e| clap_exit(e));
    match cli.command.unwrap_or(Command::Run) {
        Command::Run => run_bot(),
        Command::Local { db, boards, lang } => {
            let lang = match lang {
                Some(code) => match code.parse::<Lang>() {
                    Ok(lang) => lang,
                    Err(e) => {
                        eprintln!("boardpost: {e}");
                        return ExitCode::from(2);
                    }
                },
                // LANG=ru_RU.UTF-8 and the like; anything we do not speak is English.
                None => std::env::var("LANG")
                    .ok()
                    .and_then(|l| Lang::from_locale(&l))
                    .unwrap_or_default(),
            };
            // Like `run`, `local` reads DATABASE_URL (from .env too) unless --db says.
            dotenvy::dotenv().ok();
            let db = db
                .or_else(|| {
                    std::env::var("DATABASE_URL")
                        .ok()
                        .filter(|u| !u.trim().is_empty())
                })
                .unwrap_or_else(|| "sqlite://data/local.db".to_string());
            run_local(&db, boards, lang)
        }
        Command::Perft { depth, fen, divide } => run_perft(depth, fen.as_deref(), divide),
        Command::Db { command } => run_db(command),
        Command::Analyse {
            record,
            graph,
            png,
            lang,
        } => run_analyse(&record, &graph, &png, lang),
        Command::Replay {
            game,
            options,
            fen,
            json,
            png,
            gif,
            actions,
        } => {
            let request = Request {
                game,
                options,
                fen,
                json,
                actions,
            };
            match replay::replay(&request, &mut std::io::stdin()) {
                Ok(game) => {
                    print!("{}", replay::render_output(&game, request.json));
                    let opts = RenderOptions::default();
                    if let Some(path) = gif {
                        let bytes =
                            render::gif::game_gif_on(&game, &opts, render::gif::Threads::Two);
                        if let Err(e) = std::fs::write(&path, bytes) {
                            eprintln!("cannot write {}: {e}", path.display());
                            return ExitCode::from(2);
                        }
                    }
                    match png {
                        Some(path) => write_png(&game, &opts, &path),
                        None => ExitCode::SUCCESS,
                    }
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::from(e.exit_code() as u8)
                }
            }
        }
        Command::Render {
            game,
            options,
            png,
            view,
            names,
            lang,
            actions,
        } => {
            let request = Request {
                game,
                options,
                actions,
                ..Request::default()
            };
            let game = match replay::replay(&request, &mut std::io::stdin()) {
                Ok(game) => game,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(e.exit_code() as u8);
                }
            };
            let seats = render::seat_count(&game);
            let viewer = match view {
                None => None,
                Some(n) => match Seat::from_number(n).filter(|_| n <= seats) {
                    Some(seat) => Some(seat),
                    None => {
                        eprintln!("--view {n}: {} has seats 1 to {seats}", game.name());
                        return ExitCode::from(2);
                    }
                },
            };
            let opts = RenderOptions::new(names).viewed_by(viewer).in_lang(lang);
            let code = write_png(&game, &opts, &png);
            if code == ExitCode::SUCCESS {
                eprintln!("{}", png.display());
            }
            code
        }
    }
}

/// `boardpost perft`: counts depth by depth up to `depth`, each with its time and speed;
/// with `divide`, the count below each move at `depth`.
fn run_perft(depth: u32, fen: Option<&str>, divide: bool) -> ExitCode {
    let game = match fen {
        None => Xiangqi::new(),
        Some(text) => match Xiangqi::from_fen(text) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("--fen: {}", e.tr(Lang::En));
                return ExitCode::from(2);
            }
        },
    };
    println!("{}", game.fen());
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = game.perft(d);
        let seconds = start.elapsed().as_secs_f64();
        let speed = if seconds > 0.0 {
            format!("{:.1} M nodes/s", nodes as f64 / seconds / 1e6)
        } else {
            "-".to_string()
        };
        println!("depth {d}: {nodes} in {seconds:.3} s ({speed})");
    }
    if divide {
        for (mv, nodes) in xiangqi::perft::divide(game.board(), depth) {
            println!("{mv} ({}): {nodes}", game.wxf(mv));
        }
    }
    ExitCode::SUCCESS
}

/// `boardpost analyse`: reads an exported record (its header names the game, its
/// options and its players), reviews it, prints the review and writes the pictures.
fn run_analyse(record: &Path, graph: &Path, png: &Path, lang: Lang) -> ExitCode {
    let text = if record == Path::new("-") {
        replay::read_record(&mut std::io::stdin(), "standard input")
    } else {
        let what = record.display().to_string();
        std::fs::File::open(record)
            .map_err(|e| replay::ReplayError::Usage(format!("cannot read {what}: {e}")))
            .and_then(|mut file| replay::read_record(&mut file, &what))
    };
    let text = match text {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let Some((game, options, names)) = replay::record_header(&text) else {
        eprintln!(
            "{} is not a boardpost record: its header has no `# replay: boardpost replay GAME …` line (export one with /export)",
            record.display()
        );
        return ExitCode::from(2);
    };
    let request = Request {
        game,
        options,
        actions: vec!["-".to_string()],
        ..Request::default()
    };
    let played = match replay::replay(&request, &mut text.as_bytes()) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(e.exit_code() as u8);
        }
    };
    let names: Vec<String> = (0..played.seat_count())
        .map(|i| {
            names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("player {}", i + 1))
        })
        .collect();
    eprintln!("analysing {} turns…", played.log().len());
    let analysis = match boardpost::table::analyse_game(&played, 0) {
        Ok(analysis) => analysis,
        Err(e) => {
            eprintln!("{}", e.tr(Lang::En));
            return ExitCode::from(1);
        }
    };
    let report = boardpost::table::AnalysisReport::new(
        &analysis,
        played.game_options(),
        &names,
        &names,
        text.lines()
            .find_map(|l| l.strip_prefix("# boardpost game #"))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or("?"),
        lang,
    );
    println!("{}", report.text.replace("**", ""));
    for review in &analysis.plies {
        let evals: Vec<String> = review.eval.iter().map(|e| format!("{e:+}")).collect();
        println!(
            "{:>4}. seat {} {:<12} best {:<12} {}",
            review.ply,
            review.seat,
            review.action,
            review.best,
            evals.join(" ")
        );
    }
    for (path, bytes) in [
        (graph, report.graph),
        (
            png,
            render::render_png(&report.position, &report.board_options),
        ),
    ] {
        if let Err(e) = std::fs::write(path, bytes) {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
        eprintln!("{}", path.display());
    }
    ExitCode::SUCCESS
}

/// Draws the game's position into a PNG file; a file that cannot be written is a usage
/// error (exit status 2).
fn write_png(game: &AnyGame, opts: &RenderOptions, path: &Path) -> ExitCode {
    match std::fs::write(path, render::render_png(game, opts)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cannot write {}: {e}", path.display());
            ExitCode::from(2)
        }
    }
}

/// The async runtime, or `None` after saying why it cannot start.
fn runtime() -> Option<tokio::runtime::Runtime> {
    tokio::runtime::Runtime::new()
        .map_err(|e| eprintln!("boardpost: cannot start: {e}"))
        .ok()
}

fn run_local(db: &str, boards: PathBuf, lang: Lang) -> ExitCode {
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    runtime.block_on(async {
        let store = match Store::open(db).await {
            Ok(store) => store,
            Err(e) => {
                eprintln!("boardpost: {e}");
                return ExitCode::FAILURE;
            }
        };
        let mut local = match Local::open(store.clone(), boards).await {
            Ok(local) => local.speaking(lang),
            Err(e) => {
                eprintln!("boardpost: {e}");
                return ExitCode::FAILURE;
            }
        };
        let stdin = tokio::io::BufReader::new(tokio::io::stdin());
        let prompt = std::io::stdin().is_terminal();
        let result = local.run(stdin, &mut std::io::stdout(), prompt).await;
        store.close().await;
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("boardpost: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

fn run_bot() -> ExitCode {
    let config = match Config::load() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("boardpost: {e}\nFix it in .env (see .env.example) and start again.");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "boardpost=info,serenity=warn".into()),
        )
        .init();
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    runtime.block_on(async {
        // The database is created and brought up to date first, token or not.
        let store = match Store::open(&config.database_url).await {
            Ok(store) => store,
            Err(e) => {
                eprintln!(
                    "boardpost: {e}\nCheck DATABASE_URL in .env (default {DEFAULT_DATABASE_URL})."
                );
                return ExitCode::FAILURE;
            }
        };
        if config.discord_token.is_none() {
            println!(
                "Database ready: {}\n\n{NO_TOKEN_HELP}",
                boardpost::config::redact_url(&config.database_url)
            );
            return ExitCode::SUCCESS;
        }
        let table = Table::new(store.clone(), Arc::new(SystemClock));
        tracing::info!(database = %boardpost::config::redact_url(&config.database_url), "starting");
        let result = discord::run(&config, table, BotOptions::default(), shutdown_signal()).await;
        store.close().await;
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("boardpost: {e}\nIs DISCORD_TOKEN in .env the bot's current token?");
                ExitCode::FAILURE
            }
        }
    })
}

/// The database `--db` names, else DATABASE_URL (from .env too), else the bot's default.
fn database_url(db: Option<String>) -> String {
    dotenvy::dotenv().ok();
    db.or_else(|| {
        std::env::var("DATABASE_URL")
            .ok()
            .filter(|u| !u.trim().is_empty())
    })
    .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string())
}

/// Shows how far a long job got on standard error: one line per stage, rewritten in
/// place on a terminal, else written when a stage ends.
struct Progress {
    terminal: bool,
    stage: String,
    shown: Instant,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            terminal: std::io::stderr().is_terminal(),
            stage: String::new(),
            shown: Instant::now(),
        }
    }

    fn update(&mut self, stage: &str, done: u64, total: u64) {
        let finished = done >= total;
        if stage != self.stage {
            self.stage = stage.to_string();
            self.shown = Instant::now();
        } else if !finished && self.shown.elapsed().as_millis() < 200 {
            return;
        }
        self.shown = Instant::now();
        let percent = (done * 100).checked_div(total).unwrap_or(100);
        let line = format!("  {stage}: {done} of {total} ({percent}%)");
        if self.terminal {
            eprint!("\r\x1b[K{line}");
            if finished {
                eprintln!();
            }
        } else if finished {
            eprintln!("{line}");
        }
    }
}

fn run_db(command: DbCommand) -> ExitCode {
    let Some(runtime) = runtime() else {
        return ExitCode::FAILURE;
    };
    runtime.block_on(async {
        match command {
            DbCommand::Copy { from, to, force } => db_copy(&from, &to, force).await,
            DbCommand::Check { repair, db } => db_check(&database_url(db), repair).await,
            DbCommand::Backup { file, db } => db_backup(&database_url(db), &file).await,
        }
    })
}

async fn db_copy(from: &str, to: &str, force: bool) -> ExitCode {
    use boardpost::config::redact_url;
    eprintln!("copying {} into {}", redact_url(from), redact_url(to));
    let mut progress = Progress::new();
    let report = match ops::copy(from, to, force, &mut |stage, done, total| {
        progress.update(stage, done, total)
    })
    .await
    {
        Ok(report) => report,
        Err(e) => {
            eprintln!("boardpost: {e}\nNothing was written into the target.");
            return ExitCode::FAILURE;
        }
    };
    println!("{:<20} {:>10} {:>10}", "table", "source", "copy");
    for (table, from, to) in &report.rows {
        let mark = if from == to { "" } else { "  ← differs" };
        println!("{table:<20} {from:>10} {to:>10}{mark}");
    }
    println!(
        "{} games replayed from their records: {} match their stored positions",
        report.check.games,
        report.check.games as usize - report.check.unrepaired()
    );
    for d in &report.check.damaged {
        println!("  game #{}: {}", d.game, d.why);
    }
    if report.verified() {
        println!("The copy is complete and verified.");
        ExitCode::SUCCESS
    } else {
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
        ExitCode::FAILURE
    }
}

async fn db_check(url: &str, repair: bool) -> ExitCode {
    let store = match Store::open(url).await {
        Ok(store) => store,
        Err(e) => {
            eprintln!("boardpost: {e}\nCheck DATABASE_URL in .env (default {DEFAULT_DATABASE_URL}) or --db.");
            return ExitCode::FAILURE;
        }
    };
    let mut progress = Progress::new();
    let result = ops::check(&store, repair, &mut |done, total| {
        progress.update("games", done, total)
    })
    .await;
    store.close().await;
    let report = match result {
        Ok(report) => report,
        Err(e) => {
            eprintln!("boardpost: {e}");
            return ExitCode::FAILURE;
        }
    };
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
    let games: std::collections::BTreeSet<_> = report.damaged.iter().map(|d| d.game).collect();
    println!(
        "{} games checked: {} damaged, {} findings, {} repaired; {} damaged ratings, {} damaged notices",
        report.games,
        games.len(),
        report.damaged.len(),
        report.damaged.iter().filter(|d| d.fix == ops::Fix::Repaired).count(),
        report.ratings.len(),
        report.notices.len()
    );
    if report.unrepaired() == 0 {
        ExitCode::SUCCESS
    } else {
        if report.damaged.iter().any(|d| d.fix == ops::Fix::Repairable) {
            println!("`boardpost db check --repair` rebuilds stored positions from the records.");
        }
        ExitCode::FAILURE
    }
}

async fn db_backup(url: &str, file: &Path) -> ExitCode {
    match ops::backup(url, file).await {
        Ok(ops::Backup::Written) => {
            println!(
                "{} written: a copy of the database as it was just now.",
                file.display()
            );
            ExitCode::SUCCESS
        }
        Ok(ops::Backup::PgDump(command)) => {
            println!(
                "A PostgreSQL database is backed up with PostgreSQL's own pg_dump (it asks for \
                 the password, or reads PGPASSWORD or ~/.pgpass):\n\n  {command}\n\n\
                 pg_restore --dbname=URL {} puts it back (into an empty database).",
                file.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("boardpost: {e}");
            ExitCode::FAILURE
        }
    }
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
