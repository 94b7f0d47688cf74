//! The Fluent bundles of every language, built once from the files embedded in the
//! binary (`locales/<code>/<file>.ftl`).

use super::msg::{Arg, Msg};
use super::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::LazyLock;

/// The files of each language's folder: every language has the same ones.
macro_rules! language_files {
    ($($file:literal),*) => {
        /// The Fluent files' texts of a language, embedded at build time.
        pub fn sources(lang: Lang) -> Vec<(&'static str, &'static str)> {
            match lang {
                Lang::En => vec![$(($file, include_str!(concat!("../../locales/en/", $file, ".ftl")))),*],
                Lang::Ru => vec![$(($file, include_str!(concat!("../../locales/ru/", $file, ".ftl")))),*],
            }
        }
    };
}
language_files!(
    "common",
    "games",
    "errors",
    "table",
    "bot",
    "discord",
    "render",
    "local",
    "tournament",
    "lessons",
    "puzzles",
    "puzzle_play"
);

/// Each game's short rules (`/rules`), a Markdown file per game and language.
macro_rules! rules_files {
    ($($kind:ident = $file:literal),*) => {
        /// A game's short rules and notation help, as `/rules` shows them.
        pub fn rules_text(kind: crate::games::GameKind, lang: Lang) -> &'static str {
            match (kind, lang) {
                $(
                    (crate::games::GameKind::$kind, Lang::En) => include_str!(concat!("../../locales/en/rules/", $file, ".md")),
                    (crate::games::GameKind::$kind, Lang::Ru) => include_str!(concat!("../../locales/ru/rules/", $file, ".md")),
                )*
            }
            .trim_end()
        }
    };
}
crate::games::with_game_list!(rules_files);

type Bundle = FluentBundle<FluentResource>;

fn build(lang: Lang) -> Bundle {
    let id = lang
        .code()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // Unicode isolation marks around variables would show in Discord as stray
    // characters and break copy-paste of squares and ids.
    bundle.set_use_isolating(false);
    for (file, text) in sources(lang) {
        // The files are checked by tests; a broken entry is skipped and logged here so
        // the rest of the language still works.
        let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(res, errs)| {
            tracing::error!(
                lang = lang.code(),
                file,
                "unreadable Fluent entries: {errs:?}"
            );
            res
        });
        if let Err(errs) = bundle.add_resource(resource) {
            tracing::error!(lang = lang.code(), file, "duplicate Fluent ids: {errs:?}");
        }
    }
    bundle
}

static BUNDLES: LazyLock<[Bundle; 2]> = LazyLock::new(|| [build(Lang::En), build(Lang::Ru)]);

fn bundle(lang: Lang) -> &'static Bundle {
    &BUNDLES[match lang {
        Lang::En => 0,
        Lang::Ru => 1,
    }]
}

/// Whether the language has a message of this id (not counting the English fallback).
pub fn has(lang: Lang, id: &str) -> bool {
    bundle(lang).has_message(id)
}

/// A variable in words of `lang`.
fn words(lang: Lang, arg: &Arg) -> String {
    match arg {
        Arg::Text(text) => text.clone(),
        Arg::Num(n) => n.to_string(),
        Arg::Msg(inner) => format(lang, inner),
        Arg::List(items) => {
            let items: Vec<String> = items.iter().map(|a| words(lang, a)).collect();
            items.join(", ")
        }
        Arg::Concat(items) => items.iter().map(|a| words(lang, a)).collect(),
    }
}

/// A message in words of `lang`; English where `lang` lacks it; its id (logged as a bug)
/// where no language has it.
pub fn format(lang: Lang, msg: &Msg) -> String {
    for lang in [lang, Lang::En] {
        let bundle = bundle(lang);
        let Some(pattern) = bundle.get_message(&msg.id).and_then(|m| m.value()) else {
            continue;
        };
        let mut args = FluentArgs::new();
        for (name, value) in &msg.args {
            let value = match value {
                Arg::Num(n) => FluentValue::from(*n),
                other => FluentValue::from(words(lang, other)),
            };
            args.set(*name, value);
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
        if !errors.is_empty() {
            tracing::error!(id = %msg.id, lang = lang.code(), "a message was formatted with errors: {errors:?}");
        }
        return text.into_owned();
    }
    tracing::error!(id = %msg.id, "a message id is in no language");
    msg.id.to_string()
}

#[cfg(test)]
mod tests {
    use super::{rules_text, Lang};
    use crate::games::GameKind;

    #[test]
    fn xiangqi4_rules_text_fits_in_one_discord_message_and_says_what_matters() {
        let help = rules_text(GameKind::Xiangqi4, Lang::En);
        assert!(
            help.chars().count() < 2000,
            "{} characters",
            help.chars().count()
        );
        for words in [
            "credited to the opponent whose piece gives check",
            "stalemated, credited to the last mover",
            "credited to the capturer",
            "partners never check each other",
            "Resigning or running out of time takes a player out, with no credit",
            "**one or two points** in a straight line wherever it stands",
            "back in its own arm forward or sideways",
        ] {
            assert!(help.contains(words), "{words}");
        }
    }
}
