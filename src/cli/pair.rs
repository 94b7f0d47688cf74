//! `boardpost pair --dutch FILE.trf`: the next round of a Swiss tournament by the FIDE
//! Dutch system, read from FIDE's TRF-16 and printed as the endorsed pairing programs
//! print it (the number of pairs, then `white black` by pairing number per board, `N 0`
//! for the pairing-allocated bye). Exit status 1 when no legal pairing exists, 2 for a
//! usage error (a file that cannot be read, or is not TRF-16).

use super::Failure;
use boardpost_pairing::output::format_pairing;
use boardpost_pairing::{pair_next_round, trf};
use std::io::Read;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Pair by the Dutch system (FIDE Handbook C.04.3), the one system there is.
    #[arg(long, required = true)]
    dutch: bool,
    /// The tournament so far, in TRF-16 (with `XXR` for its number of rounds).
    #[arg(value_name = "FILE.trf")]
    file: PathBuf,
}

pub fn run(args: Args) -> Result<(), Failure> {
    debug_assert!(args.dutch);
    let file = std::fs::File::open(&args.file)
        .map_err(|e| Failure::Usage(format!("cannot read {}: {e}", args.file.display())))?;
    // One byte past the largest file read, so that a larger one is refused, not cut.
    let mut bytes = Vec::new();
    file.take(trf::MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Usage(format!("cannot read {}: {e}", args.file.display())))?;
    let tournament =
        trf::read(&bytes).map_err(|e| Failure::Usage(format!("{}: {e}", args.file.display())))?;
    let pairing = pair_next_round(&tournament)
        .map_err(|e| Failure::Problem(format!("no legal pairing: {e}")))?;
    print!("{}", format_pairing(&pairing));
    Ok(())
}
