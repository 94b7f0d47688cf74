//! How far a long job got, on standard error.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How often a terminal's line is rewritten at most.
const EVERY: Duration = Duration::from_millis(200);

/// One line per stage, rewritten in place on a terminal, else written when a stage ends.
pub struct Progress {
    terminal: bool,
    stage: String,
    shown: Instant,
}

impl Progress {
    pub fn new() -> Progress {
        Progress {
            terminal: std::io::stderr().is_terminal(),
            stage: String::new(),
            shown: Instant::now(),
        }
    }

    /// `done` of `total` of `stage` are done.
    pub fn update(&mut self, stage: &str, done: u64, total: u64) {
        let finished = done >= total;
        if stage != self.stage {
            self.stage = stage.to_string();
            self.shown = Instant::now();
        } else if !finished && self.shown.elapsed() < EVERY {
            return;
        }
        self.shown = Instant::now();
        let percent = done.saturating_mul(100).checked_div(total).unwrap_or(100);
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
