//! The fake Discord itself: its interaction payloads deserialize into serenity's types, the
//! recorded payloads in `tests/payloads/` do too, and the real serenity client talks to it
//! end to end (gateway, interaction responses with files, threads, DMs, commands).

use std::sync::Arc;
use std::time::Duration;

use boardpost_testkit::fake_discord::*;
use serde_json::{json, Value};
use serenity::all::{
    AutoArchiveDuration, ButtonStyle, ChannelId, ChannelType, ClientBuilder, Command,
    CommandDataOptionValue, CommandOptionType, ComponentInteractionDataKind, Context,
    CreateActionRow, CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand,
    CreateCommandOption, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateThread, EditInteractionResponse,
    EventHandler, GatewayIntents, GuildId, Http, HttpBuilder, Interaction, InteractionContext,
    MessageId, Ready, UserId,
};
use tokio::sync::mpsc;

const GUILD: u64 = 900_000_000_000_000_001;
const CHANNEL: u64 = 800_000_000_000_000_001;
const ALICE: (u64, &str) = (700_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (700_000_000_000_000_002, "bob");
const T: Duration = Duration::from_secs(10);

/// A 1×1 PNG.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82";

fn parse(v: &Value) -> Interaction {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("not an Interaction: {e}\n{v:#}"))
}

fn fake_http(fake: &FakeDiscord) -> Arc<Http> {
    Arc::new(
        fake.http_builder()
            .application_id(FakeDiscord::APPLICATION_ID.into())
            .build(),
    )
}

/// Every test body runs under this bound, so none can hang.
async fn bounded<F: std::future::Future<Output = ()>>(f: F) {
    tokio::time::timeout(Duration::from_secs(60), f)
        .await
        .expect("test took over 60 s");
}

// ---------------------------------------------------------------------------------------------
// Payload builders

fn slash_move() -> Value {
    slash_command(
        1_250_000_000_000_000_001,
        GUILD,
        CHANNEL,
        ALICE,
        "move",
        json!([string_option("text", "b3-c3")]),
    )
}

fn autocomplete_move() -> Value {
    autocomplete(
        1_250_000_000_000_000_002,
        GUILD,
        CHANNEL,
        ALICE,
        "move",
        json!([focused_option("text", 3, "b3")]),
    )
}

fn button_accept() -> Value {
    button(
        1_250_000_000_000_000_003,
        GUILD,
        CHANNEL,
        BOB,
        "accept:1",
        1_240_000_000_000_000_001,
    )
}

#[test]
fn slash_command_payload_is_a_command_interaction() {
    let v = slash_command(
        11,
        GUILD,
        CHANNEL,
        ALICE,
        "play",
        json!([
            string_option("game", "sidja"),
            user_option("opponent", BOB.0),
            option("days_per_move", 4, json!(3)),
        ]),
    );
    let Interaction::Command(c) = parse(&v) else {
        panic!("not a command")
    };
    assert_eq!(c.id.get(), 11);
    assert_eq!(c.token, interaction_token(11));
    assert_eq!(c.application_id.get(), FakeDiscord::APPLICATION_ID);
    assert_eq!(c.guild_id, Some(GuildId::new(GUILD)));
    assert_eq!(c.channel_id, ChannelId::new(CHANNEL));
    assert_eq!(c.user.id, UserId::new(ALICE.0));
    assert_eq!(c.user.name, "alice");
    assert_eq!(c.member.as_ref().unwrap().user.id, UserId::new(ALICE.0));
    assert_eq!(c.data.name, "play");
    assert_eq!(c.data.id.get(), command_id("play"));
    assert_eq!(c.context, Some(InteractionContext::Guild));
    let opts = &c.data.options;
    assert_eq!(opts.len(), 3);
    assert_eq!(opts[0].name, "game");
    assert_eq!(
        opts[0].value,
        CommandDataOptionValue::String("sidja".into())
    );
    assert_eq!(
        opts[1].value,
        CommandDataOptionValue::User(UserId::new(BOB.0))
    );
    assert_eq!(opts[2].value, CommandDataOptionValue::Integer(3));
}

#[test]
fn autocomplete_payload_has_a_focused_option() {
    let Interaction::Autocomplete(c) = parse(&autocomplete_move()) else {
        panic!("not autocomplete")
    };
    assert_eq!(c.data.name, "move");
    let focused = c.data.autocomplete().expect("a focused option");
    assert_eq!(focused.name, "text");
    assert_eq!(focused.value, "b3");
    assert_eq!(focused.kind, CommandOptionType::String);
    assert_eq!(c.user.id, UserId::new(ALICE.0));
}

#[test]
fn button_payload_is_a_component_interaction() {
    let Interaction::Component(b) = parse(&button_accept()) else {
        panic!("not a component")
    };
    assert_eq!(b.data.custom_id, "accept:1");
    assert!(matches!(b.data.kind, ComponentInteractionDataKind::Button));
    assert_eq!(b.message.id, MessageId::new(1_240_000_000_000_000_001));
    assert_eq!(b.message.author.id.get(), FakeDiscord::BOT_USER_ID);
    assert_eq!(b.user.id, UserId::new(BOB.0));
    assert_eq!(b.guild_id, Some(GuildId::new(GUILD)));
    assert_eq!(b.channel_id, ChannelId::new(CHANNEL));
}

#[test]
fn dm_and_thread_variants_deserialize() {
    let dm = slash_command(12, 0, 555, BOB, "games", json!([]));
    let Interaction::Command(c) = parse(&dm) else {
        panic!("not a command")
    };
    assert_eq!(c.guild_id, None);
    assert!(c.member.is_none());
    assert_eq!(c.user.id, UserId::new(BOB.0));
    assert_eq!(c.channel.as_ref().unwrap().kind, ChannelType::Private);

    let t = in_thread(
        slash_command(13, GUILD, 444, ALICE, "board", json!([])),
        CHANNEL,
    );
    let Interaction::Command(c) = parse(&t) else {
        panic!("not a command")
    };
    let ch = c.channel.unwrap();
    assert_eq!(ch.kind, ChannelType::PublicThread);
    assert_eq!(ch.parent_id, Some(ChannelId::new(CHANNEL)));
}

/// The recorded payloads in tests/payloads/ deserialize, and are what the builders make.
/// `BOARDPOST_WRITE_PAYLOADS=1` rewrites them from the builders.
#[test]
fn recorded_payloads_deserialize() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("payloads");
    let cases = [
        ("slash_move.json", slash_move()),
        ("autocomplete_move.json", autocomplete_move()),
        ("button_accept.json", button_accept()),
    ];
    for (file, built) in cases {
        let path = dir.join(file);
        if std::env::var_os("BOARDPOST_WRITE_PAYLOADS").is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            let text = serde_json::to_string_pretty(&built).unwrap() + "\n";
            std::fs::write(&path, text).unwrap();
        }
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let recorded: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(recorded, built, "{file} differs from its builder");
        let i = parse(&recorded);
        match (file, i) {
            ("slash_move.json", Interaction::Command(c)) => {
                assert_eq!(c.data.name, "move");
                assert_eq!(
                    c.data.options[0].value,
                    CommandDataOptionValue::String("b3-c3".into())
                );
            }
            ("autocomplete_move.json", Interaction::Autocomplete(c)) => {
                assert_eq!(c.data.autocomplete().unwrap().value, "b3");
            }
            ("button_accept.json", Interaction::Component(b)) => {
                assert_eq!(b.data.custom_id, "accept:1");
            }
            (file, other) => panic!("{file}: wrong kind {:?}", other.kind()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// End to end with serenity's client

struct Handler {
    errors: mpsc::UnboundedSender<String>,
    ready: mpsc::UnboundedSender<(u64, u64)>,
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, _ctx: Context, ready: Ready) {
        let _ = self
            .ready
            .send((ready.user.id.get(), ready.application.id.get()));
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match interaction {
            Interaction::Command(c) => {
                let msg = CreateInteractionResponseMessage::new()
                    .content("pong")
                    .add_file(CreateAttachment::bytes(PNG, "b.png"));
                c.create_response(&ctx, CreateInteractionResponse::Message(msg))
                    .await
            }
            Interaction::Autocomplete(c) => {
                let typed = c.data.autocomplete().map(|o| o.value.to_string());
                let choices = CreateAutocompleteResponse::new()
                    .add_string_choice("b3-c3", "b3-c3")
                    .add_string_choice(format!("typed {}", typed.unwrap_or_default()), "x");
                c.create_response(&ctx, CreateInteractionResponse::Autocomplete(choices))
                    .await
            }
            Interaction::Component(b) => {
                let update = CreateInteractionResponseMessage::new()
                    .content("accepted")
                    .components(vec![]);
                let r = b
                    .create_response(&ctx, CreateInteractionResponse::UpdateMessage(update))
                    .await;
                match r {
                    Err(e) => Err(e),
                    Ok(()) => {
                        let thread = b
                            .channel_id
                            .create_thread_from_message(
                                &ctx,
                                b.message.id,
                                CreateThread::new("sidja: alice vs bob"),
                            )
                            .await;
                        match thread {
                            Err(e) => Err(e),
                            Ok(t) => {
                                t.id.send_message(
                                    &ctx,
                                    CreateMessage::new()
                                        .content(format!("<@{}> to move", ALICE.0))
                                        .add_file(CreateAttachment::bytes(PNG, "board.png")),
                                )
                                .await
                                .map(|_| ())
                            }
                        }
                    }
                }
            }
            _ => Ok(()),
        };
        if let Err(e) = result {
            let _ = self.errors.send(e.to_string());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_client_end_to_end() {
    bounded(async {
        let fake = FakeDiscord::start().await;
        // serenity 0.12.5 ignores the proxy while its ratelimiter is on.
        let http = HttpBuilder::new(FakeDiscord::TOKEN)
            .proxy(fake.http_url.clone())
            .ratelimiter_disabled(true)
            .build();
        let (errors_tx, mut errors) = mpsc::unbounded_channel();
        let (ready_tx, mut ready) = mpsc::unbounded_channel();
        let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
            .event_handler(Handler {
                errors: errors_tx,
                ready: ready_tx,
            })
            .await
            .expect("client");
        let shards = client.shard_manager.clone();
        let client_http = client.http.clone();
        let running = tokio::spawn(async move { client.start().await });

        let identify = fake.wait_identified(T).await;
        assert_eq!(
            identify["token"].as_str().unwrap().trim_start_matches("Bot "),
            FakeDiscord::TOKEN
        );
        assert_eq!(identify["intents"], json!(GatewayIntents::GUILDS.bits()));
        assert!(fake.calls().iter().any(|c| c.path == "/api/v10/gateway"));
        let (user, app) = tokio::time::timeout(T, ready.recv()).await.unwrap().unwrap();
        assert_eq!(user, FakeDiscord::BOT_USER_ID);
        assert_eq!(app, FakeDiscord::APPLICATION_ID);
        assert_eq!(client_http.application_id().map(|a| a.get()), Some(app));

        // Slash command → response with content and a file (multipart).
        let seq = fake.dispatch("INTERACTION_CREATE", slash_move()).await;
        assert_eq!(seq, 2, "READY was 1");
        let cb = fake.wait_for_callback(1_250_000_000_000_000_001, T).await;
        assert_eq!(cb.status, 204);
        assert_eq!(cb.callback_type(), Some(4));
        assert_eq!(cb.content(), Some("pong"));
        assert_eq!(cb.files.len(), 1);
        assert_eq!(cb.files[0].0, "b.png");
        assert_eq!(cb.files[0].1, PNG);
        assert_eq!(cb.authorization.as_deref().map(|a| a.starts_with("Bot ")), Some(true));
        let original = fake
            .message(fake.original_message_id(&interaction_token(1_250_000_000_000_000_001)).unwrap())
            .unwrap();
        assert_eq!(original["content"], "pong");
        assert_eq!(original["attachments"][0]["filename"], "b.png");
        assert_eq!(original["attachments"][0]["width"], 1);

        // Autocomplete → choices.
        fake.dispatch("INTERACTION_CREATE", autocomplete_move()).await;
        let cb = fake.wait_for_callback(1_250_000_000_000_000_002, T).await;
        assert_eq!(cb.callback_type(), Some(8));
        let choices = cb.json["data"]["choices"].as_array().unwrap();
        assert_eq!(choices[0]["name"], "b3-c3");
        assert_eq!(choices[1]["name"], "typed b3");

        // Button on a posted message → update it, open a thread, post the board there.
        let challenge = fake_http(&fake)
            .send_message(
                ChannelId::new(CHANNEL),
                vec![],
                &json!({"content": "alice challenges bob", "components": [{
                    "type": 1,
                    "components": [{"type": 2, "style": 3, "label": "Accept", "custom_id": "accept:1"}]
                }]}),
            )
            .await
            .expect("challenge posted");
        let click = button_on_message(
            1_250_000_000_000_000_004,
            GUILD,
            CHANNEL,
            BOB,
            "accept:1",
            fake.message(challenge.id.get()).unwrap(),
        );
        fake.dispatch("INTERACTION_CREATE", click).await;
        let cb = fake.wait_for_callback(1_250_000_000_000_000_004, T).await;
        assert_eq!(cb.callback_type(), Some(7));
        let thread_call = fake
            .wait_for_call(|c| c.is("POST", "/channels/") && c.path.ends_with("/threads"), T)
            .await;
        assert_eq!(thread_call.status, 201);
        assert_eq!(thread_call.json["name"], "sidja: alice vs bob");
        let thread_id = challenge.id.get(); // a thread from a message takes the message's id
        let board = fake
            .wait_for_call(|c| c.is("POST", &format!("/channels/{thread_id}/messages")), T)
            .await;
        assert_eq!(board.status, 200);
        assert_eq!(board.files[0].0, "board.png");
        assert_eq!(board.response["mentions"][0]["id"], ALICE.0.to_string());
        let updated = fake.message(challenge.id.get()).unwrap();
        assert_eq!(updated["content"], "accepted");
        assert_eq!(updated["components"], json!([]));
        assert_eq!(updated["thread"]["id"], thread_id.to_string());

        if let Ok(e) = errors.try_recv() {
            panic!("the handler got an error: {e}");
        }
        assert!(fake.unknown_calls().is_empty(), "{:#?}", fake.unknown_calls());
        let frames = fake.gateway_frames();
        assert_eq!(frames[0]["op"], 2, "Identify is the first frame: {frames:?}");

        shards.shutdown_all().await;
        let stopped = tokio::time::timeout(T, running).await;
        assert!(stopped.is_ok(), "the client did not stop");
    })
    .await;
}

// ---------------------------------------------------------------------------------------------
// REST shapes, through serenity's Http

#[tokio::test]
async fn interaction_responses_round_trip() {
    bounded(async {
        let fake = FakeDiscord::start().await;
        let http = fake_http(&fake);
        let v = slash_command(21, GUILD, CHANNEL, ALICE, "board", json!([]));
        // The fake learns the interaction's channel when it is dispatched; without a shard,
        // the default channel is used, which is the same here.
        let Interaction::Command(c) = parse(&v) else {
            unreachable!()
        };

        let defer = CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(true),
        );
        c.create_response(&http, defer.clone())
            .await
            .expect("defer");
        let again = c
            .create_response(&http, defer)
            .await
            .expect_err("second ack");
        assert!(
            again.to_string().contains("already been acknowledged"),
            "{again}"
        );

        let thinking = c.get_response(&http).await.expect("@original after defer");
        assert_eq!(thinking.content, "");
        assert!(fake.calls()[0].ephemeral());
        assert_eq!(
            thinking.flags.unwrap().bits(),
            64 | 128,
            "ephemeral, loading"
        );
        let edited = c
            .edit_response(
                &http,
                EditInteractionResponse::new()
                    .content("the board")
                    .new_attachment(CreateAttachment::bytes(PNG, "board.png"))
                    .components(vec![CreateActionRow::Buttons(vec![CreateButton::new(
                        "draw:accept",
                    )
                    .label("Accept draw")
                    .style(ButtonStyle::Success)])]),
            )
            .await
            .expect("edit @original with a file");
        assert_eq!(edited.id, thinking.id);
        assert_eq!(edited.content, "the board");
        assert_eq!(edited.attachments[0].filename, "board.png");
        assert_eq!(edited.attachments[0].size, PNG.len() as u32);
        assert_eq!(edited.components.len(), 1);
        assert_eq!(edited.channel_id, ChannelId::new(CHANNEL));
        assert_eq!(edited.flags.unwrap().bits(), 64, "no longer loading");

        let again = c.get_response(&http).await.unwrap();
        assert_eq!(again.content, "the board");

        let follow = c
            .create_followup(
                &http,
                CreateInteractionResponseFollowup::new()
                    .content(format!("<@{}> your move", BOB.0))
                    .add_file(CreateAttachment::bytes(b"1. b3-c3\n".to_vec(), "game.txt")),
            )
            .await
            .expect("follow-up");
        assert_ne!(follow.id, edited.id);
        assert_eq!(follow.mentions[0].id, UserId::new(BOB.0));
        let call = fake
            .wait_for_call(|c| c.is("POST", "/webhooks/") && c.status == 200, T)
            .await;
        assert_eq!(
            call.files,
            vec![("game.txt".to_string(), b"1. b3-c3\n".to_vec())]
        );
    })
    .await;
}

#[tokio::test]
async fn channels_threads_dms_and_commands() {
    bounded(async {
        let fake = FakeDiscord::start().await;
        let http = fake_http(&fake);

        let posted = ChannelId::new(CHANNEL)
            .send_message(
                &http,
                CreateMessage::new()
                    .content("challenge")
                    .add_file(CreateAttachment::bytes(PNG, "b.png"))
                    .button(CreateButton::new("accept:7").label("Accept"))
                    .button(
                        CreateButton::new("decline:7")
                            .label("Decline")
                            .style(ButtonStyle::Danger),
                    ),
            )
            .await
            .expect("message with a file and buttons");
        assert_eq!(posted.content, "challenge");
        assert_eq!(posted.attachments[0].filename, "b.png");
        assert_eq!(posted.components[0].components.len(), 2);

        let thread = ChannelId::new(CHANNEL)
            .create_thread_from_message(
                &http,
                posted.id,
                CreateThread::new("yote: a vs b")
                    .auto_archive_duration(AutoArchiveDuration::OneWeek),
            )
            .await
            .expect("thread");
        assert_eq!(thread.kind, ChannelType::PublicThread);
        assert_eq!(thread.name, "yote: a vs b");
        assert_eq!(thread.parent_id, Some(ChannelId::new(CHANNEL)));
        assert_eq!(thread.guild_id, GuildId::new(FakeDiscord::GUILD_ID));
        assert_eq!(
            thread.thread_metadata.unwrap().auto_archive_duration,
            AutoArchiveDuration::OneWeek
        );
        thread
            .id
            .send_message(&http, CreateMessage::new().content("in the thread"))
            .await
            .expect("post in the thread");
        assert_eq!(fake.messages_in(thread.id.get()).len(), 1);
        let fetched = http.get_channel(thread.id).await.expect("GET thread");
        assert!(fetched.guild().is_some());

        // DMs: open, then closed.
        let dm = UserId::new(ALICE.0)
            .create_dm_channel(&http)
            .await
            .expect("DM channel");
        assert_eq!(dm.recipient.id, UserId::new(ALICE.0));
        dm.id
            .send_message(&http, CreateMessage::new().content("your turn"))
            .await
            .expect("open DMs");
        fake.close_dms_of(BOB.0);
        let dm_bob = UserId::new(BOB.0).create_dm_channel(&http).await.unwrap();
        let err = dm_bob
            .id
            .send_message(&http, CreateMessage::new().content("your turn"))
            .await
            .expect_err("closed DMs");
        match err {
            serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
                assert_eq!(r.status_code.as_u16(), 403);
                assert_eq!(r.error.code, 50007);
            }
            other => panic!("unexpected error {other:?}"),
        }

        // Commands: bulk overwrite, globally and per guild; ids are stable across overwrites.
        let commands = || {
            vec![
                CreateCommand::new("move")
                    .description("Make a move")
                    .add_option(
                        CreateCommandOption::new(CommandOptionType::String, "text", "The move")
                            .required(true)
                            .set_autocomplete(true),
                    ),
                CreateCommand::new("board").description("Show the board"),
            ]
        };
        let global = Command::set_global_commands(&http, commands())
            .await
            .expect("global");
        assert_eq!(global.len(), 2);
        assert_eq!(global[0].name, "move");
        assert!(global[0].options[0].autocomplete);
        let again = Command::set_global_commands(&http, commands())
            .await
            .unwrap();
        assert_eq!(again[0].id, global[0].id);
        let guild = GuildId::new(GUILD)
            .set_commands(&http, commands())
            .await
            .expect("guild");
        assert_eq!(guild[1].guild_id, Some(GuildId::new(GUILD)));
        assert_eq!(fake.commands(Some(GUILD)).len(), 2);

        http.get_current_user().await.expect("users/@me");
        http.get_current_application_info()
            .await
            .expect("oauth2/applications/@me");
        let gw = http.get_bot_gateway().await.expect("gateway/bot");
        assert_eq!(gw.url, fake.gateway_url);
        assert!(
            fake.unknown_calls().is_empty(),
            "{:#?}",
            fake.unknown_calls()
        );
    })
    .await;
}

#[tokio::test]
async fn failures_and_unknown_routes() {
    bounded(async {
        let fake = FakeDiscord::start().await;
        let http = fake_http(&fake);
        fake.fail_next("/channels/", 2);
        let send =
            || ChannelId::new(CHANNEL).send_message(&http, CreateMessage::new().content("x"));
        for _ in 0..2 {
            let err = send().await.expect_err("failing");
            assert!(err.to_string().contains("500"), "{err}");
        }
        send().await.expect("recovered after two failures");

        assert!(http.get_guild(GuildId::new(GUILD)).await.is_err());
        let unknown = fake.unknown_calls();
        assert_eq!(unknown.len(), 1);
        assert_eq!(unknown[0].method, "GET");
        assert_eq!(unknown[0].path, format!("/api/v10/guilds/{GUILD}"));
        assert_eq!(
            unknown[0].response,
            json!({"message": "404: Not Found", "code": 0})
        );

        let statuses: Vec<u16> = fake.calls().iter().map(|c| c.status).collect();
        assert_eq!(statuses, vec![500, 500, 200, 404]);
    })
    .await;
}

#[tokio::test]
async fn waiting_for_a_call_that_never_comes_panics_in_time() {
    let fake = FakeDiscord::start().await;
    let started = std::time::Instant::now();
    let waited = tokio::spawn(async move {
        fake.wait_for_call(|c| c.path == "/never", Duration::from_millis(200))
            .await
    })
    .await;
    assert!(waited.is_err(), "should panic");
    assert!(started.elapsed() < Duration::from_secs(5));
}
