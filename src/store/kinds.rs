//! The kinds of rows the store keeps by name: offers and reminders. Each is printed and
//! read in one place (the texts stored in the database).

use std::fmt;
use std::str::FromStr;

/// A standing offer of a game that needs every player's consent.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OfferKind {
    Draw,
    Takeback,
}

/// A reminder of a turn, sent at most once.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReminderKind {
    /// Half the time for the move has gone.
    Half,
    /// A day is left.
    LastDay,
}

/// A stored name that is none of a kind's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("“{text}” is not a {what}")]
pub struct UnknownKind {
    pub what: &'static str,
    pub text: String,
}

macro_rules! named {
    ($kind:ident, $what:literal, $($variant:ident = $text:literal),+) => {
        impl $kind {
            pub const ALL: &'static [$kind] = &[$($kind::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $($kind::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $kind {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $kind {
            type Err = UnknownKind;

            fn from_str(text: &str) -> Result<$kind, UnknownKind> {
                $kind::ALL
                    .iter()
                    .copied()
                    .find(|k| k.as_str() == text)
                    .ok_or_else(|| UnknownKind { what: $what, text: crate::i18n::token(text) })
            }
        }
    };
}

named!(
    OfferKind,
    "kind of offer",
    Draw = "draw",
    Takeback = "takeback"
);
named!(
    ReminderKind,
    "kind of reminder",
    Half = "half",
    LastDay = "last_day"
);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_kind_reads_back_from_its_stored_text() {
        for kind in OfferKind::ALL {
            assert_eq!(kind.to_string().parse::<OfferKind>(), Ok(*kind));
        }
        for kind in ReminderKind::ALL {
            assert_eq!(kind.to_string().parse::<ReminderKind>(), Ok(*kind));
        }
        assert_eq!(OfferKind::Draw.as_str(), "draw");
        assert_eq!(ReminderKind::LastDay.as_str(), "last_day");
    }

    proptest! {
        #[test]
        fn any_text_is_a_kind_or_a_clear_refusal(text in any::<String>()) {
            match text.parse::<OfferKind>() {
                Ok(kind) => prop_assert_eq!(kind.as_str(), text.as_str()),
                Err(e) => prop_assert!(e.to_string().contains("kind of offer")),
            }
            match text.parse::<ReminderKind>() {
                Ok(kind) => prop_assert_eq!(kind.as_str(), text.as_str()),
                Err(e) => prop_assert!(e.to_string().contains("kind of reminder")),
            }
        }
    }
}
