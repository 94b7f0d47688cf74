//! `cargo run -p boardpost-pairing --example pair -- FILE.trf`: the next round of a TRF-16
//! tournament, printed as the endorsed programs print it (exit status 1 when no legal
//! pairing exists). A development aid; the bot's CLI gets its own command.

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pair FILE.trf");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("{path}: {error}");
            return ExitCode::from(2);
        }
    };
    let tournament = match boardpost_pairing::trf::read(&bytes) {
        Ok(tournament) => tournament,
        Err(error) => {
            eprintln!("{path}: {error}");
            return ExitCode::from(3);
        }
    };
    match boardpost_pairing::pair_next_round(&tournament) {
        Ok(pairing) => {
            print!("{}", boardpost_pairing::output::format_pairing(&pairing));
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{path}: {error}");
            ExitCode::from(1)
        }
    }
}
