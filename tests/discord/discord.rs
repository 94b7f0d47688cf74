//! Recorded interaction payloads, shaped like Discord's documented examples, through the
//! handler to the response the bot would send: content, PNG attachment, allowed
//! mentions, the ephemeral flag, buttons, autocomplete choices.

use boardpost::discord::{commands, handler, outgoing};
use boardpost::table::{ChallengeRequest, Reply};
use boardpost_testkit::world::*;
use serde_json::{json, Value};
use serenity::all::Interaction;

fn fixture(name: &str) -> Value {
    let text = std::fs::read_to_string(format!(
        "{}/payloads/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

fn interaction(payload: Value) -> Interaction {
    serde_json::from_value(payload).expect("the payload reads as a Discord interaction")
}

async fn reply_to(w: &World, payload: Value) -> Reply {
    match handler::answer(&w.table, &interaction(payload)).await {
        handler::Answer::Reply { reply, .. } => *reply,
        _ => panic!("expected a message"),
    }
}

/// The JSON body serenity sends for this reply (files go beside it).
fn wire(reply: &Reply) -> Value {
    serde_json::to_value(outgoing::interaction_message(reply, None)).unwrap()
}

fn is_png(bytes: &[u8]) -> bool {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png).is_ok()
}

#[tokio::test]
async fn a_recorded_move_gets_the_new_board_and_pings_only_the_next_player() {
    let w = World::new().await;
    let (id, _) = w.start(&[]).await;
    let mut payload = fixture("slash_move");
    payload["data"]["options"][0]["value"] = json!("a1 B1");
    let reply = reply_to(&w, payload).await;
    assert!(
        reply
            .text
            .contains(&format!("plays **a1 b1** in game #{id}")),
        "{}",
        reply.text
    );
    assert_eq!(reply.pings, vec![bob().user]);
    let image = reply.image.as_ref().unwrap();
    assert!(is_png(&image.bytes) && image.name.ends_with(".png"));
    let body = wire(&reply);
    assert_eq!(
        body["allowed_mentions"],
        json!({"parse": [], "users": [bob().user.0.to_string()], "roles": []})
    );
    assert_eq!(body["flags"], json!(0), "public: {body}");
    assert_eq!(body["content"], json!(reply.text));
    assert_eq!(body["attachments"][0]["filename"], json!(image.name));
}

/// Whatever reply reaches Discord, its allowed mentions name each user once and never the
/// bot (Discord refuses an id listed twice): a notice queued by an older version may
/// still repeat one. On the old bot the pings went out as they came.
#[test]
fn allowed_mentions_name_each_user_once_and_never_the_bot() {
    let the_bot = user(9);
    let reply = Reply {
        pings: vec![bob().user, the_bot, alice().user, the_bot, bob().user],
        ..Reply::public("game over")
    };
    let users = |body: Value| body["allowed_mentions"]["users"].clone();
    let once = json!([bob().user.0.to_string(), alice().user.0.to_string()]);
    let as_channel_message =
        serde_json::to_value(outgoing::channel_message(&reply, Some(the_bot))).unwrap();
    assert_eq!(users(as_channel_message), once);
    let as_followup =
        serde_json::to_value(outgoing::followup_message(&reply, Some(the_bot))).unwrap();
    assert_eq!(users(as_followup), once);
    let as_edit = serde_json::to_value(outgoing::edit_message(&reply, Some(the_bot))).unwrap();
    assert_eq!(users(as_edit), once);
    let as_answer =
        serde_json::to_value(outgoing::interaction_message(&reply, Some(the_bot))).unwrap();
    assert_eq!(users(as_answer), once);
}

#[tokio::test]
async fn a_refused_move_is_answered_privately_with_the_reason() {
    let w = World::new().await;
    w.start(&[]).await;
    let mut payload = fixture("slash_move");
    payload["data"]["options"][0]["value"] = json!("a1 c3");
    let reply = reply_to(&w, payload).await;
    assert!(reply.ephemeral);
    assert!(
        reply.text.contains("action 2 \"c3\": c3 is the centre"),
        "{}",
        reply.text
    );
    let body = wire(&reply);
    assert_eq!(body["flags"], json!(64));
    assert_eq!(body["allowed_mentions"]["users"], json!([]));
    assert!(reply.image.is_none());
}

#[tokio::test]
async fn a_move_outside_any_server_is_refused() {
    let w = World::new().await;
    let mut payload = fixture("slash_move");
    payload.as_object_mut().unwrap().remove("guild_id");
    payload["data"].as_object_mut().unwrap().remove("guild_id");
    let user = payload["member"]["user"].clone();
    payload.as_object_mut().unwrap().remove("member");
    payload["user"] = user;
    let reply = reply_to(&w, payload).await;
    assert!(
        reply.ephemeral && reply.text.contains("plays in servers"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn recorded_autocomplete_offers_the_callers_legal_actions() {
    let w = World::new().await;
    let (id, _) = w.start(&[]).await;
    let choices = |typed: &str, user: Value| {
        let mut payload = fixture("autocomplete_move");
        payload["data"]["options"][0]["value"] = json!(typed);
        payload["member"]["user"] = user;
        payload
    };
    let alice_json = fixture("autocomplete_move")["member"]["user"].clone();
    let answer = |p: Value| async { handler::answer(&w.table, &interaction(p)).await };
    let handler::Answer::Choices(list) = answer(choices("B", alice_json.clone())).await else {
        panic!()
    };
    let values: Vec<&str> = list.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(values, ["b1", "b2", "b3", "b4", "b5"]);
    assert_eq!(list[0].label, "b1 — places a stone");
    // After a first stone, the second of the turn is completed after it.
    let handler::Answer::Choices(list) = answer(choices("a1 e", alice_json.clone())).await else {
        panic!()
    };
    assert_eq!(list[0].value, "a1 e1");
    // At most 25, and nothing for someone whose move it is not.
    let handler::Answer::Choices(list) = answer(choices("", alice_json)).await else {
        panic!()
    };
    assert_eq!(list.len(), 24);
    let mut bob_json = fixture("autocomplete_move")["member"]["user"].clone();
    bob_json["id"] = json!(bob().user.0.to_string());
    let handler::Answer::Choices(list) = answer(choices("", bob_json)).await else {
        panic!()
    };
    assert!(list.is_empty());
    let _ = id;
}

#[tokio::test]
async fn a_recorded_button_press_accepts_the_challenge_and_starts_the_game() {
    let w = World::new().await;
    let challenge = ChallengeRequest {
        game: "sidja".into(),
        opponents: vec![bob().user],
        ..ChallengeRequest::default()
    };
    let posted = w.table.challenge(&alice(), challenge).await.unwrap();
    let body = wire(&posted);
    let buttons: Vec<&str> = body["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["custom_id"].as_str().unwrap())
        .collect();
    assert_eq!(
        buttons,
        [
            "challenge:accept:1",
            "challenge:decline:1",
            "challenge:cancel:1"
        ]
    );
    assert_eq!(
        body["allowed_mentions"]["users"],
        json!([bob().user.0.to_string()])
    );

    let mut press = fixture("button_accept");
    press["data"]["custom_id"] = json!(buttons[0]);
    let reply = reply_to(&w, press).await;
    let thread = reply.thread.as_ref().expect("the game asks for its thread");
    assert!(thread.name.starts_with("sidja #1: "), "{}", thread.name);
    assert!(is_png(&reply.image.as_ref().unwrap().bytes));
    assert_eq!(reply.pings.len(), 1, "exactly the player to move");
    assert!([alice().user, bob().user].contains(&reply.pings[0]));
    assert_eq!(
        wire(&reply)["allowed_mentions"]["users"],
        json!([reply.pings[0].0.to_string()])
    );

    // A stale button: the challenge has started already.
    let mut again = fixture("button_accept");
    again["data"]["custom_id"] = json!(buttons[0]);
    let reply = reply_to(&w, again).await;
    assert!(
        reply.ephemeral && reply.text.contains("already started"),
        "{}",
        reply.text
    );
    let mut unknown = fixture("button_accept");
    unknown["data"]["custom_id"] = json!("frobnicate");
    assert!(reply_to(&w, unknown).await.text.contains("older version"));
}

#[test]
fn the_commands_are_those_of_the_design() {
    let names: Vec<String> = commands::all()
        .iter()
        .map(|c| {
            serde_json::to_value(c).unwrap()["name"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        names,
        [
            "play",
            "move",
            "board",
            "history",
            "games",
            "resign",
            "draw",
            "takeback",
            "rules",
            "settings",
            "leaderboard",
            "export",
            "vacation",
            "premove",
            "hint",
            "analyse",
            "tournament",
            "learn",
            "puzzle"
        ]
    );
    let play = serde_json::to_value(&commands::all()[0]).unwrap();
    let game = &play["options"][0];
    assert_eq!(game["name"], "game");
    assert_eq!(game["required"], true);
}

#[tokio::test]
async fn autocomplete_of_the_game_option_lists_the_callers_games_theirs_to_move_first() {
    let w = World::new().await;
    let (first, _) = w.start(&[]).await;
    w.table
        .play_move(&alice(), Some(first), "a1 b1")
        .await
        .unwrap();
    let (second, _) = w.start(&["size=7"]).await;
    let mut payload = fixture("autocomplete_move");
    payload["data"]["options"] = json!([
        {"type": 3, "name": "text", "value": ""},
        {"type": 4, "name": "game", "value": "", "focused": true}
    ]);
    let handler::Answer::Choices(list) = handler::answer(&w.table, &interaction(payload)).await
    else {
        panic!("expected choices")
    };
    let values: Vec<&str> = list.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(values, [second.to_string(), first.to_string()]);
    assert!(
        list[0].label.contains("your move") && list[1].label.contains("waiting"),
        "{list:?}"
    );
    assert!(list[0].label.contains("alice vs bob"), "{list:?}");
}

/// A payload with these locales: the caller's Discord language and the server's.
fn with_locales(mut payload: Value, locale: &str, guild_locale: &str) -> Value {
    payload["locale"] = json!(locale);
    payload["guild_locale"] = json!(guild_locale);
    payload["guild"]["locale"] = json!(guild_locale);
    payload
}

/// A Russian-speaking server: public messages (the move, whose turn) in Russian, the
/// board's words too; a Russian caller's refusals and autocomplete in Russian; an English
/// caller in that server gets private answers in English and public ones in Russian.
#[tokio::test]
async fn russian_callers_and_servers_are_answered_in_russian() {
    let w = World::new().await;
    let (id, _) = w.start(&[]).await;
    // A refusal to a Russian caller: private, in Russian.
    let mut payload = with_locales(fixture("slash_move"), "ru", "ru");
    payload["data"]["options"][0]["value"] = json!("a1 c3");
    let reply = reply_to(&w, payload).await;
    assert!(reply.ephemeral);
    assert_eq!(
        reply.text,
        "действие 2 «c3»: c3 — центр доски: он остаётся пустым, пока не расставлены все камни"
    );
    // Autocomplete in the caller's language.
    let mut payload = with_locales(fixture("autocomplete_move"), "ru", "ru");
    payload["data"]["options"][0]["value"] = json!("b");
    let handler::Answer::Choices(list) = handler::answer(&w.table, &interaction(payload)).await
    else {
        panic!("expected choices")
    };
    assert_eq!(list[0].label, "b1 — ставит камень");
    // A move in a Russian server, by an English-speaking caller: the public message in
    // Russian, with a board drawn in Russian.
    let mut payload = with_locales(fixture("slash_move"), "en-US", "ru");
    payload["data"]["options"][0]["value"] = json!("a1 b1");
    let reply = reply_to(&w, payload).await;
    assert!(!reply.ephemeral);
    assert!(
        reply.text.starts_with(&format!(
            "{} ходит **a1 b1** в партии #{id}.",
            alice().user.mention()
        )),
        "{}",
        reply.text
    );
    assert!(
        reply.text.contains("ваш ход (осталось 3 дн.)"),
        "{}",
        reply.text
    );
    // The same caller's refusal stays English.
    let mut payload = with_locales(fixture("slash_move"), "en-US", "ru");
    payload["data"]["options"][0]["value"] = json!("a2");
    let reply = reply_to(&w, payload).await;
    assert!(reply.text.contains("it is"), "{}", reply.text);
    // The Russian board differs from the English one of the same position.
    let mut payload = with_locales(fixture("slash_move"), "ru", "ru");
    payload["data"]["name"] = json!("board");
    payload["data"]["options"] = json!([]);
    let ru_board = reply_to(&w, payload).await;
    assert!(
        ru_board.text.starts_with(&format!("Партия #{id}")),
        "{}",
        ru_board.text
    );
    let mut payload = with_locales(fixture("slash_move"), "en-US", "en-US");
    payload["data"]["name"] = json!("board");
    payload["data"]["options"] = json!([]);
    // The server remembered its Russian locale; an English one now overrides it.
    let en_board = reply_to(&w, payload).await;
    assert!(
        en_board.text.starts_with(&format!("Game #{id}")),
        "{}",
        en_board.text
    );
    assert_ne!(
        ru_board.image.unwrap().bytes,
        en_board.image.unwrap().bytes,
        "the board's words follow the language"
    );
}

/// `/settings`: a player's own language goes before Discord's; a server's language only
/// for members who manage the server, and then for every public message there.
#[tokio::test]
async fn languages_are_chosen_in_settings() {
    let w = World::new().await;
    let (_, _) = w.start(&[]).await;
    let settings = |options: Value, permissions: &str| {
        let mut payload = with_locales(fixture("slash_move"), "en-US", "en-US");
        payload["data"]["name"] = json!("settings");
        payload["data"]["options"] = options;
        payload["member"]["permissions"] = json!(permissions);
        payload
    };
    // Without Manage Server (permissions: Send Messages only), refused.
    let reply = reply_to(
        &w,
        settings(
            json!([{"type": 3, "name": "server_language", "value": "ru"}]),
            "2048",
        ),
    )
    .await;
    assert!(
        reply.ephemeral && reply.text.contains("manage this server"),
        "{}",
        reply.text
    );
    // With it, the server speaks Russian in public even to English callers.
    let reply = reply_to(
        &w,
        settings(
            json!([{"type": 3, "name": "server_language", "value": "ru"}]),
            "32",
        ),
    )
    .await;
    assert!(
        reply.text.contains("this server's language: Russian"),
        "{}",
        reply.text
    );
    let mut payload = with_locales(fixture("slash_move"), "en-US", "en-US");
    payload["data"]["options"][0]["value"] = json!("a1 b1");
    let reply = reply_to(&w, payload).await;
    assert!(reply.text.contains("ходит **a1 b1**"), "{}", reply.text);
    // A player who chose Russian gets private answers in Russian whatever Discord says.
    let reply = reply_to(
        &w,
        settings(json!([{"type": 3, "name": "language", "value": "ru"}]), "0"),
    )
    .await;
    assert!(reply.text.starts_with("Ваши настройки"), "{}", reply.text);
    let mut payload = with_locales(fixture("slash_move"), "en-US", "en-US");
    payload["data"]["options"][0]["value"] = json!("a3");
    let reply = reply_to(&w, payload).await;
    assert!(
        reply.ephemeral && reply.text.contains("сейчас ходит"),
        "{}",
        reply.text
    );
}

/// Every command, option and choice is named and described in Russian too, within
/// Discord's limits (the strict fake checks them: the_bots_commands_pass_every_rule).
#[test]
fn every_command_option_and_choice_has_russian_words() {
    let list = serde_json::to_value(commands::all()).unwrap();
    let mut seen = 0;
    let mut check = |at: &str, v: &Value, what: &str| {
        let ru = &v[what]["ru"];
        assert!(
            ru.as_str().is_some_and(|t| !t.is_empty()),
            "{at}: no Russian {what}"
        );
        seen += 1;
    };
    fn options(v: &Value) -> &[Value] {
        v["options"].as_array().map_or(&[], Vec::as_slice)
    }
    for c in list.as_array().unwrap() {
        let at = c["name"].as_str().unwrap().to_string();
        check(&at, c, "name_localizations");
        check(&at, c, "description_localizations");
        let mut stack: Vec<(String, &Value)> = options(c)
            .iter()
            .map(|o| (format!("{at}.{}", o["name"]), o))
            .collect();
        while let Some((path, o)) = stack.pop() {
            check(&path, o, "name_localizations");
            check(&path, o, "description_localizations");
            for choice in o["choices"].as_array().map_or(&[][..], Vec::as_slice) {
                check(
                    &format!("{path}.{}", choice["name"]),
                    choice,
                    "name_localizations",
                );
            }
            stack.extend(
                options(o)
                    .iter()
                    .map(|s| (format!("{path}.{}", s["name"]), s)),
            );
        }
        // Localized option names are unique within their command (Discord refuses twins).
        let names: Vec<&str> = options(c)
            .iter()
            .filter_map(|o| o["name_localizations"]["ru"].as_str())
            .collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(names.len(), unique.len(), "{at}: {names:?}");
    }
    assert!(seen > 140, "{seen} localized names and descriptions");
}
