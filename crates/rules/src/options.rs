//! Each game's options as a table ([`OptionSpec`]): its name, allowed values and default
//! (the bot's words name each option and value by message ids made from the names).
//! Parsing `key=value` texts, `replay --json`, `/play`'s choices, `boardpost local`'s
//! help and the players' pages all read the same table.

use super::setup::{key_value, SetupError};
use super::GameKind;

/// One option of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    /// The allowed values, in the order menus show them.
    pub values: &'static [&'static str],
    pub default: &'static str,
    /// Printed as a JSON number (and offered by Discord as an integer).
    pub number: bool,
    /// Allowed only when another option has this value (seega's own options).
    pub only_with: Option<(&'static str, &'static str)>,
}

impl OptionSpec {
    /// `size=5|7|9`.
    pub fn usage(&self) -> String {
        format!("{}={}", self.name, self.values.join("|"))
    }
}

/// The value of each option of a game, in its table's order: already checked against
/// the table, so every value is one of the allowed ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionValues(Vec<(&'static str, &'static str)>);

impl OptionValues {
    pub fn new() -> OptionValues {
        OptionValues::default()
    }

    /// Adds (or replaces) the value of `key`; for an engine writing out its options.
    pub fn with(mut self, key: &'static str, value: &'static str) -> OptionValues {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key, value)),
        }
        self
    }

    pub fn get(&self, key: &str) -> Option<&'static str> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.0.iter().copied()
    }

    /// The values that apply: an option meant only with another option's value is left
    /// out where that value is not chosen (seega's options for sudan).
    pub fn applying(self, specs: &[OptionSpec]) -> OptionValues {
        let keep: Vec<(&'static str, &'static str)> = self
            .0
            .iter()
            .copied()
            .filter(|(key, _)| match specs.iter().find(|s| s.name == *key) {
                Some(OptionSpec {
                    only_with: Some((other, wanted)),
                    ..
                }) => self.get(other) == Some(*wanted),
                _ => true,
            })
            .collect();
        OptionValues(keep)
    }
}

/// Reads `key=value` texts against a game's table: every key known and given once,
/// every value allowed, options meant for another option's value only with it; then
/// the defaults for the rest.
pub fn parse_options<S: AsRef<str>>(
    kind: GameKind,
    pairs: &[S],
) -> Result<OptionValues, SetupError> {
    let specs = kind.option_specs();
    let mut given: Vec<(&'static OptionSpec, &'static str)> = Vec::new();
    for pair in pairs {
        let pair = pair.as_ref();
        if specs.is_empty() {
            return Err(SetupError::NoOptions {
                game: kind,
                key: pair.to_string(),
            });
        }
        let (key, value) = key_value(pair)?;
        let Some(spec) = specs.iter().find(|s| s.name == key) else {
            return Err(SetupError::UnknownOption { game: kind, key });
        };
        let Some(value) = spec.values.iter().copied().find(|v| *v == value) else {
            return Err(SetupError::BadValue {
                key: spec.name,
                value,
                allowed: spec.values.join(", "),
            });
        };
        if given.iter().any(|(s, _)| s.name == spec.name) {
            return Err(SetupError::Duplicate { key: spec.name });
        }
        given.push((spec, value));
    }
    let mut values = OptionValues::new();
    for spec in specs {
        let value = given
            .iter()
            .find(|(s, _)| s.name == spec.name)
            .map_or(spec.default, |(_, v)| *v);
        values = values.with(spec.name, value);
    }
    // The first option given that needs another option's value it does not have.
    for (spec, value) in &given {
        if let Some((other, wanted)) = spec.only_with {
            if values.get(other) != Some(wanted) {
                return Err(SetupError::OnlyFor {
                    key: spec.name,
                    value: value.to_string(),
                    needs_key: other,
                    needs_value: wanted,
                });
            }
        }
    }
    Ok(values)
}
