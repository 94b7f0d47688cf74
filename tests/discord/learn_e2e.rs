//! `/learn` through the real serenity client and the strict fake Discord: the command is
//! registered with its Russian names, every answer is private with the step's board,
//! the move option autocompletes with the step's legal actions, and the "Show me" and
//! "Next step" buttons work once each; and the puzzle of the day, posted in its channel
//! by the deadline loop with its button, which opens the puzzle privately.

use super::discord_e2e::{connect, disconnect, who, Bot, T};
use boardpost::games::GameKind;
use boardpost::learn::course;
use boardpost_testkit::fake_discord::*;
use boardpost_testkit::world::*;
use serde_json::{json, Value};
use std::time::Duration;

async fn send_learn(bot: &mut Bot, options: Value) -> Call {
    bot.interact(|id| slash_command(id, GUILD.0, CHANNEL.0, who(1), "learn", options))
        .await
}

async fn press(bot: &mut Bot, custom_id: &str) -> Call {
    bot.interact(|id| button(id, GUILD.0, CHANNEL.0, who(1), custom_id, 1))
        .await
}

/// A private answer with the board and one button: its custom id.
fn private_with_board(call: &Call) -> String {
    assert_eq!(call.status, 204, "{:?}", call.response);
    assert_eq!(call.callback_type(), Some(4), "{:?}", call.json);
    assert!(
        call.ephemeral(),
        "lessons are private: {:?}",
        call.content()
    );
    let pngs = call
        .files
        .iter()
        .filter(|(name, bytes)| name.ends_with(".png") && image::load_from_memory(bytes).is_ok())
        .count();
    assert_eq!(pngs, 1, "the step's board is attached");
    let buttons = &call.json["data"]["components"][0]["components"];
    assert_eq!(buttons.as_array().map(Vec::len), Some(1), "{buttons}");
    buttons[0]["custom_id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_through_serenity_with_its_buttons() {
    let (mut bot, stop, running) = connect().await;
    let steps = &course(GameKind::Sidja).unwrap().steps;

    // Registered in the development server, with its Russian names.
    let mut learn = None;
    for _ in 0..400 {
        learn = bot
            .fake
            .commands(Some(GUILD.0))
            .into_iter()
            .find(|c| c["name"] == "learn");
        if learn.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let learn = learn.expect("/learn is registered");
    assert_eq!(learn["name_localizations"]["ru"], json!("урок"));
    let option = |name: &str| {
        learn["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("no option {name}: {learn}"))
    };
    assert_eq!(option("game")["required"], json!(true));
    assert_eq!(option("move")["autocomplete"], json!(true));
    assert_eq!(option("move")["name_localizations"]["ru"], json!("ход"));

    // Started: step 1, its "Show me" button.
    let first = send_learn(&mut bot, json!([string_option("game", "sidja")])).await;
    let show = private_with_board(&first);
    assert_eq!(show, "learn:show:sidja:0");
    assert!(
        first.content().unwrap().contains("step 1 of"),
        "{:?}",
        first.content()
    );

    // The move option offers the step's legal actions, as strings.
    let menu = bot
        .interact(|id| {
            autocomplete(
                id,
                GUILD.0,
                CHANNEL.0,
                who(1),
                "learn",
                json!([
                    string_option("game", "sidja"),
                    focused_option("move", 3, "a")
                ]),
            )
        })
        .await;
    assert_eq!(menu.status, 204, "{:?}", menu.response);
    let choices = menu.json["data"]["choices"].as_array().unwrap().clone();
    let legal = steps[0].start().legal();
    assert!(!choices.is_empty());
    for choice in &choices {
        let value = choice["value"].as_str().unwrap();
        assert!(
            value.starts_with('a') && legal.contains(&value.to_string()),
            "{choice}"
        );
    }

    // A wrong answer: said privately, the board as it was.
    let wrong = &steps[0].wrong()[0];
    let answer = send_learn(
        &mut bot,
        json!([string_option("game", "sidja"), string_option("move", wrong)]),
    )
    .await;
    assert_eq!(private_with_board(&answer), "learn:show:sidja:0");

    // "Show me", then "Next step"; the same "Next step" again changes nothing.
    let shown = press(&mut bot, &show).await;
    let next = private_with_board(&shown);
    assert!(shown.content().unwrap().contains("counts as shown"));
    assert_eq!(next, "learn:next:sidja:1");
    let second = press(&mut bot, &next).await;
    assert_eq!(private_with_board(&second), "learn:show:sidja:2");
    assert!(second.content().unwrap().contains("step 2 of"));
    let again = press(&mut bot, &next).await;
    assert_eq!(again.callback_type(), Some(4));
    assert!(again.ephemeral());
    assert!(
        again
            .content()
            .unwrap()
            .contains("earlier point of your course"),
        "{:?}",
        again.content()
    );
    let row = bot
        .w
        .store
        .lesson_progress(alice().user, GameKind::Sidja)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert_eq!((row.step.as_str(), row.version), (steps[1].id.as_str(), 2));
    // Nothing the bot sent broke one of Discord's rules.
    assert!(bot.fake.unknown_calls().is_empty());
    for call in bot.fake.calls() {
        assert!(
            call.status < 400,
            "{} {}: {:?}",
            call.method,
            call.path,
            call.response
        );
    }
    disconnect(stop, running).await;
}

/// The deadline loop posts a server's puzzle of the day in its channel, with its board
/// and a "Solve it" button; a press opens the puzzle for the presser alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_puzzle_of_the_day_is_posted_and_opened_privately() {
    let (mut bot, stop, running) = connect().await;
    bot.w.table.load_shipped_puzzles().await.unwrap();
    bot.w
        .store
        .set_puzzle_channel(GUILD, Some(boardpost::ids::ChannelId(CHANNEL.0)))
        .await
        .unwrap();
    let path = format!("/api/v10/channels/{}/messages", CHANNEL.0);
    let post = bot
        .fake
        .wait_for_call(|c| c.method == "POST" && c.path == path, T)
        .await;
    assert_eq!(post.status, 200, "{:?}", post.response);
    let content = post.json["content"].as_str().unwrap_or_default();
    assert!(content.contains("Puzzle of the day"), "{content}");
    assert!(post
        .files
        .iter()
        .any(|(name, _)| name.starts_with("puzzle-of-the-day-")));
    let solve = &post.json["components"][0]["components"][0];
    assert_eq!(solve["label"], json!("Solve it"));
    let id = solve["custom_id"].as_str().unwrap().to_string();
    assert!(id.starts_with("puzzle:daily:"), "{id}");

    let opened = press(&mut bot, &id).await;
    assert_eq!(opened.status, 204, "{:?}", opened.response);
    assert!(opened.ephemeral(), "{:?}", opened.content());
    assert!(
        opened
            .content()
            .unwrap()
            .contains("puzzle of the day, for you alone"),
        "{:?}",
        opened.content()
    );
    // One post a day, however many rounds pass.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let posts = bot
        .fake
        .messages_in(CHANNEL.0)
        .into_iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("Puzzle of the day"))
        })
        .count();
    assert_eq!(posts, 1);
    disconnect(stop, running).await;
}
