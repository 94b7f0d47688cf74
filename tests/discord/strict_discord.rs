//! The strict fake Discord: each of Discord's documented rules that it enforces, shown
//! rejecting a bad request (as a pure check, and over HTTP with Discord's error codes),
//! and the bot's own command definitions passing every one of them.

use std::sync::Arc;
use std::time::Duration;

use boardpost_testkit::discord_rules::*;
use boardpost_testkit::fake_discord::*;
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

#[test]
fn allowed_mentions_name_each_user_and_role_once() {
    let ok = json!({"allowed_mentions": {"parse": [], "users": ["1", "2"], "roles": ["3"]}});
    assert_eq!(check_message(&ok), Ok(()));
    let twice = json!({"allowed_mentions": {"parse": [], "users": ["1", "2", "2"]}});
    rejected(check_message(&twice), "allowed_mentions.users");
    let roles = json!({"allowed_mentions": {"roles": ["3", "3"]}});
    rejected(check_message(&roles), "allowed_mentions.roles");
    let parse = json!({"allowed_mentions": {"parse": ["everyone", "everyone"]}});
    rejected(check_message(&parse), "allowed_mentions.parse");
    let not_an_id = json!({"allowed_mentions": {"users": ["alice"]}});
    rejected(check_message(&not_an_id), "allowed_mentions.users");
    let many: Vec<String> = (1..=101).map(|n| n.to_string()).collect();
    rejected(
        check_message(&json!({"allowed_mentions": {"users": many}})),
        "allowed_mentions.users",
    );
}

#[test]
fn contexts_and_integration_types_are_given_once_each_from_their_enums() {
    let with = |key: &str, v: Value| {
        let mut c = command(json!([]));
        c[key] = v;
        c
    };
    for key in ["contexts", "integration_types"] {
        assert_eq!(check_command("0", &with(key, json!([0, 1]))), Ok(()));
        assert_eq!(check_command("0", &with(key, Value::Null)), Ok(()));
        rejected(check_command("0", &with(key, json!([]))), key);
        rejected(check_command("0", &with(key, json!([0, 0]))), key);
        rejected(check_command("0", &with(key, json!("0"))), key);
    }
    assert_eq!(check_command("0", &with("contexts", json!([2]))), Ok(()));
    rejected(
        check_command("0", &with("integration_types", json!([2]))),
        "integration_types",
    );
    rejected(check_command("0", &with("type", json!(5))), "type");
}

#[test]
fn the_34_locales_are_accepted_and_no_other() {
    assert!(DISCORD_LOCALES.contains(&"ar") && DISCORD_LOCALES.contains(&"he"));
    for locale in DISCORD_LOCALES {
        let mut c = command(json!([]));
        c["name_localizations"] = json!({locale: "play"});
        c["description_localizations"] = json!({locale: "d"});
        assert_eq!(check_command("0", &c), Ok(()), "{locale}");
    }
    let mut c = command(json!([]));
    c["description_localizations"] = json!({"en": "d"});
    rejected(check_command("0", &c), "description_localizations.en");
}

#[test]
fn option_bounds_are_of_the_options_type_and_range() {
    let with = |kind: u64, key: &str, v: Value| {
        command(json!([{"type": kind, "name": "o", "description": "d", key: v}]))
    };
    assert_eq!(check_command("0", &with(3, "min_length", json!(0))), Ok(()));
    assert_eq!(
        check_command("0", &with(3, "max_length", json!(6_000))),
        Ok(())
    );
    rejected(
        check_command("0", &with(3, "min_length", json!(-1))),
        "min_length",
    );
    rejected(
        check_command("0", &with(3, "min_length", json!(6_001))),
        "min_length",
    );
    rejected(
        check_command("0", &with(3, "max_length", json!(0))),
        "max_length",
    );
    rejected(
        check_command("0", &with(3, "max_length", json!(6_001))),
        "max_length",
    );
    let max_safe = (1_i64 << 53) - 1;
    assert_eq!(
        check_command("0", &with(4, "min_value", json!(-max_safe))),
        Ok(())
    );
    rejected(
        check_command("0", &with(4, "max_value", json!(max_safe + 1))),
        "max_value",
    );
    rejected(
        check_command("0", &with(4, "min_value", json!(1.5))),
        "min_value",
    );
    assert_eq!(
        check_command("0", &with(10, "min_value", json!(0.5))),
        Ok(())
    );
    rejected(
        check_command("0", &with(10, "max_value", json!("1"))),
        "max_value",
    );
}

#[test]
fn integer_choices_lie_within_2_to_the_53_less_1() {
    let max_safe = (1_i64 << 53) - 1;
    let integer = |value: i64| {
        command(json!([{"type": 4, "name": "n", "description": "d",
            "choices": [{"name": "n", "value": value}]}]))
    };
    assert_eq!(check_command("0", &integer(max_safe)), Ok(()));
    assert_eq!(check_command("0", &integer(-max_safe)), Ok(()));
    rejected(
        check_command("0", &integer(max_safe + 1)),
        "choices.0.value",
    );
    rejected(
        check_command("0", &integer(-max_safe - 1)),
        "choices.0.value",
    );
    let menu = |value: i64| json!({"choices": [{"name": "#1", "value": value}]});
    assert_eq!(check_autocomplete(&menu(max_safe), 4), Ok(()));
    rejected(check_autocomplete(&menu(max_safe + 1), 4), "value");
}

#[test]
fn attachments_are_at_most_10_with_ids_and_bounded_names() {
    let one = |a: Value| json!({"attachments": [a]});
    assert_eq!(
        check_message(&one(json!({"id": 0, "filename": "board.png"}))),
        Ok(())
    );
    assert_eq!(
        check_message(&one(json!({"id": "1300000000000000001"}))),
        Ok(())
    );
    rejected(
        check_message(&one(json!({"filename": "board.png"}))),
        "attachments.0.id",
    );
    rejected(
        check_message(&one(json!({"id": 0, "filename": ""}))),
        "attachments.0.filename",
    );
    rejected(
        check_message(&one(json!({"id": 0, "filename": "f".repeat(1_025)}))),
        "attachments.0.filename",
    );
    rejected(
        check_message(&one(json!({"id": 0, "description": "d".repeat(1_025)}))),
        "attachments.0.description",
    );
    let eleven: Vec<Value> = (0..11)
        .map(|i| json!({"id": i, "filename": "b.png"}))
        .collect();
    rejected(
        check_message(&json!({"attachments": eleven})),
        "attachments",
    );
}

#[test]
fn file_parts_are_named_files_0_to_9() {
    let names = |list: &[&str]| list.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    assert_eq!(check_file_parts(&names(&["files[0]", "files[9]"])), Ok(()));
    rejected(check_file_parts(&names(&["file"])), "file");
    rejected(check_file_parts(&names(&["files[10]"])), "files[10]");
    rejected(check_file_parts(&names(&["files[01]"])), "files[01]");
    rejected(
        check_file_parts(&names(&["files[0]", "files[0]"])),
        "files[0]",
    );
}

#[test]
fn embeds_keep_their_lengths() {
    let embed = |e: Value| json!({"embeds": [e]});
    let field = |name: &str, value: &str| json!({"name": name, "value": value});
    assert_eq!(
        check_message(&embed(json!({"title": "t", "description": "d",
            "fields": [field("n", "v")], "footer": {"text": "f"}}))),
        Ok(())
    );
    rejected(
        check_message(&embed(json!({"title": "t".repeat(257)}))),
        "embeds.0.title",
    );
    rejected(
        check_message(&embed(json!({"description": "d".repeat(4_097)}))),
        "embeds.0.description",
    );
    rejected(
        check_message(&embed(json!({"footer": {"text": "f".repeat(2_049)}}))),
        "embeds.0.footer.text",
    );
    rejected(
        check_message(&embed(json!({"fields": [field(&"n".repeat(257), "v")]}))),
        "embeds.0.fields.0.name",
    );
    rejected(
        check_message(&embed(json!({"fields": [field("n", &"v".repeat(1_025))]}))),
        "embeds.0.fields.0.value",
    );
    rejected(
        check_message(&embed(json!({"fields": [{"name": "n"}]}))),
        "embeds.0.fields.0.value",
    );
    let many: Vec<Value> = (0..26).map(|_| field("n", "v")).collect();
    rejected(
        check_message(&embed(json!({"fields": many}))),
        "embeds.0.fields",
    );
    // Each within its own limit, too many characters together.
    let long = json!({"description": "d".repeat(4_000)});
    rejected(check_message(&json!({"embeds": [long, long]})), "embeds");
    let eleven: Vec<Value> = (0..11).map(|_| json!({"title": "t"})).collect();
    rejected(check_message(&json!({"embeds": eleven})), "embeds");
}

#[test]
fn buttons_have_a_style_from_1_to_6_and_urls_of_at_most_512() {
    let row = |b: Value| json!({"components": [{"type": 1, "components": [b]}]});
    let link = |url: &str| json!({"type": 2, "style": 5, "label": "Rules", "url": url});
    assert_eq!(check_message(&row(link("https://discord.com"))), Ok(())); // a link needs no custom_id
    let long = format!("https://example.com/{}", "x".repeat(493));
    rejected(check_message(&row(link(&long))), "url");
    for style in [0, 7] {
        let b = json!({"type": 2, "style": style, "label": "Go", "custom_id": "go"});
        rejected(check_message(&row(b)), "style");
    }
    rejected(
        check_message(&row(json!({"type": 2, "style": 5, "label": "Rules"}))),
        "url",
    );
    rejected(
        check_message(&row(json!({"type": 2, "style": 1, "custom_id": "go",
            "url": "https://discord.com"}))),
        "url",
    );
    rejected(
        check_message(&row(json!({"type": 2, "style": 6, "custom_id": "go",
            "sku_id": "1"}))),
        "custom_id",
    );
    assert_eq!(
        check_message(&row(json!({"type": 2, "style": 6, "sku_id": "1"}))),
        Ok(())
    );
}

#[test]
fn threads_are_named_1_to_100_and_archive_after_a_known_time() {
    let ok = json!({"name": "sidja #1", "type": 11, "auto_archive_duration": 10_080});
    assert_eq!(check_new_thread(&ok), Ok(()));
    for minutes in [60, 1_440, 4_320, 10_080] {
        let t = json!({"name": "t", "auto_archive_duration": minutes});
        assert_eq!(check_new_thread(&t), Ok(()));
    }
    rejected(check_new_thread(&json!({"type": 11})), "name");
    rejected(check_new_thread(&json!({"name": ""})), "name");
    rejected(check_new_thread(&json!({"name": "t".repeat(101)})), "name");
    rejected(
        check_new_thread(&json!({"name": "t", "auto_archive_duration": 10_000})),
        "auto_archive_duration",
    );
    rejected(check_new_thread(&json!({"name": "t", "type": 0})), "type");
    rejected(
        check_new_thread(&json!({"name": "t", "rate_limit_per_user": 21_601})),
        "rate_limit_per_user",
    );
    assert_eq!(check_thread_change(&json!({"archived": false})), Ok(()));
    rejected(check_thread_change(&json!({"name": ""})), "name");
    rejected(
        check_thread_change(&json!({"auto_archive_duration": 2})),
        "auto_archive_duration",
    );
}

#[test]
fn interaction_responses_have_a_callback_type_from_its_enum() {
    for kind in [1, 4, 5, 6, 7, 9] {
        assert_eq!(check_callback(&json!({"type": kind}), 3), Ok(()), "{kind}");
    }
    for kind in [0, 2, 3, 10, 11, 14] {
        rejected(check_callback(&json!({"type": kind}), 3), "type");
    }
    rejected(check_callback(&json!({"data": {}}), 3), "type");
    // Its data is checked as the type's schema says.
    let long = json!({"type": 4, "data": {"content": "x".repeat(2_001)}});
    rejected(check_callback(&long, 3), "data.content");
    let menu = json!({"type": 8, "data": {"choices": [{"name": "#1", "value": "1"}]}});
    rejected(check_callback(&menu, 4), "data.choices.0.value");
}

#[test]
fn a_nonce_is_an_integer_or_at_most_25_characters() {
    assert_eq!(check_message(&json!({"nonce": 7})), Ok(()));
    assert_eq!(check_message(&json!({"nonce": "n".repeat(25)})), Ok(()));
    rejected(check_message(&json!({"nonce": "n".repeat(26)})), "nonce");
    rejected(check_message(&json!({"nonce": true})), "nonce");
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

#[tokio::test]
async fn the_new_rules_refuse_over_http_too() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let twice = json!({"content": "<@1>", "allowed_mentions": {"users": ["1", "1"]}});
    let err = http
        .send_message(CHANNEL.into(), vec![], &twice)
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (400, 50035));
    let err = http
        .create_thread(
            CHANNEL.into(),
            &json!({"name": "sidja #1", "type": 11, "auto_archive_duration": 100}),
            None,
        )
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (400, 50035));
    let id = 1_250_000_000_000_000_401;
    let token = dispatched(&fake, id).await;
    let err = http
        .create_interaction_response(id.into(), &token, &json!({"type": 3}), vec![])
        .await
        .unwrap_err();
    assert_eq!(status_and_code(err), (400, 50035));
    // A file in a form field Discord does not read: serenity never sends one, so a
    // plain client does.
    let form = reqwest::multipart::Form::new()
        .text("payload_json", json!({"content": "board"}).to_string())
        .part(
            "file",
            reqwest::multipart::Part::bytes(b"x".to_vec()).file_name("board.png"),
        );
    let refused = reqwest::Client::new()
        .post(format!(
            "{}/api/v10/channels/{CHANNEL}/messages",
            fake.http_url
        ))
        .header("Authorization", format!("Bot {}", FakeDiscord::TOKEN))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status().as_u16(), 400);
    let body: Value = serde_json::from_slice(&refused.bytes().await.unwrap()).unwrap();
    assert_eq!(body["code"], 50035);
    assert!(fake.messages_in(CHANNEL).is_empty(), "nothing was posted");
}

/// Characters Discord counts against a command's 8,000 (names, descriptions, choice names
/// and values, with its options and subcommands), in one language.
fn counted_characters(v: &Value, locale: &str) -> usize {
    let text = |key: &str| {
        let localized = &v[format!("{key}_localizations")][locale];
        localized
            .as_str()
            .or_else(|| v[key].as_str())
            .map_or(0, |s| s.chars().count())
    };
    let value = match &v["value"] {
        Value::String(s) => s.chars().count(),
        Value::Null => 0,
        other => other.to_string().len(),
    };
    let nested: usize = ["options", "choices"]
        .iter()
        .filter_map(|k| v[*k].as_array())
        .flatten()
        .map(|o| counted_characters(o, locale))
        .sum();
    text("name") + text("description") + value + nested
}

/// `/tournament`: its nine subcommands, each within Discord's rules, named and described
/// in Russian too, with the tournament's number autocompleted and the whole command
/// within Discord's 8,000 characters in each language.
#[test]
fn the_tournament_command_has_its_subcommands_in_both_languages() {
    let list = serde_json::to_value(boardpost::discord::commands::all()).unwrap();
    let tournament = list
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == json!("tournament"))
        .expect("/tournament is registered")
        .clone();
    assert_eq!(check_command("0", &tournament), Ok(()));
    assert_eq!(tournament["name_localizations"]["ru"], json!("турнир"));
    let subs: Vec<&str> = tournament["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        subs,
        [
            "create",
            "join",
            "leave",
            "start",
            "pairings",
            "standings",
            "withdraw",
            "list",
            "export"
        ]
    );
    fn localized(v: &Value) {
        for key in ["name", "description"] {
            assert!(
                v[format!("{key}_localizations")]["ru"].is_string(),
                "{} has no Russian {key}",
                v["name"]
            );
        }
        for o in v["options"].as_array().into_iter().flatten() {
            localized(o);
        }
    }
    localized(&tournament);
    for sub in tournament["options"].as_array().unwrap() {
        assert_eq!(sub["type"], json!(1), "{}", sub["name"]);
        let options = sub["options"].as_array().unwrap();
        assert!(options.len() <= 25, "{}", sub["name"]);
        if sub["name"] != json!("create") {
            let number = &options[0];
            assert_eq!(number["name"], json!("tournament"));
            assert_eq!(number["type"], json!(4));
            assert_eq!(number["autocomplete"], json!(true));
        }
    }
    let create = &tournament["options"][0]["options"];
    assert_eq!(create[0]["name"], json!("game"));
    assert_eq!(create[0]["required"], json!(true));
    for name in [
        "format",
        "rounds",
        "days_per_move",
        "players",
        "start",
        "rated",
        "bye",
    ] {
        assert!(
            create
                .as_array()
                .unwrap()
                .iter()
                .any(|o| o["name"] == json!(name)),
            "create has no {name}"
        );
    }
    for locale in ["en-US", "ru"] {
        let count = counted_characters(&tournament, locale);
        assert!(count <= 8_000, "{count} characters in {locale}");
    }
}
