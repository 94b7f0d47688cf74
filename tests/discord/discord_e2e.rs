//! The bot end to end: the real serenity client, with its rate limiter on, talks to a
//! strict fake Discord on 127.0.0.1 as to `https://discord.com` (the name resolved to the
//! fake, whose test certificate is trusted; its gateway from the fake's `GET
//! /gateway/bot`). It plays whole games from `/play` to the end, then shows reminders, the
//! direct-message fallback, retries, a loss on time, and each behaviour of Discord's that
//! the strict fake enforces.

use boardpost::config::Config;
use boardpost::discord::{self, BotOptions};
use boardpost::games::Game as _;
use boardpost::games::{AnyGame, Seat};
use boardpost::ids::GameId;
use boardpost_testkit::fake_discord::*;
use boardpost_testkit::world::*;
use serde_json::{json, Value};
use std::time::Duration;

pub(crate) const T: Duration = Duration::from_secs(20);

pub(crate) struct Bot {
    pub(crate) fake: FakeDiscord,
    pub(crate) w: World,
    next_interaction: u64,
}

impl Bot {
    /// Sends an interaction through the gateway and returns the bot's callback.
    pub(crate) async fn interact(&mut self, payload: impl FnOnce(u64) -> Value) -> Call {
        self.next_interaction += 1;
        let id = self.next_interaction;
        self.fake.dispatch("INTERACTION_CREATE", payload(id)).await;
        self.fake.wait_for_callback(id, T).await
    }

    /// A slash command from the user in `seat`, sent in a game's thread.
    async fn command_in_thread(
        &mut self,
        thread: u64,
        seat: u8,
        name: &str,
        options: Value,
    ) -> Call {
        self.interact(|id| {
            in_thread(
                slash_command(id, GUILD.0, thread, who(seat), name, options),
                CHANNEL.0,
            )
        })
        .await
    }

    /// The player to move plays their legal action number `choice` (modulo how many
    /// there are) with `/move` in the thread. The reply is public with the new board
    /// and pings exactly the next player, or nobody when the turn goes on or the game
    /// ends. Returns the seat that moved.
    async fn play_turn(&mut self, game: GameId, thread: u64, choice: usize) -> Seat {
        let position = self.position(game).await;
        let seat = position.to_move().expect("the game goes on");
        let legal = position.legal();
        let action = legal[choice % legal.len()].clone();
        let call = self
            .command_in_thread(
                thread,
                seat.number(),
                "move",
                json!([string_option("text", &action)]),
            )
            .await;
        assert_eq!(call.callback_type(), Some(4));
        assert!(!call.ephemeral(), "{:?}", call.content());
        assert_eq!(png_count(&call), 1, "every move shows the new board");
        match self.position(game).await.to_move() {
            Some(next) if next != seat => {
                let next_user = who(next.number()).0;
                assert_eq!(mentioned(&call), vec![next_user]);
                assert!(
                    call.content()
                        .unwrap()
                        .contains(&format!("<@{next_user}>, your move")),
                    "{:?}",
                    call.content()
                );
            }
            _ => assert!(mentioned(&call).is_empty()),
        }
        assert_eq!(
            mentions(&call)["parse"],
            json!([]),
            "never everyone or roles"
        );
        seat
    }

    /// The follow-up message the bot posted for the last interaction (after updating a
    /// button's message, say).
    async fn followup(&self) -> Call {
        let token = interaction_token(self.next_interaction);
        self.fake
            .wait_for_call(
                |c| c.method == "POST" && c.path.ends_with(&format!("/{token}")),
                T,
            )
            .await
    }

    /// The player in `seat` sends `/move text` for `game` from the channel (not the
    /// game's thread), naming the game.
    async fn move_in_channel(&mut self, seat: u8, game: GameId, text: &str) -> Call {
        let options = json!([
            string_option("text", text),
            option("game", 4, json!(game.0))
        ]);
        self.interact(|id| slash_command(id, GUILD.0, CHANNEL.0, who(seat), "move", options))
            .await
    }

    /// alice sends `/play` in the channel with these options.
    async fn play(&mut self, options: Vec<Value>) -> Call {
        self.interact(|id| {
            slash_command(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "play",
                Value::Array(options),
            )
        })
        .await
    }

    async fn position(&self, id: GameId) -> AnyGame {
        let row = self.w.store.game(GUILD, id).await.unwrap().unwrap();
        serde_json::from_str(&row.state).unwrap()
    }
}

/// The user in a seat: alice, bob, carol, dave.
pub(crate) fn who(seat: u8) -> (u64, &'static str) {
    match seat {
        1 => (alice().user.0, "alice"),
        2 => (bob().user.0, "bob"),
        3 => (carol().user.0, "carol"),
        _ => (user(4).0, "dave"),
    }
}

fn mentioned(call: &Call) -> Vec<u64> {
    mentions(call)["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u.as_str().unwrap().parse().unwrap())
        .collect()
}

/// The allowed mentions of a callback (`data.allowed_mentions`) or of a message.
fn mentions(call: &Call) -> Value {
    match &call.json["data"]["allowed_mentions"] {
        Value::Null => call.json["allowed_mentions"].clone(),
        inside => inside.clone(),
    }
}

fn png_count(call: &Call) -> usize {
    call.files
        .iter()
        .filter(|(name, bytes)| name.ends_with(".png") && image::load_from_memory(bytes).is_ok())
        .count()
}

/// The `/play` options of a sidja game alice challenges bob to, alice first.
fn sidja_against_bob(extra: Value) -> Vec<Value> {
    let mut options = vec![
        string_option("game", "sidja"),
        user_option("opponent", bob().user.0),
        string_option("first", "challenger"),
    ];
    options.extend(extra.as_array().cloned().unwrap_or_default());
    options
}

/// alice (seat 1) sends `/play` with these options; the users in `joiners` press its
/// Accept button in turn, the last one starting the game. Returns its id and thread.
async fn start_game(bot: &mut Bot, options: Vec<Value>, joiners: &[u8]) -> (GameId, u64) {
    let named: Vec<u64> = options
        .iter()
        .filter(|o| o["type"] == json!(6))
        .map(|o| o["value"].as_str().unwrap().parse().unwrap())
        .collect();
    let challenge = bot
        .interact(|id| {
            slash_command(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "play",
                Value::Array(options),
            )
        })
        .await;
    assert_eq!(challenge.callback_type(), Some(4));
    assert!(
        challenge.content().unwrap().contains("challenges"),
        "{:?}",
        challenge.content()
    );
    assert_eq!(
        mentioned(&challenge),
        named,
        "the named opponents are pinged"
    );
    let accept_id = challenge.json["data"]["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(accept_id.starts_with("challenge:accept:"));
    let challenge_message = 1; // the button's message; its id does not matter to the bot
    let (last, waiting) = joiners.split_last().expect("someone accepts");
    for (i, &joiner) in waiting.iter().enumerate() {
        let joined = bot
            .interact(|id| {
                button(
                    id,
                    GUILD.0,
                    CHANNEL.0,
                    who(joiner),
                    &accept_id,
                    challenge_message,
                )
            })
            .await;
        let more = format!("waiting for {} more", waiting.len() - i);
        assert!(
            joined.content().unwrap().contains(&more),
            "{:?}",
            joined.content()
        );
    }
    let update = bot
        .interact(|id| {
            button(
                id,
                GUILD.0,
                CHANNEL.0,
                who(*last),
                &accept_id,
                challenge_message,
            )
        })
        .await;
    // The challenge's own message is updated in place: the outcome, no buttons left.
    assert_eq!(update.callback_type(), Some(7));
    assert_eq!(update.json["data"]["components"], json!([]));
    assert!(
        update.content().unwrap().contains("was accepted"),
        "{:?}",
        update.content()
    );
    // The game's first message follows it, public, with the board and the ping.
    let started = bot.followup().await;
    assert!(!started.ephemeral());
    assert!(
        started.content().unwrap().contains("begins"),
        "{:?}",
        started.content()
    );
    assert_eq!(png_count(&started), 1, "the first board is attached");
    assert_eq!(
        mentions(&started)["users"],
        json!([alice().user.0.to_string()])
    );
    // The bot opens the game's thread from its message and records it.
    let (game, thread) = thread_of(bot, started.content().unwrap()).await;
    bot.fake.clear_calls();
    (game, thread)
}

/// The game a "begins" message announces, and the thread the bot opened for it from
/// that message, once the bot has recorded it.
async fn thread_of(bot: &Bot, begins: &str) -> (GameId, u64) {
    let thread_call = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", "/api/v10/channels/") && c.path.ends_with("/threads"),
            T,
        )
        .await;
    let thread: u64 = thread_call.response["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let game = GameId(
        begins
            .split("**#")
            .nth(1)
            .unwrap()
            .split("**")
            .next()
            .unwrap()
            .parse()
            .unwrap(),
    );
    for _ in 0..100 {
        let row = bot.w.store.game(GUILD, game).await.unwrap().unwrap();
        if row.thread.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let row = bot.w.store.game(GUILD, game).await.unwrap().unwrap();
    assert_eq!(row.thread.map(|t| t.0), Some(thread));
    (game, thread)
}

pub(crate) type Running = tokio::task::JoinHandle<Result<(), discord::BotError>>;

/// The bot's options for reaching `fake` as it would reach Discord: `https://discord.com`
/// (resolved to the fake, its certificate trusted), no proxy, serenity's rate limiter on.
fn as_discord(fake: &FakeDiscord) -> BotOptions {
    let client = fake.discord_client();
    BotOptions {
        proxy: None,
        http_setup: Some(discord::HttpSetup(std::sync::Arc::new(move |builder| {
            builder.client(client.clone())
        }))),
        ..BotOptions::default()
    }
}

/// Starts the real bot against a fresh fake Discord and a fresh database; returns it with
/// the switch that stops it and its task. It has identified once this returns.
pub(crate) async fn connect() -> (Bot, tokio::sync::oneshot::Sender<()>, Running) {
    connect_with(BotOptions::default().defer_after).await
}

/// As [`connect`], with the bot deferring every answer that takes longer than
/// `defer_after`.
async fn connect_with(defer_after: Duration) -> (Bot, tokio::sync::oneshot::Sender<()>, Running) {
    connect_sharded(defer_after, None).await
}

/// As [`connect_with`], running `shards` (or Discord's recommendation).
async fn connect_sharded(
    defer_after: Duration,
    shards: Option<boardpost::config::ShardRange>,
) -> (Bot, tokio::sync::oneshot::Sender<()>, Running) {
    let fake = FakeDiscord::start().await;
    let w = World::new().await;
    let config = Config {
        discord_token: Some(FakeDiscord::TOKEN.to_string()),
        dev_guild_id: Some(GUILD.0),
        database_url: w.url.clone(),
        shards,
    };
    let options = BotOptions {
        tick_every: Duration::from_millis(50),
        retry_base: Duration::from_millis(5),
        defer_after,
        ..as_discord(&fake)
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let table = w.table.clone();
    let running = tokio::spawn(async move {
        discord::run(&config, table, options, async {
            let _ = stopped.await;
        })
        .await
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    if running.is_finished() {
        panic!("the bot stopped at once: {:?}", running.await);
    }
    fake.wait_identified(T).await;
    let bot = Bot {
        fake,
        w,
        next_interaction: 0,
    };
    (bot, stop, running)
}

/// Ctrl-C / SIGTERM: the bot stops cleanly.
pub(crate) async fn disconnect(stop: tokio::sync::oneshot::Sender<()>, running: Running) {
    stop.send(()).unwrap();
    let result = tokio::time::timeout(T, running)
        .await
        .expect("the bot stops")
        .unwrap();
    assert!(result.is_ok(), "{result:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_reminders_and_timeouts_through_serenity() {
    let (mut bot, stop, running) = connect().await;
    // It connects and identifies without privileged intents, and registers its commands
    // in the development server.
    let identify = bot.fake.wait_identified(T).await;
    assert_eq!(
        identify["token"]
            .as_str()
            .unwrap()
            .trim_start_matches("Bot "),
        FakeDiscord::TOKEN
    );
    assert_eq!(identify["intents"], json!(1), "GUILDS only");
    // Every request went to https://discord.com (the fake, by its certificate), through
    // serenity's rate limiter: no proxy is set.
    let calls = bot.fake.calls();
    assert!(
        !calls.is_empty() && calls.iter().all(|c| c.tls),
        "{calls:?}"
    );
    let registered = bot
        .fake
        .wait_for_call(
            |c| {
                c.is(
                    "PUT",
                    &format!(
                        "/api/v10/applications/{}/guilds/{}/commands",
                        FakeDiscord::APPLICATION_ID,
                        GUILD.0
                    ),
                )
            },
            T,
        )
        .await;
    assert_eq!(registered.json.as_array().unwrap().len(), 19);

    let (game, thread) = start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;

    // Autocomplete offers alice's legal placements.
    let menu = bot
        .interact(|id| {
            in_thread(
                autocomplete(
                    id,
                    GUILD.0,
                    thread,
                    who(1),
                    "move",
                    json!([focused_option("text", 3, "a")]),
                ),
                CHANNEL.0,
            )
        })
        .await;
    assert_eq!(menu.callback_type(), Some(8));
    let choices: Vec<&str> = menu.json["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(choices, ["a1", "a2", "a3", "a4", "a5"]);

    // The whole game, move by move, in the thread, without naming the game.
    let mut turns = 0;
    while bot.position(game).await.to_move().is_some() {
        bot.play_turn(game, thread, turns * 5 + 3).await;
        turns += 1;
        assert!(turns < 1_000);
    }
    let last = bot
        .fake
        .calls()
        .into_iter()
        .rfind(|c| c.is_callback())
        .unwrap();
    assert!(
        last.content().unwrap().contains("Game over"),
        "{:?}",
        last.content()
    );
    // A move after the end is refused privately.
    let late = bot
        .command_in_thread(thread, 1, "move", json!([string_option("text", "a1-a2")]))
        .await;
    assert!(
        late.ephemeral() && late.content().unwrap().contains("is over"),
        "{:?}",
        late.content()
    );

    // A second game: reminders at half time, then a day before the end.
    let (second, thread2) = start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;
    bot.command_in_thread(thread2, 1, "move", json!([string_option("text", "a1 b1")]))
        .await;
    // alice stores a conditional line while bob thinks: a private answer, and nothing
    // that moves the game (the reminders below keep their times).
    let stored = bot
        .command_in_thread(
            thread2,
            1,
            "premove",
            json!([{"type": 1, "name": "add", "options": [string_option("line", "c1 d1 e1 a2")]}]),
        )
        .await;
    assert!(
        stored.ephemeral()
            && stored.content().unwrap().contains(&format!(
                "Stored for game #{second}: if **c1 d1**, then **e1 a2**"
            )),
        "{:?}",
        stored.content()
    );
    bot.w.clock.advance(36 * 3600);
    let reminder = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", &format!("/api/v10/channels/{thread2}/messages")),
            T,
        )
        .await;
    assert!(
        reminder.content().unwrap().contains("half the time"),
        "{:?}",
        reminder.content()
    );
    // Retries of a notice can never post it twice: it carries an enforced nonce.
    assert_eq!(reminder.json["enforce_nonce"], json!(true));
    assert!(reminder.json["nonce"]
        .as_str()
        .is_some_and(|n| n.starts_with("notice-") && n.len() <= 25));
    assert_eq!(
        reminder.json["allowed_mentions"]["users"],
        json!([bob().user.0.to_string()])
    );

    // bob wants direct messages, but his are closed: the reminder comes in the thread.
    let settings = bot
        .interact(|id| {
            slash_command(
                id,
                GUILD.0,
                CHANNEL.0,
                who(2),
                "settings",
                json!([
                    option("ping_dm", 5, json!(true)),
                    option("ping_thread", 5, json!(false))
                ]),
            )
        })
        .await;
    assert!(settings.ephemeral());
    bot.fake.close_dms_of(bob().user.0);
    bot.fake.clear_calls();
    bot.w.clock.advance(12 * 3600);
    let fallback = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", &format!("/api/v10/channels/{thread2}/messages")),
            T,
        )
        .await;
    assert!(
        fallback.content().unwrap().contains("a day is left"),
        "{:?}",
        fallback.content()
    );
    assert!(
        bot.fake
            .calls()
            .iter()
            .any(|c| c.is("POST", "/api/v10/users/@me/channels")),
        "a DM was tried first"
    );

    // Discord fails twice; the loss on time still arrives, once.
    bot.fake.clear_calls();
    bot.fake
        .fail_next(&format!("/api/v10/channels/{thread2}/messages"), 2);
    bot.w.clock.advance(24 * 3600);
    let timeout = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", &format!("/api/v10/channels/{thread2}/messages")) && c.status < 300,
            T,
        )
        .await;
    assert!(
        timeout.content().unwrap().contains("ran out of time"),
        "{:?}",
        timeout.content()
    );
    assert_eq!(timeout.files.len(), 1);
    // The game's animated replay follows in the thread.
    let replay = bot
        .fake
        .wait_for_call(
            |c| {
                c.is("POST", &format!("/api/v10/channels/{thread2}/messages"))
                    && c.status < 300
                    && c.content().is_some_and(|t| t.contains("turn by turn"))
            },
            T,
        )
        .await;
    assert_eq!(replay.files.len(), 1);
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The two failures fall on the loss on time (or one on the replay, drawn meanwhile):
    // four posts in all, each notice delivered once.
    let posts = |what: &str, delivered: bool| {
        bot.fake
            .calls()
            .iter()
            .filter(|c| c.is("POST", &format!("/api/v10/channels/{thread2}/messages")))
            .filter(|c| !delivered || c.status < 300)
            .filter(|c| c.content().is_some_and(|t| t.contains(what)))
            .count()
    };
    assert_eq!(
        posts("ran out of time", false) + posts("turn by turn", false),
        4,
        "two failures, then one success each, and nothing more"
    );
    assert_eq!(posts("ran out of time", true), 1);
    assert_eq!(posts("turn by turn", true), 1, "the replay once");
    let row = bot.w.store.game(GUILD, second).await.unwrap().unwrap();
    assert!(row.result.unwrap().contains("timeout"));

    disconnect(stop, running).await;
}

/// alice asks the bot itself for a game of `game` at level 1, moving first: it starts
/// at once, with its thread. Returns the game, its thread and the message that began it.
async fn against_the_bot(bot: &mut Bot, game: &str) -> (GameId, u64, Call) {
    let started = bot
        .interact(|id| {
            slash_command(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "play",
                json!([
                    string_option("game", game),
                    user_option("opponent", FakeDiscord::BOT_USER_ID),
                    string_option("first", "challenger"),
                    option("level", 4, json!(1)),
                ]),
            )
        })
        .await;
    let text = started.content().unwrap().to_string();
    assert!(text.contains("begins"), "{text}");
    let (game, thread) = thread_of(bot, &text).await;
    (game, thread, started)
}

/// alice against the bot at xiangqi: each of her moves is answered by a message of the
/// bot's own in the thread, with the board, pinging her; hints are private.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_plays_against_alice_in_the_thread() {
    let (mut bot, stop, running) = connect().await;
    bot.fake.wait_identified(T).await;
    let (game, thread, started) = against_the_bot(&mut bot, "xiangqi").await;
    assert_eq!(mentioned(&started), vec![alice().user.0]);
    bot.fake.clear_calls();
    // alice moves; the bot's answer follows as a message of its own in the thread,
    // with the board, pinging alice.
    let moved = bot
        .command_in_thread(thread, 1, "move", json!([string_option("text", "h2e2")]))
        .await;
    assert!(!moved.ephemeral(), "{:?}", moved.content());
    assert!(mentioned(&moved).is_empty(), "the bot is not pinged");
    let answer = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", &format!("/api/v10/channels/{thread}/messages")),
            T,
        )
        .await;
    let said = answer.json["content"].as_str().unwrap();
    assert!(
        said.contains(&format!("<@{}> plays", FakeDiscord::BOT_USER_ID)),
        "{said}"
    );
    assert_eq!(png_count(&answer), 1, "the bot's turn shows the board");
    assert_eq!(mentioned(&answer), vec![alice().user.0]);
    let position = bot.position(game).await;
    assert_eq!(position.history().len(), 2);
    assert_eq!(position.to_move(), Seat::from_number(1));
    // A hint, privately.
    let hint = bot.command_in_thread(thread, 1, "hint", json!([])).await;
    assert!(hint.ephemeral());
    assert!(
        hint.content().unwrap().contains("Hint for game"),
        "{:?}",
        hint.content()
    );
    disconnect(stop, running).await;
}

/// alice plays four-player xiangqi against three bot seats and lets her time run out:
/// the deadline round that puts her out also lets the bot play the game to its end, in
/// one message in the thread (not a turn at a time, and not left for a restart).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_that_leaves_only_the_bot_ends_in_one_message() {
    let (mut bot, stop, running) = connect().await;
    bot.fake.wait_identified(T).await;
    let (game, thread, _) = against_the_bot(&mut bot, "xiangqi4").await;
    bot.fake.clear_calls();
    bot.w.clock.advance(30 * 24 * 3600);
    let end = bot
        .fake
        .wait_for_call(
            |c| {
                c.is("POST", &format!("/api/v10/channels/{thread}/messages"))
                    && c.json["content"]
                        .as_str()
                        .is_some_and(|t| t.contains("Nobody but the bot"))
            },
            T,
        )
        .await;
    let said = end.json["content"].as_str().unwrap();
    assert!(said.contains("Game over"), "{said}");
    assert_eq!(png_count(&end), 1, "the end shows the board");
    assert!(bot.position(game).await.outcome().is_some());
    let posts: Vec<String> = bot
        .fake
        .calls()
        .iter()
        .filter(|c| c.is("POST", &format!("/api/v10/channels/{thread}/messages")))
        .filter_map(|c| c.json["content"].as_str().map(str::to_string))
        .collect();
    let bot_turns = format!("<@{}> plays", FakeDiscord::BOT_USER_ID);
    assert_eq!(
        posts.iter().filter(|p| p.contains(&bot_turns)).count(),
        1,
        "one post of the bot's turns, the last: {posts:?}"
    );
    disconnect(stop, running).await;
}

/// The pings of a game the bot plays in name each person once and never the bot. In a
/// game of four with two bot seats (alice, dave, the bot twice), alice's takeback request
/// pings dave alone, and Discord accepts it (its API description: the ids of
/// `allowed_mentions.users` are unique). On the old bot the request pinged
/// `[dave, bot, bot]`, and the strict fake refused it with 50035: nobody saw it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_request_with_two_bot_seats_pings_dave_once() {
    let (mut bot, stop, running) = connect().await;
    let options = vec![
        string_option("game", "xiangqi4"),
        string_option("mode", "ffa"),
        string_option("first", "challenger"),
        option("bot_seats", 4, json!(2)),
        option("level", 4, json!(1)),
    ];
    let (game, thread) = start_game(&mut bot, options, &[4]).await;
    let the_bot = boardpost::ids::UserId(FakeDiscord::BOT_USER_ID);
    let row = bot.w.store.game(GUILD, game).await.unwrap().unwrap();
    assert_eq!(row.seats, vec![alice().user, user(4), the_bot, the_bot]);
    // alice and dave move; the bot answers for both its seats.
    for seat in [1, 4] {
        let action = bot.position(game).await.legal()[0].clone();
        let moved = bot
            .command_in_thread(
                thread,
                seat,
                "move",
                json!([string_option("text", &action)]),
            )
            .await;
        assert_eq!(moved.status, 204, "{:?}", moved.response);
    }
    for _ in 0..400 {
        if bot.position(game).await.history().len() == 4 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(bot.position(game).await.to_move(), Seat::from_number(1));
    let asked = bot
        .command_in_thread(
            thread,
            1,
            "takeback",
            json!([{"type": 1, "name": "request", "options": []}]),
        )
        .await;
    assert_eq!(asked.status, 204, "{:?}", asked.response);
    assert!(!asked.ephemeral(), "{:?}", asked.content());
    assert_eq!(mentioned(&asked), vec![user(4).0]);
    disconnect(stop, running).await;
}

/// A game against the bot never pings nor messages the bot's own user: alice's
/// resignation pings nobody (the bot was the other player), and her loss on time in a
/// second game pings her alone and, as she asked for direct messages, messages her alone.
/// On the old bot both pinged the bot, and the loss on time opened a direct message
/// channel with the bot itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_never_pings_nor_messages_itself() {
    let (mut bot, stop, running) = connect().await;
    let (_, thread, _) = against_the_bot(&mut bot, "sidja").await;
    let resigned = bot.command_in_thread(thread, 1, "resign", json!([])).await;
    assert_eq!(resigned.status, 204, "{:?}", resigned.response);
    assert!(
        resigned.content().unwrap().contains("resigns"),
        "{:?}",
        resigned.content()
    );
    assert!(mentioned(&resigned).is_empty(), "{:?}", mentions(&resigned));

    let settings = bot
        .interact(|id| {
            slash_command(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "settings",
                json!([option("ping_dm", 5, json!(true))]),
            )
        })
        .await;
    assert!(settings.ephemeral());
    bot.fake.clear_calls();
    let (_, thread, _) = against_the_bot(&mut bot, "sidja").await;
    bot.w.clock.advance(30 * 24 * 3600);
    let timeout = bot
        .fake
        .wait_for_call(
            |c| {
                c.is("POST", &format!("/api/v10/channels/{thread}/messages"))
                    && c.content().is_some_and(|t| t.contains("ran out of time"))
            },
            T,
        )
        .await;
    assert_eq!(timeout.status, 200, "{:?}", timeout.response);
    assert_eq!(mentioned(&timeout), vec![alice().user.0]);
    let messaged: Vec<Value> = bot
        .fake
        .calls()
        .iter()
        .filter(|c| c.is("POST", "/api/v10/users/@me/channels"))
        .map(|c| c.json["recipient_id"].clone())
        .collect();
    assert_eq!(messaged, vec![json!(alice().user.0.to_string())]);
    disconnect(stop, running).await;
}

/// A button pressed on the deferred path: the answer is deferred (here every one is), so
/// the button's own message is edited apart (`PATCH /channels/{id}/messages/{id}`) to say
/// the challenge was accepted, its buttons gone and nobody pinged, and the game's first
/// message is edited into the deferred answer, which gets the game's thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_button_press_edits_the_buttons_message_in_place() {
    let (mut bot, stop, running) = connect_with(Duration::ZERO).await;
    let challenge = bot.play(sidja_against_bob(json!([]))).await;
    assert_eq!(challenge.callback_type(), Some(5), "deferred");
    let token = interaction_token(bot.next_interaction);
    let posted = bot
        .fake
        .wait_for_call(
            |c| c.method == "PATCH" && c.path.ends_with(&format!("/{token}/messages/@original")),
            T,
        )
        .await;
    assert_eq!(posted.status, 200, "{:?}", posted.response);
    let message_id = bot.fake.original_message_id(&token).unwrap();
    let message = bot.fake.message(message_id).unwrap();
    let accept_id = message["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(accept_id.starts_with("challenge:accept:"), "{accept_id}");

    let pressed = bot
        .interact(|id| {
            button_on_message(id, GUILD.0, CHANNEL.0, who(2), &accept_id, message.clone())
        })
        .await;
    assert_eq!(pressed.callback_type(), Some(5), "deferred");
    let path = format!("/api/v10/channels/{}/messages/{message_id}", CHANNEL.0);
    let edited = bot
        .fake
        .wait_for_call(|c| c.method == "PATCH" && c.path == path, T)
        .await;
    assert_eq!(edited.status, 200, "{:?}", edited.response);
    assert!(
        edited.content().unwrap().contains("was accepted"),
        "{:?}",
        edited.content()
    );
    assert_eq!(edited.json["components"], json!([]));
    let allowed = &edited.json["allowed_mentions"];
    assert!(
        allowed["users"].as_array().is_none_or(Vec::is_empty)
            && allowed["parse"].as_array().is_none_or(Vec::is_empty),
        "an edit pings nobody: {allowed}"
    );
    let now = bot.fake.message(message_id).unwrap();
    assert_eq!(now["components"], json!([]), "no button left to press");
    assert_eq!(now["content"], edited.json["content"]);

    let token = interaction_token(bot.next_interaction);
    let started = bot
        .fake
        .wait_for_call(
            |c| c.method == "PATCH" && c.path.ends_with(&format!("/{token}/messages/@original")),
            T,
        )
        .await;
    assert_eq!(started.status, 200, "{:?}", started.response);
    assert!(
        started.content().unwrap().contains("begins"),
        "{:?}",
        started.content()
    );
    assert_eq!(png_count(&started), 1, "the first board is attached");
    assert_eq!(mentioned(&started), vec![alice().user.0]);
    thread_of(&bot, started.content().unwrap()).await;
    disconnect(stop, running).await;
}

/// Four players on one server through serenity: the challenge pings the two opponents
/// it names, the open seat goes to whoever presses Accept, each player is pinged in
/// turn, and a resignation is announced while the others play on without the one out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_are_pinged_in_turn_and_a_resignation_is_announced() {
    let (mut bot, stop, running) = connect().await;
    let options = vec![
        string_option("game", "xiangqi4"),
        user_option("opponent", bob().user.0),
        user_option("opponent2", carol().user.0),
        string_option("mode", "teams"),
        string_option("first", "challenger"),
    ];
    let (game, thread) = start_game(&mut bot, options, &[2, 3, 4]).await;
    let row = bot.w.store.game(GUILD, game).await.unwrap().unwrap();
    let seats: Vec<u64> = row.seats.iter().map(|u| u.0).collect();
    assert_eq!(
        seats,
        [1, 2, 3, 4].map(|n| who(n).0),
        "named first, then the open seat"
    );
    // Each turn pings the next player (Bot::play_turn checks it), and the game goes on.
    async fn play_one(bot: &mut Bot, game: GameId, thread: u64) -> u8 {
        let seat = bot.play_turn(game, thread, 0).await;
        let next = bot.position(game).await.to_move();
        assert!(
            next.is_some_and(|next| next != seat),
            "{next:?} after {seat:?}"
        );
        seat.number()
    }

    let mut movers = Vec::new();
    for _ in 0..4 {
        movers.push(play_one(&mut bot, game, thread).await);
    }
    assert_eq!(movers, [1, 2, 3, 4], "Red, Black, Yellow, Green");

    // bob (Black) resigns in the thread while alice is to move: everyone reads it.
    let resigned = bot.command_in_thread(thread, 2, "resign", json!([])).await;
    assert!(!resigned.ephemeral());
    assert!(
        resigned.content().unwrap().contains("is out"),
        "{:?}",
        resigned.content()
    );
    assert_eq!(
        bot.position(game).await.outcome(),
        None,
        "Green plays on for the team"
    );

    // He may no longer move; the others go round without him.
    let refused = bot
        .command_in_thread(thread, 2, "move", json!([string_option("text", "j4-j5")]))
        .await;
    assert!(
        refused.ephemeral() && refused.content().unwrap().contains("you are out"),
        "{:?}",
        refused.content()
    );
    let mut movers = Vec::new();
    for _ in 0..6 {
        movers.push(play_one(&mut bot, game, thread).await);
    }
    assert_eq!(movers, [1, 3, 4, 1, 3, 4]);
    disconnect(stop, running).await;
}

/// The `game` option is an integer: its autocomplete answers integer values (Discord
/// refuses string values for it with 50035). On the old bot the fake refused the menu.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_autocomplete_answers_integer_choices() {
    let (mut bot, stop, running) = connect().await;
    let (game, _) = start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;
    let menu = bot
        .interact(|id| {
            autocomplete(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "board",
                json!([focused_option("game", 4, "")]),
            )
        })
        .await;
    assert_eq!(menu.status, 204, "{:?}", menu.response);
    assert_eq!(menu.json["data"]["choices"][0]["value"], json!(game.0));
    disconnect(stop, running).await;
}

/// A deferred answer keeps its privacy: a refusal that comes after the interaction was
/// deferred (publicly, as a move's answer would be) is shown to its author alone, and no
/// public message carries it. On the old bot the refusal was edited into the public
/// deferred message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_private_answer_stays_private() {
    let (mut bot, stop, running) = connect_with(Duration::ZERO).await;
    // The game is started at the table; its commands come from the channel.
    let (game, _) = bot.w.start(&[]).await;
    let thread = CHANNEL.0;
    let deferred = bot.move_in_channel(2, game, "a1 b1").await;
    assert_eq!(deferred.callback_type(), Some(5), "deferred");
    let followup = bot
        .fake
        .wait_for_call(
            |c| c.method == "POST" && c.path.starts_with("/api/v10/webhooks/"),
            T,
        )
        .await;
    assert!(followup.ephemeral(), "{:?}", followup.json);
    let text = followup.json["content"].as_str().unwrap().to_string();
    assert!(text.contains("not yours"), "{text}");
    // Nothing public says it: the deferred message was removed before the follow-up.
    assert!(bot
        .fake
        .calls()
        .iter()
        .any(|c| c.method == "DELETE" && c.path.ends_with("/messages/@original")));
    let response: Value = followup.response.clone();
    assert_eq!(response["flags"].as_u64().unwrap_or(0) & 64, 64);
    for m in bot.fake.messages_in(thread) {
        assert!(
            m["flags"].as_u64().unwrap_or(0) & 64 != 0 || m["content"] != json!(text),
            "a private answer is public: {m}"
        );
    }
    // A public answer after a defer is edited in, in public, with its board.
    let moved = bot.move_in_channel(1, game, "a1 b1").await;
    assert_eq!(moved.callback_type(), Some(5));
    let edit = bot
        .fake
        .wait_for_call(
            |c| c.method == "PATCH" && c.path.ends_with("/messages/@original"),
            T,
        )
        .await;
    assert_eq!(edit.status, 200);
    assert_eq!(edit.response["flags"].as_u64().unwrap_or(0) & 64, 0);
    assert!(edit.files.iter().any(|(name, _)| name.ends_with(".png")));
    disconnect(stop, running).await;
}

/// Nothing acknowledged is lost: when Discord no longer knows the interaction (the answer
/// came after 3 s: 10062), a stored move's public answer (board and ping) is posted in the
/// channel as an ordinary message. On the old bot the move stayed stored with no board
/// and no ping.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_answered_too_late_is_posted_in_the_channel() {
    let (mut bot, stop, running) = connect().await;
    let (game, thread) = start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;
    // Every first response is now too late.
    bot.fake
        .set_deadlines(Duration::ZERO, FakeDiscord::TOKEN_LIFETIME);
    let late = bot
        .command_in_thread(thread, 1, "move", json!([string_option("text", "a1 b1")]))
        .await;
    assert_eq!(late.status, 404);
    assert_eq!(late.response["code"], 10062);
    assert_eq!(bot.position(game).await.history(), ["a1", "b1"]);
    let posted = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", &format!("/api/v10/channels/{thread}/messages")),
            T,
        )
        .await;
    assert_eq!(posted.status, 200);
    assert!(posted.files.iter().any(|(name, _)| name.ends_with(".png")));
    // A retry could not post it twice: it carries an enforced nonce.
    assert_eq!(posted.json["enforce_nonce"], json!(true));
    assert!(posted.json["nonce"].as_str().is_some_and(|n| n.len() <= 25));
    assert_eq!(
        posted.json["allowed_mentions"]["users"],
        json!([bob().user.0.to_string()])
    );
    disconnect(stop, running).await;
}

/// "1 day", not "1 days", in the challenge and in the command's choices.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_day_is_said_in_the_singular() {
    let (mut bot, stop, running) = connect().await;
    let registered = bot
        .fake
        .wait_for_call(|c| c.method == "PUT" && c.path.ends_with("/commands"), T)
        .await;
    let play = &registered.json[0];
    let days = play["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "days_per_move")
        .unwrap();
    assert_eq!(days["choices"][0]["name"], "1 day");
    assert_eq!(days["choices"][1]["name"], "2 days");
    let challenge = bot
        .play(sidja_against_bob(json!([option(
            "days_per_move",
            4,
            json!(1)
        )])))
        .await;
    assert!(
        challenge.content().unwrap().contains("1 day per move"),
        "{:?}",
        challenge.content()
    );
    disconnect(stop, running).await;
}

/// Commands show exactly once: with `DEV_GUILD_ID` in that server and no global copy;
/// then, run without it (on the same database), globally with the server's copy cleared.
/// Every command is for servers only (no DM context).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_in_one_place_with_stale_copies_cleared() {
    let fake = FakeDiscord::start().await;
    let w = World::new().await;
    for (run, dev_guild) in [Some(GUILD.0), None].into_iter().enumerate() {
        let config = Config {
            discord_token: Some(FakeDiscord::TOKEN.to_string()),
            dev_guild_id: dev_guild,
            database_url: w.url.clone(),
            shards: None,
        };
        let options = as_discord(&fake);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let table = w.table.clone();
        let running = tokio::spawn(async move {
            discord::run(&config, table, options, async {
                let _ = stopped.await;
            })
            .await
        });
        // Registration is the last thing `ready` does before its deadline loop: wait for
        // the PUT that names this run's place.
        let place = match dev_guild {
            Some(g) => format!("/guilds/{g}/commands"),
            None => format!("/applications/{}/commands", FakeDiscord::APPLICATION_ID),
        };
        let puts = |fake: &FakeDiscord| {
            fake.calls()
                .into_iter()
                .filter(|c| c.method == "PUT" && c.path.ends_with("/commands"))
                .count()
        };
        for _ in 0..400 {
            if puts(&fake) >= 2 * (run + 1) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let calls: Vec<Call> = fake
            .calls()
            .into_iter()
            .filter(|c| c.method == "PUT" && c.path.ends_with("/commands"))
            .collect();
        assert_eq!(calls.len(), 2 * (run + 1), "{calls:?}");
        assert!(
            calls
                .iter()
                .any(|c| c.path.ends_with(&place) && c.status == 200),
            "{place}"
        );
        disconnect(stop, running).await;
        let guild_copy = fake.commands(Some(GUILD.0));
        let global_copy = fake.commands(None);
        match dev_guild {
            Some(_) => {
                assert_eq!(guild_copy.len(), 19);
                assert!(global_copy.is_empty(), "no global copy left behind");
            }
            None => {
                assert!(guild_copy.is_empty(), "the development copy is cleared");
                assert_eq!(global_copy.len(), 19);
            }
        }
        for c in guild_copy.iter().chain(&global_copy) {
            assert_eq!(c["contexts"], json!([0]), "{}", c["name"]);
        }
    }
}

/// The bot asks Discord how many shards it recommends (`GET /gateway/bot`) and runs them;
/// `SHARDS=a-b/N` runs only that range of N. The shard each identifies as says which.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shards_are_discords_recommendation_or_the_range_given() {
    let (bot, stop, running) = connect().await;
    let identify = bot.fake.wait_identified(T).await;
    assert_eq!(identify["shard"], json!([0, 1]));
    assert!(bot
        .fake
        .calls()
        .iter()
        .any(|c| c.is("GET", "/api/v10/gateway/bot")));
    disconnect(stop, running).await;

    let range = "1/2".parse().unwrap();
    let (bot, stop, running) =
        connect_sharded(BotOptions::default().defer_after, Some(range)).await;
    let identify = bot.fake.wait_identified(T).await;
    assert_eq!(identify["shard"], json!([1, 2]));
    disconnect(stop, running).await;
}

/// A button that decided its message is removed with it: Accept starts the game and the
/// challenge's message is updated (type 7) to say so, with no buttons; a second press of
/// the old button, or a press by someone else, is answered privately. Decline does the
/// same and pings the challenger in the message that follows. On the old bot the buttons
/// stayed live and every press posted a new message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_are_settled_once_and_later_presses_answered_privately() {
    let (mut bot, stop, running) = connect().await;
    start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;
    // The challenge was #1: press its Accept again, as bob and as carol.
    for presser in [2, 3] {
        let again = bot
            .interact(|id| {
                button(
                    id,
                    GUILD.0,
                    CHANNEL.0,
                    who(presser),
                    "challenge:accept:1",
                    1,
                )
            })
            .await;
        assert_eq!(again.callback_type(), Some(4));
        assert!(again.ephemeral(), "{:?}", again.content());
        assert!(
            again.content().unwrap().contains("already started"),
            "{:?}",
            again.content()
        );
    }

    // A second challenge, declined by bob.
    let challenge = bot.play(sidja_against_bob(json!([]))).await;
    let decline_id = challenge.json["data"]["components"][0]["components"][1]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(decline_id.starts_with("challenge:decline:"));
    let update = bot
        .interact(|id| button(id, GUILD.0, CHANNEL.0, who(2), &decline_id, 2))
        .await;
    assert_eq!(update.callback_type(), Some(7));
    assert_eq!(update.json["data"]["components"], json!([]));
    assert!(update.content().unwrap().contains("was declined"));
    let told = bot.followup().await;
    assert_eq!(mentioned(&told), vec![alice().user.0]);
    let again = bot
        .interact(|id| button(id, GUILD.0, CHANNEL.0, who(2), &decline_id, 2))
        .await;
    assert!(again.ephemeral());
    assert!(
        again.content().unwrap().contains("no longer open"),
        "{:?}",
        again.content()
    );
    disconnect(stop, running).await;
}

/// `/play` takes seega's own options for seega (the game starts with the cross standing),
/// and refuses them privately, saying why, with another variant.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_offers_seegas_options() {
    let (mut bot, stop, running) = connect().await;
    let refused = bot
        .play(sidja_against_bob(json!([string_option(
            "opening", "cross"
        )])))
        .await;
    assert!(refused.ephemeral());
    assert!(
        refused.content().unwrap().contains("is for seega only"),
        "{:?}",
        refused.content()
    );
    let seega = json!([
        string_option("variant", "seega"),
        string_option("opening", "cross"),
        string_option("chain", "2"),
        string_option("blocked", "lose"),
    ]);
    let (game, _) = start_game(&mut bot, sidja_against_bob(seega), &[2]).await;
    let position = bot.position(game).await;
    assert_eq!(
        Value::Object(boardpost::replay::view::options_json(
            &position.game_options()
        )),
        json!({"variant": "seega", "size": 5, "drop": 2,
            "opening": "cross", "chain": "2", "blocked": "lose"})
    );
    assert_eq!(position.pieces().len(), 4);
    disconnect(stop, running).await;
}

/// Notices reach the game wherever it can still be reached: an archived thread (Discord
/// archives idle threads) is reopened and the reminder posted there; a deleted thread is
/// given up for the game's channel, and forgotten, so the next notice goes there at once.
/// On the old bot both reminders were lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_reopen_archived_threads_and_fall_back_to_the_channel() {
    let (mut bot, stop, running) = connect().await;
    let (game, thread) = start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;
    bot.command_in_thread(thread, 1, "move", json!([string_option("text", "a1 b1")]))
        .await;
    bot.fake.archive_thread(thread);
    bot.fake.clear_calls();
    bot.w.clock.advance(36 * 3600);
    let reminder = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", &format!("/api/v10/channels/{thread}/messages")) && c.status == 200,
            T,
        )
        .await;
    assert!(reminder.content().unwrap().contains("half the time"));
    let calls = bot.fake.calls();
    let refused = calls
        .iter()
        .position(|c| c.is("POST", &format!("/api/v10/channels/{thread}/messages")))
        .unwrap();
    assert_eq!(
        calls[refused].response["code"], 50083,
        "first refused: archived"
    );
    assert!(
        calls[refused..]
            .iter()
            .any(|c| c.method == "PATCH" && c.path.ends_with(&format!("/channels/{thread}"))),
        "then reopened"
    );

    bot.fake.delete_channel(thread);
    bot.fake.clear_calls();
    bot.w.clock.advance(12 * 3600);
    let in_channel = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", &format!("/api/v10/channels/{}/messages", CHANNEL.0)),
            T,
        )
        .await;
    assert_eq!(in_channel.status, 200);
    assert!(
        in_channel.content().unwrap().contains("a day"),
        "{:?}",
        in_channel.content()
    );
    let row = bot.w.store.game(GUILD, game).await.unwrap().unwrap();
    assert_eq!(row.thread, None, "the lost thread is forgotten");
    disconnect(stop, running).await;
}

/// In a channel where the bot may not open threads, `/play` says which permissions are
/// missing and what happens; the game then starts and plays in the channel (the failed
/// thread is logged, not fatal), and `/move` works there with the `game` option.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permissions_the_game_plays_in_the_channel() {
    let (mut bot, stop, running) = connect().await;
    bot.fake.deny(
        CHANNEL.0,
        perm::CREATE_PUBLIC_THREADS | perm::SEND_MESSAGES_IN_THREADS,
    );
    let challenge = bot.play(sidja_against_bob(json!([]))).await;
    let text = challenge.content().unwrap();
    assert!(
        text.contains("Create Public Threads, Send Messages in Threads")
            && text.contains("plays in this channel"),
        "{text}"
    );
    let accept_id = challenge.json["data"]["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    bot.interact(|id| button(id, GUILD.0, CHANNEL.0, who(2), &accept_id, 1))
        .await;
    let refused = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", "/api/v10/channels/") && c.path.ends_with("/threads"),
            T,
        )
        .await;
    assert_eq!(refused.response["code"], 50013);
    let game = bot
        .w
        .store
        .games_of(GUILD, alice().user, true)
        .await
        .unwrap()[0]
        .id;
    let row = bot.w.store.game(GUILD, game).await.unwrap().unwrap();
    assert_eq!(row.thread, None);
    let moved = bot.move_in_channel(1, game, "a1 b1").await;
    assert_eq!(moved.callback_type(), Some(4));
    assert!(!moved.ephemeral());
    assert_eq!(mentioned(&moved), vec![bob().user.0]);
    disconnect(stop, running).await;
}

/// The gateway as Discord runs it: op 7 RECONNECT makes the bot resume its session, and
/// an interaction sent while it was away is replayed and answered; op 9 INVALID_SESSION
/// makes it identify afresh, and it goes on answering.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_resumes_after_reconnect_and_identifies_after_an_invalid_session() {
    let (mut bot, stop, running) = connect().await;
    let (_, thread) = start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;
    bot.next_interaction += 1;
    let id = bot.next_interaction;
    // Recorded in the session but never delivered, then the connection drops: the bot
    // can only see it by resuming. (Recording it after the RECONNECT raced the bot's
    // resume: a bot that resumed first never got it, as CI once showed.)
    bot.fake.dispatch_missed(
        "INTERACTION_CREATE",
        in_thread(
            slash_command(
                id,
                GUILD.0,
                thread,
                who(1),
                "move",
                json!([string_option("text", "a1 b1")]),
            ),
            CHANNEL.0,
        ),
    );
    bot.fake.reconnect();
    let replayed = bot.fake.wait_for_callback(id, T).await;
    assert_eq!(replayed.status, 204, "{:?}", replayed.response);
    assert_eq!(png_count(&replayed), 1);
    assert_eq!(bot.fake.resumes_and_identifies(), (1, 1));

    bot.fake.invalidate_session();
    for _ in 0..400 {
        if bot.fake.resumes_and_identifies().1 == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(bot.fake.resumes_and_identifies(), (1, 2));
    let moved = bot
        .command_in_thread(thread, 2, "move", json!([string_option("text", "a2 b2")]))
        .await;
    assert_eq!(moved.status, 204);
    assert!(!moved.ephemeral());
    disconnect(stop, running).await;
}

/// Nothing due is lost: a reminder Discord does not accept (five 500s in a row) stays in
/// the outbox, is tried again after a minute, and shows once. On the old bot it was
/// marked sent before it was posted, and lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_discord_refused_is_tried_again_until_it_is_accepted() {
    let (mut bot, stop, running) = connect().await;
    let (_, thread) = start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;
    bot.command_in_thread(thread, 1, "move", json!([string_option("text", "a1 b1")]))
        .await;
    let route = format!("/api/v10/channels/{thread}/messages");
    bot.fake.fail_next(&route, 5);
    bot.w.clock.advance(36 * 3600);
    // Five tries, all refused: the notice waits in the outbox.
    for _ in 0..400 {
        let failed = bot
            .fake
            .calls()
            .iter()
            .filter(|c| c.is("POST", &route) && c.status == 500)
            .count();
        let waiting = bot.w.store.unsent_notices().await.unwrap();
        if failed == 5 && waiting.first().is_some_and(|(_, attempts)| *attempts == 1) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let waiting = bot.w.store.unsent_notices().await.unwrap();
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0].1, 1, "one failed round");
    // A minute later it is tried again, accepted, and marked sent.
    bot.w.clock.advance(61);
    let posted = bot
        .fake
        .wait_for_call(|c| c.is("POST", &route) && c.status == 200, T)
        .await;
    assert!(posted.content().unwrap().contains("half the time"));
    for _ in 0..400 {
        if bot.w.store.unsent_notices().await.unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(bot.w.store.unsent_notices().await.unwrap().is_empty());
    let shown = bot
        .fake
        .messages_in(thread)
        .iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .is_some_and(|t| t.contains("half the time"))
        })
        .count();
    assert_eq!(shown, 1);
    disconnect(stop, running).await;
}

/// The draw offer's buttons settle too: bob's Accept updates the offer's message (type 7,
/// no buttons left) and the result follows as its own message; a later press is private.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offers_buttons_settle_once() {
    let (mut bot, stop, running) = connect().await;
    let (game, thread) = start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;
    let offer = bot
        .command_in_thread(
            thread,
            1,
            "draw",
            json!([{"type": 1, "name": "offer", "options": []}]),
        )
        .await;
    let accept_id = offer.json["data"]["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(accept_id, format!("draw:accept:{}", game.0));
    let update = bot
        .interact(|id| {
            in_thread(
                button(id, GUILD.0, thread, who(2), &accept_id, 7),
                CHANNEL.0,
            )
        })
        .await;
    assert_eq!(update.callback_type(), Some(7));
    assert_eq!(update.json["data"]["components"], json!([]));
    assert!(update.content().unwrap().contains("was accepted"));
    let result = bot.followup().await;
    assert!(
        result.content().unwrap().contains("Draw agreed"),
        "{:?}",
        result.content()
    );
    let again = bot
        .interact(|id| {
            in_thread(
                button(id, GUILD.0, thread, who(2), &accept_id, 7),
                CHANNEL.0,
            )
        })
        .await;
    assert!(again.ephemeral(), "{:?}", again.content());
    disconnect(stop, running).await;
}

/// A game whose channel the bot may no longer post in (a moderator took Send Messages
/// away): the reminder cannot go to the thread nor the channel, so the player it pings
/// gets it by direct message. On the old bot it was lost without a word.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_the_bot_may_not_post_reminders_come_by_direct_message() {
    let (mut bot, stop, running) = connect().await;
    let (_, thread) = start_game(&mut bot, sidja_against_bob(json!([])), &[2]).await;
    bot.command_in_thread(thread, 1, "move", json!([string_option("text", "a1 b1")]))
        .await;
    bot.fake.deny(
        CHANNEL.0,
        perm::SEND_MESSAGES | perm::SEND_MESSAGES_IN_THREADS,
    );
    bot.fake.clear_calls();
    bot.w.clock.advance(36 * 3600);
    let dm = bot
        .fake
        .wait_for_call(
            |c| {
                c.method == "POST"
                    && c.path.ends_with("/messages")
                    && c.status == 200
                    && c.content().is_some_and(|t| t.contains("half the time"))
            },
            T,
        )
        .await;
    let channel: u64 = dm.path.split('/').nth(4).unwrap().parse().unwrap();
    assert_ne!(channel, thread);
    assert_ne!(channel, CHANNEL.0);
    let opened = bot
        .fake
        .calls()
        .into_iter()
        .find(|c| c.is("POST", "/api/v10/users/@me/channels"))
        .expect("a direct message channel was opened");
    assert_eq!(opened.json["recipient_id"], json!(bob().user.0.to_string()));
    disconnect(stop, running).await;
}

/// A deferred answer whose token has expired by the time it is ready (50027) is not
/// lost either: the stored move's board and ping are posted in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_move_whose_token_expired_is_posted_in_the_channel() {
    let (mut bot, stop, running) = connect_with(Duration::ZERO).await;
    let (game, _) = bot.w.start(&[]).await;
    // The token lives no longer than the defer takes.
    bot.fake
        .set_deadlines(FakeDiscord::FIRST_RESPONSE_WITHIN, Duration::ZERO);
    let deferred = bot.move_in_channel(1, game, "a1 b1").await;
    assert_eq!(deferred.callback_type(), Some(5));
    let posted = bot
        .fake
        .wait_for_call(
            |c| c.is("POST", &format!("/api/v10/channels/{}/messages", CHANNEL.0)),
            T,
        )
        .await;
    assert_eq!(posted.status, 200);
    assert!(posted.files.iter().any(|(name, _)| name.ends_with(".png")));
    assert!(bot
        .fake
        .calls()
        .iter()
        .any(|c| c.method == "PATCH" && c.response["code"] == 50027));
    disconnect(stop, running).await;
}

/// A tournament's games start all at once with no interaction to answer: each is
/// announced in the tournament's channel through the outbox, and gets its own thread
/// from that announcement, recorded for the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournaments_games_get_their_own_threads() {
    let (bot, stop, running) = connect().await;
    let id =
        boardpost_testkit::tournaments::started_round_robin_of_three(&bot.w.table, &bot.w.store)
            .await;
    let record = bot.w.store.tournament(GUILD, id).await.unwrap().unwrap();
    let games: Vec<GameId> = record.pairings.iter().filter_map(|p| p.game).collect();
    assert_eq!(games.len(), 3);
    // Waited for, then checked once the bot is stopped (a failure mid-way would leave
    // it running).
    let deadline = tokio::time::Instant::now() + T;
    let mut without_thread = games.clone();
    while !without_thread.is_empty() && tokio::time::Instant::now() < deadline {
        let mut still = Vec::new();
        for game in without_thread {
            let row = bot.w.store.game(GUILD, game).await.unwrap().unwrap();
            if row.thread.is_none() {
                still.push(game);
            }
        }
        without_thread = still;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let calls = bot.fake.calls();
    disconnect(stop, running).await;
    assert!(
        without_thread.is_empty(),
        "no thread for {without_thread:?}"
    );
    let announced = calls
        .iter()
        .filter(|c| c.is("POST", &format!("/api/v10/channels/{}/messages", CHANNEL.0)))
        .filter(|c| c.status < 300 && c.content().is_some_and(|t| t.contains("begins")))
        .count();
    assert_eq!(announced, 3);
    let threads = calls
        .iter()
        .filter(|c| c.is("POST", "/api/v10/channels/") && c.path.ends_with("/threads"))
        .filter(|c| c.status < 300)
        .count();
    assert_eq!(threads, 3);
}

/// `/tournament SUBCOMMAND` with these options, as Discord sends it.
fn tournament_options(sub: &str, options: Value) -> Value {
    json!([{"type": 1, "name": sub, "options": options}])
}

/// Waits until `check` holds (the bot works on its own tasks), for at most `T`.
async fn eventually<F, Fut>(mut check: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + T;
    while tokio::time::Instant::now() < deadline {
        if check().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// A tournament run from Discord: created with `/tournament create` (its announcement
/// opens the tournament's thread, recorded), entered by two users, refused to a
/// non-organiser's start with what to do, started by its organiser (its game announced
/// in the channel with a thread of its own), its number autocompleted with this server's
/// tournaments only, and exported as a TRF-16 attachment.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_from_slash_commands_to_its_export() {
    use boardpost::table::{TournamentRequest, TournamentSettings};
    let (mut bot, stop, running) = connect().await;
    // Another server's tournament, which autocomplete here must not offer.
    let elsewhere = boardpost::table::Caller::new(
        OTHER_GUILD,
        boardpost::ids::ChannelId(CHANNEL.0 + 1),
        user(5),
        "eve",
    );
    let other = bot
        .w
        .table
        .tournament(
            &elsewhere,
            TournamentRequest::Create(TournamentSettings {
                game: "sidja".into(),
                ..TournamentSettings::default()
            }),
        )
        .await
        .unwrap();
    assert!(other.text.contains("tournament #1"), "{}", other.text);
    let created = bot
        .interact(|id| {
            slash_command(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "tournament",
                tournament_options(
                    "create",
                    json!([
                        string_option("game", "sidja"),
                        string_option("format", "round_robin"),
                        option("players", 4, json!(4)),
                        option("rated", 5, json!(false))
                    ]),
                ),
            )
        })
        .await;
    assert_eq!(created.callback_type(), Some(4));
    assert!(!created.ephemeral());
    let text = created.content().unwrap().to_string();
    assert!(text.contains("**tournament #2**"), "{text}");
    assert!(text.contains("up to 4 players"), "{text}");
    let id = boardpost::ids::TournamentId(2);
    // Its announcement opens the tournament's thread, named for it, and it is recorded.
    let thread_call = bot
        .fake
        .wait_for_call(
            |c| {
                c.is(
                    "POST",
                    &format!("/api/v10/channels/{}/messages/", CHANNEL.0),
                ) && c.path.ends_with("/threads")
            },
            T,
        )
        .await;
    assert_eq!(thread_call.status, 201, "{:?}", thread_call.response);
    assert_eq!(thread_call.json["name"], json!("Tournament #2 · Sidja"));
    let tournament_thread: u64 = thread_call.response["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let store = bot.w.store.clone();
    let recorded = eventually(|| async {
        let record = store.tournament(GUILD, id).await.unwrap().unwrap();
        record.row.thread.map(|t| t.0) == Some(tournament_thread)
    })
    .await;
    // Two users enter.
    for seat in [1, 2] {
        let joined = bot
            .interact(|i| {
                slash_command(
                    i,
                    GUILD.0,
                    CHANNEL.0,
                    who(seat),
                    "tournament",
                    tournament_options("join", json!([option("tournament", 4, json!(2))])),
                )
            })
            .await;
        assert!(
            joined.content().unwrap().contains("#2"),
            "{:?}",
            joined.content()
        );
    }
    // carol neither organises it nor manages the server: her start is refused, saying who
    // may start it.
    let refused = bot
        .interact(|i| {
            let mut payload = slash_command(
                i,
                GUILD.0,
                CHANNEL.0,
                who(3),
                "tournament",
                tournament_options("start", json!([])),
            );
            payload["member"]["permissions"] = json!("2048");
            payload
        })
        .await;
    assert!(refused.ephemeral());
    let refusal = refused.content().unwrap().to_string();
    // The organiser starts it: its one game is announced in the channel and gets a thread.
    let started = bot
        .interact(|i| {
            slash_command(
                i,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "tournament",
                tournament_options("start", json!([option("tournament", 4, json!(2))])),
            )
        })
        .await;
    let started_text = started.content().unwrap().to_string();
    let record = bot.w.store.tournament(GUILD, id).await.unwrap().unwrap();
    let games: Vec<GameId> = record.pairings.iter().filter_map(|p| p.game).collect();
    let game_threads = eventually(|| async {
        for game in &games {
            if store
                .game(GUILD, *game)
                .await
                .unwrap()
                .unwrap()
                .thread
                .is_none()
            {
                return false;
            }
        }
        true
    })
    .await;
    // Autocomplete of the tournament's number offers this server's tournament only.
    bot.next_interaction += 1;
    let complete_id = bot.next_interaction;
    bot.fake
        .dispatch(
            "INTERACTION_CREATE",
            autocomplete(
                complete_id,
                GUILD.0,
                CHANNEL.0,
                who(2),
                "tournament",
                tournament_options("standings", json!([focused_option("tournament", 4, "")])),
            ),
        )
        .await;
    let menu = bot.fake.wait_for_callback(complete_id, T).await;
    // The export comes as a TRF-16 file.
    let export = bot
        .interact(|i| {
            slash_command(
                i,
                GUILD.0,
                CHANNEL.0,
                who(2),
                "tournament",
                tournament_options("export", json!([option("tournament", 4, json!(2))])),
            )
        })
        .await;
    let calls = bot.fake.calls();
    disconnect(stop, running).await;
    assert!(recorded, "the tournament's thread was not recorded");
    assert!(
        refusal.contains("only the organiser of tournament #2"),
        "{refusal}"
    );
    assert!(started_text.contains("#2"), "{started_text}");
    assert_eq!(games.len(), 1);
    assert!(game_threads, "no thread for the tournament's game");
    let announced: Vec<&Call> = calls
        .iter()
        .filter(|c| c.is("POST", &format!("/api/v10/channels/{}/messages", CHANNEL.0)))
        .filter(|c| c.status < 300 && c.content().is_some_and(|t| t.contains("begins")))
        .collect();
    assert_eq!(announced.len(), 1, "the game is announced in the channel");
    let threads = calls
        .iter()
        .filter(|c| c.is("POST", "/api/v10/channels/") && c.path.ends_with("/threads"))
        .filter(|c| c.status < 300)
        .count();
    assert_eq!(threads, 2, "the tournament's thread and its game's");
    assert_eq!(menu.callback_type(), Some(8));
    let choices = menu.json["data"]["choices"].as_array().unwrap().clone();
    assert_eq!(choices.len(), 1, "{choices:?}");
    assert_eq!(choices[0]["value"], json!(2));
    let label = choices[0]["name"].as_str().unwrap();
    assert!(label.starts_with("#2 Sidja"), "{label}");
    assert!(
        label.contains("round-robin · taking entries") || label.contains("round-robin · going on"),
        "{label}"
    );
    assert!(export.ephemeral());
    let (name, bytes) = export.files.first().expect("the export is attached");
    assert_eq!(name, "tournament-2.trf");
    let trf = String::from_utf8(bytes.clone()).unwrap();
    assert!(trf.starts_with("012 "), "{trf}");
}

/// `/puzzle` through serenity: a private board with its buttons, the autocomplete of the
/// puzzle's legal actions, an answer that solves it, then "Next puzzle" and "Show
/// solution" pressed, every reply ephemeral.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_served_answered_and_moved_on_privately() {
    use boardpost::puzzle::{Puzzle, Source, Theme};
    let (mut bot, stop, running) = connect().await;
    let start = AnyGame::new("yote", &[] as &[&str]).unwrap();
    let puzzle = |key: &str, first: usize, rating: i32| Puzzle {
        key: key.to_string(),
        kind: boardpost::games::GameKind::Yote,
        options: Vec::new(),
        moves: Vec::new(),
        line: vec![start.legal()[first].clone()],
        theme: Theme::Capture,
        source: Source::Mined { seed: 1, ply: 0 },
        rating,
    };
    let (first, second) = (puzzle("yote-d1", 0, 1500), puzzle("yote-d2", 2, 1600));
    bot.w
        .table
        .add_puzzles(&[first.clone(), second.clone()], None)
        .await
        .unwrap();
    let served = bot
        .interact(|id| {
            slash_command(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "puzzle",
                json!([string_option("game", "yote")]),
            )
        })
        .await;
    assert_eq!(served.callback_type(), Some(4));
    assert!(served.ephemeral(), "{:?}", served.content());
    assert_eq!(png_count(&served), 1);
    assert!(served.content().unwrap().contains("yote-d1"));
    let buttons = &served.json["data"]["components"][0]["components"];
    let show = buttons[0]["custom_id"].as_str().unwrap().to_string();
    let next = buttons[1]["custom_id"].as_str().unwrap().to_string();
    assert!(show.starts_with("puzzle:show:") && next.starts_with("puzzle:next:"));

    let menu = bot
        .interact(|id| {
            autocomplete(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "puzzle",
                json!([focused_option("move", 3, "")]),
            )
        })
        .await;
    let values: Vec<&str> = menu.json["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["value"].as_str())
        .collect();
    assert!(values.contains(&first.line[0].as_str()), "{values:?}");

    let solved = bot
        .interact(|id| {
            slash_command(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "puzzle",
                json!([string_option("move", &first.line[0])]),
            )
        })
        .await;
    assert!(solved.ephemeral());
    assert!(
        solved.content().unwrap().contains("Solved"),
        "{:?}",
        solved.content()
    );

    let moved_on = bot
        .interact(|id| button(id, GUILD.0, CHANNEL.0, who(1), &next, 1))
        .await;
    assert!(moved_on.ephemeral());
    assert!(
        moved_on.content().unwrap().contains("yote-d2"),
        "{:?}",
        moved_on.content()
    );
    assert_eq!(png_count(&moved_on), 1);
    let show_second = moved_on.json["data"]["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let shown = bot
        .interact(|id| button(id, GUILD.0, CHANNEL.0, who(1), &show_second, 2))
        .await;
    assert!(shown.ephemeral());
    assert!(
        shown.content().unwrap().contains(&second.line[0]),
        "{:?}",
        shown.content()
    );
    // Nothing of it was posted for the channel to see.
    for m in bot.fake.messages_in(CHANNEL.0) {
        let public = m["flags"].as_u64().unwrap_or(0) & 64 == 0;
        let content = m["content"].as_str().unwrap_or("");
        assert!(!(public && content.contains("yote-d")), "public: {m}");
    }
    disconnect(stop, running).await;
}
