//! `boardpost tournament export N`: a started Swiss written as TRF-16 from the database
//! the bot uses, which `boardpost pair --dutch` (as any endorsed program) reads and pairs
//! as the bot paired it.

use boardpost::table::{StartRule, TournamentFormat, TournamentSettings};
use boardpost_testkit::tournaments::{create_tournament, join_tournament};
use boardpost_testkit::world::*;
use std::process::{Command, Output};

fn boardpost(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .unwrap()
}

/// A seven-player Swiss just started: round 1 paired, nothing played. Returns the
/// world, the tournament's number and round 1 as `pair` prints it.
async fn started_swiss() -> (World, i64, String) {
    let w = World::sqlite().await;
    let settings = TournamentSettings {
        game: "yote".into(),
        format: Some(TournamentFormat::Swiss),
        rounds: Some(3),
        max_players: Some(7),
        start: Some(StartRule::WhenFull),
        ..TournamentSettings::default()
    };
    let id = create_tournament(&w.table, &w.store, &caller(1, "p1"), settings).await;
    for n in 1..=7 {
        join_tournament(&w.table, id, &caller(n, &format!("p{n}"))).await;
    }
    let record = w.store.tournament(GUILD, id).await.unwrap().unwrap();
    assert_eq!(record.row.rounds_paired, 1, "the seventh entry started it");
    let round: Vec<_> = record.pairings.iter().filter(|p| p.round == 1).collect();
    let mut printed = format!("{}\n", round.len());
    for p in &round {
        printed += &format!("{} {}\n", p.white, p.black.unwrap_or(0));
    }
    (w, id.0, printed)
}

#[test]
fn an_exported_swiss_is_paired_again_as_the_bot_paired_it() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (w, id, round_one) = runtime.block_on(started_swiss());
    let db = w.url.trim_start_matches("sqlite://").to_string();
    let trf = w.dir.path().join("swiss.trf");
    let trf = trf.to_str().unwrap();
    let out = boardpost(&[
        "tournament",
        "export",
        &format!("#{id}"),
        "--db",
        &db,
        "--out",
        trf,
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = std::fs::read_to_string(trf).unwrap();
    assert!(text.starts_with("012 "), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("001 ")).count(), 7);
    let out = boardpost(&["pair", "--dutch", trf]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), round_one);
    // To standard output as well.
    let out = boardpost(&["tournament", "export", &id.to_string(), "--db", &db]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), text);
}

#[test]
fn a_missing_tournament_or_number_says_what_to_do() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (w, _, _) = runtime.block_on(started_swiss());
    let db = w.url.trim_start_matches("sqlite://").to_string();
    let out = boardpost(&["tournament", "export", "99", "--db", &db]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("/tournament list"));
    let out = boardpost(&["tournament", "export", "twelve", "--db", &db]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("like 12 or #12"));
}
