//! The puzzle of the day in the real binary: turned on in `boardpost local`, posted with
//! its board, opened with the command its button shows, and resolved the next day after
//! `/wait 1d`; then opened in Russian.

use super::cli::{boardpost, text};

#[test]
fn a_puzzle_of_the_day_posted_and_resolved_after_a_day_in_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let local = [
        "local", "--db", "daily.db", "--boards", "boards", "--lang", "en",
    ];
    let script = "/as nina\n/settings puzzle_of_the_day=on\n/puzzle daily\n/puzzle show\n\
                  /as oleg\n/puzzle daily\n/wait 1d\n/quit\n";
    let out = boardpost(dir.path(), &local, script);
    let said = text(&out.stdout);
    assert!(out.status.success(), "{said}{}", text(&out.stderr));
    assert!(said.contains("puzzle of the day posted in"), "{said}");
    assert_eq!(said.matches("Puzzle of the day:").count(), 2, "{said}");
    assert!(said.contains("[Solve it] /puzzle daily"), "{said}");
    assert!(said.contains("for you alone"), "{said}");
    assert!(said.contains("The clock moves forward 1d."), "{said}");
    // nina was shown the solution (a failure); oleg opened it and never answered.
    assert!(said.contains("0 of 1 solved it."), "{said}");
    let boards: Vec<String> = std::fs::read_dir(dir.path().join("boards"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        boards
            .iter()
            .filter(|b| b.starts_with("puzzle-of-the-day-"))
            .count(),
        2,
        "{boards:?}"
    );

    let local_ru = [
        "local", "--db", "daily.db", "--boards", "boards", "--lang", "ru",
    ];
    let out = boardpost(dir.path(), &local_ru, "/как вера\n/задача дня\n/quit\n");
    let said = text(&out.stdout);
    assert!(said.contains("Сегодняшняя задача дня"), "{said}");
    assert!(
        said.contains("[Показать решение] /задача показать"),
        "{said}"
    );
}
