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
async fn a_conditional_line_typed_in_the_terminal_plays_itself() {
    let dir = tempfile::tempdir().unwrap();
    let mut local = open(&dir).await;
    let out = session(
        &mut local,
        "/as alice\n/play sidja @bob first=me\n/as bob\n/accept\n/as alice\n/move a1 b1\n\
         /premove add c1 d1 e1 a2\n/premove add c1 e1 d1 a2\n/premove list\n/premove cancel 2\n\
         /premove oops\n/as bob\n/move c1 d1\n/as alice\n/premove list\n\
         /premove add b2 c2 d2 e2\n/as bob\n/move b2\n/as alice\n/premove list\n/as bob\n/move c2\n",
    )
    .await;
    assert!(
        out.contains("Stored for game #1: if c1 d1, then e1 a2."),
        "{out}"
    );
    assert!(
        out.contains("1. if c1 d1, then e1 a2\n2. if c1 e1"),
        "{out}"
    );
    assert!(out.contains("The line is cancelled in game #1."), "{out}");
    assert!(out.contains("/premove add THEIR-MOVE YOUR-ANSWER"), "{out}");
    assert!(
        out.contains("@bob plays c1 d1 in game #1. @alice's conditional move answers e1 a2.\n@bob, your move (3d 0h left)."),
        "{out}"
    );
    assert!(
        out.contains("you keep no conditional lines in game #1"),
        "{out}"
    );
    // A turn sent in two parts: the line waits for the rest of it.
    assert!(
        out.contains("1. if c2, then d2 e2 (only you see this)"),
        "{out}"
    );
    assert!(
        out.contains("@bob plays c2 in game #1. @alice's conditional move answers d2 e2."),
        "{out}"
    );
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
            "/(as|play|move|accept|decline|cancel|board|history|games|resign|draw|takeback|export|rules|settings|leaderboard|wait|vacation|hint|analyse|premove|premove add|premove cancel) ?[ -~]{0,20}",
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Conditional lines as anyone may type them: arbitrary text, and words that look
    /// like Sidja's notation (so that lines get checked deep, stored and played).
    #[test]
    fn arbitrary_conditional_lines_never_panic(lines in proptest::collection::vec(
        prop_oneof![
            "[^\n]{0,40}",
            "(([a-f][0-6]|pass|x|-|,) ?){0,10}",
        ],
        1..5,
    )) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let dir = tempfile::tempdir().unwrap();
            let mut local = open(&dir).await;
            let mut script = String::from(
                "/as alice\n/play sidja @bob first=me\n/as bob\n/accept\n/as alice\n/move a1 b1\n",
            );
            for line in &lines {
                script += &format!("/premove add {line}\n/premove cancel {line}\n");
            }
            script += "/premove add c1 d1 e1 a2\n/premove list\n/as bob\n/move c1 d1\n";
            let mut out = Vec::new();
            local.run(script.as_bytes(), &mut out, false).await.unwrap();
            let out = String::from_utf8(out).unwrap();
            prop_assert!(out.contains("conditional move answers"), "{}", out);
            Ok(())
        })?;
    }
}

/// `/board ply=N` shows a past position; Discord's spelling `ply:N` is taken too, and a
/// word it does not know is refused with the usage (it used to show the current position
/// as if nothing had been asked).
#[tokio::test]
async fn a_past_position_is_asked_with_ply_equals_or_colon() {
    let dir = tempfile::tempdir().unwrap();
    let mut local = open(&dir).await;
    let out = session(
        &mut local,
        "/as alice\n/play sidja @bob first=me\n/as bob\n/accept\n/as alice\n/move a1 b1\n\
         /as bob\n/move c1 d1\n/board ply=2\n/board ply:4\n/board ply6\n/board ply=x\n",
    )
    .await;
    assert!(out.contains("ply 2 of 4: @alice played a1 b1"), "{out}");
    assert!(out.contains("ply 4 of 4: @bob played c1 d1"), "{out}");
    assert!(
        out.contains("/board [#game] [ply=N]: ply=0 shows the start"),
        "{out}"
    );
    assert!(out.contains("ply= takes a number of plies"), "{out}");
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

/// A whole game in Russian, typed with the Russian command names: every reply is in
/// Russian, with no Latin-script word but notation (squares, moves, `pass`), the
/// program's name and file paths.
#[tokio::test]
async fn a_whole_game_in_russian_has_no_english_word() {
    use boardpost::games::{AnyGame, Game};
    use boardpost::i18n::Lang;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/local.db", dir.path().display());
    let store = Store::open(&url).await.unwrap();
    let mut local = Local::open(store, dir.path().join("boards"))
        .await
        .unwrap()
        .speaking(Lang::Ru);
    // The same game mirrored here, to know whose move it is and what is legal.
    let mut game = AnyGame::new("sidja", &[] as &[&str]).unwrap();
    let names = ["алиса", "боб"];
    let mut script = String::from(
        "/ход a1\n/как алиса\n/играть sidja @боб first=me\n/как боб\n/принять\n/как алиса\n/ход c3\n/ход e9\n",
    );
    let mut k: usize = 17;
    let mut plies = 0;
    while let Some(seat) = game.to_move() {
        let legal = game.legal();
        k = (k * 1_103_515_245 + 12_345) % (1 << 31);
        let action = legal[k % legal.len()].clone();
        game.play(&action).unwrap();
        script += &format!("/как {}\n/ход {action}\n", names[seat.index()]);
        plies += 1;
        if plies == 40 {
            script += "/доска\n/история\n/партии\n/ничья предложить\n/как боб\n/ничья отклонить\n";
        }
    }
    assert!(game.outcome().is_some());
    script +=
        "/история\n/экспорт\n/правила sidja\n/настройки личные_сообщения=вкл\n/помощь\n/ждать 1д\n";
    let out = session(&mut local, &script).await;
    assert!(out.contains("Партия окончена"), "{out}");
    assert!(out.contains("Вызов #1: @алиса — @боб"), "{out}");
    assert!(out.contains("центр доски"), "{out}");
    assert!(out.contains(" · полуход "), "{out}");
    // Words allowed in Latin letters: notation, the program's name, the options typed.
    let notation = |w: &str| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        w == "pass"
            || w.split('-').all(|sq| {
                let mut chars = sq.chars();
                matches!(chars.next(), Some('a'..='i'))
                    && !chars.as_str().is_empty()
                    && chars.as_str().chars().all(|c| c.is_ascii_digit())
            })
    };
    let allowed = [
        "boardpost",
        "local",
        "replay",
        "sidja",
        "Discord",
        "UTF-8",
        "d",
        "h",
        "m",
    ];
    for line in out.lines() {
        // File paths of images and exports.
        if line.trim_start().starts_with('→') {
            continue;
        }
        // Attached files' names.
        let line: String = line
            .split(' ')
            .filter(|w| !w.ends_with(".txt") && !w.ends_with(".png"))
            .collect::<Vec<_>>()
            .join(" ");
        let line = line.as_str();
        for word in line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            if word.chars().any(|c| c.is_ascii_alphabetic())
                && !notation(word)
                && !allowed.contains(&word)
                && !word.chars().all(|c| c.is_ascii_digit() || c == '-')
            {
                // Option names and values in the help are typed as they are.
                let in_help = line.contains('=') || line.contains('|');
                assert!(in_help, "an English word {word:?} in {line:?}");
            }
        }
    }
}

/// The Russian terminal reads `/играть` as Discord's Russian menus name things: the game
/// (one word or several), the keys of `/play` and of the game's options, and their values;
/// a word it does not know is refused with the Russian words it does.
#[tokio::test]
async fn the_russian_terminal_reads_games_and_options_in_russian() {
    use boardpost::i18n::Lang;
    let dir = tempfile::tempdir().unwrap();
    let mut local = open(&dir).await.speaking(Lang::Ru);
    let out = session(
        &mut local,
        "/как вера
/играть сиджа дней=5 первый=я
         /играть сиджа вариант=сига размер=7 начало=крестом взятия_подряд=не_больше_двух без_ходов=поражение
         /играть сянци вчетвером режим=команды
/правила йотай
         /играть сиджа вариант=египетский
/играть сиджа цвет=красный
/играть шашки
         /играть сиджа первый=кто-нибудь
",
    )
    .await;
    assert!(
        out.contains("Вызов #1: @вера — любой желающий · сиджа (суданская, 5×5, по 2 камня) · 5 дней на ход · первым ходит вызвавший."),
        "{out}"
    );
    assert!(
        out.contains("сиджа (сига, 7×7, по 2 камня, начало крестом, не больше двух взятий подряд, без ходов — поражение)"),
        "{out}"
    );
    assert!(
        out.contains("Вызов #3: @вера — любой желающий · сянци вчетвером (команды)"),
        "{out}"
    );
    assert!(
        out.contains("**Йотай** на доске 6×5") || out.contains("Йотай на доске 6×5"),
        "{out}"
    );
    assert!(
        out.contains("настройка вариант=египетский недопустима: вариант может быть суданский, классический или сига"),
        "{out}"
    );
    assert!(
        out.contains("у игры сиджа нет настройки «цвет»; её настройки: вариант, размер, камней_за_ход, начало, взятия_подряд, без_ходов"),
        "{out}"
    );
    assert!(
        out.contains("игры «шашки» нет: есть сиджа, йотай, банглагор, сянци, сянци вчетвером"),
        "{out}"
    );
    assert!(
        out.contains("первый= — это я, соперник или жребий"),
        "{out}"
    );
}

/// alice runs out of time in a game of four against three bot seats: nobody but the bot
/// is left, and it plays the game to its end at once (before, it waited for a restart
/// that would play only 16 more turns), pinging nobody but alice.
#[tokio::test]
async fn a_timeout_that_leaves_only_the_bot_lets_it_play_the_game_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut local = open(&dir).await;
    let out = session(
        &mut local,
        "/as alice\n/play xiangqi4 @boardpost level=1 bot_seats=3 first=me\n/wait 30d\n/games\n",
    )
    .await;
    assert!(out.contains("@alice ran out of time in game #1"), "{out}");
    assert!(
        out.contains("Nobody but the bot is left in game #1, so it played the game to its end"),
        "{out}"
    );
    assert!(out.contains("Game over: @boardpost won"), "{out}");
    assert!(
        !out.contains("🔔 @boardpost"),
        "the bot is never pinged: {out}"
    );
}

/// A round-robin of four, the bot among them, from creation to the final standings in the
/// terminal: its games announced with their threads, the bot's first move played, a
/// withdrawal struck out, a loss on time, the winner, the export; and the same commands
/// in Russian.
#[tokio::test]
async fn a_tournament_runs_in_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let mut local = open(&dir).await;
    let out = session(
        &mut local,
        "/as alice\n/tournament create sidja format=round_robin players=4 days=1\n\
         /as bob\n/tournament join\n/as carol\n/tournament join\n/as alice\n/tournament join\n\
         /tournament join @boardpost\n/tournament start\n\
         /as bob\n/resign #1\n/as carol\n/tournament withdraw\n/wait 2d\n\
         /tournament standings\n/tournament export\n/tournament pairings 3\n",
    )
    .await;
    for expected in [
        "@alice opens tournament #1: sidja (sudan, 5×5, drop 2), round-robin, 1 day per move, up to 4 players, rated",
        "@boardpost enters tournament #1 (4 of 4).",
        "Tournament #1 starts: 4 players, 6 games (#1 to #6), all at once.",
        "(on Discord the game gets its own thread: sidja #1: bob vs boardpost)",
        "@boardpost plays",
        "@carol withdraws from tournament #1: fewer than half of their games are finished, so all their results are struck out.",
        "Game #4 is over: @carol has left tournament #1, @bob won (resignation).",
        "@alice ran out of time in game #6.",
        "Tournament #1 is over. Winner: @boardpost.",
        "Standings of tournament #1 with 6 of 6 games over (final):",
        "3. @carol: 0.0 (SB 0.00, DE 0.0, wins 0) (withdrew, results struck out)",
        "4. @alice: 0.0 (SB 0.00, DE 0.0, wins 0) (out of time in every game)",
        "tournament-1.trf",
        "1. @carol – @boardpost: struck out (game #5)",
    ] {
        assert!(out.contains(expected), "{expected:?} not in\n{out}");
    }
    let trf = std::fs::read_to_string(dir.path().join("boards/tournament-1.trf")).unwrap();
    assert!(trf.contains("XXR 3"), "{trf}");
    let mut local = open(&dir).await.speaking(boardpost::i18n::Lang::Ru);
    let out = session(
        &mut local,
        "/как вера\n/турнир создать сиджа формат=швейцарская туров=2 участников=4 начало=полный\n\
         /турнир вступить\n/турнир список\n",
    )
    .await;
    assert!(
        out.contains("открывает **турнир #2**") || out.contains("открывает турнир #2"),
        "{out}"
    );
    assert!(out.contains("швейцарская система, 2 тура"), "{out}");
    assert!(
        out.contains("@вера вступает в турнир #2 (1 из 4)."),
        "{out}"
    );
    assert!(
        out.contains("#1 сиджа, круговой турнир: участников 4 из 4, окончен"),
        "{out}"
    );
}
