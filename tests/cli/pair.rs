//! `boardpost pair --dutch FILE.trf` as the endorsed pairing programs are run: the next
//! round printed as they print it, exit status 1 when no legal pairing exists, 2 for a
//! usage error.

use std::path::Path;
use std::process::{Command, Output};

fn pair(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardpost"))
        .arg("pair")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// Nine players rated from the top, none paired yet, five rounds.
fn round_one() -> String {
    let mut file = String::from("012 Round one\n");
    for id in 1..=9 {
        file.push_str(&format!(
            "001 {id:>4}      {:<33} {:>4}                             0.0\n",
            format!("Player {id}"),
            2500 - 100 * id
        ));
    }
    file + "XXR 5\nXXC white1\n"
}

/// Two players who met in round 1 of two: round 2 has no legal pairing (no rematch, and
/// one bye cannot leave the other unpaired).
const NO_PAIRING: &str = "\
012 Two players
001    1      A                                 2400                             1.0          2 w 1
001    2      B                                 2300                             0.0          1 b 0
XXR 2
";

#[test]
fn the_next_round_is_printed_as_the_endorsed_programs_print_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("round1.trf"), round_one()).unwrap();
    let out = pair(dir.path(), &["--dutch", "round1.trf"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "5\n1 5\n6 2\n3 7\n8 4\n9 0\n"
    );
}

#[test]
fn no_legal_pairing_exits_with_1_and_a_usage_error_with_2() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("stuck.trf"), NO_PAIRING).unwrap();
    let out = pair(dir.path(), &["--dutch", "stuck.trf"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no legal pairing"));
    assert!(out.stdout.is_empty());
    std::fs::write(dir.path().join("junk.trf"), "001 not a player line\n").unwrap();
    for args in [
        &["--dutch", "missing.trf"][..],
        &["--dutch", "junk.trf"],
        &["stuck.trf"],
        &["--dutch"],
    ] {
        let out = pair(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    }
}
