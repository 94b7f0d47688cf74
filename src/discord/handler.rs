//! Interactions in, replies out: thin glue between serenity and the table.

use super::request;
use super::{outgoing, permissions};
use crate::i18n::Lang;
use crate::ids::{ChannelId as OurChannel, GameId, GuildId};
use crate::table::{Caller, Choice, Reply, Table, ThreadRequest, TournamentThread};
use serenity::all::{
    AutoArchiveDuration, ChannelType, CommandInteraction, ComponentInteraction, Context,
    CreateAllowedMentions, CreateAutocompleteResponse, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateThread, EditInteractionResponse, EditMessage, Http,
    Interaction, InteractionId, Message, MessageId, Nonce, Permissions,
};
use serenity::builder::Builder as _;
use std::time::Duration;
use tracing::{info, warn};

/// Past this, an answer is deferred (Discord allows 3 s for the first answer).
pub const DEFER_AFTER: Duration = Duration::from_millis(1_500);

/// Discord's error code for an interaction answered too late (or twice over a restart).
const UNKNOWN_INTERACTION: isize = 10062;

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
    let (parsed, locale) = match interaction {
        Interaction::Command(cmd) => (request::from_command(cmd), &cmd.locale),
        Interaction::Component(c) => (request::from_component(c), &c.locale),
        Interaction::Autocomplete(cmd) => return Answer::Choices(choices(table, cmd).await),
        _ => return Answer::Nothing,
    };
    match parsed {
        Ok((caller, request)) => {
            let reply = table.handle(&caller, request).await;
            Answer::Reply {
                caller: Some(caller),
                reply: Box::new(reply),
            }
        }
        // Said in the language of the user's Discord.
        Err(why) => Answer::Reply {
            caller: None,
            reply: Box::new(Reply::private(
                why.tr(Lang::from_locale(locale).unwrap_or_default()),
            )),
        },
    }
}

async fn choices(table: &Table, cmd: &CommandInteraction) -> Vec<Choice> {
    let (Ok((caller, request)), Some((option, typed, game))) =
        (request::from_command(cmd), request::focused(cmd))
    else {
        return Vec::new();
    };
    let found = match (option.as_str(), request) {
        ("move", crate::table::Request::Learn(learn)) => {
            table
                .suggest_lesson_moves(&caller, learn.game.as_deref(), &typed)
                .await
        }
        ("text", _) => table.suggest_moves(&caller, game, &typed).await,
        ("game", _) => table.suggest_games(&caller, &typed).await,
        ("tournament", _) => table.suggest_tournaments(&caller, &typed).await,
        ("move", _) => table.suggest_puzzle_moves(&caller, &typed).await,
        _ => Ok(Vec::new()),
    };
    found.unwrap_or_default()
}

/// Answers an interaction on Discord: at once when the answer is quick, else deferred
/// and edited in; then opens the thread a new game asks for.
/// Returns the game the answer moved on, for the bot to play its turns in.
pub async fn respond(
    ctx: &Context,
    table: &Table,
    interaction: Interaction,
    defer_after: Duration,
) -> Option<(GuildId, GameId)> {
    let http = &ctx.http;
    let result = match &interaction {
        Interaction::Autocomplete(cmd) => {
            let list = choices(table, cmd).await;
            // A choice's value has the focused option's type: `game` and `tournament` are
            // integers.
            let integer = request::focused(cmd)
                .is_some_and(|(option, _, _)| matches!(option.as_str(), "game" | "tournament"));
            let menu = list.iter().fold(CreateAutocompleteResponse::new(), |m, c| {
                match (integer, c.value.parse::<i64>()) {
                    (true, Ok(n)) => m.add_int_choice(clip(&c.label, 100), n),
                    (true, Err(_)) => m,
                    (false, _) => m.add_string_choice(clip(&c.label, 100), clip(&c.value, 100)),
                }
            });
            cmd.create_response(http, CreateInteractionResponse::Autocomplete(menu))
                .await
                .map(|()| None)
        }
        Interaction::Command(cmd) => {
            answer_with_defer(http, table, &interaction, Target::command(cmd), defer_after).await
        }
        Interaction::Component(c) => {
            answer_with_defer(http, table, &interaction, Target::component(c), defer_after).await
        }
        _ => Ok(None),
    };
    result.unwrap_or_else(|e| {
        warn!(error = %e, "could not answer an interaction");
        None
    })
}

/// The interaction being answered: what its answers need (its id and token), and what
/// decides them.
struct Target<'a> {
    id: InteractionId,
    token: &'a str,
    channel: serenity::all::ChannelId,
    app_permissions: Option<Permissions>,
    /// `/play`: a challenge is posted.
    challenge: bool,
    /// The message whose button was pressed.
    pressed: Option<MessageId>,
}

impl Target<'_> {
    fn command(c: &CommandInteraction) -> Target<'_> {
        Target {
            id: c.id,
            token: &c.token,
            channel: c.channel_id,
            app_permissions: c.app_permissions,
            challenge: c.data.name == "play",
            pressed: None,
        }
    }

    fn component(c: &ComponentInteraction) -> Target<'_> {
        Target {
            id: c.id,
            token: &c.token,
            channel: c.channel_id,
            app_permissions: c.app_permissions,
            challenge: false,
            pressed: Some(c.message.id),
        }
    }

    async fn create_response(
        &self,
        http: &Http,
        response: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        response.execute(http, (self.id, self.token)).await
    }

    async fn get_response(&self, http: &Http) -> serenity::Result<Message> {
        http.get_original_interaction_response(self.token).await
    }

    async fn edit_response(
        &self,
        http: &Http,
        edit: EditInteractionResponse,
    ) -> serenity::Result<Message> {
        edit.execute(http, self.token).await
    }

    async fn delete_response(&self, http: &Http) -> serenity::Result<()> {
        http.delete_original_interaction_response(self.token).await
    }

    async fn create_followup(
        &self,
        http: &Http,
        followup: CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        followup.execute(http, (None, self.token)).await
    }
}

/// Discord's error code for an interaction token past its 15 minutes.
const INVALID_WEBHOOK_TOKEN: isize = 50027;

/// Whether Discord refused an answer because the interaction is gone: answered too late
/// (10062), or its token expired before a deferred answer was edited in (50027).
fn interaction_gone(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r))
        if r.error.code == UNKNOWN_INTERACTION || r.error.code == INVALID_WEBHOOK_TOKEN)
}

/// Answers at once when the answer is quick; else defers, and when the answer comes edits
/// it in (public) or replaces the deferred message with a private follow-up (private: a
/// deferred response's privacy is fixed when it is deferred, so a private answer must
/// never be edited into a public one). If Discord no longer knows the interaction (the
/// answer came too late), a public answer (a move stored, a game started) is posted in the
/// channel as an ordinary message, so nothing acknowledged is lost.
async fn answer_with_defer(
    http: &Http,
    table: &Table,
    interaction: &Interaction,
    target: Target<'_>,
    defer_after: Duration,
) -> serenity::Result<Option<(GuildId, GameId)>> {
    let work = answer(table, interaction);
    tokio::pin!(work);
    // A zero `defer_after` always defers (a timer of zero may still lose the race).
    let quick = if defer_after.is_zero() {
        None
    } else {
        tokio::select! {
            answer = &mut work => Some(answer),
            _ = tokio::time::sleep(defer_after) => None,
        }
    };
    let mut deferred = quick.is_none();
    let mut gone = false;
    if deferred {
        let defer = CreateInteractionResponse::Defer(Default::default());
        match target.create_response(http, defer).await {
            Ok(()) => {}
            Err(e) if interaction_gone(&e) => {
                (deferred, gone) = (false, true);
            }
            Err(e) => return Err(e),
        }
    }
    let Answer::Reply { caller, mut reply } = (match quick {
        Some(a) => a,
        None => work.await,
    }) else {
        return Ok(None);
    };
    let moved = caller
        .as_ref()
        .and_then(|c| reply.game.map(|game| (c.guild, game)));
    let bot = table.bot_user();
    // A challenge posted, or a game started, where the bot lacks what games use: say
    // which permissions and what happens without them.
    let wants_thread = reply.thread.is_some() || reply.tournament_thread.is_some();
    if !reply.ephemeral && (wants_thread || target.challenge) {
        let lang = match &caller {
            Some(caller) => table.langs(caller).await.map_or(Lang::En, |l| l.public),
            None => Lang::En,
        };
        if let Some(note) = permissions::note(target.app_permissions, lang) {
            reply.text = format!("{}\n{note}", reply.text);
        }
    }
    // A button press that decided its message (a challenge accepted, declined, cancelled)
    // updates that message in place, buttons removed; the public answer follows it as a
    // message of its own (pings and the game's thread go with it).
    let settles = match (target.pressed, &reply.settles) {
        (Some(_), Some(text)) if !reply.ephemeral => Some(text.clone()),
        _ => None,
    };
    let message = if gone {
        None
    } else if let (Some(text), false) = (&settles, deferred) {
        let update = CreateInteractionResponse::UpdateMessage(outgoing::settled_message(text));
        match target.create_response(http, update).await {
            Ok(()) => Some(
                target
                    .create_followup(http, outgoing::followup_message(&reply, bot))
                    .await?,
            ),
            Err(e) if interaction_gone(&e) => {
                gone = true;
                None
            }
            Err(e) => return Err(e),
        }
    } else if !deferred {
        let response =
            CreateInteractionResponse::Message(outgoing::interaction_message(&reply, bot));
        match target.create_response(http, response).await {
            Ok(()) => target.get_response(http).await.ok(),
            Err(e) if interaction_gone(&e) => {
                gone = true;
                None
            }
            Err(e) => return Err(e),
        }
    } else if reply.ephemeral {
        target.delete_response(http).await?;
        target
            .create_followup(http, outgoing::followup_message(&reply, bot))
            .await?;
        None
    } else {
        if let (Some(text), Some(pressed)) = (&settles, target.pressed) {
            // Deferred: the answer is edited into the deferred message; the button's own
            // message is edited apart.
            let edit = EditMessage::new()
                .content(text)
                .allowed_mentions(CreateAllowedMentions::new())
                .components(Vec::new());
            if let Err(e) = target.channel.edit_message(http, pressed, edit).await {
                warn!(error = %e, "could not remove the buttons of a decided message");
            }
        }
        match target
            .edit_response(http, outgoing::edit_message(&reply, bot))
            .await
        {
            Ok(message) => Some(message),
            Err(e) if interaction_gone(&e) => {
                gone = true;
                None
            }
            Err(e) => return Err(e),
        }
    };
    let message = match (gone, reply.ephemeral) {
        (false, _) => message,
        // Only its author was to see a private answer: nothing public is lost.
        (true, true) => {
            info!("an interaction was answered too late; its private reply is dropped");
            None
        }
        (true, false) => {
            warn!("an interaction was answered too late; posting its reply in the channel");
            let channel = target.channel;
            // Retried posts carry the interaction's id as an enforced nonce: Discord keeps
            // one message however many tries reach it.
            let nonce = Nonce::String(target.id.get().to_string());
            Some(
                super::deadlines::with_retry(Duration::from_millis(500), || {
                    channel.send_message(
                        http,
                        outgoing::channel_message(&reply, bot)
                            .nonce(nonce.clone())
                            .enforce_nonce(true),
                    )
                })
                .await?,
            )
        }
    };
    if let (Some(thread), Some(message), Some(caller)) = (&reply.thread, &message, &caller) {
        open_thread(
            http,
            table,
            caller.guild,
            thread,
            message.channel_id,
            message.id,
        )
        .await;
    }
    if let (Some(thread), Some(message), Some(caller)) =
        (&reply.tournament_thread, &message, &caller)
    {
        open_tournament_thread(http, table, caller.guild, thread, message).await;
    }
    Ok(moved)
}

/// A new tournament's round and final posts go in a thread started from its
/// announcement; where threads are not allowed they stay in the channel.
async fn open_tournament_thread(
    http: &Http,
    table: &Table,
    guild: GuildId,
    thread: &TournamentThread,
    message: &Message,
) {
    let tournament = thread.tournament;
    match new_thread(http, &thread.name, message.channel_id, message.id).await {
        Ok(created) => match table
            .record_tournament_thread(tournament, OurChannel(created.get()))
            .await
        {
            Ok(()) => {
                info!(%tournament, thread = %created, %guild, "tournament thread opened")
            }
            Err(e) => warn!(error = %e, %tournament, "could not record the tournament's thread"),
        },
        Err(e) => {
            warn!(error = %e, %tournament, "no thread for the tournament: it posts in the channel")
        }
    }
}

/// A public thread started from `message`, archived after a week without posts.
async fn new_thread(
    http: &Http,
    name: &str,
    channel: serenity::all::ChannelId,
    message: serenity::all::MessageId,
) -> serenity::Result<serenity::all::ChannelId> {
    let builder = CreateThread::new(clip(name, 100))
        .kind(ChannelType::PublicThread)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    let created = channel
        .create_thread_from_message(http, message, builder)
        .await?;
    Ok(created.id)
}

/// A new game plays in a thread started from its first message (an answer, or a
/// tournament's announcement); where threads are not allowed it stays in the channel.
pub(super) async fn open_thread(
    http: &Http,
    table: &Table,
    guild: GuildId,
    thread: &ThreadRequest,
    channel: serenity::all::ChannelId,
    message: serenity::all::MessageId,
) {
    match new_thread(http, &thread.name, channel, message).await {
        Ok(created) => {
            if let Err(e) = table
                .record_thread(thread.game, OurChannel(created.get()))
                .await
            {
                warn!(error = %e, game = %thread.game, "could not record the game's thread");
            } else {
                info!(game = %thread.game, thread = %created, guild = %guild, "game thread opened");
            }
        }
        Err(e) => {
            warn!(error = %e, game = %thread.game, "no thread for the game: it plays in the channel")
        }
    }
}

fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}
