//! The kinds of rows the store keeps by name. Each is printed and read in one place (the
//! texts stored in the database), through [`stored_enum!`].

use std::fmt;
use std::str::FromStr;

/// Declares an enum stored by name: its variants with their stored texts, `ALL`,
/// `as_str` and `parse` (`None` for a text that is none of them).
macro_rules! stored_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant,)+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            pub fn parse(text: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|v| v.as_str() == text)
            }
        }
    };
}
pub(crate) use stored_enum;

stored_enum! {
    /// A standing offer of a game that needs every player's consent.
    pub enum OfferKind {
        Draw = "draw",
        Takeback = "takeback",
    }
}

stored_enum! {
    /// A reminder of a turn, sent at most once.
    pub enum ReminderKind {
        /// Half the time for the move has gone.
        Half = "half",
        /// A day is left.
        LastDay = "last_day",
    }
}

/// A stored name that is none of a kind's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("“{text}” is not a {what}")]
pub struct UnknownKind {
    pub what: &'static str,
    pub text: String,
}

/// `Display` and `FromStr` for a kind read from texts outside the store's own rows.
macro_rules! named {
    ($kind:ident, $what:literal) => {
        impl fmt::Display for $kind {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $kind {
            type Err = UnknownKind;

            fn from_str(text: &str) -> Result<$kind, UnknownKind> {
                $kind::parse(text).ok_or_else(|| UnknownKind {
                    what: $what,
                    text: crate::i18n::token(text),
                })
            }
        }
    };
}

named!(OfferKind, "kind of offer");
named!(ReminderKind, "kind of reminder");

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
