//! Bounded work on damaged or hostile input (issue 41): one game's damaged clock stops no
//! other game's deadlines; a player's list of games stays quick however many they have;
//! the deadline round works a batch at a time and delivers all it finds; records and
//! command lines are read up to a limit, and refusals quote a long token by its start.

use boardpost::clock::DAY;
use boardpost::games::AnyGame;
use boardpost::ids::GameId;
use boardpost::store::{Backend, Store};
use boardpost::table::VacationAction;
use boardpost_testkit::fake_discord::FakeDiscord;
use boardpost_testkit::world::*;
use std::sync::{Arc, Mutex};

/// What the code under test logs on this thread, kept for the test to read.
#[derive(Clone, Default)]
struct Logged(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Logged {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Logged {
    /// Logs of this thread go here until the guard is dropped.
    fn capture(&self) -> tracing::subscriber::DefaultGuard {
        let writer = self.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        tracing::subscriber::set_default(subscriber)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

async fn status(w: &World, id: GameId) -> (String, i64) {
    let row = w.store.game(GUILD, id).await.unwrap().unwrap();
    (
        format!("{:?}", row.status),
        row.deadline.unwrap_or_default(),
    )
}

/// Times near the ends of 64-bit integers took the deadline query out of range: on
/// PostgreSQL the whole query failed, so no game was reminded or lost on time; on SQLite
/// the game was claimed and its next look overflowed.
async fn a_damaged_clock_stops_no_other_games_deadline(w: World) {
    let (lost, _) = w.start(&[]).await;
    let (deadline_far_back, _) = w.start(&[]).await;
    let (started_far_back, _) = w.start(&[]).await;
    let (deadline_far_ahead, _) = w.start(&[]).await;
    let set = |column: &'static str, value: i64, id: GameId| {
        let w = &w;
        async move {
            let sql = format!("UPDATE games SET {column} = $1 WHERE game_id = $2");
            assert_eq!(
                w.exec(&sql, &[Param::Int(value), Param::Int(id.0)]).await,
                1
            );
        }
    };
    set("deadline", i64::MIN + 1, deadline_far_back).await;
    set("turn_started", i64::MIN, started_far_back).await;
    set("deadline", i64::MAX, deadline_far_ahead).await;
    set("turn_started", i64::MIN, deadline_far_ahead).await;
    w.clock.advance(3 * DAY + 1);
    let now = START + 3 * DAY + 1;

    let logged = Logged::default();
    let guard = logged.capture();
    let due: Vec<GameId> = w
        .store
        .due_games(now)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(due, vec![lost], "only the game with a sound clock is due");
    let notices = w.table.tick().await.unwrap();
    drop(guard);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].game, Some(lost));
    assert!(
        notices[0].reply.text.contains("ran out of time"),
        "{}",
        notices[0].reply.text
    );
    let logs = logged.text();
    for damaged in [deadline_far_back, started_far_back, deadline_far_ahead] {
        assert!(
            logs.contains(&format!("game #{damaged} is damaged")),
            "game #{damaged} is not reported: {logs}"
        );
        assert_eq!(
            status(&w, damaged).await.0,
            "Active",
            "a damaged clock does not lose a game on time"
        );
    }
    assert_eq!(status(&w, deadline_far_back).await.1, i64::MIN + 1);
    // The next round goes on as well, and the damaged games are still left alone.
    w.clock.advance(DAY);
    assert!(w.table.tick().await.unwrap().is_empty());
    assert_eq!(status(&w, started_far_back).await.0, "Active");
    // `boardpost db check` names each of them.
    let report = boardpost::ops::check(&w.store, false, &mut |_, _| {})
        .await
        .unwrap();
    for damaged in [deadline_far_back, started_far_back, deadline_far_ahead] {
        assert!(
            report
                .damaged
                .iter()
                .any(|d| d.game == damaged && d.why.contains("not times from 1970 to 9999")),
            "game #{damaged}: {:?}",
            report.damaged
        );
    }
}

/// Writes `count` new sidja games of alice against bob straight into the tables (ids 1
/// to `count`); in the last one alice holds both seats.
async fn fill_games_of_alice(w: &World, count: i64) {
    let options = ["variant=sidja", "size=7"];
    let state = serde_json::to_string(&AnyGame::new("sidja", &options).unwrap()).unwrap();
    let options = serde_json::to_string(&options).unwrap();
    let (numbers, json) = match w.backend {
        Backend::Postgres => (
            "SELECT generate_series(1, $1::bigint) AS i",
            "CAST($ AS JSONB)",
        ),
        Backend::Sqlite => (
            "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $1)
             SELECT i FROM c",
            "$",
        ),
    };
    let games = format!(
        "INSERT INTO games (game_id, guild_id, channel_id, kind, options, status, version,
           state, days_per_move, turn_started, deadline, created_at)
         SELECT i, $2, $3, 'sidja', {}, 'active', 0, {}, 3, $4, $4 + 259200, $4
         FROM ({numbers}) n",
        json.replace('$', "$5"),
        json.replace('$', "$6"),
    );
    let games_written = w
        .exec(
            &games,
            &[
                Param::Int(count),
                Param::Int(GUILD.0 as i64),
                Param::Int(CHANNEL.0 as i64),
                Param::Int(START),
                Param::Text(options),
                Param::Text(state),
            ],
        )
        .await;
    assert_eq!(games_written, count as u64);
    let seats = format!(
        "INSERT INTO seats (game_id, seat, user_id)
         SELECT i, 1, $2 FROM ({numbers}) n
         UNION ALL SELECT i, 2, CASE WHEN i = $1 THEN $2 ELSE $3 END FROM ({numbers}) n"
    );
    let seats_written = w
        .exec(
            &seats,
            &[
                Param::Int(count),
                Param::Int(alice().user.0 as i64),
                Param::Int(bob().user.0 as i64),
            ],
        )
        .await;
    assert_eq!(seats_written, 2 * count as u64);
    assert_eq!(w.write_definitions().await, count as u64);
    if w.backend == Backend::Postgres {
        w.exec(
            "SELECT setval(pg_get_serial_sequence('games', 'game_id'), MAX(game_id)) FROM games",
            &[],
        )
        .await;
    }
}

/// With 10,000 games of one player, SQLite checked every game of the server against
/// every seat of the player: seconds for each `/games` and `/move` without a number. The
/// bound is generous (a listing takes about a millisecond); PostgreSQL was quick before
/// and is checked all the same.
async fn a_player_with_ten_thousand_games_is_listed_quickly(w: World) {
    fill_games_of_alice(&w, 10_000).await;
    let started = std::time::Instant::now();
    let listed = w.store.games_of(GUILD, alice().user, true).await.unwrap();
    let took = started.elapsed();
    let ids: Vec<i64> = listed.iter().map(|g| g.id.0).collect();
    assert_eq!(
        ids,
        (9_901..=10_000).rev().collect::<Vec<i64>>(),
        "the newest hundred, newest first, the game with alice in both seats once"
    );
    assert!(
        took < std::time::Duration::from_secs(1),
        "listing alice's games took {took:?}"
    );
    // Through the table as well: `/games`, and `/move` without a game number.
    let started = std::time::Instant::now();
    let games = w.table.games(&alice(), None).await.unwrap();
    assert!(games.text.contains("#9901 "), "{}", games.text);
    let refused = refusal(w.table.play_move(&alice(), None, "a1 b1").await);
    assert!(refused.contains("#9999"), "{refused}");
    let took = started.elapsed();
    assert!(
        took < std::time::Duration::from_secs(5),
        "/games and /move took {took:?}"
    );
}

/// A vacation stops the clock of every game its player is to move in, however many: the
/// games are read a page at a time, not only the newest hundred a listing shows.
async fn a_vacation_holds_every_game_of_a_player_with_hundreds(w: World) {
    fill_games_of_alice(&w, 250).await;
    let at = "SELECT COUNT(*) FROM games WHERE deadline = $1";
    assert_eq!(w.number(at, &[Param::Int(START + 3 * DAY)]).await, 250);
    w.table
        .vacation(&alice(), VacationAction::Start { days: 2 })
        .await
        .unwrap();
    assert_eq!(
        w.number(at, &[Param::Int(START + 5 * DAY)]).await,
        250,
        "every game's time limit moves on by the two days"
    );
    w.clock.advance(DAY);
    w.table
        .vacation(&alice(), VacationAction::End)
        .await
        .unwrap();
    assert_eq!(
        w.number(at, &[Param::Int(START + 4 * DAY)]).await,
        250,
        "back a day early: every game gives the day back"
    );
}

on_both_backends!(
    a_damaged_clock_stops_no_other_games_deadline,
    a_player_with_ten_thousand_games_is_listed_quickly,
    a_vacation_holds_every_game_of_a_player_with_hundreds,
);

/// Writes `games` games of two straight into the tables (ids 1 to `games`), four moves
/// in, each in a thread of its own, between players of a thousand pairs: all run out of
/// time at `START` + 3 days.
async fn fill_due_games(w: &World, games: i64) {
    let options = ["variant=sidja", "size=7"];
    let mut game = AnyGame::new("sidja", &options).unwrap();
    let mut log = Vec::new();
    for i in 0..4 {
        use boardpost::games::Game as _;
        let seat = game.to_move().unwrap().number() as i64;
        let legal = game.legal();
        let action = legal[(i * 5) % legal.len()].clone();
        game.play(&action).unwrap();
        log.push((seat, action));
    }
    let state = serde_json::to_string(&game).unwrap();
    let options = serde_json::to_string(&options).unwrap();
    let numbers = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $1)
                   SELECT i FROM c";
    let made = w
        .exec(
            &format!(
                "INSERT INTO games (game_id, guild_id, channel_id, thread_id, kind, options,
                   status, version, state, days_per_move, turn_started, deadline, created_at)
                 SELECT i, $2, $3, $3 + i, 'sidja', $5, 'active', 4, $6, 3, $4, $4 + 259200, $4
                 FROM ({numbers}) n"
            ),
            &[
                Param::Int(games),
                Param::Int(GUILD.0 as i64),
                Param::Int(CHANNEL.0 as i64),
                Param::Int(START),
                Param::Text(options),
                Param::Text(state),
            ],
        )
        .await;
    assert_eq!(made, games as u64);
    w.exec(
        &format!(
            "INSERT INTO seats (game_id, seat, user_id)
             SELECT i, s, $2 + (i % 1000) * 2 + s FROM ({numbers}) n,
               (SELECT 1 AS s UNION ALL SELECT 2) t"
        ),
        &[Param::Int(games), Param::Int(user(0).0 as i64)],
    )
    .await;
    assert_eq!(w.write_definitions().await, games as u64);
    for (n, (seat, text)) in log.iter().enumerate() {
        w.exec(
            &format!(
                "INSERT INTO actions (game_id, n, seat, user_id, text, at)
                 SELECT i, $2, $3, $4 + (i % 1000) * 2 + $3, $5, $6 FROM ({numbers}) n"
            ),
            &[
                Param::Int(games),
                Param::Int(n as i64 + 1),
                Param::Int(*seat),
                Param::Int(user(0).0 as i64),
                Param::Text(text.clone()),
                Param::Int(START),
            ],
        )
        .await;
    }
}

/// Where a child process of [`ten_thousand_losses_on_time_at_once`] starts (without
/// `BOARDPOST_BOUNDED_CHILD` it returns at once).
#[test]
fn child_process() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    boardpost::memory::one_arena_per_core();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(deadline_child());
}

const CHILD: &str = "BOARDPOST_BOUNDED_CHILD";

fn env(key: &str) -> String {
    std::env::var(key).unwrap_or_else(|_| panic!("the child needs {key}"))
}

/// A field of `/proc/self/status`, in MB.
fn status_mb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<u64>().ok())
        .map_or(0, |kb| kb / 1024)
}

/// The bot's deadline loop alone (`discord::deadlines::run`) against the fake Discord, as
/// `https://discord.com` with serenity's rate limiter on, until every game is lost on
/// time and every notice and replay is delivered; prints when each happened and the
/// process's peak resident memory.
async fn deadline_child() {
    use sqlx::Row as _;
    let games: i64 = env("GAMES").parse().unwrap();
    let store = Store::open(&env("DATABASE_URL")).await.unwrap();
    let clock = boardpost::clock::ManualClock::new(env("NOW").parse().unwrap());
    let table = boardpost::table::Table::new(store.clone(), Arc::new(clock));
    let client = reqwest::Client::builder()
        .use_rustls_tls()
        .tls_built_in_root_certs(false)
        .add_root_certificate(reqwest::Certificate::from_pem(env("FAKE_PEM").as_bytes()).unwrap())
        .resolve("discord.com", env("FAKE_TLS").parse().unwrap())
        .build()
        .unwrap();
    let http = Arc::new(
        serenity::http::HttpBuilder::new(boardpost_testkit::fake_discord::FakeDiscord::TOKEN)
            .client(client)
            .build(),
    );
    let every = std::time::Duration::from_millis(env("EVERY_MS").parse().unwrap());
    let started = std::time::Instant::now();
    let running = tokio::spawn(boardpost::discord::deadlines::run(
        http,
        table,
        every,
        std::time::Duration::from_millis(50),
    ));
    let pool = store.sqlite_pool().unwrap().clone();
    let (mut all_lost, mut all_told, mut peak_rss) = (None, None, 0);
    loop {
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        peak_rss = peak_rss.max(status_mb("VmRSS:"));
        let row = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM games WHERE status = 'finished'),
                    (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL AND image_name LIKE '%.png'),
                    (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL AND image_name LIKE '%.gif')",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        let (lost, told, replays): (i64, i64, i64) = (row.get(0), row.get(1), row.get(2));
        let t = started.elapsed().as_secs_f64();
        if all_lost.is_none() && lost == games {
            all_lost = Some(t);
        }
        if all_told.is_none() && told == games {
            all_told = Some(t);
        }
        if replays == games {
            println!(
                "games {games} lost-on-time-by {:.1} s notices-delivered-by {:.1} s replays-delivered-by {t:.1} s peak-rss {peak_rss} MB (VmHWM {} MB)",
                all_lost.unwrap_or(t),
                all_told.unwrap_or(t),
                status_mb("VmHWM:")
            );
            break;
        }
    }
    running.abort();
}

/// A measured run (issue 41): `GAMES` (10,000 unless set) games of two, a few moves in,
/// each in its own thread, all running out of time at once; the deadline loop of a child
/// process delivers everything to the fake Discord. Run it alone:
/// `cargo test --test bounded ten_thousand -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measured run of minutes: run it on its own"]
async fn ten_thousand_losses_on_time_at_once() {
    let games: i64 = std::env::var("GAMES").map_or(10_000, |g| g.parse().unwrap());
    let w = World::sqlite().await;
    fill_due_games(&w, games).await;
    w.store.close().await;
    let fake = boardpost_testkit::fake_discord::FakeDiscord::start().await;
    let mut child = std::process::Command::new(std::env::current_exe().unwrap());
    child
        .args([
            "--exact",
            "bounded::child_process",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "deadlines")
        .env("GAMES", games.to_string())
        .env("DATABASE_URL", &w.url)
        .env("NOW", (START + 3 * DAY + 1).to_string())
        .env(
            "EVERY_MS",
            std::env::var("EVERY_MS").unwrap_or("1000".into()),
        )
        .env("FAKE_PEM", &fake.certificate_pem)
        .env("FAKE_TLS", fake.tls_addr.to_string());
    let child = tokio::task::spawn_blocking(move || child.output().unwrap())
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&child.stdout);
    assert!(
        child.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&child.stderr)
    );
    let line = stdout
        .lines()
        .find_map(|l| l.split_once("games ").map(|(_, figures)| figures))
        .unwrap_or_else(|| panic!("no figures from the child: {stdout}"));
    let posts = fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .count();
    eprintln!("games {line}; {posts} messages posted");
}

/// The deadline loop (`discord::deadlines::run`, a round an hour so that a test sees one
/// round) against the fake Discord, as `https://discord.com` with serenity's rate
/// limiter on.
fn deadline_loop(w: &World, fake: &FakeDiscord) -> tokio::task::JoinHandle<()> {
    let http = Arc::new(
        serenity::http::HttpBuilder::new(FakeDiscord::TOKEN)
            .client(fake.discord_client())
            .build(),
    );
    tokio::spawn(boardpost::discord::deadlines::run(
        http,
        w.table.clone(),
        std::time::Duration::from_secs(3600),
        std::time::Duration::from_millis(5),
    ))
}

async fn finished_games(w: &World) -> i64 {
    w.number("SELECT COUNT(*) FROM games WHERE status = 'finished'", &[])
        .await
}

/// The deadline round decided every game due and drew every board before it delivered
/// any (10,000 at once took minutes and a gigabyte): now a batch is claimed, decided,
/// drawn and delivered before the next is claimed. While the first batch's delivery
/// waits for Discord, the games of later batches are not touched yet.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_deadline_round_delivers_a_batch_before_it_takes_the_next() {
    let w = World::sqlite().await;
    fill_due_games(&w, 120).await;
    w.clock.advance(3 * DAY + 1);
    let fake = FakeDiscord::start().await;
    // Game 1's loss on time is never answered.
    fake.hold(&format!("/api/v10/channels/{}", CHANNEL.0 + 1), 1);
    let running = deadline_loop(&w, &fake);
    let held = CHANNEL.0 + 1;
    fake.wait_for_call(
        |c| c.path.contains(&format!("/channels/{held}/messages")),
        std::time::Duration::from_secs(60),
    )
    .await;
    // Time for anything else the round would do before that delivery comes back.
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let finished = finished_games(&w).await;
    running.abort();
    assert_eq!(
        finished, 50,
        "one batch is decided while its notices are delivered"
    );
}

/// Notices waiting in the outbox were delivered twenty a round (a round a minute): the
/// replays of 10,000 games lost on time at once took hours. Now a round delivers all it
/// finds waiting, a claim after another, as fast as Discord takes them.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_deadline_round_delivers_every_loss_and_every_replay() {
    let w = World::sqlite().await;
    fill_due_games(&w, 60).await;
    w.clock.advance(3 * DAY + 1);
    let fake = FakeDiscord::start().await;
    let running = deadline_loop(&w, &fake);
    let posted = |ending: &'static str| {
        fake.calls()
            .iter()
            .filter(|c| {
                c.method == "POST" && c.files.iter().any(|(name, _)| name.ends_with(ending))
            })
            .count()
    };
    let unsent = || w.number("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL", &[]);
    let started = std::time::Instant::now();
    while (posted(".gif") < 60 || unsent().await > 0)
        && started.elapsed() < std::time::Duration::from_secs(60)
    {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    running.abort();
    assert_eq!(finished_games(&w).await, 60);
    assert_eq!(posted(".png"), 60, "each loss on time is posted once");
    assert_eq!(
        posted(".gif"),
        60,
        "each replay is posted in the same round"
    );
    assert_eq!(unsent().await, 0, "every notice is recorded as delivered");
}

/// The table's refusals of a long `/move` and of long options quote their start only
/// (Discord lets a text option hold 6,000 characters; a message holds 2,000).
#[tokio::test]
async fn the_tables_refusals_quote_a_long_token_by_its_start() {
    let w = World::sqlite().await;
    let (id, _) = w.start(&[]).await;
    let long = "z".repeat(6_000);
    let moved = refusal(w.table.play_move(&alice(), Some(id), &long).await);
    assert!(moved.contains("zzzz") && moved.len() < 400, "{moved}");
    let line = refusal(
        w.table
            .premove(
                &bob(),
                Some(id),
                boardpost::table::PremoveAction::Add(format!("a1 b1 {long}")),
            )
            .await,
    );
    assert!(line.contains("zzzz") && line.len() < 400, "{line}");
    let req = boardpost::table::ChallengeRequest {
        game: "sidja".into(),
        opponents: vec![bob().user],
        options: vec![format!("size={long}")],
        ..boardpost::table::ChallengeRequest::default()
    };
    let challenged = refusal(w.table.challenge(&alice(), req).await);
    assert!(
        challenged.contains("zzzz") && challenged.len() < 1_000,
        "{challenged}"
    );
    let named = refusal(w.table.rules(&alice(), &long).await);
    assert!(named.contains("zzzz") && named.len() < 1_000, "{named}");
}

/// `boardpost local` read a line without end; a line longer than any command is now
/// refused and skipped, and the session goes on.
#[tokio::test]
async fn the_terminal_refuses_a_line_longer_than_any_command() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&format!("sqlite://{}/local.db", dir.path().display()))
        .await
        .unwrap();
    let mut local = boardpost::local::Local::open(store, dir.path().join("boards"))
        .await
        .unwrap();
    let script = format!(
        "/as alice\n/move {}\n/{}\n/help\n",
        "z".repeat(8 * 1024 * 1024),
        "y".repeat(1024)
    );
    let mut out = Vec::new();
    local.run(script.as_bytes(), &mut out, false).await.unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("longer than any command"),
        "{}",
        &out[..out.len().min(500)]
    );
    assert!(out.contains("/as"), "the session goes on to /help: {out}");
    assert!(out.len() < 10_000, "{} bytes of output", out.len());
}
