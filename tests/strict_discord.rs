//! The strict fake Discord: each of Discord's documented rules that it enforces, shown
//! rejecting a bad request (as a pure check, and over HTTP with Discord's error codes),
//! and the bot's own command definitions passing every one of them.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::discord_rules::*;
use common::fake_discord::*;
use serde_json::{json, Value};
use serenity::all::{
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse, Http,
};

const GUILD: u64 = 900_000_000_000_000_001;
const CHANNEL: u64 = 800_000_000_000_000_001;
const ALICE: (u64, &str) = (700_000_000_000_000_001, "alice");

fn command(options: Value) -> Value {
    json!({"name": "play", "description": "Challenge someone", "type": 1, "options": options})
}

fn string_opt(name: &str, required: bool) -> Value {
    json!({"type": 3, "name": name, "description": "d", "required": required})
}

fn rejected(checked: Checked, path_part: &str) {
    let violation = checked.expect_err("the rule rejects the request");
    assert!(
        violation.path.contains(path_part),
        "{violation:?} does not name {path_part}"
    );
    let body = violation.body();
    assert_eq!(body["code"], 50035);
    assert_eq!(body["message"], "Invalid Form Body");
}

#[test]
fn the_bots_commands_pass_every_rule() {
    let list = serde_json::to_value(boardpost::discord::commands::all()).unwrap();
    assert_eq!(check_commands(&list), Ok(()));
    // Every command is for servers only: no copy in DMs.
    for c in list.as_array().unwrap() {
        assert_eq!(c["contexts"], json!([0]), "{}", c["name"]);
    }
}

#[test]
fn command_names_are_lower_case_and_at_most_32() {
    assert_eq!(check_command("0", &command(json!([]))), Ok(()));
    let mut c = command(json!([]));
    c["name"] = json!("Play");
    rejected(check_command("0", &c), "name");
    c["name"] = json!("p".repeat(33));
    rejected(check_command("0", &c), "name");
    c["name"] = json!("play now");
    rejected(check_command("0", &c), "name");
    rejected(
        check_command("0", &command(json!([string_opt("Text", false)]))),
        "options.0.name",
    );
}

#[test]
fn descriptions_are_1_to_100_characters() {
    let mut c = command(json!([]));
    c["description"] = json!("d".repeat(101));
    rejected(check_command("0", &c), "description");
    c["description"] = json!("");
    rejected(check_command("0", &c), "description");
    let mut o = string_opt("text", false);
    o["description"] = json!("d".repeat(101));
    rejected(
        check_command("0", &command(json!([o]))),
        "options.0.description",
    );
}

#[test]
fn required_options_come_before_optional_ones() {
    let ok = command(json!([string_opt("a", true), string_opt("b", false)]));
    assert_eq!(check_command("0", &ok), Ok(()));
    let bad = command(json!([string_opt("a", false), string_opt("b", true)]));
    rejected(check_command("0", &bad), "options.1");
}

#[test]
fn at_most_25_options_and_25_choices() {
    let many: Vec<Value> = (0..26)
        .map(|i| string_opt(&format!("o{i}"), false))
        .collect();
    rejected(check_command("0", &command(json!(many))), "options");
    let mut o = string_opt("text", false);
    o["choices"] = json!((0..26)
        .map(|i| json!({"name": format!("c{i}"), "value": format!("c{i}")}))
        .collect::<Vec<_>>());
    rejected(check_command("0", &command(json!([o]))), "choices");
}

#[test]
fn choice_values_match_the_option_type() {
    let integer = |value: Value| {
        command(json!([{"type": 4, "name": "days", "description": "d",
            "choices": [{"name": "1 day", "value": value}]}]))
    };
    assert_eq!(check_command("0", &integer(json!(1))), Ok(()));
    rejected(check_command("0", &integer(json!("1"))), "choices.0.value");
    let string = command(json!([{"type": 3, "name": "variant", "description": "d",
        "choices": [{"name": "sudan", "value": 5}]}]));
    rejected(check_command("0", &string), "choices.0.value");
}

#[test]
fn localizations_keep_the_same_limits() {
    let mut c = command(json!([]));
    c["name_localizations"] = json!({"ru": "Играть"});
    rejected(check_command("0", &c), "name_localizations.ru");
    let mut c = command(json!([]));
    c["description_localizations"] = json!({"ru": "д".repeat(101)});
    rejected(check_command("0", &c), "description_localizations.ru");
    let mut c = command(json!([]));
    c["name_localizations"] = json!({"ru": "играть"});
    assert_eq!(check_command("0", &c), Ok(()));
}

#[test]
fn contexts_are_0_1_or_2() {
    let mut c = command(json!([]));
    c["contexts"] = json!([0, 3]);
    rejected(check_command("0", &c), "contexts");
}

#[test]
fn message_content_is_at_most_2000_characters() {
    assert_eq!(
        check_message(&json!({"content": "é".repeat(2_000)})),
        Ok(())
    );
    rejected(
        check_message(&json!({"content": "é".repeat(2_001)})),
        "content",
    );
}

#[test]
fn components_are_5_rows_of_5_with_short_custom_ids() {
    let button = |id: &str| json!({"type": 2, "style": 1, "label": "Accept", "custom_id": id});
    let row = |n: usize| json!({"type": 1, "components": (0..n).map(|i| button(&format!("b{i}"))).collect::<Vec<_>>()});
    assert_eq!(check_message(&json!({"components": [row(5)]})), Ok(()));
    rejected(
        check_message(&json!({"components": [row(6)]})),
        "components.0",
    );
    rejected(
        check_message(&json!({"components": [row(1), row(1), row(1), row(1), row(1), row(1)]})),
        "components",
    );
    let long = json!({"type": 1, "components": [button(&"x".repeat(101))]});
    rejected(check_message(&json!({"components": [long]})), "custom_id");
}

#[test]
fn allowed_mentions_have_their_documented_shape() {
    let ok = json!({"allowed_mentions": {"parse": [], "users": ["1"]}});
    assert_eq!(check_message(&ok), Ok(()));
    let both = json!({"allowed_mentions": {"parse": ["users"], "users": ["1"]}});
    rejected(check_message(&both), "allowed_mentions.users");
    let unknown = json!({"allowed_mentions": {"parse": ["channels"]}});
    rejected(check_message(&unknown), "allowed_mentions.parse");
}

#[test]
fn autocomplete_results_are_25_choices_of_the_options_type() {
    let choice = |v: Value| json!({"name": "#1 sidja", "value": v});
    assert_eq!(
        check_autocomplete(&json!({"choices": [choice(json!(1))]}), 4),
        Ok(())
    );
    rejected(
        check_autocomplete(&json!({"choices": [choice(json!("1"))]}), 4),
        "value",
    );
    let many: Vec<Value> = (0..26).map(|i| choice(json!(format!("m{i}")))).collect();
    rejected(check_autocomplete(&json!({"choices": many}), 3), "choices");
    rejected(
        check_autocomplete(
            &json!({"choices": [{"name": "n".repeat(101), "value": "x"}]}),
            3,
        ),
        "name",
    );
}

// ---------------------------------------------------------------------------------------------
// Over HTTP, with serenity's client and Discord's error codes

fn http(fake: &FakeDiscord) -> Arc<Http> {
    Arc::new(
        fake.http_builder()
            .application_id(FakeDiscord::APPLICATION_ID.into())
            .build(),
    )
}

/// Discord's error code in a refused request's body.
fn code(error: serenity::Error) -> isize {
    match error {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => r.error.code,
        other => panic!("not a refusal from Discord: {other}"),
    }
}

async fn dispatched(fake: &FakeDiscord, id: u64) -> String {
    fake.register_interaction(&slash_command(
        id,
        GUILD,
        CHANNEL,
        ALICE,
        "board",
        json!([]),
    ));
    interaction_token(id)
}

#[tokio::test]
async fn bad_requests_get_invalid_form_body_over_http() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    // serenity's builder refuses this itself; the raw client sends it as it is.
    let long = json!({"content": "x".repeat(2_001)});
    let err = http
        .send_message(CHANNEL.into(), vec![], &long)
        .await
        .unwrap_err();
    assert_eq!(code(err), 50035);
    let bad = serenity::all::CreateCommand::new("Play").description("d");
    let err = serenity::all::GuildId::new(GUILD)
        .set_commands(&http, vec![bad])
        .await
        .unwrap_err();
    assert_eq!(code(err), 50035);
}

#[tokio::test]
async fn a_first_response_after_3_seconds_gets_10062_and_a_token_after_15_minutes_50027() {
    let fake = FakeDiscord::start().await;
    // A shortened clock: 1 s for the first response, 2 s of token life (margins wide
    // enough for a loaded machine).
    fake.set_deadlines(Duration::from_millis(1_000), Duration::from_millis(2_000));
    let http = http(&fake);
    let token = dispatched(&fake, 1_250_000_000_000_000_101).await;
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let late = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new().content("too late"),
    );
    let err = http
        .create_interaction_response(1_250_000_000_000_000_101.into(), &token, &late, vec![])
        .await
        .unwrap_err();
    assert_eq!(code(err), 10062);

    let token = dispatched(&fake, 1_250_000_000_000_000_102).await;
    let defer = CreateInteractionResponse::Defer(Default::default());
    http.create_interaction_response(1_250_000_000_000_000_102.into(), &token, &defer, vec![])
        .await
        .expect("in time");
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    let err = http
        .edit_original_interaction_response(
            &token,
            &EditInteractionResponse::new().content("expired"),
            vec![],
        )
        .await
        .unwrap_err();
    assert_eq!(code(err), 50027);
}

#[tokio::test]
async fn a_deferred_responses_privacy_is_fixed_when_it_is_deferred() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let id = 1_250_000_000_000_000_201;
    let token = dispatched(&fake, id).await;
    let public_defer = CreateInteractionResponse::Defer(Default::default());
    http.create_interaction_response(id.into(), &token, &public_defer, vec![])
        .await
        .unwrap();
    // Asking for an ephemeral edit does not make the public message private.
    let edited = http
        .edit_original_interaction_response(
            &token,
            &json!({"content": "your secret", "flags": 64}),
            vec![],
        )
        .await
        .unwrap();
    assert!(edited.flags.is_none_or(|f| f.bits() & 64 == 0));

    // The first follow-up of a response still thinking replaces it, privacy and all.
    let id = 1_250_000_000_000_000_202;
    let token = dispatched(&fake, id).await;
    http.create_interaction_response(id.into(), &token, &public_defer, vec![])
        .await
        .unwrap();
    let followup = CreateInteractionResponseFollowup::new()
        .content("meant to be private")
        .ephemeral(true);
    let sent = http
        .create_followup_message(&token, &followup, vec![])
        .await
        .unwrap();
    assert_eq!(Some(sent.id.get()), fake.original_message_id(&token));
    assert!(sent.flags.is_none_or(|f| f.bits() & 64 == 0));
}

#[tokio::test]
async fn an_enforced_nonce_posts_one_message_however_often_it_is_sent() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let body = json!({"content": "alice plays a1 b1", "nonce": "1250000000000000301", "enforce_nonce": true});
    let first = http
        .send_message(CHANNEL.into(), vec![], &body)
        .await
        .unwrap();
    let again = http
        .send_message(CHANNEL.into(), vec![], &body)
        .await
        .unwrap();
    assert_eq!(first.id, again.id);
    assert_eq!(fake.messages_in(CHANNEL).len(), 1);
    // Without enforce_nonce, Discord posts every time.
    let loose = json!({"content": "hello", "nonce": "x"});
    http.send_message(CHANNEL.into(), vec![], &loose)
        .await
        .unwrap();
    http.send_message(CHANNEL.into(), vec![], &loose)
        .await
        .unwrap();
    assert_eq!(fake.messages_in(CHANNEL).len(), 3);
}

fn status_and_code(error: serenity::Error) -> (u16, isize) {
    match error {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            (r.status_code.as_u16(), r.error.code)
        }
        other => panic!("not a refusal from Discord: {other}"),
    }
}

async fn new_thread(http: &Http, parent: u64) -> u64 {
    let thread = http
        .create_thread(
            parent.into(),
            &json!({"name": "sidja #1", "type": 11, "auto_archive_duration": 10080}),
            None,
        )
        .await
        .unwrap();
    thread.id.get()
}

#[tokio::test]
async fn channel_permissions_refuse_with_50001_and_50013() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let text = json!({"content": "hello"});
    let hidden = CHANNEL + 1;
    fake.deny(hidden, perm::VIEW_CHANNEL);
    let err = http
        .send_message(hidden.into(), vec![], &text)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (403, 50001));
    let mute = CHANNEL + 2;
    fake.deny(mute, perm::SEND_MESSAGES);
    let err = http
        .send_message(mute.into(), vec![], &text)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (403, 50013));
    let no_files = CHANNEL + 3;
    fake.deny(no_files, perm::ATTACH_FILES);
    http.send_message(no_files.into(), vec![], &text)
        .await
        .expect("text alone may be sent");
    let file = serenity::all::CreateAttachment::bytes(b"x".to_vec(), "board.png");
    let err = http
        .send_message(no_files.into(), vec![file], &text)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (403, 50013));
    let no_threads = CHANNEL + 4;
    fake.deny(no_threads, perm::CREATE_PUBLIC_THREADS);
    let err = http
        .create_thread(no_threads.into(), &json!({"name": "t", "type": 11}), None)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (403, 50013));
    // A thread inherits its parent's: no Send Messages in Threads there, no post.
    let parent = CHANNEL + 5;
    let thread = new_thread(&http, parent).await;
    fake.deny(parent, perm::SEND_MESSAGES_IN_THREADS);
    let err = http
        .send_message(thread.into(), vec![], &text)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (403, 50013));
}

#[tokio::test]
async fn archived_locked_and_deleted_threads_refuse_with_their_codes() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let text = json!({"content": "your move"});
    let thread = new_thread(&http, CHANNEL).await;
    fake.archive_thread(thread);
    let err = http
        .send_message(thread.into(), vec![], &text)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (400, 50083));
    // The bot may reopen a thread it made, then post.
    http.edit_thread(thread.into(), &json!({"archived": false}), None)
        .await
        .unwrap();
    http.send_message(thread.into(), vec![], &text)
        .await
        .unwrap();

    fake.lock_thread(thread);
    let err = http
        .send_message(thread.into(), vec![], &text)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (403, 160005));
    fake.deny(CHANNEL, perm::MANAGE_THREADS);
    let err = http
        .edit_thread(thread.into(), &json!({"locked": false}), None)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (403, 50013));

    let gone = new_thread(&http, CHANNEL + 9).await;
    fake.delete_channel(gone);
    let err = http
        .send_message(gone.into(), vec![], &text)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (404, 10003));
}

#[tokio::test]
async fn chosen_routes_answer_429_with_retry_after_and_5xx() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let text = json!({"content": "hello"});
    fake.rate_limit("/channels/", 1, 0.25);
    let err = http
        .send_message(CHANNEL.into(), vec![], &text)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err).0, 429);
    let limited = fake.calls().last().unwrap().clone();
    assert_eq!(limited.response["retry_after"], json!(0.25));
    http.send_message(CHANNEL.into(), vec![], &text)
        .await
        .unwrap();
    fake.fail_next("/channels/", 1);
    let err = http
        .send_message(CHANNEL.into(), vec![], &text)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err).0, 500);
}

#[tokio::test]
async fn closed_direct_messages_refuse_with_50007() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let user = ALICE.0;
    fake.close_dms_of(user);
    let dm = http
        .create_private_channel(&json!({"recipient_id": user.to_string()}))
        .await
        .unwrap();
    let err = http
        .send_message(dm.id, vec![], &json!({"content": "your move"}))
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (403, 50007));
}
