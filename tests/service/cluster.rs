//! Several bot processes on one PostgreSQL database, as an operator runs the bot past
//! one machine (README, "Running at scale"): each process runs its own shards against a
//! fake Discord that routes each guild's events to its shard, and they share the
//! deadline work through leases. The processes are this test binary started again in
//! child mode (`child_process` below), running the real bot (`discord::run`, serenity
//! and all) with `SHARDS` and `DATABASE_URL` as the real one reads them, so that a test
//! can kill one with SIGKILL in the middle of its work. Also: moves from two processes
//! at once on one game, and `boardpost db copy` both ways.
//!
//! Needs a PostgreSQL server (`BOARDPOST_TEST_PG`, see `boardpost_testkit::world`); without one the
//! tests say so and are skipped (and fail under CI).

use boardpost::clock::SystemClock;
use boardpost::config::Config;
use boardpost::discord::{self, BotOptions};
use boardpost::games::{AnyGame, Game as _};
use boardpost::ids::{ChannelId, GameId, GuildId};
use boardpost::store::{First, Store};
use boardpost::table::{Caller, ChallengeRequest, Table, TableError};
use boardpost_testkit::fake_discord::*;
use boardpost_testkit::world::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const CHILD: &str = "BOARDPOST_CLUSTER_CHILD";
const T: Duration = Duration::from_secs(30);

/// Where a child process starts: not a test of its own (without `BOARDPOST_CLUSTER_CHILD`
/// it returns at once).
#[test]
fn child_process() {
    let Ok(role) = std::env::var(CHILD) else {
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    match role.as_str() {
        "bot" => rt.block_on(bot_child()),
        "movers" => rt.block_on(movers_child()),
        other => panic!("unknown child role {other}"),
    }
}

fn env(key: &str) -> String {
    std::env::var(key).unwrap_or_else(|_| panic!("the child needs {key}"))
}

/// A bot process: the settings from the environment as `boardpost run` reads them, the
/// fake Discord's address, a quick deadline loop and short leases. Stops when its
/// standard input closes.
async fn bot_child() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .try_init();
    let config = Config::from_lookup(|key| match key {
        "DISCORD_TOKEN" => Some(FakeDiscord::TOKEN.to_string()),
        other => std::env::var(other).ok(),
    })
    .expect("the child's settings");
    let store = Store::open(&config.database_url)
        .await
        .expect("the database");
    let lease: i64 = env("LEASE_SECS").parse().unwrap();
    let table = Table::new(store.clone(), Arc::new(SystemClock)).with_lease(lease);
    tracing::info!(worker = table.worker(), "starting");
    let options = BotOptions {
        proxy: Some(env("FAKE_DISCORD")),
        tick_every: Duration::from_millis(200),
        retry_base: Duration::from_millis(20),
        ..BotOptions::default()
    };
    let stop = async {
        use tokio::io::AsyncReadExt;
        let mut rest = Vec::new();
        let _ = tokio::io::stdin().read_to_end(&mut rest).await;
    };
    discord::run(&config, table, options, stop)
        .await
        .expect("the bot runs");
    store.close().await;
}

/// Movers: `MOVERS` tasks at once try a move in game `GAME`, round after round, each a
/// legal action of the position it read; prints how many were applied and refused.
async fn movers_child() {
    let store = Store::open(&env("DATABASE_URL")).await.unwrap();
    let table = Table::new(store.clone(), Arc::new(SystemClock));
    let game = GameId(env("GAME").parse().unwrap());
    let movers: usize = env("MOVERS").parse().unwrap();
    let rounds: usize = env("ROUNDS").parse().unwrap();
    let salt: usize = env("SALT").parse().unwrap();
    let (mut applied, mut refused) = (0, 0);
    for round in 0..rounds {
        let row = store.game(GUILD, game).await.unwrap().unwrap();
        let position: AnyGame = serde_json::from_str(&row.state).unwrap();
        let Some(seat) = position.to_move() else {
            break;
        };
        let mover = if seat.number() == 1 { alice() } else { bob() };
        let legal = position.legal();
        let tasks: Vec<_> = (0..movers)
            .map(|task| {
                let (table, mover) = (table.clone(), mover.clone());
                let action = legal[(task * 7 + round * 3 + salt) % legal.len()].clone();
                tokio::spawn(async move { table.play_move(&mover, Some(game), &action).await })
            })
            .collect();
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => applied += 1,
                Err(TableError::Changed | TableError::Refused(_)) => refused += 1,
                Err(e) => panic!("unexpected failure: {e}"),
            }
        }
    }
    println!("\nMOVERS applied {applied} refused {refused}");
    store.close().await;
}

/// A bot process started by a test.
struct Process {
    child: Child,
    shards: String,
    log: PathBuf,
}

impl Process {
    fn start(fake: &FakeDiscord, url: &str, shards: &str, lease: i64, dir: &Path) -> Process {
        let log = dir.join(format!("bot-{}-{}.log", shards.replace('/', "of"), nanos()));
        let child = Command::new(std::env::current_exe().unwrap())
            .args([
                "cluster::child_process",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, "bot")
            .env("DATABASE_URL", url)
            .env("SHARDS", shards)
            .env("FAKE_DISCORD", &fake.http_url)
            .env("LEASE_SECS", lease.to_string())
            .env(
                "RUST_LOG",
                "boardpost=debug,service::cluster=debug,serenity=warn",
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("the test binary starts again as a bot");
        Process {
            child,
            shards: shards.to_string(),
            log,
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: no goodbye, no cleanup.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Closes its standard input: it stops as on Ctrl-C.
    fn stop(mut self) {
        drop(self.child.stdin.take());
        let waited = Instant::now();
        while waited.elapsed() < T {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        self.kill();
        panic!("the bot running {} did not stop", self.shards);
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn nanos() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
}

/// A guild whose events Discord sends to `shard` of `total`, and a channel in it.
fn guild_on(shard: u32, total: u32) -> (GuildId, ChannelId) {
    let mut guild = GUILD.0;
    while shard_of(guild, total) != shard {
        guild += 1 << 22;
    }
    (GuildId(guild), ChannelId(CHANNEL.0 + guild % 1000))
}

fn in_guild(c: Caller, guild: GuildId, channel: ChannelId) -> Caller {
    Caller {
        guild,
        channel,
        ..c
    }
}

/// The test's own view of the database: a table on it and the database's URL.
struct Db {
    pg: PgDatabase,
    store: Store,
    table: Table,
    dir: tempfile::TempDir,
}

impl Db {
    async fn new() -> Option<Db> {
        let pg = PgDatabase::create().await?;
        let store = Store::open(&pg.url).await.unwrap();
        let table = Table::new(store.clone(), Arc::new(SystemClock));
        Some(Db {
            pg,
            store,
            table,
            dir: tempfile::tempdir().unwrap(),
        })
    }

    async fn sql(&self, sql: &str, params: &[i64]) -> u64 {
        let mut q = sqlx::query(sql);
        for p in params {
            q = q.bind(*p);
        }
        q.execute(self.store.pg_pool().unwrap())
            .await
            .unwrap()
            .rows_affected()
    }

    async fn number(&self, sql: &str, params: &[i64]) -> i64 {
        let mut q = sqlx::query_scalar(sql);
        for p in params {
            q = q.bind(*p);
        }
        q.fetch_one(self.store.pg_pool().unwrap()).await.unwrap()
    }

    /// A game of alice against bob in `guild`, played in its channel, with alice's first
    /// move made: bob is to move.
    async fn game(&self, guild: GuildId, channel: ChannelId) -> GameId {
        let (a, b) = (
            in_guild(alice(), guild, channel),
            in_guild(bob(), guild, channel),
        );
        // These servers post no replay GIFs, so that each game's notices are exactly
        // its reminders and losses on time (replays have their own tests).
        self.store.set_guild_replay_gif(guild, false).await.unwrap();
        let req = ChallengeRequest {
            game: "sidja".into(),
            opponents: vec![b.user],
            days_per_move: Some(3),
            first: Some(First::Challenger),
            ..Default::default()
        };
        self.table.challenge(&a, req).await.unwrap();
        let reply = self.table.accept(&b, None).await.unwrap();
        let id = reply.thread.expect("a game asks for a thread").game;
        self.table.play_move(&a, Some(id), "a1 b1").await.unwrap();
        id
    }

    /// Moves a game's turn `hours` into the past: its reminders, or the end of its time,
    /// come due.
    async fn age(&self, game: GameId, hours: i64) {
        self.sql(
            "UPDATE games SET turn_started = turn_started - $1, deadline = deadline - $1
             WHERE game_id = $2",
            &[hours * 3600, game.0],
        )
        .await;
    }

    /// The outbox's notices of a game: (id, sent).
    async fn notices(&self, game: GameId) -> Vec<(i64, bool)> {
        let rows: Vec<(i64, Option<i64>)> = sqlx::query_as(
            "SELECT notice_id, sent_at FROM outbox WHERE game_id = $1 ORDER BY notice_id",
        )
        .bind(game.0)
        .fetch_all(self.store.pg_pool().unwrap())
        .await
        .unwrap();
        rows.into_iter()
            .map(|(id, sent)| (id, sent.is_some()))
            .collect()
    }

    /// Waits until `game` has `count` notices, all sent.
    async fn wait_sent(&self, game: GameId, count: usize, processes: &[&Process]) {
        let waited = Instant::now();
        loop {
            let notices = self.notices(game).await;
            if notices.len() == count && notices.iter().all(|n| n.1) {
                return;
            }
            if waited.elapsed() > T {
                let logs: Vec<String> = processes.iter().map(|p| p.log()).collect();
                panic!(
                    "game #{game}: notices {notices:?}, {count} sent wanted; logs:\n{}",
                    logs.join("\n----\n")
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Posts Discord accepted carrying a notice's nonce (the same notice tried twice would
/// show twice here, even where Discord's nonce kept the channel from showing it twice).
fn deliveries(fake: &FakeDiscord, notice: i64) -> usize {
    let nonce = json!(format!("notice-{notice}"));
    fake.calls()
        .iter()
        .filter(|c| c.method == "POST" && c.status == 200 && c.json["nonce"] == nonce)
        .count()
}

/// Sends interactions through the fake and checks each is answered exactly once.
struct Player<'a> {
    fake: &'a FakeDiscord,
    next: u64,
    sent: Vec<u64>,
}

impl Player<'_> {
    async fn interact(&mut self, payload: impl FnOnce(u64) -> Value) -> Call {
        self.next += 1;
        let id = self.next;
        self.sent.push(id);
        self.fake.dispatch("INTERACTION_CREATE", payload(id)).await;
        self.fake.wait_for_callback(id, T).await
    }

    /// alice challenges bob in `guild`'s channel, bob accepts: the game and its thread.
    async fn start_game(
        &mut self,
        store: &Store,
        guild: GuildId,
        channel: ChannelId,
    ) -> (GameId, u64) {
        let options = json!([
            string_option("game", "sidja"),
            user_option("opponent", bob().user.0),
            string_option("first", "challenger"),
        ]);
        let challenge = self
            .interact(|id| slash_command(id, guild.0, channel.0, who(1), "play", options))
            .await;
        let accept = challenge.json["data"]["components"][0]["components"][0]["custom_id"]
            .as_str()
            .expect("the challenge has an Accept button")
            .to_string();
        let update = self
            .interact(|id| button(id, guild.0, channel.0, who(2), &accept, 1))
            .await;
        assert_eq!(update.callback_type(), Some(7), "{:?}", update.content());
        let game = store.games_of(guild, bob().user, true).await.unwrap()[0].id;
        let waited = Instant::now();
        let thread = loop {
            if let Some(thread) = store.game(guild, game).await.unwrap().unwrap().thread {
                break thread.0;
            }
            assert!(waited.elapsed() < T, "the game's thread was never recorded");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        (game, thread)
    }

    /// The player to move sends a legal `/move` in the game's thread; it is played.
    async fn move_in(
        &mut self,
        store: &Store,
        guild: GuildId,
        channel: ChannelId,
        game: GameId,
        thread: u64,
    ) {
        let row = store.game(guild, game).await.unwrap().unwrap();
        let position: AnyGame = serde_json::from_str(&row.state).unwrap();
        let seat = position.to_move().expect("the game goes on");
        let action = position.legal()[0].clone();
        let before = position.history().len();
        let call = self
            .interact(|id| {
                in_thread(
                    slash_command(
                        id,
                        guild.0,
                        thread,
                        who(seat.number()),
                        "move",
                        json!([string_option("text", &action)]),
                    ),
                    channel.0,
                )
            })
            .await;
        assert!(!call.ephemeral(), "{:?}", call.content());
        let row = store.game(guild, game).await.unwrap().unwrap();
        let after: AnyGame = serde_json::from_str(&row.state).unwrap();
        assert!(after.history().len() > before, "the move was played");
    }

    /// Every interaction sent got exactly one callback.
    fn answered_once(&self) {
        let calls = self.fake.calls();
        for id in &self.sent {
            let prefix = format!("/api/v10/interactions/{id}/");
            let callbacks = calls
                .iter()
                .filter(|c| c.is_callback() && c.path.starts_with(&prefix))
                .count();
            assert_eq!(callbacks, 1, "interaction {id} answered {callbacks} times");
        }
    }
}

fn who(seat: u8) -> (u64, &'static str) {
    match seat {
        1 => (alice().user.0, "alice"),
        _ => (bob().user.0, "bob"),
    }
}

/// Two processes, shards 0 and 1 of 2, on one database: each serves its own guilds'
/// interactions (answered exactly once), the commands are registered once, a game plays
/// on across a restart of one process, and the deadlines of games of both guilds are
/// shared out: every reminder and every loss on time is queued and posted exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_split_the_shards_and_share_the_deadlines() {
    let Some(db) = Db::new().await else { return };
    let fake = FakeDiscord::start().await;
    let a = Process::start(&fake, &db.pg.url, "0-0/2", 5, db.dir.path());
    let b = Process::start(&fake, &db.pg.url, "1-1/2", 5, db.dir.path());
    // serenity's shard range is inclusive: 0-0 runs shard 0 and nothing else.
    assert_eq!(fake.wait_shard(0, T).await["shard"], json!([0, 2]));
    assert_eq!(fake.wait_shard(1, T).await["shard"], json!([1, 2]));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(fake.resumes_and_identifies().1, 2, "one Identify per shard");
    assert_eq!(fake.connected_shards(), vec![0, 1]);
    let registered = fake
        .calls()
        .iter()
        .filter(|c| c.method == "PUT" && c.path.ends_with("/commands"))
        .count();
    assert_eq!(
        registered, 1,
        "the commands are registered by shard 0's process only"
    );

    let (g0, c0) = guild_on(0, 2);
    let (g1, c1) = guild_on(1, 2);
    let mut player = Player {
        fake: &fake,
        next: 0,
        sent: Vec::new(),
    };
    let (game0, thread0) = player.start_game(&db.store, g0, c0).await;
    let (game1, thread1) = player.start_game(&db.store, g1, c1).await;
    for _ in 0..2 {
        player.move_in(&db.store, g0, c0, game0, thread0).await;
        player.move_in(&db.store, g1, c1, game1, thread1).await;
    }
    // Shard 1's process restarts (stopped, then started again): its guild's game goes on.
    let shards = b.shards.clone();
    let b_log = b.log.clone();
    b.stop();
    assert!(
        std::fs::read_to_string(&b_log)
            .unwrap()
            .contains("starting"),
        "the first process ran"
    );
    let b = Process::start(&fake, &db.pg.url, &shards, 5, db.dir.path());
    fake.wait_shard(1, T).await;
    for _ in 0..2 {
        player.move_in(&db.store, g1, c1, game1, thread1).await;
        player.move_in(&db.store, g0, c0, game0, thread0).await;
    }
    player.answered_once();

    // Deadlines of games in both guilds: half-time reminders and losses on time.
    let mut reminded = Vec::new();
    let mut timed_out = Vec::new();
    for (guild, channel) in [(g0, c0), (g1, c1), (g0, c0), (g1, c1)] {
        reminded.push(db.game(guild, channel).await);
        timed_out.push(db.game(guild, channel).await);
    }
    for game in &reminded {
        db.age(*game, 40).await;
    }
    for game in &timed_out {
        db.age(*game, 80).await;
    }
    for game in reminded.iter().chain(&timed_out) {
        db.wait_sent(*game, 1, &[&a, &b]).await;
    }
    // Some more rounds of both loops: nothing comes twice.
    tokio::time::sleep(Duration::from_secs(2)).await;
    for game in reminded.iter().chain(&timed_out) {
        let notices = db.notices(*game).await;
        assert_eq!(notices.len(), 1, "game #{game}: {notices:?}");
        assert_eq!(deliveries(&fake, notices[0].0), 1, "game #{game}");
    }
    for game in &reminded {
        let claims = db
            .number(
                "SELECT COUNT(*) FROM reminders WHERE game_id = $1",
                &[game.0],
            )
            .await;
        assert_eq!(claims, 1);
    }
    for game in &timed_out {
        let endings = db
            .number(
                "SELECT COUNT(*) FROM actions WHERE game_id = $1 AND text = 'timeout'",
                &[game.0],
            )
            .await;
        assert_eq!(endings, 1, "game #{game} lost on time once");
    }
    // Both processes took part.
    let owners = (a.log(), b.log());
    assert!(owners.0.contains("connected to Discord") && owners.1.contains("connected to Discord"));
    b.stop();
    a.stop();
}

/// A process killed (SIGKILL) in the middle of its deadline work: once while it writes a
/// reminder (the test holds the row it must write), once while Discord keeps it waiting
/// on a loss-on-time notice. Each time the other process takes the work over when the
/// lease runs out, and the notice is posted exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_process_killed_mid_tick_has_its_work_taken_over_after_its_lease() {
    let Some(db) = Db::new().await else { return };
    let fake = FakeDiscord::start().await;
    let lease = 3;
    let (g0, c0) = guild_on(0, 2);
    let (g1, c1) = guild_on(1, 2);

    // 1. A reminder: the process that claims the game blocks writing it, and is killed.
    let game = db.game(g0, c0).await;
    db.age(game, 40).await;
    let turn: i64 = db
        .number(
            "SELECT turn_started FROM games WHERE game_id = $1",
            &[game.0],
        )
        .await;
    let mut hold = db.store.pg_pool().unwrap().begin().await.unwrap();
    sqlx::query(
        "INSERT INTO reminders (game_id, turn_started, kind, sent_at) VALUES ($1, $2, 'half', 0)",
    )
    .bind(game.0)
    .bind(turn)
    .execute(&mut *hold)
    .await
    .unwrap();
    let mut processes = vec![
        Process::start(&fake, &db.pg.url, "0-0/2", lease, db.dir.path()),
        Process::start(&fake, &db.pg.url, "1-1/2", lease, db.dir.path()),
    ];
    let owner = wait_owner(&db, "games", "game_id", game.0, &processes).await;
    let victim = processes
        .iter()
        .position(|p| owner.contains(&format!(":{}:", p.pid())))
        .unwrap_or_else(|| panic!("the lease {owner} is no process's"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let claimed_at = Instant::now();
    processes[victim].kill();
    hold.rollback().await.unwrap();
    db.wait_sent(game, 1, &processes.iter().collect::<Vec<_>>())
        .await;
    let notice = db.notices(game).await[0].0;
    assert_eq!(deliveries(&fake, notice), 1);
    assert!(
        claimed_at.elapsed() >= Duration::from_millis(1500),
        "taken over only once the lease ran out"
    );
    assert_eq!(db.notices(game).await.len(), 1);
    // The killed process's shard comes back.
    let shards = processes[victim].shards.clone();
    processes[victim] = Process::start(&fake, &db.pg.url, &shards, lease, db.dir.path());

    // 2. A loss on time: Discord keeps the process that posts it waiting; it is killed.
    let game = db.game(g1, c1).await;
    fake.hold(&format!("/channels/{}/messages", c1.0), 1);
    db.age(game, 80).await;
    let held = fake
        .wait_for_call(
            |c| c.status == 0 && c.path.ends_with(&format!("/channels/{}/messages", c1.0)),
            T,
        )
        .await;
    let notice = db.notices(game).await[0].0;
    assert_eq!(held.json["nonce"], json!(format!("notice-{notice}")));
    let owner = wait_owner(&db, "outbox", "notice_id", notice, &processes).await;
    let victim = processes
        .iter()
        .position(|p| owner.contains(&format!(":{}:", p.pid())))
        .unwrap_or_else(|| panic!("the lease {owner} is no process's"));
    processes[victim].kill();
    db.wait_sent(game, 1, &processes.iter().collect::<Vec<_>>())
        .await;
    assert_eq!(deliveries(&fake, notice), 1, "posted once, by the survivor");
    let endings = db
        .number(
            "SELECT COUNT(*) FROM actions WHERE game_id = $1 AND text = 'timeout'",
            &[game.0],
        )
        .await;
    assert_eq!(endings, 1);
    for p in processes {
        p.stop();
    }
}

/// Waits until a row's lease is held, and returns its holder.
async fn wait_owner(db: &Db, table: &str, key: &str, id: i64, processes: &[Process]) -> String {
    let waited = Instant::now();
    loop {
        let owner: Option<String> =
            sqlx::query_scalar(&format!("SELECT lease_owner FROM {table} WHERE {key} = $1"))
                .bind(id)
                .fetch_one(db.store.pg_pool().unwrap())
                .await
                .unwrap();
        if let Some(owner) = owner {
            return owner;
        }
        if waited.elapsed() > T {
            let logs: Vec<String> = processes.iter().map(|p| p.log()).collect();
            panic!(
                "nobody claimed {table} {id}; logs:\n{}",
                logs.join("\n----\n")
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Fifty movers at once on one game, from two processes (25 each, round after round):
/// one legal log, every applied move logged once, numbered without gaps, and the stored
/// position is the log replayed.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_movers_in_two_processes_make_one_legal_log() {
    let Some(db) = Db::new().await else { return };
    let game = db.game(GUILD, CHANNEL).await;
    let spawn = |salt: usize| {
        Command::new(std::env::current_exe().unwrap())
            .args([
                "cluster::child_process",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, "movers")
            .env("DATABASE_URL", &db.pg.url)
            .env("GAME", game.0.to_string())
            .env("MOVERS", "25")
            .env("ROUNDS", "10")
            .env("SALT", salt.to_string())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let children = [spawn(0), spawn(1)];
    let mut applied = 0;
    for child in children {
        let output = tokio::task::spawn_blocking(move || child.wait_with_output().unwrap())
            .await
            .unwrap();
        assert!(output.status.success());
        let text = String::from_utf8_lossy(&output.stdout);
        let line = text
            .split("MOVERS ")
            .nth(1)
            .unwrap_or_else(|| panic!("no report: {text}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        applied += words[1].parse::<usize>().unwrap();
        assert_eq!(
            words[1].parse::<usize>().unwrap() + words[3].parse::<usize>().unwrap(),
            250
        );
    }
    let log = db.store.actions(game).await.unwrap();
    // alice's first move (two actions) was made before the movers came.
    let mut replayed = AnyGame::new("sidja", &[] as &[&str]).unwrap();
    let texts: Vec<String> = log.iter().map(|a| a.text.clone()).collect();
    replayed.play_all(&texts).expect("one legal sequence");
    let numbers: Vec<i64> = log.iter().map(|a| a.n).collect();
    assert_eq!(numbers, (1..=log.len() as i64).collect::<Vec<_>>());
    assert!(applied >= 10, "each round, one move at least got through");
    let row = db.store.game(GUILD, game).await.unwrap().unwrap();
    let stored: AnyGame = serde_json::from_str(&row.state).unwrap();
    assert_eq!(stored, replayed);
    // Every applied move was written once: the version moved once per move (alice's
    // first move made it 1).
    assert_eq!(row.version as usize, 1 + applied);
}
