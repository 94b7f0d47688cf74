//! A `/move` interaction end to end: the fake Discord sends INTERACTION_CREATE through
//! the gateway, the real serenity client hands it to the bot, the bot plays the move,
//! draws the board and posts the callback with the PNG; timed until the callback
//! arrives. Target (issue 19): at most 6 ms median.

use boardpost_testkit::{fake_discord, world};

use boardpost::config::Config;
use boardpost::discord::{self, BotOptions};
use boardpost::games::AnyGame;
use boardpost::games::Game as _;
use boardpost::ids::GameId;
use criterion::{criterion_group, criterion_main, Criterion};
use fake_discord::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use world::*;

const T: Duration = Duration::from_secs(20);

struct Session {
    fake: FakeDiscord,
    w: World,
    next: u64,
    game: Option<GameId>,
    turn: usize,
}

impl Session {
    async fn interact(&mut self, payload: impl FnOnce(u64) -> Value) -> (Call, Duration) {
        self.next += 1;
        let id = self.next;
        let start = Instant::now();
        self.fake.dispatch("INTERACTION_CREATE", payload(id)).await;
        let call = self.fake.wait_for_callback(id, T).await;
        (call, start.elapsed())
    }

    async fn new_game(&mut self) -> GameId {
        let (challenge, _) = self
            .interact(|id| {
                let opts = json!([
                    string_option("game", "sidja"),
                    user_option("opponent", bob().user.0),
                    string_option("first", "challenger"),
                    option("size", 4, json!(7))
                ]);
                slash_command(
                    id,
                    GUILD.0,
                    CHANNEL.0,
                    (alice().user.0, "alice"),
                    "play",
                    opts,
                )
            })
            .await;
        let accept = challenge.json["data"]["components"][0]["components"][0]["custom_id"]
            .as_str()
            .unwrap()
            .to_string();
        let (started, _) = self
            .interact(|id| button(id, GUILD.0, CHANNEL.0, (bob().user.0, "bob"), &accept, 1))
            .await;
        let text = started.content().unwrap().to_string();
        GameId(
            text.split("**#")
                .nth(1)
                .unwrap()
                .split("**")
                .next()
                .unwrap()
                .parse()
                .unwrap(),
        )
    }

    /// One timed `/move` (a new game is started, untimed, when the last one ended).
    async fn timed_move(&mut self) -> Duration {
        let game = match self.game {
            Some(g) => g,
            None => {
                let g = self.new_game().await;
                self.game = Some(g);
                g
            }
        };
        let row = self.w.store.game(GUILD, game).await.unwrap().unwrap();
        let position: AnyGame = serde_json::from_str(&row.state).unwrap();
        let Some(seat) = position.to_move() else {
            self.game = None;
            return Box::pin(self.timed_move()).await;
        };
        let legal = position.legal();
        self.turn += 1;
        let action = legal[(self.turn * 7) % legal.len()].clone();
        let user = if seat.number() == 1 {
            (alice().user.0, "alice")
        } else {
            (bob().user.0, "bob")
        };
        let (call, took) = self
            .interact(|id| {
                slash_command(
                    id,
                    GUILD.0,
                    CHANNEL.0,
                    user,
                    "move",
                    json!([
                        string_option("text", &action),
                        option("game", 4, json!(game.0))
                    ]),
                )
            })
            .await;
        assert_eq!(
            call.files.len(),
            1,
            "the board is attached: {:?}",
            call.content()
        );
        took
    }
}

fn bench(c: &mut Criterion) {
    // As the bot's `main` does first (src/memory.rs).
    boardpost::memory::one_arena_per_core();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut session = rt.block_on(async {
        let fake = FakeDiscord::start().await;
        let w = World::new().await;
        // The bench plays games to their end every few dozen moves, far more often than
        // players do; the replay each end makes (a few hundred milliseconds of drawing)
        // would be measured as part of the moves after it, so none is made here (the
        // GIF bench measures them).
        w.store.set_guild_replay_gif(GUILD, false).await.unwrap();
        let config = Config {
            discord_token: Some(FakeDiscord::TOKEN.into()),
            dev_guild_id: Some(GUILD.0),
            database_url: w.url.clone(),
            shards: None,
        };
        let options = BotOptions {
            proxy: Some(fake.http_url.clone()),
            ..BotOptions::default()
        };
        let table = w.table.clone();
        tokio::spawn(
            async move { discord::run(&config, table, options, std::future::pending()).await },
        );
        fake.wait_identified(T).await;
        Session {
            fake,
            w,
            next: 0,
            game: None,
            turn: 0,
        }
    });
    let mut all = Vec::new();
    c.bench_function(
        "discord: /move interaction end to end (fake Discord, real serenity)",
        |b| {
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let took = session.timed_move().await;
                        all.push(took);
                        total += took;
                        if all.len() % 200 == 0 {
                            // Keep the fake's records small.
                            session.fake.clear_calls();
                        }
                    }
                    total
                })
            })
        },
    );
    if all.is_empty() {
        // Left out by a filter.
        return;
    }
    all.sort();
    let pct = |p: f64| all[((all.len() - 1) as f64 * p) as usize].as_secs_f64() * 1e3;
    eprintln!(
        "/move interactions: {} timed, median {:.2} ms, p99 {:.2} ms",
        all.len(),
        pct(0.5),
        pct(0.99)
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
