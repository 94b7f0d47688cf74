//! The binary's reading of its input is bounded: records and arguments of any size are
//! refused with what to give instead, quoting a long token by its start.

/// Runs the real binary with `args`, `stdin` from a file (or nothing); kills it after
/// `within` and says so. Returns its exit code and standard error.
fn boardpost_run(
    args: &[&str],
    stdin: Option<&std::path::Path>,
    within: std::time::Duration,
) -> (Option<i32>, String) {
    use std::process::{Command, Stdio};
    let input = match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).unwrap()),
        None => Stdio::null(),
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .args(args)
        .stdin(input)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > within {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("boardpost {args:?} still ran after {within:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `boardpost analyse /dev/zero` once read without end, as did `replay -`
/// from it: a record is read up to 10 MB, then refused with what to give instead.
#[test]
fn records_are_read_up_to_ten_megabytes() {
    let zero = std::path::Path::new("/dev/zero");
    let within = std::time::Duration::from_secs(20);
    for (args, stdin) in [
        (&["analyse", "/dev/zero"][..], None),
        (&["analyse", "-"][..], Some(zero)),
        (&["replay", "sidja", "-"][..], Some(zero)),
        (
            &["render", "yote", "--png", "/dev/null", "-"][..],
            Some(zero),
        ),
    ] {
        let (code, stderr) = boardpost_run(args, stdin, within);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("more than 10 MB") && stderr.contains("/export"),
            "{args:?}: {stderr}"
        );
    }
}

/// A 10 MB action was echoed twice in the refusal (`action 1 "…": “…” is not a sidja
/// action`), as were long options, game names and values: each is now quoted by its
/// first characters.
#[test]
fn refusals_of_the_command_line_quote_a_long_token_by_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let long = "z".repeat(9 * 1024 * 1024);
    let record = dir.path().join("token.txt");
    std::fs::write(&record, &long).unwrap();
    // An argument can be as long as the system lets one be (128 KB on Linux).
    let arg = "z".repeat(100 * 1024);
    let option = format!("size={arg}");
    let assigned = format!("--lang={arg}");
    let unknown = format!("--{arg}");
    let fen = format!("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR {arg}");
    let within = std::time::Duration::from_secs(60);
    let mut cases: Vec<(Vec<&str>, Option<&std::path::Path>)> = Vec::new();
    for game in ["sidja", "yote", "banglagor", "xiangqi", "xiangqi4"] {
        cases.push((vec!["replay", game, "-"], Some(&record)));
        cases.push((vec!["replay", game, &arg], None));
    }
    cases.extend([
        (vec!["replay", &arg], None),
        (vec!["replay", "sidja", "-o", &arg], None),
        (vec!["replay", "sidja", "-o", &option], None),
        (vec!["replay", "xiangqi", "--fen", &fen], None),
        (
            vec!["render", "sidja", "--png", "/dev/null", "--lang", &arg],
            None,
        ),
        (
            vec!["render", "sidja", "--png", "/dev/null", &assigned],
            None,
        ),
        (vec!["perft", &arg], None),
        (vec!["replay", &unknown], None),
        (vec!["local", "--lang", &arg], None),
    ]);
    for (args, stdin) in cases {
        let (code, stderr) = boardpost_run(&args, stdin, within);
        assert_ne!(code, Some(0), "{:?}", &args[..2]);
        assert!(
            stderr.contains("zzzz"),
            "{:?}: the token is quoted: {stderr}",
            &args[..2]
        );
        assert!(
            stderr.len() < 1_000,
            "{:?}: {} bytes of error: {}…",
            &args[..2],
            stderr.len(),
            &stderr[..300.min(stderr.len())]
        );
    }
}
