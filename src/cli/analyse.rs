//! `boardpost analyse`: reviews a finished game from its exported record, as `/analyse`
//! does, and writes the evaluation graph and the board where the game turned.

use super::{write_file, Failure};
use boardpost::games::Game as _;
use boardpost::i18n::{Lang, Localize};
use boardpost::render;
use boardpost::replay::{self, ReplayError, Request};
use boardpost::table::{analyse_game, AnalysisReport};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
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
}

/// Reads the record (its header names the game, its options and its players), reviews
/// it, prints the review and writes the pictures.
pub fn run(args: Args) -> Result<(), Failure> {
    let text = read(&args.record).map_err(|e| Failure::Usage(e.to_string()))?;
    let (game, options, names) = replay::record_header(&text).ok_or_else(|| {
        Failure::Usage(format!(
            "{} is not a boardpost record: its header has no `# replay: boardpost replay GAME …` line (export one with /export)",
            args.record.display()
        ))
    })?;
    let request = Request {
        game,
        options,
        actions: vec!["-".to_string()],
        ..Request::default()
    };
    let played = replay::replay(&request, &mut text.as_bytes())?;
    let names: Vec<String> = (0..played.seat_count())
        .map(|i| {
            names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("player {}", i + 1))
        })
        .collect();
    eprintln!("analysing {} turns…", played.log().len());
    let analysis = analyse_game(&played, 0).map_err(|e| Failure::Problem(e.tr(Lang::En)))?;
    let report = AnalysisReport::new(
        &analysis,
        played.game_options(),
        &names,
        &names,
        text.lines()
            .find_map(|l| l.strip_prefix("# boardpost game #"))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or("?"),
        args.lang,
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
    let board = render::render_png(&report.position, &report.board_options);
    for (path, bytes) in [(&args.graph, &report.graph), (&args.png, &board)] {
        write_file(path, bytes)?;
        eprintln!("{}", path.display());
    }
    Ok(())
}

/// The record's text, from its file or standard input (`-`).
fn read(record: &Path) -> Result<String, ReplayError> {
    if record == Path::new("-") {
        return replay::read_record(&mut std::io::stdin(), "standard input");
    }
    let what = record.display().to_string();
    let mut file = std::fs::File::open(record)
        .map_err(|e| ReplayError::Usage(format!("cannot read {what}: {e}")))?;
    replay::read_record(&mut file, &what)
}
