//! The fake REST API: every request recorded, checked against Discord's limits, and
//! answered as Discord would.

use super::*;

pub(super) async fn rest(
    State(inner): State<Arc<Inner>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let body = parse_body(&content_type, &body);
    let mut call = Call {
        method: method.as_str().to_string(),
        path: uri.path().to_string(),
        query: uri.query().unwrap_or("").to_string(),
        json: body.json,
        files: body.files,
        file_parts: body.file_parts,
        authorization: headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        tls: headers.contains_key(TLS_MARK),
        status: 0,
        response: Value::Null,
    };
    let held = {
        let mut s = inner.lock();
        let held = s
            .held
            .iter_mut()
            .find(|(prefix, n)| *n > 0 && call.path.starts_with(prefix.as_str()))
            .map(|(_, n)| *n -= 1)
            .is_some();
        if held {
            s.calls.push(call.clone());
        }
        held
    };
    if held {
        // Never answered: the client waits until it gives up or dies.
        inner.changed.notify_waiters();
        std::future::pending::<()>().await;
    }
    let (status, response) = {
        let mut s = inner.lock();
        let failed = s
            .fail
            .iter_mut()
            .find(|(prefix, n)| *n > 0 && call.path.starts_with(prefix.as_str()))
            .map(|(_, n)| *n -= 1)
            .is_some();
        let limited = s
            .rate_limited
            .iter_mut()
            .find(|(prefix, n, _)| *n > 0 && call.path.starts_with(prefix.as_str()))
            .map(|(_, n, after)| {
                *n -= 1;
                *after
            });
        let (status, response) = if let Some(after) = limited {
            (
                429,
                json!({"message": "You are being rate limited.", "retry_after": after, "global": false, "code": 0}),
            )
        } else if failed {
            (
                500,
                json!({"message": "500: Internal Server Error", "code": 0}),
            )
        } else if let Some(refused) = strict(&s, &call) {
            refused
        } else {
            route(&inner, &mut s, &call)
        };
        call.status = status;
        call.response = response.clone();
        s.calls.push(call);
        (status, response)
    };
    inner.changed.notify_waiters();
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    if status == StatusCode::NO_CONTENT {
        status.into_response()
    } else {
        (
            status,
            [(header::CONTENT_TYPE, "application/json")],
            response.to_string(),
        )
            .into_response()
    }
}

/// What Discord refuses before acting: a request that breaks the rules of its API
/// (`discord_rules.rs`), and interaction answers that come too late.
pub(super) fn strict(s: &FakeState, call: &Call) -> Option<(u16, Value)> {
    use super::super::discord_rules as rules;
    let rest = call.path.strip_prefix("/api/v10/")?;
    let seg: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
    let body = &call.json;
    let checked = match (call.method.as_str(), seg.as_slice()) {
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => rules::check_commands(body),
        ("POST", ["applications", _, "commands"])
        | ("POST", ["applications", _, "guilds", _, "commands"]) => rules::check_command("_", body),
        ("POST", ["interactions", _, token, "callback"]) => {
            let info = s.interactions.get(*token);
            let within = s
                .first_response_within
                .unwrap_or(FakeDiscord::FIRST_RESPONSE_WITHIN);
            if info.is_some_and(|i| i.created.elapsed() > within) {
                return Some((
                    404,
                    json!({"message": "Unknown interaction", "code": 10062}),
                ));
            }
            let focused = info.and_then(|i| i.focused_kind).unwrap_or(3);
            rules::check_callback(body, focused)
        }
        (_, ["webhooks", _, token, ..]) => {
            let lifetime = s.token_lifetime.unwrap_or(FakeDiscord::TOKEN_LIFETIME);
            if s.interactions
                .get(*token)
                .is_some_and(|i| i.created.elapsed() > lifetime)
            {
                return Some((
                    401,
                    json!({"message": "Invalid Webhook Token", "code": 50027}),
                ));
            }
            if matches!(call.method.as_str(), "POST" | "PATCH") {
                rules::check_message(body)
            } else {
                Ok(())
            }
        }
        ("POST", ["channels", _, "messages"]) | ("PATCH", ["channels", _, "messages", _]) => {
            rules::check_message(body)
        }
        ("POST", ["channels", _, "messages", _, "threads"])
        | ("POST", ["channels", _, "threads"]) => rules::check_new_thread(body),
        ("PATCH", ["channels", _]) => rules::check_thread_change(body),
        _ => Ok(()),
    };
    if let Err(v) = checked.and_then(|()| rules::check_file_parts(&call.file_parts)) {
        return Some((400, v.body()));
    }
    channel_refusal(s, call, &seg)
}

/// Discord's permission bits the fake checks.
pub mod perm {
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
}

/// The permissions taken from the bot in `channel`: its own, and (a thread) its parent's.
pub(super) fn denied_in(s: &FakeState, channel: u64) -> u64 {
    let parent = s
        .channels
        .get(&channel)
        .and_then(|c| id_of(&c["parent_id"]));
    s.denied.get(&channel).copied().unwrap_or(0)
        | parent.and_then(|p| s.denied.get(&p)).copied().unwrap_or(0)
}

/// What Discord answers a bot acting in a channel it may not use: a deleted channel
/// (10003), one it cannot see (50001), a permission it lacks (50013), an archived thread
/// (50083), a locked one (160005).
pub(super) fn channel_refusal(s: &FakeState, call: &Call, seg: &[&str]) -> Option<(u16, Value)> {
    let ["channels", id, rest @ ..] = seg else {
        return None;
    };
    let channel: u64 = id.parse().ok()?;
    if s.dm_user_of.contains_key(&channel) {
        return None;
    }
    if s.deleted.contains(&channel) {
        return Some((404, json!({"message": "Unknown Channel", "code": 10003})));
    }
    let thread = s
        .channels
        .get(&channel)
        .filter(|c| matches!(c["type"].as_u64(), Some(10..=12)));
    let denied = denied_in(s, channel);
    let missing_access = || Some((403, json!({"message": "Missing Access", "code": 50001})));
    let missing = || {
        Some((
            403,
            json!({"message": "Missing Permissions", "code": 50013}),
        ))
    };
    if denied & perm::VIEW_CHANNEL != 0 {
        return missing_access();
    }
    match (call.method.as_str(), rest) {
        ("POST", ["messages"]) => {
            let send = if thread.is_some() {
                perm::SEND_MESSAGES_IN_THREADS
            } else {
                perm::SEND_MESSAGES
            };
            if denied & send != 0 || (!call.files.is_empty() && denied & perm::ATTACH_FILES != 0) {
                return missing();
            }
            if s.locked.contains(&channel) {
                return Some((403, json!({"message": "Thread is locked", "code": 160005})));
            }
            if s.archived.contains(&channel) {
                return Some((400, json!({"message": "Thread is archived", "code": 50083})));
            }
            None
        }
        ("POST", ["messages", _, "threads"]) | ("POST", ["threads"]) => {
            if denied & perm::CREATE_PUBLIC_THREADS != 0 {
                missing()
            } else {
                None
            }
        }
        ("PATCH", []) => {
            // Un-archiving: the bot may reopen a thread it made unless it is locked (then
            // only with Manage Threads).
            let manage = denied & perm::MANAGE_THREADS == 0;
            if s.locked.contains(&channel) && !manage {
                missing()
            } else {
                None
            }
        }
        _ => None,
    }
}

pub(super) fn not_found() -> (u16, Value) {
    (404, json!({"message": "404: Not Found", "code": 0}))
}

pub(super) fn route(inner: &Inner, s: &mut FakeState, call: &Call) -> (u16, Value) {
    let Some(rest) = call.path.strip_prefix("/api/v10/") else {
        return not_found();
    };
    let seg: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
    let num = |i: usize| seg.get(i).and_then(|p| p.parse::<u64>().ok());
    let app = FakeDiscord::APPLICATION_ID.to_string();
    let body = &call.json;
    let files = &call.files;
    match (call.method.as_str(), seg.as_slice()) {
        ("GET", ["gateway"]) => (200, json!({"url": inner.gateway_url})),
        ("GET", ["gateway", "bot"]) => (
            200,
            json!({
                "url": inner.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1
                }
            }),
        ),
        ("GET", ["users", "@me"]) => (200, bot_user_json()),
        ("GET", ["oauth2", "applications", "@me"]) => (200, application_json()),

        // Interaction responses.
        ("POST", ["interactions", _, token, "callback"]) => {
            interaction_callback(inner, s, token, body, files)
        }
        ("GET", ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            match s.originals.get(*token).and_then(|id| s.messages.get(id)) {
                Some(m) => (200, m.clone()),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("PATCH", ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            let info = interaction_info(s, token);
            let before_flags = s
                .originals
                .get(*token)
                .and_then(|id| s.messages.get(id))
                .and_then(|m| m["flags"].as_u64());
            let id = match s.originals.get(*token) {
                Some(id) => *id,
                None => {
                    let id = s.new_id();
                    s.originals.insert(token.to_string(), id);
                    id
                }
            };
            (
                200,
                edit_original(inner, s, id, &info, body, files, before_flags),
            )
        }
        ("DELETE", ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            match s.originals.remove(*token) {
                Some(id) => {
                    s.messages.remove(&id);
                    (204, Value::Null)
                }
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("POST", ["webhooks", a, token]) if *a == app => {
            let info = interaction_info(s, token);
            // The first follow-up of a response still "thinking" (deferred, LOADING = 128)
            // replaces that response, and keeps its privacy.
            let loading = s.originals.get(*token).copied().filter(|id| {
                s.messages
                    .get(id)
                    .and_then(|m| m["flags"].as_u64())
                    .is_some_and(|f| f & 128 != 0)
            });
            if let Some(id) = loading {
                let before = s.messages[&id]["flags"].as_u64();
                return (200, edit_original(inner, s, id, &info, body, files, before));
            }
            let id = s.new_id();
            let m = upsert_message(
                inner,
                s,
                id,
                info.channel,
                info.guild,
                body,
                files,
                20,
                true,
            );
            (200, m)
        }
        ("GET", ["webhooks", a, _, "messages", _]) if *a == app => {
            match num(4).and_then(|id| s.messages.get(&id)) {
                Some(m) => (200, m.clone()),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("PATCH", ["webhooks", a, token, "messages", _]) if *a == app => {
            let info = interaction_info(s, token);
            match num(4) {
                Some(id) if s.messages.contains_key(&id) => {
                    let m = upsert_message(
                        inner,
                        s,
                        id,
                        info.channel,
                        info.guild,
                        body,
                        files,
                        20,
                        true,
                    );
                    (200, m)
                }
                _ => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("DELETE", ["webhooks", a, _, "messages", _]) if *a == app => {
            match num(4).and_then(|id| s.messages.remove(&id)) {
                Some(_) => (204, Value::Null),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }

        // Commands.
        ("PUT", ["applications", a, "commands"]) if *a == app => (200, put_commands(s, None, body)),
        ("PUT", ["applications", a, "guilds", _, "commands"]) if *a == app => {
            (200, put_commands(s, num(3), body))
        }
        ("GET", ["applications", a, "commands"]) if *a == app => (
            200,
            Value::Array(s.commands.get(&None).cloned().unwrap_or_default()),
        ),
        ("GET", ["applications", a, "guilds", _, "commands"]) if *a == app => (
            200,
            Value::Array(s.commands.get(&num(3)).cloned().unwrap_or_default()),
        ),
        ("POST", ["applications", a, "commands"]) if *a == app => {
            (201, post_command(s, None, body))
        }
        ("POST", ["applications", a, "guilds", _, "commands"]) if *a == app => {
            (201, post_command(s, num(3), body))
        }

        // Channels and messages.
        ("POST", ["channels", _, "messages"]) => {
            let Some(channel) = num(1) else {
                return not_found();
            };
            if let Some(user) = s.dm_user_of.get(&channel) {
                if s.closed_dms.contains(user) {
                    return (
                        403,
                        json!({"code": 50007, "message": "Cannot send messages to this user"}),
                    );
                }
            }
            // A nonce that is enforced and already used in this channel gets the message
            // it made, not a second one (Discord keeps nonces for a few minutes).
            let nonce = match (&body["nonce"], body["enforce_nonce"] == json!(true)) {
                (Value::String(n), true) => Some(n.clone()),
                (Value::Number(n), true) => Some(n.to_string()),
                _ => None,
            };
            if let Some(earlier) = nonce
                .as_ref()
                .and_then(|n| s.nonces.get(&(channel, n.clone())))
                .and_then(|id| s.messages.get(id))
            {
                return (200, earlier.clone());
            }
            let guild = s.guild_of.get(&channel).copied();
            let id = s.new_id();
            let m = upsert_message(inner, s, id, channel, guild, body, files, 0, false);
            if let Some(n) = nonce {
                s.nonces.insert((channel, n), id);
            }
            (200, m)
        }
        ("GET", ["channels", _, "messages", _]) => {
            match num(3).and_then(|id| s.messages.get(&id)) {
                Some(m) => (200, m.clone()),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("PATCH", ["channels", _, "messages", _]) => {
            let (Some(channel), Some(id)) = (num(1), num(3)) else {
                return not_found();
            };
            if !s.messages.contains_key(&id) {
                return (404, json!({"message": "Unknown Message", "code": 10008}));
            }
            let guild = s.guild_of.get(&channel).copied();
            let m = upsert_message(inner, s, id, channel, guild, body, files, 0, false);
            (200, m)
        }
        ("DELETE", ["channels", _, "messages", _]) => {
            match num(3).and_then(|id| s.messages.remove(&id)) {
                Some(_) => (204, Value::Null),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("POST", ["channels", _, "messages", _, "threads"]) => {
            let (Some(parent), Some(message)) = (num(1), num(3)) else {
                return not_found();
            };
            // Discord gives a thread started from a message the message's id.
            let thread = create_thread(s, parent, message, body, 11);
            if let Some(m) = s.messages.get_mut(&message) {
                m["thread"] = thread.clone();
            }
            (201, thread)
        }
        ("POST", ["channels", _, "threads"]) => {
            let Some(parent) = num(1) else {
                return not_found();
            };
            let id = s.new_id();
            let kind = body["type"].as_u64().unwrap_or(12);
            (201, create_thread(s, parent, id, body, kind))
        }
        ("PATCH", ["channels", _]) => {
            let Some(id) = num(1) else { return not_found() };
            let Some(mut channel) = s.channels.get(&id).cloned() else {
                return (404, json!({"message": "Unknown Channel", "code": 10003}));
            };
            if body["archived"] == json!(false) {
                s.archived.remove(&id);
                channel["thread_metadata"]["archived"] = json!(false);
            }
            if body["locked"] == json!(false) {
                s.locked.remove(&id);
                channel["thread_metadata"]["locked"] = json!(false);
            }
            if let Some(name) = body["name"].as_str() {
                channel["name"] = json!(name);
            }
            s.channels.insert(id, channel.clone());
            (200, channel)
        }
        ("PUT", ["channels", _, "thread-members", _])
        | ("DELETE", ["channels", _, "thread-members", _]) => (204, Value::Null),
        ("POST", ["channels", _, "typing"]) => (204, Value::Null),
        ("GET", ["channels", _]) => {
            let Some(id) = num(1) else { return not_found() };
            match s.channels.get(&id) {
                Some(c) => (200, c.clone()),
                None => {
                    let guild = s
                        .guild_of
                        .get(&id)
                        .copied()
                        .unwrap_or(FakeDiscord::GUILD_ID);
                    (200, text_channel_json(id, guild))
                }
            }
        }
        ("POST", ["users", "@me", "channels"]) => {
            let Some(user) = id_of(&body["recipient_id"]) else {
                return (400, json!({"message": "Invalid Form Body", "code": 50035}));
            };
            let id = match s.dm_channel_of.get(&user) {
                Some(id) => *id,
                None => {
                    let id = s.new_id();
                    s.dm_channel_of.insert(user, id);
                    s.dm_user_of.insert(id, user);
                    id
                }
            };
            let channel = json!({
                "id": id.to_string(),
                "type": 1,
                "last_message_id": null,
                "flags": 0,
                "recipients": [user_json(user, &format!("user{user}"))]
            });
            s.channels.insert(id, channel.clone());
            (200, channel)
        }
        _ => not_found(),
    }
}

/// Edits an interaction's original response `id` with `body`. Editing a deferred response
/// ends its "thinking" state (flag LOADING = 128); whether it is ephemeral (64) was fixed
/// by its first callback (`before_flags`), whatever the edit asks.
pub(super) fn edit_original(
    inner: &Inner,
    s: &mut FakeState,
    id: u64,
    info: &InteractionInfo,
    body: &Value,
    files: &[(String, Vec<u8>)],
    before_flags: Option<u64>,
) -> Value {
    let mut m = upsert_message(
        inner,
        s,
        id,
        info.channel,
        info.guild,
        body,
        files,
        20,
        true,
    );
    let fixed = before_flags.unwrap_or(0) & 64;
    m["flags"] = json!((m["flags"].as_u64().unwrap_or(0) & !128 & !64) | fixed);
    s.messages.insert(id, m.clone());
    m
}

pub(super) fn interaction_info(s: &FakeState, token: &str) -> InteractionInfo {
    s.interactions
        .get(token)
        .cloned()
        .unwrap_or(InteractionInfo {
            channel: FakeDiscord::CHANNEL_ID,
            guild: Some(FakeDiscord::GUILD_ID),
            message: None,
            created: std::time::Instant::now(),
            focused_kind: None,
        })
}

pub(super) fn interaction_callback(
    inner: &Inner,
    s: &mut FakeState,
    token: &str,
    body: &Value,
    files: &[(String, Vec<u8>)],
) -> (u16, Value) {
    if !s.acknowledged.insert(token.to_string()) {
        return (
            400,
            json!({"message": "Interaction has already been acknowledged.", "code": 40060}),
        );
    }
    let info = interaction_info(s, token);
    let data = body.get("data").cloned().unwrap_or(json!({}));
    match body["type"].as_u64() {
        // CHANNEL_MESSAGE_WITH_SOURCE
        Some(4) => {
            let id = s.new_id();
            s.originals.insert(token.to_string(), id);
            upsert_message(
                inner,
                s,
                id,
                info.channel,
                info.guild,
                &data,
                files,
                20,
                true,
            );
        }
        // DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: a "thinking" message (flag LOADING = 128).
        Some(5) => {
            let id = s.new_id();
            s.originals.insert(token.to_string(), id);
            let flags = data["flags"].as_u64().unwrap_or(0) | 128;
            let data = json!({"content": "", "flags": flags});
            upsert_message(inner, s, id, info.channel, info.guild, &data, &[], 20, true);
        }
        // DEFERRED_UPDATE_MESSAGE / UPDATE_MESSAGE: the component's message is the original.
        Some(6) | Some(7) => {
            if let Some(m) = info.message {
                s.originals.insert(token.to_string(), m);
                if body["type"] == 7 {
                    upsert_message(
                        inner,
                        s,
                        m,
                        info.channel,
                        info.guild,
                        &data,
                        files,
                        0,
                        false,
                    );
                }
            }
        }
        // PONG, APPLICATION_COMMAND_AUTOCOMPLETE_RESULT, MODAL, ...: nothing to keep.
        Some(_) => {}
        None => {
            s.acknowledged.remove(token);
            return (400, json!({"message": "Invalid Form Body", "code": 50035}));
        }
    }
    (204, Value::Null)
}

/// Creates message `id` from `payload` (a CreateMessage-like body) or applies `payload` as an
/// edit to it. Returns the stored message.
#[allow(clippy::too_many_arguments)]
pub(super) fn upsert_message(
    inner: &Inner,
    s: &mut FakeState,
    id: u64,
    channel: u64,
    guild: Option<u64>,
    payload: &Value,
    files: &[(String, Vec<u8>)],
    kind: u64,
    by_webhook: bool,
) -> Value {
    let now = serenity::model::Timestamp::now().to_string();
    let existing = s.messages.get(&id).cloned();
    let mut m = match existing.clone() {
        Some(m) => m,
        None => {
            let mut m = json!({
                "id": id.to_string(),
                "channel_id": channel.to_string(),
                "author": bot_user_json(),
                "content": "",
                "timestamp": now,
                "edited_timestamp": null,
                "tts": false,
                "mention_everyone": false,
                "mentions": [],
                "mention_roles": [],
                "attachments": [],
                "embeds": [],
                "components": [],
                "pinned": false,
                "type": kind,
                "flags": 0,
            });
            if let Some(g) = guild {
                m["guild_id"] = json!(g.to_string());
            }
            if by_webhook {
                m["webhook_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
                m["application_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
            }
            m
        }
    };
    if existing.is_some() {
        m["edited_timestamp"] = json!(now);
    }
    for key in ["content", "embeds", "components", "tts", "flags"] {
        if let Some(v) = payload.get(key) {
            if !v.is_null() {
                m[key] = v.clone();
            }
        }
    }
    if let Some(content) = payload.get("content").and_then(Value::as_str) {
        m["mentions"] = Value::Array(
            mentioned_users(content)
                .into_iter()
                .map(|u| user_json(u, &format!("user{u}")))
                .collect(),
        );
        m["mention_everyone"] = json!(content.contains("@everyone"));
    }
    if let Some(r) = payload.get("message_reference") {
        if !r.is_null() {
            m["message_reference"] = r.clone();
            m["type"] = json!(19);
        }
    }
    // Attachments: an `attachments` list keeps the existing ones it names (by snowflake id) and
    // describes the new files (by index); without it, existing ones stay and files are added.
    let old: Vec<Value> = m["attachments"].as_array().cloned().unwrap_or_default();
    let mut attachments: Vec<Value> = match payload.get("attachments").and_then(Value::as_array) {
        Some(list) => old
            .into_iter()
            .filter(|a| list.iter().any(|k| id_of(&k["id"]) == id_of(&a["id"])))
            .collect(),
        None => old,
    };
    for (filename, bytes) in files {
        let aid = s.new_id();
        let url = format!("{}/attachments/{channel}/{aid}/{filename}", inner.http_url);
        let mut a = json!({
            "id": aid.to_string(),
            "filename": filename,
            "size": bytes.len(),
            "url": url,
            "proxy_url": url,
            "content_type": content_type_of(filename),
        });
        if let Some((w, h)) = png_size(bytes) {
            a["width"] = json!(w);
            a["height"] = json!(h);
        }
        attachments.push(a);
    }
    m["attachments"] = Value::Array(attachments);
    s.messages.insert(id, m.clone());
    m
}

/// Users mentioned as `<@id>` or `<@!id>` in `content`.
pub(super) fn mentioned_users(content: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for piece in content.split("<@").skip(1) {
        let piece = piece.strip_prefix('!').unwrap_or(piece);
        if let Some(end) = piece.find('>') {
            if let Ok(id) = piece[..end].parse::<u64>() {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
    }
    out
}

pub(super) fn content_type_of(filename: &str) -> &'static str {
    let lower = filename.to_ascii_lowercase();
    if lower.ends_with(".png") {
        "image/png"
    } else if lower.ends_with(".txt") || lower.ends_with(".pgn") {
        "text/plain; charset=utf-8"
    } else if lower.ends_with(".json") {
        "application/json"
    } else {
        "application/octet-stream"
    }
}

/// Width and height from a PNG's IHDR.
pub(super) fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

pub(super) fn create_thread(
    s: &mut FakeState,
    parent: u64,
    id: u64,
    body: &Value,
    kind: u64,
) -> Value {
    let guild = s
        .guild_of
        .get(&parent)
        .copied()
        .unwrap_or(FakeDiscord::GUILD_ID);
    let name = body["name"].as_str().unwrap_or("thread").to_string();
    let archive = body["auto_archive_duration"].as_u64().unwrap_or(4320);
    let thread = json!({
        "id": id.to_string(),
        "type": kind,
        "guild_id": guild.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": FakeDiscord::BOT_USER_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": body["rate_limit_per_user"].as_u64().unwrap_or(0),
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": archive,
            "archive_timestamp": serenity::model::Timestamp::now().to_string(),
            "locked": false,
            "create_timestamp": serenity::model::Timestamp::now().to_string(),
            "invitable": body["invitable"].as_bool().unwrap_or(true)
        },
        "member": {
            "id": id.to_string(),
            "user_id": FakeDiscord::BOT_USER_ID.to_string(),
            "join_timestamp": serenity::model::Timestamp::now().to_string(),
            "flags": 0
        }
    });
    s.guild_of.insert(id, guild);
    s.channels.insert(id, thread.clone());
    thread
}

pub(super) fn put_commands(s: &mut FakeState, guild: Option<u64>, body: &Value) -> Value {
    let list: Vec<Value> = body
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|c| echo_command(s, guild, c))
        .collect();
    s.commands.insert(guild, list.clone());
    Value::Array(list)
}

pub(super) fn post_command(s: &mut FakeState, guild: Option<u64>, body: &Value) -> Value {
    let c = echo_command(s, guild, body);
    let list = s.commands.entry(guild).or_default();
    list.retain(|old| old["name"] != c["name"] || old["type"] != c["type"]);
    list.push(c.clone());
    c
}

/// What Discord returns for a registered command: the body plus ids (stable per name, as
/// Discord keeps them on overwrite) and defaults.
pub(super) fn echo_command(s: &mut FakeState, guild: Option<u64>, body: &Value) -> Value {
    let mut c = match body {
        Value::Object(m) => m.clone(),
        _ => Map::new(),
    };
    let kind = c.get("type").and_then(Value::as_u64).unwrap_or(1);
    let name = c
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let key = (guild, format!("{kind}:{name}"));
    let id = match s.command_ids.get(&key) {
        Some(id) => *id,
        None => {
            let id = s.new_id();
            s.command_ids.insert(key, id);
            id
        }
    };
    let version = s.new_id();
    c.insert("id".into(), json!(id.to_string()));
    c.insert("type".into(), json!(kind));
    c.insert(
        "application_id".into(),
        json!(FakeDiscord::APPLICATION_ID.to_string()),
    );
    c.insert("version".into(), json!(version.to_string()));
    if let Some(g) = guild {
        c.insert("guild_id".into(), json!(g.to_string()));
    }
    c.entry("description").or_insert(json!(""));
    c.entry("default_member_permissions").or_insert(Value::Null);
    c.entry("nsfw").or_insert(json!(false));
    if guild.is_none() {
        c.entry("integration_types").or_insert(json!([0]));
        c.entry("contexts").or_insert(Value::Null);
    }
    Value::Object(c)
}
