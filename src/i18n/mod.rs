//! Words in the player's language: which language ([`Lang`]), and the messages of every
//! language, read from Fluent files under `locales/` embedded in the binary.

mod lang;

pub use lang::{Lang, LangChoice, UnknownLang};
