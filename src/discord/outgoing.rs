//! A table [`Reply`] in Discord's terms: message builders with allowed mentions naming
//! exactly the users to ping (never everyone, never roles), each once, never the bot.
//! `bot` is the bot's own user, where it is known.

use crate::ids::UserId as OurUser;
use crate::table::{people_once, ButtonStyle, Reply};
use serenity::all::{
    ButtonStyle as DiscordStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, UserId,
};

/// Discord refuses messages over 2,000 characters.
const MAX_CONTENT: usize = 2_000;

fn content(reply: &Reply) -> String {
    if reply.text.chars().count() <= MAX_CONTENT {
        return reply.text.clone();
    }
    let cut: String = reply.text.chars().take(MAX_CONTENT - 2).collect();
    format!("{cut} …")
}

/// The users a message may ping. The table already names each person once and never the
/// bot; this holds for replies from elsewhere too (a notice an older version queued),
/// since Discord refuses a list that names a user twice.
pub fn allowed_mentions(reply: &Reply, bot: Option<OurUser>) -> CreateAllowedMentions {
    let users = people_once(reply.pings.iter().copied(), bot);
    CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .all_users(false)
        .users(users.into_iter().map(|u| UserId::new(u.0)))
}

fn files(reply: &Reply) -> Vec<CreateAttachment> {
    reply
        .image
        .iter()
        .chain(reply.file.iter())
        .map(|a| CreateAttachment::bytes(a.bytes.clone(), a.name.clone()))
        .collect()
}

fn components(reply: &Reply) -> Vec<CreateActionRow> {
    if reply.buttons.is_empty() {
        return Vec::new();
    }
    let buttons = reply
        .buttons
        .iter()
        .map(|b| {
            let style = match b.style {
                ButtonStyle::Primary => DiscordStyle::Primary,
                ButtonStyle::Secondary => DiscordStyle::Secondary,
                ButtonStyle::Success => DiscordStyle::Success,
                ButtonStyle::Danger => DiscordStyle::Danger,
            };
            CreateButton::new(b.id.clone())
                .label(b.label.clone())
                .style(style)
        })
        .collect();
    vec![CreateActionRow::Buttons(buttons)]
}

/// The reply as an answer to an interaction.
pub fn interaction_message(
    reply: &Reply,
    bot: Option<OurUser>,
) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(content(reply))
        .add_files(files(reply))
        .allowed_mentions(allowed_mentions(reply, bot))
        .ephemeral(reply.ephemeral)
        .components(components(reply))
}

/// What a button's message becomes once the press decided it: the outcome, no buttons,
/// nobody pinged (an edit notifies no one).
pub fn settled_message(text: &str) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new())
        .components(Vec::new())
}

/// The reply as the edit of a deferred answer.
pub fn edit_message(reply: &Reply, bot: Option<OurUser>) -> EditInteractionResponse {
    let mut edit = EditInteractionResponse::new()
        .content(content(reply))
        .allowed_mentions(allowed_mentions(reply, bot))
        .components(components(reply));
    for file in files(reply) {
        edit = edit.new_attachment(file);
    }
    edit
}

/// The reply as a follow-up message (with its own privacy).
pub fn followup_message(reply: &Reply, bot: Option<OurUser>) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(content(reply))
        .add_files(files(reply))
        .allowed_mentions(allowed_mentions(reply, bot))
        .ephemeral(reply.ephemeral)
        .components(components(reply))
}

/// The reply as a plain channel or direct message (reminders, timeouts).
pub fn channel_message(reply: &Reply, bot: Option<OurUser>) -> CreateMessage {
    CreateMessage::new()
        .content(content(reply))
        .add_files(files(reply))
        .allowed_mentions(allowed_mentions(reply, bot))
        .components(components(reply))
}
