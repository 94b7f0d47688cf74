//! Words in the player's language: which language ([`Lang`]), and messages ([`Msg`]) put
//! into words from Fluent files under `locales/<code>/`, embedded in the binary. The
//! layers below (games, render, table) hand each other typed values and message ids; a
//! sentence exists only once a language is known.

mod bundle;
mod lang;
mod msg;
pub mod words;

pub use crate::games::{token, TOKEN_CHARS};
pub use bundle::{has, rules_text, sources};
pub use lang::{Lang, LangChoice, UnknownLang};
pub use msg::{Arg, Localize, Msg};
