//! `boardpost local`: a terminal session as a user types it, a restart in the middle,
//! and arbitrary command lines that must never panic.

use boardpost::clock::DAY;
use boardpost::local::{self, Local};
use boardpost::store::Store;
use proptest::prelude::*;

async fn open(dir: &tempfile::TempDir) -> Local {
    let url = format!("sqlite://{}/local.db", dir.path().display());
    let store = Store::open(&url).await.unwrap();
    Local::open(store, dir.path().join("boards")).await.unwrap()
}

async fn session(local: &mut Local, script: &str) -> String {
    let mut out = Vec::new();
    local.run(script.as_bytes(), &mut out, false).await.unwrap();
    String::from_utf8(out).unwrap()
}

#[tokio::test]
async fn a_terminal_session_plays_waits_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut local = open(&dir).await;
    let out = session(
        &mut local,
        "/move a1\n/as alice\n/play sidja @bob first=me\n/as bob\n/accept\n/as alice\n/move a1 b1\n/as bob\n/move a1\n/draw offer\n/as alice\n/draw decline\n",
    )
    .await;
    assert!(out.contains("first say who you are: /as alice"), "{out}");
    assert!(out.contains("@alice challenges @bob to sidja"), "{out}");
    assert!(out.contains("Game #1 begins"), "{out}");
    assert!(
        out.contains("@alice plays a1 b1 in game #1.\n@bob, your move (3d 0h left)."),
        "{out}"
    );
    assert!(out.contains("  🔔 @bob"), "{out}");
    assert!(out.contains("a1 is taken"), "{out}");
    assert!(out.contains("@bob offers a draw in game #1."), "{out}");
    assert!(out.contains("@alice declines the draw"), "{out}");
    let image = dir.path().join("boards/sidja-1-ply2.png");
    assert!(out.contains(&image.display().to_string()), "{out}");
    assert!(image::open(&image).is_ok());

    // Restart: the game and the moved clock are still there.
    let before = local::now_of(&local);
    drop(local);
    let mut local = open(&dir).await;
    let out = session(
        &mut local,
        "/as bob\n/wait 2d\n/move c1 d1\n/wait 3d\n/as alice\n/export\n/leaderboard sidja\n",
    )
    .await;
    assert!(
        local::now_of(&local) - before >= 3 * DAY,
        "the clock offset is kept"
    );
    assert!(out.contains("@bob plays c1 d1"), "{out}");
    assert!(
        out.contains("⌛ @alice ran out of time in game #1. Game over: @bob won (time ran out)."),
        "{out}"
    );
    let export = dir.path().join("boards/sidja-1.txt");
    let record = std::fs::read_to_string(&export).unwrap();
    assert!(
        record.contains("boardpost replay sidja") && record.contains("a1 b1\nc1 d1\n"),
        "{record}"
    );
    assert!(out.contains("@bob 1516"), "{out}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_command_lines_never_panic(lines in proptest::collection::vec(
        prop_oneof![
            any::<String>(),
            "/(as|play|move|accept|decline|cancel|board|history|games|resign|draw|takeback|export|rules|settings|leaderboard|wait) ?[ -~]{0,20}",
        ],
        1..12,
    )) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let dir = tempfile::tempdir().unwrap();
            let mut local = open(&dir).await;
            let script = format!("/as alice\n/play sidja @bob\n/as bob\n/accept\n{}\n", lines.join("\n"));
            let mut out = Vec::new();
            local.run(script.as_bytes(), &mut out, false).await.unwrap();
        });
    }
}

#[tokio::test]
async fn a_huge_wait_never_wraps_the_clock() {
    let dir = tempfile::tempdir().unwrap();
    let mut local = open(&dir).await;
    let out = session(&mut local, "/wait 9999999999999d\n/wait 1d\n").await;
    assert!(out.contains("too far ahead"), "{out}");
    assert!(out.contains("The clock moves forward 1d."), "{out}");
    let now = boardpost::clock::Clock::now(&boardpost::clock::ShiftedClock::new(i64::MAX));
    assert!(now > 0, "a saturated clock stays ahead of 1970");
}

#[tokio::test]
async fn a_line_that_is_not_text_is_refused_and_the_session_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut local = open(&dir).await;
    let mut input: Vec<u8> = b"/as alice\n".to_vec();
    input.extend_from_slice(b"/play sidja \xff\xfe @bob\n");
    input.extend_from_slice(b"/as bob\n");
    let mut out = Vec::new();
    local.run(input.as_slice(), &mut out, false).await.unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("that line is not text (UTF-8)"), "{out}");
    assert!(out.contains("You are bob."), "{out}");
}

/// `boardpost local` plays in the database DATABASE_URL names, like the bot.
#[test]
fn local_honours_database_url() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("from-env.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .arg("local")
        .arg("--boards")
        .arg(dir.path().join("boards"))
        .current_dir(dir.path())
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"/as alice\n/quit\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert!(db.exists(), "the database DATABASE_URL names was used");
    assert!(!dir.path().join("data/local.db").exists());
}

/// `/help` lists every option of every game, from the games' options tables.
#[test]
fn help_lists_every_games_options() {
    let help = local::help(boardpost::i18n::Lang::En);
    for kind in boardpost::games::GameKind::ALL {
        for spec in kind.option_specs() {
            assert!(help.contains(&spec.usage()), "{kind}: {}", spec.usage());
        }
    }
}
