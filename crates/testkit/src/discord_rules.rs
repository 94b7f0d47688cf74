//! Discord's limits on what a bot sends, as pure checks: the strict fake Discord runs every
//! request through them and answers a violation as Discord does, with 400
//! `{"code": 50035, "message": "Invalid Form Body", "errors": …}`.
//!
//! Sources: Discord's OpenAPI description of its API (the `discord-api-spec` repository
//! Discord publishes; each check names the request schema it follows), and Discord's
//! developer documentation where that is stricter than the description (each such rule
//! says so): Application Commands (naming, option order, choices), Message Components
//! (rows, buttons), Create Message (content length, allowed mentions, embeds).

use serde_json::{json, Value};

/// A rule broken, with the JSON path of the offending field (Discord names it in `errors`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub path: String,
    pub rule: String,
}

impl Violation {
    fn new(path: impl Into<String>, rule: impl Into<String>) -> Violation {
        Violation {
            path: path.into(),
            rule: rule.into(),
        }
    }

    /// The body Discord answers with (status 400).
    pub fn body(&self) -> Value {
        json!({
            "message": "Invalid Form Body",
            "code": 50035,
            "errors": {self.path.clone(): {"_errors": [{"code": "BASE_TYPE_BAD", "message": self.rule.clone()}]}}
        })
    }

    /// The same violation seen from an enclosing object (`data` of a callback).
    fn inside(self, outer: &str) -> Violation {
        Violation::new(format!("{outer}.{}", self.path), self.rule)
    }
}

pub type Checked = Result<(), Violation>;

// ---------------------------------------------------------------------------------------------
// Shapes every schema uses

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

/// The field's value unless it is absent or null (the description makes most fields
/// nullable: null means "not given").
fn given(v: &Value) -> Option<&Value> {
    (!v.is_null()).then_some(v)
}

/// An optional string of `min..=max` characters (`"type": ["string", "null"]` with
/// `minLength`/`maxLength`).
fn check_text(path: &str, v: &Value, min: usize, max: usize) -> Checked {
    match given(v) {
        None => Ok(()),
        Some(Value::String(s)) if (min..=max).contains(&s.chars().count()) => Ok(()),
        Some(_) => Err(Violation::new(
            path,
            format!("must be a string between {min} and {max} in length"),
        )),
    }
}

/// A required string of `min..=max` characters.
fn check_required_text(path: &str, v: &Value, min: usize, max: usize) -> Checked {
    if v.is_string() {
        check_text(path, v, min, max)
    } else {
        Err(Violation::new(path, "this field is required"))
    }
}

/// An optional integer in `min..=max`.
fn check_integer(path: &str, v: &Value, min: i64, max: i64) -> Checked {
    match given(v) {
        None => Ok(()),
        Some(n) if n.as_i64().is_some_and(|n| (min..=max).contains(&n)) => Ok(()),
        Some(_) => Err(Violation::new(
            path,
            format!("must be an integer from {min} to {max}"),
        )),
    }
}

/// An optional list of at most `max` items (`"type": ["array", "null"]`, `maxItems`).
fn check_list<'a>(path: &str, v: &'a Value, max: usize) -> Result<&'a [Value], Violation> {
    match given(v) {
        None => Ok(&[]),
        Some(Value::Array(items)) if items.len() <= max => Ok(items),
        Some(Value::Array(_)) => Err(Violation::new(
            path,
            format!("must be {max} or fewer in length"),
        )),
        Some(_) => Err(Violation::new(path, "must be a list")),
    }
}

/// `uniqueItems`: no item twice (lists are bounded before this is asked).
fn check_unique(path: &str, items: &[Value]) -> Checked {
    for (i, item) in items.iter().enumerate() {
        if items[..i].contains(item) {
            return Err(Violation::new(
                format!("{path}.{i}"),
                "items must be unique",
            ));
        }
    }
    Ok(())
}

/// `SnowflakeType`: a string of decimal digits, `^(0|[1-9][0-9]*)$`, that fits 64 bits.
fn is_snowflake(v: &Value) -> bool {
    v.as_str().is_some_and(|s| {
        (s == "0" || !s.starts_with('0'))
            && !s.is_empty()
            && s.bytes().all(|b| b.is_ascii_digit())
            && s.parse::<u64>().is_ok()
    })
}

/// An optional list whose items come from an integer enum, given at least once
/// (`minItems: 1`) and each once (`uniqueItems`).
fn check_enum_list(path: &str, v: &Value, allowed: &[u64]) -> Checked {
    let Some(list) = given(v) else {
        return Ok(());
    };
    let items = list
        .as_array()
        .ok_or_else(|| Violation::new(path, "must be a list"))?;
    if items.is_empty() {
        return Err(Violation::new(path, "must be 1 or more in length"));
    }
    for (i, item) in items.iter().enumerate() {
        if !item.as_u64().is_some_and(|n| allowed.contains(&n)) {
            return Err(Violation::new(
                format!("{path}.{i}"),
                format!("must be one of {allowed:?}"),
            ));
        }
    }
    check_unique(path, items)
}

/// `Int53Type`: the integers JavaScript holds exactly, ±(2^53 − 1).
const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

fn is_int53(v: &Value) -> bool {
    v.as_i64().is_some_and(|n| n.abs() <= MAX_SAFE_INTEGER)
}

// ---------------------------------------------------------------------------------------------
// Commands (`ApplicationCommandCreateRequest`, `ApplicationCommandUpdateRequest` and their
// option schemas)

/// `ApplicationCommandOptionType`: 1 SUB_COMMAND, 2 SUB_COMMAND_GROUP, 3 STRING, 4 INTEGER,
/// 5 BOOLEAN, 6 USER, 7 CHANNEL, 8 ROLE, 9 MENTIONABLE, 10 NUMBER, 11 ATTACHMENT.
const STRING: u64 = 3;
const INTEGER: u64 = 4;
const NUMBER: u64 = 10;

/// `ApplicationCommandType`: CHAT, USER, MESSAGE, PRIMARY_ENTRY_POINT.
const COMMAND_TYPES: [u64; 4] = [1, 2, 3, 4];
/// `InteractionContextType`: GUILD, BOT_DM, PRIVATE_CHANNEL.
const INTERACTION_CONTEXTS: [u64; 3] = [0, 1, 2];
/// `ApplicationIntegrationType`: GUILD_INSTALL, USER_INSTALL.
const INTEGRATION_TYPES: [u64; 2] = [0, 1];

/// `AvailableLocalesEnum`: the locales of localization maps.
pub const DISCORD_LOCALES: [&str; 34] = [
    "ar", "bg", "cs", "da", "de", "el", "en-GB", "en-US", "es-419", "es-ES", "fi", "fr", "he",
    "hi", "hr", "hu", "id", "it", "ja", "ko", "lt", "nl", "no", "pl", "pt-BR", "ro", "ru", "sv-SE",
    "th", "tr", "uk", "vi", "zh-CN", "zh-TW",
];

/// Discord's name pattern for chat commands and options (documentation):
/// `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lower case where the letter has a
/// lower case. The description only bounds the length (1 to 32).
fn valid_name(name: &str) -> bool {
    let devanagari_or_thai =
        |c: char| matches!(c, '\u{0900}'..='\u{097F}' | '\u{0E00}'..='\u{0E7F}');
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| matches!(c, '-' | '_' | '\'') || c.is_alphanumeric() || devanagari_or_thai(c))
        && name.chars().all(|c| !c.is_uppercase())
}

fn check_name(path: &str, v: &Value) -> Checked {
    match v.as_str() {
        Some(name) if valid_name(name) => Ok(()),
        _ => Err(Violation::new(
            path,
            "must match ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$ in lower case",
        )),
    }
}

/// 1 to 100 characters. The description lets a command's own description be empty or
/// null; the documentation asks 1 to 100 of a chat command, as of its options.
fn check_description(path: &str, v: &Value) -> Checked {
    check_required_text(path, v, 1, 100)
}

fn check_localizations(path: &str, v: &Value, each: fn(&str, &Value) -> Checked) -> Checked {
    match v {
        Value::Null => Ok(()),
        Value::Object(map) => {
            for (locale, text) in map {
                if !DISCORD_LOCALES.contains(&locale.as_str()) {
                    return Err(Violation::new(
                        format!("{path}.{locale}"),
                        "is not a valid locale",
                    ));
                }
                each(&format!("{path}.{locale}"), text)?;
            }
            Ok(())
        }
        _ => Err(Violation::new(path, "must be an object of locale to text")),
    }
}

/// A choice's value, of its option's type: an integer within ±(2^53 − 1) (`Int53Type`),
/// a number within ±2^53, or a string of at most 100 characters (the description allows
/// 6,000; the documentation says 100).
fn check_choice_value(path: &str, kind: u64, value: &Value) -> Checked {
    let ok = match kind {
        STRING => value.is_string() && chars(value) <= 100,
        INTEGER => is_int53(value),
        NUMBER => value
            .as_f64()
            .is_some_and(|x| x.abs() <= (1u64 << 53) as f64),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(Violation::new(
            path,
            format!("value must match the option's type ({kind})"),
        ))
    }
}

fn check_choice_name(path: &str, v: &Value) -> Checked {
    check_required_text(path, v, 1, 100)
}

/// What bounds an option's values: `min_length` 0–6,000 and `max_length` 1–6,000 of a
/// string, `min_value`/`max_value` of an integer (`Int53Type`) or a number.
fn check_option_bounds(path: &str, kind: u64, o: &Value) -> Checked {
    match kind {
        STRING => {
            check_integer(&format!("{path}.min_length"), &o["min_length"], 0, 6_000)?;
            check_integer(&format!("{path}.max_length"), &o["max_length"], 1, 6_000)
        }
        INTEGER | NUMBER => {
            for key in ["min_value", "max_value"] {
                let Some(bound) = given(&o[key]) else {
                    continue;
                };
                let ok = if kind == INTEGER {
                    is_int53(bound)
                } else {
                    bound.is_number()
                };
                if !ok {
                    return Err(Violation::new(
                        format!("{path}.{key}"),
                        format!("must be a value of the option's type ({kind})"),
                    ));
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn check_option(path: &str, o: &Value) -> Checked {
    check_name(&format!("{path}.name"), &o["name"])?;
    check_description(&format!("{path}.description"), &o["description"])?;
    check_localizations(
        &format!("{path}.name_localizations"),
        &o["name_localizations"],
        check_name,
    )?;
    check_localizations(
        &format!("{path}.description_localizations"),
        &o["description_localizations"],
        check_description,
    )?;
    let kind = o["type"].as_u64().unwrap_or(0);
    if !(1..=11).contains(&kind) {
        return Err(Violation::new(
            format!("{path}.type"),
            "unknown option type",
        ));
    }
    check_option_bounds(path, kind, o)?;
    let choices = check_list(&format!("{path}.choices"), &o["choices"], 25)?;
    if !choices.is_empty() && o["autocomplete"] == json!(true) {
        return Err(Violation::new(
            format!("{path}.autocomplete"),
            "autocomplete cannot be set with choices",
        ));
    }
    for (i, c) in choices.iter().enumerate() {
        let at = format!("{path}.choices.{i}");
        check_choice_name(&format!("{at}.name"), &c["name"])?;
        check_localizations(
            &format!("{at}.name_localizations"),
            &c["name_localizations"],
            check_choice_name,
        )?;
        check_choice_value(&format!("{at}.value"), kind, &c["value"])?;
    }
    if kind <= 2 {
        check_options(path, &o["options"])?;
    }
    Ok(())
}

fn check_options(path: &str, options: &Value) -> Checked {
    let list = check_list(&format!("{path}.options"), options, 25)?;
    // Documentation: required options come first.
    let mut optional_seen = false;
    for (i, o) in list.iter().enumerate() {
        let at = format!("{path}.options.{i}");
        let required = o["required"] == json!(true);
        if required && optional_seen {
            return Err(Violation::new(
                at,
                "required options must be placed before non-required options",
            ));
        }
        optional_seen |= !required;
        check_option(&at, o)?;
    }
    let mut names: Vec<&str> = list.iter().filter_map(|o| o["name"].as_str()).collect();
    names.sort_unstable();
    if names.windows(2).any(|w| w[0] == w[1]) {
        return Err(Violation::new(
            format!("{path}.options"),
            "option names must be unique",
        ));
    }
    Ok(())
}

/// One chat-input command definition (`PUT`/`POST …/commands`).
pub fn check_command(path: &str, c: &Value) -> Checked {
    check_name(&format!("{path}.name"), &c["name"])?;
    check_description(&format!("{path}.description"), &c["description"])?;
    check_localizations(
        &format!("{path}.name_localizations"),
        &c["name_localizations"],
        check_name,
    )?;
    check_localizations(
        &format!("{path}.description_localizations"),
        &c["description_localizations"],
        check_description,
    )?;
    if let Some(kind) = given(&c["type"]) {
        if !kind.as_u64().is_some_and(|k| COMMAND_TYPES.contains(&k)) {
            return Err(Violation::new(
                format!("{path}.type"),
                "unknown command type",
            ));
        }
    }
    check_enum_list(
        &format!("{path}.contexts"),
        &c["contexts"],
        &INTERACTION_CONTEXTS,
    )?;
    check_enum_list(
        &format!("{path}.integration_types"),
        &c["integration_types"],
        &INTEGRATION_TYPES,
    )?;
    check_options(path, &c["options"])
}

/// A bulk overwrite of commands: each definition, and names unique. At most 100: the
/// documentation's number of chat commands (the description allows a list of 130).
pub fn check_commands(list: &Value) -> Checked {
    let Some(list) = list.as_array() else {
        return Err(Violation::new("_", "must be a list of commands"));
    };
    if list.len() > 100 {
        return Err(Violation::new("_", "must be 100 or fewer in length"));
    }
    for (i, c) in list.iter().enumerate() {
        check_command(&i.to_string(), c)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Messages (`MessageCreateRequest`, `MessageEditRequestPartial`, and the webhook and
// interaction forms: `IncomingWebhookInteractionRequest`,
// `IncomingWebhookUpdateForInteractionCallbackRequestPartial`, `IncomingWebhookRequestPartial`,
// `IncomingWebhookUpdateRequestPartial`)

/// `MessageAllowedMentionsRequest`: only its keys; `parse` values from
/// `AllowedMentionTypes`, each once; `users` and `roles` at most 100 snowflakes, each once;
/// and (documentation) users or roles not both parsed and listed.
fn check_allowed_mentions(v: &Value) -> Checked {
    let Some(given) = given(v) else {
        return Ok(());
    };
    let Some(map) = given.as_object() else {
        return Err(Violation::new("allowed_mentions", "must be an object"));
    };
    for key in map.keys() {
        if !["parse", "roles", "users", "replied_user"].contains(&key.as_str()) {
            return Err(Violation::new(
                format!("allowed_mentions.{key}"),
                "unknown field",
            ));
        }
    }
    let parse = check_list("allowed_mentions.parse", &given["parse"], 3)?;
    for (i, p) in parse.iter().enumerate() {
        if !p
            .as_str()
            .is_some_and(|p| ["roles", "users", "everyone"].contains(&p))
        {
            return Err(Violation::new(
                format!("allowed_mentions.parse.{i}"),
                format!("{p} is not one of roles, users, everyone"),
            ));
        }
    }
    check_unique("allowed_mentions.parse", parse)?;
    for key in ["users", "roles"] {
        let path = format!("allowed_mentions.{key}");
        let listed = check_list(&path, &given[key], 100)?;
        if let Some(i) = listed.iter().position(|id| !is_snowflake(id)) {
            return Err(Violation::new(format!("{path}.{i}"), "must be a snowflake"));
        }
        check_unique(&path, listed)?;
        if parse.contains(&json!(key)) && !listed.is_empty() {
            return Err(Violation::new(
                path,
                format!("cannot list {key} and parse {key} at once"),
            ));
        }
    }
    Ok(())
}

/// `ButtonStyleTypes`: PRIMARY, SECONDARY, SUCCESS, DANGER, LINK, PREMIUM.
const LINK: u64 = 5;
const PREMIUM: u64 = 6;

/// Action rows of buttons (`ActionRowComponentForMessageRequest`,
/// `ButtonComponentForMessageRequest`): 1 to 5 components a row; a button's style from
/// its enum, `custom_id` 1–100, `label` at most 80, `url` at most 512. The documentation
/// adds: at most 5 rows (without the components-v2 flag, which the bot never sets); a
/// link button has a `url` and no `custom_id`, a premium one a `sku_id` and neither, any
/// other a `custom_id` and no `url`.
fn check_components(v: &Value) -> Checked {
    let rows = check_list("components", v, 5)?;
    for (i, row) in rows.iter().enumerate() {
        let items = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        if row["type"] != json!(1) || items.is_empty() || items.len() > 5 {
            return Err(Violation::new(
                format!("components.{i}.components"),
                "an action row holds 1 to 5 components",
            ));
        }
        for (j, b) in items.iter().enumerate() {
            let at = format!("components.{i}.components.{j}");
            if b["type"] != json!(2) {
                continue;
            }
            let style = b["style"].as_u64().unwrap_or(0);
            if !(1..=6).contains(&style) {
                return Err(Violation::new(
                    format!("{at}.style"),
                    "must be one of 1, 2, 3, 4, 5, 6",
                ));
            }
            let has = |key: &str| given(&b[key]).is_some();
            let (custom_id, url) = match style {
                LINK => (false, true),
                PREMIUM => (false, false),
                _ => (true, false),
            };
            if has("custom_id") != custom_id {
                return Err(Violation::new(
                    format!("{at}.custom_id"),
                    "a button has a custom_id unless it is a link or premium",
                ));
            }
            if has("url") != url {
                return Err(Violation::new(
                    format!("{at}.url"),
                    "a link button has a url, and no other button does",
                ));
            }
            if style == PREMIUM && (!is_snowflake(&b["sku_id"]) || has("label")) {
                return Err(Violation::new(
                    format!("{at}.sku_id"),
                    "a premium button has a sku_id and no label",
                ));
            }
            check_text(&format!("{at}.custom_id"), &b["custom_id"], 1, 100)?;
            check_text(&format!("{at}.label"), &b["label"], 0, 80)?;
            check_text(&format!("{at}.url"), &b["url"], 1, 512)?;
        }
    }
    Ok(())
}

/// `RichEmbed`: title 256, description 4,096, at most 25 fields of a name (256) and a
/// value (1,024), footer text 2,048, author name 256; at most 10 embeds. The
/// documentation adds: all of them together at most 6,000 characters.
fn check_embeds(v: &Value) -> Checked {
    let embeds = check_list("embeds", v, 10)?;
    let mut total = 0;
    for (i, e) in embeds.iter().enumerate() {
        let at = format!("embeds.{i}");
        let mut text = |path: String, v: &Value, max: usize| {
            total += chars(v);
            check_text(&path, v, 0, max)
        };
        text(format!("{at}.title"), &e["title"], 256)?;
        text(format!("{at}.description"), &e["description"], 4_096)?;
        text(format!("{at}.footer.text"), &e["footer"]["text"], 2_048)?;
        text(format!("{at}.author.name"), &e["author"]["name"], 256)?;
        let fields = check_list(&format!("{at}.fields"), &e["fields"], 25)?;
        for (j, f) in fields.iter().enumerate() {
            let field = format!("{at}.fields.{j}");
            for (key, max) in [("name", 256), ("value", 1_024)] {
                if !f[key].is_string() {
                    return Err(Violation::new(
                        format!("{field}.{key}"),
                        "this field is required",
                    ));
                }
                text(format!("{field}.{key}"), &f[key], max)?;
            }
        }
    }
    if total > 6_000 {
        return Err(Violation::new(
            "embeds",
            "embeds must hold 6000 or fewer characters in all",
        ));
    }
    Ok(())
}

/// `MessageAttachmentRequest`: at most 10; each with its `id` (a snowflake, which
/// Discord also reads from a number: serenity numbers new files 0, 1, …), a filename of
/// 1–1,024 characters and a description of at most 1,024.
fn check_attachments(v: &Value) -> Checked {
    let attachments = check_list("attachments", v, 10)?;
    for (i, a) in attachments.iter().enumerate() {
        let at = format!("attachments.{i}");
        if !(is_snowflake(&a["id"]) || a["id"].is_u64()) {
            return Err(Violation::new(format!("{at}.id"), "this field is required"));
        }
        check_text(&format!("{at}.filename"), &a["filename"], 1, 1_024)?;
        check_text(&format!("{at}.description"), &a["description"], 0, 1_024)?;
    }
    Ok(())
}

/// A message's `nonce`: a 64-bit integer or a string of at most 25 characters.
fn check_nonce(v: &Value) -> Checked {
    match given(v) {
        None => Ok(()),
        Some(n) if n.is_i64() || n.is_string() && chars(n) <= 25 => Ok(()),
        Some(_) => Err(Violation::new(
            "nonce",
            "must be an integer or a string of 25 or fewer characters",
        )),
    }
}

/// A message body (create, edit, interaction response `data`, follow-up).
pub fn check_message(m: &Value) -> Checked {
    // The description allows 4,000 characters in a channel message (2,000 through a
    // webhook or an interaction); the documentation holds a bot to 2,000 everywhere.
    if chars(&m["content"]) > 2_000 {
        return Err(Violation::new("content", "must be 2000 or fewer in length"));
    }
    check_embeds(&m["embeds"])?;
    check_allowed_mentions(&m["allowed_mentions"])?;
    check_components(&m["components"])?;
    check_attachments(&m["attachments"])?;
    check_nonce(&m["nonce"])
}

/// The form fields of a multipart body's files: `files[0]` … `files[9]`, each once (the
/// multipart schemas of the message operations name exactly these).
pub fn check_file_parts(names: &[String]) -> Checked {
    for (i, name) in names.iter().enumerate() {
        let index = name
            .strip_prefix("files[")
            .and_then(|rest| rest.strip_suffix(']'))
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| *n <= 9 && name == &format!("files[{n}]"));
        if index.is_none() {
            return Err(Violation::new(
                name.clone(),
                "file parts are named files[0] to files[9]",
            ));
        }
        if names[..i].contains(name) {
            return Err(Violation::new(name.clone(), "each file part once"));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Threads (`CreateTextThreadWithMessageRequest`, `CreateTextThreadWithoutMessageRequest`,
// `UpdateThreadRequestPartial`)

/// `ThreadAutoArchiveDuration`, in minutes: an hour, a day, three days, a week.
const AUTO_ARCHIVE_MINUTES: [u64; 4] = [60, 1_440, 4_320, 10_080];
/// The thread types a thread may be created as: announcement, public, private.
const THREAD_TYPES: [u64; 3] = [10, 11, 12];

fn check_thread_settings(body: &Value) -> Checked {
    if let Some(d) = given(&body["auto_archive_duration"]) {
        if !d
            .as_u64()
            .is_some_and(|d| AUTO_ARCHIVE_MINUTES.contains(&d))
        {
            return Err(Violation::new(
                "auto_archive_duration",
                "must be one of 60, 1440, 4320, 10080",
            ));
        }
    }
    check_integer(
        "rate_limit_per_user",
        &body["rate_limit_per_user"],
        0,
        21_600,
    )
}

/// A new thread, from a message or on its own: a name of 1–100 characters, an archive
/// duration from its enum, a thread type.
pub fn check_new_thread(body: &Value) -> Checked {
    check_required_text("name", &body["name"], 1, 100)?;
    if let Some(kind) = given(&body["type"]) {
        if !kind.as_u64().is_some_and(|k| THREAD_TYPES.contains(&k)) {
            return Err(Violation::new("type", "must be one of 10, 11, 12"));
        }
    }
    check_thread_settings(body)
}

/// A change of a thread (reopening it, say). The description lets a new name be empty;
/// the documentation asks 1–100 characters of a channel's name.
pub fn check_thread_change(body: &Value) -> Checked {
    check_text("name", &body["name"], 1, 100)?;
    check_thread_settings(body)
}

// ---------------------------------------------------------------------------------------------
// Interaction responses

/// `InteractionCallbackTypes`: PONG, CHANNEL_MESSAGE_WITH_SOURCE,
/// DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE,
/// APPLICATION_COMMAND_AUTOCOMPLETE_RESULT, MODAL, LAUNCH_ACTIVITY,
/// SOCIAL_LAYER_SKU_PURCHASE_ELIGIBILITY.
const CALLBACK_TYPES: [u64; 9] = [1, 4, 5, 6, 7, 8, 9, 12, 13];

/// An interaction's response: its type from its enum, and its `data` as that type's
/// schema says (a message for 4–7, the choices for 8). `focused_kind` is the option type
/// an autocomplete answers for.
pub fn check_callback(body: &Value, focused_kind: u64) -> Checked {
    let kind = body["type"].as_u64().filter(|t| CALLBACK_TYPES.contains(t));
    match kind {
        None => Err(Violation::new(
            "type",
            "must be an interaction callback type",
        )),
        Some(4..=7) => check_message(&body["data"]).map_err(|v| v.inside("data")),
        Some(8) => check_autocomplete(&body["data"], focused_kind),
        Some(_) => Ok(()),
    }
}

/// An autocomplete result (callback type 8) for a focused option of type `kind`: at most
/// 25 choices, each named 1–100 characters, with a value of the option's type.
pub fn check_autocomplete(data: &Value, kind: u64) -> Checked {
    let choices = check_list("data.choices", &data["choices"], 25)?;
    for (i, c) in choices.iter().enumerate() {
        let at = format!("data.choices.{i}");
        check_choice_name(&format!("{at}.name"), &c["name"])?;
        check_choice_value(&format!("{at}.value"), kind, &c["value"])?;
    }
    Ok(())
}
