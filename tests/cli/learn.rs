//! `/learn` in the real binary: a lesson typed into `boardpost local` in Russian, its
//! boards written to the folder, the progress kept in the database between runs, and a
//! damaged progress row listed by `boardpost db check` (exit status 1).

use super::cli::{boardpost, text};
use boardpost::store::Store;

#[tokio::test]
async fn a_lesson_in_boardpost_local_and_its_row_in_db_check() {
    let dir = tempfile::tempdir().unwrap();
    let local = [
        "local",
        "--db",
        "lessons.db",
        "--boards",
        "boards",
        "--lang",
        "ru",
    ];
    let out = boardpost(
        dir.path(),
        &local,
        "/как алиса\n/урок сиджа\n/урок c3\n/урок a1 b1\n/урок дальше\n/урок показать\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("Сиджа · шаг 1 из"), "{said}");
    assert!(said.contains("`c3` здесь сыграть нельзя"), "{said}");
    assert!(said.contains("Отлично: `a1 b1` — то, что нужно."), "{said}");
    assert!(said.contains("Сиджа · шаг 2 из"), "{said}");
    assert!(said.contains("Шаг засчитан как показанный"), "{said}");
    assert!(said.contains("кнопки: [Дальше]"), "{said}");
    assert!(dir.path().join("boards/learn-sidja-1-2.png").exists());

    // The next run goes on where this one stopped.
    let out = boardpost(dir.path(), &local, "/как алиса\n/урок дальше\n");
    assert!(
        text(&out.stdout).contains("Сиджа · шаг 3 из"),
        "{}",
        text(&out.stdout)
    );

    let out = boardpost(dir.path(), &["db", "check", "--db", "lessons.db"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("0 damaged lesson progress rows"));

    let url = format!("sqlite://{}/lessons.db", dir.path().display());
    let store = Store::open(&url).await.unwrap();
    let damaged = sqlx::query("UPDATE lesson_progress SET solved = 'placement'")
        .execute(store.sqlite_pool().unwrap())
        .await
        .unwrap();
    assert_eq!(damaged.rows_affected(), 1);
    store.close().await;
    let out = boardpost(dir.path(), &["db", "check", "--db", "lessons.db"], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let listed = text(&out.stdout);
    assert!(
        listed.contains("the sidja lesson progress of user")
            && listed.contains("column solved")
            && listed.contains("(for a person to mend or delete)"),
        "{listed}"
    );
    assert!(
        listed.contains("1 damaged lesson progress rows"),
        "{listed}"
    );
    let out = boardpost(dir.path(), &local, "/как алиса\n/урок\n");
    assert!(
        text(&out.stdout).contains("ваши уроки «Сиджа» сейчас не прочитать"),
        "{}",
        text(&out.stdout)
    );
}
