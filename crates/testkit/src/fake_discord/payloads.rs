//! The JSON objects Discord sends (users, members, channels, interactions), shaped so
//! that serenity reads them.

use super::*;

pub(super) fn bot_user_json() -> Value {
    json!({
        "id": FakeDiscord::BOT_USER_ID.to_string(),
        "username": FakeDiscord::BOT_NAME,
        "global_name": null,
        "discriminator": "0",
        "avatar": null,
        "bot": true,
        "system": false,
        "mfa_enabled": false,
        "verified": true,
        "email": null,
        "flags": 0,
        "public_flags": 0,
        "premium_type": 0,
        "banner": null,
        "accent_color": null,
        "locale": "en-US"
    })
}

pub(super) fn application_json() -> Value {
    json!({
        "id": FakeDiscord::APPLICATION_ID.to_string(),
        "name": FakeDiscord::BOT_NAME,
        "icon": null,
        "description": "",
        "summary": "",
        "type": null,
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
        "flags": 0,
        "owner": user_json(700_000_000_000_000_001, "owner"),
        "team": null,
        "bot": bot_user_json(),
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "role_connections_verification_url": null,
        "tags": [],
        "approximate_guild_count": 1
    })
}

pub(super) fn text_channel_json(id: u64, guild: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": guild.to_string(),
        "name": "general",
        "position": 0,
        "permission_overwrites": [],
        "parent_id": null,
        "topic": null,
        "nsfw": false,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0
    })
}

/// A user object as Discord sends it (new-style username, discriminator "0").
pub fn user_json(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "public_flags": 0,
        "flags": 0,
        "banner": null,
        "accent_color": null,
        "avatar_decoration_data": null,
        "collectibles": null,
        "primary_guild": null
    })
}

/// A guild member object as in an interaction (with `permissions`, which only interactions
/// carry).
pub fn member_json(id: u64, name: &str) -> Value {
    json!({
        "user": user_json(id, name),
        "roles": [],
        "premium_since": null,
        "permissions": "2147483647",
        "pending": false,
        "nick": null,
        "mute": false,
        "joined_at": "2024-03-13T19:19:14.040000+00:00",
        "flags": 0,
        "deaf": false,
        "avatar": null,
        "banner": null,
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null
    })
}

// ---------------------------------------------------------------------------------------------
// Interaction payloads (shaped like the examples in Discord's "Receiving and Responding" docs,
// plus the fields serenity requires).

/// The token the payload builders give interaction `id`.
pub fn interaction_token(id: u64) -> String {
    format!("itoken_{id}")
}

/// A stable command id for command `name` (what Discord would put in `data.id`).
pub fn command_id(name: &str) -> u64 {
    // FNV-1a, folded into the snowflake range.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    1_100_000_000_000_000_000 + h % 100_000_000_000_000_000
}

/// A string/integer/user... option of a command: `{"type": kind, "name", "value"}`.
/// Kinds: 3 string, 4 integer, 5 boolean, 6 user, 7 channel, 8 role, 10 number.
pub fn option(name: &str, kind: u8, value: Value) -> Value {
    json!({"type": kind, "name": name, "value": value})
}

/// A string option: `option(name, 3, value)`.
pub fn string_option(name: &str, value: &str) -> Value {
    option(name, 3, json!(value))
}

/// A user option (the value is the user's id as a string, as Discord sends it).
pub fn user_option(name: &str, user: u64) -> Value {
    option(name, 6, json!(user.to_string()))
}

/// The option being typed in an autocomplete interaction: `focused: true`, and the partial
/// value is always a string (Discord sends what was typed, even for integer options).
pub fn focused_option(name: &str, kind: u8, typed: &str) -> Value {
    json!({"type": kind, "name": name, "value": typed, "focused": true})
}

/// The fields every interaction has. `guild == 0` means a DM: `user` instead of `member`, a
/// private channel, context 1.
pub(super) fn interaction_base(
    id: u64,
    kind: u8,
    guild: u64,
    channel: u64,
    user: (u64, &str),
) -> Value {
    let mut i = json!({
        "id": id.to_string(),
        "application_id": FakeDiscord::APPLICATION_ID.to_string(),
        "type": kind,
        "token": interaction_token(id),
        "version": 1,
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": FakeDiscord::ATTACHMENT_SIZE_LIMIT,
        "app_permissions": "2251799813685247",
        "channel_id": channel.to_string(),
    });
    if guild == 0 {
        i["user"] = user_json(user.0, user.1);
        i["channel"] = json!({
            "id": channel.to_string(),
            "type": 1,
            "last_message_id": null,
            "flags": 0,
            "recipients": [user_json(user.0, user.1)]
        });
        i["authorizing_integration_owners"] = json!({"0": "0"});
        i["context"] = json!(1);
    } else {
        i["guild_id"] = json!(guild.to_string());
        i["guild"] = json!({"id": guild.to_string(), "locale": "en-US", "features": []});
        i["guild_locale"] = json!("en-US");
        i["member"] = member_json(user.0, user.1);
        i["channel"] = json!({
            "id": channel.to_string(),
            "type": 0,
            "guild_id": guild.to_string(),
            "name": "general",
            "position": 0,
            "parent_id": null,
            "topic": null,
            "nsfw": false,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "flags": 0,
            "permissions": "2251799813685247"
        });
        i["authorizing_integration_owners"] = json!({"0": guild.to_string()});
        i["context"] = json!(0);
    }
    i
}

/// A slash command (interaction type 2, command type 1). `options` is a JSON array of
/// [`option`]s (or `json!([])`).
pub fn slash_command(
    id: u64,
    guild: u64,
    channel: u64,
    user: (u64, &str),
    name: &str,
    options: Value,
) -> Value {
    let mut i = interaction_base(id, 2, guild, channel, user);
    i["data"] = command_data(guild, name, options);
    i
}

/// An autocomplete request (interaction type 4): like [`slash_command`], with one option in
/// `options` marked `focused: true` (see [`focused_option`]).
pub fn autocomplete(
    id: u64,
    guild: u64,
    channel: u64,
    user: (u64, &str),
    name: &str,
    options: Value,
) -> Value {
    let mut i = interaction_base(id, 4, guild, channel, user);
    i["data"] = command_data(guild, name, options);
    i
}

pub(super) fn command_data(guild: u64, name: &str, options: Value) -> Value {
    let mut d = json!({
        "id": command_id(name).to_string(),
        "name": name,
        "type": 1,
        "options": if options.is_null() { json!([]) } else { options },
    });
    if guild != 0 {
        d["guild_id"] = json!(guild.to_string());
    }
    d
}

/// A button click (interaction type 3, component type 2) on message `message_id`, a message
/// of the bot's holding that button.
pub fn button(
    id: u64,
    guild: u64,
    channel: u64,
    user: (u64, &str),
    custom_id: &str,
    message_id: u64,
) -> Value {
    let mut message = json!({
        "id": message_id.to_string(),
        "channel_id": channel.to_string(),
        "author": bot_user_json(),
        "content": "",
        "timestamp": "2024-06-01T12:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 20,
        "flags": 0,
        "application_id": FakeDiscord::APPLICATION_ID.to_string(),
        "webhook_id": FakeDiscord::APPLICATION_ID.to_string(),
        "components": [{
            "type": 1,
            "components": [{"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}]
        }]
    });
    if guild != 0 {
        message["guild_id"] = json!(guild.to_string());
    }
    button_on_message(id, guild, channel, user, custom_id, message)
}

/// A button click on a given message object (e.g. `fake.message(id).unwrap()`, so the
/// interaction carries the message as the bot posted it).
pub fn button_on_message(
    id: u64,
    guild: u64,
    channel: u64,
    user: (u64, &str),
    custom_id: &str,
    message: Value,
) -> Value {
    let mut i = interaction_base(id, 3, guild, channel, user);
    i["message"] = message;
    i["data"] = json!({"custom_id": custom_id, "component_type": 2});
    i
}

/// Marks an interaction as coming from a public thread (type 11) under `parent`.
pub fn in_thread(mut interaction: Value, parent: u64) -> Value {
    interaction["channel"]["type"] = json!(11);
    interaction["channel"]["parent_id"] = json!(parent.to_string());
    interaction["channel"]["thread_metadata"] = json!({
        "archived": false,
        "auto_archive_duration": 4320,
        "archive_timestamp": "2024-06-01T12:00:00.000000+00:00",
        "locked": false
    });
    interaction
}
