//! The command line as a user types it: which database a command uses (a path or a URL),
//! actions that begin with `-`, and the exit statuses: 0 success, 1 when the work found a
//! problem or an action was illegal, 2 for a usage error.

use boardpost::store::Store;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The real binary in `dir` with `args`, without the `DATABASE_URL` of the environment.
pub(crate) fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardpost"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("DATABASE_URL");
    command
}

/// Runs `command` with `stdin` as its standard input.
pub(crate) fn run(mut command: Command, stdin: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // A command that does not read its input may end before it is written.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().unwrap()
}

/// Runs the real binary in `dir` with `args`, `stdin` as its standard input.
pub(crate) fn boardpost(dir: &Path, args: &[&str], stdin: &str) -> Output {
    run(command(dir, args), stdin)
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Alice and Bob start a sidja game in `boardpost local` and Alice places a stone.
const ONE_GAME: &str =
    "/as alice\n/play sidja @bob first=me\n/as bob\n/accept\n/as alice\n/move c1\n/quit\n";

/// WXF writes tandem pieces `-P+1`, `+P.1`, `--+1`: after the game, an argument that
/// begins with `-` and is not a flag of the command is an action, in its place.
#[test]
fn actions_that_begin_with_a_dash_are_actions() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], stdin: &str| boardpost(dir.path(), args, stdin);

    let out = run(&["replay", "xiangqi", "C2.5", "h9g7", "-P+1"], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr).trim(),
        "action 3 \"-P+1\": no two red pawns stand on one file, so none is the front or rear one"
    );

    // Two red pawns on file e: the rear one steps aside, then the other goes forward;
    // flags and `-` (standard input) still work among such actions.
    let fen = "3k5/9/9/4P4/4P4/9/9/9/9/4K4 w";
    let out = run(
        &[
            "replay", "xiangqi", "--fen", fen, "-P.4", "-", "--json", "P5+1",
        ],
        "d9d8",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value["history"],
        serde_json::json!(["e5-f5", "d9-d8", "e6-e7"])
    );

    let png = dir.path().join("board.png");
    let png = png.to_str().unwrap();
    let out = run(&["render", "xiangqi", "-P.4", "--png", png], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).starts_with("action 1 \"-P.4\": "),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["render", "xiangqi", "h2e2", "-h+3", "--png", png], "");
    assert!(
        text(&out.stderr).starts_with("action 2 \"-h+3\": "),
        "{}",
        text(&out.stderr)
    );
    assert!(!Path::new(png).exists(), "nothing is drawn after a refusal");

    // A flag the command does not have is still refused as one.
    let out = run(&["replay", "xiangqi", "h2e2", "--frobnicate"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--frobnicate"));
}

/// `local --db games.db` plays in that file (it demanded a URL); `./x/y.db` makes its
/// folder.
#[test]
fn local_plays_in_the_sqlite_file_a_path_names() {
    let dir = tempfile::tempdir().unwrap();
    for (db, file) in [("games.db", "games.db"), ("./x/y.db", "x/y.db")] {
        let out = boardpost(dir.path(), &["local", "--db", db], ONE_GAME);
        assert_eq!(out.status.code(), Some(0), "{db}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("@bob"), "{}", text(&out.stdout));
        assert!(dir.path().join(file).exists(), "{db}");
    }
    assert!(
        !dir.path().join("data").exists(),
        "not the default database"
    );
}

/// `db check --db path.db` checks that file: 0 when every game is sound, 1 while a game
/// is damaged, 0 again once `--repair` rebuilt it; a blank `--db` is a usage error. The
/// path may come from DATABASE_URL too, and `db backup` takes one as well.
#[tokio::test]
async fn db_check_takes_a_path_and_says_by_its_status_what_it_found() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| boardpost(dir.path(), args, "");
    let out = boardpost(dir.path(), &["local", "--db", "path.db"], ONE_GAME);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    let out = run(&["db", "check", "--db", "path.db"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("1 games checked: 0 damaged"),
        "{}",
        text(&out.stdout)
    );

    let url = format!("sqlite://{}/path.db", dir.path().display());
    let store = Store::open(&url).await.unwrap();
    let damaged = sqlx::query("UPDATE games SET state = x'ff00fe'")
        .execute(store.sqlite_pool().unwrap())
        .await
        .unwrap();
    assert_eq!(damaged.rows_affected(), 1);
    store.close().await;

    let out = run(&["db", "check", "--db", "path.db"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("game #1: its stored position cannot be read"),
        "{}",
        text(&out.stdout)
    );
    let out = run(&["db", "check", "--repair", "--db", "path.db"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("(repaired)"));

    let out = Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .args(["db", "check"])
        .current_dir(dir.path())
        .env("DATABASE_URL", "path.db")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // The same file: its game was rebuilt.
    assert!(
        text(&out.stdout).contains("game #1: its stored position disagreed"),
        "{}",
        text(&out.stdout)
    );
    assert!(
        !dir.path().join("data").exists(),
        "not the default database"
    );

    let out = run(&["db", "backup", "--db", "path.db", "copy.db"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(dir.path().join("copy.db").exists());

    let out = run(&["db", "check", "--db", " "]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("name a database"));
}

/// Each command ends with 0 when it did its work, 1 when the work found a problem or an
/// action was illegal, 2 when the command line asks for what cannot be done.
#[test]
fn exit_statuses_say_how_a_command_ended() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("b.png").display().to_string();
    std::fs::write(dir.path().join("notes.txt"), "not a record\n").unwrap();
    let cases: &[(&[&str], &str, i32)] = &[
        (&["replay", "sidja", "c1"], "", 0),
        (&["replay", "sidja", "c3"], "", 1),
        (&["replay", "chess"], "", 2),
        (
            &["replay", "sidja", "c1", "--png", "no/such/dir/b.png"],
            "",
            2,
        ),
        (&["render", "sidja", "c1", "--png", &png], "", 0),
        (&["render", "sidja", "c3", "--png", &png], "", 1),
        (&["render", "sidja", "--view", "3", "--png", &png], "", 2),
        (&["perft", "1"], "", 0),
        (&["perft", "--fen", "x", "1"], "", 2),
        (&["analyse", "notes.txt"], "", 2),
        (&["local", "--db", "local.db"], "/quit\n", 0),
        (&["local", "--lang", "xx"], "", 2),
        (&["local", "--db", "mysql://localhost/boardpost"], "", 1),
        (&["db", "check", "--db", "local.db"], "", 0),
        (
            &["db", "copy", "--from", "local.db", "--to", "local.db"],
            "",
            1,
        ),
        (&["db", "frobnicate"], "", 2),
        (&["--help"], "", 0),
        (&["--version"], "", 0),
        (&["chess"], "", 2),
    ];
    for (args, stdin, code) in cases {
        let out = boardpost(dir.path(), args, stdin);
        assert_eq!(
            out.status.code(),
            Some(*code),
            "{args:?}: {}",
            text(&out.stderr)
        );
        match code {
            0 => {}
            // Why is said on standard error.
            _ => assert!(!out.stderr.is_empty(), "{args:?}"),
        }
    }
}
