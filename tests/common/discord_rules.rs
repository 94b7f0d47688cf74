//! Discord's documented limits on what a bot sends, as pure checks: the strict fake Discord
//! runs every request through them and answers a violation as Discord does, with 400
//! `{"code": 50035, "message": "Invalid Form Body", "errors": …}`.
//!
//! Sources (Discord's developer documentation): Application Commands (naming, lengths,
//! choices, option order, localizations), Message Components (rows, buttons, custom ids),
//! Create Message (content length, allowed mentions), Interactions (autocomplete results).

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
}

pub type Checked = Result<(), Violation>;

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

/// Option types: 1 SUB_COMMAND, 2 SUB_COMMAND_GROUP, 3 STRING, 4 INTEGER, 5 BOOLEAN, 6 USER,
/// 7 CHANNEL, 8 ROLE, 9 MENTIONABLE, 10 NUMBER, 11 ATTACHMENT.
const STRING: u64 = 3;
const INTEGER: u64 = 4;
const NUMBER: u64 = 10;

/// Discord's name pattern for chat commands and options:
/// `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lower case where the letter has a
/// lower case.
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

fn check_description(path: &str, v: &Value) -> Checked {
    if (1..=100).contains(&chars(v)) {
        Ok(())
    } else {
        Err(Violation::new(path, "must be between 1 and 100 in length"))
    }
}

/// The locales Discord accepts in localization maps.
pub const DISCORD_LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

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

fn check_choice_value(path: &str, kind: u64, value: &Value) -> Checked {
    let ok = match kind {
        STRING => (1..=100).contains(&chars(value)) && value.is_string(),
        INTEGER => value.as_i64().is_some_and(|n| n.unsigned_abs() <= 1 << 53),
        NUMBER => value.is_number(),
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
    let choices = o["choices"].as_array().map_or(&[][..], Vec::as_slice);
    if choices.len() > 25 {
        return Err(Violation::new(
            format!("{path}.choices"),
            "must be 25 or fewer in length",
        ));
    }
    if !choices.is_empty() && o["autocomplete"] == json!(true) {
        return Err(Violation::new(
            format!("{path}.autocomplete"),
            "autocomplete cannot be set with choices",
        ));
    }
    for (i, c) in choices.iter().enumerate() {
        let at = format!("{path}.choices.{i}");
        if !(1..=100).contains(&chars(&c["name"])) {
            return Err(Violation::new(
                format!("{at}.name"),
                "must be between 1 and 100 in length",
            ));
        }
        check_localizations(
            &format!("{at}.name_localizations"),
            &c["name_localizations"],
            |p, v| {
                if (1..=100).contains(&chars(v)) {
                    Ok(())
                } else {
                    Err(Violation::new(p, "must be between 1 and 100 in length"))
                }
            },
        )?;
        check_choice_value(&format!("{at}.value"), kind, &c["value"])?;
    }
    if kind <= 2 {
        check_options(path, &o["options"])?;
    }
    Ok(())
}

fn check_options(path: &str, options: &Value) -> Checked {
    let list = options.as_array().map_or(&[][..], Vec::as_slice);
    if list.len() > 25 {
        return Err(Violation::new(
            format!("{path}.options"),
            "must be 25 or fewer in length",
        ));
    }
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
    if let Some(contexts) = c.get("contexts").filter(|v| !v.is_null()) {
        let ok = contexts
            .as_array()
            .is_some_and(|a| a.iter().all(|x| matches!(x.as_u64(), Some(0..=2))));
        if !ok {
            return Err(Violation::new(
                format!("{path}.contexts"),
                "must be a list of 0, 1, 2",
            ));
        }
    }
    check_options(path, &c["options"])
}

/// A bulk overwrite of commands: each definition, and names unique.
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

/// `allowed_mentions`: only the documented keys and parse values, and `users` not both
/// parsed and listed.
fn check_allowed_mentions(v: &Value) -> Checked {
    let Some(map) = v.as_object() else {
        return if v.is_null() {
            Ok(())
        } else {
            Err(Violation::new("allowed_mentions", "must be an object"))
        };
    };
    for key in map.keys() {
        if !["parse", "roles", "users", "replied_user"].contains(&key.as_str()) {
            return Err(Violation::new(
                format!("allowed_mentions.{key}"),
                "unknown field",
            ));
        }
    }
    let parse: Vec<&str> = map
        .get("parse")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if let Some(bad) = parse
        .iter()
        .find(|p| !["roles", "users", "everyone"].contains(*p))
    {
        return Err(Violation::new(
            "allowed_mentions.parse",
            format!("{bad} is not one of roles, users, everyone"),
        ));
    }
    for (key, parsed) in [("users", "users"), ("roles", "roles")] {
        let listed = map.get(key).and_then(Value::as_array);
        if parse.contains(&parsed) && listed.is_some_and(|l| !l.is_empty()) {
            return Err(Violation::new(
                format!("allowed_mentions.{key}"),
                format!("cannot list {key} and parse {key} at once"),
            ));
        }
        if listed.is_some_and(|l| l.len() > 100) {
            return Err(Violation::new(
                format!("allowed_mentions.{key}"),
                "must be 100 or fewer in length",
            ));
        }
    }
    Ok(())
}

fn check_components(v: &Value) -> Checked {
    let rows = v.as_array().map_or(&[][..], Vec::as_slice);
    if rows.len() > 5 {
        return Err(Violation::new("components", "must be 5 or fewer in length"));
    }
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
            let link = b["style"] == json!(5);
            if link != b.get("custom_id").is_none_or(Value::is_null) {
                return Err(Violation::new(
                    format!("{at}.custom_id"),
                    "a button has a custom_id unless it is a link",
                ));
            }
            if !link && !(1..=100).contains(&chars(&b["custom_id"])) {
                return Err(Violation::new(
                    format!("{at}.custom_id"),
                    "must be between 1 and 100 in length",
                ));
            }
            if chars(&b["label"]) > 80 {
                return Err(Violation::new(
                    format!("{at}.label"),
                    "must be 80 or fewer in length",
                ));
            }
        }
    }
    Ok(())
}

/// A message body (create, edit, interaction response `data`, follow-up).
pub fn check_message(m: &Value) -> Checked {
    if chars(&m["content"]) > 2_000 {
        return Err(Violation::new("content", "must be 2000 or fewer in length"));
    }
    if m["embeds"].as_array().is_some_and(|e| e.len() > 10) {
        return Err(Violation::new("embeds", "must be 10 or fewer in length"));
    }
    check_allowed_mentions(&m["allowed_mentions"])?;
    check_components(&m["components"])
}

/// An autocomplete result (callback type 8) for a focused option of type `kind`.
pub fn check_autocomplete(data: &Value, kind: u64) -> Checked {
    let choices = data["choices"].as_array().map_or(&[][..], Vec::as_slice);
    if choices.len() > 25 {
        return Err(Violation::new(
            "data.choices",
            "must be 25 or fewer in length",
        ));
    }
    for (i, c) in choices.iter().enumerate() {
        let at = format!("data.choices.{i}");
        if !(1..=100).contains(&chars(&c["name"])) {
            return Err(Violation::new(
                format!("{at}.name"),
                "must be between 1 and 100 in length",
            ));
        }
        check_choice_value(&format!("{at}.value"), kind, &c["value"])?;
    }
    Ok(())
}
