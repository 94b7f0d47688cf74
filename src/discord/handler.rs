//! Interactions in, replies out: thin glue between serenity and the table.

use super::outgoing;
use super::request::{self, Request};
use crate::ids::ChannelId as OurChannel;
use crate::table::{Caller, Choice, Reply, Table, TableError, ThreadRequest};
use serenity::all::{
    AutoArchiveDuration, ChannelType, CommandInteraction, ComponentInteraction, Context,
    CreateAutocompleteResponse, CreateInteractionResponse, CreateThread, Http, Interaction,
};
use std::time::Duration;
use tracing::{info, warn};

/// Past this, an answer is deferred (Discord allows 3 s for the first answer).
const DEFER_AFTER: Duration = Duration::from_millis(1_500);

/// Runs a request against the table. Errors become private replies that say what to do.
pub async fn dispatch(table: &Table, caller: &Caller, request: Request) -> Reply {
    let result = match request {
        Request::Play(req) => table.challenge(caller, req).await,
        Request::Accept(id) => table.accept(caller, id).await,
        Request::Decline(id) => table.decline(caller, id).await,
        Request::Cancel(id) => table.cancel(caller, id).await,
        Request::Move { game, text } => table.play_move(caller, game, &text).await,
        Request::Board(game) => table.board(caller, game).await,
        Request::History(game) => table.history(caller, game).await,
        Request::Games(user) => table.games(caller, user).await,
        Request::Resign(game) => table.resign(caller, game).await,
        Request::Draw(game, what) => table.draw(caller, game, what).await,
        Request::Takeback(game, what) => table.takeback(caller, game, what).await,
        Request::Rules(game) => table.rules(&game).await,
        Request::Settings(change) => table.settings(caller, change).await,
        Request::Leaderboard(game) => table.leaderboard(caller, &game).await,
        Request::Export(game) => table.export(caller, game).await,
    };
    result.unwrap_or_else(|e| {
        if let TableError::Store(inner) = &e {
            warn!(error = %inner, "a request failed in the store");
        }
        e.into_reply()
    })
}

/// What the bot answers an interaction with, before anything is sent: for tests and for
/// [`respond`].
pub enum Answer {
    Reply {
        caller: Option<Caller>,
        // Boxed: a reply (with its image) is much larger than the other answers.
        reply: Box<Reply>,
    },
    Choices(Vec<Choice>),
    Nothing,
}

/// Works out the answer to an interaction.
pub async fn answer(table: &Table, interaction: &Interaction) -> Answer {
    let parsed = match interaction {
        Interaction::Command(cmd) => request::from_command(cmd),
        Interaction::Component(c) => request::from_component(c),
        Interaction::Autocomplete(cmd) => return Answer::Choices(choices(table, cmd).await),
        _ => return Answer::Nothing,
    };
    match parsed {
        Ok((caller, request)) => {
            let reply = dispatch(table, &caller, request).await;
            Answer::Reply {
                caller: Some(caller),
                reply: Box::new(reply),
            }
        }
        Err(text) => Answer::Reply {
            caller: None,
            reply: Box::new(Reply::private(text)),
        },
    }
}

async fn choices(table: &Table, cmd: &CommandInteraction) -> Vec<Choice> {
    let (Ok((caller, _)), Some((option, typed, game))) =
        (request::from_command(cmd), request::focused(cmd))
    else {
        return Vec::new();
    };
    let found = match option.as_str() {
        "text" => table.suggest_moves(&caller, game, &typed).await,
        "game" => table.suggest_games(&caller, &typed).await,
        _ => Ok(Vec::new()),
    };
    found.unwrap_or_default()
}

/// Answers an interaction on Discord: at once when the answer is quick, else deferred
/// and edited in; then opens the thread a new game asks for.
pub async fn respond(ctx: &Context, table: &Table, interaction: Interaction) {
    let http = &ctx.http;
    let result = match &interaction {
        Interaction::Autocomplete(cmd) => {
            let list = choices(table, cmd).await;
            let menu = list.iter().fold(CreateAutocompleteResponse::new(), |m, c| {
                m.add_string_choice(clip(&c.label, 100), clip(&c.value, 100))
            });
            cmd.create_response(http, CreateInteractionResponse::Autocomplete(menu))
                .await
        }
        Interaction::Command(cmd) => {
            answer_with_defer(http, table, &interaction, Target::Command(cmd)).await
        }
        Interaction::Component(c) => {
            answer_with_defer(http, table, &interaction, Target::Component(c)).await
        }
        _ => Ok(()),
    };
    if let Err(e) = result {
        warn!(error = %e, "could not answer an interaction");
    }
}

enum Target<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

async fn answer_with_defer(
    http: &Http,
    table: &Table,
    interaction: &Interaction,
    target: Target<'_>,
) -> serenity::Result<()> {
    let work = answer(table, interaction);
    tokio::pin!(work);
    let quick = tokio::select! {
        answer = &mut work => Some(answer),
        _ = tokio::time::sleep(DEFER_AFTER) => None,
    };
    let deferred = quick.is_none();
    if deferred {
        let defer = CreateInteractionResponse::Defer(Default::default());
        match target {
            Target::Command(c) => c.create_response(http, defer).await?,
            Target::Component(c) => c.create_response(http, defer).await?,
        }
    }
    let Answer::Reply { caller, reply } = (match quick {
        Some(a) => a,
        None => work.await,
    }) else {
        return Ok(());
    };
    let message = match (&target, deferred) {
        (Target::Command(c), false) => {
            c.create_response(
                http,
                CreateInteractionResponse::Message(outgoing::interaction_message(&reply)),
            )
            .await?;
            c.get_response(http).await.ok()
        }
        (Target::Component(c), false) => {
            c.create_response(
                http,
                CreateInteractionResponse::Message(outgoing::interaction_message(&reply)),
            )
            .await?;
            c.get_response(http).await.ok()
        }
        (Target::Command(c), true) => Some(
            c.edit_response(http, outgoing::edit_message(&reply))
                .await?,
        ),
        (Target::Component(c), true) => Some(
            c.edit_response(http, outgoing::edit_message(&reply))
                .await?,
        ),
    };
    if let (Some(thread), Some(message), Some(caller)) = (&reply.thread, message, caller) {
        open_thread(http, table, &caller, thread, message.channel_id, message.id).await;
    }
    Ok(())
}

/// A new game plays in a thread started from its first message; where threads are not
/// allowed it stays in the channel.
async fn open_thread(
    http: &Http,
    table: &Table,
    caller: &Caller,
    thread: &ThreadRequest,
    channel: serenity::all::ChannelId,
    message: serenity::all::MessageId,
) {
    let builder = CreateThread::new(clip(&thread.name, 100))
        .kind(ChannelType::PublicThread)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    match channel
        .create_thread_from_message(http, message, builder)
        .await
    {
        Ok(created) => {
            if let Err(e) = table
                .store()
                .set_thread(thread.game, OurChannel(created.id.get()))
                .await
            {
                warn!(error = %e, game = %thread.game, "could not record the game's thread");
            } else {
                info!(game = %thread.game, thread = %created.id, guild = %caller.guild, "game thread opened");
            }
        }
        Err(e) => {
            info!(error = %e, game = %thread.game, "no thread for the game: it plays in the channel")
        }
    }
}

fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}
