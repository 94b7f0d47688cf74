//! The command line: one module per subcommand, each with its arguments and what it does.
//! How a command ends maps to an exit status in one place ([`Failure::exit_code`]); which
//! database a command uses is decided in one place ([`database`]).

pub mod analyse;
pub mod dashed;
pub mod database;
pub mod db;
pub mod local;
pub mod pair;
pub mod perft;
pub mod progress;
pub mod puzzles;
pub mod render;
pub mod replay;
pub mod run;
pub mod tournament;

use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

/// Why a command did not succeed.
#[derive(Debug)]
pub enum Failure {
    /// The command line asks for what cannot be done: an unknown game, option or flag, a
    /// file that cannot be read or written, a setting to fix.
    Usage(String),
    /// The work failed or found a problem, or an action was illegal.
    Problem(String),
    /// The work found problems and has listed them on standard output.
    Listed,
    /// clap's refusal of the command line, or the help or version it prints.
    Clap(clap::Error),
}

impl Failure {
    /// 1 when the work found a problem or an action was illegal, 2 for a usage error
    /// (README, "Try the engine"); clap's own status for its help (0) and refusals (2).
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Usage(_) => 2,
            Failure::Problem(_) | Failure::Listed => 1,
            Failure::Clap(e) => u8::try_from(e.exit_code()).unwrap_or(2),
        }
    }

    /// Says why on standard error (clap's help and version on standard output). A long
    /// argument clap quotes is cut to its first characters.
    fn report(&self, args: &[OsString]) {
        match self {
            Failure::Usage(text) | Failure::Problem(text) => eprintln!("{text}"),
            Failure::Listed => {}
            Failure::Clap(e) => {
                let mut text = e.render().to_string();
                for arg in args.iter().skip(1) {
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
            }
        }
    }
}

impl From<clap::Error> for Failure {
    fn from(e: clap::Error) -> Failure {
        Failure::Clap(e)
    }
}

impl From<boardpost::replay::ReplayError> for Failure {
    fn from(e: boardpost::replay::ReplayError) -> Failure {
        use boardpost::replay::ReplayError;
        match e {
            ReplayError::Usage(_) => Failure::Usage(e.to_string()),
            ReplayError::Action(_) => Failure::Problem(e.to_string()),
        }
    }
}

/// Ends the program: says why a command failed, and returns its exit status.
pub fn exit(result: Result<(), Failure>, args: &[OsString]) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            failure.report(args);
            ExitCode::from(failure.exit_code())
        }
    }
}

/// Writes `bytes` into the file at `path`; a file that cannot be written is a usage
/// error.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(path, bytes)
        .map_err(|e| Failure::Usage(format!("cannot write {}: {e}", path.display())))
}

/// The async runtime of the commands that use the database.
pub fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Runtime::new()
        .map_err(|e| Failure::Problem(format!("boardpost: cannot start: {e}")))
}
