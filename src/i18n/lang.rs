//! The languages the bot speaks.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A language of the bot's words. English is the fallback for every other locale.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Ru,
}

impl Lang {
    /// Every language, English (the fallback) first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ru];

    /// The code stored and typed (`en`, `ru`).
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }

    /// The language of a Discord locale (`ru`, `en-US`, `en-GB`, …), if we speak it.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale.split(['-', '_', '.']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "ru" => Some(Lang::Ru),
            _ => None,
        }
    }

    /// The locale Discord uses for this language in localization maps.
    pub const fn discord_locale(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Ru => "ru",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A text that names no language we speak.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("“{0}” is not a language boardpost speaks (en, ru)")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(text: &str) -> Result<Lang, UnknownLang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownLang(super::token(text)))
    }
}

/// A language chosen by hand, or `Auto`: as Discord says.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum LangChoice {
    #[default]
    Auto,
    Fixed(Lang),
}

impl LangChoice {
    /// The stored form: `None` for auto.
    pub fn stored(self) -> Option<&'static str> {
        match self {
            LangChoice::Auto => None,
            LangChoice::Fixed(l) => Some(l.code()),
        }
    }

    pub fn fixed(self) -> Option<Lang> {
        match self {
            LangChoice::Auto => None,
            LangChoice::Fixed(l) => Some(l),
        }
    }
}

impl FromStr for LangChoice {
    type Err = UnknownLang;

    fn from_str(text: &str) -> Result<LangChoice, UnknownLang> {
        if text.trim().eq_ignore_ascii_case("auto") {
            return Ok(LangChoice::Auto);
        }
        text.parse().map(LangChoice::Fixed)
    }
}

impl fmt::Display for LangChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LangChoice::Auto => f.write_str("auto"),
            LangChoice::Fixed(l) => l.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_map_to_our_languages() {
        assert_eq!(Lang::from_locale("ru"), Some(Lang::Ru));
        assert_eq!(Lang::from_locale("en-US"), Some(Lang::En));
        assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de"), None);
        assert_eq!(Lang::from_locale(""), None);
    }

    #[test]
    fn choices_round_trip() {
        for text in ["auto", "en", "ru"] {
            let c: LangChoice = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
        assert!("fr".parse::<LangChoice>().is_err());
    }
}
